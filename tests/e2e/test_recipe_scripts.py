"""The default-model recipes (runs/cpu_default_model.sh, runs/gpu_default_model.sh) at TINY=1 on the CPU:
every stage end to end (data with the held-out check, SFT, EI, eval, pass@k-vs-time table, the final
model's recorded recipe), and a run killed mid-stage that a rerun completes without redoing finished stages."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("torch", reason="the recipe trains models (train extra)")
pytestmark = [pytest.mark.slow, pytest.mark.requires_torch]

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", GENTZEN_THREADS="1", TINY="1",
           PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")


def _run(script: str, out: Path, timeout: float = 400) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(ROOT / "runs" / script), str(out)], env=ENV, capture_output=True,
                          text=True, timeout=timeout)


def _check_final(out: Path, continued: bool = False) -> None:
    meta = json.loads((out / "final" / "gentzen.json").read_text())
    assert meta["recipe"]["scale"] == "tiny" and meta["recipe"]["checkpoint"] == "ei-round-001"
    assert meta["recipe"]["train_records"] == len((out / "train.jsonl").read_text().splitlines()) == 100
    assert meta["training_seconds"]["sft"] > 0 and meta["training_seconds"]["total"] >= meta["training_seconds"]["sft"]
    assert not (out / "final" / "train_state.pt").exists()
    sample = meta["replay_sample"]  # replay from the final model works without OUT/train.jsonl
    assert sample["from_sha256"] == meta["data_sha256"] and (out / "final" / "replay.jsonl").is_file()
    from gentzen.train.replay import sha16
    assert sha16(out / "final" / "replay.jsonl") == sample["sha256"]
    assert json.loads((out / "heldout-check.json").read_text())["leaks"] == 0
    rows = json.loads((out / "passk_time.json").read_text())
    assert [r["checkpoint"] for r in rows] == ["init"] * continued + ["sft", "ei-round-001"]
    assert all("acceptance/guided/pass@1" in r and r["seconds"] > 0 for r in rows)
    # each checkpoint's eval is a run folder with per-theorem records, so two checkpoints pair up
    cmp = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "eval", "compare", str(out / "eval" / "sft-acceptance"),
                          str(out / "eval" / "ei-round-001-acceptance"), "--json", "--no-plot"],
                         env=ENV, capture_output=True, text=True, timeout=120)
    assert cmp.returncode == 0, cmp.stderr
    assert json.loads(cmp.stdout)["pairs"] == 20
    users = [json.loads(x) for x in (out / "gen-user.jsonl").read_text().splitlines()]
    assert len(users) == 40 and {r["form"] for r in users} > {"sequent", "example"}


def test_gpu_recipe_end_to_end_at_tiny_scale_on_cpu(tmp_path):
    out = tmp_path / "gpu"
    r = _run("gpu_default_model.sh", out)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip().endswith(f"{out}/final")
    _check_final(out)
    assert json.loads((out / "sft" / "gentzen.json").read_text())["config"]["device"] == "cpu"
    # a second run redoes nothing: every stage says so
    again = _run("gpu_default_model.sh", out)
    assert again.returncode == 0, again.stderr[-3000:]
    for stage in ("data: done already", "sft: done already", "targets: done already", "ei: done already"):
        assert stage in again.stderr


def test_recipe_continues_a_model_whose_run_folder_is_gone(tmp_path):
    # INIT: SFT starts from a finished model (its tokenizer and weights) at LR; TARGET_SEED: fresh EI targets
    first = tmp_path / "first"
    assert _run("cpu_default_model.sh", first).returncode == 0
    out = tmp_path / "continued"
    env = dict(ENV, INIT=str(first / "final"), LR="0.0005", TARGET_SEED="901")
    r = subprocess.run(["bash", str(ROOT / "runs/cpu_default_model.sh"), str(out)], env=env, capture_output=True,
                       text=True, timeout=400)
    assert r.returncode == 0, r.stderr[-3000:]
    sft = json.loads((out / "sft" / "gentzen.json").read_text())
    assert sft["config"]["init"] == str(first / "final") and sft["config"]["lr"] == 0.0005
    assert (out / "sft" / "tokenizer.json").read_bytes() == (first / "final" / "tokenizer.json").read_bytes()
    assert (out / "targets.jsonl").read_text() != (first / "targets.jsonl").read_text()
    _check_final(out, continued=True)
    meta, before = (json.loads((d / "final" / "gentzen.json").read_text()) for d in (out, first))
    assert meta["recipe"]["init"]["training_seconds"] == before["training_seconds"]
    assert meta["training_seconds"]["cumulative"] == pytest.approx(
        meta["training_seconds"]["total"] + before["training_seconds"]["total"], abs=0.02)
    rows = json.loads((out / "passk_time.json").read_text())  # the model it started from is the first point
    assert rows[0]["seconds"] == before["training_seconds"]["total"] < rows[1]["seconds"] < rows[2]["seconds"]
    assert (out / "final" / "loss.png").is_file() and (out / "final" / "sft_command.txt").read_text().startswith(
        "gentzen train sft ")


def test_killed_stage_resumes_and_finished_stages_are_kept(tmp_path):
    out = tmp_path / "cpu"
    env = dict(ENV, SFT_SECONDS="30")  # a stage long enough to be killed in
    p = subprocess.Popen(["bash", str(ROOT / "runs/cpu_default_model.sh"), str(out)], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.time() + 300
        while not (out / "sft" / "train_state.pt").exists():  # SFT has saved at least one checkpoint
            assert p.poll() is None and time.time() < deadline, "the recipe ended before SFT saved"
            time.sleep(0.5)
        time.sleep(2)
    finally:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
    data = out / "train.jsonl"
    stamp = data.stat().st_mtime_ns
    first = json.loads((out / "sft" / "gentzen.json").read_text())["seconds"]
    assert first < 29  # killed mid-stage
    r = subprocess.run(["bash", str(ROOT / "runs/cpu_default_model.sh"), str(out)], env=env, capture_output=True,
                       text=True, timeout=400)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "data: done already" in r.stderr and data.stat().st_mtime_ns == stamp
    log = (out / "sft.log").read_text()
    steps = [int(ln.split()[1]) for ln in log.splitlines() if ln.startswith("step ") and "loss" in ln]
    assert steps and steps[0] > 1, log[-2000:]  # continued from the killed run's checkpoint, not step 1
    sft = json.loads((out / "sft" / "gentzen.json").read_text())
    assert sft["seconds"] >= 29
    _check_final(out)
