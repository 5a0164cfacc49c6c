"""`gentzen train grpo` and `gentzen ttrl --arm grpo` through the real CLI on the tiny fixture model
(tests/fixtures/tiny_gen_model) and 16 theorems of its own data: GRPO lowers its surrogate loss every
round and raises the verified share of a fixed set (the same sampling seeds before and after); the
default run replays the model's data and records the forgetting probe, and resumes; ttrl's grpo arm
writes a ttrl run folder `ttrl report` reads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.requires_torch

MODEL = Path(__file__).resolve().parents[1] / "fixtures" / "tiny_gen_model"


def _rows(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def _gentzen(env, *args, timeout=600):
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=timeout)


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    from gentzen.data.generate import config_from_recorded, dumps, generate

    root = tmp_path_factory.mktemp("grpo")
    meta = json.loads((MODEL / "gentzen.json").read_text())
    train = [r for r in generate(config_from_recorded(meta["data_gen"])) if r["split"] == "train"]
    (root / "t16.jsonl").write_text(dumps(train[:16]))
    (root / "t8.jsonl").write_text(dumps(train[:8]))
    env = {**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "GENTZEN_CACHE": str(root / "cache")}
    return root, env


def _verified_share(model_dir, theorems: list[str], samples: int = 32) -> float:
    """Plain attempts at every theorem with fixed seeds: the same draws for any model."""
    from gentzen.engines import EngineChoice, open_engine
    from gentzen.search.methods import run_method

    engine = open_engine(str(model_dir), EngineChoice("torch"), threads=1)
    ok = n = 0
    for i, t in enumerate(theorems):
        engine.clear_cache()
        res = run_method("plain", t, engine, samples=samples, temperature=1.0, seed=1000 + i, fmt="whole",
                         stop_at_first=False)
        ok += sum(a.ok for a in res.attempts)
        n += len(res.attempts)
    engine.close()
    return ok / n


def test_grpo_lowers_its_loss_and_raises_the_solve_rate(setup):
    root, env = setup
    # no replay: the policy-gradient steps alone (4 passes over each round's groups, lr 3e-4)
    res = _gentzen(env, "train", "grpo", "--model", MODEL, "--targets", root / "t16.jsonl", "--out", root / "pg",
                   "--rounds", 2, "--group", 8, "--replay", "none", "--iterations", 4, "--lr", "3e-4",
                   "--threads", 1)
    assert res.returncode == 0, res.stderr
    rounds = _rows(root / "pg" / "rounds.jsonl")
    assert [r["round"] for r in rounds] == [1, 2]
    for r in rounds:
        assert r["groups_with_signal"] > 0 and r["sequences"] > 0 and r["tally"]["train_steps"] > 0
        assert r["loss_after"] < r["loss_before"] - 1e-3, r
        assert r["replayed"] == 0 and r["forgetting"] is None
    steps = _rows(root / "pg" / "steps.jsonl")
    assert len(steps) == sum(r["tally"]["train_steps"] for r in rounds)
    theorems = [json.loads(x)["theorem"] for x in (root / "t16.jsonl").read_text().splitlines()]
    before = _verified_share(MODEL, theorems)
    after = _verified_share(root / "pg" / "round-002", theorems)
    assert after > before + 0.05, (before, after)  # measured here: 0.096 -> 0.229


def test_default_grpo_replays_probes_and_resumes(setup):
    root, env = setup
    out = root / "default"
    res = _gentzen(env, "train", "grpo", "--model", MODEL, "--targets", root / "t8.jsonl", "--out", out,
                   "--group", 4, "--threads", 1, "--json")
    assert res.returncode == 0, res.stderr
    summary = json.loads(res.stdout)
    assert summary["rounds"] == 1 and summary["totals"]["samples"] == 32
    (r1,) = _rows(out / "rounds.jsonl")
    assert r1["replayed"] == min(round(r1["sequences"] * 0.9 / 0.1), 318)  # the default 90% share of the mix
    assert r1["forgetting"]["proofs"] > 0 and r1["forgetting"]["before"] > 0
    samples = _rows(out / "round-001.samples.jsonl")
    assert len(samples) == 8 and all(len(s["attempts"]) == 4 for s in samples)
    assert all(a["reward"] in (0.0, 1.0) for s in samples for a in s["attempts"])
    assert sum(a["reward"] for s in samples for a in s["attempts"]) == r1["tally"]["verified"]

    again = _gentzen(env, "train", "grpo", "--model", MODEL, "--targets", root / "t8.jsonl", "--out", out,
                     "--group", 4, "--threads", 1)
    assert again.returncode == 2 and "--resume" in again.stderr  # an existing run is not overwritten
    more = _gentzen(env, "train", "grpo", "--model", MODEL, "--targets", root / "t8.jsonl", "--out", out,
                    "--group", 4, "--threads", 1, "--rounds", 2, "--resume")
    assert more.returncode == 0, more.stderr
    assert [r["round"] for r in _rows(out / "rounds.jsonl")] == [1, 2]
    assert _rows(out / "rounds.jsonl")[0] == r1  # the finished round was kept, not redone
    assert (out / "round-002" / "config.json").is_file()


def test_ttrl_grpo_arm(setup):
    root, env = setup
    out = root / "ttrl"
    res = _gentzen(env, "ttrl", root / "t8.jsonl", "--model", MODEL, "--arm", "grpo", "--out", out, "--rounds", 1,
                   "--samples", 4, "--threads", 1, "--probe", 20)
    assert res.returncode == 0, res.stderr
    assert "grpo round 1:" in res.stderr
    (r,) = _rows(out / "rounds.jsonl")
    inner = _rows(out / "grpo" / "rounds.jsonl")[0]
    assert r["arm"] == "grpo" and len(r["solved"]) == inner["tally"]["solved"]
    assert r["samples_round"]["targets"] == 32 and r["forgetting"] == inner["forgetting"]
    targets = _rows(out / "targets.jsonl")
    assert sum(t["solved"] for t in targets) == len(r["solved"])
    report = _gentzen(env, "ttrl", "report", out)
    assert report.returncode == 0, report.stderr
    assert "grpo" in report.stdout


def test_the_reward_is_judged_by_the_backend(setup):
    """--backend repl through the REPL protocol (`gentzen repl`, the kernel-backed REPL, stands in for
    Lean's, which this machine lacks); without Lean, --backend repl fails before OUT is made."""
    root, env = setup
    out = root / "repl"
    res = _gentzen(env, "train", "grpo", "--model", MODEL, "--targets", root / "t8.jsonl", "--out", out, "--group", 4,
                   "--threads", 1, "--replay", "none", "--backend", "repl", "--repl-cmd", "gentzen repl")
    assert res.returncode == 0, res.stderr
    rows = _rows(out / "round-001.samples.jsonl")
    verdicts = [v for r in rows for v in r["verdicts"]]
    assert verdicts and all(v["checker"] == "kernel-repl" for v in verdicts)
    assert sum(v["status"] == "accepted" for v in verdicts) == sum(r["verified"] for r in rows)
    bare = {**env, "PATH": os.path.dirname(sys.executable)}  # no lake
    nolean = _gentzen(bare, "train", "grpo", "--model", MODEL, "--targets", root / "t8.jsonl", "--out", root / "nolean",
                      "--backend", "repl")
    assert nolean.returncode == 2 and "lake" in nolean.stderr and not (root / "nolean").exists()
