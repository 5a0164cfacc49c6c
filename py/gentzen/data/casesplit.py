"""The reference prover's complete fallback: a truth table written out as a proof.

Split on every atom with `Classical.em`; in each branch the atoms are literals, so each formula is
decided by evaluation, and a proof of it (or of its negation) is built by structural recursion.
Where the branch makes the goal true, prove the goal; otherwise some premise is false there, and
`exfalso` with that premise's refutation closes it. Exponential in the atoms, but complete.
"""

from __future__ import annotations

from gentzen.core.logic.formula import Formula, Not, evaluate, to_lean
from gentzen.core.proof.theorem import Theorem


class _Writer:
    def __init__(self, first: int, taken=()) -> None:
        self.n, self.taken = first, frozenset(taken)

    def fresh(self) -> str:
        while f"n{self.n}" in self.taken:  # never shadow an atom or premise called `nK`
            self.n += 1
        name = f"n{self.n}"
        self.n += 1
        return name


def prove_by_cases(thm: Theorem, first_name: int = 1) -> str:
    """A tactic block (two-space indented) proving `thm`, which must be classically valid."""
    atoms = sorted(set().union(*[f.atom_names() for _, f in thm.hyps], thm.goal.atom_names()))
    w = _Writer(first_name, set(thm.atoms) | {h for h, _ in thm.hyps})
    lines = _split(thm, atoms, 0, {}, {}, w, 2)
    return "\n".join(lines)


def _split(thm: Theorem, atoms: list[str], i: int, model: dict, lits: dict, w: _Writer, ind: int) -> list[str]:
    pad = " " * ind
    if i == len(atoms):
        return _leaf(thm, model, lits, w, ind)
    a = atoms[i]
    h, pos, neg = w.fresh(), w.fresh(), w.fresh()
    out = [f"{pad}have {h} : {a} ∨ ¬{a} := Classical.em {a}", f"{pad}rcases {h} with {pos} | {neg}"]
    for value, name in ((True, pos), (False, neg)):
        body = _split(thm, atoms, i + 1, {**model, a: value}, {**lits, a: name}, w, ind + 2)
        out.append(f"{pad}· {body[0].lstrip()}")
        out.extend(body[1:])
    return out


def _leaf(thm: Theorem, model: dict, lits: dict, w: _Writer, ind: int) -> list[str]:
    if evaluate(thm.goal, model):
        return _prove(thm.goal, True, model, lits, w, ind)
    for name, f in thm.hyps:
        if not evaluate(f, model):
            pad = " " * ind
            y = w.fresh()
            return ([f"{pad}exfalso", f"{pad}have {y} : {to_lean(Not(f))} := by"]
                    + _prove(f, False, model, lits, w, ind + 2) + [f"{pad}exact {y} {name}"])
    raise ValueError(f"not valid: {thm.sequent} fails under {model}")


def _have(name: str, f: Formula, value: bool, model, lits, w, ind: int) -> list[str]:
    """`have name : f := by …` (or `¬f` when value is False)."""
    shown = f if value else Not(f)
    return [f"{' ' * ind}have {name} : {to_lean(shown)} := by"] + _prove(f, value, model, lits, w, ind + 2)


def _prove(f: Formula, value: bool, model: dict, lits: dict, w: _Writer, ind: int) -> list[str]:
    """Lines closing the goal `f` (value True) or `¬f` (value False), f's value under `model`."""
    pad = " " * ind
    k = f.kind
    if k == "atom":
        return [f"{pad}exact {lits[f.name]}"]
    if k == "true":
        if not value:
            raise ValueError("True is never false")
        return [f"{pad}exact trivial"]
    if k == "false":
        if value:
            raise ValueError("False is never true")
        x = w.fresh()
        return [f"{pad}intro {x}", f"{pad}exact {x}"]
    if k == "not":
        (a,) = f.args
        if value:  # ¬a with a false: the goal ¬a is a's refutation
            return _prove(a, False, model, lits, w, ind)
        x, y = w.fresh(), w.fresh()
        return [f"{pad}intro {x}"] + _have(y, a, True, model, lits, w, ind) + [f"{pad}exact {x} {y}"]
    a, b = f.args
    va = evaluate(a, model)
    if k == "and":
        if value:
            return ([f"{pad}constructor"] + _bullet(_prove(a, True, model, lits, w, ind + 2), pad)
                    + _bullet(_prove(b, True, model, lits, w, ind + 2), pad))
        x, y = w.fresh(), w.fresh()
        side, proj = (a, "1") if not va else (b, "2")
        return [f"{pad}intro {x}"] + _have(y, side, False, model, lits, w, ind) + [f"{pad}exact {y} {x}.{proj}"]
    if k == "or":
        if value:
            return [f"{pad}left"] + _prove(a, True, model, lits, w, ind) if va else \
                [f"{pad}right"] + _prove(b, True, model, lits, w, ind)
        x, y, z, p, q = (w.fresh() for _ in range(5))
        return ([f"{pad}intro {x}"] + _have(y, a, False, model, lits, w, ind) + _have(z, b, False, model, lits, w, ind)
                + [f"{pad}rcases {x} with {p} | {q}", f"{pad}· exact {y} {p}", f"{pad}· exact {z} {q}"])
    if k == "imp":
        if value:
            x = w.fresh()
            if not va:
                y = w.fresh()
                return ([f"{pad}intro {x}"] + _have(y, a, False, model, lits, w, ind)
                        + [f"{pad}exact absurd {x} {y}"])
            return [f"{pad}intro {x}"] + _prove(b, True, model, lits, w, ind)
        x, y, z = w.fresh(), w.fresh(), w.fresh()
        return ([f"{pad}intro {x}"] + _have(y, a, True, model, lits, w, ind) + _have(z, b, False, model, lits, w, ind)
                + [f"{pad}exact {z} ({x} {y})"])
    # iff
    if value:
        return ([f"{pad}constructor"] + _bullet(_prove(_imp(a, b), True, model, lits, w, ind + 2), pad)
                + _bullet(_prove(_imp(b, a), True, model, lits, w, ind + 2), pad))
    x, y, z = w.fresh(), w.fresh(), w.fresh()
    if va:  # a true, b false: x.mp y : b contradicts z
        return ([f"{pad}intro {x}"] + _have(y, a, True, model, lits, w, ind) + _have(z, b, False, model, lits, w, ind)
                + [f"{pad}exact {z} ({x}.mp {y})"])
    return ([f"{pad}intro {x}"] + _have(y, a, False, model, lits, w, ind) + _have(z, b, True, model, lits, w, ind)
            + [f"{pad}exact {y} ({x}.mpr {z})"])


def _imp(a: Formula, b: Formula) -> Formula:
    from gentzen.core.logic.formula import Imp
    return Imp(a, b)


def _bullet(block: list[str], pad: str) -> list[str]:
    return [f"{pad}· {block[0].lstrip()}"] + block[1:]
