"""`gentzen train ei` through the real CLI on a tiny model: a SIGKILLed run resumes to the same round
results as an uninterrupted one, Ctrl-C stops after saving, the accounting adds up, bad options
are one-line errors before any work."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gentzen.train.samples import write_jsonl

pytestmark = pytest.mark.requires_torch

ENV = {**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
TARGETS = 14  # the sample records
K = 6


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    """A tiny SFT model on the dozen sample proofs, and one uninterrupted 2-round run from it."""
    from gentzen.train.sft import SFTConfig, train

    root = tmp_path_factory.mktemp("ei")
    data = write_jsonl(root / "d.jsonl")
    train(SFTConfig(data=str(data), out=str(root / "m"), preset="tiny", seconds=0, max_steps=120, vocab_size=400,
                    batch_size=8, lr=3e-3, eval_every=0, threads=1, resume=False))
    full = _ei(root, root / "full")
    assert full.returncode == 0, full.stderr
    return root, full


def _args(root: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "gentzen.cli.main", "train", "ei", "--model", str(root / "m"),
            "--targets", str(root / "d.jsonl"), "--out", str(out), "--rounds", "2", "--samples", str(K),
            "--steps", "6", "--batch", "8", "--replay", f"{root / 'd.jsonl'}:3", "--seed", "5", "--threads", "1",
            "--weights", "ua", *extra]


def _ei(root: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(_args(root, out, *extra), capture_output=True, text=True, env=ENV, timeout=300)


def _rows(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def _results(out: Path) -> list[dict]:
    """What a round decided (solved sets, counts, losses): everything but the wall-clock."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in _rows(out / "rounds.jsonl")]


def _weights(out: Path) -> str:
    return hashlib.sha256((out / "round-002" / "model.safetensors").read_bytes()).hexdigest()


def _interrupt(root: Path, out: Path, sig: int) -> subprocess.Popen:
    """Start the run and send `sig` once round 2 has sampled 3 of its targets (mid-round)."""
    proc = subprocess.Popen(_args(root, out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    samples, deadline = out / "round-002.samples.jsonl", time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        if samples.is_file() and len(samples.read_text().splitlines()) >= 3:
            proc.send_signal(sig)
            break
        time.sleep(0.01)
    proc.wait(timeout=120)
    state = json.loads((out / "state.json").read_text())
    assert state["rounds"] == 1, "the signal did not land in round 2"
    assert len(_rows(samples)) < TARGETS
    return proc


def test_killed_mid_round_and_resumed_gives_the_same_rounds(setup):
    root, _ = setup
    out = root / "killed"
    proc = _interrupt(root, out, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    resumed = _ei(root, out, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert _results(out) == _results(root / "full")
    assert [len(_results(out)), _weights(out)] == [2, _weights(root / "full")]
    steps = lambda o: [{k: v for k, v in r.items() if k != "seconds"} for r in _rows(o / "steps.jsonl")]  # noqa: E731
    assert steps(out) == steps(root / "full")


def test_ctrl_c_stops_after_saving_and_resume_finishes(setup):
    root, _ = setup
    out = root / "ctrlc"
    proc = _interrupt(root, out, signal.SIGINT)
    err = proc.stderr.read()
    assert proc.returncode == 130 and "--resume" in err.strip().splitlines()[-1] and "Traceback" not in err
    assert len(_rows(out / "rounds.jsonl")) == 1 and (out / "round-001" / "model.safetensors").is_file()
    again = _ei(root, out)  # without --resume: refused, nothing overwritten
    assert again.returncode == 2 and "--resume" in again.stderr
    resumed = _ei(root, out, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert _results(out) == _results(root / "full")


def test_accounting_fields_are_present_and_add_up(setup):
    from gentzen.core.kernel import check_proof

    root, full = setup
    rounds, steps = _rows(root / "full" / "rounds.jsonl"), _rows(root / "full" / "steps.jsonl")
    assert [r["round"] for r in rounds] == [1, 2]
    buffer: dict[int, tuple[list[str], float]] = {}  # found proofs stay in every later round's mix
    for r in rounds:
        t, s = r["tally"], r["seconds"]
        assert t["targets"] == TARGETS and t["samples"] == TARGETS * K
        assert t["tokens"] > 0 and t["model_calls"] > 0 and t["kernel_checks"] > 0
        assert t["solved"] == len(r["solved_indices"]) and t["solve_rate"] == pytest.approx(t["solved"] / TARGETS, abs=1e-6)
        assert t["solved"] <= t["verified"] <= t["samples"] and t["verified_rate"] == pytest.approx(t["verified"] / t["samples"], abs=1e-6)
        assert s["sampling"] + s["checking"] + s["training"] + s["other"] == pytest.approx(s["total"], abs=2e-3)
        assert min(s["sampling"], s["checking"], s["training"]) > 0 and s["loading"] > 0
        mine = [x for x in steps if x["round"] == r["round"]]
        assert len(mine) == t["train_steps"] == 6
        assert sum(x["tokens"] for x in mine) == t["train_tokens"]
        # steps.jsonl keeps 6 decimals: a loss near 0.01 is exact to 1e-6, not to a relative 1e-5
        assert [mine[0]["loss"], mine[-1]["loss"]] == pytest.approx([r["loss_first"], r["loss_last"]], rel=1e-5, abs=1e-6)
        assert 0 < r["mean_weight"] <= 1 and all(0 < x["mean_weight"] <= 1 for x in mine)
        # the training set: every theorem's found proofs (this round's first, then earlier ones, ≤ 4),
        # repeated by this round's rarity, plus the replayed ones
        samples = {x["index"]: x for x in _rows(root / "full" / f"round-{r['round']:03d}.samples.jsonl")}
        assert sorted(samples) == list(range(TARGETS))
        assert sum(x["tokens"] for x in samples.values()) == t["tokens"]
        assert sum(x["verified"] for x in samples.values()) == t["verified"]
        for i, x in samples.items():
            if x["proofs"] or i in buffer:
                buffer[i] = (list(dict.fromkeys(x["proofs"] + buffer.get(i, ([], 0))[0]))[:4], x["verified"] / K)
        want = sum(len(p) * max(1, round(8 * (1 - rate))) for p, rate in buffer.values())
        assert t["train_proofs"] == want + r["replayed"] and r["replayed"] == 3
        for x in samples.values():  # kept proofs are distinct, at most 4, and verify
            assert len(set(x["proofs"])) == len(x["proofs"]) <= 4
            assert all(check_proof(x["theorem"], p).ok for p in x["proofs"])
    progress = [ln for ln in full.stderr.splitlines() if ln.startswith("round 1: solved")]
    assert len(progress) == 1 and "tokens" in progress[0]
    meta = json.loads((root / "full" / "round-002" / "gentzen.json").read_text())
    assert meta["format"] == "whole" and meta["ei"]["round"] == 2
    # the checkpoint's "seconds" is SFT plus both rounds (loading excluded): ttrl's unit x reads it
    sft = json.loads((root / "m" / "gentzen.json").read_text())["seconds"]
    spent = sum(r["seconds"]["total"] for r in rounds)
    assert meta["sft_seconds"] == sft and meta["seconds"] == pytest.approx(sft + spent, abs=0.05)


@pytest.mark.parametrize("extra,msg", [
    (["--rounds", "0"], "--rounds must be at least 1"),
    (["--method", "nope"], "unknown method"),
    (["--weights", "dco"], "unknown weights"),
    (["--loss", "mse"], "unknown loss"),
    (["--replay", "d.jsonl:x"], "--replay must be FILE:N"),
    (["--format", "tree"], "unknown format"),
    (["--method", "vdfs"], "value head"),
])
def test_bad_options_are_one_line_errors_before_any_work(tmp_path, capsys, extra, msg):
    from gentzen.cli.main import main

    data = write_jsonl(tmp_path / "d.jsonl")
    (tmp_path / "m").mkdir()
    (tmp_path / "m" / "config.json").write_text("{}")
    code = main(["train", "ei", "--model", str(tmp_path / "m"), "--targets", str(data), "--out", str(tmp_path / "o"),
                 *extra])
    err = capsys.readouterr().err.strip()
    assert code == 2 and msg in err and len(err.splitlines()) == 1
    assert not (tmp_path / "o").exists()


def test_help_comes_from_the_config_docs():
    r = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "train", "ei", "--help"], capture_output=True,
                       text=True, env={**ENV, "COLUMNS": "200"}, timeout=60)
    assert r.returncode == 0
    for flag in ("--targets", "--rounds", "--samples", "--weights", "--replay", "--resume", "--seconds"):
        assert flag in r.stdout
    assert "distinct verified proofs" in r.stdout


def test_time_budget_stops_before_a_new_round(setup):
    from gentzen.train.ei import EIConfig, run

    root, _ = setup
    res = run(EIConfig(model=str(root / "m"), targets=str(root / "d.jsonl"), out=str(root / "budget"), rounds=3,
                       samples=2, steps=1, batch=4, limit=3, seconds=0.001, threads=1))
    assert (res.rounds, res.stopped) == (1, "budget") and res.model.endswith("round-001")
    assert res.totals["targets"] == 3 and res.totals["samples"] == 6


def test_a_moved_model_resumes_and_a_replaced_one_is_refused(setup, tmp_path):
    import shutil

    root, full = setup
    out = tmp_path / "run"
    shutil.copytree(root / "full", out)
    moved = tmp_path / "moved"
    shutil.copytree(root / "m", moved)
    args = _args(root, out, "--resume")
    i = args.index("--model") + 1
    args[i] = str(moved)  # the same weights at another path: the run goes on (nothing left to do here)
    same = subprocess.run(args, capture_output=True, text=True, env=ENV, timeout=300)
    assert same.returncode == 0, same.stderr
    (moved / "model.safetensors").write_bytes(b"another model")  # a new model at the path: refused
    other = subprocess.run(args, capture_output=True, text=True, env=ENV, timeout=300)
    assert other.returncode == 2 and "other weights" in other.stderr and "Traceback" not in other.stderr
    assert _results(out) == _results(root / "full")
