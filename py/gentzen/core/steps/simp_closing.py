"""`simp`, `simp [*]` and `simp [h, …]` where they close the goal: hypotheses `h : p` / `h : ¬p` as the rewrites
`p = True` / `p = False` (Lean's `eq_true`/`eq_false` preprocessing), then the unit and self laws of
src/Init/SimpLemmas.lean bottom-up. Only the closing case is modelled: a goal simp would leave rewritten, and
any hypothesis simp would use as some other rule (`a ∧ b`, `a ↔ b`, `a → b`), is `unsupported`.
"""

from __future__ import annotations

import re

from gentzen.core.elaboration.constants import ASK_LEAN, PROP
from gentzen.core.logic.formula import FALSE, TRUE, And, Formula, Iff, Imp, Not, Or
from gentzen.core.steps.frames import Failure
from gentzen.core.proof.goals import Goal
from gentzen.core.parsing.terms import Tactic

_SIMP = re.compile(r"simp(?:\s*\[([^\]]*)\])?\s*")
_NAME = re.compile(r"[^\W\d][\w'!?₀-₉]*")
_BUILD = {"and": And, "or": Or, "imp": Imp, "iff": Iff}


def parse_simp(s: str, col: int) -> Tactic | None:
    """`simp`, `simp [*]`, `simp [h₁, h₂]` as a Tactic (the references in `term`: they bind nothing), or None for
    every other form (`simp only`, `simp at`, configurations, lemma arguments), which stay outside the language."""
    m = _SIMP.fullmatch(s)
    if m is None:
        return None
    refs = () if m.group(1) is None else tuple(x.strip() for x in m.group(1).split(","))
    if refs != ("*",) and not all(_NAME.fullmatch(r) for r in refs):
        return None
    return Tactic("lib_simp", col, col + len(s), term=refs)


def _unsupported(why: str, tac: Tactic) -> Failure:
    return Failure("unsupported", f"{why} is outside gentzen's proof language; {ASK_LEAN}", tac.col, tac.end)


def _rules(goal: Goal, tac: Tactic) -> dict[str, Formula]:
    """atom name -> TRUE/FALSE from the hypotheses simp is given (`*`: every hypothesis of the context)."""
    if tac.term == ("*",):
        tys = [ty for _n, ty, _i in goal.ctx if ty is not PROP]
    else:
        tys = []
        for name in tac.term:
            ty = goal.lookup(name)
            if ty is None or ty is PROP:  # a lemma of a library, an atom: simp's other uses
                raise _unsupported(f"`simp [{name}]` with something other than a hypothesis", tac)
            tys.append(ty)
    rules: dict[str, Formula] = {}
    for ty in tys:
        if ty.kind == "atom":
            name, val = ty.name, TRUE
        elif ty.kind == "not" and ty.args[0].kind == "atom":
            name, val = ty.args[0].name, FALSE
        else:
            raise _unsupported(f"`simp` using the hypothesis `{ty}` (a rule other than `p = True`/`p = False`)", tac)
        if rules.get(name, val) is not val:
            raise _unsupported("`simp` with contradictory hypotheses", tac)
        rules[name] = val
    return rules


def _simp(f: Formula, rules: dict[str, Formula]) -> Formula:
    """Bottom-up: the children first, then the unit/self law of the node (and_true, true_and, and_false, …,
    iff_self, imp_self, not_true_eq_false, …); a node no law matches keeps its simplified children."""
    k = f.kind
    if k == "atom":
        return rules.get(f.name, f)
    if k in ("true", "false"):
        return f
    if k == "not":
        a = _simp(f.args[0], rules)
        return FALSE if a is TRUE else TRUE if a is FALSE else f if a is f.args[0] else Not(a)
    a, b = (_simp(x, rules) for x in f.args)
    if k == "and":
        return b if a is TRUE else a if b is TRUE else FALSE if FALSE in (a, b) else a if a is b else _same(f, a, b)
    if k == "or":
        return TRUE if TRUE in (a, b) else b if a is FALSE else a if b is FALSE else a if a is b else _same(f, a, b)
    if k == "imp":
        return TRUE if a is FALSE or b is TRUE or a is b else b if a is TRUE else _same(f, a, b)
    # iff
    return TRUE if a is b else b if a is TRUE else a if b is TRUE else Not(b) if a is FALSE else \
        Not(a) if b is FALSE else _same(f, a, b)


def _same(f: Formula, a: Formula, b: Formula) -> Formula:
    return f if a is f.args[0] and b is f.args[1] else _BUILD[f.kind](a, b)


def run_simp(tac: Tactic, goal: Goal) -> list:
    """The goals left: none when simp closes the goal; else `unsupported` (the rewritten goal is not modelled)."""
    if goal.target is TRUE:
        raise _unsupported("`simp` on the goal `True`", tac)
    if _simp(goal.target, _rules(goal, tac)) is not TRUE:
        raise _unsupported("a `simp` that does not close the goal", tac)
    return []
