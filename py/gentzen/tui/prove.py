"""Prove mode: an infoview (the state exactly as Lean prints it), the proof so far with a verdict
per line, an input line checked as you type and on enter, undo/redo, model suggestions and a
search from the current state (both in worker threads), and saving the finished proof as .lean.
"""

from __future__ import annotations

import time

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, LoadingIndicator, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from gentzen.core.proof.theorem import Theorem
from gentzen.errors import GentzenError
from gentzen.tui.session import (Cancelled, CancellableEngine, ProofSession, enter_block, live_check, search,
                                 suggest)
from gentzen.tui.widgets import BAD_MARK, OK_MARK, WAIT_MARK, StatusBar, highlight_span, verdict_text


class ProveScreen(Screen):
    """Write a proof line by line with the kernel (and Lean, with --backend repl|both) checking each."""

    MODE = "prove"
    TITLE = "prove mode"
    BINDINGS = [
        Binding("f2", "suggest", "suggest"),
        Binding("tab", "accept", "accept suggestion"),
        Binding("ctrl+down", "move(1)", "next suggestion", show=False),
        Binding("ctrl+up", "move(-1)", "previous suggestion", show=False),
        Binding("ctrl+z", "undo", "undo"),
        Binding("ctrl+y", "redo", "redo"),
        Binding("ctrl+r,f5", "search('guided')", "search (guided)"),
        Binding("ctrl+b", "search('bestfirst')", "search (best-first)"),
        Binding("escape", "cancel", "cancel / back"),
        Binding("ctrl+s", "save", "save .lean"),
    ]
    HELP_EXTRA = [("?", "on an empty input line: suggestions (top next lines with log-probabilities)"),
                  ("enter", "check the typed line (verdict, error span, new state)"),
                  ("click a suggestion", "accept it")]
    DEFAULT_CSS = """
    ProveScreen #main { height: 1fr; }
    ProveScreen #left { width: 3fr; }
    ProveScreen #right { width: 2fr; }
    ProveScreen #statement { padding: 0 1; color: $accent; }
    ProveScreen #proof-pane, ProveScreen #info-pane { border: round $primary; height: 1fr; }
    ProveScreen #suggestions { height: 12; border: round $secondary; }
    ProveScreen #verdict, ProveScreen #live { height: auto; max-height: 8; padding: 0 1; }
    ProveScreen #spinner { height: 1; display: none; }
    ProveScreen #spinner.busy { display: block; }
    """

    def __init__(self, theorem: Theorem) -> None:
        super().__init__()
        self.session = ProofSession(theorem)
        self.suggestions: list = []
        self._search_worker = None
        self._asks = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(Text(self.session.theorem.statement()), id="statement")
                with VerticalScroll(id="proof-pane"):
                    yield Static(id="proof")
                yield OptionList(id="suggestions")
            with Vertical(id="right"):
                with VerticalScroll(id="info-pane"):
                    yield Static(id="infoview")
        yield LoadingIndicator(id="spinner")
        yield Static(id="verdict")
        yield Input(placeholder="next proof line (enter checks it; ? on an empty line asks the model)", id="step")
        yield Static(id="live")
        yield StatusBar()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#proof-pane").border_title = "proof"
        self.query_one("#info-pane").border_title = "goals (as Lean prints them)"
        self.query_one("#suggestions").border_title = "suggestions"
        self.query_one("#step", Input).focus()
        self.refresh_view()
        self.app.status(self)
        self._note_invalid()

    def _note_invalid(self) -> None:
        """Say at once when the statement is not valid (as `gentzen prove` does): no proof exists."""
        from gentzen.core.logic.sequent import countermodel_text, theorem_countermodel

        cm = theorem_countermodel(self.session.theorem)
        if cm is not None:
            self.query_one("#verdict", Static).update(Text(
                f"not valid: countermodel {countermodel_text(cm)} — no proof exists; lines are still checked",
                style="bold red"))

    # ---- rendering
    def refresh_view(self) -> None:
        s = self.session
        self.query_one("#infoview", Static).update(Text(s.state.render()))
        t = Text()
        checker = self.app.lean.checker if self.app.lean.enabled else ""
        for i, step in enumerate(s.accepted):
            t.append(f"{i + 2:>3} ", style="dim")
            t.append(OK_MARK + " ", style="green")
            if self.app.lean.enabled:  # the REPL's verdict, once the bridge has answered, named by its checker
                if step.lean is None:
                    t.append(f"{checker} {WAIT_MARK} ", style="dim")
                elif step.lean == "ok":
                    t.append(f"{checker} {OK_MARK} ", style="green")
                else:
                    t.append(f"{checker} {BAD_MARK} ", style="red")
            t.append(step.text)
            if step.lean and step.lean.startswith("error"):
                t.append(f"   {checker}: {step.lean[len('error: '):]}", style="red")
            t.append("\n")
        last = s.log[-1] if s.log else None
        if last is not None and not last.ok and last.state is s.state:
            t.append(f"{s.state.line_no:>3} ", style="dim")
            t.append(BAD_MARK + " ", style="red")
            t.append_text(highlight_span(last.text, last.span_error))
            t.append("\n")
        if s.solved:
            t.append("\nproof complete — ctrl+s writes it as a .lean file", style="bold green")
        self.query_one("#proof", Static).update(t)

    def _show_verdict(self, step) -> None:
        v = self.query_one("#verdict", Static)
        if step.ok:
            v.update(verdict_text(None, prefix=f"line {step.state.line_no - 1}: "))
        else:
            t = verdict_text(step.error)
            t.append("\n")
            t.append_text(highlight_span(step.text, step.span_error))
            v.update(t)

    def message(self, text: str) -> None:
        self.app.status(self, text)

    # ---- input
    def on_input_changed(self, event: Input.Changed) -> None:
        if event.value == "?":
            event.input.value = ""
            self.action_suggest()
            return
        err = live_check(self.session.state, event.value)
        live = self.query_one("#live", Static)
        if not event.value.strip():
            live.update("")
        elif err is None:
            live.update(Text("parses", style="dim green"))
        else:
            t = Text(f"{err.kind}: {err.message}\n", style="yellow")
            t.append_text(highlight_span(event.value, err))
            live.update(t)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value
        if not text.strip():
            return
        step = self.session.enter(text)
        if step.ok:
            event.input.value = ""
        self._after_change(step)

    def _after_change(self, step=None, note: str = "") -> None:
        """Redraw after the proof changed; the verdict and status lines describe this change
        (`note` for an undo/redo), never a line that is no longer there."""
        if step is not None:
            self._show_verdict(step)
        else:
            self.query_one("#verdict", Static).update(Text(note, style="dim"))
        self.message(note)
        self.query_one("#live", Static).update("")
        self._set_suggestions([])
        self.refresh_view()
        if self.app.lean.enabled and self.session.accepted:
            self.lean_check(self.session.lean_text(), len(self.session.accepted))

    # ---- undo / redo / save
    def action_undo(self) -> None:
        step = self.session.undo()
        self._after_change(note=f"undid line {step.state.line_no - 1}: {step.text.strip()}" if step
                           else "nothing to undo")

    def action_redo(self) -> None:
        step = self.session.redo()
        self._after_change(note=f"redid line {step.state.line_no - 1}: {step.text.strip()}" if step
                           else "nothing to redo")

    def action_save(self) -> None:
        try:
            path = self.session.save(self.app.out_dir)
        except (GentzenError, OSError) as e:
            self.message(f"not saved: {e}")
            return
        wanted = f"{self.session.theorem.name}.lean"
        note = f" ({wanted} holds another proof: kept as it was)" if path.name != wanted else ""
        self.message(f"saved {path.name}{note} in {path.parent}")  # the names first: a long folder may be cut

    def action_cancel(self) -> None:
        if self._search_worker is not None and self._search_worker.is_running:
            self._search_worker.cancel()
            self._busy(False)
            self.message("search cancelled")
        elif len(self.app.screen_stack) > 2:
            self.app.pop_screen()

    # ---- suggestions
    def _set_suggestions(self, items: list) -> None:
        self.suggestions = items
        ol = self.query_one("#suggestions", OptionList)
        ol.clear_options()
        for s in items:
            t = Text()
            t.append((OK_MARK if s.ok else BAD_MARK) + " ", style="green" if s.ok else "red")
            t.append(f"{s.logprob:8.2f} ", style="cyan")
            t.append(f"×{s.count:<3}", style="dim")
            t.append(s.line.strip(), style="bold" if s.ok else "")
            if s.solves:
                t.append("  closes the goal", style="green")
            elif not s.ok:
                t.append(f"  {s.error.kind}", style="red")
            ol.add_option(Option(t))
        if items:
            ol.highlighted = 0

    def action_suggest(self) -> None:
        if self.session.solved:
            self.message("the proof is complete")
            return
        self.message("asking the model…" + ("" if self.app.model.loaded else " (loading it first)"))
        self.suggest_worker(self.session.state, self._asks)
        self._asks += 1  # asking again draws fresh samples, reproducibly

    @work(thread=True, exclusive=True, group="suggest")
    def suggest_worker(self, state, seed: int) -> None:
        t0 = time.perf_counter()
        try:
            problem = self.app.model.past_context(self.session.theorem)
            if problem is not None:  # never sampled past the context: the model would see a cut prompt
                self.app.call_from_thread(self.message, f"no suggestions: {problem}")
                return
            engine = self.app.model.get()
            items = suggest(self.session, engine, self.app.model.fmt, seed=seed)
        except Exception as e:  # a worker must never take the UI down: report and stay
            self.app.call_from_thread(self.message, f"suggestions failed: {e}")
            return
        self.app.call_from_thread(self._suggested, state, items, time.perf_counter() - t0)

    def _suggested(self, state, items, seconds: float) -> None:
        if state is not self.session.state:  # the proof moved on while the model was sampling
            return
        self._set_suggestions(items)
        good = sum(s.ok for s in items)
        self.message(f"{len(items)} suggestions, {good} accepted by the kernel ({seconds:.1f}s) — tab accepts")

    def action_move(self, delta: int) -> None:
        ol = self.query_one("#suggestions", OptionList)
        if self.suggestions:
            ol.highlighted = max(0, min(len(self.suggestions) - 1, (ol.highlighted or 0) + delta))

    def action_accept(self, index: int | None = None) -> None:
        if not self.suggestions:
            self.message("no suggestions: press ? on an empty line or F2")
            return
        i = self.query_one("#suggestions", OptionList).highlighted if index is None else index
        s = self.suggestions[i or 0]
        step = self.session.enter(s.line)
        self._after_change(step)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_accept(event.option_index)
        self.query_one("#step", Input).focus()

    # ---- search
    def _busy(self, on: bool) -> None:
        self.query_one("#spinner").set_class(on, "busy")

    def action_search(self, method: str = "guided") -> None:
        if self.session.solved:
            self.message("the proof is complete")
            return
        if self._search_worker is not None and self._search_worker.is_running:
            self.message("a search is running (esc cancels it)")
            return
        self._busy(True)
        self.message(f"searching ({method}) from the current goal… esc cancels")
        self._search_worker = self.search_worker(self.session.state, method)

    @work(thread=True, exclusive=True, group="search")
    def search_worker(self, state, method: str) -> None:
        worker = get_current_worker()
        t0 = time.perf_counter()
        try:
            problem = self.app.model.past_context(self.session.theorem)
            if problem is not None:
                raise GentzenError(problem)
            engine = CancellableEngine(self.app.model.get(), lambda: worker.is_cancelled)
            # guided: up to 8 sampled proofs; a step-level search (best-first): up to 8 runs of 64
            # expansions; either stops at the first proof
            lines, totals = search(self.session, engine, self.app.model.fmt, method=method, samples=8)
        except Cancelled:
            return
        except Exception as e:
            self.app.call_from_thread(self._searched, state, None, {"error": str(e)}, 0.0)
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._searched, state, lines, totals, time.perf_counter() - t0)

    def _searched(self, state, lines, totals: dict, seconds: float) -> None:
        self._busy(False)
        if "error" in totals:
            self.message(f"search failed: {totals['error']}")
            return
        if state is not self.session.state:
            self.message("search finished, but the proof changed meanwhile: result dropped")
            return
        from gentzen.search.compute import counted, totals_text

        if lines is None:
            self.message(f"search found no proof ({totals_text(totals)}, {seconds:.1f}s)")
            return
        steps = enter_block(self.session, lines)
        self._after_change(steps[-1] if steps else None)
        self.message(f"search: {counted(len(steps), 'line')} entered ({totals_text(totals)}, {seconds:.1f}s)")

    # ---- Lean through the bridge
    @work(thread=True, exclusive=True, group="lean")
    def lean_check(self, text: str, count: int) -> None:
        from gentzen.repl.lsp import diagnostics

        try:
            diags = diagnostics(text, self.app.lean.get())
        except Exception as e:
            self.app.call_from_thread(self.message, f"{self.app.lean.checker} check failed: {e}")
            return
        verdicts = []
        for i in range(count):
            errs = [d for d in diags if d.severity == "error" and d.line == i + 2]
            verdicts.append("ok" if not errs else "error: " + errs[0].message.split("\n", 1)[0])
        self.app.call_from_thread(self._lean_checked, count, verdicts)

    def _lean_checked(self, count: int, verdicts: list[str]) -> None:
        if count != len(self.session.accepted):
            return
        for i, v in enumerate(verdicts):
            self.session.set_lean(i, v)
        self.refresh_view()
