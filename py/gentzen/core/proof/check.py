"""The kernel's entry points: `start` (the proof state before the first step) and `check_proof` (a
tactic block or a whole `theorem … := by …` / `:= term` text, checked line by line; tactics that
span lines are grouped only after a failure, so the hot path pays nothing for them)."""

from __future__ import annotations

from gentzen.core.text.comments import blank_comments, comment_spans
from gentzen.core.elaboration.constants import ASK_LEAN, ND_SCOPE, OPENS, ElabErr
from gentzen.core.elaboration.elab import Elaborator
from gentzen.core.logic.formula import trim_cache
from gentzen.core.steps.frames import Failure, Frame, bump
from gentzen.core.proof.goals import Goal, show_atoms
from gentzen.core.text.layout import continued, deeper, term_lines
from gentzen.core.elaboration.lemmas import LEMMAS
from gentzen.core.steps.proof_lines import _col_of, _line_col
from gentzen.core.proof.results import CheckResult, KernelError, StepError
from gentzen.core.proof.state import ProofState
from gentzen.core.parsing.term_parser import parse_term
from gentzen.core.parsing.terms import SyntaxErr
from gentzen.core.proof.theorem import Theorem, UnsupportedStatement, parse_theorem, split_surface
from gentzen.core.text.words import find_forbidden
from gentzen.errors import LimitError, ParseError


_INITIAL: dict[Theorem, tuple] = {}  # bounded (formula.trim_cache), no stop-the-world clear


_INITIAL_MAX = 100_000


def start(theorem: Theorem | str, *, auto_names: bool = False, strict_nd: bool = False,
          nd_import: bool = False) -> ProofState:
    """The proof state before the first step. `nd_import`: the file has `import Gentzen.ND`, so the rule
    tactics and theorems of lean/Gentzen/ND.lean are in scope (gentzen/core/elaboration/nd.py)."""
    thm = theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)
    init = _INITIAL.get(thm)
    if init is None:  # the initial frame depends only on the theorem: samplers restart it constantly
        ctx = thm.context()
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
    earlier theorems of the file the kernel accepted (name -> core.lemmas.Lemma).
    Long because the checks run in the order Lean's front end makes them (statement, header, body), each
    answering with Lean's own error."""
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
    end, n = state.step_groups(groups, True)
    if isinstance(end, StepError):
        return CheckResult(False, end.error, n)
    err = end.finish()
    return CheckResult(err is None, err, n)


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
        return CheckResult(False, KernelError(line, col, e.kind, show_atoms(e.message, goal.ctx)))
    except LimitError as e:
        line, col = _line_col(s, k)
        return CheckResult(False, KernelError(line, col, "unsupported",
                                              f"{e.message} (a limit of gentzen's kernel, not of Lean)"))
    return CheckResult(True, None, 1)
