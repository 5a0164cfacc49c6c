"""gentzen.dojo as LeanDojo code expects it: LeanDojo's documented example runs with only the import and the
entry changed; its names exist (Theorem, Pos, LeanGitRepo, the errors, run_cmd, is_successful); states compare
and hash by what they show, never by id."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gentzen.dojo import (CommandState, Dojo, DojoCrashError, DojoInitError, DojoTacticTimeoutError, LeanError,
                          LeanGitRepo, Pos, ProofFinished, TacticState, Theorem)
from gentzen.repl import protocol as P
from gentzen.repl.errors import ReplCrashed, ReplTimeout

ROOT = Path(__file__).resolve().parents[2]
FILE = ("variable (a b : Prop)\n\n"
        "theorem hello_world (ha : a) (hb : b) : b ∧ a := by\n  exact ⟨hb, ha⟩\n\n"
        "theorem other (p : Prop) (hp : p) : p := by\n  exact hp\n")


@pytest.fixture()
def repo(tmp_path) -> Path:
    (tmp_path / "Example.lean").write_text(FILE, encoding="utf-8")
    return tmp_path


def test_leandojos_documented_example_with_the_import_and_the_entry_changed(repo):
    # LeanDojo's README example; changed: the import line, and the entry (a local folder's theorem with its own
    # proof, where LeanDojo's is a GitHub repo's `hello_world` proved by `rw [add_assoc, …]`)
    script = f"""
from gentzen.dojo import *

repo = LeanGitRepo({str(repo)!r}, "HEAD")
theorem = Theorem(repo, "Example.lean", "hello_world")

with Dojo(theorem) as (dojo, init_state):
  print(init_state)
  result = dojo.run_tac(init_state, "exact ⟨hb, ha⟩")
  assert isinstance(result, ProofFinished)
  print(result)
"""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "TacticState(pp='a b : Prop\\nha : a\\nhb : b\\n⊢ b ∧ a'" in r.stdout and "ProofFinished(" in r.stdout


def test_states_compare_by_what_they_show_and_parse_goals(repo):
    with Dojo(Theorem(LeanGitRepo(str(repo)), "Example.lean", "hello_world")) as (dojo, init):
        assert dojo.is_successful is False and dojo.uses_tactics and not dojo.uses_commands
        assert [d.ident for d in init.goals[0].assumptions] == ["a", "b", "ha", "hb"]
        assert init.goals[0].conclusion == "b ∧ a" and init.num_goals == 1
        s1 = dojo.run_tac(init, "constructor")
        s2 = dojo.run_tac(init, "constructor")
        assert s1.id != s2.id and s1 == s2 and hash(s1) == hash(s2) and len({s1, s2}) == 1  # `in seen` dedups
        assert s1.num_goals == 2 and s1.goals[0].conclusion == "b"
        assert isinstance(dojo.run_tac(s1, "exact ha"), LeanError)
        with pytest.raises(RuntimeError):
            dojo.run_tac(CommandState(0), "exact ha")
        assert isinstance(dojo.run_tac(init, "exact ⟨hb, ha⟩"), ProofFinished) and dojo.is_successful
    assert TacticState("⊢ P", 1, "x") == TacticState("⊢ P", 7)
    assert list(Pos(3, 4)) == [3, 4] and Pos.from_str("(3, 4)") == Pos(3, 4)


def test_command_mode_runs_commands_on_the_files_environment(repo):
    with Dojo((LeanGitRepo(str(repo)), "Example.lean", 6)) as (dojo, state):
        assert isinstance(state, CommandState)
        use = "theorem swap (x y : Prop) (hx : x) (hy : y) : y ∧ x := by\n  exact hello_world x y hx hy"
        assert isinstance(dojo.run_cmd(state, use), CommandState)
        bad = dojo.run_cmd(state, use.replace("hx hy", "hy hx"))
        assert isinstance(bad, LeanError) and "mismatch" in bad.error
        assert isinstance(dojo.run_cmd(state, "theorem o2 (p : Prop) (hp : p) : p := by\n  exact other p hp"),
                          LeanError)  # `other` is after line 6: not in that environment
        with pytest.raises(RuntimeError):
            dojo.run_cmd(TacticState("⊢ P", 0), "#check 1")


def test_entries_gentzen_cannot_open_are_dojo_init_errors(repo):
    for entry in [Theorem(LeanGitRepo(str(repo)), "Example.lean", "missing"),
                  Theorem(LeanGitRepo(str(repo)), "Nope.lean", "hello_world"),
                  Theorem(LeanGitRepo("https://github.com/yangky11/lean4-example", "7b6ecb9"), "Lean4Example.lean",
                          "hello_world"),
                  "theorem t (x : Nat) : x = x := by"]:
        with pytest.raises(DojoInitError):
            with Dojo(entry):
                pass


class _Proc:
    """A REPL process that opens the theorem, then fails as asked."""

    def __init__(self, exc):
        self.exc = exc

    def send(self, req, timeout=None):
        if isinstance(req, P.Command):
            return P.CommandResponse(env=0, sorries=(P.Sorry("P : Prop\n⊢ P", 0),))
        raise self.exc


@pytest.mark.parametrize("exc, expected, flag", [(ReplTimeout("slow"), DojoTacticTimeoutError, "has_timedout"),
                                                 (ReplCrashed("dead"), DojoCrashError, "is_crashed")])
def test_backend_failures_are_leandojos_exceptions(exc, expected, flag):
    with Dojo("theorem t (P : Prop) (h : P) : P := by", backend=_Proc(exc)) as (dojo, init):
        with pytest.raises(expected):
            dojo.run_tac(init, "exact h")
        assert getattr(dojo, flag)
