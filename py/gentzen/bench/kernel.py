"""`gentzen bench kernel`: kernel throughput on a fixed, seeded corpus of schematic proofs.

Each template is a valid proof for any formulas substituted for A, B, C, so the corpus exercises
every rule with realistic formula sizes without depending on the generator. Prints JSON.
"""

from __future__ import annotations

import random
import time

from gentzen.core.logic import formula
from gentzen.core.parsing import syntax
from gentzen.core.logic.formula import FALSE, TRUE, And, Atom, Iff, Imp, Not, Or, to_lean
from gentzen.core.proof.goals import render_goal
from gentzen.core.kernel import check_proof, start
from gentzen.core.proof.theorem import Theorem

# (premises, goal, proof lines) with A, B, C placeholders.
TEMPLATES = [
    (["A → B", "B → C"], "A → C", ["intro n1", "have n2 : B := h1 n1", "exact h2 n2"]),
    (["A ∧ B"], "B ∧ A", ["obtain ⟨n1, n2⟩ := h1", "exact ⟨n2, n1⟩"]),
    (["A ∧ B"], "B ∧ A", ["have n1 : A := h1.1", "have n2 : B := h1.2", "constructor", "· exact n2", "· exact n1"]),
    (["A ∨ B"], "B ∨ A", ["rcases h1 with n1 | n2", "· exact Or.inr n1", "· exact Or.inl n2"]),
    (["A → B", "¬B"], "¬A", ["intro n1", "have n2 : B := h1 n1", "exact h2 n2"]),
    # (not `apply Classical.byContradiction`: when A is `¬¬B → B` it unifies with the whole goal and closes it,
    # as Lean's MVarId.apply does, leaving nothing for an `intro`)
    (["¬¬A"], "A", ["by_cases n1 : A", "· exact n1", "· exact absurd n1 h1"]),
    (["A ↔ B", "A"], "B", ["exact h1.mp h2"]),
    (["A", "¬A"], "C", ["exact absurd h1 h2"]),
    (["A → B", "B → C"], "A → C",
     ["have n1 : A → C := by", "  intro n2", "  have n3 : B := h1 n2", "  exact h2 n3", "exact n1"]),
    ([], "A ∨ ¬A", ["exact Classical.em (A)"]),
    (["A → C", "B → C", "A ∨ B"], "C", ["rcases h3 with n1 | n2", "· exact h1 n1", "· exact h2 n2"]),
    (["A → B"], "¬B → ¬A", ["intro n1", "intro n2", "exact n1 (h1 n2)"]),
]


def random_formula(rng: random.Random, atoms, size: int):
    if size <= 1:
        r = rng.random()
        return TRUE if r < 0.02 else FALSE if r < 0.04 else Atom(rng.choice(atoms))
    if rng.random() < 0.2:
        return Not(random_formula(rng, atoms, size - 1))
    k = rng.randint(1, size - 1)
    op = rng.choice([And, Or, Imp, Imp, Iff])
    return op(random_formula(rng, atoms, k), random_formula(rng, atoms, size - k))


def corpus(n: int = 2000, seed: int = 0):
    """n (Theorem, proof block) pairs, deterministic for a seed."""
    rng = random.Random(seed)
    atoms = ["P", "Q", "R", "S"]
    out = []
    for i in range(n):
        prem, goal, lines = TEMPLATES[i % len(TEMPLATES)]
        sub = {x: to_lean(random_formula(rng, atoms, rng.randint(1, 6))) for x in "ABC"}

        def fill(s: str) -> str:
            return "".join(f"({sub[c]})" if c in sub else c for c in s)

        from gentzen.core.logic.formula import parse_formula
        hyps = tuple((f"h{j + 1}", parse_formula(fill(p))) for j, p in enumerate(prem))
        thm = Theorem(f"b{i}", tuple(atoms), hyps, parse_formula(fill(goal)))
        proof = "\n".join("  " + fill_term(ln, sub) for ln in lines)
        out.append((thm, proof))
    return out


def fill_term(line: str, sub: dict) -> str:
    """Substitute formulas in `have x : TYPE :=` / `by_cases x : TYPE` heads and `Classical.em (A)`; names stay."""
    if line.lstrip().startswith("by_cases"):
        head, colon, ty = line.partition(" : ")
        from gentzen.core.logic.formula import parse_formula
        return f"{head}{colon}{to_lean(parse_formula(''.join(f'({sub[c]})' if c in sub else c for c in ty)))}"
    if line.lstrip().startswith("have"):
        head, sep, rest = line.partition(":=")
        name, colon, ty = head.partition(" : ")
        ty = "".join(f"({sub[c]})" if c in sub else c for c in ty)
        from gentzen.core.logic.formula import parse_formula
        return f"{name}{colon}{to_lean(parse_formula(ty))} {sep}{rest}"
    if "Classical.em (A)" in line:
        return line.replace("(A)", f"({sub['A']})")
    return line


def bench_kernel(n: int = 2000, seed: int = 0, repeat: int = 3) -> dict:
    items = corpus(n, seed)
    for thm, proof in items:  # the corpus must be valid: a benchmark of rejections measures nothing
        r = check_proof(thm, proof)
        if not r.ok:
            raise AssertionError(f"bench corpus proof rejected: {thm.statement()}\n{proof}\n{r.error}")
    lines = sum(p.count("\n") + 1 for _, p in items)
    best = float("inf")
    for _ in range(repeat):
        syntax._LINE_CACHE.clear()  # cold: every parse cache empty (interned formulas stay)
        formula._PARSED.clear()
        t0 = time.perf_counter()
        for thm, proof in items:
            check_proof(thm, proof)
        best = min(best, time.perf_counter() - t0)
    warm = float("inf")  # the same corpus again with parse caches filled (a sampler re-checking lines)
    for _ in range(repeat):
        t0 = time.perf_counter()
        for thm, proof in items:
            check_proof(thm, proof)
        warm = min(warm, time.perf_counter() - t0)
    # per-step latency, on warm parse caches (what a sampler re-checking lines sees)
    steps = 0
    t0 = time.perf_counter()
    for thm, proof in items:
        s = start(thm)
        for ln in proof.split("\n"):
            s = s.step(ln, explicit=True)
            steps += 1
    step_s = time.perf_counter() - t0
    goals = []
    for thm, proof in items[:500]:
        s = start(thm)
        for ln in proof.split("\n"):
            s = s.step(ln, explicit=True)
            goals.extend((g.ctx, g.target, g.tag) for g in s.open_goals)
    t0 = time.perf_counter()
    for ctx, target, tag in goals:
        render_goal(ctx, target, tag)
    render_s = time.perf_counter() - t0
    return {
        "benchmark": "kernel",
        "proofs": len(items),
        "lines": lines,
        "lines_per_s": round(lines / best),
        "lines_per_s_warm_caches": round(lines / warm),
        "proofs_per_s": round(len(items) / best),
        "us_per_step_warm": round(step_s / steps * 1e6, 2),
        "states_rendered_per_s": round(len(goals) / render_s) if render_s else None,
        "cold_parse_cache": True,
        "seed": seed,
    }
