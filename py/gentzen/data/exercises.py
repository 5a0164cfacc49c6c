"""Exercise-style statements (`gentzen gen --mix exercises`, issue 41): what public Lean exercise files hold.

Four kinds at fixed shares (MIX): `constants` (True/False as operands inside a formula), `iff` (two-direction
biconditionals: equivalence laws and congruences), `classical` (textbook schemas as curried implications) and
`wide` (5 to --max-atoms atoms). Each is truth-table checked, proved by the reference prover, decontaminated as
`gen` is (data/decontam.py: statement and goal state) and kernel-checked; byte-identical output for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gentzen.core.logic.formula import FALSE, TRUE, Atom, Formula, Not, And, Or, Imp, Iff, atoms_of
from gentzen.core.logic.sequent import Sequent
from gentzen.data.decontam import after_intros, seen_keys, state_held_out
from gentzen.data.generate import (SCHEMAS, GenConfig, Interrupted, _acceptable, _parse_schema, _record, _substitute,
                                   _verify, random_formula)
from gentzen.data.heldout import split_of
from gentzen.data.prover import prove

MIX = {"constants": 0.35, "iff": 0.35, "classical": 0.15, "wide": 0.15}
SMALL_ATOMS = ("P", "Q", "R", "S")
WIDE_ATOMS = (tuple("PQRSTUVWXYZ") + ("A",), tuple("ABCDEFGHIJKL"))
# equivalences exercise files prove in both directions (metavariables A B C D)
LAWS = (
    "A ∨ B ∧ C ↔ (A ∨ B) ∧ (A ∨ C)", "A ∧ (B ∨ C) ↔ A ∧ B ∨ A ∧ C", "¬(A ∧ B) ↔ ¬A ∨ ¬B", "¬(A ∨ B) ↔ ¬A ∧ ¬B",
    "(A → B → C) ↔ (A ∧ B → C)", "(A → B) ↔ (¬B → ¬A)", "(A → B) ↔ ¬A ∨ B", "A ∧ B ↔ B ∧ A", "A ∨ B ↔ B ∨ A",
    "(A ∧ B) ∧ C ↔ A ∧ B ∧ C", "(A ∨ B) ∨ C ↔ A ∨ B ∨ C", "A ∨ A ∧ B ↔ A", "A ∧ (A ∨ B) ↔ A", "¬¬A ↔ A",
    "(A ↔ B) ↔ (B ↔ A)", "(A → B ∧ C) ↔ (A → B) ∧ (A → C)", "(A ∨ B → C) ↔ (A → C) ∧ (B → C)",
    "¬(A → B) ↔ A ∧ ¬B", "(A ↔ B) ↔ (A → B) ∧ (B → A)",  "(A → B) ∨ (A → C) ↔ (A → B ∨ C)",
    "¬(A ↔ B) ↔ (A ↔ ¬B)", "(A ∧ B → C) ↔ (A → C) ∨ (B → C)", "A ∨ B ∧ ¬B ↔ A", "(¬A → A) ↔ A")
CONGRUENCES = (
    "A ↔ B, B ↔ C ⊢ A ↔ C", "A ↔ B, C ↔ D ⊢ A ∧ C ↔ B ∧ D", "A ↔ B, C ↔ D ⊢ A ∨ C ↔ B ∨ D",
    "A ↔ B, C ↔ D ⊢ (A → C) ↔ (B → D)", "A ↔ B ⊢ ¬A ↔ ¬B", "A ↔ B ⊢ C ∧ A ↔ C ∧ B", "A ↔ B ⊢ (C → A) ↔ (C → B)",
    "A ↔ B, C ↔ D ⊢ (A ↔ C) ↔ (B ↔ D)", "A → B, B → A ⊢ A ↔ B", "A ↔ B ⊢ B ↔ A")
METAVARS = ("A", "B", "C", "D")
PATIENCE = 20_000  # draws in a row without a new statement before a kind stops short


def _const_formula(rng: random.Random, atoms, depth: int, p_const: float) -> Formula:
    """random_formula's shapes with a leaf True or False with probability p_const."""
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice((TRUE, FALSE)) if rng.random() < p_const else Atom(rng.choice(atoms))
    r = rng.random()
    if r < 0.15:
        return Not(_const_formula(rng, atoms, depth - 1, p_const))
    ctor = (And, Or, Imp, Imp, Iff)[min(4, int((r - 0.15) / 0.17))]
    return ctor(_const_formula(rng, atoms, depth - 1, p_const), _const_formula(rng, atoms, depth - 1, p_const))


def fold(f: Formula) -> Formula:
    """f with its True/False operands simplified away (P ∧ True → P, P ∨ False → P, False → P → True, …)."""
    if f.kind in ("atom", "true", "false"):
        return f
    if f.kind == "not":
        a = fold(f.args[0])
        return FALSE if a is TRUE else TRUE if a is FALSE else Not(a)
    a, b = (fold(x) for x in f.args)
    k = f.kind
    if k == "and":
        return b if a is TRUE else a if b is TRUE else FALSE if FALSE in (a, b) else And(a, b)
    if k == "or":
        return b if a is FALSE else a if b is FALSE else TRUE if TRUE in (a, b) else Or(a, b)
    if k == "imp":
        return TRUE if a is FALSE or b is TRUE else b if a is TRUE else Not(a) if b is FALSE else Imp(a, b)
    if a in (TRUE, FALSE) or b in (TRUE, FALSE):
        c, o = (a, b) if a in (TRUE, FALSE) else (b, a)
        return o if c is TRUE else fold(Not(o)) if o not in (TRUE, FALSE) else (TRUE if o is FALSE else FALSE)
    return Iff(a, b)


def _curry(prem: tuple, goal: Formula) -> Formula:
    for p in reversed(prem):
        goal = Imp(p, goal)
    return goal


def _maybe_curry(rng: random.Random, prem: tuple, goal: Formula, p: float) -> Sequent:
    return Sequent((), _curry(prem, goal)) if prem and rng.random() < p else Sequent(prem, goal)


def _instance(rng: random.Random, text: str, atoms) -> tuple[tuple, Formula]:
    """The schema with its metavariables replaced: distinct atoms while they last, sometimes a small formula."""
    prem, goal = _parse_schema(text if "⊢" in text else "⊢ " + text)
    pool = rng.sample(atoms, len(atoms))
    sub = {m: (Atom(pool[i % len(pool)]) if rng.random() < 0.7 else random_formula(rng, atoms, 1, 0.3))
           for i, m in enumerate(METAVARS)}
    return tuple(_substitute(p, sub) for p in prem), _substitute(goal, sub)


def _constants(rng: random.Random, cfg: GenConfig) -> Sequent | None:
    atoms = SMALL_ATOMS[:rng.randint(1, 3)]
    if rng.random() < 0.4:  # a simplification law in either direction: p ∨ False ↔ p, p ∧ False ↔ False
        f = _const_formula(rng, atoms, rng.randint(1, 2), 0.35)
        g = fold(f)
        if g.unf is f.unf:
            return None
        return Sequent((), Iff(f, g) if rng.random() < 0.7 else Iff(g, f))
    prem = tuple(_const_formula(rng, atoms, rng.randint(1, 2), 0.2) for _ in range(rng.randint(0, 3)))
    return _maybe_curry(rng, prem, _const_formula(rng, atoms, rng.randint(1, 3), 0.25), 0.5)


def _iff(rng: random.Random, cfg: GenConfig) -> Sequent | None:
    atoms = SMALL_ATOMS[:rng.randint(2, 4)]
    if rng.random() < 0.65:
        _, goal = _instance(rng, rng.choice(LAWS), atoms)
        l, r = goal.args
        if rng.random() < 0.5:
            l, r = r, l
        if rng.random() < 0.25:  # the same law inside a context: X ∘ lhs ↔ X ∘ rhs
            x = random_formula(rng, atoms, 1, 0.5)
            ctor = rng.choice((And, Or, Imp))
            l, r = ctor(x, l), ctor(x, r)
        return Sequent((), Iff(l, r))
    prem, goal = _instance(rng, rng.choice(CONGRUENCES), atoms)
    return _maybe_curry(rng, prem, goal, 0.5)


def _classical(rng: random.Random, cfg: GenConfig) -> Sequent | None:
    prem, goal = _instance(rng, SCHEMAS[rng.choice(sorted(SCHEMAS))], SMALL_ATOMS[:rng.randint(2, 4)])
    return Sequent((), _curry(prem, goal))


def _wide(rng: random.Random, cfg: GenConfig) -> Sequent | None:
    """A chain over 5..max_atoms atoms (X → Y, X ↔ Y, ¬Y → ¬X, X ∧ W → Y, ¬X ∨ Y links) in shuffled order."""
    n = rng.randint(5, cfg.max_atoms)
    xs = [Atom(a) for a in rng.sample(rng.choice(WIDE_ATOMS), n)]
    links = []
    for i in range(n - 1):
        x, y, r = xs[i], xs[i + 1], rng.random()
        links.append(Imp(x, y) if r < 0.5 else Iff(x, y) if r < 0.65 else Imp(Not(y), Not(x)) if r < 0.75
                     else Imp(And(x, xs[rng.randrange(i)]), y) if 0 < i and r < 0.9 else Or(Not(x), y))
    goal: Formula = xs[-1]
    if rng.random() < 0.3:
        goal = And(goal, xs[rng.randrange(1, n - 1)])
    rng.shuffle(links)
    if rng.random() < 0.5:
        return _maybe_curry(rng, tuple(links), Imp(xs[0], goal), 0.4)
    return _maybe_curry(rng, tuple(links) + (xs[0],), goal, 0.4)


MAKERS: dict[str, Callable[[random.Random, GenConfig], Sequent | None]] = {
    "constants": _constants, "iff": _iff, "classical": _classical, "wide": _wide}


def has_constant_operand(f: Formula) -> bool:
    """True or False occurs strictly inside f (an operand, not the whole formula)."""
    return any(a in (TRUE, FALSE) or has_constant_operand(a) for a in f.args) if f.kind != "atom" else False


def degenerate(f: Formula) -> bool:
    """Some connective in f has two identical operands (P ∨ P, Q → Q): noise, not what exercises hold."""
    return len(f.args) == 2 and f.args[0] is f.args[1] or any(degenerate(a) for a in f.args)


def case_split(proof: str) -> bool:
    return "rcases" in proof or "Classical." in proof


def of_kind(kind: str, seq: Sequent, proof: str) -> bool:
    """Whether a statement (with its proof) is what `kind` promises."""
    if kind == "constants":
        return any(has_constant_operand(f) for f in (*seq.premises, seq.goal))
    if kind == "iff":
        return after_intros(seq.premises, seq.goal)[1].kind == "iff"
    if kind == "classical":
        return not seq.premises and "Classical." in proof
    names = set(atoms_of(seq.goal)).union(*(atoms_of(p) for p in seq.premises))
    return len(names) >= 5


def quotas(count: int) -> dict[str, int]:
    want = {k: int(count * s) for k, s in MIX.items()}
    for k in sorted(MIX, key=lambda k: -(count * MIX[k] - want[k]))[: count - sum(want.values())]:
        want[k] += 1
    return want


def generate_exercises(cfg: GenConfig, progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """`count` exercise-style records, MIX shares (a kind whose space runs out stops short), shuffled by seed."""
    cfg.check()
    seen = seen_keys(cfg.data_version) if cfg.exclude_shipped else set()
    out: list[dict] = []
    try:
        for kind, want in quotas(cfg.count).items():
            _fill_kind(cfg, kind, want, random.Random(f"{cfg.seed}:{kind}"), seen, out, progress)
    except KeyboardInterrupt:
        raise Interrupted(_finish(cfg, out, shuffle=False)) from None
    return _finish(cfg, out, shuffle=True)


def _fill_kind(cfg: GenConfig, kind: str, want: int, rng: random.Random, seen: set, out: list, progress) -> None:
    attempts = last_new = kept = 0
    make = MAKERS[kind]
    while kept < want and attempts - last_new <= PATIENCE:
        attempts += 1
        seq = make(rng, cfg)
        if seq is None or (kind != "wide" and any(map(degenerate, (*seq.premises, seq.goal)))) or not _acceptable(seq):
            continue
        res = prove(seq, verify=False)
        if res.proof is None or not cfg.min_lines <= res.lines <= cfg.max_lines or not of_kind(kind, seq, res.proof):
            continue
        if kind == "iff" and kept % 3 != 2 and not case_split(res.proof):
            continue  # two in three ↔ statements need a case split (rcases, Classical.em) in a direction
        key = seq.canonical()
        if key in seen:
            continue
        if cfg.exclude_shipped and state_held_out(seq.premises, seq.goal, split_of(key), cfg.data_version):
            continue
        seen.add(key)
        rec = _record(cfg, seq, res, key, None)
        rec["mix"] = kind
        out.append(rec)
        kept += 1
        last_new = attempts
        if progress is not None:
            progress(len(out), cfg.count)


def _finish(cfg: GenConfig, out: list[dict], shuffle: bool) -> list[dict]:
    if shuffle:
        random.Random(cfg.seed).shuffle(out)
    for i, rec in enumerate(out):
        _verify(rec)  # the kernel, never the prover's word
        rec["name"] = f"exercises_s{cfg.seed}_{i:06d}"
        rec["theorem"] = rec["theorem"].replace("theorem _ ", f"theorem {rec['name']} ", 1)
    return out


def composition(records: list[dict]) -> dict:
    """Records per kind, and how many have True/False operands, a ↔ goal after intros, a case split, > 4 atoms."""
    from gentzen.core.proof.theorem import parse_theorem

    kinds: dict[str, int] = {}
    feats = {"constant_operand": 0, "iff_goal": 0, "iff_with_case_split": 0, "atoms_over_4": 0}
    for r in records:
        kinds[r.get("mix", "?")] = kinds.get(r.get("mix", "?"), 0) + 1
        thm = parse_theorem(r["theorem"])
        seq = Sequent(tuple(f for _, f in thm.hyps), thm.goal)
        feats["constant_operand"] += of_kind("constants", seq, r["proof"])
        iff = of_kind("iff", seq, r["proof"])
        feats["iff_goal"] += iff
        feats["iff_with_case_split"] += iff and case_split(r["proof"])
        feats["atoms_over_4"] += of_kind("wide", seq, r["proof"])
    return {"count": len(records), "kinds": dict(sorted(kinds.items())), **feats}


__all__ = ["MIX", "LAWS", "CONGRUENCES", "generate_exercises", "composition", "fold", "of_kind",
           "has_constant_operand", "degenerate", "case_split", "quotas"]
