"""Seeds on the same theorems are never pooled as independent pairs (issue 40): with several seeds the
paired test's unit is the theorem (eval/stats.by_theorem), in `gentzen eval compare` and the experiment
summaries alike."""

from __future__ import annotations

import json

import pytest

from gentzen.engines.fake import FakeEngine
from gentzen.eval.stats import by_theorem, mcnemar_exact


def test_three_seeds_on_four_theorems_are_four_units_not_twelve():
    names = [f"t{i}" for i in range(10)]
    a = {(s, n): False for s in range(3) for n in names}
    b = {(s, n): n in ("t0", "t1", "t2", "t3") for s in range(3) for n in names}
    res = by_theorem(a, b)
    assert (res["theorems"], res["wins_b"], res["wins_a"], res["ties"]) == (10, 4, 0, 6)
    assert res["p_value"] == pytest.approx(mcnemar_exact(0, 4)) == pytest.approx(0.125)
    assert mcnemar_exact(0, 12) < 0.001  # what pooling the 12 (seed, theorem) pairs would have claimed
    assert res["gain"] == pytest.approx(0.4) and res["ci95"][0] < 0.4 < res["ci95"][1]


def test_a_theorem_scores_the_share_of_its_seeds():
    a = {(0, "x"): True, (1, "x"): False, (2, "x"): False, (0, "y"): True, (1, "y"): True}
    b = {(0, "x"): True, (1, "x"): True, (2, "x"): False, (0, "y"): False, (1, "y"): True}
    res = by_theorem(a, b)
    assert (res["wins_b"], res["wins_a"]) == (1, 1)  # x: 2/3 vs 1/3; y: 1/2 vs 1
    assert res["gain"] == pytest.approx((1 / 3 - 1 / 2) / 2, abs=1e-4)


def test_eval_compare_tests_theorems_when_runs_have_several_seeds(tmp_path):
    from gentzen.eval.compare import compare
    from gentzen.eval.run import EvalConfig, run_eval

    p = tmp_path / "tiny.jsonl"
    p.write_text("".join(json.dumps({"name": n, "sequent": s}) + "\n"
                         for n, s in (("same", "P ⊢ P"), ("other", "Q ⊢ Q"), ("never", "P, Q ⊢ Q"))))
    script = lambda prompt, i: ["  exact h9\n", "  exact h1\n"][i % 2]  # noqa: E731
    out = tmp_path / "run"
    run_eval(EvalConfig(set=str(p), methods=("guided", "plain"), samples=1, ks=(1,), seeds=(0, 1, 2)), out,
             engine=FakeEngine(script))
    res = compare(out, out, method_a="plain", method_b="guided")
    assert res["pairs"] == 9 and res["seeds"] == 3 and res["by_theorem"]["theorems"] == 3
    assert res["p_value"] == res["by_theorem"]["p_value"] and res["gain"] == res["by_theorem"]["gain"]
