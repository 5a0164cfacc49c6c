"""gentzen.ttrl.mechanism: the per-round read-outs of issue 40 item 4 on a hand-made run whose
answers are known (two targets, one with a variant learned in round 1)."""

from __future__ import annotations

import json

from gentzen.ttrl.mechanism import before_after_variants, mechanism, per_round, rate_on_unsolved, rate_vs_control

ROUNDS = [
    {"round": 1, "rates": {"a": 0.0, "b": 0.0, "a_v1": 0.25, "b_v1": 0.0}, "solved": [], "updates": 1,
     "update": {"ran": True}, "samples_round": {"targets": 8, "variants": 8}, "forgetting": {"ce": 0.1}},
    {"round": 2, "rates": {"a": 0.5, "b": 0.0, "a_v1": 0.5, "b_v1": 0.25}, "solved": ["a"], "updates": 2,
     "update": {"ran": True}, "samples_round": {"targets": 8, "variants": 8}},
    {"round": 3, "rates": {"b": 0.0, "b_v1": 0.5}, "solved": ["a"], "updates": 2,
     "update": {"ran": False, "why": "test"}, "samples_round": {"targets": 4, "variants": 4}},
]
VARIANTS = {"a_v1": "a", "b_v1": "b"}


def test_rate_on_unsolved_counts_only_targets_open_before_the_round():
    got = rate_on_unsolved(ROUNDS, ["a", "b"])
    assert [g["unsolved_before"] for g in got] == [2, 2, 1]
    assert [g["mean_rate"] for g in got] == [0.0, 0.25, 0.0]
    assert [g["updates_before"] for g in got] == [0, 1, 2]


def test_per_round_counts_variants_the_first_time_they_are_solved():
    got = per_round(ROUNDS, ["a", "b"], VARIANTS)
    assert [g["variants_sampled"] for g in got] == [2, 2, 1]
    assert [g["variants_first_solved"] for g in got] == [1, 1, 0]
    assert got[0]["forgetting"] == {"ce": 0.1} and got[2]["samples_round"] == {"targets": 4, "variants": 4}


def test_target_rate_before_and_after_its_variants_were_learned():
    got = before_after_variants(ROUNDS, ["a", "b"], VARIANTS)
    # a: learned in round 1 (0.0 before, 0.5 after); b: learned in round 2 (0.0, 0.0 before; 0.0 after)
    assert got["targets_with_variants_learned"] == 2 and got["targets_compared"] == 2
    assert (got["mean_rate_before"], got["mean_rate_after"]) == (0.0, 0.25)
    assert (got["up"], got["down"], got["same"]) == (1, 0, 1)


def test_an_update_that_did_not_run_teaches_nothing():
    rounds = [dict(ROUNDS[0], update={"ran": False}), ROUNDS[1]]
    got = before_after_variants(rounds, ["a", "b"], VARIANTS)
    assert got["targets_with_variants_learned"] == 2  # both learned in round 2 now; nothing after it
    assert got["targets_compared"] == 0 and got["mean_rate_before"] is None


def test_mechanism_reads_the_run_folder_variants(tmp_path):
    (tmp_path / "variants.jsonl").write_text("".join(json.dumps({"name": v, "target": t}) + "\n"
                                                     for v, t in VARIANTS.items()))
    got = mechanism({"path": str(tmp_path), "rounds": ROUNDS}, ["a", "b"])
    assert got["per_round"][0]["variants_first_solved"] == 1
    assert got["target_vs_its_variants"]["up"] == 1
    none = mechanism({"path": str(tmp_path / "absent"), "rounds": ROUNDS}, ["a", "b"])
    assert none["per_round"][0]["variants_sampled"] == 0  # a control arm: no variants


def _r(spt: float, rates: dict, solved: list, targets: int) -> dict:
    return {"samples": {"targets": spt / 2, "variants": spt / 2}, "rates": rates, "solved": solved,
            "samples_round": {"targets": targets, "variants": 0}}


def test_rate_vs_control_pairs_the_same_open_targets_by_samples_per_target():
    # the run gives each open target 4 samples a round, the control 10; at 10 samples per target both have
    # solved x (the run) and c (the control) only, so the window (10, 20] compares a and b alone
    run = {"rounds": [_r(10, {"a": 0, "b": 0, "c": 0, "x": 0.25}, ["x"], 16),
                      _r(20, {"a": 0.5, "b": 0, "c": 0.25}, ["x", "a", "c"], 12)]}
    control = {"rounds": [_r(10, {"a": 0, "b": 0, "c": 0.1, "x": 0}, ["c"], 40),
                          _r(20, {"a": 0, "b": 0.1, "x": 0}, ["c", "b"], 30)]}
    got = rate_vs_control(run, control, ["a", "b", "c", "x"], [0, 10, 20, 30])
    assert [g["open"] for g in got] == [4, 2]  # (20, 30] is left out: neither run has reached 30
    first, second = got
    assert first["run"] == {"target_samples": 16, "verified": 1.0, "rate": 0.0625, "solved": 1}
    assert first["control"] == {"target_samples": 40, "verified": 1.0, "rate": 0.025, "solved": 1}
    assert second["run"] == {"target_samples": 8, "verified": 2.0, "rate": 0.25, "solved": 1}
    assert second["control"] == {"target_samples": 20, "verified": 1.0, "rate": 0.05, "solved": 1}
    assert second["rate_ratio"] == 5.0
