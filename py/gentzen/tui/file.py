"""File mode: a .lean proof file with every theorem's verdict (kernel; Lean too with --backend
repl|both), the goals before and after the line under the cursor (`goals_at`), and the errors
listed and jumpable. Checks run in a worker; the file view is usable while they do.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, OptionList, Static
from textual.widgets.option_list import Option

from gentzen.core.reader.items import ProofItem, load_items, read_text
from gentzen.core.kernel import KernelError
from gentzen.core.proof.theorem import parse_theorem
from gentzen.errors import GentzenError
from gentzen.tui.widgets import BAD_MARK, OK_MARK, WAIT_MARK, StatusBar, highlight_span


def item_text(item: ProofItem) -> str:
    """The whole `theorem … := by` text of an item (a .lean item's proof already is one)."""
    p = item.proof or ""
    if p.lstrip().startswith(("theorem", "example")) or item.theorem is None:
        return p
    return item.theorem.rstrip() + "\n" + p


class FileScreen(Screen):
    """Browse a .lean file line by line; the right side shows goals, theorems and errors."""

    MODE = "file"
    TITLE = "file mode"
    BINDINGS = [
        Binding("n", "next_error", "next error"),
        Binding("p", "previous_error", "previous error"),
        Binding("o", "open_prove", "open in prove mode"),
        Binding("question_mark", "app.help", "help", show=False),
        Binding("escape", "back", "back", show=False),
    ]
    HELP_EXTRA = [("up/down, click", "move the cursor: goals before and after that line"),
                  ("enter on an error/theorem", "jump to it")]
    DEFAULT_CSS = """
    FileScreen > Horizontal { height: 1fr; }
    FileScreen #lines { width: 3fr; height: 1fr; }
    FileScreen #side { width: 2fr; }
    FileScreen #goals-pane { height: 2fr; border: round $primary; }
    FileScreen #theorems { height: 1fr; border: round $secondary; }
    FileScreen #errors { height: 1fr; border: round $error; }
    """

    def __init__(self, path: Path, items: list[ProofItem] | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.lines = read_text(self.path).replace("\r\n", "\n").split("\n")
        self.items: list[ProofItem] = items if items is not None else load_items(self.path)
        self.errors: dict[int, KernelError] = {}  # item index -> first error (file lines)
        self.verdicts: dict[int, str] = {}

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield DataTable(id="lines", cursor_type="row", zebra_stripes=False)
            with Vertical(id="side"):
                with VerticalScroll(id="goals-pane"):
                    yield Static(id="goals")
                yield DataTable(id="theorems", cursor_type="row")
                yield OptionList(id="errors")
        yield StatusBar()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#goals-pane").border_title = "goals before / after the line"
        self.query_one("#theorems").border_title = "theorems"
        self.query_one("#errors").border_title = "errors (enter jumps)"
        table = self.query_one("#lines", DataTable)
        table.add_columns("line", " ", "text")
        for i, ln in enumerate(self.lines, 1):
            table.add_row(str(i), "", Text(ln), key=str(i))
        th = self.query_one("#theorems", DataTable)
        th.add_columns(" ", "theorem", "line")
        for k, it in enumerate(self.items):
            th.add_row(WAIT_MARK, it.name, str(it.line), key=str(k))
        table.focus()
        self.app.status(self, f"{self.path.name}: {len(self.items)} theorems, checking…")
        self.check_all()

    # ---- checking
    @work(thread=True, exclusive=True, group="check")
    def check_all(self) -> None:
        results = {}
        for k, it in enumerate(self.items):
            results[k] = it.check()
        lean = {}
        if self.app.lean.enabled:
            try:
                v = self.app.lean.get()
                for k, it in enumerate(self.items):
                    if it.theorem is not None:
                        lean[k] = v.verify(parse_theorem(it.theorem), item_text(it))
            except Exception as e:  # a missing Lean must not hide the kernel's verdicts
                self.app.call_from_thread(self.app.status, self, f"{self.app.lean.checker} check failed: {e}")
        self.app.call_from_thread(self._checked, results, lean)

    def _checked(self, results: dict, lean: dict) -> None:
        th = self.query_one("#theorems", DataTable)
        table = self.query_one("#lines", DataTable)
        ol = self.query_one("#errors", OptionList)
        ol.clear_options()
        self.errors = {}
        for k, res in results.items():
            it = self.items[k]
            mark = Text(OK_MARK, style="green") if res.ok else Text(BAD_MARK, style="red")
            if k in lean:
                lv = lean[k]
                who = lv.checker.removeprefix("kernel+")  # the kernel's mark is the first one
                mark.append(f" {who} " + (OK_MARK if lv.ok else BAD_MARK), style="green" if lv.ok else "red")
            th.update_cell(str(k), th.ordered_columns[0].key, mark)
            if res.error is not None:
                e = res.error
                self.errors[k] = e
                if 1 <= e.line <= len(self.lines):
                    table.update_cell(str(e.line), table.ordered_columns[1].key, Text(BAD_MARK, style="red"))
                    # an error spanning lines (unsolved goals: `by` … end) is marked at its start only
                    span = e if e.end_line in (None, e.line) else replace(e, end_column=None)
                    table.update_cell(str(e.line), table.ordered_columns[2].key,
                                      highlight_span(self.lines[e.line - 1], span))
                first = e.message.split("\n", 1)[0]
                ol.add_option(Option(Text(f"{it.name}  line {e.line}:{e.column}  {e.kind}: {first}"), id=str(k)))
        bad = len(self.errors)
        self.app.status(self, f"{self.path.name}: {len(self.items)} theorems, {len(self.items) - bad} accepted, "
                              f"{bad} rejected")
        self._show_goals(table.cursor_row + 1)

    # ---- the cursor
    def item_at(self, line: int) -> int | None:
        k = None
        for i, it in enumerate(self.items):
            if it.line <= line:
                k = i
        return k

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "lines":
            self._show_goals(event.cursor_row + 1)

    def _show_goals(self, line: int) -> None:
        from gentzen.repl.lsp import goals_at

        t = Text()
        k = self.item_at(line)
        if k is None:
            t.append(f"line {line}: outside any theorem", style="dim")
        else:
            it = self.items[k]
            text, local = item_text(it), line - it.line + 1
            n_lines = text.count("\n") + 1
            if local > n_lines:
                t.append(f"line {line}: after {it.name}", style="dim")
            else:
                try:
                    after = goals_at(text, local)
                    before = goals_at(text, local - 1) if local > 1 else None
                except (GentzenError, ValueError) as e:
                    before, after = None, None
                    t.append(f"cannot replay {it.name}: {e}", style="red")
                t.append(f"{it.name}, line {line}\n", style="bold")
                if before is not None:
                    t.append("before:\n", style="bold cyan")
                    t.append(before.rendered + "\n\n")
                if after is not None:
                    t.append("after:\n" if local > 1 else "initial goals:\n", style="bold cyan")
                    if after.error is not None:
                        d = after.error
                        t.append(f"error at line {d.line + it.line - 1}:{d.column}: {d.message}\n", style="red")
                        t.append("goals before the failing step:\n", style="dim")
                    t.append(after.rendered)
        self.query_one("#goals", Static).update(t)

    def jump(self, line: int) -> None:
        table = self.query_one("#lines", DataTable)
        table.move_cursor(row=max(0, min(len(self.lines) - 1, line - 1)))
        table.focus()
        self._show_goals(line)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        e = self.errors.get(int(event.option.id))
        if e is not None:
            self.jump(e.line)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "theorems":
            self.jump(self.items[int(event.row_key.value)].line)

    def _error_lines(self) -> list[int]:
        return sorted(e.line for e in self.errors.values())

    def action_next_error(self) -> None:
        cur = self.query_one("#lines", DataTable).cursor_row + 1
        lines = self._error_lines()
        nxt = next((ln for ln in lines if ln > cur), lines[0] if lines else None)
        if nxt is None:
            self.app.status(self, "no errors")
        else:
            self.jump(nxt)

    def action_previous_error(self) -> None:
        cur = self.query_one("#lines", DataTable).cursor_row + 1
        lines = self._error_lines()
        prv = next((ln for ln in reversed(lines) if ln < cur), lines[-1] if lines else None)
        if prv is None:
            self.app.status(self, "no errors")
        else:
            self.jump(prv)

    def action_open_prove(self) -> None:
        k = self.item_at(self.query_one("#lines", DataTable).cursor_row + 1)
        if k is None or self.items[k].theorem is None:
            self.app.status(self, "no theorem under the cursor")
            return
        try:
            self.app.open_prove(parse_theorem(self.items[k].theorem))
        except GentzenError as e:
            self.app.status(self, f"cannot open: {e}")

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
