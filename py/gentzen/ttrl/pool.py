"""The pool of a test-time RL run: the targets and the variants made from their statements alone.

Each item keeps its cumulative samples, verified count, last rate, best proofs and status.
Targets: unsolved | solved. Variants: untried | frontier (solved in 1..mastered of its samples) |
unsolved (0 of its samples: stays, untrained) | mastered (left the pool) | retired (its target left) |
stalled (never verified in `--refresh` rounds of its target's live variants: left for fresh ones, `Pool.refresh`;
or a lemma composition needs, left for its own cut pairs, `Pool.add_cut_lemmas`).
"""

from __future__ import annotations

import dataclasses
import random
import re
from dataclasses import asdict, dataclass, field

from gentzen.errors import InputError

TARGET = "target"
LIVE = ("untried", "frontier", "unsolved")  # variant statuses still sampled


@dataclass
class Item:
    name: str
    theorem: str
    kind: str                   # "target" or a variant kind (specialisation, generalisation, lemma, substep)
    target: str                 # the target this item serves (itself for a target)
    status: str = "unsolved"    # see the module docstring
    samples: int = 0            # cumulative
    verified: int = 0           # cumulative
    rate: float | None = None   # verified share of the last round's samples
    proofs: list[str] = field(default_factory=list)  # distinct verified proofs, first found first (≤ keep)
    solved_round: int | None = None
    by: str | None = None       # targets: "sampling" | "composition"
    origin: str = ""            # variants: the target whose statement they were made from
    label: str = ""             # targets: the user's name for it (its record's or theorem's name, else
                                # the statement as written); `name` is the Lean-identifier form

    @property
    def shown(self) -> str:
        """What reports call this item: the user's own name where there is one."""
        return self.label or self.name

    @property
    def is_target(self) -> bool:
        return self.kind == TARGET

    def row(self) -> dict:
        if self.is_target:
            return {"name": self.name, "label": self.shown, "theorem": self.theorem, "solved": self.status == "solved",
                    "round": self.solved_round, "by": self.by, "samples": self.samples,
                    "proof": self.proofs[0] if self.proofs else None}
        return {"name": self.name, "target": self.target, "origin": self.origin, "kind": self.kind,
                "theorem": self.theorem, "rate": self.rate, "status": self.status, "samples": self.samples,
                "proof": self.proofs[0] if self.proofs else None}


def safe_name(text: str, i: int) -> str:
    """A Lean-identifier-like name for a target (variant names are built from it)."""
    s = re.sub(r"[^\w]", "_", text or "", flags=re.ASCII).strip("_")
    if not s or s[0].isdigit():
        s = f"t{i:04d}" + (f"_{s}" if s else "")
    return s


def load_targets(path: str, limit: int = 0) -> list[Item]:
    """Targets from a JSONL of records with 'theorem' (and optional 'name'); names made unique.
    A statement that does not parse, or is not valid (no proof exists: sampling it would only spend
    compute), is an InputError naming its line and, for an invalid one, its countermodel."""
    from gentzen.core.logic.sequent import countermodel_text, theorem_countermodel
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.io import read_jsonl

    out: list[Item] = []
    seen: set[str] = set()
    for lineno, rec in read_jsonl(path):
        if not isinstance(rec, dict) or not rec.get("theorem"):
            continue
        placeholder = f"t{len(out):04d}"
        try:
            thm = parse_theorem(rec["theorem"], default_name=placeholder)
        except Exception as exc:  # a parse error names the line, not a traceback
            raise InputError(f"{path}:{lineno}: {exc}") from None
        cm = theorem_countermodel(thm)
        if cm is not None:
            raise InputError(f"{path}:{lineno}: {str(rec['theorem']).strip()} is not valid (countermodel "
                             f"{countermodel_text(cm)}): no proof exists; remove it from the targets")
        label = str(rec.get("name") or (thm.name if thm.name != placeholder else str(rec["theorem"]).strip()))
        name = safe_name(str(rec.get("name") or thm.name), len(out))  # the record's name, else the theorem's
        while name in seen:
            name += "_"
        seen.add(name)
        thm = dataclasses.replace(thm, name=name)  # the Lean name in proofs.lean is the target's name
        out.append(Item(name, thm.statement(), TARGET, name, label=label))
        if limit and len(out) >= limit:
            break
    if not out:
        raise InputError(f"{path}: no records with a 'theorem'")
    return out


def all_variants(target: Item, depth: int) -> list[dict]:
    """Every variant data/variants.py makes from the target's statement, in its order."""
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.data.variants import variants

    return variants(parse_theorem(target.theorem).sequent, depth=depth, target=target.name)


def make_variants(target: Item, depth: int, cap: int, seed: int) -> list[dict]:
    """The target's variants, at most `cap`, drawn round-robin over the kinds so every kind is
    represented; lemma cuts first, since composition needs them in pairs."""
    return pick_variants(all_variants(target, depth), cap, random.Random(f"{seed}:{target.name}"))


def pick_variants(found: list[dict], cap: int, rng: random.Random) -> list[dict]:
    """At most `cap` of `found` (0: all), round-robin over the kinds, lemma cuts first and in pairs."""
    from gentzen.data.variants import KINDS

    if not cap or len(found) <= cap:
        return found
    by_kind = {k: [v for v in found if v["kind"] == k] for k in KINDS}
    lemma = by_kind["lemma"]  # keep cut pairs together: cut-left ψ next to cut-right ψ
    pairs = [lemma[i:i + 2] for i in range(0, len(lemma), 2)]
    rng.shuffle(pairs)
    by_kind["lemma"] = [v for p in pairs for v in p]
    for k in KINDS:
        if k != "lemma":
            rng.shuffle(by_kind[k])
    chosen: list[dict] = []
    while len(chosen) < cap:
        moved = False
        for k in ("lemma", "lemma", "substep", "specialisation", "generalisation"):
            if by_kind[k] and len(chosen) < cap:
                chosen.append(by_kind[k].pop(0))
                moved = True
        if not moved:
            break
    return chosen


def _sequent_key(theorem: str) -> tuple:
    """(premise set, goal) of a statement, by formula: two items with one key state the same thing."""
    from gentzen.core.proof.theorem import parse_theorem

    thm = parse_theorem(theorem)
    return frozenset(f.unf for _, f in thm.hyps), thm.goal.unf


class Pool:
    """Targets and variants by name, in a fixed order (targets first, each followed by its variants)."""

    def __init__(self, items: list[Item]) -> None:
        self.items = {it.name: it for it in items}

    @classmethod
    def build(cls, targets: list[Item], *, with_variants: str, depth: int, cap: int, seed: int) -> "Pool":
        """with_variants: "" (none), "own" (each target's own), "other" (each target gets the
        variants of the next target in the list: the "is it the variants or more RL?" arm)."""
        items: list[Item] = list(targets)
        if with_variants:
            made = {t.name: make_variants(t, depth, cap, seed) for t in targets}
            for i, t in enumerate(targets):
                src = t if with_variants == "own" or len(targets) == 1 else targets[(i + 1) % len(targets)]
                for v in made[src.name]:
                    items.append(Item(v["name"] if src is t else f"{t.name}__{v['name']}", v["theorem"],
                                      v["kind"], t.name, status="untried", origin=src.name))
        return cls(items)

    def add_variants(self, target: str, depth: int, cap: int, seed: int) -> int:
        """Give one target its own variants now (ei-then-ttrl's switch); returns how many."""
        t = self.items[target]
        new = 0
        for v in make_variants(t, depth, cap, seed):
            if v["name"] not in self.items:
                self.items[v["name"]] = Item(v["name"], v["theorem"], v["kind"], target, status="untried",
                                             origin=target)
                new += 1
        return new

    def refresh(self, target: str, depth: int, cap: int, seed: int, round_no: int) -> int:
        """A stalled target's live variants leave (stalled) and up to `cap` of its variants never in the
        pool join, drawn as make_variants draws (seeded by the round too); returns how many joined."""
        for v in self.variants(target):
            if v.status in LIVE:
                v.status = "stalled"
        fresh = [v for v in all_variants(self.items[target], depth) if v["name"] not in self.items]
        chosen = pick_variants(fresh, cap, random.Random(f"{seed}:{target}:{round_no}"))
        for v in chosen:
            self.items[v["name"]] = Item(v["name"], v["theorem"], v["kind"], target, status="untried", origin=target)
        return len(chosen)

    def add_cut_lemmas(self, target: str, cap: int, stall: int, seed: int) -> int:
        """--cut-lemmas: the lemmas composition still lacks (data/compose.missing_lemmas over the target's solved
        variants) join as Γ ⊢ ψ; one already here, unproved after `stall` samples, gives way (stalled) to its own
        cut pairs, once. At most `cap` items join per call; returns how many joined."""
        from gentzen.core.logic.sequent import Sequent
        from gentzen.core.proof.theorem import Theorem, parse_theorem
        from gentzen.data.compose import Solved, missing_lemmas

        thm, mine = parse_theorem(self.items[target].theorem), self.variants(target)
        pieces = [Solved.from_theorem(parse_theorem(v.theorem), v.proofs[0]) for v in mine
                  if v.proofs and v.origin == target]
        if not pieces:
            return 0
        by_sequent = {_sequent_key(v.theorem): v for v in mine}
        premises = tuple(f for _, f in thm.hyps)
        added = 0
        for psi in missing_lemmas(thm, pieces):
            here = by_sequent.get((frozenset(f.unf for f in premises), psi.unf))
            if here is None:
                name = f"{target}_c{sum(1 for v in mine if v.name.startswith(target + '_c')) + added:03d}"
                statement = Theorem.from_sequent(Sequent(premises, psi, thm.atoms), name=name).statement()
                self.items[name] = by_sequent[_sequent_key(statement)] = Item(name, statement, "lemma", target,
                                                                              status="untried", origin=target)
                added += 1
            elif not here.verified and here.samples >= stall and not any(
                    n.startswith(here.name + "_v") for n in self.items):
                if here.status in LIVE:
                    here.status = "stalled"
                fresh = [v for v in all_variants(here, 1) if v["kind"] == "lemma"
                         and _sequent_key(v["theorem"]) not in by_sequent]
                for v in pick_variants(fresh, cap - added, random.Random(f"{seed}:{here.name}")):
                    key = _sequent_key(v["theorem"])
                    if key not in by_sequent:  # two stalled lemmas may share a cut pair
                        self.items[v["name"]] = by_sequent[key] = Item(v["name"], v["theorem"], "lemma", target,
                                                                       status="untried", origin=target)
                        added += 1
            if added >= cap:
                break
        return added

    @property
    def targets(self) -> list[Item]:
        return [it for it in self.items.values() if it.is_target]

    def variants(self, target: str | None = None) -> list[Item]:
        return [it for it in self.items.values() if not it.is_target and (target is None or it.target == target)]

    def solved(self) -> list[str]:
        return [t.name for t in self.targets if t.status == "solved"]

    def active(self, keep_solved: bool) -> list[Item]:
        """What the round samples: targets not yet solved (all, with keep_solved) and the live
        variants of the targets still in the mix."""
        live_targets = {t.name for t in self.targets if keep_solved or t.status != "solved"}
        return [it for it in self.items.values()
                if it.target in live_targets and (it.is_target or it.status in LIVE)]

    def retire(self, target: str) -> None:
        """A solved target leaves with its variants."""
        for v in self.variants(target):
            if v.status in LIVE:
                v.status = "retired"

    def counts(self) -> dict:
        """Active pool sizes by kind (targets apart) and variant statuses."""
        out: dict[str, int] = {}
        for it in self.items.values():
            if it.is_target:
                key = "targets_solved" if it.status == "solved" else "targets_unsolved"
            elif it.status in LIVE:
                key = it.kind
            else:
                key = it.status
            out[key] = out.get(key, 0) + 1
        return dict(sorted(out.items()))

    def variant_report(self) -> dict:
        """Variants per target (median, min, max) and each kind's share, as the source reports them."""
        from gentzen.data.variants import report

        return report({t.name: [{"kind": v.kind} for v in self.variants(t.name)] for t in self.targets})

    def to_json(self) -> list[dict]:
        return [asdict(it) for it in self.items.values()]

    @classmethod
    def from_json(cls, rows: list[dict]) -> "Pool":
        return cls([Item(**r) for r in rows])
