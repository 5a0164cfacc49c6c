"""Fill the `sorry`s of a Lean file with kernel-checked proofs (`gentzen prove FILE.lean`).

Each theorem/example whose proof is `sorry`/`admit`, or whose tactic block has `sorry` tactics (each one a
subgoal), is proved by a caller's prover and written back in the file's own names and indentation; a
declaration's new text is kept only if re-reading the whole filled file with `lean_items` accepts it.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from gentzen.core.text.comments import blank_comments
from gentzen.core.reader.lean_file import lean_items
from gentzen.core.reader.proof_item import ProofItem
from gentzen.core.logic.sequent import countermodel_text, theorem_countermodel
from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.errors import GentzenError

# A proof of a Theorem in its own names, indented as under `:= by`, checked by the kernel; None when none found.
Prover = Callable[[Theorem], "str | None"]

_HOLE = re.compile(r"(?<![\w.'!?])(?:sorry|admit)(?![\w'!?₀-₉])")
WHOLE_FORMS = (["sorry"], ["admit"], ["by", "sorry"], ["by", "admit"])
# filled; invalid (a countermodel); unsupported (outside the propositional language); unproved (valid, no proof
# within the budget); skipped (a sorry gentzen cannot fill in place: inside a term, a column-0 block); rejected
# (a proof was found but the filled file did not re-check, so nothing was written)
STATUSES = ("filled", "invalid", "unsupported", "unproved", "skipped", "rejected")


@dataclass
class Fill:
    """What became of one declaration with `sorry`: `status` is one of STATUSES."""

    name: str
    line: int
    status: str
    detail: str = ""
    holes: int = 1                       # sorries in the declaration (1 for a whole-proof sorry)
    whole: bool = True                   # the whole proof was `sorry`/`by sorry`
    countermodel: dict | None = None     # `invalid`: atom -> value, in the file's names
    proofs: list[str] = field(default_factory=list)  # the text written in place of each sorry
    seconds: float = 0.0

    def to_dict(self) -> dict:
        return {"name": self.name, "line": self.line, "status": self.status, "detail": self.detail,
                "holes": self.holes, "whole": self.whole, "countermodel": self.countermodel,
                "proofs": self.proofs, "seconds": round(self.seconds, 3)}


class _Skip(Exception):
    """This declaration cannot be filled: the Fill to report instead."""

    def __init__(self, fill: Fill) -> None:
        super().__init__(fill.detail)
        self.fill = fill


class FileFiller:
    """A Lean file being filled, one declaration at a time (`fill(i, prover)`); `text()` is always a
    consistent file: the original with exactly the declarations filled so far replaced."""

    def __init__(self, text: str) -> None:
        self.original = text
        self.bom = text.startswith("\ufeff")
        self.work = text.lstrip("\ufeff").replace("\r\n", "\n")  # what lean_items reads (its positions)
        # CRLF files get CRLF back when that reproduces the original exactly; mixed endings stay as read
        self.crlf = "\r\n" in text and self._restore(self.work, True) == text
        self.items = lean_items(self.work)
        self.source_items = self.items  # names and lines as in the input file, for the report
        self.unit = _indent_unit(self.work, self.items)
        self.targets = [i for i, it in enumerate(self.items) if it.judged and _HOLE.search(blank_comments(it.proof))]
        self.results: list[Fill] = []

    def _restore(self, work: str, crlf: bool) -> str:
        return ("\ufeff" if self.bom else "") + (work.replace("\n", "\r\n") if crlf else work)

    def text(self) -> str:
        """The file as filled so far, with its BOM and line endings as read."""
        return self._restore(self.work, self.crlf)

    @property
    def changed(self) -> bool:
        return self.text() != self.original

    def fill(self, index: int, prover: Prover) -> Fill:
        """Prove the sorries of item `index` and keep the new text only if the re-read file accepts it."""
        t0 = time.perf_counter()
        try:
            fill = self._fill(index, self.items[index], prover)
        except _Skip as s:
            fill = s.fill
        fill.seconds = time.perf_counter() - t0
        self.results.append(fill)
        return fill

    def _fill(self, index: int, it: ProofItem, prover: Prover) -> Fill:
        src = self.source_items[index]
        base = Fill(src.name, src.line, "unsupported")
        if it.problem is not None or it.parsed is None:
            why = it.problem.message if it.problem is not None else "the statement was not read"
            raise _Skip(_with(base, detail=why))
        if it.shift:
            why = "its `by` block starts at column 0, which gentzen reads but does not fill: indent the block"
            raise _Skip(_with(base, status="skipped", detail=why))
        body_at, body = _locate(self.work, it)
        if body_at is None:
            raise _Skip(_with(base, status="skipped", detail="the proof's place in the file was not found"))
        blank = blank_comments(body)
        if blank.split() in WHOLE_FORMS:
            return self._fill_whole(index, it, body_at, body, blank, prover, base)
        return self._fill_holes(index, it, body_at, prover, base)

    def _fill_whole(self, index, it, body_at, body, blank, prover, base) -> Fill:
        cm = theorem_countermodel(it.parsed)
        if cm is not None:
            shown = it.parsed.shown(cm)
            raise _Skip(_with(base, status="invalid", countermodel=shown,
                              detail=f"countermodel {countermodel_text(shown)}"))
        proof = _prove(prover, it.parsed, base)
        start = body_at + len(blank) - len(blank.lstrip())
        end = body_at + len(blank.rstrip())
        tokens = blank.split()
        sorry_at = body_at + blank.rindex(tokens[-1])
        own_line = len(tokens) == 2 and "\n" in self.work[start:sorry_at]
        indent = _column(self.work, sorry_at) if own_line else _line_indent(self.work, start) + self.unit
        new = "by\n" + _indented(proof, indent)
        candidate = self.work[:start] + new + self.work[end:]
        self._accept(index, candidate, base)
        return _with(base, status="filled", proofs=[new], detail="")

    def _fill_holes(self, index, it, body_at, prover, base) -> Fill:
        base.whole = False
        tail = len(self.work) - body_at - len(_body(it))  # the text after the declaration never changes
        work, written = self.work, []
        moved = it.line - base.line  # lines the fills above this declaration added
        lines = [_line_of(work, body_at + m.start()) - moved for m in _HOLE.finditer(blank_comments(_body(it)))]
        base.holes = len(lines)
        for line in lines:  # `line`: where this sorry is in the input file
            span = work[body_at: len(work) - tail]
            hole = body_at + _HOLE.search(blank_comments(span)).start()  # the first sorry left
            goal = self._goal_at(index, work, body_at, span, hole, base, line)
            sub, naming = _subgoal(goal, base)
            where = f"the sorry at line {line}"
            cm = theorem_countermodel(sub)
            if cm is not None:
                shown = sub.shown(cm)
                raise _Skip(_with(base, status="invalid", countermodel=shown,
                                  detail=f"{where} has the goal `{_one_line(goal)}`, which is not valid: "
                                         f"countermodel {countermodel_text(shown)}"))
            proof = _prove(prover, sub, base, where)
            if naming:
                proof = f"{naming}\n{_indented(proof, 0)}"
            at, new = self._layout(work, hole, proof)
            work = work[:at] + new + work[hole + len("sorry"):]
            written.append(new)
        self._accept(index, work, base)
        return _with(base, status="filled", proofs=written, detail="")

    def _layout(self, work: str, hole: int, proof: str) -> tuple[int, str]:
        """Where the proof of a sorry starts and its text: one line in place; several after `=>` or `by` on
        the lines below, one step right of that line; otherwise (after `·`) aligned under the sorry."""
        col = _column(work, hole)
        before = work[hole - col: hole].rstrip()
        if "\n" in proof.strip("\n") and before.endswith(("=>", " by")):
            at = hole - col + len(before)
            return at, "\n" + _indented(proof, _line_indent(work, hole) + self.unit)
        return hole, _indented(proof, col)[col:]

    def _goal_at(self, index, work, body_at, span, hole, base, line) -> str:
        """The goals at `hole`: every sorry left becomes `done` (same length, so positions hold), whose
        first error must be at `hole` and list them."""
        blank = blank_comments(span)
        marked = "".join(span[a:b] if k % 2 == 0 else "done " for k, (a, b) in enumerate(_pieces(blank)))
        probe = work[:body_at] + marked + work[body_at + len(span):]
        items = lean_items(probe)
        err = items[index].check().error if len(items) == len(self.items) else None
        at = (_line_of(work, hole), _column(work, hole))
        if err is None or err.kind != "unsolved_goals" or (err.line, err.column) != at \
                or not err.message.startswith("unsolved goals\n"):
            first = err.message.splitlines()[0] if err is not None and err.message else ""
            if err is None or "done" in first or (err.line, err.column) == at:  # the probe's `done` stood in a term
                why = f"the sorry at line {line} stands inside a term (gentzen fills `sorry` tactics only)"
            else:
                why = f"the proof fails before the sorry at line {line} ({err.kind}: {first})"
            raise _Skip(_with(base, status="skipped", detail=why))
        return err.message.split("\n", 1)[1].split("\n\n", 1)[0]

    def _accept(self, index: int, candidate: str, base: Fill) -> None:
        """Keep `candidate` as the file only if its re-read declaration `index` is accepted."""
        items = lean_items(candidate)
        same = len(items) == len(self.items) and all(_same_decl(a, b) for a, b in zip(items, self.items))
        if not same or not items[index].check().ok:
            why = "a proof was found but the filled file did not re-check, so the declaration was left as it was"
            raise _Skip(_with(base, status="rejected", detail=why))
        self.work, self.items = candidate, items


def _same_decl(a: ProofItem, b: ProofItem) -> bool:
    """The same declaration before and after a fill (an `example`'s name is its line, which moves)."""
    return a.decl == b.decl and a.name.split("@")[0] == b.name.split("@")[0]


def _with(base: Fill, **changes) -> Fill:
    return Fill(**{**base.__dict__, **changes})


def _prove(prover: Prover, thm: Theorem, base: Fill, where: str = "") -> str:
    try:
        proof = prover(thm)
    except GentzenError as e:
        raise _Skip(_with(base, status="unproved", detail=str(e))) from None
    if proof is None:
        said = f"{where}: " if where else ""
        why = f"{said}valid, but no proof was found (more attempts may find one)"
        raise _Skip(_with(base, status="unproved", detail=why))
    return proof


def _body(it: ProofItem) -> str:
    return it.proof[len(it.theorem):]


def _locate(work: str, it: ProofItem) -> tuple[int | None, str]:
    """(offset in the file of the text after the declaration's `:=`, that text); None when the reader's proof
    is not the file's text as written (a block it moved, a statement it rewrote)."""
    if not it.theorem or not it.proof.startswith(it.theorem) or it.shift:
        return None, ""
    body = _body(it)
    lines = work.split("\n")
    if not body or it.line > len(lines):
        return None, body
    kw = sum(len(x) + 1 for x in lines[: it.line - 1]) + it.column
    if not work.startswith(it.decl, kw):
        return None, body
    at = work.find(body, kw)
    if at < 2 or work[at - 2: at] != ":=" or ":=" in blank_comments(work[kw: at - 2]):
        return None, body
    return at, body


def _pieces(blank: str) -> list[tuple[int, int]]:
    """Spans of `blank` alternating text, hole, text, hole, …, text (holes are the sorry/admit tokens)."""
    out, last = [], 0
    for m in _HOLE.finditer(blank):
        out += [(last, m.start()), (m.start(), m.end())]
        last = m.end()
    return out + [(last, len(blank))]


def _subgoal(goal: str, base: Fill) -> tuple[Theorem, str]:
    """The first goal Lean printed (`p q : Prop`, `hp : p`, `⊢ q ∨ p`) as a theorem, and the tactics that
    name what a binder cannot: inaccessible hypotheses (`h✝ : p`: `rename_i x1`) and `this`
    (`have x2 : p := this`), so a proof may use them; "" when there are none."""
    lines: list[str] = []
    for ln in goal.split("\n"):
        if ln.startswith(" ") and lines:  # a long type wrapped onto the next line
            lines[-1] += " " + ln.strip()
        elif not ln.startswith("case "):
            lines.append(ln)
    binders, target, hidden, haves = [], None, [], []
    taken = set(re.findall(r"[^\W\d][\w'!?.₀-₉]*", goal))
    for ln in lines:
        if ln.startswith("⊢ "):
            target = ln[2:]
            continue
        names, sep, typ = ln.partition(" : ")
        typ = typ.strip()
        named = []
        for n in names.split():
            if "✝" in n or n == "this":
                if typ == "Prop" or "✝" in typ:  # an inaccessible atom: its formulas cannot be written
                    raise _Skip(_with(base, detail="the goal at a sorry has an inaccessible atom: "
                                                   f"`{_one_line(goal)}`"))
                fresh = next(f"x{k}" for k in range(1, 10_000) if f"x{k}" not in taken)
                taken.add(fresh)
                if n == "this":
                    haves.append(f"have {fresh} : {typ} := this")
                else:
                    hidden.append(fresh)
                n = fresh
            named.append(n)
        if sep and named:
            binders.append(f"({' '.join(named)} : {typ})")
    try:
        if target is None or "✝" in target:
            raise GentzenError("no goal")
        thm = parse_theorem(f"theorem hole {' '.join(binders)} : {target} := by")
    except GentzenError:
        raise _Skip(_with(base, detail=f"the goal at a sorry is outside the propositional language: "
                                       f"`{_one_line(goal)}`")) from None
    return thm, "\n".join(([f"rename_i {' '.join(hidden)}"] if hidden else []) + haves)


def _indent_unit(work: str, items: list[ProofItem]) -> int:
    """The file's indentation step: how far its `by` blocks' first lines sit right of their declaration."""
    steps = Counter()
    for it in items:
        if it.problem is None and it.theorem and it.proof.startswith(it.theorem) and not it.shift:
            head, nl, rest = _body(it).partition("\n")
            first = next((x for x in rest.split("\n") if x.strip()), "")
            if nl and head.strip() == "by" and first[:1] == " ":
                steps[len(first) - len(first.lstrip(" ")) - it.column] += 1
    good = [(n, s) for s, n in steps.items() if s > 0]
    return max(good)[1] if good else 2


def _indented(proof: str, indent: int) -> str:
    """`proof`'s lines moved so the least indented sits at column `indent` (relative indents kept)."""
    lines = [x.rstrip() for x in proof.strip("\n").split("\n")]
    least = min((len(x) - len(x.lstrip(" ")) for x in lines if x.strip()), default=0)
    return "\n".join(" " * indent + x[least:] if x.strip() else "" for x in lines)


def _column(work: str, at: int) -> int:
    return at - (work.rfind("\n", 0, at) + 1)


def _line_of(work: str, at: int) -> int:
    return work.count("\n", 0, at) + 1


def _line_indent(work: str, at: int) -> int:
    start = work.rfind("\n", 0, at) + 1
    line = work[start:at]
    return len(line) - len(line.lstrip(" "))


def _one_line(goal: str) -> str:
    return " ".join(goal.split())


def summary(results: list[Fill]) -> dict:
    """Counts by status, every status named."""
    counts = Counter(r.status for r in results)
    return {s: counts.get(s, 0) for s in STATUSES}


__all__ = ["FileFiller", "Fill", "Prover", "STATUSES", "summary"]
