"""`gentzen train grpo` and `gentzen ttrl run --arm grpo` through the real CLI on the shipped model (format
state), one round of 8 attempts at 3 short theorems, no replay: the attempts keep the steps the model wrote,
the round trains on groups with a signal and lowers its surrogate, and the saved model keeps the format."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.requires_torch

TARGETS = ["P ∧ Q ⊢ Q ∧ P", "P → Q, Q → R ⊢ P → R", "¬(P ∨ Q) ⊢ ¬P ∧ ¬Q"]


def _gentzen(tmp_path, *args):
    env = {**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "GENTZEN_CACHE": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *map(str, args)], capture_output=True,
                          text=True, env=env, timeout=600)


def _rows(path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


@pytest.fixture
def targets(tmp_path):
    path = tmp_path / "t3.jsonl"
    path.write_text("".join(json.dumps({"name": f"t{i}", "theorem": t}) + "\n" for i, t in enumerate(TARGETS)))
    return path


def test_train_grpo_runs_on_the_shipped_state_model(tmp_path, targets):
    res = _gentzen(tmp_path, "train", "grpo", "--targets", targets, "--out", tmp_path / "g", "--rounds", 1,
                   "--group", 8, "--replay", "none", "--threads", 1, "--json")
    assert res.returncode == 0, res.stderr
    (rnd,) = _rows(tmp_path / "g" / "rounds.jsonl")
    assert rnd["groups_with_signal"] > 0 and rnd["sequences"] > 0 and rnd["tally"]["train_steps"] > 0
    assert rnd["loss_after"] < rnd["loss_before"]
    attempts = [a for row in _rows(tmp_path / "g" / "round-001.samples.jsonl") for a in row["attempts"]]
    assert all(a["steps"] for a in attempts if a["reward"])  # a verified attempt has the steps it was made of
    assert json.loads((tmp_path / "g" / "round-001" / "gentzen.json").read_text())["format"] == "state"


def test_ttrl_grpo_arm_runs_on_the_shipped_state_model(tmp_path, targets):
    res = _gentzen(tmp_path, "ttrl", "run", targets, "--out", tmp_path / "t", "--arm", "grpo", "--rounds", 1,
                   "--samples", 8, "--replay", "none", "--engine", "torch", "--threads", 1)
    assert res.returncode == 0, res.stderr
    (rnd,) = _rows(tmp_path / "t" / "rounds.jsonl")
    assert rnd["arm"] == "grpo" and rnd["solved"], rnd
    assert "theorem" in (tmp_path / "t" / "proofs.lean").read_text()
