"""runs/line_logprobs.py, the per-line diagnostic docs/results.md uses for a statement the model misses:
one row per reference line in the model's format, with a log-probability and the lines drawn in its
place; a proof that does not replay and a missing model are one-line errors (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.requires_torch

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "tests" / "fixtures" / "tiny_gen_model"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1"}


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "runs" / "line_logprobs.py"), *args], capture_output=True,
                          text=True, env=ENV, timeout=300)


def test_each_reference_line_is_scored_and_drawn_against():
    r = _run("theorem t (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P", "exact ⟨h1.2, h1.1⟩", "--model", str(MODEL),
             "-n", "3", "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout)
    [row] = out["lines"]
    assert row["line"] == "exact ⟨h1.2, h1.1⟩" and row["logprob"] < 0 and row["tokens"] > 0
    assert sum(count for _, count in row["drawn"]) == 3
    two = json.loads(_run("theorem t (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by", "constructor; exact h1; exact h2",
                          "--model", str(MODEL), "-n", "2", "--json").stdout)
    assert [r["line"] for r in two["lines"]] == ["constructor", "exact h1", "exact h2"]


def test_a_proof_that_does_not_replay_or_a_missing_model_is_a_one_line_error(tmp_path):
    bad = _run("theorem t (P : Prop) (h1 : P) : P", "exact foo", "--model", str(MODEL))
    missing = _run("theorem t (P : Prop) (h1 : P) : P", "exact h1", "--model", str(tmp_path))
    for r in (bad, missing):
        assert r.returncode == 2 and r.stderr.startswith("error: ") and "Traceback" not in r.stderr
    assert "foo" in bad.stderr and "not a model directory" in missing.stderr
