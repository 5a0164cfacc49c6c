"""Why composition left a ttrl run's targets unsolved (issue 40 (b)): per unsolved target, its solved variants
proving the target's goal ("mains") whose extra premises the target's premises Γ entail (or not), and for each
such premise whether a variant Γ' ⊢ ψ (Γ' ⊆ Γ) was proved, tried unproved, or never in the pool; and "case_pairs":
pairs of mains Γ, A ⊢ G and Γ, B ⊢ G (one premise each that Γ does not entail) with Γ ⊨ A ∨ B, which a proof by
cases would join (given Γ, ¬A ⊢ B), where a cut cannot — only pairs where neither A nor B alone entails G: with G's
own disjunct (A = P for G = P ∨ S) the lemma Γ ⊢ A ∨ B is as hard as the target.
Usage: PYTHONPATH=py python3 runs/experiments/cut_gaps.py RUN_DIR   (JSON on stdout)
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

from gentzen.core.logic.sequent import TruthTable
from gentzen.core.proof.theorem import parse_theorem


def gaps(target: dict, variants: list[dict]) -> Counter:
    thm = parse_theorem(target["theorem"])
    table, gamma = TruthTable(tuple(thm.atoms)), [f for _, f in thm.hyps]
    premises, goal = {f.unf for _, f in thm.hyps}, thm.goal.unf
    lemma: dict = {}  # ψ -> proved? over variants Γ' ⊢ ψ with Γ' ⊆ Γ
    parsed = [(v, parse_theorem(v["theorem"])) for v in variants]
    for v, s in parsed:
        if {f.unf for _, f in s.hyps} <= premises:
            lemma[s.goal.unf] = lemma.get(s.goal.unf, False) or bool(v.get("proof"))
    out: Counter = Counter()
    models = table.models(gamma)  # Γ's rows, once: Γ ⊨ f is `not models & ~mask(f)` (TruthTable.entails)
    cases: dict = {}  # unf -> the one premise Γ does not entail, of mains with one such premise
    for v, s in parsed:
        if s.goal.unf is not goal or not v.get("proof"):
            continue
        extra = [f for _, f in s.hyps if f.unf not in premises]
        if not extra:
            continue
        open_ = [f for f in extra if models & ~table.mask(f)]
        if open_:
            out["mains_not_entailed"] += 1  # a case or a stronger premise: no lemma can supply it
            if len(open_) == 1:
                cases[open_[0].unf] = open_[0]
            continue
        out["mains"] += 1
        for f in extra:
            state = lemma.get(f.unf)
            out["needed_" + ("proved" if state else "unproved" if state is False else "never_in_pool")] += 1
    splits = [a for a in cases.values() if not table.entails([a], thm.goal)]  # a case that alone gives G splits nothing
    pairs = sum(1 for a, b in combinations(sorted(splits, key=str), 2) if not models & ~(table.mask(a) | table.mask(b)))
    if pairs:
        out["case_pairs"] = pairs
    return out


def main(run_dir: str) -> dict:
    run = Path(run_dir)
    rows = lambda name: [json.loads(x) for x in (run / name).read_text(encoding="utf-8").splitlines() if x.strip()]  # noqa: E731
    targets, variants = rows("targets.jsonl"), rows("variants.jsonl")
    per = {t["name"]: dict(gaps(t, [v for v in variants if v["target"] == t["name"]]))
           for t in targets if not t["solved"]}
    total: Counter = Counter()
    for c in per.values():
        total.update(c)
    return {"run": run_dir, "unsolved": len(per), "with_entailed_mains": sum(1 for c in per.values() if c.get("mains")),
            "with_case_pairs": sum(1 for c in per.values() if c.get("case_pairs")), "total": dict(total), "per_target": per}


if __name__ == "__main__":
    if len(sys.argv) != 2 or not (Path(sys.argv[1]) / "targets.jsonl").is_file():
        sys.exit("usage: cut_gaps.py RUN_DIR (a ttrl run directory with targets.jsonl and variants.jsonl)")
    print(json.dumps(main(sys.argv[1]), indent=1))
