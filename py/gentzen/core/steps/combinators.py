"""Tactic combinators and focusing, as Lean's Elab/Tactic/BuiltinTactic.lean and Init/Tactics.lean run them.

`try`, `repeat`, `first | … | …`, `all_goals`, `any_goals`, `skip`, `done`, `( … )`, `{ … }`, `case tag x =>`,
`next x =>`, `by_cases h : φ` and `nomatch h`, written on one line; their tactics run through the kernel's own
`ProofState._run`, so everything they contain is checked exactly as a line of its own would be.
"""

from __future__ import annotations

import re

from gentzen.core.elaboration.constants import ElabErr
from gentzen.core.elaboration.elab import Elaborator
from gentzen.core.logic.formula import FALSE, Not, parse_formula, to_lean
from gentzen.core.proof.goals import Goal
from gentzen.core.parsing.term_parser import parse_term
from gentzen.core.parsing.terms import App, Id, SyntaxErr
from gentzen.core.text.words import DECL_END
from gentzen.core.steps.frames import Failure, Frame
from gentzen.errors import ParseError

WORDS = frozenset("try repeat first all_goals any_goals skip done case next by_cases nomatch rename_i specialize".split())
# Failures a combinator catches (Lean's `first`/`try` catch every exception a tactic throws); parse errors,
# `unsupported` (the kernel cannot decide) and `forbidden` go through.
_CATCH = frozenset(("tactic_failed", "type_mismatch", "unknown_identifier", "no_goals", "unsolved_goals"))
_MAX_REPEAT = 1000  # `repeat` on a tactic that never fails would loop forever in Lean too (maxRecDepth there)
_CASE = re.compile(r"(case|next)((?:\s+[^\s=|]+)*)\s*=>")
_BY_CASES = re.compile(r"by_cases\s+(?:([^\W\d][\w'!?₀-₉]*)\s*:\s*)?(.+)$")


def is_combinator(content: str) -> bool:
    """Whether a tactic (after an optional bullet) is one of this module's forms."""
    c = content[2:] if content[:2] in ("· ", ". ") else content
    return c[:1] in "({" or c.split(" ", 1)[0] in WORDS


def takes_rest(content: str) -> bool:
    """`try t1; t2` is `try (t1; t2)`: these words take the rest of the line as their tactic sequence."""
    c = content[2:] if content[:2] in ("· ", ". ") else content
    # (`t <;> · a; b`: the bullet's tactic sequence, tacticSeqIndentGt, takes the rest of the line too)
    return c.split(" ", 1)[0] in ("try", "repeat", "all_goals", "any_goals", "first", "case", "next") or \
        "<;> · " in c or "<;> . " in c


def split_top(text: str, sep: str) -> list[tuple[int, int]]:
    """Spans of `text` between top-level `sep`s (not inside `()`, `{}`, `⟨⟩`; `;` not the one in `<;>`)."""
    out, depth, start, i, n = [], 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c in "({⟨[":
            depth += 1
        elif c in ")}⟩]":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i) and not (sep == ";" and text[i - 1: i + 2] == "<;>"):
            out.append((start, i))
            start = i + len(sep)
            i += len(sep)
            continue
        i += 1
    out.append((start, n))
    return out


def _closing(text: str, open_at: int) -> int:
    """Index of the bracket closing the one at `open_at`, or -1."""
    pairs = {"(": ")", "{": "}"}
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] in "({⟨[":
            depth += 1
        elif text[i] in ")}⟩]":
            depth -= 1
            if depth == 0:
                return i if text[i] == pairs[text[open_at]] else -1
    return -1


def run_seq(state, text: str, col: int, frames: list, next_n: int) -> int:
    """`t1; t2; …` on the current goals (frames updated in place); returns the next free nK."""
    if DECL_END in text:  # lines layout.continued joined but could not place (a line left of its block, …)
        raise Failure("unsupported", "tactics over several lines in this layout are outside gentzen's proof "
                      "language; Lean may accept it (check with `--backend repl` or `--backend both`)", col)
    spans = split_top(text, ";")
    for k, (a, _b) in enumerate(spans):  # `first | t1; t2 | t3`, `try t1; t2`: the rest of the line is theirs
        if takes_rest(text[a:].lstrip(" ")):
            spans = spans[:k] + [(a, len(text))]
            break
    for a, b in spans:
        chunk = text[a:b]
        piece = chunk.strip(" ")
        if not piece:
            if b == len(text) and a > 0:
                break  # a trailing `;`
            raise Failure("parse", "unexpected token ';'; expected tactic", col + a)
        pcol = col + a + len(chunk) - len(chunk.lstrip(" "))
        run = state._run_all_goals if "<;>" in piece else state._run
        _t, next_n = run(piece, pcol, frames, next_n, False)
    return next_n


def run_combinator(state, content: str, col: int, frames: list, next_n: int) -> int:
    """Run one combinator form on `frames` (updated in place); returns the next free nK.
    Long because it is one dispatch over the combinator forms (`<;>`, `first`, `try`, `repeat`, `all_goals`,
    …): a branch per form, each mirroring its Lean tactic."""
    if content[:2] in ("· ", ". "):  # a bullet around it: focus the main goal (`cdot`, closeUsingOrAdmit)
        fr = frames[-1]
        if not fr.goals:
            raise Failure("no_goals", "No goals to be solved", col, col + 1)
        rest = content[2:].lstrip(" ")
        tcol = col + len(content) - len(rest)
        frames[-1] = Frame(fr.kind, fr.column, fr.goals[1:], fr.opener, fr.pending)
        frames.append(Frame("bullet", tcol, fr.goals[:1], (state.line_no, col)))
        return run_combinator(state, rest, tcol, frames, next_n)
    if content[0] in "({":
        end = _closing(content, 0)
        if end < 0:  # the block goes on over the next lines (Lean reads them): not the one-line form modelled here
            raise Failure("unsupported", f"a `{content[0]} … {')' if content[0] == '(' else '}'}` block over several "
                          "lines is outside gentzen's proof language; Lean may accept it (check with `--backend repl` "
                          "or `--backend both`)", col)
        if content[end + 1:].strip():
            raise Failure("unsupported", "a tactic after a closing bracket on the same line is outside gentzen's "
                          "proof language; Lean may accept it (check with `--backend repl` or `--backend both`)",
                          col + end + 1)
        inner = content[1:end]
        if DECL_END in inner:  # a term-mode `have` ended by the column rule inside the brackets
            raise Failure("unsupported", f"a `{content[0]} … {content[end]}` block over several lines is outside "
                          "gentzen's proof language; Lean may accept it (check with `--backend repl` or `--backend "
                          "both`)", col)
        icol = col + 1 + len(inner) - len(inner.lstrip(" "))
        if content[0] == "(":  # `paren`: the sequence, nothing more
            return run_seq(state, inner.strip(" "), icol, frames, next_n)
        # `{ tacs }` (evalTacticSeqBracketed): focus the main goal, close it, unsolved goals at `}`
        return _focused(state, inner.strip(" "), icol, frames, next_n, (state.line_no, col + end), col)
    word = content.split(" ", 1)[0]
    rest = content[len(word):]
    rcol = col + len(word) + len(rest) - len(rest.lstrip(" "))
    rest = rest.strip(" ")
    if word in ("skip", "done"):
        if rest:
            raise Failure("parse", f"unexpected token after `{word}`; expected tactic", rcol)
        if word == "done" and frames[-1].goals:  # `done` (Term.reportUnsolvedGoals)
            raise Failure("unsolved_goals", "unsolved goals\n" + "\n\n".join(g.render() for g in frames[-1].goals),
                          col, col + 4)
        return next_n
    if word in ("try", "repeat"):
        # `try t` is `first | t | skip`; `repeat t` is `first | (t; repeat t) | skip` (Init/Tactics.lean)
        for _ in range(_MAX_REPEAT if word == "repeat" else 1):
            saved = list(frames)
            try:
                next_n = _sub(state, rest, rcol, frames, next_n)
            except Failure as f:
                if f.kind not in _CATCH:
                    raise
                frames[:] = saved
                return next_n
            if word == "repeat" and [fr.goals for fr in frames] == [fr.goals for fr in saved]:
                return next_n  # no progress: Lean would loop until maxRecDepth; the state is the same
        if word == "repeat":
            raise Failure("unsupported", f"`repeat` ran {_MAX_REPEAT} times (a limit of gentzen's kernel)", col)
        return next_n
    if DECL_END in rest:  # tactics over several lines inside a combinator's alternatives (layout.continued)
        raise Failure("unsupported", f"`{word}` with tactics over several lines is outside gentzen's proof language; "
                      "Lean may accept it (check with `--backend repl` or `--backend both`)", col)
    if word == "first":  # evalFirst: the alternatives in order, the last one's error
        if not rest:  # alternatives on the next lines that layout.continued did not join
            raise Failure("unsupported", "`first` with its alternatives on the following lines is outside gentzen's "
                          "proof language; Lean may accept it (check with `--backend repl` or `--backend both`)", col)
        if not rest.startswith("|"):
            raise Failure("parse", "expected '|'", rcol)
        alts = [(a, b) for a, b in split_top(rest, "|")][1:]
        for k, (a, b) in enumerate(alts):
            chunk = rest[a:b]
            saved = list(frames)
            try:
                return _sub(state, chunk.strip(" "), rcol + a + len(chunk) - len(chunk.lstrip(" ")), frames, next_n)
            except Failure as f:
                if f.kind not in _CATCH or k == len(alts) - 1:
                    raise
                frames[:] = saved
    if word in ("all_goals", "any_goals"):
        return _each_goal(state, word, rest, rcol, col, frames, next_n)
    if word in ("case", "next"):
        return _case(state, content, col, frames, next_n)
    if word == "by_cases":
        return _by_cases(state, content, col, frames, next_n)
    if word == "nomatch":
        return _nomatch(content, rest, rcol, col, frames, next_n)
    fr = frames[-1]
    if not fr.goals:
        raise Failure("no_goals", "No goals to be solved", col, col + len(word))
    if word == "rename_i":  # evalRenameInaccessibles: renameInaccessibles on the main goal
        goal = _rename_inaccessibles(fr.goals[0], rest.split(), col)
        frames[-1] = Frame(fr.kind, fr.column, (Goal(goal.ctx, goal.target, fr.goals[0].tag),) + fr.goals[1:],
                           fr.opener, fr.pending)
        return next_n
    return _specialize(rest, rcol, col, frames, next_n)


def _sub(state, text: str, col: int, frames: list, next_n: int) -> int:
    """A nested tactic sequence; a block it would leave open (`have … := by` with no tactic) is refused."""
    depth = len(frames)
    next_n = run_seq(state, text, col, frames, next_n)
    if len(frames) > depth:
        while len(frames) > depth and not frames[-1].goals:
            frames[:] = state._close_top(frames)
        if len(frames) > depth:
            raise Failure("unsupported", "a block left open inside a combinator is outside gentzen's proof language; "
                          "Lean may accept it (check with `--backend repl` or `--backend both`)", col)
    return next_n


def _focused(state, text: str, col: int, frames: list, next_n: int, opener: tuple, at: int) -> int:
    """Run `text` on the main goal alone; it must close it (closeUsingOrAdmit), else unsolved goals at `opener`."""
    fr = frames[-1]
    if not fr.goals:
        raise Failure("no_goals", "No goals to be solved", at, at + 1)
    frames[-1] = Frame(fr.kind, fr.column, fr.goals[1:], fr.opener, fr.pending)
    frames.append(Frame("bullet", col, fr.goals[:1], opener))
    next_n = _sub(state, text, col, frames, next_n)
    frames[:] = state._close_top(frames)
    return next_n


def _each_goal(state, word: str, text: str, col: int, at: int, frames: list, next_n: int) -> int:
    """`all_goals t` / `any_goals t` (evalAllGoals / evalAnyGoals): t on each goal of the block alone."""
    fr = frames[-1]
    out: list[Goal] = []
    first_error = None
    succeeded = False
    for g in fr.goals:
        sub = frames[:-1] + [Frame("bullet", col, (g,), fr.opener)]
        try:
            next_n = _sub(state, text, col, sub, next_n)
            out.extend(sub[-1].goals)
            succeeded = True
        except Failure as f:
            if f.kind not in _CATCH or word == "all_goals":
                raise  # all_goals: the first failure is the error (logged, the proof is invalid)
            first_error = first_error or f
            out.append(g)
    if word == "any_goals" and not succeeded and fr.goals:
        raise Failure("tactic_failed", "failed on all goals", at, at + len(word))
    frames[-1] = Frame(fr.kind, fr.column, tuple(out), fr.opener, fr.pending)
    return next_n


def _case(state, content: str, col: int, frames: list, next_n: int) -> int:
    """`case tag x y => tacs` / `next x y => tacs` (evalCase; `next` is `case _`): the goal with that tag
    (exact, then suffix, then prefix: findTag?), its last inaccessible hypotheses renamed x y
    (renameInaccessibles), untagged, must be closed; unsolved goals at `=>`. The other goals stay."""
    m = _CASE.match(content)
    if m is None:
        raise Failure("parse", "expected '=>'", col + len(content))
    if "|" in content[: m.end()]:
        raise Failure("unsupported", "`case` with several tags is outside gentzen's proof language", col)
    args = m.group(2).split()
    tag = "_" if m.group(1) == "next" else (args.pop(0) if args else "")
    if not tag:
        raise Failure("parse", "expected identifier or '_'", col + 4)
    fr = frames[-1]
    if not fr.goals:
        raise Failure("no_goals", "No goals to be solved", col, col + 4)
    if tag != "_" and any("✝" in g.tag for g in fr.goals):
        raise Failure("unsupported", "`case` among goals whose tags carry a macro scope (`apply h` with several "
                      "arguments) is outside gentzen's proof language; Lean may accept it (check with `--backend "
                      "repl` or `--backend both`)", col, col + 4)
    k = 0 if tag == "_" else _find_tag(fr.goals, tag)
    if k is None:
        tags = [g.tag for g in fr.goals if g.tag]
        head = f"Case tag '{tag}' not found."
        msg = (f"{head}\n\nThere are no cases to select." if not tags else
               f"{head}\n\nThe only available case tag is '{tags[0]}'." if len(tags) == 1 else
               _available(head, tags))
        raise Failure("tactic_failed", msg, col, col + 4)
    goal = _rename_inaccessibles(fr.goals[k], args, col)
    frames[-1] = Frame(fr.kind, fr.column, fr.goals[:k] + fr.goals[k + 1:], fr.opener, fr.pending)
    arrow = col + m.end() - 2
    rest = content[m.end():]
    rcol = col + m.end() + len(rest) - len(rest.lstrip(" "))
    frames.append(Frame("bullet", None if not rest.strip() else rcol, (Goal(goal.ctx, goal.target, ""),),
                        (state.line_no, arrow)))
    if rest.strip():
        next_n = _sub(state, rest.strip(" "), rcol, frames, next_n)
    return next_n


def _available(head: str, tags: list[str]) -> str:
    """`Available tags:` + a grouped, nested comma list: one line when it fits Lean's width (120), else one
    tag per line indented by 2 (`commaList` in getCaseGoals)."""
    flat = f"{head}\n\nAvailable tags: " + ", ".join(f"'{t}'" for t in tags)
    if len(flat.rsplit("\n", 1)[-1]) <= 120:
        return flat
    return f"{head}\n\nAvailable tags:" + ",".join(f"\n  '{t}'" for t in tags)


def _find_tag(goals, tag: str):
    parts = tag.split(".")
    for test in (lambda t: t == parts, lambda t: t[len(t) - len(parts):] == parts, lambda t: t[: len(parts)] == parts):
        for i, g in enumerate(goals):
            if g.tag and test(g.tag.split(".")):
                return i
    return None


def _rename_inaccessibles(goal: Goal, names: list[str], col: int) -> Goal:
    if not names:
        return goal
    ctx = list(goal.ctx)
    todo = list(names)
    seen: set = set()
    for j in range(len(ctx) - 1, -1, -1):
        name, ty, inacc = ctx[j]
        if inacc or name in seen:
            new = todo.pop()
            if new != "_":
                ctx[j] = (new, ty, False)
            if not todo:
                break
        seen.add(name)
    if todo:
        raise Failure("tactic_failed", "too many variable names provided", col)
    return Goal(tuple(ctx), goal.target, goal.tag)


def _by_cases(state, content: str, col: int, frames: list, next_n: int) -> int:
    """`by_cases h : φ` (Init/ByCases.lean: `refine if h : φ then ?pos else ?neg` under `open Classical`): goals
    `pos` with `h : φ` and `neg` with `h : ¬φ`, the hypothesis last; without a name it is inaccessible `h✝`."""
    m = _BY_CASES.match(content)
    if m is None:
        raise Failure("parse", "expected term", col + len(content))
    name, src = m.group(1), m.group(2).rstrip(" ")
    fcol = col + m.start(2)
    fr = frames[-1]
    if not fr.goals:
        raise Failure("no_goals", "No goals to be solved", col, col + 8)
    goal = fr.goals[0]
    try:
        phi = parse_formula(src, lean=True)
    except ParseError as e:
        raise Failure("unsupported", f"`by_cases` on `{src}`: the kernel reads propositional formulas only ({e.message})",
                      fcol) from None
    for a in phi.atom_names():
        ty = goal.lookup(a)
        if ty is None:
            raise Failure("unknown_identifier", f"Unknown identifier `{a}`", fcol)
        if ty != "Prop":
            raise Failure("type_mismatch", f"type expected, got\n  ({a} : {to_lean(ty)})", fcol)
    hyp, inacc = (name, False) if name else ("h", True)
    pos = Goal(goal.ctx + ((hyp, phi, inacc),), goal.target, "pos")
    neg = Goal(goal.ctx + ((hyp, Not(phi), inacc),), goal.target, "neg")
    frames[-1] = Frame(fr.kind, fr.column, (pos, neg) + fr.goals[1:], fr.opener, fr.pending)
    return next_n


def _nomatch(content: str, rest: str, rcol: int, col: int, frames: list, next_n: int) -> int:
    """`nomatch h` with `h : False` closes the goal (no constructor to match); other types are not modelled."""
    fr = frames[-1]
    if not fr.goals:
        raise Failure("no_goals", "No goals to be solved", col, col + 7)
    ty = fr.goals[0].lookup(rest)
    if ty is None and re.fullmatch(r"[^\W\d][\w'!?₀-₉]*", rest):
        raise Failure("unknown_identifier", f"Unknown identifier `{rest}`", rcol, rcol + len(rest))
    if ty is not FALSE:
        raise Failure("unsupported", "`nomatch` on anything but a hypothesis of type `False` is outside gentzen's "
                      "proof language; Lean may accept it (check with `--backend repl` or `--backend both`)", col)
    frames[-1] = Frame(fr.kind, fr.column, fr.goals[1:], fr.opener, fr.pending)
    return next_n


def _specialize(rest: str, rcol: int, col: int, frames: list, next_n: int) -> int:
    """`specialize h a₁ … aₙ` (Lean/Elab/Tactic/Specialize.lean): `h a₁ … aₙ` is elaborated, asserted under h's
    name at the end of the context, and the old h cleared."""
    fr = frames[-1]
    goal = fr.goals[0]
    try:
        term = parse_term(rest, rcol)
    except SyntaxErr as e:
        raise Failure(e.kind, e.message, e.col, e.end) from None
    head = term.fn if isinstance(term, App) else term
    if not isinstance(head, Id) or goal.lookup(head.name) is None or not isinstance(term, App):
        raise Failure("tactic_failed", "'specialize' requires a term of the form `h x_1 .. x_n` where `h` appears "
                      "in the local context", col, col + 10 + len(rest))
    try:
        ty = Elaborator(goal.ctx, goal.names).infer(term, None)
    except ElabErr as e:
        raise Failure(e.kind, e.message, e.col, e.end) from None
    ctx = list(goal.ctx)
    for i in range(len(ctx) - 1, -1, -1):
        if ctx[i][0] == head.name and not ctx[i][2]:
            del ctx[i]
            break
    new = Goal(tuple(ctx) + ((head.name, ty, False),), goal.target, goal.tag)
    frames[-1] = Frame(fr.kind, fr.column, (new,) + fr.goals[1:], fr.opener, fr.pending)
    return next_n
