"""Random valid sequents with kernel-verified reference proofs (`gentzen gen`).

Uniform random formulas or schema instances, truth-table checked, non-trivial, deduplicated up to
premise order and atom renaming, stratified by proof length; byte-identical output for a seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from gentzen.core.logic.formula import FALSE, Atom, Formula, Not, And, Or, Imp, Iff, atoms_of, parse_formula
from gentzen.core.logic.sequent import Sequent, truth_masks
from gentzen.core.proof.theorem import Theorem
from gentzen.core.kernel import check_proof
from gentzen.data.decontam import DATA_VERSION, check_version, seen_keys, state_held_out
from gentzen.data.heldout import SPLITS, heldout_keys, split_of
from gentzen.data.prover import ProverError, prove
from gentzen.errors import InputError

DEFAULT_ATOMS = ("P", "Q", "R", "S")

# One schema, many instances: metavariables A, B, C, D are replaced by random formulas.
SCHEMAS = {
    "modus_ponens": "A → B, A ⊢ B",
    "modus_tollens": "A → B, ¬B ⊢ ¬A",
    "hyp_syllogism": "A → B, B → C ⊢ A → C",
    "disj_syllogism": "A ∨ B, ¬A ⊢ B",
    "constructive_dilemma": "A → C, B → D, A ∨ B ⊢ C ∨ D",
    "destructive_dilemma": "A → C, B → D, ¬C ∨ ¬D ⊢ ¬A ∨ ¬B",
    "de_morgan_and": "¬(A ∧ B) ⊢ ¬A ∨ ¬B",
    "de_morgan_or": "¬(A ∨ B) ⊢ ¬A ∧ ¬B",
    "contraposition": "A → B ⊢ ¬B → ¬A",
    "exportation": "A ∧ B → C ⊢ A → B → C",
    "importation": "A → B → C ⊢ A ∧ B → C",
    "distribution": "A ∧ (B ∨ C) ⊢ A ∧ B ∨ A ∧ C",
    "peirce": "⊢ ((A → B) → A) → A",
    "double_negation": "¬¬A ⊢ A",
    "excluded_middle": "⊢ A ∨ ¬A",
    "iff_intro": "A → B, B → A ⊢ A ↔ B",
    "iff_chain": "A ↔ B, B ↔ C ⊢ A ↔ C",
    "material_implication": "A → B ⊢ ¬A ∨ B",
    "absorption": "A → B ⊢ A → A ∧ B",
    "case_analysis": "A → C, ¬A → C ⊢ C",
}
METAVARS = ("A", "B", "C", "D")


@dataclass(frozen=True)
class GenConfig:
    count: int = 100
    atoms: tuple[str, ...] = DEFAULT_ATOMS
    premises: tuple[int, int] = (0, 5)
    min_lines: int = 1
    max_lines: int = 20
    seed: int = 0
    family: str = "uniform"
    max_depth: int = 3
    exclude_shipped: bool = True  # never emit a shipped benchmark statement (no training on benchmarks)
    declare: str = "mentioned"  # statements declare the atoms they mention ("all": every atom of the set)
    style: str = "plain"  # "user": what users type (data/userstyle.py: their names, one-liners, example forms)
    # 2: no goal state a held-out statement reaches after intros either (data/decontam.py); 3: and not the fresh
    # exercises; 1: the data before
    data_version: int = DATA_VERSION
    mix: str = "none"  # "exercises": exercise-file statements instead (data/exercises.py; issue 41)
    max_atoms: int = 12  # --mix exercises: the widest statement's atom count (5 and up)

    def check(self) -> None:
        if self.count < 0:
            raise InputError("--count must be non-negative")
        if not self.atoms or len(set(self.atoms)) != len(self.atoms):
            raise InputError("--atoms needs distinct atom names")
        lo, hi = self.premises
        if not 0 <= lo <= hi:
            raise InputError("--premises must be a range a-b with 0 <= a <= b")
        if not 1 <= self.min_lines <= self.max_lines:
            raise InputError("--min-lines/--max-lines must satisfy 1 <= min <= max")
        if self.declare not in ("mentioned", "all"):
            raise InputError(f"unknown --declare {self.declare!r} (mentioned, all)")
        if self.style not in ("plain", "user"):
            raise InputError(f"unknown --style {self.style!r} (plain, user)")
        if self.family not in ("uniform", "schema"):
            raise InputError(f"unknown family {self.family!r} (uniform, schema)")
        if self.mix not in ("none", "exercises"):
            raise InputError(f"unknown --mix {self.mix!r} (none, exercises)")
        if self.mix != "none" and self.style != "plain":
            raise InputError("--mix exercises writes plain records: drop --style user")
        if self.max_atoms < 5:
            raise InputError("--max-atoms must be at least 5")
        check_version(self.data_version)


def config_from_recorded(gen: dict) -> GenConfig:
    """The GenConfig of recorded `data_gen` settings (gentzen.json): lists as tuples, atoms parsed, and a record
    without `data_version` read as version 1 (it was written before versions), so it regenerates byte-identically."""
    kw = dict(gen)
    if isinstance(kw.get("premises"), list):
        kw["premises"] = tuple(kw["premises"])
    if "atoms" in kw:
        kw["atoms"] = parse_atoms(kw["atoms"]) if isinstance(kw["atoms"], str) else tuple(kw["atoms"])
    kw.setdefault("data_version", 1)
    return GenConfig(**kw)


def parse_range(text: str) -> tuple[int, int]:
    """`0-5` or `3` → (lo, hi)."""
    try:
        if "-" in text:
            lo, hi = text.split("-", 1)
            return int(lo), int(hi)
        return int(text), int(text)
    except ValueError:
        raise InputError(f"expected a range like 0-5, got {text!r}") from None


def parse_atoms(spec: str | int) -> tuple[str, ...]:
    """`4` → P Q R S (then T U V, then p1 p2 …); or explicit names `A B C` / `A,B,C`."""
    text = str(spec).strip()
    if text.isdigit():
        n = int(text)
        base = ("P", "Q", "R", "S", "T", "U", "V")
        return base[:n] if n <= len(base) else tuple(f"p{i + 1}" for i in range(n))
    names = tuple(x for x in text.replace(",", " ").split() if x)
    for x in names:
        parse_formula(x)  # raises ParseError on a non-identifier
    return names


def shipped_keys() -> set[str]:
    """Canonical statements held out of training: every shipped set item and the acceptance list."""
    return set(heldout_keys())


def random_formula(rng: random.Random, atoms, depth: int, stop: float = 0.3) -> Formula:
    """A random formula of depth at most `depth`; each node stops early with probability stop."""
    if depth <= 0 or rng.random() < stop:
        return Atom(rng.choice(atoms))
    r = rng.random()
    if r < 0.15:
        return Not(random_formula(rng, atoms, depth - 1, stop))
    ctor = (And, Or, Imp, Imp, Iff)[min(4, int((r - 0.15) / 0.17))]
    return ctor(random_formula(rng, atoms, depth - 1, stop), random_formula(rng, atoms, depth - 1, stop))


def _substitute(f: Formula, sub: dict[str, Formula]) -> Formula:
    if f.kind == "atom":
        return sub.get(f.name, f)
    if not f.args:
        return f
    args = [_substitute(a, sub) for a in f.args]
    return {"not": lambda a: Not(a), "and": And, "or": Or, "imp": Imp, "iff": Iff}[f.kind](*args)


def _candidates(cfg: GenConfig, rng: random.Random, hard: list) -> Iterator[tuple[Sequent, str | None]]:
    """Endless candidates; while hard[0] is set (short lengths are full) formulas grow bigger."""
    atoms = cfg.atoms
    if cfg.family == "schema":
        schemas = sorted(SCHEMAS)
        parsed = {k: _parse_schema(SCHEMAS[k]) for k in schemas}
        while True:
            name = rng.choice(schemas)
            prem, goal = parsed[name]
            stop = 0.15 if hard[0] else 0.3
            sub = {m: random_formula(rng, atoms, rng.randint(0, max(0, cfg.max_depth - 1)), stop)
                   for m in METAVARS}
            yield Sequent(tuple(_substitute(p, sub) for p in prem), _substitute(goal, sub), atoms), name
    lo, hi = cfg.premises
    while True:
        n = rng.randint(lo, hi)
        stop = 0.1 if hard[0] else 0.3
        prem = tuple(random_formula(rng, atoms, rng.randint(1, cfg.max_depth), stop) for _ in range(n))
        yield Sequent(prem, random_formula(rng, atoms, rng.randint(1, cfg.max_depth), stop), atoms), None


def _parse_schema(text: str) -> tuple[tuple[Formula, ...], Formula]:
    from gentzen.core.logic.sequent import parse_sequent
    s = parse_sequent(text)
    return s.premises, s.goal


def _acceptable(seq: Sequent) -> bool:
    """Valid, non-trivial (goal not a premise) and with consistent premises (no ex falso sets)."""
    if any(p.unf is seq.goal.unf for p in seq.premises) or seq.goal.unf is FALSE.unf:
        return False
    names = tuple(sorted(set().union(*(atoms_of(f) for f in (*seq.premises, seq.goal)))))  # mentioned only:
    # tables over every declared atom cost 2^|atoms| bits each (30 atoms: 128 MiB per formula)
    masks = truth_masks(list(seq.premises) + [seq.goal], names)
    full = (1 << (1 << len(names))) - 1
    both = full
    for m in masks[:-1]:
        both &= m
    if not both:  # inconsistent premises prove anything: not what a training item should teach
        return False
    return not (both & ~masks[-1])


def generate(cfg: GenConfig, progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """`count` records, stratified over proof lengths min..max (equal quota per length)."""
    cfg.check()
    rng = random.Random(cfg.seed)
    span = cfg.max_lines - cfg.min_lines + 1
    quota = -(-cfg.count // span) if cfg.count else 0
    per_len: dict[int, int] = {}
    seen: set[str] = seen_keys(cfg.data_version) if cfg.exclude_shipped else set()
    out: list[dict] = []
    overflow: list[dict] = []  # over-quota items, used only if rare lengths never fill up
    budget = max(2000, cfg.count * 400)
    hard = [False]
    half = cfg.min_lines + span // 2
    try:
        _fill(cfg, rng, hard, half, quota, per_len, seen, out, overflow, budget, progress)
    except KeyboardInterrupt:  # keep what is done: verified and named, handed to the caller
        _finish(cfg, out)
        raise Interrupted(out) from None
    out.extend(overflow[: cfg.count - len(out)])
    _finish(cfg, out)
    return out


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during `generate`: `records` are the verified theorems made so far."""

    def __init__(self, records: list[dict]) -> None:
        super().__init__(f"interrupted after {len(records)} theorems")
        self.records = records


def _finish(cfg: GenConfig, out: list[dict]) -> None:
    for i, rec in enumerate(out):
        _verify(rec)
        rec["name"] = f"{cfg.family}_s{cfg.seed}_{i:06d}"
        rec["theorem"] = rec["theorem"].replace("theorem _ ", f"theorem {rec['name']} ", 1)


STALL_PATIENCE = 100_000  # draws without a new statement before generation stops short of `count`


def _fill(cfg, rng, hard, half, quota, per_len, seen, out, overflow, budget, progress) -> None:
    """Draw candidates until `count` are kept (over-quota ones go to `overflow`), the budget ends, or
    STALL_PATIENCE draws in a row add nothing (a small space, e.g. schema instances over 3 atoms, is
    used up: the rest of the budget would find nothing and took up to half an hour at 24,000)."""
    attempts = 0
    last_new = 0
    for seq, schema in _candidates(cfg, rng, hard):
        if len(out) >= cfg.count or attempts >= budget or attempts - last_new > STALL_PATIENCE:
            break
        attempts += 1
        if not _acceptable(seq):
            continue
        # cheap filters first: the unverified proof's length decides the quota, the (costlier)
        # canonical key and kernel check are paid only by candidates that may be kept
        res = prove(seq, verify=False)
        if res.proof is None or not cfg.min_lines <= res.lines <= cfg.max_lines:
            continue
        full = per_len.get(res.lines, 0) >= quota
        if full and len(overflow) >= cfg.count:
            continue
        key = seq.canonical()
        if key in seen:
            continue
        if cfg.exclude_shipped and state_held_out(seq.premises, seq.goal, split_of(key), cfg.data_version):
            continue  # not added to `seen`: the same statement is refused the same way when drawn again
        seen.add(key)
        last_new = attempts
        rec = _record(cfg, seq, res, key, schema)
        if full:
            overflow.append(rec)
            continue
        per_len[res.lines] = per_len.get(res.lines, 0) + 1
        hard[0] = all(per_len.get(n, 0) >= quota for n in range(cfg.min_lines, half))
        out.append(rec)
        if progress is not None:
            progress(len(out), cfg.count)


def _verify(rec: dict) -> None:
    thm = Theorem.from_sequent(Sequent(_parse_schema(rec["sequent"])[0], _parse_schema(rec["sequent"])[1],
                                       tuple(rec["atoms"])))
    res = check_proof(thm, rec["proof"])
    if not res.ok:
        raise ProverError(f"kernel rejected the reference proof of {rec['sequent']}: {res.error}")


def _record(cfg: GenConfig, seq: Sequent, res, key: str, schema: str | None) -> dict:
    if cfg.declare == "mentioned":  # a statement declares what it uses, as the shipped sets do
        seq = Sequent(seq.premises, seq.goal)
    thm = Theorem.from_sequent(seq, name="_")
    rec = {"name": "", "sequent": str(seq), "theorem": thm.statement(), "proof": res.proof,
           "lines": res.lines, "split": split_of(key), "atoms": list(seq.atoms)}
    if schema is not None:
        rec["schema"] = schema
    return rec


def dumps(records: list[dict]) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def summary(records: list[dict]) -> dict:
    lines = sorted(r["lines"] for r in records)
    splits: dict[str, int] = {}
    for r in records:
        splits[r["split"]] = splits.get(r["split"], 0) + 1
    return {"count": len(records), "splits": dict(sorted(splits.items())),
            "lines": {"min": lines[0], "median": lines[len(lines) // 2], "max": lines[-1],
                      "mean": round(sum(lines) / len(lines), 2)} if lines else None}


__all__ = ["GenConfig", "config_from_recorded", "DATA_VERSION",
           "generate", "Interrupted", "split_of", "SPLITS", "parse_range", "parse_atoms", "SCHEMAS", "dumps", "summary"]
