"""The atom window (issue 41): the model learned four atoms; a goal over more is shown through a window of four.

When the main goal's context binds more atoms than MODEL_ATOMS, the `state` prompt shows only the hypotheses
over the atoms nearest the goal (the target's first, then those of the hypotheses sharing the most with them),
those atoms renamed P, Q, R, S. The line drawn is renamed back before the kernel checks it against the real
state, so the window changes what the model sees, never what is accepted (`--all-atoms`: no window).
`as_trained` shows `a → False` as `¬a` (Lean's definition of `¬`, so the same goal): the training data writes `¬`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gentzen.core.elaboration.constants import PROP
from gentzen.core.logic.formula import BINARY, FALSE, Formula, Not
from gentzen.core.proof.goals import Goal, rename_atoms, render_goal

# search/names.py's MODEL_ATOMS (the atoms the training statements use), kept here: names.py imports guided.py
MODEL_ATOMS = ("P", "Q", "R", "S")
_PREMISE = re.compile(r"h[0-9]+")


def _pick(hyps: list[tuple[int, frozenset]], target: frozenset, size: int) -> list[str]:
    """The window's atoms, in the order added: the target's, then those of the hypotheses nearest it, never
    overflowing `size`: one about the target first (the step back from the goal), then a single-atom fact (the
    step forward from what is known), then one sharing an atom with the window; fewer new atoms, later first."""
    window = sorted(target)
    taken: set[int] = set()
    while True:
        have = set(window)
        best = None
        for i, atoms in hyps:
            if i in taken or len(have | atoms) > size:
                continue
            kind = 0 if atoms & target else 1 if len(atoms) == 1 else 2 if atoms & have else 3
            score = (kind, len(atoms - have), -i)
            if best is None or score < best[0]:
                best = (score, i, atoms)
        if best is None:
            return window
        taken.add(best[1])
        window.extend(sorted(best[2] - have))


def window(goal: Goal, size: int = len(MODEL_ATOMS)) -> tuple[str, dict[str, str]] | None:
    """(the goal as the prompt shows it through the window, map model letter -> atom), or None when the goal
    binds at most `size` atoms or its target alone needs more (then it is shown whole)."""
    atoms = [name for name, ty, _ in goal.ctx if ty is PROP]
    target_atoms = goal.target.atoms()
    if len(atoms) <= size or len(target_atoms) > size or any("✝" in a for a in atoms):
        return None
    hyps = [(i, frozenset(ty.atoms())) for i, (_, ty, _) in enumerate(goal.ctx) if ty is not PROP]
    inside = set(_pick(hyps, frozenset(target_atoms), size))
    letters = dict(zip([a for a in atoms if a in inside], MODEL_ATOMS))
    ctx, premises = [], {}  # premises h… shown are numbered h1, h2, … as in the training statements
    for name, ty, inaccessible in goal.ctx:
        if ty is PROP:
            if name in inside:
                ctx.append((letters[name], PROP, inaccessible))
        elif ty.atoms() <= inside:
            if _PREMISE.fullmatch(name) and not inaccessible:
                name = premises.setdefault(name, f"h{len(premises) + 1}")
            ctx.append((name, rename_atoms(ty, letters), inaccessible))
    shown = render_goal(tuple(ctx), rename_atoms(goal.target, letters), goal.tag)
    back = {m: a for a, m in letters.items() if a != m}
    back.update((m, h) for h, m in premises.items() if h != m)
    return shown, back


@lru_cache(maxsize=4096)
def _as_trained(f: Formula) -> Formula:
    """`f` with every `a → False` written `¬a` (formulas are interned: the same formula, the same object)."""
    if not f.args:
        return f
    args = tuple(_as_trained(a) for a in f.args)
    if f.kind == "imp" and args[1] is FALSE:
        return Not(args[0])
    if all(x is y for x, y in zip(args, f.args)):
        return f
    return Not(args[0]) if f.kind == "not" else BINARY[f.kind](*args)


def as_trained(goal: Goal) -> Goal:
    """The goal as the model is shown it: `a → False` as `¬a`, Lean's definition of `¬a` (`Not a := a → False`),
    so the very goal the kernel checks lines against; `goal` itself when nothing changes."""
    ctx = tuple((n, ty if ty is PROP else _as_trained(ty), i) for n, ty, i in goal.ctx)
    target = _as_trained(goal.target)
    if target is goal.target and all(a[1] is b[1] for a, b in zip(ctx, goal.ctx)):
        return goal
    return Goal(ctx, target, goal.tag)


__all__ = ["as_trained", "window"]
