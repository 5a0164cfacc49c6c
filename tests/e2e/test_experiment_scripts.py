"""Issue 21's five experiment scripts (runs/experiments/) end to end at TINY=1 (the fixture model, a
handful of targets, one round or so): each writes its summary.json with the keys the results docs read,
and a second run resumes, skipping every finished stage (here: all but a deleted summary, which is
rebuilt from the run folders to the same JSON)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [pytest.mark.requires_torch, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
EXP = ROOT / "runs" / "experiments"
TARGETS = 4  # every frontier-picked TINY experiment takes 4 targets

SCRIPTS = {
    "ttei_vs_sample_more.sh": ("experiment", "targets", "budget_samples_per_target", "seeds", "by_multiple", "reached",
                               "at_x_training_time", "at_matched_seconds"),
    "ttrl_arms.sh": ("experiment", "targets", "matched_samples_per_target", "arms", "union", "intersection",
                     "vs_ttrl", "ratio_ttrl_over_control", "failed", "mechanism"),
    "ei_weights_heldout.sh": ("experiment", "arms", "vs_base", "vs_ce"),
    "whole_vs_state.sh": ("experiment", "models", "splits"),
    "sdpo_vs_sample_more.sh": ("experiment", "seeds"),
}


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    cache = tmp_path_factory.mktemp("cache")  # replay regenerates the fixture model's data here, once
    return {**os.environ, "TINY": "1", "PYTHONPATH": str(ROOT / "py"), "OMP_NUM_THREADS": "1",
            "HF_HUB_OFFLINE": "1", "GENTZEN_CACHE": str(cache), "PYTHON": sys.executable,
            "GENTZEN": f"{sys.executable} -m gentzen.cli.main"}


def _run(script: str, out: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(EXP / script), str(out)], capture_output=True, text=True, env=env,
                          timeout=900)


def _check(script: str, s: dict) -> None:
    """What each summary must hold beyond its keys: its counts are consistent with the run."""
    if script == "ttei_vs_sample_more.sh":
        assert s["targets"] == TARGETS and s["seeds"] == [0, 1]
        assert set(s["by_multiple"]) == {"1x", "2x", "3x"}
        for m in s["by_multiple"].values():
            assert set(m["paired_per_seed"]) == {"0", "1"}
            # seeds on the same targets are not independent pairs: the target is the unit
            t = m["paired_by_target"]
            assert t["theorems"] == TARGETS and t["wins_a"] + t["wins_b"] + t["ties"] == TARGETS
            assert 0 <= t["p_value"] <= 1
            assert len(m["ei"]["per_seed"]) == 2
        # every run spent 3 × BUDGET samples per target, unless it solved every target first
        for run, spent in s["reached"].items():
            arm, seed = run.rsplit("-s", 1)
            solved = s["by_multiple"]["3x"][arm]["per_seed"][s["seeds"].index(int(seed))]
            assert spent >= 3 * s["budget_samples_per_target"] or solved == TARGETS, (run, spent)
        assert set(s["at_x_training_time"]) == set(s["reached"])
        # wall-clock, training included: within the seconds sampling more took, neither arm solves more than
        # it has solved by the end, nor more than there are targets
        assert set(s["at_matched_seconds"]) == {"1x", "2x", "3x"}
        for m in s["at_matched_seconds"].values():
            for seed, row in m.items():
                assert "not_reached_by" in row or (row["seconds"] >= 0 and 0 <= row["ei"] <= TARGETS
                                                   and 0 <= row["control"] <= TARGETS), (seed, row)
        # at 1x both arms have run: a measured row per seed
        assert all("ei" in row for row in s["at_matched_seconds"]["1x"].values())
        # on one clock: EI charged its samples times (1 + its training overhead), never more samples than sampling more
        assert set(s["at_matched_seconds_by_overhead"]) == {"1x", "2x", "3x"}
        for m, rows_m in s["at_matched_seconds_by_overhead"].items():
            for row in rows_m.values():
                assert "not_reached_by" in row or (
                    row["ei_samples_per_target"] * (1 + (row["ei_overhead"] or 0)) <= int(m[:-1]) * s["budget_samples_per_target"] + 1e-6
                    and 0 <= row["ei"] <= TARGETS), (m, row)
    elif script == "ttrl_arms.sh":
        assert s["failed"] == {}  # TINY passes --force: the sdpo arm runs on the tiny model
        assert set(s["arms"]) == {"ttrl", "control", "unrelated", "ei", "ei-then-ttrl", "sdpo"}
        assert set(s["vs_ttrl"]) == {"control", "unrelated", "ei", "ei-then-ttrl", "sdpo"}
        assert all(v["pairs"] == TARGETS for v in s["vs_ttrl"].values())
        assert s["arms"]["ttrl"]["updates"] >= 0 and s["arms"]["control"]["updates"] == 0
        assert s["union"] >= s["intersection"]
        assert set(s["mechanism"]) == set(s["arms"])  # per arm: rounds' rates on unsolved targets, variants learned
        assert all(len(m["per_round"]) == s["arms"][a]["rounds"] for a, m in s["mechanism"].items())
    elif script == "ei_weights_heldout.sh":
        assert set(s["arms"]) == {"base", "ce", "gem", "ua", "guided"}
        assert set(s["vs_base"]) == {"ce", "gem", "ua", "guided"} and set(s["vs_ce"]) == {"gem", "ua", "guided"}
        for a in ("ce", "gem", "ua", "guided"):  # round 1's samples are shared: the same tally in every arm
            assert s["arms"][a]["ei_rounds"][0]["verified_rate"] == s["arms"]["ce"]["ei_rounds"][0]["verified_rate"]
            for m in ("guided", "bestfirst"):
                assert "pass@1" in s["arms"][a][m] and s["vs_base"][a][m]["pairs"] == s["arms"][a][m]["theorems"]
    elif script == "whole_vs_state.sh":
        assert set(s["models"]) == {"whole", "state"} and set(s["splits"]) == {"dev", "heldout"}
        w, st = s["models"]["whole"]["seconds"], s["models"]["state"]["seconds"]
        assert abs(w - st) < 0.5 * max(w, st)  # equal wall-clock budgets
        for sp in s["splits"].values():
            assert sp["paired_state_vs_whole"]["pairs"] == sp["whole"]["theorems"] == sp["state"]["theorems"]
            assert set(sp["cost_ratio_state_over_whole"]) == {"tokens_per_solved", "seconds_per_solved"}
    elif script == "sdpo_vs_sample_more.sh":
        (seed,) = s["seeds"].values()
        assert seed["pairs"] == TARGETS and seed["samples"]["sample_more"] == TARGETS * 2 * 4
        assert 0 < seed["samples"]["sdpo"] <= TARGETS * 2 * 4
        assert seed["teacher_gap_before"] is not None and "1" in seed["teacher_gap_per_iteration"]


@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_experiment_script_runs_tiny_and_resumes(script, tmp_path, env):
    out = tmp_path / "out"
    first = _run(script, out, env)
    assert first.returncode == 0, first.stderr[-3000:]
    summary = json.loads((out / "summary.json").read_text())
    assert set(SCRIPTS[script]) <= set(summary), sorted(summary)
    assert summary.get("goal"), "every summary states the issue's goal beside its numbers"
    _check(script, summary)
    if script == "ttei_vs_sample_more.sh":  # the chart a reader looks at
        assert (out / "solved.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        # ei_recipes.py: recipes (here one run under two names) against the shared control, JSON and chart
        r = subprocess.run([sys.executable, str(EXP / "ei_recipes.py"), f"a={out}", f"b={out}", "--budget",
                            str(summary["budget_samples_per_target"]), "--multiples", "3", "--png",
                            str(out / "recipes.png")], capture_output=True, text=True, env=env, timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
        rec = json.loads(r.stdout)
        assert rec["targets"] == TARGETS and set(rec["recipes"]) == {"a", "b"}
        assert rec["recipes"]["a"]["at_samples"]["1x"] == summary["by_multiple"]["1x"]["paired_per_seed"]["0"]
        assert (out / "recipes.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    (out / "summary.json").unlink()  # a re-run redoes only what is missing
    t0 = time.monotonic()
    again = _run(script, out, env)
    took = time.monotonic() - t0
    assert again.returncode == 0, again.stderr[-3000:]
    ran = [ln for ln in again.stderr.splitlines() if ln.startswith("run:")]
    skipped = [ln for ln in again.stderr.splitlines() if ln.startswith("skip:")]
    assert ran == [f"run:  {out / 'summary.json'}"], again.stderr[-2000:]
    assert len(skipped) >= 3
    assert json.loads((out / "summary.json").read_text()) == summary
    assert took < 60, f"the resumed run took {took:.0f} s"


def test_sdpo_refusal_is_a_result_not_a_crash(tmp_path, env):
    """Without FORCE, train sdpo's teacher-gap gate decides: a refusal leaves the script finishing with
    the refusal, the gap and the sampling arm in summary.json; a run that passes has a positive gap."""
    out = tmp_path / "out"
    r = _run("sdpo_vs_sample_more.sh", out, {**env, "FORCE": "0"})
    assert r.returncode == 0, r.stderr[-3000:]
    (seed,) = json.loads((out / "summary.json").read_text())["seeds"].values()
    gap = seed["teacher_gap_before"]["teacher_gap"]
    if "sdpo_failed" in seed:
        assert gap <= 0 and "teacher gap" in seed["sdpo_failed"] and (out / "sdpo-s0.json.failed").is_file()
        assert not (out / "sdpo-s0.json").exists() and seed["pairs"] == TARGETS
    else:
        assert gap > 0 and seed["pairs"] == TARGETS


def test_ttrl_arms_refuses_other_targets_on_resume(tmp_path, env):
    """TARGETS_FILE (issue 40 (b)) takes the file's first TARGETS lines; a resumed OUT holding other
    targets is refused before any arm runs, since arms on different targets cannot be paired."""
    lines = [json.dumps({"name": f"t{i}", "theorem": f"theorem t{i} (P : Prop) (h : P) : P := by", "lines": 1})
             for i in range(3)]
    targets = tmp_path / "targets.jsonl"
    targets.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    out.mkdir()
    (out / "targets.jsonl").write_text(lines[1] + "\n")
    r = subprocess.run(["bash", str(EXP / "ttrl_arms.sh"), str(out)], capture_output=True, text=True,
                       env={**env, "TARGETS_FILE": str(targets), "TARGETS": "2"}, timeout=120)
    assert r.returncode == 2, r.stderr[-2000:]
    assert "differs from the first 2" in r.stderr and not (out / "targets.new").exists()
    assert (out / "targets.jsonl").read_text() == lines[1] + "\n"
    assert not (out / "ttrl").exists()


def test_matched_by_overhead_charges_ei_its_training_in_its_own_sampling_time():
    """expt_summary.matched_by_overhead: EI's cost is its samples times (1 + training / other seconds of the same
    run), so it compares with sampling more whatever the load each ran under."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("expt_summary", ROOT / "runs" / "experiments" / "expt_summary.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def rnd(solved, samples, total, training=0.0):
        return {"solved": solved, "samples": {"targets": samples}, "seconds": {"total": total, "training": training}}
    ctl = {"rounds": [rnd(["a"], 10, 100.0), rnd(["a", "b"], 20, 200.0), rnd(["a", "b", "c"], 30, 300.0),
                      rnd(["a", "b", "c"], 40, 400.0)]}
    ei = {"rounds": [rnd(["a"], 10, 150.0, 50.0), rnd(["a", "d", "e"], 20, 300.0, 100.0)]}  # overhead 0.5
    from gentzen.ttrl.report import training_overhead

    assert training_overhead(ei["rounds"][1]) == 0.5
    runs = {("control", 0): ctl, ("ei", 0): ei}
    got = mod.matched_by_overhead(runs, [0], ["a", "b", "c", "d", "e", "f"], 10.0, 3)
    # 1x = 10 samples: EI's round 1 costs 15 -> nothing within; 2x = 20: round 1 (15); 3x = 30: round 2 (30)
    assert got["1x"]["0"] == {"ei_samples_per_target": 0.0, "ei_overhead": None, "ei": 0, "control": 1}
    assert got["2x"]["0"]["ei"] == 1 and got["2x"]["0"]["control"] == 2
    assert got["3x"]["0"]["ei"] == 3 and got["3x"]["0"]["control"] == 3
    # EI not yet charged up to 4x: no figure
    assert "not_reached_by" in mod.matched_by_overhead(runs, [0], list("abcdef"), 10.0, 4)["4x"]["0"]


@pytest.mark.parametrize("sequential, order", [("1", "a b"), ("0", "b a")])
def test_pair_runs_side_by_side_unless_sequential(sequential, order, tmp_path):
    """expt_common.sh's pair: two stages at once (B, the quick one, lands first), or with SEQUENTIAL=1 A then B
    on one core, so a long experiment leaves the other core to another run."""
    script = f'source {EXP / "expt_common.sh"}; pair "sleep 0.5; echo a >> {tmp_path}/o" "echo b >> {tmp_path}/o"'
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60,
                       env={**os.environ, "SEQUENTIAL": sequential})
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "o").read_text().split() == order.split()


@pytest.mark.parametrize("sequential", ["0", "1"])
def test_pair_fails_when_either_stage_fails(sequential):
    for a, b in (("false", "true"), ("true", "false")):
        r = subprocess.run(["bash", "-c", f'source {EXP / "expt_common.sh"}; pair "{a}" "{b}"'], timeout=60,
                           env={**os.environ, "SEQUENTIAL": sequential})
        assert r.returncode != 0, (a, b)
