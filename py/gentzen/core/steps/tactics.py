"""Tactics of the proof language: what each one does to the main goal, with Lean 4.32's failures.

`run_tactic` is the kernel's single dispatch point; it returns the new goals (and a block to open
for `have … := by`). Frames (open blocks) and the internal failure type are in frames.py; the core
tactics beyond the natural-deduction subset in core_tactics.py.
"""

from __future__ import annotations

from gentzen.core.steps import holes
from gentzen.core.elaboration.constants import ASK_LEAN, CONSTANTS, ND_SCOPE, POSTPONED, PROP, ElabErr, opened
from gentzen.core.steps.core_tactics import intro_binder, run_core
from gentzen.core.elaboration.elab import Elaborator
from gentzen.core.logic.formula import FALSE, And, Formula, Iff, Imp, Not, Or, to_lean
from gentzen.core.steps.frames import Failure, Frame, _check_atoms, bump, fresh_auto_name
from gentzen.core.proof.goals import _SCAN_MAX, Goal, append_tag, shadow_rebound_atoms
from gentzen.core.steps.library_tactics import LIB_KINDS, UNHYGIENIC, hygiene_check, run_library
from gentzen.core.elaboration.lemmas import _inst, _mv, _unify
from gentzen.core.elaboration.nd import TACTIC_MACROS
from gentzen.core.steps.simp_closing import run_simp
from gentzen.core.parsing.terms import App, Id


def _rebinds_atom(names, goal: Goal) -> bool:
    """Whether a new hypothesis re-uses the name of a proposition atom in scope (Lean accepts it: the atom
    is shadowed, `p✝`; goals.shadow_rebound_atoms makes it so)."""
    for n in names:  # (a loop, not any(…): this runs for every named step)
        if goal.lookup(n) is PROP:
            return True
    return False


def run_tactic(tac, goal: Goal, next_n: int, auto_names: bool, line_no: int, rebinding: bool = False):
    """Run one tactic on the main goal: (new goals, a block to open or None, next free nK)."""
    out = _run_tactic(tac, goal, next_n, auto_names, line_no, rebinding)
    if UNHYGIENIC.get():
        hygiene_check(out[0], tac)
    return out


def _run_tactic(tac, goal: Goal, next_n: int, auto_names: bool, line_no: int, rebinding: bool = False):
    """Long because it is one dispatch over the tactics (a branch per tactic, as Lean's evalTactic table), kept
    together so the tactic set reads in one place."""
    kind = tac.kind
    if len(goal.ctx) > _SCAN_MAX and goal.names is None:  # a long context: index its names, once
        goal.index()
    if tac.names:
        if not rebinding and _rebinds_atom(tac.names, goal):
            # the tactic runs as written (its formulas and terms still mean the atom), then the atom is shadowed
            goals, push, next_n = run_tactic(tac, goal, next_n, auto_names, line_no, True)
            return [shadow_rebound_atoms(g) for g in goals], push, next_n
        if ND_SCOPE.get():
            _no_nd_keyword(tac.names, tac)
    if kind == "sorry":  # Lean's REPL: the goal is closed and reported (core/steps/holes.py); never elsewhere
        if not holes.record(goal, tac.col, tac.end, True):
            raise Failure("forbidden", "`sorry` is not allowed in a proof", tac.col, tac.end)
        return [], None, next_n
    if kind in _CORE_KINDS:  # assumption, rcases patterns, cases, refine, …: core_tactics.py
        goals, push, next_n = run_core(tac, goal, next_n, auto_names, line_no, run_tactic)
        return goals, push, bump(tac.names, next_n)
    if kind == "lib_simp":  # `simp` where it closes the goal: core/steps/simp_closing.py
        return run_simp(tac, goal), None, next_n
    if kind in LIB_KINDS:  # Mathlib's and core tactics beyond the proof language: core/steps/library_tactics.py
        try:
            return run_library(tac, goal, next_n)
        except ElabErr as e:
            raise Failure(e.kind, e.message, e.col, e.end) from None
    if kind == "nd":
        return _run_nd(tac, goal, next_n, auto_names, line_no)
    try:
        if kind == "intro":
            names = list(tac.names)
            anon = not names
            if anon:
                if auto_names:
                    name, next_n = fresh_auto_name(goal, next_n)
                    names = [name]
                else:
                    names = ["a"]
            g = goal
            typed = tac.formula if isinstance(tac.formula, tuple) else (tac.formula,) * len(names)
            for name, phi in zip(names, typed):
                dom, cod = intro_binder(g, tac)
                if phi is not None:  # `intro (h : φ)`: φ must be defeq to the binder's type, and is kept
                    _check_atoms(phi, goal, tac)
                    if phi.unf is not dom.unf:
                        raise Failure("type_mismatch", f"type mismatch at `intro {name}`\nhas type\n  {to_lean(dom)}\n"
                                      f"but is expected to have type\n  {to_lean(phi)}", tac.col, tac.end)
                    dom = phi
                g = g.with_hyp(name, dom, anon and not auto_names, target=cod)
            return [g], None, bump(names, next_n)
        if kind in ("have", "have_by"):
            names = tac.names
            if not names:
                if auto_names:
                    name, next_n = fresh_auto_name(goal, next_n)
                else:
                    name = "this"
            else:
                name = names[0]
            _check_atoms(tac.formula, goal, tac)
            next_n = bump((name,), next_n)
            if kind == "have":
                Elaborator(goal.ctx, goal.names).check(tac.term, tac.formula)
                return [goal.with_hyp(name, tac.formula)], None, next_n
            box = Frame("have", None, (Goal(goal.ctx, tac.formula, "", goal.names),), (line_no, tac.by_col),
                        (name, tac.formula))
            return [goal], box, next_n
        if kind == "exact":
            Elaborator(goal.ctx, goal.names).check(tac.term, goal.target)
            return [], None, next_n
        if kind == "apply":
            return _apply(tac, goal, Elaborator(goal.ctx, goal.names)), None, next_n
        if kind == "exfalso":
            return [Goal(goal.ctx, FALSE, goal.tag, goal.names)], None, next_n
        if kind == "constructor":
            t = goal.target
            if t.kind == "and":
                return [Goal(goal.ctx, t.args[0], append_tag(goal.tag, "left"), goal.names),
                        Goal(goal.ctx, t.args[1], append_tag(goal.tag, "right"), goal.names)], None, next_n
            if t.kind == "iff":
                a, b = t.args
                return [Goal(goal.ctx, Imp(a, b), append_tag(goal.tag, "mp"), goal.names),
                        Goal(goal.ctx, Imp(b, a), append_tag(goal.tag, "mpr"), goal.names)], None, next_n
            if t.kind == "or":
                # Lean.MVarId.constructor changed across 2026 versions for goals where several constructors
                # apply (first match silently / an error / a warning, leanprover/lean4 PR #14854): refuse it.
                raise Failure("unsupported", "`constructor` on a disjunction is outside the proof language (Lean's "
                              "behaviour there is version-dependent); use `left` or `right`", tac.col, tac.end)
            if t.kind == "true":
                return [], None, next_n
            # Lean.MVarId.constructor (Meta/Tactic/Constructor.lean): `getType'` is whnf, so `¬P` is an arrow;
            # `False` is an inductive type without constructors. Message wording is a reconstruction of the
            # 2025 `Tactic `…` failed` style; the rejection itself is certain.
            why = "no applicable constructor found" if t.kind == "false" else "target is not an inductive datatype"
            raise Failure("tactic_failed", f"Tactic `constructor` failed: {why}\n\n" + goal.render(),
                          tac.col, tac.end)
        if kind in ("left", "right"):
            t = goal.target
            if t.kind != "or":
                # Lean.MVarId.nthConstructor (Meta/Tactic/Apply.lean): inductive types with another number of
                # constructors (∧, ↔, True, False) get a different reason than non-inductive targets.
                why = (f"{kind} tactic works for inductive types with exactly 2 constructors"
                       if t.kind in ("and", "iff", "true", "false") else "target is not an inductive datatype")
                raise Failure("tactic_failed", f"Tactic `{kind}` failed: {why}\n\n" + goal.render(),
                              tac.col, tac.end)
            # nthConstructor is `goal.apply (mkConst Or.inl)`: the new metavariables are ?a ?b ?h, so
            # appendParentTag (Meta/Tactic/Apply.lean) leaves the goal tagged with the binder name `h`
            # (`t.h` under a tag `t`), not with the parent's tag.
            return [Goal(goal.ctx, t.args[0] if kind == "left" else t.args[1], append_tag(goal.tag, "h"),
                         goal.names)], \
                None, next_n
    except ElabErr as e:
        raise Failure(e.kind, e.message, e.col, e.end) from None
    raise AssertionError(kind)


_CORE_KINDS = frozenset("assumption contradiction trivial show intros intro_pat rintro rcases obtain cases "
                        "cases_with refine".split())


def _no_nd_keyword(names, tac) -> None:
    """With `import Gentzen.ND` the rule macros' names are keywords: Lean cannot read them as names."""
    for n in names:
        if n in TACTIC_MACROS:
            raise Failure("unsupported", f"`{n}` is a tactic keyword under `import Gentzen.ND`; name the "
                          "hypothesis differently", tac.col, tac.end)


def _run_nd(tac, goal: Goal, next_n: int, auto_names: bool, line_no: int):
    """A rule macro of lean/Gentzen/ND.lean: its core tactics in sequence on the main goal (`t1; t2`)."""
    if not ND_SCOPE.get():
        # without `import Gentzen.ND` the word is no tactic at all (the same error as any unknown word)
        raise Failure("parse", f"unknown tactic `{tac.target}`", tac.col, tac.col + len(tac.target))
    goals: list[Goal] = [goal]
    for sub in tac.term:
        if not goals:
            raise Failure("no_goals", "No goals to be solved", tac.col, tac.end)
        new, push, next_n = run_tactic(sub, goals[0], next_n, auto_names, line_no)
        goals = list(new) + goals[1:]
    return goals, None, next_n


# Constants `apply` accepts, as Lean's `forallMetaTelescope` sees them (binder names are the tags the new
# goals get): (implicit binders, explicit binders (name, type), conclusion). Init/Prelude.lean,
# Init/Core.lean, Init/Classical.lean. Every conclusion is an atom-like `?x` or an inductive, so none has
# extra arity after reduction.
_APPLY_CONSTS = {
    "Classical.byContradiction": (("p",), (("h", Imp(Not(_mv("p")), FALSE)),), _mv("p")),
    "False.elim": (("C",), (("h", FALSE),), _mv("C")),
    "And.intro": (("a", "b"), (("left", _mv("a")), ("right", _mv("b"))), And(_mv("a"), _mv("b"))),
    "Iff.intro": (("a", "b"), (("mp", Imp(_mv("a"), _mv("b"))), ("mpr", Imp(_mv("b"), _mv("a")))),
                  Iff(_mv("a"), _mv("b"))),
    "Or.inl": (("a", "b"), (("h", _mv("a")),), Or(_mv("a"), _mv("b"))),
    "Or.inr": (("a", "b"), (("h", _mv("b")),), Or(_mv("a"), _mv("b"))),
    "Or.elim": (("a", "b", "c"), (("h", Or(_mv("a"), _mv("b"))), ("left", Imp(_mv("a"), _mv("c"))),
                                  ("right", Imp(_mv("b"), _mv("c")))), _mv("c")),
    "absurd": (("a", "b"), (("h₁", _mv("a")), ("h₂", Not(_mv("a")))), _mv("b")),
    "mt": (("a", "b"), (("h₁", Imp(_mv("a"), _mv("b"))), ("h₂", Not(_mv("b")))), Not(_mv("a"))),
}
# The constants `apply` takes with some explicit arguments given (`apply Or.elim h`): the rest become goals.
_APPLY_PARTIAL = frozenset(("Or.elim", "absurd", "mt", "And.intro", "Iff.intro"))


def _apply_const(tac, goal: Goal, name: str) -> list[Goal]:
    """`apply c` for a constant, following Lean.MVarId.apply (Meta/Tactic/Apply.lean): try i = numArgs -
    targetArity … numArgs new metavariables, the first i for which the rest of c's type unifies with the
    goal wins; then appendParentTag (one new mvar: parent's tag; several: binder names, under the parent's).
    E.g. `apply Classical.byContradiction` on `¬¬P → P` closes the goal (i = 1, no new goal)."""
    impl, binders, concl = _APPLY_CONSTS[name]
    target = goal.target
    num_args = len(impl) + len(binders)
    start = max(0, num_args - _arity(target))
    for i in range(start, num_args + 1):
        if i < len(impl):
            continue  # `∀ {a : Prop}, …` never unifies with an implication between propositions
        k = i - len(impl)
        rest = concl
        for _n, ty in reversed(binders[k:]):
            rest = Imp(ty, rest)
        s: dict = {}
        if not _unify(rest, target, s):
            continue
        if any("?" + v not in s for v in impl):
            raise Failure("unsupported", f"`apply {name}` here leaves a proposition to be chosen; outside the "
                          "proof language", tac.col, tac.end)
        if i == 1:
            return []  # the single new metavariable is an implicit argument, now assigned
        return [Goal(goal.ctx, _inst(ty, s), append_tag(goal.tag, n), goal.names) for n, ty in binders[:k]]
    # throwApplyError: the conclusion after `start` arguments (the whole type when start = 0)
    full = "∀ {" + " ".join(impl) + " : Prop}, " + to_lean(_binders_type(binders, concl)).replace("?", "")
    if start == 0:
        msg = f"could not unify the type of `@{name}`\n  {full}\nwith the goal\n  {to_lean(target)}"
    else:
        shown = "?" if start < len(impl) else to_lean(_binders_type(binders[start - len(impl):], concl))
        msg = (f"could not unify the conclusion of `@{name}`\n  {shown}\nwith the goal\n  {to_lean(target)}"
               f"\n\nNote: The full type of `@{name}` is\n  {full}")
    # (Wording of how Lean prints the constant and its metavariables is unverified.)
    raise Failure("tactic_failed", f"Tactic `apply` failed: {msg}\n\n{goal.render()}", tac.col, tac.end)


def _binders_type(binders, concl: Formula) -> Formula:
    out = concl
    for _n, ty in reversed(binders):
        out = Imp(ty, out)
    return out


def _apply_given(tac, goal: Goal, el: Elaborator, name: str, given) -> list[Goal]:
    """`apply c a₁ … aₖ` for a constant of _APPLY_PARTIAL with fewer explicit arguments than it takes (`apply
    Or.elim h`): the arguments fix some of c's propositions, then Lean.MVarId.apply as in `_apply_const` on the
    rest (try i = numArgs - targetArity … numArgs new goals; one new goal keeps the parent's tag, several take their
    binder names under it: `left`, `right`)."""
    _impl, binders, concl = _APPLY_CONSTS[name]
    s: dict = {}
    for k, ((_n, ty), a) in enumerate(zip(binders, given)):
        got = el.infer(a, None)
        if got is PROP or not _unify(ty, got, s):
            raise ElabErr("type_mismatch", el._mm(a, got, to_lean(_inst(ty, s)),
                                                  (tac.term.fn, tuple(given[: k + 1]))), a)
    rest_binders = binders[len(given):]
    target = goal.target
    start = max(0, len(rest_binders) - _arity(target))
    for i in range(start, len(rest_binders) + 1):
        rest = concl
        for _n, ty in reversed(rest_binders[i:]):
            rest = Imp(ty, rest)
        si = dict(s)
        if not _unify(rest, target, si):
            continue
        new = [(n, _inst(ty, si)) for n, ty in rest_binders[:i]]
        if any("?" in to_lean(ty) for _n, ty in new):
            raise Failure("unsupported", f"`apply {name}` here leaves a proposition to be chosen; outside the proof "
                          "language", tac.col, tac.end)
        if len(new) == 1:
            return [Goal(goal.ctx, new[0][1], goal.tag, goal.names)]
        return [Goal(goal.ctx, ty, append_tag(goal.tag, n), goal.names) for n, ty in new]
    raise Failure("unsupported", f"`apply {el.pp(tac.term)}` does not unify with the goal; gentzen's kernel does not "
                  f"reproduce Lean's message here; {ASK_LEAN}", tac.col, tac.end)


def _opened(name: str) -> str:
    """A constant's full name under the file's `open`s (`byContradiction` under `open Classical`), as the
    elaborator resolves it; the name itself when it is a constant already or nothing (or several) opens to one."""
    if name in _APPLY_CONSTS or name in CONSTANTS:
        return name
    found = opened(name, _APPLY_CONSTS)
    return found[0] if len(found) == 1 else name


def _apply(tac, goal: Goal, el: Elaborator) -> list[Goal]:
    term, target, tag = tac.term, goal.target, goal.tag
    if isinstance(term, Id) and goal.lookup(term.name) is None and _opened(term.name) != term.name:
        term = Id(_opened(term.name), term.col, term.end)
    elif isinstance(term, App) and isinstance(term.fn, Id) and goal.lookup(term.fn.name) is None \
            and _opened(term.fn.name) != term.fn.name:
        term = App(Id(_opened(term.fn.name), term.fn.col, term.fn.end), term.args, term.col, term.end)
    if isinstance(term, Id) and goal.lookup(term.name) is None and term.name in _APPLY_CONSTS:
        return _apply_const(tac, goal, term.name)
    if isinstance(term, App) and isinstance(term.fn, Id) and term.fn.name in _APPLY_PARTIAL and \
            goal.lookup(term.fn.name) is None and len(term.args) < len(_APPLY_CONSTS[term.fn.name][1]):
        return _apply_given(tac, goal, el, term.fn.name, term.args)
    try:
        ty = el.infer(term, None)
    except ElabErr as e:
        if not e.message.startswith(POSTPONED):
            raise
        # `apply e` elaborates e without the goal, postponing what only the goal determines
        # (`elabTermForApply … (mayPostpone := true)`, Lean/Elab/Tactic/ElabTerm.lean), then
        # `MVarId.apply` unifies e's type with the goal: when e checks against the goal outright, that
        # first attempt (no new argument) succeeds and no goal is left.
        try:
            el.check(term, target)
        except ElabErr:
            raise Failure("unsupported", f"`apply {el.pp(term)}` leaves arguments that only unification with "
                          "the goal determines and does not close the goal outright; gentzen's kernel does not "
                          f"model the goals Lean would leave; {ASK_LEAN}", tac.col, tac.end) from None
        return []
    if ty is PROP:
        raise Failure("tactic_failed", f"Tactic `apply` failed: could not unify the type of `{el.pp(term)}`\n  Prop\n"
                    f"with the goal\n  {to_lean(target)}\n\n{goal.render()}", tac.col, tac.end)
    doms: list[Formula] = []
    concl = ty
    chain = [(list(doms), concl)]
    while concl.unf.kind == "imp":
        d, c = (concl.args[0], FALSE) if concl.kind == "not" else concl.args
        doms.append(d)
        concl = c
        chain.append((list(doms), concl))
    # Lean.MVarId.apply: numArgs counts the binders of the type reduced with default transparency (`¬`
    # unfolds); the first i in [numArgs - targetArity, numArgs] whose remaining type unifies wins.
    first = max(0, len(chain) - 1 - _arity(target))
    for ds, c in chain[first:]:
        if c.unf is target.unf:
            if len(ds) > 1:
                head = term.fn if isinstance(term, App) else term
                if not isinstance(head, Id) or goal.lookup(head.name) is None:
                    raise Failure("unsupported", "`apply` leaving several goals is outside the proof language; "
                                  "use `have` steps", tac.col, tac.end)
                # a hypothesis's arrows are binders named `a` with a macro scope (elabArrow), so each new goal
                # is tagged `a✝` (after the parent's tag: appendParentTag), in order (nonDependentFirst)
                sub = append_tag(tag, "a✝")
                return [Goal(goal.ctx, d, sub, goal.names) for d in ds]
            return [Goal(goal.ctx, d, tag, goal.names) for d in ds]
    pp = el.pp(term)
    if first > 0:
        # throwApplyError shows the type after `first` arguments (not the final conclusion)
        shown = chain[first][1]
        msg = (f"Tactic `apply` failed: could not unify the conclusion of `{pp}`\n  {to_lean(shown)}\n"
               f"with the goal\n  {to_lean(target)}\n\nNote: The full type of `{pp}` is\n  {to_lean(ty)}\n\n"
               f"{goal.render()}")
    else:
        msg = (f"Tactic `apply` failed: could not unify the type of `{pp}`\n  {to_lean(ty)}\n"
               f"with the goal\n  {to_lean(target)}\n\n{goal.render()}")
    raise Failure("tactic_failed", msg, tac.col, tac.end)


def _arity(f: Formula) -> int:
    n = 0
    u = f.unf
    while u.kind == "imp":
        n += 1
        u = u.args[1]
    return n


