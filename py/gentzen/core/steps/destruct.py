"""rcases-style destructuring of propositional hypotheses: the constructors of `∧ ∨ ↔ True False`,
`cases_on` (`Lean.MVarId.cases`: fields named or inaccessible, goals tagged by constructor) and
`destruct` (`RCases.rcasesCore`, Lean/Elab/Tactic/RCases.lean: `-` clears, `_` is inaccessible) of a
pattern as patterns.py parses it: ("one", name, col), ("clear", col), ("tuple"/"alts", items, col)."""

from __future__ import annotations

from gentzen.core.logic.formula import FALSE, Formula, Imp, defeq, to_lean
from gentzen.core.proof.goals import Goal, append_tag

# Constructors of the propositional inductives: (name, field binder names, field types).
# Init/Prelude.lean: `Or.inl (h : a)`, `Or.inr (h : b)`, `And.intro (left : a) (right : b)`,
# `True.intro`; Init/Core.lean: `Iff.intro (mp : a → b) (mpr : b → a)`; `False` has none.
def constructors(ty: Formula):
    """[(ctor, [(binder, type)])] of an inductive type, or None when `ty` is not one (atoms, →, ¬)."""
    k = ty.kind
    if k == "or":
        return [("inl", [("h", ty.args[0])]), ("inr", [("h", ty.args[1])])]
    if k == "and":
        return [("intro", [("left", ty.args[0]), ("right", ty.args[1])])]
    if k == "iff":
        a, b = ty.args
        return [("intro", [("mp", Imp(a, b)), ("mpr", Imp(b, a))])]
    if k == "true":
        return [("intro", [])]
    if k == "false":
        return []
    return None



class PatternErr(Exception):
    def __init__(self, kind: str, message: str, col: int) -> None:
        super().__init__(message)
        self.kind, self.message, self.col = kind, message, col



def _as_alts(pat):
    return list(pat[1]) if pat[0] == "alts" else [pat]



def _as_tuple(pat):
    return list(pat[1]) if pat[0] == "tuple" else [pat]



_HOLE = ("one", "_", 0)



def _field_patterns(n: int, ps: list, ref: int) -> list:
    """`processConstructor`: one pattern per field; the last field takes a tuple of the rest (whose
    position, `ref`, is the pattern's they came from)."""
    out = []
    for i in range(n):
        if i < n - 1:
            out.append(ps[0] if ps else _HOLE)
            ps = ps[1:]
        else:
            out.append(_HOLE if not ps else ps[0] if len(ps) == 1 else ("tuple", tuple(ps), ref))
    return out



def _ctor_patterns(ctors, pat) -> list:
    """`processConstructors`: the conjunctive field patterns of each constructor."""
    ps = _as_alts(pat)
    out = []
    for i, (_name, fields) in enumerate(ctors):
        p = ps[0] if ps else _HOLE
        t = ps[1:]
        if i == len(ctors) - 1 and t:
            h, ref = [("alts", tuple(ps), pat[-1])], pat[-1]
        else:
            h, ref = _as_tuple(p), p[-1]
        out.append(_field_patterns(len(fields), h, ref))
        ps = t
    return out



def _name_of(pat) -> str | None:
    if pat[0] == "typed":
        return _name_of(pat[1])
    return pat[1] if pat[0] == "one" and pat[1] != "_" else None



def cases_on(goal: Goal, index: int, names_per_ctor=None):
    """`Lean.MVarId.cases` on the hypothesis at ctx[index]: [(ctor, goal, first field index)].

    The hypothesis is removed, each constructor's fields are appended (named from `names_per_ctor`,
    else inaccessible with the constructor's binder names) and the goal is tagged with the constructor.
    """
    name, ty, _inacc = goal.ctx[index]
    ctors = constructors(ty) if ty != "Prop" else None
    if ctors is None:
        return None
    base = goal.ctx[:index] + goal.ctx[index + 1:]
    out = []
    for i, (ctor, fields) in enumerate(ctors):
        given = names_per_ctor[i] if names_per_ctor is not None else []
        ctx = base
        for j, (binder, fty) in enumerate(fields):
            n = given[j] if j < len(given) else None
            ctx = ctx + ((n, fty, False) if n else (binder, fty, True),)
        out.append((ctor, Goal(ctx, goal.target, append_tag(goal.tag, ctor)), len(base)))
    return out



def destruct(goal: Goal, index: int, pat, shown_name) -> list[Goal]:
    """`rcasesCore` of `pat` against the hypothesis ctx[index] of `goal`; the resulting goals in order."""
    kind = pat[0]
    if kind == "one":
        return [goal]
    if kind == "clear":
        return [Goal(goal.ctx[:index] + goal.ctx[index + 1:], goal.target, goal.tag)]
    if kind == "typed":  # RCases `.typed`: isDefEq with the written type, which the hypothesis then carries
        name, ty, inacc = goal.ctx[index]
        if ty == "Prop" or not defeq(ty, pat[2]):
            raise PatternErr("unsupported", "a typed rcases pattern whose type differs from the hypothesis's is "
                             "outside gentzen's proof language (Lean's mismatch message is not modelled)", pat[-1])
        ctx = goal.ctx[:index] + ((name, pat[2], inacc),) + goal.ctx[index + 1:]
        return destruct(Goal(ctx, goal.target, goal.tag), index, pat[1], shown_name)
    if kind == "alts" and len(pat[1]) == 1:
        return destruct(goal, index, pat[1][0], shown_name)
    name, ty, _ = goal.ctx[index]
    ctors = constructors(ty) if ty != "Prop" else None
    if ctors is None:
        shown = "Prop" if ty == "Prop" else to_lean(Imp(ty.args[0], FALSE) if ty.kind == "not" else ty)
        raise PatternErr("tactic_failed", f"Tactic `rcases` failed: `{shown_name(goal, index)} : {shown}` is not "
                         "an inductive datatype", pat[-1])
    per_ctor = _ctor_patterns(ctors, pat)
    names = [[_name_of(p) for p in fields] for fields in per_ctor]
    out: list[Goal] = []
    for (ctor, g, first), fields in zip(cases_on(goal, index, names), per_ctor):
        entries = g.ctx[first:first + len(fields)]  # found by identity: casing a field shifts the later ones
        goals = [g]
        for entry, fpat in zip(entries, fields):  # rcasesContinue: fields left to right
            nxt = []
            for gg in goals:
                i = next(k for k, e in enumerate(gg.ctx) if e is entry)
                nxt.extend(destruct(gg, i, fpat, shown_name))
            goals = nxt
        out.extend(goals)
    return out
