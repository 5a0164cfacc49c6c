"""The embedded kernel: checks proofs line by line with Lean 4.32's semantics and messages.

`start(theorem)` gives a Markov `ProofState` (open blocks, their goals); `state.step(line)` runs
one tactic line and returns the next state or a `StepError` (a value, not an exception);
`check_proof` is `start` + `step` over every line + `finish`. The first error rejects the proof.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

from gentzen.core.elab import PROP
from gentzen.core.goals import Goal, shadowed_atoms
from gentzen.core.syntax import FORBIDDEN, SyntaxErr, find_forbidden, parse_line
from gentzen.core.tactics import Failure, Frame, bump, run_tactic
from gentzen.core.theorem import Theorem, parse_theorem, split_proof
from gentzen.errors import LimitError, ParseError

KINDS = ("parse", "unknown_identifier", "type_mismatch", "unsolved_goals", "no_goals", "tactic_failed",
         "forbidden", "unsupported")


@dataclass(frozen=True)
class KernelError:
    """An error at a position of the full text (statement = line 1; lines 1-based, columns 0-based)."""

    line: int
    column: int
    kind: str
    message: str
    end_line: int | None = None
    end_column: int | None = None

    def to_dict(self) -> dict:
        return {"line": self.line, "column": self.column, "kind": self.kind, "message": self.message}


@dataclass(frozen=True)
class CheckResult:
    ok: bool
    error: KernelError | None = None
    steps: int = 0

    def to_dict(self) -> dict:
        return {"ok": self.ok, "error": self.error.to_dict() if self.error else None}


@dataclass(frozen=True)
class StepError:
    """A rejected step; `state` is the unchanged state it was tried on."""

    error: KernelError
    state: "ProofState"

    solved = False


class ProofState:
    """Immutable proof state: open blocks (innermost last), the lines taken, the next line number."""

    __slots__ = ("theorem", "frames", "lines", "line_no", "auto_names", "next_n")

    def __init__(self, theorem: Theorem, frames: tuple, lines: tuple, line_no: int, auto_names: bool,
                 next_n: int) -> None:
        self.theorem, self.frames, self.lines = theorem, frames, lines
        self.line_no, self.auto_names, self.next_n = line_no, auto_names, next_n

    # ---- views
    @property
    def open_goals(self) -> list[Goal]:
        out: list[Goal] = []
        for fr in reversed(self.frames):
            out.extend(fr.goals)
        return out

    @property
    def goals(self) -> list[str]:
        return [g.render() for g in self.open_goals]

    def render(self) -> str:
        gs = self.goals
        return "\n\n".join(gs) if gs else "no goals"

    @property
    def solved(self) -> bool:
        return all(not fr.goals for fr in self.frames)

    def proof_text(self) -> str:
        out = []
        node = self.lines  # a cons list (previous, text), so a step costs O(1) however long the proof
        while node:
            node, text = node
            out.append(text)
        return "\n".join(reversed(out))

    def full_text(self) -> str:
        return self.theorem.statement() + "\n" + self.proof_text()

    def fresh_name(self) -> str:
        """The name the next unnamed `intro`/`have` gets under auto_names (atoms are skipped)."""
        n, atoms = self.next_n, self.theorem.atoms
        while f"n{n}" in atoms:
            n += 1
        return f"n{n}"

    def __repr__(self) -> str:
        return f"ProofState({self.render()!r})"

    # ---- stepping
    def step(self, text: str, *, explicit: bool = False) -> "ProofState | StepError":
        """Run one line. Unindented text goes to the innermost open block (`explicit` forbids that)."""
        if "\n" in text:
            state: ProofState = self
            for part in text.split("\n"):
                nxt = state.step(part, explicit=explicit)
                if isinstance(nxt, StepError):
                    return nxt
                state = nxt
            return state
        try:
            return self._step(text, explicit)
        except Failure as f:
            line = self.line_no if f.line is None else f.line
            return StepError(KernelError(line, f.col, f.kind, f.message, line, f.end if f.end is not None else f.col),
                             self)
        except LimitError as e:  # every limit is a rejection with a message, never an exception
            return StepError(KernelError(self.line_no, 0, "unsupported",
                                         f"{e.message} (a limit of gentzen's kernel, not of Lean)"), self)

    def settle(self) -> "ProofState":
        """Close finished boxes and bullets, so a `have … := by` box's hypothesis reaches its parent."""
        frames = list(self.frames)
        while len(frames) > 1 and not frames[-1].goals:
            frames = self._close_top(frames)
        if len(frames) == len(self.frames):
            return self
        return ProofState(self.theorem, tuple(frames), self.lines, self.line_no, self.auto_names, self.next_n)

    def admit_main(self, text: str = "sorry") -> "ProofState":
        """The state after the main goal is closed without proof (what Lean does on a recovered error).

        The REPL server uses this for Lean's error recovery; such a proof is never reported valid.
        """
        frames = list(self.frames)
        for i in range(len(frames) - 1, -1, -1):
            fr = frames[i]
            if fr.goals:
                frames[i] = Frame(fr.kind, fr.column, fr.goals[1:], fr.opener, fr.pending)
                break
        return ProofState(self.theorem, tuple(frames), (self.lines, text), self.line_no + 1, self.auto_names,
                          self.next_n).settle()

    def focus_main(self) -> "ProofState":
        """A state whose only goal is this state's main goal (for a sorry's own proof state)."""
        main = self.open_goals[:1]
        return ProofState(self.theorem, (Frame("top", None, tuple(main), (1, self.theorem.by_column)),), None, 2,
                          self.auto_names, self.next_n)

    def finish(self) -> KernelError | None:
        """Close every open block at the end of the proof; the first unsolved block is the error."""
        try:
            self._close_to(-1, self.frames)
        except Failure as f:
            last = self.proof_text().rsplit("\n", 1)[-1]
            return KernelError(f.line, f.col, f.kind, f.message, self.line_no - 1, len(last))
        return None

    def _step(self, raw: str, explicit: bool) -> "ProofState":
        text = raw
        if "--" in text:
            text = text[: text.find("--")]
        if text[-1:].isspace():
            text = text.rstrip()
        if not text or text.isspace():
            return ProofState(self.theorem, self.frames, self.lines, self.line_no + 1, self.auto_names, self.next_n)
        content = text.lstrip(" ")
        col = len(text) - len(content)
        if content.startswith("\t"):
            raise Failure("parse", "tabs are not allowed; please configure your editor to expand them", col)
        frames = self.frames
        if col == 0:
            if explicit:
                raise Failure("parse", "unexpected token at column 0; expected an indented tactic block", 0)
            # no indentation: the step goes to the innermost block that still has goals
            frames = list(frames)
            while len(frames) > 1 and not frames[-1].goals:
                frames = self._close_top(frames)
            fr = frames[-1]
            col = fr.column if fr.column is not None else _parent_col(frames) + 2
            text = " " * col + content
        elif frames[-1].column != col:
            frames = self._close_to(col, frames)
        try:
            parsed = parse_line(content, col)
        except SyntaxErr as e:
            raise Failure(e.kind, e.message, e.col, e.end) from None
        content = text
        fr = frames[-1]
        frames = list(frames)
        if fr.column is None:
            if len(frames) > 1 and col <= _parent_col(frames):
                # A nested `by` parses its block with `Tactic.tacticSeqIndentGt` (Parser/Term.lean):
                # `checkColGt` against the enclosing block's column. Without this rule the box would
                # swallow the following lines of its parent.
                raise Failure("parse", "expected '{' or indented tactic sequence (the block of a `have … := by` "
                              "must be indented deeper than the `have`)", col)
            frames[-1] = fr = Frame(fr.kind, col, fr.goals, fr.opener, fr.pending)
        elif col != fr.column:
            raise Failure("parse", "unexpected indentation; expected command (a deeper line would continue the "
                        "previous one, which the proof language does not allow)", col)
        next_n = self.next_n
        if parsed.bullet_col is not None:
            if not fr.goals:
                raise Failure("no_goals", "No goals to be solved", parsed.bullet_col, parsed.bullet_col + 1)
            frames[-1] = Frame(fr.kind, fr.column, fr.goals[1:], fr.opener, fr.pending)
            fr = Frame("bullet", parsed.tactic.col, fr.goals[:1], (self.line_no, parsed.bullet_col))
            frames.append(fr)
        tac = parsed.tactic
        if not fr.goals:
            raise Failure("no_goals", "No goals to be solved", tac.col, tac.end)
        try:
            new_goals, push, next_n = run_tactic(tac, fr.goals[0], next_n, self.auto_names, self.line_no)
        except Failure as f:
            ren = shadowed_atoms(fr.goals[0].ctx) if f.kind in ("type_mismatch", "tactic_failed") else None
            if ren:  # say less rather than print a formula differently from Lean
                shown = ", ".join(f"`{v}`" for v in ren.values())
                raise Failure(f.kind, f.message.split("\n", 1)[0] + "\n(the rest of Lean's message is not "
                              f"reproduced: Lean prints the shadowed proposition atom as {shown} in it)",
                              f.col, f.end, f.line) from None
            raise
        frames[-1] = Frame(fr.kind, fr.column, tuple(new_goals) + fr.goals[1:], fr.opener, fr.pending)
        if push is not None:
            frames.append(push)
        line_text = content if not self.auto_names else _rename_line(content, tac, self)
        return ProofState(self.theorem, tuple(frames), (self.lines, line_text), self.line_no + 1,
                          self.auto_names, next_n)

    # ---- blocks
    def _close_top(self, frames: list) -> list:
        fr = frames[-1]
        if fr.goals:
            line, col = fr.opener
            raise Failure("unsolved_goals", "unsolved goals\n" + "\n\n".join(g.render() for g in fr.goals), col,
                        line=line)
        frames = frames[:-1]
        if fr.kind == "have":
            parent = frames[-1]
            name, formula = fr.pending
            main = parent.goals[0].with_hyp(name, formula)
            frames[-1] = Frame(parent.kind, parent.column, (main,) + parent.goals[1:], parent.opener, parent.pending)
        return frames

    def _close_to(self, col: int, frames) -> list:
        if frames[-1].column == col:
            return frames
        frames = list(frames)
        while frames and frames[-1].column is not None and col < frames[-1].column:
            if len(frames) == 1:
                if col >= 0:
                    raise Failure("parse", "unexpected token; expected command", col)
                fr = frames[0]
                if fr.goals:
                    line, c = fr.opener
                    raise Failure("unsolved_goals", "unsolved goals\n" + "\n\n".join(g.render() for g in fr.goals),
                                c, line=line)
                return frames
            frames = self._close_top(frames)
        if col < 0 and frames and frames[-1].column is None:  # a box opened on the last line, never filled
            raise Failure("parse", "unexpected end of input; expected '{'", 0, line=self.line_no)
        return frames

    # ---- tactics
def _parent_col(frames) -> int:
    for fr in reversed(frames[:-1]):
        if fr.column is not None:
            return fr.column
    return 0


def _rename_line(content: str, tac, state: ProofState) -> str:
    """With auto_names, spell out the name the environment assigned (`have :` → `have nK :`)."""
    if tac.kind in ("have", "have_by") and not tac.names:
        i = content.index("have") + 4
        return content[:i] + f" {state.fresh_name()}" + content[i:]
    if tac.kind == "intro" and not tac.names:
        return content + f" {state.fresh_name()}"
    return content


# ---------------------------------------------------------------- entry points


_INITIAL: "OrderedDict[Theorem, tuple]" = OrderedDict()  # bounded FIFO, no stop-the-world clear
_INITIAL_MAX = 100_000


def start(theorem: Theorem | str, *, auto_names: bool = False) -> ProofState:
    thm = theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)
    init = _INITIAL.get(thm)
    if init is None:  # the initial frame depends only on the theorem: samplers restart it constantly
        ctx = tuple((a, PROP, False) for a in thm.atoms) + tuple((h, f, False) for h, f in thm.hyps)
        next_n = bump([h for h, _ in thm.hyps], 1)  # premises named nK push the fresh names past them
        init = ((Frame("top", None, (Goal(ctx, thm.goal, ""),), (1, thm.by_column)),), next_n)
        if len(_INITIAL) >= _INITIAL_MAX:
            _INITIAL.popitem(last=False)
        _INITIAL[thm] = init
    return ProofState(thm, init[0], None, 2, auto_names, init[1])


def check_proof(theorem: Theorem | str, proof: str) -> CheckResult:
    """Check a tactic block (or a whole `theorem … := by` text whose statement must equal `theorem`)."""
    thm = theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)
    if not isinstance(proof, str):
        return CheckResult(False, KernelError(1, 0, "parse", "proof must be text"))
    text = proof.replace("\r\n", "\n")
    try:
        given, body, first = split_proof(text)
    except LimitError as e:
        return CheckResult(False, KernelError(e.line or 1, e.column or 0, "unsupported",
                                              f"{e.message} (a limit of gentzen's kernel, not of Lean)"))
    except ParseError as e:
        return CheckResult(False, KernelError(e.line or 1, e.column or 0, "parse", e.message))
    bad = find_forbidden(body)  # before anything else: no forbidden word reaches a checker
    if bad is not None:
        pos, word = bad
        line = body.count("\n", 0, pos)
        col = pos - (body.rfind("\n", 0, pos) + 1)
        return CheckResult(False, KernelError(line + first, col, "forbidden", f"`{word}` is not allowed in a proof"))
    if given is not None and (given.atoms, given.hyps, given.goal) != (thm.atoms, thm.hyps, thm.goal):
        return CheckResult(False, KernelError(1, 0, "forbidden", "the proof changes the theorem statement"))
    state = start(thm)
    if first != 2:
        state = ProofState(state.theorem, state.frames, None, first, False, state.next_n)
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not any(ln.strip() for ln in lines):
        return CheckResult(False, KernelError(1, thm.by_column + 2, "parse", "unexpected end of input; expected '{'"))
    n = 0
    for ln in lines:
        nxt = state.step(ln, explicit=True)
        if isinstance(nxt, StepError):
            return CheckResult(False, nxt.error, n)
        state = nxt
        n += 1
    err = state.finish()
    return CheckResult(err is None, err, n)


__all__ = ["check_proof", "start", "CheckResult", "KernelError", "ProofState", "StepError", "KINDS", "FORBIDDEN"]
