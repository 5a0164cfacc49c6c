"""KernelRepl in process: ids, sorries, verdicts, tactic mode and Lean's error replies."""

from __future__ import annotations

import io

from gentzen.repl import protocol as P
from gentzen.repl.kernel_server import KernelRepl, serve

THM = "theorem t (P Q R S : Prop) (h1 : P → Q) (h2 : Q → R) : P → R := by"


def run(repl: KernelRepl, req: dict) -> dict:
    return repl.handle(P.parse_request(req)).to_json()


def test_sorry_matches_lean_facts_example():
    # lean_facts.md §5: the v4.3x reply for this exact command
    r = run(KernelRepl(), {"cmd": THM + " sorry"})
    assert r == {"sorries": [{"proofState": 0, "pos": {"line": 1, "column": 67},
                              "goal": "P Q R S : Prop\nh1 : P → Q\nh2 : Q → R\n⊢ P → R",
                              "endPos": {"line": 1, "column": 72}}],
                 "messages": [{"severity": "warning", "pos": {"line": 1, "column": 8},
                               "endPos": {"line": 1, "column": 9},
                               "data": "declaration uses `sorry`"}], "env": 0}


def test_tactic_mode_ids_goals_and_status():
    repl = KernelRepl()
    run(repl, {"cmd": THM + " sorry"})
    r = run(repl, {"tactic": "intro hp", "proofState": 0})
    assert r == {"proofState": 1, "goals": ["P Q R S : Prop\nh1 : P → Q\nh2 : Q → R\nhp : P\n⊢ R"],
                 "proofStatus": "Incomplete: open goals remain"}
    assert run(repl, {"tactic": "exact h2 (h1 hp)", "proofState": 1})["proofStatus"] == "Completed"
    # backtracking: an old id stays valid; a term error is logged and the goal closed by sorry
    bad = run(repl, {"tactic": "exact h2 hp", "proofState": 1})
    assert bad["proofStatus"] == "Incomplete: contains sorry" and bad["goals"] == []
    assert bad["messages"][0]["pos"] == {"line": 0, "column": 0}
    assert bad["messages"][0]["data"].startswith("Application type mismatch")
    # a failing tactic throws: Lean's error reply
    assert run(repl, {"tactic": "apply h1", "proofState": 1})["message"].startswith(
        "Lean error:\nTactic `apply` failed")
    assert run(repl, {"tactic": "exat 42", "proofState": 1}) == {
        "message": "Lean error:\n<input>:1:1: unknown tactic"}
    assert run(repl, {"tactic": "rfl", "proofState": 99}) == {"message": "Unknown proof state."}


def test_commands_envs_and_verdicts():
    repl = KernelRepl()
    ok = THM + "\n  intro hp\n  exact h2 (h1 hp)"
    r = run(repl, {"cmd": ok})
    assert r["env"] == 0 and "sorries" not in r
    assert all(m["severity"] == "warning" for m in r.get("messages", []))
    assert run(repl, {"cmd": ok, "env": 0})["messages"][0]["data"] == "'t' has already been declared"
    assert run(repl, {"cmd": ok, "env": 7}) == {"message": "Unknown environment."}
    bad = run(repl, {"cmd": THM.replace(" t ", " v ") + "\n  intro hp", "env": 0})
    assert bad["env"] == 2 and bad["messages"][0]["data"].startswith("unsolved goals")
    assert bad["messages"][0]["pos"] == {"line": 1, "column": 64}  # at `by`
    # imports are accepted in a header, positions stay those of the text sent
    r = run(repl, {"cmd": "import Mathlib\n" + THM.replace(" t ", " u ") + " sorry"})
    assert r["sorries"][0]["pos"] == {"line": 2, "column": 67}


def test_outside_the_subset_is_a_well_formed_error():
    repl = KernelRepl()
    for cmd in ["def f : Nat := 1", "theorem x : 1 = 1 := by rfl", THM + "\n  simp",
                "theorem t (x : Nat) : x = x := by sorry", "variable [inst : Foo]", "#eval 1"]:
        r = run(repl, {"cmd": cmd})
        assert set(r) == {"message"} and r["message"].startswith("gentzen kernel"), (cmd, r)
    assert run(repl, {"pickleTo": "a.olean", "env": 5}) == {"message": "Unknown environment."}
    assert repl.handle_text("{not json")["message"].startswith("Could not parse JSON")
    assert repl.handle_text('{"nope": 1}')["message"].startswith("Could not parse as a valid")
    assert repl.handle_text("-- a comment block") is None


def test_serve_framing_joins_lines_without_separator():
    # like the REPL, a raw newline inside a JSON string glues its neighbours
    stdin = io.StringIO('{"cmd":\n "def f := 1"}\n\n{"tactic": "rfl",\n "proofState": 0}\n')
    out = io.StringIO()
    assert serve(stdin, out) == 0
    replies = out.getvalue().split("\n\n")
    assert replies[1] == '{"message": "Unknown proof state."}' and replies[2] == ""
