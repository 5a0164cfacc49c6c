"""Variants of a target statement, built from the statement alone (`gentzen variants`).

Moves: specialisations (stronger premises), generalisations (weaker premises or goal), lemma cuts
(Γ ⊢ ψ and Γ, ψ ⊢ G) and sub-steps (goal and premise decomposition), applied to depth `depth`;
only valid variants (consistent premises) whose goal is not a premise are kept, deduplicated by (premise set, goal).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator

from gentzen.core.logic.formula import FALSE, TRUE, Formula, Not, subformulas
from gentzen.core.logic.sequent import Sequent, TruthTable
from gentzen.core.proof.theorem import Theorem

KINDS = ("specialisation", "generalisation", "lemma", "substep")


class _Oracle(TruthTable):
    """Truth-table validity with a mask cache shared by every variant of one target."""

    def valid(self, premises, goal: Formula) -> bool:
        """Valid with consistent premises (inconsistent ones prove anything: useless variants)."""
        m = self.models(premises)
        return m != 0 and not (m & ~self.mask(goal))


def moves(premises: tuple[Formula, ...], goal: Formula) -> Iterator[tuple[str, str, tuple, Formula]]:
    """(kind, move description, premises, goal) for every one-step move from Γ ⊢ G."""
    prem = list(premises)
    subs: list[Formula] = []
    seen: set[int] = set()
    for f in prem + [goal]:
        for g in subformulas(f):
            if id(g) not in seen and g.kind not in ("true", "false"):
                seen.add(id(g))
                subs.append(g)
    # lemma cuts: ψ over subformulas (the most useful cut candidates)
    for psi in subs:
        if psi is goal or psi in prem:
            continue
        yield "lemma", f"cut-left {psi}", tuple(prem), psi
        yield "lemma", f"cut-right {psi}", tuple(prem + [psi]), goal
    # sub-steps: decompose the goal, split a premise
    k = goal.kind
    if k in ("imp", "not"):
        yield "substep", "intro", tuple(prem + [goal.args[0]]), goal.args[1] if k == "imp" else FALSE
    elif k in ("and", "iff"):
        a, b = goal.args
        if k == "and":
            yield "substep", "and-left", tuple(prem), a
            yield "substep", "and-right", tuple(prem), b
        else:
            yield "substep", "iff-mp", tuple(prem + [a]), b
            yield "substep", "iff-mpr", tuple(prem + [b]), a
    for i, p in enumerate(prem):
        rest = prem[:i] + prem[i + 1:]
        if p.kind == "or":
            yield "substep", f"cases-left {p}", tuple(rest + [p.args[0]]), goal
            yield "substep", f"cases-right {p}", tuple(rest + [p.args[1]]), goal
        elif p.kind == "and":
            yield "substep", f"split {p}", tuple(rest + list(p.args)), goal
        # generalisation: drop a premise; weaken one (∧ to a conjunct)
        yield "generalisation", f"drop {p}", tuple(rest), goal
        if p.kind == "and":
            for part in p.args:
                yield "generalisation", f"weaken {p} to {part}", tuple(rest + [part]), goal
        # specialisation: strengthen one premise (∨ to a disjunct, → to its consequent)
        if p.kind == "or":
            for part in p.args:
                yield "specialisation", f"strengthen {p} to {part}", tuple(rest + [part]), goal
        elif p.kind == "imp":
            yield "specialisation", f"strengthen {p} to {p.args[1]}", tuple(rest + [p.args[1]]), goal
    # generalisation of the goal: a weaker goal (a disjunct added, a conjunct kept)
    if k == "and":
        for part in goal.args:
            yield "generalisation", f"weaken goal to {part}", tuple(prem), part
    # specialisation: add a premise (an antecedent of an implication, a disjunct of the goal)
    for psi in subs:
        if psi.kind == "imp":
            yield "specialisation", f"assume {psi.args[0]}", tuple(prem + [psi.args[0]]), goal
    if k == "or":
        for part in goal.args:
            yield "specialisation", f"assume {Not(part)}", tuple(prem + [Not(part)]), goal


def variants(seq: Sequent, *, depth: int = 2, target: str = "target") -> list[dict]:
    """All valid variants of `seq` up to `depth` moves, deduplicated by (premise set, goal)."""
    oracle = _Oracle(tuple(seq.atoms))
    start_key = (frozenset(p.unf for p in seq.premises), seq.goal.unf)
    seen = {start_key}
    out: list[dict] = []
    frontier = [(seq.premises, seq.goal, [])]
    for _ in range(depth):
        nxt = []
        for prem, goal, chain in frontier:
            for kind, desc, p2, g2 in moves(prem, goal):
                p2 = tuple(dict.fromkeys(p2))  # duplicate premises say nothing new
                key = (frozenset(p.unf for p in p2), g2.unf)
                if key in seen:
                    continue
                seen.add(key)
                if g2 is TRUE or any(p.unf is g2.unf for p in p2) or not oracle.valid(p2, g2):
                    continue
                ch = chain + [f"{kind}: {desc}"]
                out.append(_record(seq, target, kind, ch, p2, g2, len(out)))
                nxt.append((p2, g2, ch))
        frontier = nxt
    return out


def _record(seq: Sequent, target: str, kind: str, chain: list, prem, goal, i: int) -> dict:
    s = Sequent(prem, goal, seq.atoms)
    name = f"{target}_v{i:04d}"
    return {"name": name, "target": target, "kind": kind, "chain": chain, "sequent": str(s),
            "theorem": Theorem.from_sequent(s, name=name).statement(), "atoms": list(seq.atoms)}


def report(per_target: dict[str, list[dict]]) -> dict:
    """Per-target counts (median, min, max) and each kind's share of all variants."""
    counts = [len(v) for v in per_target.values()]
    kinds: dict[str, int] = {}
    for vs in per_target.values():
        for v in vs:
            kinds[v["kind"]] = kinds.get(v["kind"], 0) + 1
    total = sum(counts)
    return {"targets": len(counts), "variants": total,
            "per_target": {"median": statistics.median(counts) if counts else 0,
                           "min": min(counts, default=0), "max": max(counts, default=0)},
            "kinds": {k: round(kinds.get(k, 0) / total, 3) if total else 0.0 for k in KINDS}}


__all__ = ["variants", "moves", "report", "KINDS"]
