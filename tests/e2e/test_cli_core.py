"""End-to-end: the installed `gentzen` CLI as a real subprocess on valid, invalid and hostile input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def gentzen(*args: str, input: str | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="200", PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *args], capture_output=True, text=True,
                          input=input, timeout=timeout, env=env)


def assert_no_traceback(r: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, r.stderr[-2000:]


def test_valid_json():
    r = gentzen("valid", "P -> Q, P |- Q", "P → Q, Q ⊢ P", "--json")
    assert r.returncode == 1, r.stderr  # one sequent is invalid
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert rows[0] == {"sequent": "P → Q, P ⊢ Q", "valid": True, "countermodel": None}
    assert rows[1]["valid"] is False and rows[1]["countermodel"] == {"P": False, "Q": True}


@pytest.mark.parametrize("bad", ["P & Q", "P ↔ Q ↔ R", "(P", "P ⊢", "P ⊕ Q"])
def test_valid_parse_error_exit_2(bad):
    r = gentzen("valid", bad)
    assert r.returncode == 2
    assert_no_traceback(r)
    assert "error" in r.stderr


def test_valid_deep_and_wide(tmp_path):
    deep = "¬" * 100_000 + "P ∨ P"
    f = tmp_path / "deep.txt"
    f.write_text(f"⊢ {deep}\n", encoding="utf-8")
    r = gentzen("valid", "--json", "--file", str(f))
    assert_no_traceback(r)
    assert r.returncode == 1  # invalid
    assert json.loads(r.stdout)["valid"] is False
    atoms = [f"A{i}" for i in range(40)]
    chain = ", ".join(f"{a} → {b}" for a, b in zip(atoms, atoms[1:]))
    r = gentzen("valid", "--json", f"{chain}, A0 ⊢ A39")
    assert r.returncode == 0 and json.loads(r.stdout)["valid"] is True


def write_lean(path: Path, body: str) -> Path:
    path.write_text(body, encoding="utf-8")
    return path


GOOD = """theorem mt (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  intro n1
  have n2 : Q := h1 n1
  exact h2 n2

theorem swap (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  obtain ⟨n1, n2⟩ := h1
  exact ⟨n2, n1⟩
"""


def test_verify_lean_file(tmp_path):
    f = write_lean(tmp_path / "ok.lean", GOOD)
    r = gentzen("verify", str(f), "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert [x["name"] for x in rows] == ["mt", "swap"] and all(x["ok"] for x in rows)


def test_verify_rejects_with_file_position(tmp_path):
    f = write_lean(tmp_path / "bad.lean", GOOD.replace("exact ⟨n2, n1⟩", "exact ⟨n1, n2⟩"))
    r = gentzen("verify", str(f), "--json")
    assert r.returncode == 1
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    err = rows[1]["error"]
    assert err["line"] == 8 and err["column"] == 9 and err["kind"] == "type_mismatch"


def test_verify_jsonl_sequent_records(tmp_path):
    f = tmp_path / "p.jsonl"
    f.write_text(json.dumps({"name": "id", "sequent": "P ⊢ P", "proof": "  exact h1"}) + "\n"
                 + json.dumps({"name": "bad", "sequent": "P ⊢ Q", "proof": "  exact sorry"}) + "\n")
    r = gentzen("verify", str(f), "--json")
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 1
    assert rows[0]["ok"] and rows[1]["error"]["kind"] == "forbidden"


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"\x00" * 100, "theorem é".encode("latin-1")])
def test_verify_garbage_exit_2(tmp_path, content):
    f = tmp_path / "x.lean"
    f.write_bytes(content)
    r = gentzen("verify", str(f))
    assert r.returncode == 2
    assert_no_traceback(r)


def test_valid_binary_file_exit_2(tmp_path):
    f = tmp_path / "bin.txt"
    f.write_bytes(b"\x00\x01\xff garbage")
    r = gentzen("valid", "--file", str(f))
    assert r.returncode == 2
    assert_no_traceback(r)


def test_verify_missing_file_exit_2():
    r = gentzen("verify", "/nonexistent/file.lean")
    assert r.returncode == 2
    assert_no_traceback(r)


def test_verify_big_and_long_proofs(tmp_path):
    stmt = "theorem big (P : Prop) (h1 : P) : P := by\n"
    long_ok = stmt + "".join(f"  have n{i} : P := h1\n" for i in range(1, 10_000)) + "  exact h1\n"
    f = write_lean(tmp_path / "long.lean", long_ok)
    t0 = time.time()
    r = gentzen("verify", str(f), "--json")
    assert r.returncode == 0, r.stderr[-500:]
    huge = stmt + "  exact h1\n" * (50 * 2**20 // 11)   # ~50 MB: rejected at the second line
    f2 = write_lean(tmp_path / "huge.lean", huge)
    r = gentzen("verify", str(f2), "--json", timeout=120)
    assert r.returncode == 1
    assert json.loads(r.stdout.splitlines()[0])["error"]["kind"] == "no_goals"
    assert time.time() - t0 < 120


def test_verify_tabs_and_crlf(tmp_path):
    f = write_lean(tmp_path / "crlf.lean", GOOD.replace("\n", "\r\n"))
    assert gentzen("verify", str(f)).returncode == 0
    f = write_lean(tmp_path / "tab.lean", GOOD.replace("  intro n1", "\tintro n1"))
    r = gentzen("verify", str(f), "--json")
    assert r.returncode == 1 and json.loads(r.stdout.splitlines()[0])["error"]["kind"] == "parse"


def test_state_steps(tmp_path):
    steps = tmp_path / "steps.txt"
    steps.write_text("intro n1\nhave n2 : Q := h1 n1\nexact h2 n2\n")
    r = gentzen("state", "P → Q, ¬Q ⊢ ¬P", "--steps", str(steps), "--json")
    assert r.returncode == 0, r.stderr
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert rows[0]["goals"] == ["P Q : Prop\nh1 : P → Q\nh2 : ¬Q\n⊢ ¬P"]
    assert rows[-1]["solved"] is True


def test_state_bad_step_exit_1(tmp_path):
    steps = tmp_path / "steps.txt"
    steps.write_text("intro n1\nexact n7\n")
    r = gentzen("state", "P → Q, ¬Q ⊢ ¬P", "--steps", str(steps))
    assert r.returncode == 1 and "Unknown identifier `n7`" in r.stdout


def test_no_args_shows_help():
    r = gentzen()
    assert "valid" in r.stdout + r.stderr
