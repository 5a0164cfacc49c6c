"""`gentzen repl` driven by the real Lean REPL clients, unchanged: LeanInteract through the folder that
`gentzen repl --lay-out DIR` writes (LeanREPLConfig(local_repl_path=DIR, lake_path=DIR/lake)), and lean-repl-py
with DIR on PATH. Commands, env reuse, `sorry` -> proofState -> ProofStep to the end, variables, allTactics."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
THM = "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by"


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *args], capture_output=True, text=True,
                          env=env, timeout=60)


@pytest.fixture(scope="module")
def layout(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("gentzen-repl")
    r = _cli("repl", "--lay-out", str(d), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == {"local_repl_path": str(d), "lake_path": str(d / "lake")}
    return d


def test_lay_out_refuses_a_folder_of_the_users(tmp_path, layout):
    (tmp_path / "notes.txt").write_text("mine")
    r = _cli("repl", "--lay-out", str(tmp_path))
    assert r.returncode == 2 and r.stderr.startswith("error: --lay-out") and "not empty" in r.stderr
    assert (tmp_path / "notes.txt").read_text() == "mine" and not (tmp_path / "lake").exists()
    assert _cli("repl", "--lay-out", str(layout)).returncode == 0  # an earlier layout is laid out again
    r = _cli("repl", "--json")
    assert r.returncode == 2 and "--json applies to --lay-out" in r.stderr and r.stderr.count("\n") == 1
    r = subprocess.run([str(layout / "lake"), "update"], capture_output=True, text=True)
    assert r.returncode == 2 and "not Lake" in r.stderr  # the stand-in never pretends to be Lake


def test_lean_interact_unchanged(layout):
    li = pytest.importorskip("lean_interact")
    from lean_interact.interface import (Command, CommandResponse, LeanError, ProofStep, ProofStepResponse)

    config = li.LeanREPLConfig(local_repl_path=str(layout), lake_path=str(layout / "lake"))  # build_repl default
    server = li.LeanServer(config)
    try:
        ok = server.run(Command(cmd=THM + "\n  exact ⟨hp, hq⟩"))
        assert isinstance(ok, CommandResponse) and ok.lean_code_is_valid() and ok.env == 0
        bad = server.run(Command(cmd=THM + "\n  exact ⟨hq, hp⟩"))
        assert not bad.lean_code_is_valid() and bad.get_errors()[0].start_pos.line == 2
        # env reuse: a theorem of env 0 is usable later; a variable command's env sees its variables
        sw = server.run(Command(cmd="theorem sw (a b : Prop) (h : a ∧ b) : b ∧ a := by\n  exact ⟨h.2, h.1⟩"))
        use = server.run(Command(cmd="theorem u (x y : Prop) (h : x ∧ y) : y ∧ x := by\n  exact sw x y h",
                                 env=sw.env))
        assert use.lean_code_is_valid(), use
        var = server.run(Command(cmd="variable (p q : Prop)"))
        ex = server.run(Command(cmd="example (hp : p) : p ∨ q := Or.inl hp", env=var.env))
        assert isinstance(ex, CommandResponse) and ex.lean_code_is_valid() and not ex.messages
        # a sorry inside the proof: its goal and proof state, then ProofStep to the end
        r = server.run(Command(cmd=THM + "\n  constructor\n  · sorry\n  · exact hq"))
        assert [s.goal for s in r.sorries] == ["case left\np q : Prop\nhp : p\nhq : q\n⊢ p"]
        assert not r.lean_code_is_valid(allow_sorry=False)
        step = server.run(ProofStep(tactic="exact hp", proof_state=r.sorries[0].proof_state))
        assert isinstance(step, ProofStepResponse) and step.proof_status == "Completed" and step.goals == []
        term = server.run(Command(cmd="theorem t2 (p q : Prop) (hp : p) (hq : q) : p ∧ q := ⟨hp, sorry⟩"))
        s1 = server.run(ProofStep(tactic="exact hq", proof_state=term.sorries[0].proof_state))
        assert s1.proof_status == "Completed"
        tac = server.run(Command(cmd=THM + "\n  constructor\n  · exact hp\n  · exact hq", all_tactics=True))
        assert [t.tactic for t in tac.tactics] == ["constructor", "· exact hp", "· exact hq"]
        assert tac.tactics[0].goals == "p q : Prop\nhp : p\nhq : q\n⊢ p ∧ q"
        decl = server.run(Command(cmd=THM + "\n  exact ⟨hp, hq⟩", declarations=True))
        assert any("`declarations` is not supported" in m.data for m in decl.messages if m.severity == "info")
        assert isinstance(server.run(Command(cmd="#eval 1")), LeanError)  # outside the subset: an error reply
    finally:
        server.kill()


def test_lean_repl_py_unchanged(layout, tmp_path, monkeypatch):
    lrp = pytest.importorskip("lean_repl_py")
    monkeypatch.setenv("PATH", f"{layout}{os.pathsep}{os.environ['PATH']}")  # its `lake exe repl` is ours
    handler = lrp.LeanREPLHandler()
    try:
        handler.send_command(THM + "\n  constructor\n  · sorry\n  · exact hq")
        response, env = handler.receive_json()
        assert env.env_index == 0 and response["sorries"][0].goal.startswith("case left")
        handler.send_tactic("exact hp", response["sorries"][0].proof_state)
        nxt, _ = handler.receive_json()
        assert nxt.goals == [] and nxt.messages == []  # its model keeps no proofStatus: no goals, no error
        f = tmp_path / "f.lean"
        f.write_text(THM + "\n  constructor\n  · exact hp\n  · exact hq\n")
        handler.send_file(f)  # allTactics: true, lean-repl-py's default for files
        response, _ = handler.receive_json()
        assert "message" not in response and len(response["tactics"]) == 3
    finally:
        handler.process.kill()
