"""End-to-end: `gentzen eval` through the real CLI with the shipped model: validation, run folders,
the passk alias, a SIGKILL mid-run then a resume, and `gentzen eval compare`."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, COLUMNS="200", PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", GENTZEN_THREADS="1")
CMD = [sys.executable, "-m", "gentzen.cli.main"]


def gentzen(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([*CMD, *args], capture_output=True, text=True, timeout=timeout, env=ENV)


def one_line_error(r: subprocess.CompletedProcess, *words: str) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr[-1500:])
    assert "Traceback" not in r.stderr
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error:"), r.stderr
    for w in words:
        assert w in lines[0], lines[0]


@pytest.mark.parametrize("args,words", [
    (["textbook", "-n", "8", "--k", "1,16"], ["--k", "8"]),
    (["textbook", "--method", "guided,nosuch"], ["nosuch", "guided", "plain"]),
    (["textbook", "-n", "0"], ["--samples"]),
    (["textbook", "--temperature", "-1"], ["--temperature"]),
    (["textbook", "--seeds", "0,x"], ["--seeds"]),
    (["textbook", "--lines", "14-7"], ["--lines"]),
    (["textbook", "--budget-tokens", "-5"], ["--budget-tokens"]),
    (["textbook", "--threads", "-1"], ["--threads"]),
    (["no_such_set"], ["no_such_set", "textbook"]),
    (["textbook", "--device", "tpu"], ["--device"]),
])
def test_bad_options_are_one_line_errors_before_work(args, words):
    t0 = time.monotonic()
    one_line_error(gentzen("eval", *args), *words)
    assert time.monotonic() - t0 < 60


def test_unwritable_out_and_plot(tmp_path):
    f = tmp_path / "file.txt"
    f.write_text("x")
    one_line_error(gentzen("eval", "textbook", "--out", str(f)), "--out")
    one_line_error(gentzen("eval", "textbook", "--plot", str(f / "p.png")), "--plot")


def test_run_dir_json_and_default_ks(tmp_path):
    run = tmp_path / "run"
    r = gentzen("eval", "textbook", "-n", "8", "--limit", "4", "--method", "plain", "--seeds", "0,1",
                "--out", str(run), "--json", "--threads", "1")
    assert r.returncode == 0, r.stderr[-2000:]
    s = json.loads(r.stdout)
    assert s["ks"] == [1, 8] and s["theorems"] == 4 and s["seeds"] == [0, 1]
    assert "theorems, " not in r.stderr  # no progress lines under --json
    p = s["methods"]["plain"]["pass"]
    assert p["pass@1"]["seeds"] == 2 and p["pass@1"]["min"] <= p["pass@1"]["mean"] <= p["pass@1"]["max"]
    assert {x.name for x in run.iterdir()} >= {"config.json", "theorems.jsonl", "summary.json", "passk.png",
                                               "tokens.png", "wall.png"}
    recs = [json.loads(x) for x in (run / "theorems.jsonl").read_text().splitlines()]
    assert len(recs) == 8 and all(len(r["attempts"]) == 8 for r in recs)
    # the summary agrees with the records: pass@8 is the share solved at least once
    for seed in (0, 1):
        solved = sum(r["c"] > 0 for r in recs if r["seed"] == seed)
        assert s["methods"]["plain"]["solved"][str(seed)] == solved
    assert json.loads((run / "summary.json").read_text())["methods"] == s["methods"]


def test_passk_alias_with_older_options(tmp_path):
    out = tmp_path / "old.json"
    r = gentzen("eval", "passk", "--set", "textbook", "--limit", "3", "-n", "4", "--k", "1", "--k", "4",
                "--method", "guided", "--method", "plain", "--seed", "3", "--out", str(out),
                "--plot", str(tmp_path / "p.png"))
    assert r.returncode == 0, r.stderr[-2000:]
    s = json.loads(out.read_text())
    assert list(s["methods"]) == ["guided", "plain"] and s["ks"] == [1, 4] and s["seeds"] == [3]
    assert (tmp_path / "p.png").stat().st_size > 1000
    assert "pass@4" in r.stdout and "diagnostics" in r.stdout


def test_sequent_jsonl_and_lean_sets(tmp_path):
    j = tmp_path / "s.jsonl"
    j.write_text('{"name": "mp", "sequent": "P → Q, P ⊢ Q"}\n{"name": "id", "sequent": "P ⊢ P"}\n')
    r = gentzen("eval", str(j), "-n", "4", "--method", "guided", "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout)["theorems"] == 2
    lean = tmp_path / "s.lean"
    lean.write_text("theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  sorry\n")
    r = gentzen("eval", str(lean), "-n", "2", "--method", "plain", "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout)["theorems"] == 1


def test_sigkill_mid_run_then_resume_redoes_nothing(tmp_path):
    run = tmp_path / "run"
    args = ["eval", "textbook", "-n", "16", "--limit", "40", "--method", "guided", "--out", str(run),
            "--threads", "1"]
    proc = subprocess.Popen([*CMD, *args], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    path = run / "theorems.jsonl"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_text().count("\n") >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    before = [x for x in path.read_text().splitlines() if x.endswith("}")]
    assert 3 <= len(before) < 40
    r = gentzen(*args, "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    after = [json.loads(x) for x in path.read_text().splitlines() if x.endswith("}")]
    keys = [(x["method"], x["seed"], x["name"]) for x in after]
    assert len(keys) == len(set(keys)) == 40  # nothing finished was run twice
    assert [json.dumps(x, ensure_ascii=False) for x in after[: len(before)]] == before  # kept as written
    assert json.loads(r.stdout)["theorems"] == 40


def test_compare_two_runs(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    for run, method in ((a, "plain"), (b, "guided")):
        r = gentzen("eval", "textbook", "-n", "4", "--limit", "12", "--method", method, "--out", str(run))
        assert r.returncode == 0, r.stderr[-2000:]
    r = gentzen("eval", "compare", str(a), str(b), "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    res = json.loads(r.stdout)
    solved = {}
    for run in (a, b):
        for x in (run / "theorems.jsonl").read_text().splitlines():
            rec = json.loads(x)
            solved[run.name, rec["name"]] = rec["c"] > 0
    names = {n for _, n in solved}
    assert res["pairs"] == 12
    assert res["b_count"] == sum(solved["a", n] and not solved["b", n] for n in names)
    assert res["c_count"] == sum(solved["b", n] and not solved["a", n] for n in names)
    assert 0 <= res["p_value"] <= 1 and res["ci95"][0] <= res["gain"] <= res["ci95"][1]
    assert Path(res["plot"]).stat().st_size > 1000
    r = gentzen("eval", "compare", str(a), str(tmp_path / "nope"))
    one_line_error(r, "nope")
    r = gentzen("eval", "compare", str(a), str(b))
    assert r.returncode == 0 and "McNemar" in r.stdout


def test_progress_lines_with_eta_when_stderr_is_a_log():
    """Without a terminal (a log, a pipe) eval writes `eval: METHOD: i/N items, T s[, ETA E s]` lines on
    stderr as (theorem, seed) items finish, the last one at N/N (3 theorems × 2 seeds: 6)."""
    r = gentzen("eval", "textbook", "-n", "2", "--limit", "3", "--method", "plain", "--seeds", "0,1", "--threads", "1")
    assert r.returncode == 0, r.stderr[-2000:]
    lines = [x for x in r.stderr.splitlines() if x.startswith("eval: ")]
    assert lines and lines[-1].startswith("eval: plain: 6/6 items, "), r.stderr
    assert all(" items, " in x and x.split(" items, ")[1].split(" s")[0].isdigit() for x in lines)
