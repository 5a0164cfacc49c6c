"""The kernel's proof state: an immutable Markov `ProofState` (open blocks, their goals, the lines taken)
whose `step(line)` returns the next state or a `StepError` (a value, not an exception). A line seen
before takes a cached hot path; the block and tactic machinery is in stepping.py."""

from __future__ import annotations

from gentzen.core.steps.combinators import is_combinator, takes_rest
from gentzen.core.steps.core_tactics import open_alternative
from gentzen.core.steps.frames import Failure, Frame, bump
from gentzen.core.proof.goals import Goal
from gentzen.core.text.layout import continued, deeper
from gentzen.core.steps.proof_lines import (_alternatives_inline, _as_lean, _blank, _parent_col, _parse, _rename_line,
                                      _split_semicolons)
from gentzen.core.proof.results import KernelError, StepError
from gentzen.core.steps.stepping import Stepping
from gentzen.core.steps.library_tactics import scope_sensitive
from gentzen.core.parsing.syntax import _LINE_CACHE, remember_line
from gentzen.core.steps.tactics import run_tactic
from gentzen.core.proof.theorem import Theorem
from gentzen.errors import LimitError


class ProofState(Stepping):
    """Immutable proof state: open blocks (innermost last), the lines taken, the next line number."""

    __slots__ = ("theorem", "frames", "lines", "line_no", "auto_names", "next_n", "strict", "nd")

    def __init__(self, theorem: Theorem, frames: tuple, lines: tuple, line_no: int, auto_names: bool,
                 next_n: int, strict: bool = False, nd: bool = False) -> None:
        self.theorem, self.frames, self.lines = theorem, frames, lines
        self.line_no, self.auto_names, self.next_n = line_no, auto_names, next_n
        self.strict = strict  # strict_nd: only the natural-deduction subset (docs/proof-language.md)
        self.nd = nd  # the file has `import Gentzen.ND`: its rule tactics and theorems are in scope

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
        return self._fresh(self.next_n)

    def _fresh(self, n: int) -> str:
        atoms = self.theorem.atoms
        while f"n{n}" in atoms:
            n += 1
        return f"n{n}"

    def __repr__(self) -> str:
        return f"ProofState({self.render()!r})"

    # ---- stepping
    def step(self, text: str, *, explicit: bool = False) -> "ProofState | StepError":
        """Run one line. Unindented text goes to the innermost open block (`explicit` forbids that)."""
        if "\n" in text:
            if "/-" in text:  # a block comment may span lines: blank it before splitting
                try:
                    text = _blank(text)
                except Failure as f:
                    return StepError(KernelError(self.line_no, f.col, f.kind, f.message), self)
            state: ProofState = self
            lines = text.split("\n")
            for part in lines:
                nxt = state.step(part, explicit=explicit)
                if isinstance(nxt, StepError):
                    # as check_proof reads a text: after a failure, tactics spanning lines are grouped
                    joined = continued(lines) if len(lines) > 1 and deeper(lines) else None
                    return nxt if joined is None else self.step_groups(joined, explicit)[0]
                state = nxt
            return state
        try:
            return self._step(text, explicit)
        except (Failure, LimitError) as e:
            return self._error(e)

    def step_groups(self, groups, explicit: bool) -> "tuple[ProofState | StepError, int]":
        """Tactics spanning lines (layout.continued's groups) as steps, with the physical positions; the
        state (or the first error) and the number of groups run without error."""
        n, state, first = 0, self, self.line_no
        for text, segs in groups:
            try:
                nxt = state._step(text, explicit)
            except (Failure, LimitError) as e:
                err = state._error(e)
                if len(segs) > 1 and err.error.line == state.line_no:
                    off, idx, pcol = max((sg for sg in segs if sg[0] <= err.error.column), key=lambda sg: sg[0])
                    if off:
                        err = StepError(KernelError(first + idx, err.error.column - off + pcol, err.error.kind,
                                                    err.error.message), state)
                return err, n
            state = nxt
            if len(segs) > 1:
                state = ProofState(state.theorem, state.frames, state.lines, state.line_no + len(segs) - 1,
                                   state.auto_names, state.next_n, state.strict, state.nd)
            n += 1
        return state, n

    def _error(self, e: "Failure | LimitError") -> StepError:
        if isinstance(e, LimitError):  # every limit is a rejection with a message, never an exception
            return StepError(KernelError(self.line_no, 0, "unsupported",
                                         f"{e.message} (a limit of gentzen's kernel, not of Lean)"), self)
        line = self.line_no if e.line is None else e.line
        return StepError(KernelError(line, e.col, e.kind, e.message, line, e.end if e.end is not None else e.col),
                         self)

    def settle(self) -> "ProofState":
        """Close finished boxes and bullets, so a `have … := by` box's hypothesis reaches its parent."""
        frames = list(self.frames)
        while len(frames) > 1 and not frames[-1].goals:
            frames = self._close_top(frames)
        if len(frames) == len(self.frames):
            return self
        return ProofState(self.theorem, tuple(frames), self.lines, self.line_no, self.auto_names, self.next_n,
                          self.strict, self.nd)

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
                          self.next_n, self.strict, self.nd).settle()

    def focus_main(self) -> "ProofState":
        """A state whose only goal is this state's main goal (for a sorry's own proof state)."""
        return self.focus(self.open_goals[:1])

    def focus(self, goals) -> "ProofState":
        """A fresh state whose goals are `goals` (a `sorry`'s proof state in the REPL: core/steps/holes.py)."""
        return ProofState(self.theorem, (Frame("top", None, tuple(goals), (1, self.theorem.by_column)),), None, 2,
                          self.auto_names, self.next_n, self.strict, self.nd)

    def finish(self) -> KernelError | None:
        """Close every open block at the end of the proof; the first unsolved block is the error."""
        try:
            self._close_to(-1, self.frames)
        except Failure as f:
            last = self.proof_text().rsplit("\n", 1)[-1]
            return KernelError(f.line, f.col, f.kind, f.message, self.line_no - 1, len(last))
        return None

    def _step(self, raw: str, explicit: bool) -> "ProofState":
        hit = _LINE_CACHE.get(raw)
        if hit is None:
            return self._step_text(raw, explicit)
        # A line seen before: its preparation (comments, indentation, the `;`/`|` dispatch, parsing)
        # depends only on its text, so it is cached; `_step_text` is the same step from scratch.
        text, content, col, parsed, plain = hit
        frames = self.frames
        fr = frames[-1]
        if plain and fr.goals and (fr.column == col and fr.kind != "alts" or fr.column is None and len(frames) == 1) \
                and not self.strict and not self.nd:
            # The hot path: one tactic, no bullet, in the innermost block (what `_run_parsed` does for it).
            goal = fr.goals[0]
            tac = parsed.tactic
            try:
                new_goals, push, next_n = run_tactic(tac, goal, self.next_n, self.auto_names, self.line_no)
            except Failure as f:
                raise _as_lean(f, goal) from None
            frames = frames[:-1] + (Frame(fr.kind, col, tuple(new_goals) + fr.goals[1:], fr.opener, fr.pending),)
            if push is not None:
                frames += (push,)
        else:
            if fr.column != col:
                frames = self._close_to(col, frames)
            if frames[-1].kind == "alts":  # the alternatives of a `cases … with` end here (or an error)
                return self._step_text(raw, explicit)
            frames = list(frames)
            tac, next_n = self._run_parsed(parsed, col, frames, self.next_n, True)
            frames = tuple(frames)
        if not self.auto_names:
            return ProofState(self.theorem, frames, (self.lines, text), self.line_no + 1, False, next_n,
                              self.strict, self.nd)
        return ProofState(self.theorem, frames,
                          (self.lines, text[:col] + _rename_line(content, tac, self._fresh(self.next_n))),
                          self.line_no + 1, True, next_n, self.strict, self.nd)

    def _step_text(self, raw: str, explicit: bool) -> "ProofState":
        text = raw
        cache = True  # whether the hot path may take this text next time (no comment, indented, plain)
        if "-" in text and ("--" in text or "/-" in text):  # cheap prefilter: only lines with a comment pay
            text = _blank(text)
            cache = False
        if text[-1:].isspace():
            text = text.rstrip()
        if not text or text.isspace():
            return ProofState(self.theorem, self.frames, self.lines, self.line_no + 1, self.auto_names, self.next_n,
                              self.strict, self.nd)
        content = text.lstrip(" ")
        col = len(text) - len(content)
        if content.startswith("\t"):
            raise Failure("parse", "tabs are not allowed; please configure your editor to expand them", col)
        frames = self.frames
        if col == 0:
            if explicit:
                raise Failure("parse", "unexpected token at column 0; expected an indented tactic block", 0)
            cache = False
            # no indentation: the step goes to the innermost block that still has goals
            frames = list(frames)
            while len(frames) > 1 and (not frames[-1].goals or content[:1] == "|" and frames[-1].kind == "alt"):
                frames = self._close_top(frames)
            fr = frames[-1]
            col = fr.column if fr.column is not None else _parent_col(frames) + (2 if fr.kind != "alts" else 0)
            text = " " * col + content
        elif frames[-1].column != col:
            frames = self._close_to(col, frames)
        frames = list(frames)
        next_n = self.next_n
        if content[:1] == "|" or frames[-1].kind == "alts":  # `cases h with` alternatives
            if content[:1] == "|":
                return self._alternative(text, content, col, frames)
            fr = frames[-1]
            if fr.column is None:
                raise Failure("parse", "expected '|' (an alternative `| ctor names => …` of `cases … with`)", col)
            frames = self._close_top(frames)  # every alternative given: the block ends
            if frames[-1].column != col:
                frames = list(self._close_to(col, frames))
        if is_combinator(content) and (";" not in content or takes_rest(content)):
            tac, next_n = self._run_combinator(content, col, frames, next_n, True)
            return ProofState(self.theorem, tuple(frames), (self.lines, text), self.line_no + 1, self.auto_names,
                              next_n, self.strict, self.nd)
        if ";" not in content or _alternatives_inline(content):  # `| inl a => t1; t2`: the alternative's `;`
            parsed = _parse(content, col)
            if cache and "sorry" not in raw and not scope_sensitive(raw):  # a hole (core/steps/holes.py), a line read
                # differently under `import Mathlib` (core/steps/library_tactics.py): never replayed from the cache
                t = parsed.tactic  # plain: the hot path in `_step` may run it (no bullet, nothing inline)
                plain = parsed.bullet_col is None and t.inline is None and t.kind != "show" and \
                    (t.kind != "have" or t.formula is not None)
                remember_line(raw, (text, content, col, parsed, plain))
            tac, next_n = self._run_parsed(parsed, col, frames, next_n, True)
            if not self.auto_names:
                return ProofState(self.theorem, tuple(frames), (self.lines, text), self.line_no + 1,
                                  False, next_n, self.strict, self.nd)
            line_text = _rename_line(content, tac, self._fresh(self.next_n))
        else:
            # `t1; t2` (sepByIndentSemicolon, src/Lean/Parser/Term.lean: `tacticSeq1Indented`): the later
            # tactics run in the innermost block the earlier ones leave (a bullet's or a nested `by`'s);
            # a trailing `;` is allowed.
            if self.strict and ";" in content.replace("<;>", ""):
                raise Failure("unsupported", "`;` between tactics is outside the natural-deduction subset "
                              "(strict_nd)", col + content.replace("<;>", "   ").index(";"))
            pieces = _split_semicolons(content, col)
            renamed = []
            for k, (piece, pcol) in enumerate(pieces):
                before = next_n
                run = self._run_all_goals if "<;>" in piece else self._run
                tac, next_n = run(piece, pcol, frames, next_n, k == 0)
                renamed.append(piece if not self.auto_names else _rename_line(piece, tac, self._fresh(before)))
            line_text = "; ".join(renamed)
        return ProofState(self.theorem, tuple(frames), (self.lines, text[:col] + line_text), self.line_no + 1,
                          self.auto_names, next_n, self.strict, self.nd)

    def _alternative(self, text: str, content: str, col: int, frames: list) -> "ProofState":
        fr = frames[-1]
        if fr.kind == "alts" and fr.column is None:
            if col < _parent_col(frames):
                raise Failure("unsupported", "alternatives left of their `cases` are outside gentzen's proof language",
                              col)
            frames[-1] = Frame(fr.kind, col, fr.goals, fr.opener, fr.pending)
        elif fr.kind == "alts" and fr.column != col:
            raise Failure("unsupported", "alternatives of one `cases … with` at different columns are outside "
                          "gentzen's proof language", col)
        if self.strict:
            raise Failure("unsupported", "`cases … with` alternatives are outside the natural-deduction subset "
                          "(strict_nd)", col)
        rest, rest_col, names = open_alternative(frames, content, col, self.line_no)
        next_n = bump(names, self.next_n)
        if rest.strip():  # `| inl a => t1; t2`: the alternative's block starts on this line
            pieces = _split_semicolons(rest.rstrip(" "), rest_col) if ";" in rest else [(rest.rstrip(" "), rest_col)]
            for k, (piece, pcol) in enumerate(pieces):
                run = self._run_all_goals if "<;>" in piece else self._run
                _tac, next_n = run(piece, pcol, frames, next_n, k == 0)
        return ProofState(self.theorem, tuple(frames), (self.lines, text), self.line_no + 1, self.auto_names,
                          next_n, self.strict, self.nd)
