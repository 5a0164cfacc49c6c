"""End-to-end `gentzen prove FILE.lean`: a file's sorries filled through the real CLI, then `gentzen verify`
accepts every filled declaration and the rest of the file is byte-identical."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_cli_core import ROOT, assert_no_traceback, gentzen

EXERCISES = """/-! Exercises from a course: fill the sorries. -/
section
variable (p q r : Prop)
variable (s : Prop)

-- proved already
theorem and_swap (h : p ∧ q) : q ∧ p := by
  exact ⟨h.2, h.1⟩

theorem mt' (hpq : p → q) (hnq : ¬q) : ¬p := by
  sorry

theorem curry : (p → (q → r)) → (p ∧ q → r) := sorry

example (hp : p) : p ∨ q := by sorry

theorem wrong (hp : p) : q := by
  sorry

theorem or_swap (h : p ∨ q) : q ∨ p := by
  cases h with
  | inl hp => sorry
  | inr hq => exact Or.inl hq
end

theorem proved_outside (A B : Prop) (ha : A) (hb : B) : A ∧ B := ⟨ha, hb⟩
"""
FILLED = ("mt'", "curry", "example", "or_swap")


def _verdicts(path: Path, tmp_path: Path) -> dict[str, bool]:
    out = tmp_path / "verdicts.jsonl"
    r = gentzen("verify", str(path), "--out", str(out))
    assert_no_traceback(r)
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    return {row["name"].split("@")[0]: row["ok"] for row in rows}


def _check_filled(src: str, filled: str, verdicts: dict[str, bool]) -> None:
    assert all(verdicts[n] for n in FILLED) and verdicts["and_swap"] and verdicts["proved_outside"]
    assert verdicts["wrong"] is False
    kept = [ln for ln in src.split("\n") if not re.search(r"\bsorry\b", ln)]
    lines = iter(filled.split("\n"))
    assert all(any(ln == o for o in lines) for ln in kept)  # every other line kept, in order
    wrong = src[src.index("theorem wrong"): src.index("theorem or_swap")]
    assert wrong in filled  # the invalid exercise is left as written


def test_fill_a_file_with_the_reference_prover(tmp_path):
    src = tmp_path / "Exercises.lean"
    src.write_text(EXERCISES)
    dest = tmp_path / "Filled.lean"
    r = gentzen("prove", str(src), "--method", "reference", "--out", str(dest))
    assert r.returncode == 1, r.stderr  # one exercise is not valid
    assert "not valid" in r.stdout and "p=T, q=F" in r.stdout and "4 filled, 1 invalid" in r.stdout
    assert "[5/5] or_swap: filled" in r.stderr  # progress per declaration
    assert src.read_text() == EXERCISES
    _check_filled(EXERCISES, dest.read_text(), _verdicts(dest, tmp_path))


@pytest.mark.requires_torch
def test_fill_a_file_with_the_shipped_model_at_64(tmp_path):
    src = tmp_path / "Exercises.lean"
    src.write_text(EXERCISES)
    dest = tmp_path / "Filled.lean"
    r = gentzen("prove", str(src), "-k", "64", "--seed", "0", "--out", str(dest), "--json", timeout=600)
    assert r.returncode == 1, r.stderr[-2000:]
    rep = json.loads(r.stdout)
    got = {d["name"].split("@")[0]: d["status"] for d in rep["declarations"]}
    assert got == {**{n: "filled" for n in FILLED}, "wrong": "invalid"}
    assert rep["summary"]["filled"] == 4 and rep["other_declarations"] == 2 and "text" not in rep
    _check_filled(EXERCISES, dest.read_text(), _verdicts(dest, tmp_path))


def test_output_rules_and_bad_input(tmp_path):
    src = tmp_path / "E.lean"
    src.write_text(EXERCISES)
    for args in (["--out", str(src)], ["--out", str(tmp_path)], ["--method", "magic"], ["--backend", "both"],
                 ["--out", str(tmp_path / "no" / "F.lean")]):
        r = gentzen("prove", str(src), "--method", "reference", *args) if "--method" not in args else \
            gentzen("prove", str(src), *args)
        assert r.returncode == 2 and r.stderr.startswith("error:") and len(r.stderr.splitlines()) == 1, (args, r.stderr)
        assert_no_traceback(r)
    assert src.read_text() == EXERCISES  # never overwritten without --force
    r = gentzen("prove", str(tmp_path / "Missing.lean"))
    assert r.returncode == 2 and "no such file" in r.stderr
    r = gentzen("prove", "P ⊢ P", "--out", str(tmp_path / "x.lean"))
    assert r.returncode == 2 and "FILE.lean" in r.stderr
    # --force overwrites; no --out prints the filled file on stdout, the table on stderr
    r = gentzen("prove", str(src), "--method", "reference", "--out", str(src), "--force")
    assert r.returncode == 1 and "sorry" not in src.read_text().split("theorem wrong")[0]
    src.write_text(EXERCISES)
    r = gentzen("prove", str(src), "--method", "reference")
    assert r.stdout.startswith("/-! Exercises") and "theorem curry" in r.stdout and "declaration" in r.stderr
    r = gentzen("prove", str(src), "--method", "reference", "--json")
    assert json.loads(r.stdout)["text"].startswith("/-! Exercises")


@pytest.mark.requires_torch
def test_ctrl_c_keeps_what_was_filled(tmp_path):
    # the first exercise is filled at once; the second (a valid 12-atom chain) keeps the model busy
    chain = " → ".join("ABCDEFGHIJKL")
    src = tmp_path / "E.lean"
    src.write_text("theorem easy (P Q : Prop) (h : P ∧ Q) : Q := by\n  sorry\n\n"
                   f"theorem long (A B C D E F G H I J K L : Prop) : ({chain}) → {' → '.join('ABCDEFGHIJKL')} := by\n"
                   "  sorry\n")
    dest = tmp_path / "F.lean"
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", NO_COLOR="1")
    p = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", "prove", str(src), "-k", "512", "--out",
                          str(dest)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    seen, deadline = [], time.monotonic() + 240
    while time.monotonic() < deadline:
        line = p.stderr.readline()
        seen.append(line)
        if not line or "[2/2] long" in line:
            break
    time.sleep(1)
    p.send_signal(signal.SIGINT)
    _, rest = p.communicate(timeout=120)
    err = "".join(seen) + rest
    assert p.returncode == 130 and "interrupted: 1 filled declaration kept" in err, err[-2000:]
    assert_no_traceback(subprocess.CompletedProcess([], 130, "", err))
    text = dest.read_text()
    assert "theorem easy (P Q : Prop) (h : P ∧ Q) : Q := by\n  sorry" not in text and text.endswith(":= by\n  sorry\n")
