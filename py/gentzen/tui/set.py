"""Set mode: browse a theorem JSONL (a shipped set, `gentzen gen` output, ttrl targets), filter by
split, length, solved/unsolved and text, and open a theorem in prove mode. "Solved" means solved
by you (or a model's search) in prove mode during this session, or by the run that wrote the file
(a record saying `"solved": true`); a record's reference proof is not a solution, only shown as `ref`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Input, Static

from gentzen.core.reader.items import read_text
from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.errors import GentzenError, InputError, ParseError
from gentzen.tui.widgets import BAD_MARK, OK_MARK, WAIT_MARK, StatusBar


@dataclass
class Entry:
    """One theorem of the file: `solved` in this session or by the run; `reference` is whether the
    record's own proof checks (None until the worker has checked it, or when there is none)."""

    index: int
    name: str
    statement: str
    split: str
    length: int | None
    proof: str | None
    solved: bool = False
    text: str = ""  # lower-cased searchable text
    reference: bool | None = None


def read_entries(path: Path) -> list[Entry]:
    """Records with a "theorem" or "sequent"; other lines are skipped (a run's files mix kinds)."""
    out: list[Entry] = []
    text = read_text(path)
    rows = text.splitlines()
    for i, raw in enumerate(rows, 1):
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except json.JSONDecodeError as e:
            if i == len(rows) and not text.endswith("\n"):
                continue  # a line still being appended
            raise InputError(f"invalid JSON: {e.msg}", line=i, column=e.colno - 1, source=str(path)) from None
        if not isinstance(rec, dict):
            continue
        stmt = rec.get("theorem") or rec.get("sequent")
        if not isinstance(stmt, str):
            continue
        proof = rec.get("proof") if isinstance(rec.get("proof"), str) and rec.get("proof").strip() else None
        length = rec.get("lines")
        if not isinstance(length, int):
            length = len([ln for ln in proof.splitlines() if ln.strip()]) if proof else None
        solved = rec.get("solved") is True  # a run's targets.jsonl: solved by that run
        name = str(rec.get("label") or rec.get("name") or f"line{i}")  # a ttrl run's label: the user's name
        e = Entry(len(out), name, stmt, str(rec.get("split", "")), length, proof, solved)
        e.text = " ".join(str(rec.get(k, "")) for k in ("name", "theorem", "sequent", "note", "source")).lower()
        out.append(e)
    return out


_LEN = re.compile(r"^(<=|>=|<|>|=)?(\d+)(?:-(\d+))?$")


def matches(e: Entry, query: str) -> bool:
    """`split:dev len:<=3 len:2-4 solved unsolved ref words…` (words: substring of name/theorem/note;
    solved: in this session or by the run; ref: the record's reference proof checks)."""
    for tok in query.split():
        low = tok.lower()
        if low.startswith("split:"):
            if e.split != tok[6:]:
                return False
        elif low.startswith("len:"):
            m = _LEN.match(tok[4:])
            if not m or e.length is None:
                return False
            op, a, b = m.group(1) or "=", int(m.group(2)), m.group(3)
            n = e.length
            ok = (a <= n <= int(b)) if b else {"<=": n <= a, ">=": n >= a, "<": n < a, ">": n > a, "=": n == a}[op]
            if not ok:
                return False
        elif low in ("solved", "solved:yes"):
            if not e.solved:
                return False
        elif low in ("unsolved", "solved:no"):
            if e.solved:
                return False
        elif low == "ref":
            if e.reference is not True:
                return False
        elif low not in e.text:
            return False
    return True


class SetScreen(Screen):
    """A filterable table of theorems; enter opens the highlighted one in prove mode."""

    MODE = "set"
    TITLE = "set mode"
    BINDINGS = [
        Binding("slash", "filter", "filter"),
        Binding("o", "open_prove", "open in prove mode"),
        Binding("question_mark", "app.help", "help", show=False),
        Binding("escape", "leave_filter", "table / back", show=False),
    ]
    HELP_EXTRA = [("enter (on a row)", "open the theorem in prove mode"),
                  ("filter syntax", "split:dev  len:3  len:<=2  len:2-4  solved  unsolved  ref  any words"),
                  ("solved (✓)", "proved in prove mode this session, or by the run that wrote the file"),
                  ("ref", "the record's own reference proof is kernel-checked (not counted as solved)"),
                  ("enter (in the filter)", "apply the filter and go to the table")]
    DEFAULT_CSS = """
    SetScreen #filter { dock: top; }
    SetScreen #table { height: 1fr; }
    SetScreen #detail { height: auto; max-height: 10; border: round $primary; padding: 0 1; }
    """

    def __init__(self, path: Path, entries: list[Entry] | None = None) -> None:
        super().__init__()
        self.path = Path(path)
        self.entries = entries if entries is not None else read_entries(self.path)
        self.shown: list[Entry] = []
        self.query_text = ""
        self._opened = None  # (entry, prove screen) while a theorem is open in prove mode

    def compose(self) -> ComposeResult:
        yield Input(placeholder="filter: split:dev len:<=3 solved unsolved ref words…  (/ to focus, enter to apply)",
                    id="filter")
        yield DataTable(id="table", cursor_type="row")
        yield Static(id="detail")
        yield StatusBar()
        yield Footer()

    def on_mount(self) -> None:
        t = self.query_one("#table", DataTable)
        t.add_columns(" ", "name", "split", "lines", "ref", "theorem")
        self.refill()
        t.focus()
        self.check_worker()

    def refill(self) -> None:
        t = self.query_one("#table", DataTable)
        t.clear()
        self.shown = [e for e in self.entries if matches(e, self.query_text)]
        for e in self.shown:
            mark = Text(OK_MARK, style="green") if e.solved else Text("·", style="dim")
            ref = ("" if e.proof is None else Text(WAIT_MARK, style="dim") if e.reference is None else
                   Text(OK_MARK, style="dim green") if e.reference else Text(BAD_MARK, style="red"))
            t.add_row(mark, e.name, e.split, "" if e.length is None else str(e.length), ref, e.statement,
                      key=str(e.index))
        solved = sum(1 for e in self.entries if e.solved)
        self.app.status(self, f"{self.path.name}: {len(self.shown)} of {len(self.entries)} shown, {solved} solved"
                        + (f"   filter: {self.query_text}" if self.query_text else ""))
        self._detail()

    @work(thread=True, exclusive=True, group="check")
    def check_worker(self) -> None:
        verdicts = {}
        for e in self.entries:
            if e.reference is None and e.proof:
                try:
                    verdicts[e.index] = bool(e.proof) and check_proof(e.statement, e.proof).ok
                except GentzenError:
                    verdicts[e.index] = False
        self.app.call_from_thread(self._checked, verdicts)

    def _checked(self, verdicts: dict) -> None:
        for i, ok in verdicts.items():
            self.entries[i].reference = ok
        self.refill()

    def on_screen_resume(self) -> None:
        """Back from prove mode: a theorem proved there counts as solved in this session."""
        if self._opened is not None:
            entry, screen = self._opened
            self._opened = None
            if screen.session.solved and not entry.solved:
                entry.solved = True
                self.refill()

    def current(self) -> Entry | None:
        t = self.query_one("#table", DataTable)
        if not self.shown or t.cursor_row is None or t.cursor_row >= len(self.shown):
            return None
        return self.shown[t.cursor_row]

    def _detail(self) -> None:
        e = self.current()
        d = self.query_one("#detail", Static)
        if e is None:
            d.update(Text("no theorem matches", style="dim"))
            return
        t = Text()
        t.append(e.name + "\n", style="bold")
        t.append(e.statement + "\n")
        if e.proof:
            t.append("reference proof:\n", style="dim")
            t.append(e.proof, style="dim")
        d.update(t)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open_prove()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_text = event.value.strip()
        self.refill()
        self.query_one("#table", DataTable).focus()

    def action_filter(self) -> None:
        self.query_one("#filter", Input).focus()

    def action_leave_filter(self) -> None:
        if self.query_one("#filter", Input).has_focus:
            self.query_one("#table", DataTable).focus()
        elif len(self.app.screen_stack) > 2:
            self.app.pop_screen()

    def action_open_prove(self) -> None:
        e = self.current()
        if e is None:
            return
        name = re.sub(r"\W", "_", e.name)
        name = name if name and not name[0].isdigit() else f"t_{name}"
        try:
            try:
                thm: Theorem = parse_theorem(e.statement, default_name=name)
            except ParseError:  # the record's name is no Lean identifier (a keyword…): the statement may still be
                thm = parse_theorem(e.statement, default_name="t")
        except GentzenError as exc:
            self.app.status(self, f"cannot open {e.name}: {exc}")
            return
        self._opened = (e, self.app.open_prove(thm))
