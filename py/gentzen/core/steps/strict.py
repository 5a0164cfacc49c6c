"""strict_nd: the natural-deduction subset of docs/proof-language.md. `strict_check` refuses a tactic
or term form beyond it as `unsupported` (the core tactics beyond the subset, `fun`, `show … from`,
`match`, partial application, fields other than `.1 .2 .left .right .mp .mpr`)."""

from __future__ import annotations

from gentzen.core.elaboration.constants import CONSTANTS, lookup
from gentzen.core.steps.frames import Failure
from gentzen.core.proof.goals import Goal
from gentzen.core.parsing.terms import Anon, App, Ascr, Comp, Conn, DotId, Fun, Have, Hyp, Id, Match, Proj, Show


# Term forms outside the natural-deduction subset (strict_nd), and the fields it knew.
_ND_FIELDS = frozenset(("1", "2", "left", "right", "mp", "mpr"))


_PATTERN_KINDS = frozenset("assumption contradiction trivial show intros intro_pat rintro rcases obtain cases "
                           "cases_with refine".split())


def strict_check(tac, goal: Goal) -> None:
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
    if tac.kind.startswith("lib_"):  # core/steps/library_tactics.py: beyond the subset
        raise Failure("unsupported", f"`{tac.kind[4:]}` is outside the natural-deduction subset (strict_nd)",
                      tac.col, tac.end)
    if tac.kind == "nd":  # the rule macros of `import Gentzen.ND` are natural-deduction steps
        for sub in tac.term:
            strict_check(sub, goal)
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
    if isinstance(t, Hyp):
        return t, "`‹φ›`"
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
