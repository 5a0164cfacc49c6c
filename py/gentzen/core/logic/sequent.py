"""Sequents `A1, …, An ⊢ G`: parsing, classical validity with countermodels, canonical forms.

Validity is bit-parallel: each subformula is evaluated once as a 2^k-bit integer mask. Past
TABLE_ATOM_LIMIT atoms, once the masks would exceed TABLE_BYTES, a DPLL search for a countermodel on the
Tseitin clauses of `A1 ∧ … ∧ An ∧ ¬G` decides instead (correct at any atom count).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from gentzen.core.logic.formula import Formula, Not, atoms_of, parse_formula, subformulas, to_lean, tokenize
from gentzen.errors import LimitError, ParseError

TABLE_ATOM_LIMIT = 20  # always tables up to here
TABLE_MAX_ATOMS = 28   # tables up to here when every subformula's mask fits TABLE_BYTES
TABLE_BYTES = 256 << 20
TURNSTILES = ("⊢", "|-")


@dataclass(frozen=True)
class Sequent:
    """Premises ⊢ goal over declared atoms (default: the atoms it mentions, sorted)."""

    premises: tuple[Formula, ...]
    goal: Formula
    atoms: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "premises", tuple(self.premises))
        mentioned = set(atoms_of(self.goal))
        for p in self.premises:
            mentioned |= atoms_of(p)
        if not self.atoms:
            object.__setattr__(self, "atoms", tuple(sorted(mentioned)))
        else:
            object.__setattr__(self, "atoms", tuple(self.atoms))
            missing = mentioned - set(self.atoms)
            if missing:
                raise ParseError(f"atoms not declared: {', '.join(sorted(missing))}")

    def __str__(self) -> str:
        prem = ", ".join(to_lean(p) for p in self.premises)
        return f"{prem} ⊢ {to_lean(self.goal)}" if prem else f"⊢ {to_lean(self.goal)}"

    def valid(self) -> bool:
        return self.countermodel() is None

    def countermodel(self, max_decisions: int | None = None) -> dict[str, bool] | None:
        """An assignment making every premise true and the goal false, or None if valid."""
        return countermodel(self.premises, self.goal, self.atoms, max_decisions=max_decisions)

    def canonical(self) -> str:
        """A string equal for sequents equal up to premise order, duplicates and atom renaming."""
        return canonical_key(self.premises, self.goal)

    def with_atoms(self, atoms: tuple[str, ...]) -> "Sequent":
        return Sequent(self.premises, self.goal, atoms)


def countermodel_text(model: dict[str, bool]) -> str:
    """A countermodel as the commands print it: `P=T, Q=F`."""
    return ", ".join(f"{k}={'T' if v else 'F'}" for k, v in model.items())


def theorem_countermodel(theorem, max_decisions: int = 100_000) -> dict[str, bool] | None:
    """The countermodel of a Theorem's statement, or None when it is valid or too large to decide
    quickly (then a sampler may still try it)."""
    from gentzen.errors import GentzenError

    try:
        return countermodel([f for _, f in theorem.hyps], theorem.goal, theorem.atoms, max_decisions=max_decisions)
    except GentzenError:
        return None


def parse_sequent(text: str, *, atoms: tuple[str, ...] = ()) -> Sequent:
    """`A1, A2 ⊢ G` (or `|-`); a bare formula means `⊢ formula`."""
    if not isinstance(text, str):
        raise ParseError("sequent must be text")
    cut = -1
    width = 0
    for t in TURNSTILES:
        i = text.find(t)
        if i >= 0 and (cut < 0 or i < cut):
            cut, width = i, len(t)
    if cut < 0:
        return Sequent((), parse_formula(text), atoms)
    if any(text.find(t, cut + width) >= 0 for t in TURNSTILES):
        raise ParseError("more than one turnstile", column=cut)
    left, right = text[:cut], text[cut + width:]
    premises: list[Formula] = []
    if left.strip():
        start = 0
        for part in left.split(","):
            premises.append(parse_formula(part, offset=start))
            start += len(part) + 1
    goal = parse_formula(right, offset=cut + width)
    return Sequent(tuple(premises), goal, atoms)


# ---------------------------------------------------------------- validity


def _atom_masks(atoms: tuple[str, ...]) -> tuple[dict[str, int], int]:
    k = len(atoms)
    n = 1 << k
    full = (1 << n) - 1
    masks: dict[str, int] = {}
    for i, a in enumerate(atoms):
        period = 1 << (i + 1)
        block = ((1 << (1 << i)) - 1) << (1 << i)  # bits set where bit i of the row index is 1
        m = block
        width = period
        while width < n:
            m |= m << width
            width *= 2
        masks[a] = m & full
    return masks, full


class TruthTable:
    """Truth-table masks over fixed atoms, cached per subformula (bit j = value under row j;
    atom i = bit i of j). One table serves many formulas: a prover's or a variant search's oracle."""

    def __init__(self, atoms: tuple[str, ...]) -> None:
        self.atoms = tuple(atoms)
        self.atom_masks, self.full = _atom_masks(self.atoms)
        self.cache: dict[int, int] = {}

    def mask(self, f: Formula) -> int:
        m = self.cache.get(id(f))
        if m is not None:
            return m
        full, cache = self.full, self.cache
        for g in subformulas(f):
            if id(g) in cache:
                continue
            k = g.kind
            if k == "atom":
                v = self.atom_masks[g.name]
            elif k == "true":
                v = full
            elif k == "false":
                v = 0
            elif k == "not":
                v = full ^ cache[id(g.args[0])]
            else:
                a, b = cache[id(g.args[0])], cache[id(g.args[1])]
                v = (a & b if k == "and" else a | b if k == "or"
                     else (full ^ a) | b if k == "imp" else full ^ (a ^ b))
            cache[id(g)] = v
        return cache[id(f)]

    def models(self, premises) -> int:
        """The rows where every premise holds."""
        m = self.full
        for p in premises:
            m &= self.mask(p)
        return m

    def entails(self, premises, goal: Formula) -> bool:
        return not (self.models(premises) & ~self.mask(goal))


def truth_masks(formulas: list[Formula], atoms: tuple[str, ...]) -> list[int]:
    """Truth-table masks of several formulas over `atoms`."""
    table = TruthTable(atoms)
    return [table.mask(f) for f in formulas]


def _table_fits(premises, goal: Formula, k: int) -> bool:
    """Truth tables past TABLE_ATOM_LIMIT atoms while their masks fit TABLE_BYTES: DPLL without
    clause learning is exponential on parity (↔ chains: 22 atoms took 350 s; tables take 0.03 s)."""
    if k <= TABLE_ATOM_LIMIT:
        return True
    if k > TABLE_MAX_ATOMS:
        return False
    nodes = len({id(g) for f in (*premises, goal) for g in subformulas(f)})
    return nodes * (1 << k) // 8 <= TABLE_BYTES


def countermodel(premises, goal: Formula, atoms: tuple[str, ...] = (), *,
                 max_decisions: int | None = None) -> dict[str, bool] | None:
    """An assignment making every premise true and the goal false, or None if valid. Past the
    truth-table sizes DPLL decides; with `max_decisions` it raises LimitError beyond that many."""
    mentioned: set[str] = set(atoms_of(goal))
    for p in premises:
        mentioned |= atoms_of(p)
    names = tuple(sorted(mentioned))
    if not _table_fits(premises, goal, len(names)):
        model = _dpll_countermodel(list(premises), goal, max_decisions)
    else:
        masks = truth_masks(list(premises) + [goal], names)
        full = (1 << (1 << len(names))) - 1
        bad = full
        for m in masks[:-1]:
            bad &= m
        bad &= full ^ masks[-1]
        if not bad:
            return None
        row = (bad & -bad).bit_length() - 1
        model = {a: bool((row >> i) & 1) for i, a in enumerate(names)}
    if model is None:
        return None
    for a in atoms:  # declared but unused atoms: any value
        model.setdefault(a, False)
    return dict(sorted(model.items()))


def _dpll_countermodel(premises: list[Formula], goal: Formula,
                       max_decisions: int | None = None) -> dict[str, bool] | None:
    """SAT search for premises ∧ ¬goal over Tseitin clauses (no exponential tables)."""
    var: dict[int, int] = {}
    clauses: list[list[int]] = []
    atom_var: dict[str, int] = {}

    def v(g: Formula) -> int:
        return var[id(g)]

    roots = premises + [Not(goal)]
    for r in roots:
        for g in subformulas(r):
            if id(g) in var:
                continue
            x = len(var) + 1
            var[id(g)] = x
            k = g.kind
            if k == "atom":
                atom_var[g.name] = x
            elif k == "true":
                clauses.append([x])
            elif k == "false":
                clauses.append([-x])
            elif k == "not":
                a = v(g.args[0])
                clauses += [[-x, -a], [x, a]]
            else:
                a, b = v(g.args[0]), v(g.args[1])
                if k == "and":
                    clauses += [[-x, a], [-x, b], [x, -a, -b]]
                elif k == "or":
                    clauses += [[-x, a, b], [x, -a], [x, -b]]
                elif k == "imp":
                    clauses += [[-x, -a, b], [x, a], [x, -b]]
                else:
                    clauses += [[-x, -a, b], [-x, a, -b], [x, a, b], [x, -a, -b]]
    for r in roots:
        clauses.append([v(r)])
    assign = _dpll(clauses, len(var), max_decisions)
    if assign is None:
        return None
    return {name: assign.get(x, False) for name, x in atom_var.items()}


def _dpll(clauses: list[list[int]], nvars: int, max_decisions: int | None = None) -> dict[int, bool] | None:
    """Iterative DPLL with unit propagation and chronological backtracking."""
    decisions = 0
    assign: dict[int, bool] = {}
    trail: list[tuple[int, bool]] = []  # (var, is_decision)
    occurs: dict[int, list[list[int]]] = {}
    for c in clauses:
        for lit in c:
            occurs.setdefault(abs(lit), []).append(c)

    def value(lit: int):
        b = assign.get(abs(lit))
        return None if b is None else (b if lit > 0 else not b)

    def propagate() -> bool:
        changed = True
        while changed:
            changed = False
            for c in clauses:
                unassigned = None
                count = 0
                sat = False
                for lit in c:
                    val = value(lit)
                    if val is True:
                        sat = True
                        break
                    if val is None:
                        count += 1
                        unassigned = lit
                if sat:
                    continue
                if count == 0:
                    return False
                if count == 1:
                    assign[abs(unassigned)] = unassigned > 0
                    trail.append((abs(unassigned), False))
                    changed = True
        return True

    while True:
        if propagate():
            free = next((x for x in range(1, nvars + 1) if x not in assign), None)
            if free is None:
                return assign
            decisions += 1
            if max_decisions is not None and decisions > max_decisions:
                raise LimitError(f"undecided after {max_decisions:,} search decisions (past "
                                 f"{TABLE_MAX_ATOMS} atoms or {TABLE_BYTES >> 20} MiB of truth tables)")
            assign[free] = True
            trail.append((free, True))
            continue
        # conflict: undo to the last decision and flip it
        while trail:
            x, decision = trail.pop()
            val = assign.pop(x)
            if decision and val:
                assign[x] = False
                trail.append((x, False))
                break
        else:
            return None


# ---------------------------------------------------------------- canonical forms

_CANON_NAMES = ("P", "Q", "R", "S", "T", "U", "V")


def canonical_key(premises, goal: Formula) -> str:
    names = sorted(set(atoms_of(goal)).union(*[atoms_of(p) for p in premises]) if premises
                   else atoms_of(goal))
    texts = [to_lean(p) for p in premises]
    if len(names) > len(_CANON_NAMES):
        return " , ".join(sorted(set(texts))) + " ⊢ " + to_lean(goal)
    best = None
    prem_toks = [tokenize(t) for t in sorted(set(texts))]
    goal_toks = tokenize(to_lean(goal))
    for perm in itertools.permutations(_CANON_NAMES[: len(names)]):
        ren = dict(zip(names, perm))
        ps = sorted(set("".join(ren.get(t, t) if k == "id" else t for k, t, _ in toks) for toks in prem_toks))
        g = "".join(ren.get(t, t) if k == "id" else t for k, t, _ in goal_toks)
        key = ", ".join(ps) + " ⊢ " + g
        if best is None or key < best:
            best = key
    return best


__all__ = ["Sequent", "parse_sequent", "countermodel", "countermodel_text", "theorem_countermodel",
           "truth_masks", "TruthTable", "canonical_key",
           "TABLE_ATOM_LIMIT"]
