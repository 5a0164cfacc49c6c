"""Tactics from Mathlib (`cases'`, `by_contra`, `apply … at`) and core tactics beyond the proof language
(`rw`/`rwa` with `↔` hypotheses, `rfl` on `↔`, `change`, `clear`), each following its Lean/Mathlib source.
The Mathlib ones exist only while the checked file imports `Mathlib` or `Mathlib.Tactic` (`MATHLIB`);
whatever is not modelled exactly, including every failure whose message Lean words otherwise, is `unsupported`.
"""

from __future__ import annotations

import re
from contextvars import ContextVar

from gentzen.core.elaboration.constants import PROP
from gentzen.core.steps.destruct import cases_on, constructors
from gentzen.core.logic.formula import FALSE, And, Formula, Iff, Imp, Not, Or, evaluate, parse_formula, to_lean
from gentzen.core.steps.frames import Failure, _check_atoms
from gentzen.core.proof.goals import Goal
from gentzen.core.parsing.terms import SyntaxErr, Tactic
from gentzen.core.text.words import check_name
from gentzen.errors import ParseError

# True while the kernel checks a proof whose file imports `Mathlib` or `Mathlib.Tactic` (set by ProofItem.check)
MATHLIB: ContextVar[bool] = ContextVar("gentzen_mathlib_import", default=False)
MATHLIB_MODULES = ("Mathlib", "Mathlib.Tactic")
# Mathlib's mathematical libraries: each module imports (transitively) the tactics Mathlib's own proofs use, named
# `by_contra` among them; `cases'` and `apply … at` are only assumed with MATHLIB_MODULES
MATHLIB_LIBRARIES = tuple(f"Mathlib.{d}." for d in ("Data", "Order", "Algebra", "Analysis", "Topology", "Logic",
                                                     "RingTheory", "LinearAlgebra", "NumberTheory", "SetTheory"))
BY_CONTRA: ContextVar[bool] = ContextVar("gentzen_by_contra", default=False)
# True while the kernel checks a proof under `set_option tactic.hygienic false` (set by ProofItem.check)
UNHYGIENIC: ContextVar[bool] = ContextVar("gentzen_unhygienic", default=False)
LIB_KINDS = frozenset(("lib_rename", "lib_tauto", "lib_cases'", "lib_by_contra", "lib_apply_at", "lib_rw", "lib_rwa", "lib_rfl", "lib_change",
                       "lib_clear"))
_MATHLIB_WORDS = ("cases'", "by_contra", "tauto")
_CORE_WORDS = ("rw", "rwa", "rfl", "change", "clear", "rename")
_NAME = r"[^\W\d][\w'!?₀-₉]*"
_APPLY_AT = re.compile(rf"apply\s+({_NAME})\s+at\s+({_NAME})\s*$")
_RW = re.compile(rf"(rwa?)\s*\[([^\]]*)\]\s*(?:at\s+({_NAME}))?\s*$")
_ASK = "; Lean may accept it (check with `--backend repl` or `--backend both`)"


def scope_sensitive(content: str) -> bool:
    """Whether a line's parse depends on MATHLIB (the line cache must not keep it)."""
    return "cases'" in content or "by_contra" in content or " at " in content or "tauto" in content


def parse_library(word: str, s: str, col: int) -> Tactic | None:
    """The tactic value of a line this module models, or None (the caller's own parse then applies)."""
    end = col + len(s)
    rest = s[len(word):]
    if word in _MATHLIB_WORDS or word == "apply":
        if not MATHLIB.get() and not (word == "by_contra" and BY_CONTRA.get()):
            return None
        if word == "apply":
            m = _APPLY_AT.fullmatch(s)
            return None if m is None else Tactic("lib_apply_at", col, end, names=(m.group(1), m.group(2)))
        names = rest.split()
        if word == "tauto":
            return Tactic("lib_tauto", col, end) if not names else None
        if word == "cases'":
            if len(names) < 1 or len(names) > 1 and names[1] != "with" or len(names) == 2:
                raise SyntaxErr("unsupported", "this `cases'` form is outside gentzen's proof language" + _ASK, col, end)
            for n in names[2:]:
                if n != "_":
                    check_name(n, col)
            return Tactic("lib_cases'", col, end, target=names[0], names=tuple(names[2:]))
        if len(names) > 1:
            raise SyntaxErr("unsupported", "this `by_contra` form is outside gentzen's proof language" + _ASK, col, end)
        return Tactic("lib_by_contra", col, end, names=tuple(check_name(n, col) for n in names))
    if word in ("rw", "rwa"):
        m = _RW.fullmatch(s)
        if m is None:
            raise SyntaxErr("unsupported", f"this `{word}` form is outside gentzen's proof language" + _ASK, col, end)
        rules = []
        for r in m.group(2).split(","):
            r = r.strip()
            back = r.startswith(("←", "<-"))
            r = r.lstrip("←<-").strip()
            if not re.fullmatch(_NAME, r):
                raise SyntaxErr("unsupported", f"`{word}` with a rule other than a hypothesis is outside gentzen's "
                                "proof language" + _ASK, col, end)
            rules.append((r, back))
        return Tactic("lib_" + word, col, end, term=tuple(rules), target=m.group(3))
    if word == "rfl":
        return Tactic("lib_rfl", col, end) if not rest.strip() else None
    if word == "change":
        body, _, at = rest.partition(" at ")
        if at and not re.fullmatch(_NAME, at.strip()):
            return None
        try:
            phi = parse_formula(body, offset=col + len(word), lean=True)
        except ParseError as e:
            raise SyntaxErr("unsupported", f"`change`: {e.message}" + _ASK, col, end) from None
        return Tactic("lib_change", col, end, formula=phi, target=at.strip() or None)
    if word == "rename":
        body, arrow, new = rest.rpartition("=>")
        if not arrow or not re.fullmatch(_NAME, new.strip()):
            return None
        try:
            phi = parse_formula(body, offset=col + len(word), lean=True)
        except ParseError as e:
            raise SyntaxErr("unsupported", f"`rename`: {e.message}" + _ASK, col, end) from None
        return Tactic("lib_rename", col, end, formula=phi, names=(check_name(new.strip(), col),))
    if word == "clear":
        names = rest.split()
        return Tactic("lib_clear", col, end, names=tuple(names)) if names else None
    return None


def library_scope(foreign) -> tuple[bool, bool]:
    """(MATHLIB, BY_CONTRA) for a file's imports."""
    full = any(m in MATHLIB_MODULES for m in foreign)
    return full, full or any(m.startswith(MATHLIB_LIBRARIES) for m in foreign)


def hygiene_check(goals, tac) -> None:
    """Under `set_option tactic.hygienic false` the names tactics invent are accessible (`a`, `h`, not `a✝`):
    a proof may then cite them, which gentzen does not model, so a goal with an inaccessible one is `unsupported`."""
    for g in goals:
        for h in g.ctx:
            if h[2]:
                raise _unsupported("under `set_option tactic.hygienic false` a tactic here names a hypothesis that "
                                   "gentzen keeps inaccessible", tac)


def _unsupported(why: str, tac) -> Failure:
    return Failure("unsupported", why + _ASK, tac.col, tac.end)


def _hyp(goal: Goal, name: str, tac) -> int:
    """The index of the last accessible hypothesis `name` (a proof, not an atom), else `unsupported`."""
    for i in range(len(goal.ctx) - 1, -1, -1):
        n, ty, inacc = goal.ctx[i]
        if n == name and not inacc:
            if ty is PROP:
                break
            return i
    raise _unsupported(f"`{name}` is no hypothesis gentzen can use here", tac)


def run_library(tac, goal: Goal, next_n: int):
    """Run one tactic of LIB_KINDS on the main goal: (new goals, None, next free nK)."""
    kind = tac.kind
    if kind == "lib_by_contra":
        # Batteries' `by_contra h`: `first | guard_target = Not _; intro h | refine byContradiction fun h => ?_`
        if not tac.names:  # Batteries: an anonymous hypothesis; Mathlib's later `by_contra`: `this`
            raise _unsupported("`by_contra` without a name (its hypothesis is named differently across versions)", tac)
        name = tac.names[0]
        t = goal.target
        if t.kind == "not":
            return [goal.with_hyp(name, t.args[0], target=FALSE)], None, next_n
        return [goal.with_hyp(name, Not(t), target=FALSE)], None, next_n
    if kind == "lib_tauto":
        # Mathlib.Tactic.Tauto: a classical finishing tactic (`distribNot` with `Decidable`/`Classical`, then
        # `solve_by_elim`); gentzen closes the goal only when the truth table says the hypotheses entail it
        if not _entails(goal):
            raise _unsupported("`tauto` on a goal the hypotheses do not entail (Lean's message is not reproduced)",
                               tac)
        return [], None, next_n
    if kind == "lib_cases'":
        # Mathlib.Tactic.Cases `cases' h with x y`: `Lean.MVarId.cases`, the names taken in order across the
        # constructors' fields (`_`: inaccessible)
        i = _hyp(goal, tac.target, tac)
        ctors = constructors(goal.ctx[i][1])
        if ctors is None:
            raise _unsupported(f"`cases'` on `{to_lean(goal.ctx[i][1])}` (not an inductive type)", tac)
        names, per = list(tac.names), []
        for _c, fields in ctors:
            per.append([None if n == "_" else n for n in names[: len(fields)]])
            names = names[len(fields):]
        if names:
            raise _unsupported("`cases'` with more names than fields", tac)
        return [g for _c, g, _k in cases_on(goal, i, per)], None, next_n
    if kind == "lib_apply_at":
        return _apply_at(tac, goal), None, next_n
    if kind in ("lib_rw", "lib_rwa"):
        return _rewrite(tac, goal), None, next_n
    if kind == "lib_rfl":
        t = goal.target
        if t.kind == "iff" and t.args[0].unf is t.args[1].unf:  # Iff.refl (@[refl]) by `apply_rfl`
            return [], None, next_n
        raise _unsupported(f"`rfl` on `{to_lean(t)}`", tac)
    if kind == "lib_change":
        _check_atoms(tac.formula, goal, tac)
        if tac.target is None:
            if tac.formula.unf is not goal.target.unf:
                raise _unsupported("`change` to a formula that is not the goal up to `¬`", tac)
            return [Goal(goal.ctx, tac.formula, goal.tag)], None, next_n
        i = _hyp(goal, tac.target, tac)
        if tac.formula.unf is not goal.ctx[i][1].unf:
            raise _unsupported("`change … at` to a formula that is not the hypothesis up to `¬`", tac)
        ctx = goal.ctx[:i] + ((tac.target, tac.formula, False),) + goal.ctx[i + 1:]
        return [Goal(ctx, goal.target, goal.tag)], None, next_n
    if kind == "lib_rename":
        # Lean.Elab.Tactic.evalRename: the last hypothesis (findDeclRevM?) whose type is defeq to φ takes the name
        _check_atoms(tac.formula, goal, tac)
        for i in range(len(goal.ctx) - 1, -1, -1):
            _n, ty, _inacc = goal.ctx[i]
            if ty is not PROP and ty.unf is tac.formula.unf:
                ctx = goal.ctx[:i] + ((tac.names[0], ty, False),) + goal.ctx[i + 1:]
                return [Goal(ctx, goal.target, goal.tag)], None, next_n
        raise _unsupported(f"`rename` with no hypothesis of type `{to_lean(tac.formula)}`", tac)
    if kind == "lib_clear":
        return [_clear(goal, tac)], None, next_n
    raise AssertionError(kind)


def _entails(goal: Goal, max_atoms: int = 12) -> bool:
    """Whether the goal's hypotheses classically entail its target (every assignment of its atoms)."""
    hyps = [h[1] for h in goal.ctx if h[1] is not PROP]
    atoms = sorted({a for f in (*hyps, goal.target) for a in f.atom_names()})
    if len(atoms) > max_atoms:
        return False
    for k in range(2 ** len(atoms)):
        model = {a: bool(k >> i & 1) for i, a in enumerate(atoms)}
        if all(evaluate(h, model) for h in hyps) and not evaluate(goal.target, model):
            return False
    return True


def _clear(goal: Goal, tac) -> Goal:
    """`clear h₁ … hₙ` (Lean.Elab.Tactic.evalClear): the names sorted by their place in the context, cleared from
    the last; a proposition atom only when nothing left mentions it."""
    ctx = goal.ctx
    at = []
    for n in tac.names:
        idx = [i for i, h in enumerate(ctx) if h[0] == n and not h[2]]
        if len(idx) != 1 or sum(1 for h in ctx if h[0] == n) != 1:
            raise _unsupported(f"`clear {n}` (a name gentzen cannot clear here)", tac)
        at.append(idx[0])
    for i in sorted(set(at), reverse=True):
        name, ty, _inacc = ctx[i]
        ctx = ctx[:i] + ctx[i + 1:]
        if ty is PROP and any(name in f.atom_names() for f in (goal.target, *(h[1] for h in ctx if h[1] is not PROP))):
            raise _unsupported(f"`clear {name}` while a hypothesis or the goal mentions it", tac)
    return Goal(ctx, goal.target, goal.tag)


def _first_not(f: Formula) -> Formula | None:
    """The first `¬x` in pre-order (kabstract visits a node before its arguments, left to right)."""
    stack = [f]
    while stack:
        g = stack.pop()
        if g.kind == "not":
            return g
        stack.extend(reversed(g.args or ()))
    return None


def _apply_at(tac, goal: Goal) -> list[Goal]:
    """Mathlib.Tactic.ApplyAt: `forallMetaTelescopeReducingUntilDefEq` on f's type until a binder's type is
    defeq to h's; h is cleared and `note`d again (at the end) with the rest of f's type; the earlier binders
    become goals after the main one."""
    fname, hname = tac.names
    f_ty = goal.ctx[_hyp(goal, fname, tac)][1]
    i = _hyp(goal, hname, tac)
    h_ty = goal.ctx[i][1]
    doms = []
    t = f_ty
    while t.kind in ("imp", "not"):
        dom, cod = (t.args[0], t.args[1]) if t.kind == "imp" else (t.args[0], FALSE)
        if dom.unf is h_ty.unf:
            if fname == hname:
                raise _unsupported("`apply h at h`", tac)
            ctx = goal.ctx[:i] + goal.ctx[i + 1:] + ((hname, cod, False),)
            return [Goal(ctx, goal.target, goal.tag)] + [Goal(goal.ctx, d, goal.tag) for d in doms]
        doms.append(dom)
        t = cod
    raise _unsupported(f"`apply {fname} at {hname}` where no premise of `{fname}` is `{hname}`'s type", tac)


def _replace(f: Formula, a: Formula, b: Formula) -> tuple[Formula, bool]:
    """Every occurrence of `a` in `f` replaced by `b` (kabstract: instances of a closed pattern, which between
    propositions at reducible transparency are the syntactic ones), and whether there was one."""
    if f is a:
        return b, True
    if not f.args or f.kind == "atom":
        return f, False
    parts = [_replace(x, a, b) for x in f.args]
    if not any(p[1] for p in parts):
        return f, False
    args = [p[0] for p in parts]
    make = {"and": And, "or": Or, "imp": Imp, "iff": Iff, "not": Not}[f.kind]
    return make(*args), True


def _rewrite(tac, goal: Goal) -> list[Goal]:
    """`rw [rules] (at h)` (Lean.Elab.Tactic.Rewrite: `rewrite` then `with_reducible rfl`) for rules that are
    `↔` hypotheses (propext); `rwa` adds `assumption`."""
    ctx, target = goal.ctx, goal.target
    at = None if tac.target is None else _hyp(goal, tac.target, tac)
    if at is not None and sum(1 for h in ctx if h[0] == tac.target) > 1:
        raise _unsupported("`rw … at` a name several hypotheses have", tac)
    for name, back in tac.term:
        if name == "Not" and goal.lookup("Not") is None and not back:
            # `rw [Not]`: the equation `¬a = (a → False)`; its `a` is fixed by the first instance kabstract meets
            node = _first_not(target if at is None else ctx[at][1])
            if node is None:
                raise _unsupported("`rw [Not]` where there is no `¬`", tac)
            rule = Iff(node, Imp(node.args[0], FALSE))
        else:
            rule = goal.ctx[_hyp(goal, name, tac)][1]
        if rule.kind != "iff" or name == tac.target:
            raise _unsupported(f"`rw` with `{name}`, which is no `↔` hypothesis", tac)
        a, b = rule.args[::-1] if back else rule.args
        old = target if at is None else ctx[at][1]
        new, found = _replace(old, a, b)
        if not found:
            raise _unsupported(f"`rw`: no instance of `{to_lean(a)}` found (Lean's message is not reproduced)", tac)
        if at is None:
            target = new
        else:
            ctx = ctx[:at] + ((tac.target, new, False),) + ctx[at + 1:]
    if at is not None:  # replaceLocalDecl: the new hypothesis right after the old one (findMaxFVar of its type)
        later = {h[0] for h in ctx[at + 1:] if h[1] is PROP}
        if later & set(ctx[at][1].atom_names()):
            raise _unsupported("`rw … at` whose result names a proposition declared after the hypothesis", tac)
    if target.kind == "iff":  # `with_reducible rfl`: Iff.refl up to reducible unfolding (syntactic here)
        if target.args[0] is target.args[1]:
            if tac.kind == "lib_rwa":
                raise _unsupported("`rwa` where `rw` closes the goal", tac)
            return []
        if target.args[0].unf is target.args[1].unf:
            raise _unsupported("whether `rw`'s closing `rfl` unfolds `¬` is not modelled", tac)
    g = Goal(ctx, target, goal.tag)
    if tac.kind == "lib_rwa":
        # `assumption` (MVarId.assumption): a hypothesis, accessible or not, defeq to the target (`¬` unfolds)
        if not any(h[1] is not PROP and h[1].unf is target.unf for h in ctx):
            raise _unsupported("`rwa` whose `assumption` fails (Lean's message is not reproduced)", tac)
        return []
    return [g]
