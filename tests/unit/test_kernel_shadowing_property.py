"""Property tests: the kernel binds names as Lean does (issue 19).

Random statements re-use binder names (atoms and premises, `()`, `{}` and `⦃⦄` binders, section
`variable`s re-bound by a declaration's own binders) and are checked with small proofs, some of which
use `intro`/`have` names that shadow a premise or an atom. The oracle here reads each statement on its own, with Lean's rule
(the innermost binder of a name wins; a theorem includes the variables its header mentions), as a
sequent over distinct atoms: every accepted proof's statement must be classically valid in that
reading, and the goal the kernel prints must be that reading, with shadowed names as Lean prints them.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from gentzen.core.logic.formula import And, Atom, Imp, Not, Or, to_lean
from gentzen.core.proof.goals import rename_atoms
from gentzen.core.kernel import start
from gentzen.core.reader.lean_file import lean_items
from gentzen.core.logic.sequent import countermodel

ATOM_NAMES = ("p", "q")
HYP_NAMES = ("h", "hp")
BRACKETS = {"(": ")", "{": "}", "⦃": "⦄"}
_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _formula(rng: random.Random, names: list[str], depth: int):
    """A formula tree over written names: ("atom", x) | (op, a[, b])."""
    if depth == 0 or rng.random() < 0.4:
        return ("atom", rng.choice(names))
    op = rng.choice(("not", "and", "or", "imp", "imp"))
    if op == "not":
        return (op, _formula(rng, names, depth - 1))
    return (op, _formula(rng, names, depth - 1), _formula(rng, names, depth - 1))


def _text(t) -> str:
    if t[0] == "atom":
        return t[1]
    if t[0] == "not":
        return f"¬({_text(t[1])})"
    sym = {"and": "∧", "or": "∨", "imp": "→"}[t[0]]
    return f"({_text(t[1])} {sym} {_text(t[2])})"


def _read(t, scope: dict):
    """The tree as a Formula over atom ids, each name read as `scope` binds it now."""
    if t[0] == "atom":
        return Atom(scope[t[1]])
    args = [_read(a, scope) for a in t[1:]]
    return {"not": Not, "and": And, "or": Or, "imp": Imp}[t[0]](*args)


def _statement(rng: random.Random, section: bool):
    """(binders, goal tree): binders are ("atoms", bracket, names) | ("hyp", bracket, names, tree)."""
    binders = []
    atoms_now: set[str] = set(ATOM_NAMES) if section else set()  # names that mean a proposition here
    for _ in range(rng.randint(1, 5)):
        if not atoms_now or rng.random() < 0.45:
            names = [rng.choice(ATOM_NAMES) for _ in range(rng.randint(1, 2))]
            binders.append(("atoms", rng.choice("({⦃"), names))
            atoms_now.update(names)
        else:
            names = [rng.choice(HYP_NAMES) for _ in range(rng.choice((1, 1, 2)))]
            binders.append(("hyp", "(", names, _formula(rng, sorted(atoms_now), 2)))
            atoms_now -= set(names)
    if not atoms_now:
        binders.append(("atoms", "(", [rng.choice(ATOM_NAMES)]))
        atoms_now.add(binders[-1][2][0])
    goal = _formula(rng, sorted(atoms_now), 2) if rng.random() < 0.7 else ("atom", rng.choice(sorted(atoms_now)))
    return binders, goal


def lean_reading(binders, goal, variables: tuple[str, ...]):
    """Lean's reading: (context [(written name, "Prop" | Formula over ids)], goal over ids)."""
    free, bound = set(), set()

    def mentions(t):
        return {t[1]} if t[0] == "atom" else set().union(*(mentions(a) for a in t[1:]))

    for b in binders:
        if b[0] == "hyp":
            free |= mentions(b[3]) - bound
        bound |= set(b[2])
    free |= mentions(goal) - bound
    entries = [("atoms", "(", [v]) for v in variables if v in free] + list(binders)
    scope: dict[str, str] = {}
    ctx = []
    for b in entries:
        for x in b[2]:
            if b[0] == "atoms":
                scope[x] = f"#{len(ctx)}"  # an id of its own for every atom binder
                ctx.append((x, "Prop"))
            else:
                ctx.append((x, _read(b[3], scope)))
        if b[0] == "hyp":
            for x in b[2]:
                scope.pop(x, None)
    return ctx, _read(goal, scope)


def expected_goal(ctx, goal) -> str:
    """The goal as Lean prints it: newest to oldest, a name met again gets `✝`, `✝¹`, …; equal types merge."""
    shown, seen, counts = [""] * len(ctx), set(), {}
    for i in range(len(ctx) - 1, -1, -1):
        x = ctx[i][0]
        if x in seen:
            k = counts.get(x, 0)
            counts[x] = k + 1
            shown[i] = x + "✝" + (str(k).translate(_SUP) if k else "")
        else:
            seen.add(x)
            shown[i] = x
    ids = {}
    for i, (x, ty) in enumerate(ctx):
        if ty == "Prop":
            ids[f"#{i}"] = shown[i]
    rows: list[tuple[list[str], str]] = []
    for (x, ty), name in zip(ctx, shown):
        text = "Prop" if ty == "Prop" else to_lean(rename_atoms(ty, ids))
        if rows and rows[-1][1] == text:
            rows[-1][0].append(name)
        else:
            rows.append(([name], text))
    return "\n".join([f"{' '.join(ns)} : {t}" for ns, t in rows] + [f"⊢ {to_lean(rename_atoms(goal, ids))}"])


def _source(binders, goal) -> str:
    parts = []
    for b in binders:
        ty = "Prop" if b[0] == "atoms" else _text(b[3])
        parts.append(f"{b[1]}{' '.join(b[2])} : {ty}{BRACKETS[b[1]]}")
    return f"theorem t {' '.join(parts)} : {_text(goal)}"


def _proofs(binders, goal) -> list[str]:
    """Small proofs, right under some reading of the names and wrong under another."""
    hyps = sorted({x for b in binders if b[0] == "hyp" for x in b[2]})
    out = [":= by\n  assumption"]
    for h in hyps:
        out += [f":= by\n  exact {h}", f":= {h}", f":= by\n  have {h} : {_text(goal)} := {h}\n  exact {h}"]
        if goal[0] == "imp":
            out += [f":= by\n  intro {h}\n  exact {h}", f":= by\n  intro x\n  exact {h}"]
            out += [f":= by\n  intro {a}\n  exact {h}" for a in ATOM_NAMES]
        if goal[0] == "and":
            out += [f":= by\n  exact ⟨{h}, {h}⟩"] + [f":= ⟨{h}, {g}⟩" for g in hyps]
    if goal[0] == "imp":
        out.append(":= fun x => x")
        out += [f":= by\n  intro {a}\n  exact {a}" for a in ATOM_NAMES]
    out += [f":= by\n  have {a} : {_text(goal)} := by\n    assumption\n  exact {a}" for a in ATOM_NAMES]
    return out


def _case(seed: int):
    rng = random.Random(seed)
    section = rng.random() < 0.4
    binders, goal = _statement(rng, section)
    variables = ATOM_NAMES if section else ()
    return binders, goal, variables


def _check(seed: int) -> tuple[int, int]:
    """Check every small proof of one random statement; (accepted, rejected though valid by names alone)."""
    binders, goal, variables = _case(seed)
    ctx, goal_ids = lean_reading(binders, goal, variables)
    premises = [ty for _, ty in ctx if ty != "Prop"]
    valid = countermodel(premises, goal_ids) is None
    head = _source(binders, goal)
    accepted = caught = 0
    for proof in _proofs(binders, goal):
        text = f"{head} {proof}\n"
        if variables:
            text = f"section\nvariable ({' '.join(variables)} : Prop)\n{text}end\n"
        (item,) = lean_items(text)
        assert item.problem is None, (text, item.problem)
        state = start(item.parsed)
        assert state.render() == expected_goal(ctx, goal_ids), text
        if goal[0] == "imp":  # `intro h` shadows a premise `h`, `intro p` an atom `p`: printed as Lean would
            dom, cod = goal_ids.args
            for x in ("h", "p"):
                assert state.step(f"  intro {x}").render() == expected_goal(ctx + [(x, dom)], cod), (text, x)
        if item.check().ok:
            assert valid, f"accepted, but false as Lean reads it:\n{text}"
            accepted += 1
        elif not valid:
            by_name = countermodel([_read(b[3], {x: x for x in ATOM_NAMES}) for b in binders if b[0] == "hyp"
                                    for _ in b[2]], _read(goal, {x: x for x in ATOM_NAMES})) is None
            caught += by_name
    return accepted, caught


@given(st.integers(0, 10**9))
@settings(max_examples=300, deadline=None)
def test_every_accepted_proof_is_valid_as_lean_binds_the_names(seed):
    _check(seed)


def test_the_random_statements_exercise_both_sides():
    """Not vacuous: proofs are accepted, and some statements true only if names were identified are caught."""
    accepted = caught = 0
    for seed in range(400):
        a, c = _check(seed)
        accepted += a
        caught += c
    assert accepted > 50 and caught > 10, (accepted, caught)
