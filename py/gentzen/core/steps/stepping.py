"""Running tactics inside a proof state's open blocks: a line's first tactic enters its block, bullets
and `have … := by` open new ones, `t1 <;> t2` runs t2 on every goal t1 leaves, one-line `cases … with`
alternatives run in turn, and finished blocks close. A base class of state.ProofState."""

from __future__ import annotations

from gentzen.core.steps.combinators import is_combinator, run_combinator, run_seq, split_top
from gentzen.core.elaboration.constants import ASK_LEAN, ND_SCOPE, PROP, ElabErr, definite
from gentzen.core.steps.core_tactics import open_alternative
from gentzen.core.elaboration.elab import Elaborator
from gentzen.core.steps.frames import Failure, Frame, bump
from gentzen.core.proof.goals import Goal, shadow_rebound_atoms
from gentzen.core.steps.proof_lines import (_NO_TACTIC, _as_lean, _parent_col, _parse, _split_alternatives,
                                      _split_semicolons)
from gentzen.core.steps.strict import strict_check
from gentzen.core.parsing.syntax import parse_line
from gentzen.core.steps.tactics import run_tactic
from gentzen.core.parsing.terms import SyntaxErr, Tactic


class Stepping:
    """The block and tactic machinery of ProofState (state.py), which inherits it; no state of its own."""

    __slots__ = ()

    def _run(self, content: str, col: int, frames: list, next_n: int, first: bool):
        """Run one tactic (`t`, `· t`, `t1 <;> t2`, `have … := by t`) on `frames` (updated in place)."""
        if is_combinator(content):
            return self._run_combinator(content, col, frames, next_n, first)
        return self._run_parsed(_parse(content, col), col, frames, next_n, first)

    def _run_combinator(self, content: str, col: int, frames: list, next_n: int, first: bool):
        """`try`, `first`, `case`, `{ }`, … (core/steps/combinators.py); `tac` is None for auto_names renaming."""
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
            strict_check(tac, goal)
        if kind == "have" and tac.formula is None:
            try:
                tac = _infer_have(tac, goal)
            except Failure as f:
                raise _as_lean(f, goal) from None
        if self.nd:
            new_goals, push, next_n = self._tactic(tac, goal, next_n)
        else:  # the hot path: run_tactic directly
            try:
                new_goals, push, next_n = run_tactic(tac, goal, next_n, self.auto_names, self.line_no)
            except Failure as f:
                raise _as_lean(f, goal) from None
        if self.strict and kind == "apply" and len(new_goals) > 1 and "✝" in new_goals[0].tag:
            raise Failure("unsupported", "`apply` of a hypothesis leaving several goals is outside the "
                          "natural-deduction subset (strict_nd)", tac.col, tac.end)
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

    def _bullet_then_all(self, content: str, col: int, frames: list, next_n: int, first: bool):
        """`· t1 <;> t2`: the bullet's sequence (`cdotTk tacticSeqIndentGt`, src/Lean/Parser/Term.lean) holds the
        whole `t1 <;> t2`: focus the main goal as `_run_parsed` does for a bullet, then run it there."""
        rest = content[1:].lstrip(" ")
        tcol = col + len(content) - len(rest)
        fr = frames[-1]
        if fr.column is None or first and col != fr.column:
            fr = self._enter(col, frames, first)
        if not fr.goals:
            raise Failure("no_goals", "No goals to be solved", col, col + 1)
        frames[-1] = Frame(fr.kind, fr.column, fr.goals[1:], fr.opener, fr.pending)
        frames.append(Frame("bullet", tcol, fr.goals[:1], (self.line_no, col)))
        return self._run_all_goals(rest, tcol, frames, next_n, False)

    def _run_all_goals(self, content: str, col: int, frames: list, next_n: int, first: bool):
        """`t1 <;> t2` (src/Init/Tactics.lean, `macro:1 x:tactic tk:" <;> " y:tactic:2`): t2 runs on every goal
        t1 produces (left-associative)."""
        if self.strict:
            raise Failure("unsupported", "`<;>` is outside the natural-deduction subset (strict_nd)",
                          col + content.index("<;>"))
        if content[:2] in ("· ", ". "):
            return self._bullet_then_all(content, col, frames, next_n, first)
        parts, pos = [], 0
        chunks = [content[a:b] for a, b in split_top(content, "<;>")] if "(" in content or "{" in content \
            else content.split("<;>")
        for k, chunk in enumerate(chunks):
            if chunk.lstrip(" ")[:2] in ("· ", ". "):  # a bullet takes the rest of the line (tacticSeqIndentGt)
                chunks[k:] = ["<;>".join(chunks[k:])]
                chunk = chunks[k]
            lead = len(chunk) - len(chunk.lstrip(" "))
            text = chunk.strip(" ")
            if not text and parts and pos + len(chunk) == len(content):
                # `t <;>` at the end of a line: Lean reads the next (deeper) lines as its right side
                raise Failure("unsupported", "a `<;>` whose right side is on the following lines is outside "
                              f"gentzen's proof language; {ASK_LEAN}", col + pos - 3)
            if not text and not parts:
                # a line starting with `<;>`: Lean's trailing tactic parser has no column check, so after another
                # tactic of the block it combines with that one (`apply h\n  <;> assumption`); not modelled
                raise Failure("unsupported", "a line starting with `<;>` (which Lean joins to the tactic before "
                              f"it) is outside gentzen's proof language; {ASK_LEAN}", col + pos + lead)
            if not text:
                raise Failure("parse", "unexpected token '<;>'; expected tactic", col + pos + lead)
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
            if text[:2] in ("· ", ". "):  # `t <;> · tacs` (cdot: `cdotTk tacticSeqIndentGt`, max precedence):
                produced = self._bullet_each(produced, text, tcol, frames, next_n)  # each goal focused, closed
                next_n = produced.pop()
                continue
            if is_combinator(text):  # `t <;> (try assumption)`: the combinator on each goal alone
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
                    strict_check(t2, g)
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

    def _bullet_each(self, goals, text: str, col: int, frames: list, next_n: int) -> list:
        """`· tacs` on each of `goals` in turn: focused, run, closed (unsolved goals at the `·`); [next_n]."""
        rest = text[2:]
        rcol = col + 2 + len(rest) - len(rest.lstrip(" "))
        fr = frames[-1]
        for g in goals:
            sub = frames[:-1] + [Frame(fr.kind, fr.column, (), fr.opener, fr.pending),
                                 Frame("bullet", rcol, (g,), (self.line_no, col))]
            next_n = run_seq(self, rest.strip(" "), rcol, sub, next_n)
            while len(sub) > len(frames):
                sub = self._close_top(sub)
        return [next_n]

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
            raise _as_lean(f, goal) from None

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
            if parent.goals[0].lookup(name) is PROP:  # the hypothesis re-uses an atom's name: it shadows it
                main = shadow_rebound_atoms(main)
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
