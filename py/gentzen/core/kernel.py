"""The embedded kernel: checks proofs line by line with Lean 4.32's semantics and messages.

`start(theorem)` gives a Markov `ProofState` (open blocks, their goals); `state.step(line)` runs
one tactic line and returns the next state or a `StepError` (a value, not an exception);
`check_proof` is `start` + `step` over every line + `finish`. The first error rejects the proof.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gentzen.core.comments import blank_comments, comment_spans
from gentzen.core.elab import ASK_LEAN, CONSTANTS, ND_SCOPE, OPENS, PROP, ElabErr, Elaborator, definite, lookup
from gentzen.core.formula import trim_cache
from gentzen.core.lemmas import LEMMAS
from gentzen.core.goals import Goal, shadowed_atoms
from gentzen.core.syntax import (FORBIDDEN, Anon, App, Ascr, Comp, Conn, DotId, Fun, Have, Id, Match,
                                  Proj, Show, SyntaxErr, Tactic, find_forbidden, parse_line, parse_term)
from gentzen.core.syntax import _LINE_CACHE, remember_line
from gentzen.core.layout import continued, deeper, term_lines
from gentzen.core.combinators import is_combinator, run_combinator, split_top, takes_rest
from gentzen.core.core_tactics import open_alternative
from gentzen.core.tactics import Failure, Frame, bump, run_tactic
from gentzen.core.theorem import Theorem, UnsupportedStatement, parse_theorem, split_surface
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
            for part in text.split("\n"):
                nxt = state.step(part, explicit=explicit)
                if isinstance(nxt, StepError):
                    return nxt
                state = nxt
            return state
        try:
            return self._step(text, explicit)
        except (Failure, LimitError) as e:
            return self._error(e)

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
        main = self.open_goals[:1]
        return ProofState(self.theorem, (Frame("top", None, tuple(main), (1, self.theorem.by_column)),), None, 2,
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
                raise _say_less(f, goal) from None
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
            if cache:
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

    def _run(self, content: str, col: int, frames: list, next_n: int, first: bool):
        """Run one tactic (`t`, `· t`, `t1 <;> t2`, `have … := by t`) on `frames` (updated in place)."""
        if is_combinator(content):
            return self._run_combinator(content, col, frames, next_n, first)
        return self._run_parsed(_parse(content, col), col, frames, next_n, first)

    def _run_combinator(self, content: str, col: int, frames: list, next_n: int, first: bool):
        """`try`, `first`, `case`, `{ }`, … (core/combinators.py); `tac` is None for auto_names renaming."""
        if self.strict:
            raise Failure("unsupported", f"`{content.split(' ', 1)[0]}` is outside the natural-deduction subset "
                          "(strict_nd)", col)
        self._enter(col, frames, first)
        return _NO_TACTIC, run_combinator(self, content, col, frames, next_n)

    def _run_parsed(self, parsed, col: int, frames: list, next_n: int, first: bool):
        fr = frames[-1]
        if fr.column is None or first and col != fr.column:  # (the common case needs no check: inline)
            fr = self._enter(col, frames, first)
        if parsed.bullet_col is not None:
            if not fr.goals:
                raise Failure("no_goals", "No goals to be solved", parsed.bullet_col, parsed.bullet_col + 1)
            frames[-1] = Frame(fr.kind, fr.column, fr.goals[1:], fr.opener, fr.pending)
            fr = Frame("bullet", parsed.tactic.col, fr.goals[:1], (self.line_no, parsed.bullet_col))
            frames.append(fr)
        return self._run_tactic(parsed.tactic, frames, next_n)

    def _enter(self, col: int, frames: list, first: bool) -> Frame:
        """The block a tactic at `col` runs in: the first tactic of a line must sit at its block's column (a
        fresh block takes it); later tactics of the line run in the innermost block."""
        fr = frames[-1]
        if first:
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
        elif fr.column is None:  # `have h : φ := by; t`: a `by` needs a tactic, not `;`
            raise Failure("parse", "unexpected token ';'; expected '{' or tactic", col - 1)
        return fr

    def _run_tactic(self, tac, frames: list, next_n: int):
        fr = frames[-1]
        if not fr.goals:
            raise Failure("no_goals", "No goals to be solved", tac.col, tac.end)
        goal = fr.goals[0]
        kind = tac.kind
        if kind == "show" and goal.target.unf is not tac.formula.unf:
            # `show t` makes the first goal whose target unifies with t the main goal (Init/Tactics.lean)
            k = next((i for i, g in enumerate(fr.goals) if g.target.unf is tac.formula.unf), 0)
            fr = Frame(fr.kind, fr.column, (fr.goals[k],) + fr.goals[:k] + fr.goals[k + 1:], fr.opener, fr.pending)
            frames[-1], goal = fr, fr.goals[0]
        if self.strict:
            _strict_check(tac, goal)
        if kind == "have" and tac.formula is None:
            tac = _infer_have(tac, goal)
        if self.nd:
            new_goals, push, next_n = self._tactic(tac, goal, next_n)
        else:  # the hot path: run_tactic directly
            try:
                new_goals, push, next_n = run_tactic(tac, goal, next_n, self.auto_names, self.line_no)
            except Failure as f:
                raise _say_less(f, goal) from None
        frames[-1] = Frame(fr.kind, fr.column, tuple(new_goals) + fr.goals[1:], fr.opener, fr.pending)
        if push is not None:
            frames.append(push)
            if tac.kind == "cases_with" and tac.inline is not None:  # `cases h with | inl a => t | inr b => t'`
                next_n = self._inline_alternatives(tac, frames, next_n)
            elif tac.inline is not None:  # one-line nested `by`: its first tactics are on this line
                if self.strict:
                    raise Failure("unsupported", "a `by` block on the `have` line is outside the natural-deduction "
                                  "subset (strict_nd)", tac.inline_col)
                inner, next_n = self._run(tac.inline, tac.inline_col, frames, next_n, True)
        return tac, next_n

    def _run_all_goals(self, content: str, col: int, frames: list, next_n: int, first: bool):
        """`t1 <;> t2` (src/Init/Tactics.lean, `macro:1 x:tactic tk:" <;> " y:tactic:2`): t2 runs on every goal
        t1 produces (left-associative)."""
        if self.strict:
            raise Failure("unsupported", "`<;>` is outside the natural-deduction subset (strict_nd)",
                          col + content.index("<;>"))
        parts, pos = [], 0
        chunks = [content[a:b] for a, b in split_top(content, "<;>")] if "(" in content or "{" in content \
            else content.split("<;>")
        for chunk in chunks:
            lead = len(chunk) - len(chunk.lstrip(" "))
            text = chunk.strip(" ")
            if not text and parts and pos + len(chunk) == len(content):
                # `t <;>` at the end of a line: Lean reads the next (deeper) lines as its right side
                raise Failure("unsupported", "a `<;>` whose right side is on the following lines is outside "
                              f"gentzen's proof language; {ASK_LEAN}", col + pos - 3)
            if not text:
                raise Failure("parse", "unexpected token '<;>'; expected tactic" if parts else
                              "unexpected token '<;>'; expected term", col + pos + lead)
            parts.append((text, col + pos + lead))
            pos += len(chunk) + 3
        head, hcol = parts[0]
        depth, waiting = len(frames), len(frames[-1].goals) - 1  # goals not touched by t1
        tac, next_n = self._run(head, hcol, frames, next_n, first)
        if len(frames) > depth and frames[-1].kind == "have":
            raise Failure("unsupported", f"`<;>` after `have … := by` is outside gentzen's proof language; {ASK_LEAN}",
                          hcol)
        if len(frames) > depth:  # a bullet: its block holds exactly what t1 produced
            waiting = 0
        fr = frames[-1]
        produced, rest = list(fr.goals[: len(fr.goals) - waiting]), fr.goals[len(fr.goals) - waiting:]
        for text, tcol in parts[1:]:
            if is_combinator(text):  # `t <;> (try assumption)`: the combinator on each goal alone
                if text[:2] in ("· ", ". "):
                    raise Failure("parse", "unexpected token '·'; expected tactic", tcol)
                out = []
                for g in produced:
                    sub = frames[:-1] + [Frame("bullet", tcol, (g,), fr.opener)]
                    _t, next_n = self._run_combinator(text, tcol, sub, next_n, True)
                    if len(sub) > len(frames):
                        raise Failure("unsupported", f"a block opened after `<;>` is outside gentzen's proof "
                                      f"language; {ASK_LEAN}", tcol)
                    out.extend(sub[-1].goals)
                produced = out
                continue
            try:
                parsed = parse_line(text, tcol)
            except SyntaxErr as e:
                raise Failure(e.kind, e.message, e.col, e.end) from None
            if parsed.bullet_col is not None:
                raise Failure("parse", "unexpected token '·'; expected tactic", parsed.bullet_col)
            t2 = parsed.tactic
            out = []
            for g in produced:
                if self.strict:
                    _strict_check(t2, g)
                if t2.kind == "have" and t2.formula is None:
                    t2g = _infer_have(t2, g)
                else:
                    t2g = t2
                ng, push, next_n = self._tactic(t2g, g, next_n)
                if push is not None:
                    raise Failure("unsupported", f"`have … := by` after `<;>` is outside gentzen's proof language; "
                                  f"{ASK_LEAN}", tcol)
                out.extend(ng)
            produced = out
        frames[-1] = Frame(fr.kind, fr.column, tuple(produced) + tuple(rest), fr.opener, fr.pending)
        return tac, next_n

    def _inline_alternatives(self, tac, frames: list, next_n: int) -> int:
        """All alternatives of `cases … with` on its own line: each runs and must close its goal, then the
        alternatives block ends (a missing alternative is an error at once)."""
        if self.strict:
            raise Failure("unsupported", "`cases … with` alternatives are outside the natural-deduction subset "
                          "(strict_nd)", tac.inline_col)
        for piece, pcol in _split_alternatives(tac.inline, tac.inline_col):
            while frames[-1].kind == "alt":
                frames[:] = self._close_top(frames)
            rest, rest_col, names = open_alternative(frames, piece, pcol, self.line_no)
            next_n = bump(names, next_n)
            if not rest.strip():
                raise Failure("parse", "expected a tactic after `=>`", rest_col)
            pieces = _split_semicolons(rest.rstrip(" "), rest_col) if ";" in rest else [(rest.rstrip(" "), rest_col)]
            for k, (sub, scol) in enumerate(pieces):
                run = self._run_all_goals if "<;>" in sub else self._run
                _tac, next_n = run(sub, scol, frames, next_n, k == 0)
        while frames[-1].kind in ("alt", "alts"):
            frames[:] = self._close_top(frames)
        return next_n

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

    def _tactic(self, tac, goal, next_n):
        if self.nd:  # (the ContextVar only when `import Gentzen.ND` is in effect: keeps plain steps fast)
            token = ND_SCOPE.set(True)
            try:
                return self._tactic_plain(tac, goal, next_n)
            finally:
                ND_SCOPE.reset(token)
        return self._tactic_plain(tac, goal, next_n)

    def _tactic_plain(self, tac, goal, next_n):
        try:
            return run_tactic(tac, goal, next_n, self.auto_names, self.line_no)
        except Failure as f:
            raise _say_less(f, goal) from None

    # ---- blocks
    def _close_top(self, frames: list) -> list:
        fr = frames[-1]
        if fr.kind == "alts" and fr.goals:  # Lean checks every constructor has its alternative
            line, col = fr.opener
            missing = fr.pending[0][0][0]  # Elab/Tactic/Induction.lean `evalAlts`, at the `cases` tactic
            raise Failure("tactic_failed", f"Alternative `{missing}` has not been provided", col, line=line)
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
        top = frames[-1].column
        if top is None and col >= 0 or top == col:  # nothing to close (a block's first line, or the same column)
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
_NO_TACTIC = Tactic("combinator", 0, 0)  # what `_run` answers for a combinator line (nothing to rename)


def _parse(content: str, col: int):
    try:
        return parse_line(content, col)
    except SyntaxErr as e:
        raise Failure(e.kind, e.message, e.col, e.end) from None


def _parent_col(frames) -> int:
    for fr in reversed(frames[:-1]):
        if fr.column is not None:
            return fr.column
    return 0


def _alternatives_inline(content: str) -> bool:
    """A `cases h with | … => …` line: its `;` separate tactics inside an alternative, not on the line."""
    body = content[2:] if content.startswith(("· ", ". ")) else content
    return body.startswith("cases ") and " with " in body and "=>" in body


def _split_alternatives(text: str, col: int) -> list[tuple[str, int]]:
    """`| inl a => t | inr b => t'` → each `| ctor … => t` with its column; a `|` inside ⟨⟩/() stays."""
    out, depth, start = [], 0, None
    for i, c in enumerate(text):
        if c in "⟨(":
            depth += 1
        elif c in "⟩)":
            depth -= 1
        elif c == "|" and depth == 0:
            if start is not None:
                out.append((text[start:i].rstrip(" "), col + start))
            start = i
    if start is None or text[:text.index("|")].strip():
        raise Failure("parse", "expected '|' (an alternative `| ctor names => …` of `cases … with`)", col)
    out.append((text[start:].rstrip(" "), col + start))
    for piece, pcol in out:
        if "=>" not in piece:
            raise Failure("unsupported", "a `|` inside an alternative's tactic on a one-line `cases … with` is "
                          "outside gentzen's proof language; put each alternative on its own line", pcol)
    return out


def _rename_line(content: str, tac, name: str) -> str:
    """With auto_names, spell out the name the environment assigned (`have :` → `have nK :`)."""
    if tac.kind in ("have", "have_by") and not tac.names:
        i = content.index("have") + 4
        return content[:i] + f" {name}" + content[i:]
    if tac.kind == "intro" and not tac.names:
        return content + f" {name}"
    return content


def _say_less(f: Failure, goal: Goal) -> Failure:
    """A failure whose message would print a shadowed proposition atom keeps only its first line: Lean prints
    that atom as `P✝` inside formulas, which the kernel's message printer does not model."""
    ren = shadowed_atoms(goal.ctx) if f.kind in ("type_mismatch", "tactic_failed") else None
    if not ren:
        return f
    shown = ", ".join(f"`{v}`" for v in ren.values())
    return Failure(f.kind, f.message.split("\n", 1)[0] + "\n(the rest of Lean's message is not reproduced: Lean "
                   f"prints the shadowed proposition atom as {shown} in it)", f.col, f.end, f.line)


def _blank(text: str) -> str:
    """`text` with its comments (`--`, nested `/- -/`, doc comments) as spaces, columns kept
    (`whitespace` in src/Lean/Parser/Basic.lean); an unterminated block comment is Lean's parse error."""
    spans = comment_spans(text)
    if not spans:
        return text
    last = spans[-1]
    if not last.terminated:
        raise Failure("parse", "unterminated comment", _col_of(text, len(text)))
    return blank_comments(text)


def _col_of(text: str, pos: int) -> int:
    return pos - (text.rfind("\n", 0, pos) + 1)


_TERM_DECL = re.compile(r"(?:^|\s)(?:exact|apply|refine|from|:=|=>|↦)\s+(?:.*\s)?(?:have|suffices)\s")


def _split_semicolons(content: str, col: int) -> list[tuple[str, int]]:
    """`t1; t2;` → [(t1, col1), (t2, col2)]: `;` but not the one inside `<;>` or brackets; a trailing `;` is allowed.
    `try t1; t2` is `try (t1; t2)` (`try`, `repeat`, `case … =>` … take a tactic sequence: the rest of the line)."""
    pieces = split_top(content, ";") if "(" in content or "{" in content else None
    if pieces is None:
        pieces, start = [], 0
        n = len(content)
        i = content.find(";")
        while i >= 0:
            if not (i > 0 and content[i - 1] == "<" and i + 1 < n and content[i + 1] == ">"):
                pieces.append((start, i))
                start = i + 1
            i = content.find(";", i + 1)
        pieces.append((start, n))
    n = len(content)
    for k, (a, _b) in enumerate(pieces):
        if takes_rest(content[a:].lstrip(" ")):
            pieces = pieces[:k] + [(a, n)]
            break
    if "have" in content or "suffices" in content:
        # `exact have h : φ := v; b`: the term parser takes the `;` (`have haveDecl optSemicolon(term)`)
        merged: list = []
        for a, b in pieces:
            if merged and _TERM_DECL.search(content[merged[-1][0]: merged[-1][1]]):
                merged[-1] = (merged[-1][0], b)
            else:
                merged.append((a, b))
        pieces = merged
    out = []
    for k, (a, b) in enumerate(pieces):
        chunk = content[a:b]
        text = chunk.strip(" ")
        if not text:
            if k == len(pieces) - 1 and k > 0:
                break  # trailing `;`
            raise Failure("parse", "unexpected token ';'; expected tactic", col + (b if b < n else a))
        out.append((text, col + a + len(chunk) - len(chunk.lstrip(" "))))
    return out


def _infer_have(tac, goal: Goal):
    """`have h := t`: the type is the one t has (Lean elaborates t without an expected type)."""
    try:
        ty = Elaborator(goal.ctx, goal.index()).infer(tac.term, None)
    except ElabErr as e:
        e = definite(e, tac.term)
        raise Failure(e.kind, e.message, e.col, e.end) from None
    if ty is PROP:
        raise Failure("unsupported", "`have` of a proposition (not a proof) is outside gentzen's proof language; "
                      + ASK_LEAN, tac.col, tac.end)
    return Tactic("have", tac.col, tac.end, names=tac.names, formula=ty, term=tac.term)


# Term forms outside the natural-deduction subset (strict_nd), and the fields it knew.
_ND_FIELDS = frozenset(("1", "2", "left", "right", "mp", "mpr"))


_PATTERN_KINDS = frozenset("assumption contradiction trivial show intros intro_pat rintro rcases obtain cases "
                           "cases_with refine".split())


def _strict_check(tac, goal: Goal) -> None:
    """strict_nd: refuse the surface syntax beyond the subset of docs/proof-language.md (`unsupported`)."""
    if tac.kind in _PATTERN_KINDS:  # the core tactics beyond the subset; rcases/obtain only in their ND shape
        pat = tac.term
        nd_shape = (tac.kind == "rcases" and pat[0] == "alts" or tac.kind == "obtain" and pat[0] == "tuple") and \
            len(pat[1]) == 2 and all(p[0] == "one" and p[1] != "_" for p in pat[1])
        if not nd_shape:
            word = "intro" if tac.kind == "intro_pat" else tac.kind.split("_")[0]
            raise Failure("unsupported", f"this `{word}` is outside the natural-deduction subset (strict_nd)",
                          tac.col, tac.end)
        return
    if tac.kind == "nd":  # the rule macros of `import Gentzen.ND` are natural-deduction steps
        for sub in tac.term:
            _strict_check(sub, goal)
        return
    if tac.kind == "have" and tac.formula is None:
        raise Failure("unsupported", "`have` without a type is outside the natural-deduction subset (strict_nd)",
                      tac.col, tac.end)
    if tac.term is not None:
        bad = _strict_term(tac.term, goal.ctx)
        if bad is not None:
            node, what = bad
            raise Failure("unsupported", f"{what} is outside the natural-deduction subset (strict_nd)", node.col,
                          node.end)


def _strict_term(t, ctx):
    if isinstance(t, Fun):
        return t, "`fun`"
    if isinstance(t, Show):
        return t, "`show … from`"
    if isinstance(t, Ascr):
        return t, "a type ascription `(t : φ)`"
    if isinstance(t, Comp):
        return t, "`∘`"
    if isinstance(t, Have):
        return t, f"term-mode `{t.kind}`"
    if isinstance(t, Match):
        return t, "`match`"
    if isinstance(t, DotId):
        return t, f"`.{t.name}`"
    if isinstance(t, Proj):
        if t.field not in _ND_FIELDS:
            return t, f"the field `.{t.field}`"
        return _strict_term(t.term, ctx)
    if isinstance(t, Id):
        if "." in t.name and lookup(ctx, t.name) is None and lookup(ctx, t.name.split(".")[0]) is not None:
            bad = [f for f in t.name.split(".")[1:] if f not in _ND_FIELDS]
            if bad:
                return t, f"the field `.{bad[0]}`"
        elif CONSTANTS.get(t.name, 0) > 0 and lookup(ctx, t.name) is None:
            return t, f"partial application of `{t.name}`"
        return None
    if isinstance(t, App):
        fn = t.fn
        if isinstance(fn, Id) and lookup(ctx, fn.name) is None and len(t.args) < CONSTANTS.get(fn.name, 0):
            return t, f"partial application of `{fn.name}`"
        for x in (fn,) + tuple(t.args):
            if isinstance(x, Id) and x is fn and (lookup(ctx, x.name) is not None or x.name in CONSTANTS):
                continue
            bad = _strict_term(x, ctx)
            if bad is not None:
                return bad
        return None
    if isinstance(t, (Anon, Conn)):
        for x in (t.items if isinstance(t, Anon) else t.args):
            bad = _strict_term(x, ctx)
            if bad is not None:
                return bad
    return None


# ---------------------------------------------------------------- entry points


_INITIAL: dict[Theorem, tuple] = {}  # bounded (formula.trim_cache), no stop-the-world clear
_INITIAL_MAX = 100_000


def start(theorem: Theorem | str, *, auto_names: bool = False, strict_nd: bool = False,
          nd_import: bool = False) -> ProofState:
    """The proof state before the first step. `nd_import`: the file has `import Gentzen.ND`, so the rule
    tactics and theorems of lean/Gentzen/ND.lean are in scope (gentzen/core/nd.py)."""
    thm = theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)
    init = _INITIAL.get(thm)
    if init is None:  # the initial frame depends only on the theorem: samplers restart it constantly
        ctx = tuple((a, PROP, False) for a in thm.atoms) + tuple((h, f, False) for h, f in thm.hyps)
        next_n = bump([h for h, _ in thm.hyps], 1)  # premises named nK push the fresh names past them
        init = ((Frame("top", None, (Goal(ctx, thm.goal, ""),), (1, thm.by_column)),), next_n)
        if len(_INITIAL) >= _INITIAL_MAX:
            trim_cache(_INITIAL)
        _INITIAL[thm] = init
    return ProofState(thm, init[0], None, 2, auto_names, init[1], strict_nd, nd_import)


def check_proof(theorem: Theorem | str, proof: str, *, strict_nd: bool = False,
                nd_import: bool = False, opens: tuple = (), lemmas: dict | None = None) -> CheckResult:
    """Check a tactic block, or a whole `theorem … := by …` / `theorem … := term` text whose statement must
    equal `theorem`. `strict_nd` keeps the natural-deduction subset (anything else is `unsupported`);
    `nd_import` says the file has `import Gentzen.ND` (its rule tactics and theorems are then in scope);
    `opens` are the namespaces the file opens (`open Classical`: `em p` is `Classical.em p`); `lemmas` the
    earlier theorems of the file the kernel accepted (name -> core.lemmas.Lemma)."""
    if lemmas:
        token = LEMMAS.set(lemmas)
        try:
            return check_proof(theorem, proof, strict_nd=strict_nd, nd_import=nd_import, opens=opens)
        finally:
            LEMMAS.reset(token)
    if opens:
        token = OPENS.set(tuple(opens))
        try:
            res = check_proof(theorem, proof, strict_nd=strict_nd, nd_import=nd_import)
        finally:
            OPENS.reset(token)
        e = res.error
        if e is not None and e.kind == "unknown_identifier":
            # an open namespace may hold the name (Lean resolves `x` to `N.x`); gentzen knows only the
            # propositional constants of its language, so it cannot say the name is missing
            return CheckResult(False, KernelError(
                e.line, e.column, "unsupported", f"{e.message}, unless one of the opened namespaces "
                f"{', '.join(f'`{o}`' for o in opens)} declares it (gentzen knows only its own constants); "
                + ASK_LEAN, e.end_line, e.end_column), res.steps)
        return res
    thm = theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)
    if not isinstance(proof, str):
        return CheckResult(False, KernelError(1, 0, "parse", "proof must be text"))
    text = proof.replace("\r\n", "\n")
    if "--" in text or "/-" in text:  # comments are whitespace: blanked before anything reads the text
        spans = comment_spans(text)
        if spans:
            if not spans[-1].terminated:
                bare = not text.lstrip("\ufeff").lstrip().startswith(("theorem", "example"))
                return CheckResult(False, KernelError(text.count("\n") + 1 + bare, _col_of(text, len(text)), "parse",
                                                      "unterminated comment"))
            text = blank_comments(text)
    if "theorem" not in text and "example" not in text:
        # a bare tactic block (what samplers send): split_surface's answer for it, without the call
        parts, given, body, first, by_pos = None, None, text.lstrip("\ufeff"), 2, None
    else:
        try:
            parts = split_surface(text)
        except LimitError as e:
            return CheckResult(False, KernelError(e.line or 1, e.column or 0, "unsupported",
                                                  f"{e.message} (a limit of gentzen's kernel, not of Lean)"))
        except ParseError as e:
            kind = "unsupported" if isinstance(e, UnsupportedStatement) else "parse"
            return CheckResult(False, KernelError(e.line or 1, e.column or 0, kind, e.message))
        given, body, first, by_pos = parts.theorem, parts.body, parts.first, parts.by_pos
    src = body if body is not None else parts.text[parts.term_at:]
    bad = find_forbidden(src)  # before anything else: no forbidden word reaches a checker
    if bad is not None:
        pos, word = bad
        if body is None:
            line, col = _line_col(parts.text, parts.term_at + pos)
        else:
            line, col = body.count("\n", 0, pos) + first, _col_of(body, pos)
        return CheckResult(False, KernelError(line, col, "forbidden", f"`{word}` is not allowed in a proof"))
    if given is not None and (given.atoms, given.hyps, given.goal) != (thm.atoms, thm.hyps, thm.goal):
        return CheckResult(False, KernelError(1, 0, "forbidden", "the proof changes the theorem statement"))
    if strict_nd and parts is not None and (body is None or parts.by_form != "own_line"):
        line, col = _line_col(parts.text, parts.term_at) if body is None else parts.by_pos
        what = ("a term-mode proof (`:= t`)" if body is None else
                "tactics on the `by` line" if parts.by_form == "same_line" else "`by` on the line after `:=`")
        return CheckResult(False, KernelError(line, col, "unsupported",
                                              f"{what}: outside the natural-deduction subset (strict_nd)"))
    if body is None:
        token = ND_SCOPE.set(nd_import)
        try:
            return _check_term(thm, parts)
        finally:
            ND_SCOPE.reset(token)
    state = start(thm, strict_nd=strict_nd, nd_import=nd_import)
    if first != 2 or (by_pos is not None and by_pos != (1, thm.by_column)):
        frames = state.frames
        if by_pos is not None:  # unsolved goals are reported at the text's own `by`
            top = frames[0]
            frames = (Frame(top.kind, top.column, top.goals, by_pos, top.pending),)
        state = ProofState(state.theorem, frames, None, first, False, state.next_n, strict_nd, nd_import)
    lines = body.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not body.strip():  # (the same as: no line has a non-space character)
        line, col = by_pos if by_pos is not None else (1, thm.by_column)
        return CheckResult(False, KernelError(line, col + 2, "parse", "unexpected end of input; expected '{'"))
    n = 0
    initial = state
    for ln in lines:  # (no `\n` in a line: `step` without its wrapper, one call less per line)
        try:
            state = state._step(ln, True)
        except (Failure, LimitError) as e:
            # A tactic continued on deeper lines fails line by line (a deeper line is no tactic of the block),
            # so the grouping into tactics spanning lines is only looked for after a failure: the hot path of
            # one tactic per line pays nothing for it.
            joined = continued(lines) if len(lines) > 1 and deeper(lines) else None
            if joined is not None:
                return _check_joined(initial, joined)
            return CheckResult(False, state._error(e).error, n)
        n += 1
    err = state.finish()
    return CheckResult(err is None, err, n)


def _check_joined(state: "ProofState", groups) -> CheckResult:
    """check_proof's loop over tactics spanning lines: each group is one step; positions are the physical ones."""
    n = 0
    first = state.line_no
    for text, segs in groups:
        try:
            nxt = state._step(text, True)
        except (Failure, LimitError) as e:
            err = state._error(e).error
            if len(segs) > 1 and err.line == state.line_no:
                off, idx, pcol = max((sg for sg in segs if sg[0] <= err.column), key=lambda sg: sg[0])
                if off:
                    err = KernelError(first + idx, err.column - off + pcol, err.kind, err.message)
            return CheckResult(False, err, n)
        state = nxt
        if len(segs) > 1:
            state = ProofState(state.theorem, state.frames, state.lines, state.line_no + len(segs) - 1,
                               state.auto_names, state.next_n, state.strict, state.nd)
        n += 1
    err = state.finish()
    return CheckResult(err is None, err, n)


def _line_col(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, _col_of(text, pos)


def _check_term(thm: Theorem, parts) -> CheckResult:
    """A term-mode proof `:= t`: t is elaborated against the goal, as `exact t` would be
    (`elabTermEnsuringType`; the mismatch message is the same `Type mismatch`)."""
    s, k = parts.text, parts.term_at
    src = s[k:]
    if "\t" in src:
        line, col = _line_col(s, k + src.index("\t"))
        return CheckResult(False, KernelError(line, col, "parse", "tabs are not allowed; please configure your "
                                              "editor to expand them"))
    flat = term_lines(src, _col_of(s, k)).rstrip(" ")
    if not flat:
        line, col = _line_col(s, len(s))
        return CheckResult(False, KernelError(line, col, "parse", "unexpected end of input; expected term"))
    goal = start(thm).frames[0].goals[0]
    try:
        Elaborator(goal.ctx).check(parse_term(flat, 0), thm.goal)
    except (SyntaxErr, ElabErr) as e:
        line, col = _line_col(s, k + e.col)
        return CheckResult(False, KernelError(line, col, e.kind, e.message))
    except LimitError as e:
        line, col = _line_col(s, k)
        return CheckResult(False, KernelError(line, col, "unsupported",
                                              f"{e.message} (a limit of gentzen's kernel, not of Lean)"))
    return CheckResult(True, None, 1)


__all__ = ["check_proof", "start", "CheckResult", "KernelError", "ProofState", "StepError", "KINDS", "FORBIDDEN"]
