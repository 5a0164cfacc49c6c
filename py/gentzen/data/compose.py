"""Cut composition: paste proofs of lemmas into a proof of the target (`gentzen compose`).

From Γ ⊢ ψ and Γ, ψ ⊢ G build Γ ⊢ G: the first proof becomes a `have nK : ψ := by` box, the second
follows with its citations renamed; chains of cuts; a search over solved variants; and the lemmas a
composition still lacks (`missing_lemmas`, ttrl --cut-lemmas).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gentzen.core.logic.formula import Formula
from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import Sequent
from gentzen.core.proof.theorem import Theorem
from gentzen.core.text.words import rename_identifiers

_BINDERS = (re.compile(r"^\s*(?:· )?intro\s+(.+)$"),
            re.compile(r"^\s*(?:· )?have\s+([^\W\d][\w']*)\s*:"),
            re.compile(r"^\s*(?:· )?rcases\s+\S+\s+with\s+([^\W\d][\w']*)\s*\|\s*([^\W\d][\w']*)"),
            re.compile(r"^\s*(?:· )?obtain\s+⟨\s*([^\W\d][\w']*)\s*,\s*([^\W\d][\w']*)\s*⟩"))


class CompositionError(ValueError):
    """The pieces do not fit (a premise the target lacks) or the result fails the kernel."""


@dataclass(frozen=True)
class Solved:
    """A solved statement: its sequent (premises by formula) and a proof citing `names`."""

    premises: tuple[Formula, ...]
    goal: Formula
    proof: str
    names: tuple[str, ...]  # the premise names the proof cites, parallel to premises

    @classmethod
    def from_theorem(cls, thm: Theorem, proof: str) -> "Solved":
        return cls(tuple(f for _, f in thm.hyps), thm.goal, proof, tuple(h for h, _ in thm.hyps))


def bound_names(proof: str) -> list[str]:
    """Names the proof binds, in order of first binding."""
    out: list[str] = []
    for line in proof.split("\n"):
        for pat in _BINDERS:
            m = pat.match(line)
            if m:
                for g in m.groups():
                    for x in g.split():
                        if x not in out and x != "_":
                            out.append(x)
                break
    return out


def _indent(proof: str, extra: int) -> str:
    pad = " " * extra
    return "\n".join(pad + ln if ln.strip() else ln for ln in proof.split("\n"))


class _Namer:
    def __init__(self, taken):
        self.taken = set(taken)
        self.k = 1

    def fresh(self) -> str:
        while f"n{self.k}" in self.taken:
            self.k += 1
        name = f"n{self.k}"
        self.taken.add(name)
        return name


def _place(piece: Solved, scope: dict, namer: _Namer) -> str:
    """The piece's proof with premise citations mapped to scope names and bound names fresh."""
    mapping: dict[str, str] = {}
    for name, f in zip(piece.names, piece.premises):
        if f.unf not in scope:
            raise CompositionError(f"premise {f} of a piece is not available in the target")
        mapping[name] = scope[f.unf]
    for x in bound_names(piece.proof):
        if x not in mapping:
            mapping[x] = namer.fresh()
    return rename_identifiers(piece.proof, mapping)


def compose_chain(target: Theorem, lemmas: list[Solved], final: Solved, *, verify: bool = True) -> str:
    """Γ ⊢ ψ1, (Γ, ψ1 ⊢ ψ2), …, (Γ, ψ1…ψk ⊢ G) → a proof of Γ ⊢ G (each piece may use fewer premises)."""
    scope = {f.unf: h for h, f in reversed(target.hyps)}
    namer = _Namer([h for h, _ in target.hyps])
    parts: list[str] = []
    for lem in lemmas:
        if lem.goal.unf in scope:  # already at hand: no box needed
            continue
        name = namer.fresh()  # named before its body: names follow textual order
        body = _place(lem, scope, namer)
        one = body.strip()
        if "\n" not in one and one.startswith("exact "):  # a one-line proof is a plain have
            parts.append(f"  have {name} : {lem.goal} := {one[6:]}")
        else:
            parts.append(f"  have {name} : {lem.goal} := by\n{_indent(body, 2)}")
        scope[lem.goal.unf] = name
    if final.goal.unf is not target.goal.unf:
        raise CompositionError(f"the last piece proves {final.goal}, not the target's goal {target.goal}")
    parts.append(_place(final, scope, namer))
    proof = "\n".join(parts)
    if verify:
        res = check_proof(target, proof)
        if not res.ok:
            raise CompositionError(f"composed proof rejected by the kernel: {res.error}\n{proof}")
    return proof


def compose_cut(target: Theorem, lemma: Solved, main: Solved, *, verify: bool = True) -> str:
    """One cut: a proof of Γ ⊢ ψ and one of Γ, ψ ⊢ G give a proof of Γ ⊢ G."""
    return compose_chain(target, [lemma], main, verify=verify)


def search(target: Theorem, solved: list[Solved], *, verify: bool = True) -> str | None:
    """A composition proving target from solved variants: forward chaining over their lemmas.

    A variant Γ' ⊢ ψ is usable once Γ' ⊆ (target premises ∪ lemmas proved so far); chaining stops
    when some usable variant proves the goal. Returns the kernel-verified proof, or None.
    """
    have = {f.unf for _, f in target.hyps}
    chain: list[Solved] = []
    goal = target.goal.unf
    progress = True
    while progress:
        for s in solved:
            if s.goal.unf is goal and all(p.unf in have for p in s.premises):
                try:
                    return compose_chain(target, _needed(chain, s), s, verify=verify)
                except CompositionError:
                    break  # a piece failed the kernel after renaming: keep chaining
        progress = False
        for s in solved:
            if s.goal.unf not in have and all(p.unf in have for p in s.premises):
                chain.append(s)
                have.add(s.goal.unf)
                progress = True
    return None


def missing_lemmas(target: Theorem, solved: list[Solved]) -> list[Formula]:
    """The lemmas that would complete a composition, fewest-missing pieces first: premises ψ, entailed by the
    target's premises Γ yet not derivable from Γ and the solved pieces (forward chaining, as `search`), of
    solved pieces proving the goal or (recursively) such a ψ. A proof of each Γ ⊢ ψ of one piece completes its cut."""
    from gentzen.core.logic.sequent import TruthTable

    have = _derivable(target, solved)
    table, gamma = TruthTable(tuple(target.atoms)), [f for _, f in target.hyps]
    wanted, out, seen = [target.goal.unf], [], set()
    while wanted:
        goal = wanted.pop(0)
        pieces = [s for s in solved if s.goal.unf is goal]
        gaps = [[p for p in s.premises if p.unf not in have] for s in pieces]
        for gap in sorted((g for g in gaps if g and all(table.entails(gamma, p) for p in g)), key=len):
            for p in gap:
                if p.unf not in seen:
                    seen.add(p.unf)
                    out.append(p)
                    wanted.append(p.unf)
    return out


def _derivable(target: Theorem, solved: list[Solved]) -> set:
    """Formulas (by unf) derivable from the target's premises by chaining solved pieces."""
    have = {f.unf for _, f in target.hyps}
    progress = True
    while progress:
        progress = False
        for s in solved:
            if s.goal.unf not in have and all(p.unf in have for p in s.premises):
                have.add(s.goal.unf)
                progress = True
    return have


def _needed(chain: list[Solved], final: Solved) -> list[Solved]:
    """Only the lemmas the final piece depends on (transitively), in chain order."""
    want = {p.unf for p in final.premises}
    keep: list[Solved] = []
    for s in reversed(chain):
        if s.goal.unf in want:
            keep.append(s)
            want |= {p.unf for p in s.premises}
    keep.reverse()
    return keep


def solved_from_records(records: list[dict]) -> list[Solved]:
    """Solved pieces from JSONL records with `theorem` (or `sequent` + `atoms`) and `proof`."""
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.core.logic.sequent import parse_sequent
    out = []
    for r in records:
        if not r.get("proof"):
            continue
        if r.get("theorem"):
            thm = parse_theorem(r["theorem"])
        else:
            thm = Theorem.from_sequent(parse_sequent(r["sequent"], atoms=tuple(r.get("atoms") or ())))
        out.append(Solved.from_theorem(thm, r["proof"]))
    return out


def lines(proof: str) -> int:
    return len([ln for ln in proof.split("\n") if ln.strip()])


__all__ = ["Solved", "compose_cut", "compose_chain", "search", "missing_lemmas", "CompositionError", "bound_names",
           "solved_from_records", "Sequent"]
