"""Run mode: an eval or test-time RL run directory — each target's history (records per method and
seed, or rates across rounds), its sampled attempts with rejected lines and redraws highlighted,
the variants and their solve rates, and the curves as terminal charts; follows a run being written.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane

from gentzen.tui.rundir import Run, attempts_of, load_run, signature, variant_rows
from gentzen.tui.widgets import BAD_MARK, OK_MARK, StatusBar, bar_chart, line_chart


def clip(text: str, width: int) -> str:
    """`text` in at most `width` characters, an ellipsis marking a cut."""
    return text if len(text) <= width else text[:width - 1] + "…"


def attempt_text(att: dict) -> Text:
    """An attempt as lines: accepted green, rejected red with their error kind, redraws marked ↻."""
    t = Text()
    events = att.get("events")
    if isinstance(events, list) and events:
        for ev in events:
            if not isinstance(ev, dict):
                continue
            ok = bool(ev.get("ok"))
            t.append("↻ " if ev.get("redraw") else "  ", style="yellow")
            t.append((OK_MARK if ok else BAD_MARK) + " ", style="green" if ok else "bold red")
            t.append(str(ev.get("line", "")), style="" if ok else "red strike")
            if not ok:
                t.append(f"   {ev.get('kind') or 'rejected'}", style="red")
            t.append("\n")
    else:  # a method that records no events: the proof text and its final error
        t.append("(no line events recorded; the attempt's text)\n", style="dim")
        t.append(str(att.get("proof", "")) + "\n", style="green" if att.get("ok") else "")
    err = att.get("error")
    if isinstance(err, dict) and not att.get("ok"):
        t.append(f"\nerror ({err.get('kind')}) at line {err.get('line')}, column {err.get('column')}:\n", style="red")
        t.append(str(err.get("message", "")) + "\n")
    t.append(f"\n{'proved' if att.get('ok') else 'failed'} · {att.get('lines', 0)} lines · {att.get('tokens', 0)} "
             f"tokens · {att.get('redraws', 0)} redraws · {att.get('kernel_checks', 0)} kernel checks", style="dim")
    return t


class AttemptsTable(DataTable):
    """The attempts of the highlighted target: up/down move among them, left/right move the target
    list (so one can walk targets without leaving the attempts); with no attempts, up/down do too."""

    BINDINGS = [Binding("left", "screen.target_step(-1)", "previous target", show=False),
                Binding("right", "screen.target_step(1)", "next target", show=False)]

    def action_cursor_up(self) -> None:
        if self.row_count:
            super().action_cursor_up()
        else:  # no attempts to move among (none recorded): the arrows walk the targets
            self.screen.action_target_step(-1)

    def action_cursor_down(self) -> None:
        if self.row_count:
            super().action_cursor_down()
        else:
            self.screen.action_target_step(1)


class RunScreen(Screen):
    """Targets, attempts, variants and curves of a run directory, reloaded when its files change."""

    MODE = "run"
    TITLE = "run mode"
    BINDINGS = [
        Binding("t", "tab('targets')", "targets"),
        Binding("v", "tab('variants')", "variants"),
        Binding("c", "tab('curves')", "curves"),
        Binding("a", "focus_attempts", "attempts"),
        Binding("r", "reload", "reload"),
        Binding("f", "toggle_follow", "follow on/off"),
        Binding("question_mark", "app.help", "help", show=False),
        Binding("escape", "back", "back", show=False),
    ]
    HELP_EXTRA = [("up/down on targets", "that target's records and attempts"),
                  ("up/down on attempts", "the attempt's lines: rejected in red, redraws marked ↻"),
                  ("left/right on attempts", "the previous / next target, the attempts keeping focus")]
    DEFAULT_CSS = """
    RunScreen #tabs { height: 1fr; }
    RunScreen TabPane > Horizontal { height: 1fr; }
    RunScreen #targets { width: 2fr; height: 1fr; }
    RunScreen #right { width: 3fr; }
    RunScreen #history { height: auto; max-height: 6; padding: 0 1; }
    RunScreen #attempts { height: 1fr; }
    RunScreen #attempt-pane { height: 2fr; border: round $primary; }
    """

    def __init__(self, path: Path, *, poll_seconds: float = 1.0) -> None:
        super().__init__()
        self.path = Path(path)
        self.poll_seconds = poll_seconds
        self.run: Run = load_run(self.path)
        self.sig = signature(self.path)
        self.follow = True
        self.reloads = 0
        self._attempts: list[tuple[str, dict]] = []

    def compose(self) -> ComposeResult:
        with TabbedContent(initial="targets-tab", id="tabs"):
            with TabPane("targets", id="targets-tab"):
                with Horizontal():
                    yield DataTable(id="targets", cursor_type="row")
                    with Vertical(id="right"):
                        yield Static(id="history")
                        yield AttemptsTable(id="attempts", cursor_type="row")
                        with VerticalScroll(id="attempt-pane"):
                            yield Static(id="attempt")
            with TabPane("variants", id="variants-tab"):
                yield DataTable(id="variants", cursor_type="row")
            with TabPane("curves", id="curves-tab"):
                with VerticalScroll():
                    yield Static(id="curves")
        yield StatusBar()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#targets", DataTable).add_columns(" ", "target", "history")
        self.query_one("#attempts", DataTable).add_columns(" ", "attempt", "lines", "tokens", "redraws", "error")
        self.query_one("#variants", DataTable).add_columns("target", "variant", "kind", "rate", "status")
        self.query_one("#attempt-pane").border_title = "attempt (↻ redraw, ✗ rejected)"
        self.fill()
        self.query_one("#targets", DataTable).focus()
        self.set_interval(self.poll_seconds, self.poll)

    # ---- filling
    def fill(self) -> None:
        run = self.run
        tt = self.query_one("#targets", DataTable)
        keep = tt.cursor_row or 0
        tt.clear()
        for i, t in enumerate(run.targets):
            mark = Text(OK_MARK, style="green") if t.solved else Text(BAD_MARK, style="red")
            tt.add_row(mark, clip(t.shown, 22), t.short, key=str(i))
        if run.targets:
            tt.move_cursor(row=min(keep, len(run.targets) - 1))
        vt = self.query_one("#variants", DataTable)
        vt.clear()
        for v in variant_rows(run):
            rate = v.get("rate")
            bar = Text("█" * int(round(10 * rate)) + f" {rate:.2f}", style="cyan") if isinstance(rate, (int, float)) \
                else Text("—", style="dim")
            vt.add_row(str(v.get("target", "")), str(v.get("name", "")), str(v.get("kind", "")), bar,
                       str(v.get("status", "")))
        c = Text()
        if run.bars:
            c.append("pass@k (mean over theorems and seeds, from theorems.jsonl)\n\n", style="bold")
            c.append_text(bar_chart(run.bars, top=1.0))
            c.append("\n")
        if run.curves:
            c.append_text(line_chart(run.curves))
        if not run.bars and not run.curves:
            c.append("no curves yet", style="dim")
        self.query_one("#curves", Static).update(c)
        self.show_target()
        solved = sum(t.solved for t in run.targets)
        rounds = f", {len(run.rounds)} rounds" if run.kind == "ttrl" else ""
        self.app.status(self, f"{self.path.name} ({run.kind}{rounds}): {solved}/{len(run.targets)} targets solved"
                              f"{', following' if self.follow else ''}")

    def current_target(self):
        tt = self.query_one("#targets", DataTable)
        if not self.run.targets or tt.cursor_row is None:
            return None
        return self.run.targets[min(tt.cursor_row, len(self.run.targets) - 1)]

    def show_target(self) -> None:
        t = self.current_target()
        hist = self.query_one("#history", Static)
        at = self.query_one("#attempts", DataTable)
        at.clear()
        self._attempts = []
        if t is None:
            hist.update(Text("no targets yet", style="dim"))
            self.query_one("#attempt", Static).update("")
            return
        h = Text()
        h.append(t.shown + ("" if t.shown == t.name else f"  ({t.name})") + "\n", style="bold")
        h.append(t.theorem + "\n")
        h.append(t.detail, style="cyan")
        variants = variant_rows(self.run, t.name)
        if variants:
            solved = sum(1 for v in variants if isinstance(v.get("rate"), (int, float)) and v["rate"] > 0)
            h.append(f"\n{len(variants)} variants, {solved} with a nonzero solve rate", style="dim")
        hist.update(h)
        self._attempts = attempts_of(t)
        for i, (label, a) in enumerate(self._attempts):
            err = a.get("error") if isinstance(a.get("error"), dict) else {}
            mark = Text(OK_MARK, style="green") if a.get("ok") else Text(BAD_MARK, style="red")
            at.add_row(mark, label, str(a.get("lines", "")), str(a.get("tokens", "")), str(a.get("redraws", "")),
                       str(err.get("kind", "")) if err else "", key=str(i))
        self.show_attempt(0)

    def show_attempt(self, i: int) -> None:
        view = self.query_one("#attempt", Static)
        if not self._attempts:
            view.update(Text("no attempts recorded for this target", style="dim"))
            return
        label, a = self._attempts[max(0, min(i, len(self._attempts) - 1))]
        t = Text(label + "\n", style="bold")
        t.append_text(attempt_text(a))
        view.update(t)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "targets":
            self.show_target()
        elif event.data_table.id == "attempts":
            self.show_attempt(event.cursor_row)

    # ---- following a run being written
    def poll(self) -> None:
        if not self.follow:
            return
        sig = signature(self.path)
        if sig != self.sig:
            self.sig = sig
            self.reload_worker()

    @work(thread=True, exclusive=True, group="reload")
    def reload_worker(self) -> None:
        run = load_run(self.path)  # reading and parsing may take a while on big runs: off the UI thread
        self.app.call_from_thread(self._reloaded, run)

    def _reloaded(self, run: Run) -> None:
        self.run = run
        self.reloads += 1
        self.fill()

    # ---- actions
    def action_reload(self) -> None:
        self.sig = signature(self.path)
        self.reload_worker()

    def action_toggle_follow(self) -> None:
        self.follow = not self.follow
        self.fill()

    def action_tab(self, name: str) -> None:
        self.query_one("#tabs", TabbedContent).active = f"{name}-tab"

    def action_target_step(self, delta: int) -> None:
        tt = self.query_one("#targets", DataTable)
        if self.run.targets:
            tt.move_cursor(row=max(0, min(len(self.run.targets) - 1, (tt.cursor_row or 0) + delta)))

    def action_focus_attempts(self) -> None:
        self.action_tab("targets")
        self.query_one("#attempts", DataTable).focus()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
