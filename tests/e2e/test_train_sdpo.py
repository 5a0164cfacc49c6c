"""`gentzen train sdpo` through the real CLI on the shipped model: per-theorem and batch modes, LoRA,
the per-iteration accounting, resume, bad input; every theorem reported solved re-verifies from
results.jsonl alone (the theorem and the saved proof, checked by the kernel afresh)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gentzen.core.kernel import check_proof

pytest.importorskip("torch")
pytest.importorskip("transformers")

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "py/gentzen/assets/default_model"
SETS = ROOT / "py/gentzen/sets"


def _theorems(tmp_path) -> Path:
    easy = [json.loads(x) for x in (SETS / "textbook.jsonl").read_text().splitlines()[:2]]
    hard = [json.loads(x) for x in (SETS / "pelletier.jsonl").read_text().splitlines()[8:9]]  # pelletier_09
    path = tmp_path / "thms.jsonl"
    path.write_text("".join(json.dumps({"theorem": r["theorem"]}) + "\n" for r in easy + hard))
    return path


def _run(*args, check=True, force=True):
    # The shipped model never saw a feedback block (its teacher gap is negative): these tests run the
    # SDPO machinery past the gap check with --force; test_teacher_gap_* check the refusal itself.
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    args = (*args, "--force") if force else args
    args = (*args, "--replay", "none") if "--replay" not in args else args
    p = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "train", "sdpo", *map(str, args)],
                       capture_output=True, text=True, env=env, timeout=600)
    if check:
        assert p.returncode == 0, p.stderr
    return p


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


@pytest.mark.parametrize("extra", [[], ["--lora", "4:8", "--divergence", "jsd:0.5"]])
def test_per_theorem_run_logs_accounting_and_solved_theorems_reverify(tmp_path, extra):
    out = tmp_path / "run"
    p = _run("--model", MODEL, "--theorems", _theorems(tmp_path), "--out", out, "--iterations", 2,
             "--group", 2, "--threads", 1, "--json", *extra)
    res = json.loads(p.stdout)
    rows = _lines(out / "results.jsonl")
    assert [r["index"] for r in rows] == [0, 1, 2] and res["theorems"] == 3
    # SDPO samples whole proofs and the shipped model was trained on goal states: it may solve none of
    # these (measured: none of modus ponens in 16 whole-format samples; docs/results.md, issue 23), so
    # the solved path is pinned on a scripted engine in tests/unit/test_sdpo_prop_group.py
    assert res["solved"] == sum(r["solved"] for r in rows)
    for r in rows:  # what was reported solved re-verifies from the saved output alone
        if r["solved"]:
            assert check_proof(r["theorem"], r["proof"]).ok
        else:
            assert r["proof"] is None and r["iterations"] == 2
    its = _lines(out / "iterations.jsonl")
    assert its and all({"tally", "seconds", "theorem_index", "iteration"} <= set(i) for i in its)
    assert {r["checker"] for r in rows} == {i["checker"] for i in its} == {"kernel"}  # who judged, recorded
    for i in its:
        s = i["seconds"]
        assert s["sampling"] + s["checking"] + s["training"] + s["other"] == pytest.approx(s["total"], abs=1e-3)
    trained = [i for i in its if "divergence" in i]
    if any(not r["solved"] for r in rows):  # a failed first iteration is followed by one update
        assert trained and all(i["tally"]["train_steps"] == 1 and i["divergence"] >= 0 for i in trained)
        assert all(i["sync"] == "torch-fast" for i in trained)  # gentzen's Llama: the fast engine, synced
    assert sum(i["tally"]["samples"] for i in its) == res["totals"]["samples"]

    again = _run("--model", MODEL, "--theorems", _theorems(tmp_path), "--out", out, "--iterations", 2,
                 "--group", 2, "--threads", 1, "--resume", "--json", *extra)
    assert json.loads(again.stdout)["solved"] == res["solved"]
    assert _lines(out / "iterations.jsonl") == its  # nothing redone


def test_batch_mode_adapts_one_model_and_saves_it(tmp_path):
    out = tmp_path / "batch"
    p = _run("--model", MODEL, "--theorems", _theorems(tmp_path), "--out", out, "--mode", "batch",
             "--iterations", 2, "--group", 2, "--threads", 1, "--json")
    res = json.loads(p.stdout)
    its = _lines(out / "iterations.jsonl")
    assert [i["iteration"] for i in its] == [1, 2]
    solved = out / "results.jsonl"  # written at the first theorem solved (the shipped model may solve none in 2)
    for r in _lines(solved) if solved.exists() else []:
        assert r["solved"] and check_proof(r["theorem"], r["proof"]).ok
    if "divergence" in its[0]:
        assert (out / "model" / "config.json").is_file()
    assert res["totals"]["samples"] == sum(i["tally"]["samples"] for i in its)


@pytest.mark.parametrize("args,needle", [
    (["--divergence", "kl"], "--divergence"),
    (["--mode", "tree"], "--mode"),
    (["--group", "0"], "--group"),
    (["--ema", "1.5"], "--ema"),
    (["--lora", "0:4"], "lora"),
    (["--backend", "lean4"], "--backend"),
    (["--iterations", "0"], "--iterations"),
])
def test_bad_options_are_one_line_errors_before_any_work(tmp_path, args, needle):
    p = _run("--model", MODEL, "--theorems", _theorems(tmp_path), "--out", tmp_path / "o", *args, check=False)
    assert p.returncode == 2
    assert p.stderr.startswith("error:") and needle in p.stderr and "Traceback" not in p.stderr
    assert not (tmp_path / "o").exists()


def test_an_existing_run_needs_resume(tmp_path):
    out = tmp_path / "run"
    _run("--model", MODEL, "--theorems", _theorems(tmp_path), "--out", out, "--iterations", 1, "--group", 1,
         "--limit", 1, "--threads", 1)
    p = _run("--model", MODEL, "--theorems", _theorems(tmp_path), "--out", out, "--iterations", 1, "--group", 1,
             "--limit", 1, check=False)
    assert p.returncode == 2 and "--resume" in p.stderr
    p = _run("--model", MODEL, "--theorems", _theorems(tmp_path), "--out", out, "--iterations", 3, "--group", 1,
             "--limit", 1, "--resume", check=False)
    assert p.returncode == 2 and "iterations" in p.stderr


def test_lean_task_without_lean_says_so_in_one_line_or_runs_over_a_repl(tmp_path):
    import shutil

    thms = _theorems(tmp_path)
    if shutil.which("lake") is None:
        p = _run("--model", MODEL, "--theorems", thms, "--out", tmp_path / "l", "--task", "lean", check=False)
        assert p.returncode == 2 and p.stderr.count("\n") == 1 and "need Lean" in p.stderr
    # the same task over the REPL protocol (kernel-backed `gentzen repl`): the whole-proof path runs
    out = tmp_path / "lean"
    p = _run("--model", MODEL, "--theorems", thms, "--out", out, "--task", "lean", "--repl-cmd", "gentzen repl",
             "--iterations", 2, "--group", 2, "--limit", 1, "--max-tokens", 32, "--threads", 1, "--json")
    its = _lines(out / "iterations.jsonl")
    assert sum(i["tally"]["samples"] for i in its) == json.loads(p.stdout)["totals"]["samples"] > 0
    for r in _lines(out / "results.jsonl"):
        if r["solved"]:
            assert check_proof(r["theorem"], r["proof"]).ok
