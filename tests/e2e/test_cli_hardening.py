"""Regressions of issue 10 through the real CLI: exit codes that tell the truth, countermodels
before sampling, quiet/scriptable verify output, outputs that survive Ctrl-C, same --out rules."""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", NO_COLOR="1")
OK = "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact h1 h2\n"
BAD = "theorem no (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact h2\n"


def gentzen(*args, cwd=None, timeout=120, umask=None):
    pre = (lambda: os.umask(umask)) if umask is not None else None
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *map(str, args)], capture_output=True,
                          text=True, env=ENV, cwd=cwd, timeout=timeout, preexec_fn=pre)


def test_valid_exit_codes_comments_and_lines(tmp_path):
    assert gentzen("valid", "P ⊢ P").returncode == 0
    r = gentzen("valid", "P ⊢ P", "P ⊢ Q")
    assert r.returncode == 1 and "countermodel: P=T, Q=F" in r.stdout
    f = tmp_path / "s.txt"
    f.write_text("# textbook\nP → Q, P ⊢ Q\n\n  # indented comment\nP ⊢ P ∨ Q\n")
    r = gentzen("valid", "--file", f, "--json")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 2
    f.write_text("P ⊢ P\n# ok\nP ⊢ (\n")
    r = gentzen("valid", "--file", f)
    assert r.returncode == 2 and f"{f}: line 3: cannot parse 'P ⊢ ('" in r.stderr and r.stdout == ""


def test_prove_prints_the_countermodel_without_sampling():
    t0 = time.perf_counter()
    r = gentzen("prove", "P ∨ Q ⊢ P", "--json")
    assert r.returncode == 1, r.stderr
    rec = json.loads(r.stdout)
    assert rec["countermodel"] == {"P": False, "Q": True} and rec["attempts"] == [] and rec["proof"] is None
    assert "torch" not in r.stderr and time.perf_counter() - t0 < 30


@pytest.mark.skipif(importlib.util.find_spec("vllm") is not None, reason="vllm is installed here")
def test_engine_vllm_names_the_extra():
    r = gentzen("prove", "P ⊢ P", "--engine", "vllm")
    assert r.returncode == 2 and "pip install 'gentzen[vllm]'" in r.stderr


def test_verify_quiet_failures_only_and_summary(tmp_path):
    f = tmp_path / "two.lean"
    f.write_text(OK + "\n" + BAD)
    full = gentzen("verify", f)
    assert full.returncode == 1 and "ok" in full.stdout and "rejected" in full.stdout
    summary = full.stdout.strip().splitlines()[-1]
    assert summary.startswith("1/2 accepted")
    q = gentzen("verify", f, "--quiet")
    assert q.returncode == 1 and q.stdout.strip().splitlines() == [summary]
    fo = gentzen("verify", f, "--failures-only")
    lines = fo.stdout.splitlines()
    assert any(ln.startswith("rejected") and " no " in ln for ln in lines)
    assert not any(ln.startswith("ok") for ln in lines) and lines[-1] == summary
    j = gentzen("verify", f, "--json")
    assert len(j.stdout.splitlines()) == 2
    got = json.loads(j.stderr.strip().splitlines()[-1])["summary"]
    assert {k: got[k] for k in ("items", "accepted", "rejected", "skipped")} == {"items": 2, "accepted": 1,
                                                                               "rejected": 1, "skipped": 0}


def test_out_into_missing_folders_and_permissions(tmp_path):
    (tmp_path / "ok.lean").write_text(OK)
    g = gentzen("gen", "--count", "3", "--out", tmp_path / "a" / "b" / "g.jsonl", umask=0o022)
    v = gentzen("verify", tmp_path / "ok.lean", "--out", tmp_path / "c" / "d" / "r.jsonl", umask=0o022)
    assert g.returncode == 0 and v.returncode == 0, g.stderr + v.stderr
    for p in (tmp_path / "a" / "b" / "g.jsonl", tmp_path / "c" / "d" / "r.jsonl"):
        assert stat.S_IMODE(p.stat().st_mode) == 0o644, p  # was 0600 for gen (mkstemp)
    assert gentzen("gen", "--count", "3", "--out", tmp_path / "a").returncode == 2  # a folder: refused alike
    assert gentzen("verify", tmp_path / "ok.lean", "--out", tmp_path / "a").returncode == 2


def _interrupt(args, wait_for: str, cwd, timeout=240):
    """Start `gentzen ARGS`, send SIGINT once `wait_for` shows on stderr (or after the timeout)."""
    p = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", *map(str, args)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, env=ENV, cwd=cwd)
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = p.stderr.readline()
        if not line:
            break
        seen.append(line)
        if wait_for in line:
            p.send_signal(signal.SIGINT)
            break
    out, rest = p.communicate(timeout=timeout)
    return p.returncode, "".join(seen) + rest


def test_gen_ctrl_c_keeps_verified_work_beside_the_output(tmp_path):
    out = tmp_path / "g.jsonl"
    p = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", "gen", "--count", "100000", "--out", out],
                         stderr=subprocess.PIPE, text=True, env=ENV)
    time.sleep(4)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=120)
    assert p.returncode == 130 and "interrupted" in err, err
    assert not out.exists()  # never a half file in place of the output
    partial = out.with_name("g.partial.jsonl")
    rows = [json.loads(x) for x in partial.read_text().splitlines()]
    assert rows and f"{len(rows)} of 100000" in err
    r = gentzen("verify", partial, "--quiet")
    assert r.returncode == 0, r.stdout[-500:]


@pytest.mark.requires_torch
def test_train_ctrl_c_saves_a_resumable_checkpoint(tmp_path):
    from gentzen.train.samples import write_jsonl

    data = write_jsonl(tmp_path / "d.jsonl")
    args = ["train", "sft", "--data", data, "--out", tmp_path / "m", "--preset", "tiny", "--vocab-size", "400",
            "--batch-size", "4", "--seconds", "600", "--eval-every", "0", "--threads", "1"]
    code, err = _interrupt(args, "step ", tmp_path)
    assert code == 130 and "checkpoint saved" in err, err
    meta = json.loads((tmp_path / "m" / "gentzen.json").read_text())
    assert meta["steps"] >= 1 and (tmp_path / "m" / "train_state.pt").is_file()
    assert not list(tmp_path.glob(".m.*"))
    # the same command resumes (a shorter budget would be a change: refused without --force)
    r = gentzen(*args[:-6], "--seconds", "600", "--max-steps", str(meta["steps"] + 2), "--eval-every", "0",
                "--threads", "1", timeout=300)
    assert r.returncode == 2 and "--force" in r.stderr
    r = gentzen(*args[:-6], "--seconds", "600", "--max-steps", str(meta["steps"] + 2), "--eval-every", "0",
                "--threads", "1", "--force", timeout=300)
    assert r.returncode == 0, r.stderr
    assert json.loads((tmp_path / "m" / "gentzen.json").read_text())["steps"] == meta["steps"] + 2
