"""What the core tactics beyond the natural-deduction subset do to the main goal (Lean 4.32).

`assumption`, `contradiction`, `trivial`, `show`, `intros`, `intro _`/`intro ⟨a, b⟩`, `rintro`,
`rcases`/`obtain` patterns, `cases h [with]` and `refine ⟨?_, …⟩`; each follows the Lean
source named at it. `run_core` is called by `tactics.run_tactic` and returns the same triple.
"""

from __future__ import annotations

import re

from gentzen.core.elaboration.constants import PROP, ElabErr, lookup
from gentzen.core.elaboration.elab import Elaborator
from gentzen.core.logic.formula import FALSE, Formula, Imp, evaluate, to_lean
from gentzen.core.steps.frames import Failure, Frame, _check_atoms
from gentzen.core.proof.goals import Goal, append_tag, display_names, shadow_rebound_atoms
from gentzen.core.steps.destruct import PatternErr, cases_on, constructors, destruct
from gentzen.core.parsing.terms import SyntaxErr
from gentzen.core.text.words import check_name

# `Tactic `assumption` failed` + blank line + goal: the `throwTacticEx` layout of Lean ≥ 4.2x, as the kernel
# already prints for `introN`/`apply` (lean_facts.md §4.4); a reconstruction, listed in docs/kernel.md.
_FAILED = "Tactic `{}` failed\n\n{}"


def _fail(kind, message, tac):
    return Failure(kind, message, tac.col, tac.end)


def _hyp_types(goal: Goal):
    return [ty for _n, ty, _i in goal.ctx if ty is not PROP]


def _closed(f: Formula) -> bool:
    return not f.atom_names()


def assumption_closes(goal: Goal) -> bool:
    """`MVarId.assumption`: some hypothesis (accessible or not) is defeq to the target (`¬` unfolds)."""
    t = goal.target.unf
    return any(ty.unf is t for ty in _hyp_types(goal))


def contradiction_closes(goal: Goal) -> bool:
    """`MVarId.contradictionCore` (Meta/Tactic/Contradiction.lean) on propositional hypotheses:
    `h : ¬p` (or `p → False`) with some `h' : p`; `h : False` (an empty inductive); a closed `h : p`
    whose `decide p` is `false` (e.g. `¬True`)."""
    tys = _hyp_types(goal)
    unf = {ty.unf for ty in tys}
    for ty in tys:
        u = ty.unf
        if u.kind == "imp" and u.args[1] is FALSE and u.args[0].unf in unf:
            return True
        if ty.kind == "false":
            return True
        if _closed(ty) and not evaluate(ty, {}):
            return True
    return False


def trivial_closes(goal: Goal) -> bool | None:
    """The `trivial` macro (Init/Tactics.lean): `apply And.intro <;> trivial`, `apply True.intro`, `decide`,
    `contradiction`, `rfl`, `assumption`, most recent first. None: only `rfl` could decide it (`φ ↔ φ`),
    which the kernel does not model."""
    t = goal.target
    if t.kind == "true" or assumption_closes(goal) or contradiction_closes(goal):
        return True
    if _closed(t) and evaluate(t, {}):
        return True  # `decide`
    if t.kind == "and":
        parts = [trivial_closes(Goal(goal.ctx, a, goal.tag)) for a in t.args]
        if all(parts):
            return True
    if t.kind == "iff" and t.args[0].unf is t.args[1].unf:
        return None
    return False


def intro_binder(goal: Goal, tac) -> tuple[Formula, Formula]:
    """The binder's type an `intro` takes from the goal's target (`φ → ψ`, `¬φ` as `φ → False`) and the
    target left; `introN`'s failure where the target has none (`intro` in tactics.py and here)."""
    t = goal.target
    if t.kind == "imp":
        return t.args
    if t.kind == "not":
        return t.args[0], FALSE
    raise _fail("tactic_failed", "Tactic `introN` failed: There are no additional binders or `let` bindings "
                "in the goal to introduce\n\n" + goal.render(), tac)


def _intro_one(goal: Goal, name: str | None, tac) -> Goal:
    dom, cod = intro_binder(goal, tac)
    if name is None or name == "_":
        return goal.with_hyp("a", dom, True, target=cod)  # the arrow's binder name `a`, made inaccessible
    return goal.with_hyp(name, dom, target=cod)


def _match_pattern(goal: Goal, ty: Formula, pat, tac) -> Goal:
    """`intro ⟨a, b⟩` = `intro h; match h with | ⟨a, b⟩ => ?_; try clear h` (Elab/Tactic/BuiltinTactic.lean):
    the pattern's names are added, `h` is cleared, and the single `?_` keeps the goal's tag."""
    if pat[0] == "one":
        return goal.with_hyp(pat[1], ty)
    if pat[0] == "typed":
        raise _fail("unsupported", "a typed pattern in `intro ⟨…⟩` is outside gentzen's proof language", tac)
    items = list(pat[1])
    if ty is PROP or ty.kind not in ("and", "iff") or len(items) < 2:
        raise _fail("unsupported", "this `intro ⟨…⟩` pattern does not match an `∧`/`↔` hypothesis; outside "
                    "gentzen's proof language", tac)
    a, b = ty.args if ty.kind == "and" else (Imp(*ty.args), Imp(ty.args[1], ty.args[0]))
    second = items[1] if len(items) == 2 else ("tuple", tuple(items[1:]), items[1][-1])
    return _match_pattern(_match_pattern(goal, a, items[0], tac), b, second, tac)


def _shown(goal: Goal, index: int) -> str:
    return display_names(goal.ctx)[index]


def _destruct(goal: Goal, index: int, pat, tac) -> list[Goal]:
    try:
        return destruct(goal, index, pat, _shown)
    except PatternErr as e:
        raise Failure(e.kind, e.message, e.col, e.col) from None


def _nd_shape(goal: Goal, i: int, pat):
    """The natural-deduction shapes `rcases h with x | y` (∨) and `obtain ⟨x, y⟩ := h` (∧, ↔) directly: the
    goals `destruct` gives for them, without its general machinery (samplers run these steps constantly)."""
    if pat[0] not in ("alts", "tuple") or len(pat[1]) != 2:
        return None
    p, q = pat[1]
    if p[0] != "one" or q[0] != "one" or p[1] == "_" or q[1] == "_":
        return None
    x, y = p[1], q[1]
    ty = goal.ctx[i][1]
    if ty is PROP:
        return None
    base = goal.ctx[:i] + goal.ctx[i + 1:]
    if pat[0] == "alts" and ty.kind == "or":
        a, b = ty.args
        return [Goal(base + ((x, a, False),), goal.target, append_tag(goal.tag, "inl")),
                Goal(base + ((y, b, False),), goal.target, append_tag(goal.tag, "inr"))]
    if pat[0] == "tuple" and ty.kind in ("and", "iff"):
        a, b = ty.args if ty.kind == "and" else (Imp(*ty.args), Imp(ty.args[1], ty.args[0]))
        return [Goal(base + ((x, a, False), (y, b, False)), goal.target, append_tag(goal.tag, "intro"))]
    return None


def _hyp_index(goal: Goal, name: str, tac) -> int:
    for i in range(len(goal.ctx) - 1, -1, -1):
        n, _ty, inacc = goal.ctx[i]
        if n == name and not inacc:
            return i
    raise Failure("unknown_identifier", f"Unknown identifier `{name}`", tac.target_col, tac.target_col + len(name))


def cases_goals(goal: Goal, tac) -> tuple[list[Goal], list[tuple[str, int]]]:
    """`cases h` (Elab/Tactic/Induction.lean): one goal per constructor, tagged with it, the fields
    inaccessible (`h✝`, `left✝ right✝`, `mp✝ mpr✝`), `h` removed. Also returns (ctor, field count)."""
    if tac.target is None:  # a term: Lean generalizes it to an inaccessible hypothesis, then cases clears it
        try:
            ty = Elaborator(goal.ctx, goal.names).infer(tac.term, None)
        except ElabErr as e:
            raise Failure(e.kind, e.message, e.col, e.end) from None
        if ty is PROP:
            raise _fail("unsupported", "`cases` on a proposition (not a proof) is outside gentzen's proof language", tac)
        goal = Goal(goal.ctx + (("x", ty, True),), goal.target, goal.tag)
        i = len(goal.ctx) - 1
    else:
        i = _hyp_index(goal, tac.target, tac)
    ty = goal.ctx[i][1]
    res = cases_on(goal, i)
    if res is None:
        # getInductiveValFromMajor (Elab/Tactic/Induction.lean): the whnf of the type, then the explanation
        shown = "Prop" if ty is PROP else to_lean(Imp(ty.args[0], FALSE) if ty.kind == "not" else ty)
        hint = ("\n\nExplanation: the `cases` tactic is for constructor-based reasoning as well as for applying custom "
                "cases principles with a 'using' clause or a registered '@[cases_eliminator]' theorem. The above type "
                "neither is an inductive type nor has a registered theorem.")
        if ty is PROP:
            hint += "\n\nConsider using the 'by_cases' tactic, which does true/false reasoning for propositions."
        raise _fail("tactic_failed", f"Tactic `cases` failed: major premise type is not an inductive type\n  {shown}"
                    f"{hint}\n\n{goal.render()}", tac)
    fields = {c: len(fs) for c, fs in constructors(ty)}
    return [g for _c, g, _f in res], [(c, fields[c]) for c, _g, _f in res]


def refine_goals(goal: Goal, tac, el: Elaborator) -> list[Goal]:
    """`refine ⟨…⟩`: terms are checked, each `?_` becomes a goal; `tagUntaggedGoals` (Elab/Tactic/Basic.lean)
    gives one new goal the parent's tag and several `refine_1`, `refine_2`, … (under the parent's tag)."""
    holes: list[Formula] = []

    def walk(node, expected: Formula):
        _k, items, col, end = node
        if expected.kind in ("true", "false"):
            raise _fail("unsupported", f"`⟨…⟩` for `{to_lean(expected)}` is outside gentzen's proof language", tac)
        if expected.kind not in ("and", "iff"):
            what = "with only one constructor " if expected.kind == "or" else ""
            raise Failure("type_mismatch", "invalid constructor ⟨...⟩, expected type must be an inductive type "
                          f"{what}\n  {to_lean(expected)}", col, end)
        if len(items) < 2:
            raise _fail("unsupported", "`⟨…⟩` with fewer than two components is outside gentzen's proof language",
                        tac)
        a, b = expected.args if expected.kind == "and" else (Imp(*expected.args), Imp(*reversed(expected.args)))
        rest = items[1] if len(items) == 2 else ("anon", items[1:], items[1][-1] if items[1][0] == "hole" else col,
                                                  end)
        for item, ty in ((items[0], a), (rest, b)):
            if item[0] == "hole":
                holes.append(ty)
            elif item[0] == "anon":
                walk(item, ty)
            else:
                el.check(item[1], ty)

    walk(tac.term, goal.target)
    if len(holes) == 1:
        return [Goal(goal.ctx, holes[0], goal.tag)]
    return [Goal(goal.ctx, ty, append_tag(goal.tag, f"refine_{i}")) for i, ty in enumerate(holes, 1)]


def run_core(tac, goal: Goal, next_n: int, auto_names: bool, line_no: int, run_tactic):
    """Run one of the core tactics on the main goal: (new goals, None, next free nK)."""
    kind = tac.kind
    if kind in ("rcases", "obtain"):
        i = _hyp_index(goal, tac.target, tac)
        fast = _nd_shape(goal, i, tac.term)
        return (fast if fast is not None else _destruct(goal, i, tac.term, tac)), None, next_n
    if kind == "assumption":
        if not assumption_closes(goal):
            raise _fail("tactic_failed", _FAILED.format("assumption", goal.render()), tac)
        return [], None, next_n
    if kind == "contradiction":
        if not contradiction_closes(goal):
            raise _fail("tactic_failed", _FAILED.format("contradiction", goal.render()), tac)
        return [], None, next_n
    if kind == "trivial":
        ok = trivial_closes(goal)
        if ok is None:
            raise _fail("unsupported", "whether `trivial` closes `φ ↔ φ` (through `rfl`) is not modelled by "
                        "gentzen's kernel; prove it with `constructor` and `intro`", tac)
        if not ok:
            # Lean reports the failure of one of the macro's alternatives; which one is not reproduced here.
            raise _fail("tactic_failed", "`trivial` cannot close this goal (Lean's own message, from one of the "
                        "alternatives `trivial` tries, is not reproduced)\n\n" + goal.render(), tac)
        return [], None, next_n
    if kind == "show":
        _check_atoms(tac.formula, goal, tac)
        if tac.formula.unf is not goal.target.unf:
            raise _fail("tactic_failed", f"`show {to_lean(tac.formula)}` does not match the goal (gentzen's "
                        "wording; Lean's message differs)\n\n" + goal.render(), tac)
        return [Goal(goal.ctx, tac.formula, goal.tag)], None, next_n
    if kind == "intros":
        g = goal
        if tac.term:
            for pat in tac.term:
                g = _intro_one(g, pat[1], tac)
        else:  # `Meta.intros`: every binder `getIntrosSize` sees, without unfolding (`¬P` stays)
            while g.target.kind == "imp":
                g = _intro_one(g, None, tac)
        return [g], None, next_n
    if kind == "intro_pat":
        g = goal
        for pat in tac.term:
            if pat[0] == "one":
                g = _intro_one(g, pat[1], tac)
                continue
            h = _intro_one(g, "h", tac)
            ty = h.ctx[-1][1]
            g = _match_pattern(Goal(h.ctx[:-1], h.target, h.tag), ty, pat, tac)
        return [g], None, next_n
    if kind == "rintro":
        # RCases.rintroCore: `intro` (the pattern's name, else `_`), then rcasesCore on the new hypothesis
        goals = [goal]
        for pat in tac.term:
            nxt = []
            for g in goals:
                inner = pat[1] if pat[0] == "typed" else pat  # `rintro (h : φ)`: intro h, then the type
                name = inner[1] if inner[0] == "one" else None
                g2 = _intro_one(g, name, tac)
                nxt.extend(_destruct(g2, len(g2.ctx) - 1, pat, tac) if pat[0] != "one" else [g2])
            goals = nxt
        return goals, None, next_n
    if kind == "cases":
        return cases_goals(goal, tac)[0], None, next_n
    if kind == "cases_with":
        # `cases h with | inl a => … | inr b => …`: the goals wait in an "alts" block for their
        # `| ctor names => …` lines (state.py); each alternative must close its goal
        goals, ctors = cases_goals(goal, tac)
        if not goals:  # `False`: no constructor, so no alternative can follow (Lean's parser wants one)
            raise _fail("unsupported", "`cases … with` on `False` has no alternatives; write `cases h`", tac)
        # pending: the (constructor, field count) still to give, and every constructor name of the type
        return [], Frame("alts", None, tuple(goals), (line_no, tac.col), (tuple(ctors), tuple(c for c, _ in ctors))), \
            next_n
    if kind == "refine":
        try:
            return refine_goals(goal, tac, Elaborator(goal.ctx, goal.names)), None, next_n
        except ElabErr as e:
            raise Failure(e.kind, e.message, e.col, e.end) from None
    raise AssertionError(kind)


_ALT = re.compile(r"\|( *)([^\s=]+)((?: +[^\s=]+)*?) *=>( *)(.*)")


def _or_list(names) -> str:
    """`MessageData.orList`: `a`, `a` or `b`, `a`, `b` or `c`."""
    q = [f"`{n}`" for n in names]
    return q[0] if len(q) == 1 else ", ".join(q[:-1]) + " or " + q[-1]


def open_alternative(frames: list, content: str, col: int, line_no: int):
    """A `| ctor x y => tac` line of `cases h with` (Parser/Tactic.lean `inductionAlt`): the goal of `ctor`
    leaves the "alts" block, its fields get the names, and an "alt" block opens that must close it
    (`evalAlt` uses `closeUsingOrAdmit`; unsolved goals are reported at `=>`). Returns (rest, rest_col)."""
    fr = frames[-1]
    if fr.kind == "alt" and fr.column is None:  # the previous alternative's `=>` had no tactic
        raise Failure("parse", "expected a tactic after `=>` (the previous alternative is empty)", col, col + 1)
    if fr.kind != "alts":
        raise Failure("unsupported", "an alternative `| …` outside `cases … with` is outside gentzen's proof language",
                      col, col + 1)
    m = _ALT.fullmatch(content)
    if m is None:
        raise Failure("parse", "expected `| ctor names => tactic` (an alternative of `cases … with`)", col, col + 1)
    ctor, ccol = m.group(2), col + 1 + len(m.group(1))
    pending, every = fr.pending
    remaining = [c for c, _n in pending]
    if ctor == "_":
        raise Failure("unsupported", "the wildcard alternative `| _ => …` is outside gentzen's proof language", col,
                      col + 1)
    if ctor not in remaining:
        # checkAltNames (Elab/Tactic/Induction.lean); Lean lists the constructors no alternative of the whole
        # `cases` names, the kernel those no alternative so far names (the same unless a later one does)
        msg = (f"Duplicate alternative name `{ctor}`" if ctor in every else
               f"Invalid alternative name `{ctor}`: " + (f"Expected {_or_list(remaining)}" if remaining else
                                                           "There are no unhandled alternatives"))
        raise Failure("tactic_failed", msg, col, col + 1)
    k = remaining.index(ctor)
    goal, nfields = fr.goals[k], pending[k][1]
    names, pos = [], ccol + len(ctor)
    for part in m.group(3).split(" "):
        if part:
            if part != "_":
                try:
                    check_name(part, pos)
                except SyntaxErr as e:
                    raise Failure(e.kind, e.message, e.col, e.end) from None
            names.append(part)
        pos += len(part) + 1
    if len(names) > nfields:  # applyAltStx, at the alternative
        raise Failure("tactic_failed", f"Too many variable names provided at alternative `{ctor}`: {len(names)} "
                      f"provided, but {nfields} expected", col, col + 1)
    ctx = list(goal.ctx)
    first = len(ctx) - nfields
    for j, n in enumerate(names):
        if n != "_":
            ctx[first + j] = (n, ctx[first + j][1], False)
    arrow = col + m.start(4) - 2
    frames[-1] = Frame("alts", fr.column, fr.goals[:k] + fr.goals[k + 1:], fr.opener,
                       (pending[:k] + pending[k + 1:], every))
    alt = Goal(tuple(ctx), goal.target, goal.tag)
    if any(lookup(goal.ctx, n) is PROP for n in names):  # a field named like an atom shadows it (`p✝`)
        alt = shadow_rebound_atoms(alt)
    frames.append(Frame("alt", None, (alt,), (line_no, arrow)))
    return m.group(5), col + m.start(5), [n for n in names if n != "_"]


__all__ = ["run_core", "open_alternative", "assumption_closes", "contradiction_closes", "trivial_closes",
           "cases_goals"]
