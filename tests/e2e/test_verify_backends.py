"""`gentzen verify` end to end: the REPL backend (a pool of `gentzen repl` processes, --jobs 2, asked
for explicitly with --repl-cmd "gentzen repl") agrees with the kernel on every verdict of 600
generated, mutated and hostile proofs, and `--out` is resumable (a torn last line is redone,
nothing is checked twice). Without Lean and without --repl-cmd, repl/both are an error."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gentzen.bench.kernel import corpus
from gentzen.bench.mutations import mutations

ROOT = Path(__file__).resolve().parents[2]
KERNEL_REPL = ("--repl-cmd", "gentzen repl")  # the kernel-backed REPL, never a silent stand-in for Lean
HOSTILE = ["  sorry", "  exact sorry", "  admit", "open Classical in\n  exact h1", "  native_decide",
           "  exact h1\ntheorem x : True := trivial", "  simp", "  run_tac pure ()", "\texact h1",
           "  exact (sorryAx _ false)", "  decide", "  set_option maxHeartbeats 0 in\n  exact h1"]


def gentzen(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *args], capture_output=True, text=True,
                          timeout=timeout, env=env)


@pytest.fixture(scope="module")
def proofs(tmp_path_factory) -> Path:
    """Generated proofs (the kernel bench corpus), about 40% mutated and 5% hostile."""
    rng = random.Random(5)
    rows = []
    for i, (thm, proof) in enumerate(corpus(600, seed=11)):
        st, r = thm.statement(), rng.random()
        if r < 0.55:
            p = proof
        elif r < 0.95:
            ms = mutations(st, proof)
            p = rng.choice(ms)[1] if ms else proof
        else:
            p = rng.choice(HOSTILE)
        rows.append({"name": f"p{i}", "theorem": st, "proof": p})
    path = tmp_path_factory.mktemp("verify") / "proofs.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def read(path: Path) -> dict:
    return {r["name"]: r for r in map(json.loads, path.read_text().splitlines())}


def test_repl_backend_agrees_with_kernel_on_every_verdict(proofs, tmp_path):
    k, r = tmp_path / "kernel.jsonl", tmp_path / "repl.jsonl"
    rk = gentzen("verify", str(proofs), "--backend", "kernel", "--json", "--out", str(k))
    rr = gentzen("verify", str(proofs), "--backend", "repl", *KERNEL_REPL, "--jobs", "2", "--json",
                 "--out", str(r))
    assert rk.returncode == rr.returncode == 1, rr.stderr[-2000:]  # some proofs are wrong
    kernel, repl = read(k), read(r)
    assert len(kernel) == len(repl) == 600
    differ = [n for n in kernel if kernel[n]["ok"] != repl[n]["ok"]]
    assert differ == [], [(kernel[n], repl[n]) for n in differ[:3]]
    oks = sum(x["ok"] for x in kernel.values())
    assert 250 < oks < 550
    assert {x["backend"] for x in repl.values()} == {"repl"}
    # who checked: the REPL's own verdicts say kernel-repl, the local screen before it (forbidden
    # constructs) says reader; never Lean
    assert {x["checker"] for x in repl.values()} <= {"kernel-repl", "reader"}
    assert not any(x["error"] and x["error"]["kind"] == "lean_error" for x in repl.values())
    assert any(x["checker"] == "kernel-repl" and not x["ok"] for x in repl.values())
    # stdout streams the same records as the file
    assert [json.loads(x)["name"] for x in rr.stdout.splitlines()] == [f"p{i}" for i in range(600)]


def test_out_is_resumable(proofs, tmp_path):
    out = tmp_path / "r.jsonl"
    assert gentzen("verify", str(proofs), "--backend", "repl", *KERNEL_REPL, "--out", str(out)).returncode == 1
    first = out.read_bytes()
    out.write_bytes(first[:-40])  # interrupted: the last record is torn
    again = gentzen("verify", str(proofs), "--backend", "repl", *KERNEL_REPL, "--json", "--out", str(out))
    assert again.returncode == 1
    assert len(again.stdout.splitlines()) == 1  # only the torn item was checked again
    assert len(read_valid(out)) == 600
    third = gentzen("verify", str(proofs), "--backend", "kernel", "--out", str(out))
    assert third.returncode == 1 and "(600 already in" in third.stdout


def read_valid(path: Path) -> dict:
    out = {}
    for line in path.read_text().splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        out[rec["key"]] = rec
    return out


def test_both_backend_logs_no_disagreement(tmp_path):
    f = tmp_path / "few.jsonl"
    f.write_text("".join(json.dumps({"name": f"q{i}", "theorem": t.statement(), "proof": p}) + "\n"
                         for i, (t, p) in enumerate(corpus(40, seed=2))))
    r = gentzen("verify", str(f), "--backend", "both", *KERNEL_REPL, "--jobs", "1", "--out", str(tmp_path / "b.jsonl"))
    assert r.returncode == 0, r.stdout[-1000:] + r.stderr[-1000:]
    assert not (tmp_path / "b.disagreements.jsonl").exists()
    assert "checked by kernel+kernel-repl" in r.stdout


@pytest.mark.skipif(shutil.which("lake") is not None, reason="Lean is installed here: repl/both would run it")
@pytest.mark.parametrize("backend", ["repl", "both"])
def test_repl_and_both_without_lean_say_what_is_missing(tmp_path, backend):
    f = tmp_path / "one.jsonl"
    f.write_text(json.dumps({"name": "a", "sequent": "P ⊢ P", "proof": "  exact h1"}) + "\n")
    r = gentzen("verify", str(f), "--backend", backend)
    assert r.returncode == 2 and r.stdout == ""
    msg = r.stderr.strip()
    assert len(msg.splitlines()) == 1 and "Traceback" not in msg
    assert "`lake` is not on PATH" in msg and "--repl-cmd" in msg and '"gentzen repl"' in msg
