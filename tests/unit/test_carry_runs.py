"""runs/experiments/carry_runs.py: an experiment folder carried across sessions keeps what a resume
needs (state, rounds, the checkpoint state.json names) and drops the samples files and old checkpoints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "runs" / "experiments" / "carry_runs.py"


def _run(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=60)


def _experiment(out: Path) -> None:
    run = out / "ei-s0"
    for rel, text in {"targets.jsonl": "{}\n", "ei-s0.json.log": "log\n", "ei-s0/config.json": "{}",
                      "ei-s0/rounds.jsonl": "{}\n", "ei-s0/rounds/round-001.samples.jsonl": "big\n",
                      "ei-s0/rounds/round-002.samples.jsonl": "big\n",
                      "ei-s0/checkpoints/round-1/model.safetensors": "old",
                      "ei-s0/checkpoints/round-2/model.safetensors": "new",
                      "ei-s0/checkpoints/round-2/meta.json": "{}", "control-s0/state.json": "{}"}.items():
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text(text)
    (run / "state.json").write_text(json.dumps({"rounds": 2, "models": {"shared": "checkpoints/round-2"}}))
    (run / "targets.jsonl").write_text(BIG)


BIG = "".join(json.dumps({"name": f"t{i}", "attempts": ["x" * 40] * 40}) + "\n" for i in range(800))


def test_save_keeps_what_a_resume_needs_and_restore_puts_it_back(tmp_path):
    out, carry = tmp_path / "out", tmp_path / "carry"
    _experiment(out)
    r = _run("save", out, carry)
    assert r.returncode == 0, r.stderr
    got = sorted(str(p.relative_to(carry)) for p in carry.rglob("*") if p.is_file())
    assert got == ["control-s0/state.json", "ei-s0.json.log", "ei-s0/checkpoints/round-2/meta.json",
                   "ei-s0/checkpoints/round-2/model.safetensors", "ei-s0/config.json", "ei-s0/rounds.jsonl",
                   "ei-s0/state.json", "ei-s0/targets.jsonl.gz", "targets.jsonl"]
    assert len(BIG) > 1_000_000 and (carry / "ei-s0" / "targets.jsonl.gz").stat().st_size < 100_000
    back = tmp_path / "back"
    (back / "ei-s0").mkdir(parents=True)
    (back / "ei-s0" / "rounds.jsonl").write_text("{}\n{}\n")  # went on further: restore keeps it
    assert _run("restore", carry, back).returncode == 0
    assert (back / "ei-s0" / "checkpoints" / "round-2" / "model.safetensors").read_text() == "new"
    assert (back / "ei-s0" / "rounds.jsonl").read_text() == "{}\n{}\n"
    assert (back / "ei-s0" / "targets.jsonl").read_text() == BIG and not (back / "ei-s0" / "targets.jsonl.gz").exists()
    assert _run("save", out, carry).returncode == 0  # a second save replaces the snapshot
    assert not (tmp_path / "carry.new").exists()


def test_a_missing_folder_is_a_one_line_error(tmp_path):
    r = _run("restore", tmp_path / "nope", tmp_path / "out")
    assert r.returncode == 2 and r.stderr.strip() == f"error: {tmp_path / 'nope'} is not a folder"


def test_drop_leaves_out_an_evaluated_arms_model_and_keeps_its_samples(tmp_path):
    out, carry = tmp_path / "out", tmp_path / "carry"
    for rel in ("ce.json", "ce/round-001/model.safetensors", "ce/round-001/tok/vocab.json",
                "ce/round-001.samples.jsonl", "gem/round-001/model.safetensors", "eval-ce/results.jsonl"):
        (out / rel).parent.mkdir(parents=True, exist_ok=True)
        (out / rel).write_text("x\n")
    assert _run("save", out, carry, "--drop", "ce/round-001/*").returncode == 0
    got = sorted(p.relative_to(carry).as_posix() for p in carry.rglob("*") if p.is_file())
    assert got == ["ce.json", "ce/round-001.samples.jsonl", "eval-ce/results.jsonl", "gem/round-001/model.safetensors"]
