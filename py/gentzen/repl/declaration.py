"""One `theorem`/`example` of a `gentzen repl` command, checked by the kernel and answered as Lean's REPL
answers it: messages at the text's positions, `sorries` (each `sorry` with its goal and a proof state of its
own, core/steps/holes.py), the unused-variables linter, `rootGoals` and `allTactics` entries.
"""

from __future__ import annotations

import re

from gentzen.core import kernel as K
from gentzen.core.text.comments import blank_comments
from gentzen.core.elaboration.constants import CONSTANTS
from gentzen.core.logic.formula import atoms_of
from gentzen.core.steps.holes import holes
from gentzen.core.proof.theorem import split_proof, split_surface
from gentzen.errors import GentzenError
from gentzen.repl import protocol as P
from gentzen.repl.repl_env import Outcome, ReplEnv

SORRY_WARNING = "declaration uses `sorry`"
_UNUSED = ("Variable name `{}` is not explicitly referenced.\n\nThe binding can be removed (if "
           "unused) or named `_` (if used implicitly).\n\nNote: This linter can be disabled with "
           "`set_option linter.unusedVariables false`")
_IDENT = re.compile(r"[^\W\d][\w'!?₀-₉]*")
_QUALIFIED = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")
_SORRY_WORD = re.compile(r"(?<![\w.'])sorry(?![\w'])")
_MODIFIERS = re.compile(r"(?:(?:private|protected|noncomputable)[ \t]+)+")


class Unsupported(Exception):
    """Outside the kernel's propositional subset: answered as an Error reply."""


def pos_at(text: str, offset: int, line0: int = 0) -> P.Pos:
    """Position of a character offset: 1-based line, 0-based code-point column (as Lean)."""
    line = text.count("\n", 0, offset)
    return P.Pos(line0 + line + 1, offset - (text.rfind("\n", 0, offset) + 1))


def _surface_theorem(decl: str):
    """The statement of a declaration in any form Lean reads (`:= t`, `:= by tac`), or None."""
    try:
        return split_surface(blank_comments(decl)).theorem
    except GentzenError:
        return None


def check_declaration(repl, env: ReplEnv, text: str, at: int, end: int, out: Outcome,
                      root_goals: bool, all_tactics: bool) -> ReplEnv:
    """Check text[at:end]; append what Lean would report to `out`; return the env with the theorem declared.
    `repl.new_proof(state, tainted)` allocates proof-state ids."""
    orig = text[at:end].rstrip()
    mods = _MODIFIERS.match(orig)
    if mods:  # `private theorem`: the modifier changes no verdict; blanked so positions stay the text's
        orig = " " * mods.end() + orig[mods.end():]
    if re.match(r"\s*lemma\b", orig):
        raise Unsupported("`lemma` is Mathlib's command; write `theorem`")
    line0 = text.count("\n", 0, at)
    # the statement as the file reader reads it after this env's commands (variables inserted, names resolved,
    # lemmas typed, what it does not model `unsupported`): a command means what the same text means in a file
    item = next((it for it in env.read(text[at:end]) if it.judged), None)
    if item is None or item.problem is not None:
        problem = item.problem if item is not None else None
        if problem is None or problem.kind == "unsupported":
            raise Unsupported(problem.message if problem is not None else "a declaration the reader cannot find")
        where = P.Pos(line0 + problem.line, problem.column)
        out.messages.append(P.Message("error", where, where, problem.message))
        return env.extended(text[at:end])
    lead = len(orig) - len(orig.lstrip(" "))
    decl = orig[:lead] + item.proof
    ins_at, ins_len = lead + item.inserted[0], item.inserted[1]
    whole = False  # the kernel checks the declaration as written (positions are the text's)
    try:
        # one parse of the statement: it is the costliest part of a request
        src = decl.lstrip(" ")
        top = re.search(r":=\s*by\b", src)
        if top is not None and src[top.end():].strip() == "sorry":  # `:= by sorry`: answered below
            src = src[: top.end()] + "\n"
        thm, proof, first = split_proof(src)
    except GentzenError as exc:
        # a term (`:= t`) or tactics on the `by` line: the kernel reads those forms too
        thm = _surface_theorem(decl.lstrip(" "))
        if thm is None:
            raise Unsupported(f"not a propositional theorem ({exc})") from None
        proof, first, whole = decl.lstrip(" "), 1, True
    m = re.match(r"\s*theorem\s+(\S+)", orig)
    ex = re.match(r"\s*example", orig)
    name_at = (m.start(1), m.end(1)) if m else (ex.end() - 7, ex.end())
    by = re.search(r":=\s*by\b", orig)
    if by is None and not whole:
        raise Unsupported("only tactic proofs (`:= by`) are supported")
    by_at = by.end() - 2 if by is not None else re.search(r":=\s*", orig).end()  # a term: where it starts
    name_pos = (pos_at(orig, name_at[0], line0), pos_at(orig, name_at[1], line0))
    state = K.start(thm, nd_import=env.nd)
    tail = orig[by.end():] if by is not None and not whole else ""
    if tail.strip() == "sorry":  # `:= by sorry`: one sorry holding the statement's goal
        s_at = by.end() + tail.index("sorry")
        out.sorries.append(P.Sorry(state.render(), repl.new_proof(state), pos_at(orig, s_at, line0),
                                   pos_at(orig, s_at + 5, line0)))
        out.messages.append(P.Message("warning", *name_pos, SORRY_WARNING))
    else:
        if tail.split("\n", 1)[0].strip():
            raise Unsupported("tactics on the `:= by` line (the proof language starts on the next)")
        with holes() as found:  # `sorry` is a hole here, as in Lean's REPL; `verify` still refuses it
            result = K.check_proof(thm, proof, nd_import=env.nd, opens=item.opens, lemmas=item.lemmas or None)
        # the REPL lists a declaration's tactic sorries first, then its term sorries (InfoTree.sorries)
        placed = sorted(zip(found, _hole_offsets(orig, found, whole)), key=lambda ho: not ho[0].tactic)
        for hole, (s_at, s_end) in placed:
            out.sorries.append(P.Sorry(hole.goal.render(), repl.new_proof(state.focus([hole.goal])),
                                       pos_at(orig, s_at, line0), pos_at(orig, s_end, line0)))
        if result.ok:
            if found:  # Lean warns only when the declaration has no error
                out.messages.append(P.Message("warning", *name_pos, SORRY_WARNING))
            if env.option("linter.unusedVariables", "true") != "false":
                used_in = orig[orig.index(":=") + 2:] if whole else proof
                out.messages.extend(_unused(orig, thm, used_in, line0))
        else:
            err = result.error
            if err.kind == "unknown_identifier" and env.foreign_imports:
                raise Unsupported(f"{err.message}, unless `import {' '.join(env.foreign_imports)}` declares it "
                                  "(gentzen knows only its own constants)")
            lead = len(decl) - len(decl.lstrip(" "))  # blanked modifiers: the kernel read the text without them
            out.messages.append(_error(err, orig, first, by_at, line0, whole, (ins_at, ins_len, lead)))
        if all_tactics and not whole:
            out.tactics.extend(_tactics(state, proof, first, line0))
    if root_goals:  # after the declaration's own sorries, as the REPL allocates them
        out.roots.append(P.Sorry(state.render(), repl.new_proof(state),
                                 pos_at(orig, by_at, line0), pos_at(orig, by_at, line0)))
    return env.extended(text[at:end])


def _hole_offsets(orig: str, found: list, whole: bool) -> list[tuple[int, int]]:
    """The text offsets of the `sorry` each hole came from: a hole knows its column, the text its lines.
    Holes come in proof order; each takes the first unused `sorry` at its column (in a term, the next one)."""
    blank = blank_comments(orig)
    start = blank.find(":=")
    words = [mt.start() for mt in _SORRY_WORD.finditer(blank, max(start, 0))]
    used: set = set()
    out, last = [], 0
    for hole in found:
        col_of = [w - (orig.rfind("\n", 0, w) + 1) for w in words]
        pick = next((i for i, w in enumerate(words) if i >= last and i not in used
                     and (whole or col_of[i] == hole.col)), None)
        if pick is None:  # the same `sorry` run on several goals (`t <;> sorry`): Lean reports it once per goal
            pick = next((i for i in range(len(words)) if whole or col_of[i] == hole.col), len(words) - 1)
        if pick < 0:
            out.append((0, 0))
            continue
        used.add(pick)
        last = pick
        out.append((words[pick], words[pick] + 5))
    return out


def _error(err: K.KernelError, decl: str, first: int, by_at: int, line0: int, whole: bool,
           inserted: tuple[int, int, int]) -> P.Message:
    if err.kind in ("forbidden", "unsupported"):
        raise Unsupported(err.message)
    lines = decl.split("\n")
    ins_at, ins_len, lead = inserted

    def col(line: int, c: int) -> int:  # the text's column on the first line (modifiers, `variable` binders)
        if line != 1 or not whole:
            return c
        c += lead
        return c - ins_len if ins_len and c >= ins_at + ins_len else c

    if whole:  # the kernel read the declaration itself: its lines are the declaration's
        first = 2
    if err.line == 1 and not whole:  # the statement itself: the top block's `by` (unsolved goals)
        pos = pos_at(decl, by_at, line0)
    else:
        pos = P.Pos(line0 + first + err.line - 2, col(err.line, err.column))
    if err.kind == "unsolved_goals":
        last = len(lines) - 1  # Lean's range runs to the end of the block
        endpos = P.Pos(line0 + last + 1, len(lines[last]))
    elif err.end_line is not None and err.end_column is not None:
        endpos = P.Pos(line0 + first + err.end_line - 2, col(err.end_line, err.end_column))
    else:
        endpos = pos
    return P.Message("error", pos, endpos, err.message)


def _unused(decl: str, thm, proof: str, line0: int) -> list[P.Message]:
    # Lean's unused-variables linter, approximated by name occurrence in the proof text
    used = set(_IDENT.findall(proof))
    for f in [f for _, f in thm.hyps] + [thm.goal]:
        used |= atoms_of(f)
    head = decl[: decl.index(":=")]
    out = []
    for name in list(thm.atoms) + [h for h, _ in thm.hyps]:
        if name in used or name.startswith("_"):
            continue
        m = re.search(r"\(([^():]*\s)?" + re.escape(name) + r"(?=[\s:])", head)
        if m:
            at = m.end() - len(name)
            out.append(P.Message("warning", pos_at(decl, at, line0),
                                 pos_at(decl, at + len(name), line0), _UNUSED.format(name)))
    return out


def _tactics(state: K.ProofState, proof: str, first: int, line0: int) -> list[tuple]:
    """`allTactics`: one entry per tactic line, with the goals before it (and a proof state to step from),
    until a line fails. Returns (state, Tactic without its id) pairs; the caller allocates the ids."""
    out = []
    with holes():
        for k, line in enumerate(proof.split("\n")):
            text = line.rstrip()
            if not text.strip():
                continue
            col = len(text) - len(text.lstrip(" "))
            before = state.settle()
            nxt = before.step(line)
            names = _QUALIFIED.findall(text[col:])
            used = tuple(sorted({n for n in names if n in CONSTANTS}))
            where = line0 + first + k
            out.append((before, P.Tactic(text[col:], before.render(), None, P.Pos(where, col),
                                         P.Pos(where, len(text)), used)))
            if isinstance(nxt, K.StepError):
                break
            state = nxt
    return out
