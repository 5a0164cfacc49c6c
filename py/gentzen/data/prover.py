"""The reference prover: complete for classical propositional logic, kernel-verified output.

A goal-directed search guided by a truth-table oracle builds a proof tree (hypotheses cited by
formula, not by name); unused steps are pruned, names n1, n2, … assigned in textual order.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from gentzen.core.logic.formula import FALSE, Formula, Not, Or, to_lean
from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import Sequent, TruthTable, countermodel, parse_sequent
from gentzen.core.proof.theorem import Theorem
from gentzen.data.casesplit import prove_by_cases
from gentzen.data.prooftree import lines as _lines, prune, render
from gentzen.errors import InputError

# Masks of 2^k bits stay cheap up to here; beyond, the oracle falls back to core's DPLL.
MASK_ATOM_LIMIT = 16


@dataclass(frozen=True)
class ProofResult:
    """A kernel-verified tactic block (or None) with its line count, or the countermodel."""

    proof: str | None
    lines: int
    countermodel: dict | None

    def to_dict(self) -> dict:
        return {"proof": self.proof, "lines": self.lines, "countermodel": self.countermodel}


class ProverError(RuntimeError):
    """The prover built a proof the kernel rejects: a bug here or in the kernel, never input."""


# Steps of a proof tree (tuples, so memoised subtrees are shared safely):
#   ("intro", φ) ("have", φ, term) ("box", φ, block) ("exact", term) ("raa", ¬G)
#   ("constructor", block, block) ("rcases", φ∨ψ, block, block)
# Terms: ("ref", φ) ("app", f, a) ("proj", t, "1"|"2"|"mp"|"mpr") ("pair", a, b) ("inl", t)
#   ("inr", t) ("felim", t) ("trivial",) ("em", φ) ("nn", t) ("mt", f, n)


def _ref(f: Formula) -> tuple:
    return ("ref", f)


def _neg(f: Formula) -> Formula:
    return f.args[0] if f.kind == "not" else Not(f)


class _Search:
    def __init__(self, premises: tuple[Formula, ...], goal: Formula, block_spent: bool = False):
        self.block_spent = block_spent
        names = set()
        for f in list(premises) + [goal]:
            names |= f.atoms()
        self.atoms = sorted(names)
        self.use_masks = len(self.atoms) <= MASK_ATOM_LIMIT
        self.table = TruthTable(tuple(self.atoms)) if self.use_masks else None
        self.memo: dict = {}

    # ---- the oracle
    def mask(self, f: Formula) -> int:
        return self.table.mask(f)

    def valid(self, ctx, goal: Formula) -> bool:
        if not self.use_masks:
            return countermodel(tuple(ctx), goal) is None
        return self.table.entails(ctx, goal)

    # ---- search
    def solve(self, ctx: tuple, goal: Formula, depth: int = 0, spent: frozenset = frozenset()) -> tuple:
        """A block proving goal from ctx (active formulas); memoised on (set of ctx, goal).

        `spent` holds hypotheses a rule has consumed: they are never derived again (an ∧ could
        hand back a consumed implication, and the search would loop on it)."""
        key = (frozenset(f.unf for f in ctx), goal.unf)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if depth > 400:
            raise ProverError("search depth exceeded")
        block = self._solve(_normalise(ctx), goal, depth + 1, spent)
        self.memo[key] = block
        return block

    def _solve(self, ctx: tuple, goal: Formula, depth: int, spent: frozenset) -> tuple:
        avail = {f.unf: f for f in ctx}
        t = _immediate(avail, goal)
        if t is not None:
            return t
        step = _forward(ctx, avail, spent if self.block_spent else frozenset())
        if step is not None:  # one-line derivation; unused ones are pruned afterwards
            f, term = step
            return (("have", f, term),) + self.solve(ctx + (f,), goal, depth, spent)
        k = goal.kind
        if k in ("imp", "not"):
            a = goal.args[0]
            b = goal.args[1] if k == "imp" else FALSE
            return (("intro", a),) + self.solve(ctx + (a,), b, depth, spent)
        if k == "and":
            return (("constructor", self.solve(ctx, goal.args[0], depth, spent),
                     self.solve(ctx, goal.args[1], depth, spent)),)
        if k == "iff":
            a, b = goal.args
            return (("constructor", (("intro", a),) + self.solve(ctx + (a,), b, depth, spent),
                     (("intro", b),) + self.solve(ctx + (b,), a, depth, spent)),)
        options = []
        if k == "or":
            for side, ctor in ((goal.args[0], "inl"), (goal.args[1], "inr")):
                if self.valid(ctx, side):
                    options.append(_wrap(self.solve(ctx, side, depth, spent), side, ctor))
            if options:
                return min(options, key=_lines)
        # box rules: h : φ → ψ (or ↔, ¬) whose antecedent the oracle says follows
        needed = [h for h in ctx if h.kind in ("imp", "not", "iff", "or") and not self.valid(
            [g for g in ctx if g is not h], goal)]
        # a hypothesis no proof needs is used only when it concludes the goal (or the goal is ⊥)
        others = [h for h in ctx if h not in needed and (goal is FALSE or h.kind in ("imp", "iff"))]
        for h in needed + others:
            for ante, cons, fn in _implications(h):
                if h not in needed and goal is not FALSE and cons.unf != goal.unf:
                    continue
                rest = tuple(g for g in ctx if g is not h)
                if cons.unf in avail or not self.valid(rest, ante):
                    continue
                used = spent | {h.unf}
                sub = self.solve(rest, ante, depth, used)
                if cons is FALSE:
                    return _use(sub, ante, lambda x, fn=fn: ("app", fn, x), goal, None)
                return _use(sub, ante, lambda x, fn=fn: ("app", fn, x), cons,
                            self.solve(rest + (ante, cons), goal, depth, used))
            if h.kind == "or" and h in needed:
                a, b = h.args
                rest = tuple(g for g in ctx if g is not h)
                used = spent | {h.unf}
                return (("rcases", h, self.solve(rest + (a,), goal, depth, used),
                         self.solve(rest + (b,), goal, depth, used)),)
            if h.kind == "iff" and goal is FALSE:  # neither side follows: split on the left one
                return self._em(ctx, h.args[0], goal, depth, spent)
        if k == "or":  # classical ∨: excluded middle on a disjunct, then Or.inl / Or.inr
            for side in goal.args:
                p = side.args[0] if side.kind == "not" else side
                options.append(self._em(ctx, p, goal, depth, spent))
            return min(options, key=_lines)
        if k == "false":
            for h in ctx:  # some hypothesis must be usable (a ∨ or an ↔ here)
                if h.kind == "or":
                    a, b = h.args
                    rest = tuple(g for g in ctx if g is not h)
                    used = spent | {h.unf}
                    return (("rcases", h, self.solve(rest + (a,), goal, depth, used),
                             self.solve(rest + (b,), goal, depth, used)),)
            raise ProverError(f"no rule applies to {', '.join(map(to_lean, ctx))} ⊢ False")
        # atom, or a goal nothing else reaches: reductio ad absurdum
        n = Not(goal)
        return (("raa", n),) + self.solve(ctx + (n,), FALSE, depth, spent)

    def _em(self, ctx: tuple, p: Formula, goal: Formula, depth: int, spent: frozenset) -> tuple:
        e = Or(p, Not(p))
        return (("have", e, ("em", p)), ("rcases", e, self.solve(ctx + (p,), goal, depth, spent),
                                         self.solve(ctx + (Not(p),), goal, depth, spent)))


def _normalise(ctx: tuple) -> tuple:
    """Drop hypotheses implied by others already present (keeps the search finite and small)."""
    avail = {f.unf for f in ctx}
    out = []
    seen = set()
    for f in ctx:
        if f.unf in seen or _redundant(f, avail):
            continue
        seen.add(f.unf)
        out.append(f)
    return tuple(out)


def _redundant(f: Formula, avail) -> bool:
    """f follows at once from formulas in avail (so it need not stay active, nor be derived)."""
    k = f.kind
    a = f.args
    if k == "true":
        return True
    if k == "and":  # a component that is itself redundant is never derived: count it as there
        return all(x.unf in avail or _redundant(x, avail) for x in a)
    if k == "or":
        return a[0].unf in avail or a[1].unf in avail
    if k == "imp":
        # (for a → False, ¬a is the formula itself: not a reason to drop it)
        return a[1].unf in avail or (a[1] is not FALSE and _neg(a[0]).unf in avail)
    if k == "iff":
        return ((a[0].unf in avail and a[1].unf in avail)
                or (_neg(a[0]).unf in avail and _neg(a[1]).unf in avail))
    if k == "not" and a[0].kind == "not":
        return a[0].args[0].unf in avail
    return False


def _immediate(avail: dict, goal: Formula) -> tuple | None:
    """A one-line proof (`exact t`) or a two-line contradiction, if the context has it at hand."""
    if goal.unf in avail:
        return (("exact", _ref(avail[goal.unf])),)
    if goal.kind == "true":
        return (("exact", ("trivial",)),)
    if FALSE in avail:
        return (("exact", _ref(FALSE) if goal is FALSE else ("felim", _ref(FALSE))),)
    for u, f in avail.items():
        if f.kind == "not" and f.args[0].unf in avail:
            clash = ("app", _ref(f), _ref(avail[f.args[0].unf]))
            if goal is FALSE:
                return (("exact", clash),)
            return (("have", FALSE, clash), ("exact", ("felim", _ref(FALSE))))
    k = goal.kind
    if k == "and" and goal.args[0].unf in avail and goal.args[1].unf in avail:
        return (("exact", ("pair", _ref(avail[goal.args[0].unf]), _ref(avail[goal.args[1].unf]))),)
    if k == "or":
        for side, ctor in ((goal.args[0], "inl"), (goal.args[1], "inr")):
            if side.unf in avail:
                return (("exact", (ctor, _ref(avail[side.unf]))),)
    return None


def _implications(h: Formula):
    """(antecedent, consequent, function term) pairs a hypothesis offers for →E / ¬E."""
    k = h.kind
    if k == "imp":
        return ((h.args[0], h.args[1], _ref(h)),)
    if k == "not" and h.args[0].kind != "atom":
        return ((h.args[0], FALSE, _ref(h)),)
    if k == "iff":
        return ((h.args[0], h.args[1], ("proj", _ref(h), "mp")),
                (h.args[1], h.args[0], ("proj", _ref(h), "mpr")))
    return ()


def _forward(ctx: tuple, avail: dict, spent: frozenset):
    """The first one-line forward step yielding a new formula: ∧E, →E, ↔E, MT, ¬¬E."""
    for f, term in _forward_steps(ctx, avail):
        if f.unf not in avail and f.unf not in spent and not _redundant(f, avail):  # else normalising drops it: a loop
            return f, term
    return None


def _forward_steps(ctx: tuple, avail: dict):
    for h in ctx:
        k = h.kind
        r = _ref(h)
        if k == "and":
            for i, part in enumerate(h.args):
                if part.unf not in avail:
                    yield part, ("proj", r, "12"[i])
        elif k == "imp":
            a, b = h.args
            if a.unf in avail and b.unf not in avail:
                yield b, ("app", r, _ref(avail[a.unf]))
            nb = Not(b)  # mt needs ¬b literally (¬¬X is not X to Lean)
            if b is not FALSE and nb.unf in avail and Not(a).unf not in avail:
                yield Not(a), ("mt", r, _ref(avail[nb.unf]))
        elif k == "iff":
            for (a, b, proj) in ((h.args[0], h.args[1], "mp"), (h.args[1], h.args[0], "mpr")):
                if a.unf in avail and b.unf not in avail:
                    yield b, ("app", ("proj", r, proj), _ref(avail[a.unf]))
                nb = Not(b)
                if nb.unf in avail and Not(a).unf not in avail:
                    yield Not(a), ("mt", ("proj", r, proj), _ref(avail[nb.unf]))
        elif k == "not" and h.args[0].kind == "not":
            inner = h.args[0].args[0]
            if inner.unf not in avail:
                yield inner, ("nn", r)


def _use(sub: tuple, ante: Formula, mk, cons: Formula, rest: tuple | None) -> tuple:
    """Prove `ante` (inline if it is at hand, else in a box), then apply mk to get `cons`."""
    if len(sub) == 1 and sub[0][0] == "exact" and sub[0][1][0] == "ref":
        arg = sub[0][1]
        lead: tuple = ()
    else:
        arg = _ref(ante)
        lead = (("box", ante, sub),)
    term = mk(arg)
    if rest is None:  # cons is False: close ⊥ directly, any other goal by ⊥E
        if cons is FALSE:
            return lead + (("exact", term),)
        return lead + (("have", FALSE, term), ("exact", ("felim", _ref(FALSE))))
    return lead + (("have", cons, term),) + rest


def _wrap(sub: tuple, side: Formula, ctor: str) -> tuple:
    """Or.inl/Or.inr around a proof of one disjunct: at its leaves when possible, else a box."""
    def leaves(block):
        if any(s[0] in ("intro", "raa", "constructor") for s in block):
            return None  # the goal changes inside: the leaves do not prove `side`
        last = block[-1]
        if last[0] == "exact":
            t = last[1]
            if t[0] == "ref":
                return block[:-1] + (("exact", (ctor, t)),)
            return block[:-1] + (("have", side, t), ("exact", (ctor, _ref(side))))
        if last[0] == "rcases":
            a, b = leaves(last[2]), leaves(last[3])
            return None if a is None or b is None else block[:-1] + (("rcases", last[1], a, b),)
        return None
    out = leaves(sub)
    return out if out is not None else (("box", side, sub), ("exact", (ctor, _ref(side))))



def prove(target: Sequent | Theorem | str, *, verify: bool = True) -> ProofResult:
    """Prove a sequent (or theorem, or sequent text) with the reference prover."""
    if isinstance(target, str):
        thm = Theorem.from_sequent(parse_sequent(target))
    elif isinstance(target, Sequent):
        thm = Theorem.from_sequent(target)
    elif isinstance(target, Theorem):
        thm = target
    else:
        raise InputError(f"cannot prove a {type(target).__name__}")
    premises = tuple(f for _, f in thm.hyps)
    cm = countermodel(premises, thm.goal, thm.atoms)
    if cm is not None:
        return ProofResult(None, 0, cm)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10000))
    text = None
    try:
        for spent in (False, True):  # the second strategy never re-derives a consumed hypothesis
            try:
                block = _Search(premises, thm.goal, block_spent=spent).solve(_normalise(premises), thm.goal)
            except (ProverError, RecursionError):
                continue
            text = render(prune(block), thm.hyps, atoms=thm.atoms)
            if not verify or check_proof(thm, text).ok:
                break
            text = None
    finally:
        sys.setrecursionlimit(old)
    if text is None:
        # complete fallback: the truth table written out as a case-split proof
        text = prove_by_cases(thm)
        res = check_proof(thm, text)
        if not res.ok:
            raise ProverError(f"kernel rejected the case-split proof of {thm.sequent}: {res.error}\n{text}")
    return ProofResult(text, text.count("\n") + 1, None)


__all__ = ["prove", "ProofResult", "ProverError"]
