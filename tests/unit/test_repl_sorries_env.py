"""`gentzen repl` as Lean's REPL: `sorry` anywhere answered with `sorries` and proof states (only there:
the kernel still refuses it everywhere else), scope commands kept in the env, earlier theorems usable,
`allTactics`, and a plain note for `infotree` / `declarations`."""

from __future__ import annotations

import functools
import json

import pytest
from hypothesis import given, settings, strategies as st

from gentzen.core import kernel as K
from gentzen.repl import protocol as P
from gentzen.repl.kernel_server import KernelRepl

THM = "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by"
CTX = "p q : Prop\nhp : p\nhq : q\n"


def run(repl: KernelRepl, req: dict) -> dict:
    return repl.handle(P.parse_request(req)).to_json()


@pytest.mark.parametrize("proof, goal, pos, tactic", [
    ("  constructor\n  · sorry\n  · exact hq", "case left\n" + CTX + "⊢ p", (3, 4), "exact hp"),
    ("  constructor\n  · exact hp\n  · sorry", "case right\n" + CTX + "⊢ q", (4, 4), "exact hq"),
    ("  have h : q := by sorry\n  exact ⟨hp, h⟩", CTX + "⊢ q", (2, 19), "exact hq"),
    ("  exact ⟨hp, sorry⟩", CTX + "⊢ q", (2, 13), "exact hq"),
])
def test_a_sorry_anywhere_is_answered_with_its_goal_and_a_proof_state(proof, goal, pos, tactic):
    repl = KernelRepl()
    r = run(repl, {"cmd": THM + "\n" + proof})
    line, col = pos
    assert r["sorries"] == [{"goal": goal, "proofState": 0, "pos": {"line": line, "column": col},
                             "endPos": {"line": line, "column": col + 5}}]
    assert [m["data"] for m in r["messages"] if m["severity"] != "warning" or "sorry" in m["data"]] \
        == ["declaration uses `sorry`"]
    assert r["messages"][0]["pos"] == {"line": 1, "column": 8}
    done = run(repl, {"tactic": tactic, "proofState": 0})  # a client steps into the subgoal
    assert done == {"proofState": 1, "goals": [], "proofStatus": "Completed"}


def test_a_term_sorry_as_a_whole_declaration():
    repl = KernelRepl()
    r = run(repl, {"cmd": "theorem t2 (p q : Prop) (hp : p) (hq : q) : p ∧ q := ⟨hp, sorry⟩"})
    assert r["sorries"][0]["goal"] == CTX + "⊢ q" and r["sorries"][0]["pos"] == {"line": 1, "column": 58}
    assert run(repl, {"tactic": "exact hq", "proofState": 0})["proofStatus"] == "Completed"
    r = run(repl, {"cmd": "theorem t3 (p : Prop) : p → p := fun h => sorry"})  # the binder is in its context
    assert r["sorries"][0]["goal"] == "p : Prop\nh : p\n⊢ p" and r["sorries"][0]["proofState"] == 2


def test_a_sorry_with_an_error_gets_no_warning_and_several_sorries_keep_their_order():
    repl = KernelRepl()
    r = run(repl, {"cmd": THM + "\n  have h : q := by sorry"})
    assert [m["severity"] for m in r["messages"]] == ["error"]  # unsolved goals; Lean warns only without errors
    assert r["messages"][0]["data"].startswith("unsolved goals")
    r = run(repl, {"cmd": THM + "\n  constructor\n  · sorry\n  · sorry"})
    assert [(s["proofState"], s["pos"]["line"]) for s in r["sorries"]] == [(1, 3), (2, 4)]


def test_tactic_mode_sorries_get_proof_states_before_the_step():
    repl = KernelRepl()
    run(repl, {"cmd": THM + " sorry"})
    r = run(repl, {"tactic": "constructor\n· sorry", "proofState": 0})
    assert r["sorries"] == [{"goal": "case left\n" + CTX + "⊢ p", "proofState": 1}]
    assert r["proofState"] == 2 and r["proofStatus"] == "Incomplete: open goals remain"
    assert run(repl, {"tactic": "exact hq", "proofState": 2})["proofStatus"] == "Incomplete: contains sorry"
    # the sorry's state shares the root goal, where `case right` is still a metavariable (REPL/Main.lean)
    sub = run(repl, {"tactic": "exact hp", "proofState": 1})
    assert sub["goals"] == [] and sub["proofStatus"] == "Incomplete: contains metavariable(s)"


def test_tactic_sorries_are_listed_before_term_sorries():
    r = run(KernelRepl(), {"cmd": THM + "\n  constructor\n  · exact sorry\n  · sorry"})
    # REPL/Lean/InfoTree.lean `sorries`: the sorry tactic nodes, then the sorry terms
    assert [(s["pos"]["line"], s["goal"].startswith("case")) for s in r["sorries"]] == [(4, True), (3, False)]
    assert [s["proofState"] for s in r["sorries"]] == [0, 1]


def test_sorry_stays_forbidden_outside_the_repl():
    repl = KernelRepl()
    for proof in ["  exact ⟨hp, sorry⟩", "  constructor\n  · sorry\n  · exact hq", "  sorry"]:
        assert "sorries" in run(repl, {"cmd": THM + "\n" + proof})
        # the same text afterwards, in the same process: refused (nothing a hole parsed was cached)
        res = K.check_proof(THM, proof)
        assert not res.ok and res.error.kind == "forbidden"
        step = K.start(THM).step(proof)
        assert isinstance(step, K.StepError) and step.error.kind == "forbidden"


def test_variable_commands_are_kept_in_the_env():
    repl = KernelRepl()
    e = run(repl, {"cmd": "variable (p q : Prop)"})
    assert e == {"env": 0}
    r = run(repl, {"cmd": "example (hp : p) : p ∨ q := Or.inl hp", "env": 0})
    assert r == {"env": 1}
    bad = run(repl, {"cmd": "example (hp : p) : p ∨ q := Or.inr hp", "env": 0})
    assert [m["severity"] for m in bad["messages"]] == ["error"]
    assert bad["messages"][0]["pos"] == {"line": 1, "column": 35}  # `hp`: the text's column, not the widened one
    # without env 0 there is no `p`: Lean's autoImplicit (on by default) binds `p q` itself; with it off, an error
    assert run(repl, {"cmd": "example (hp : p) : p ∨ q := Or.inl hp"}) == {"env": 3}
    off = run(repl, {"cmd": "set_option autoImplicit false in\nexample (hp : p) : p ∨ q := Or.inl hp"})
    assert [m["severity"] for m in off["messages"]] == ["error"] and "Unknown identifier" in off["messages"][0]["data"]


def test_theorems_of_an_env_are_usable_later():
    repl = KernelRepl()
    run(repl, {"cmd": "theorem sw (p q : Prop) (h : p ∧ q) : q ∧ p := by\n  exact ⟨h.2, h.1⟩"})
    use = "theorem use (a b : Prop) (h : a ∧ b) : b ∧ a := by\n  exact sw a b h"
    assert run(repl, {"cmd": use, "env": 0}) == {"env": 1}
    assert run(repl, {"cmd": use})["messages"][0]["data"] == "Unknown identifier `sw`"  # a fresh env: no `sw`
    again = run(repl, {"cmd": "theorem sw (p : Prop) (h : p) : p := by\n  exact h", "env": 0})
    assert again["messages"][0]["data"] == "'sw' has already been declared"


def test_namespaces_sections_and_opens():
    repl = KernelRepl()
    text = ("namespace N\ntheorem sw (p q : Prop) (h : p ∧ q) : q ∧ p := by\n  exact ⟨h.2, h.1⟩\n"
            "theorem sw2 (p q : Prop) (h : p ∧ q) : q ∧ p := by\n  exact sw p q h\nend N\n"
            "section\nvariable (r : Prop)\ntheorem rr (hr : r) : r := by\n  exact hr\nend")
    assert run(repl, {"cmd": text}) == {"env": 0}
    cite = "theorem x (a b : Prop) (h : a ∧ b) : b ∧ a := by\n  exact {} a b h"
    assert run(repl, {"cmd": cite.format("N.sw"), "env": 0}) == {"env": 1}
    assert "messages" in run(repl, {"cmd": cite.format("sw"), "env": 0})
    assert run(repl, {"cmd": "open N\n" + cite.format("sw"), "env": 0}) == {"env": 3}
    assert run(repl, {"cmd": "open Classical\ntheorem e (p : Prop) : p ∨ ¬p := by\n  exact em p"}) == {"env": 4}
    r = run(repl, {"cmd": "end"})
    assert r["messages"][0]["data"] == "invalid 'end', insufficient scopes"


def test_the_prover_header_is_accepted():
    header = "import Mathlib\nimport Aesop\nset_option maxHeartbeats 400000\nopen BigOperators Real Nat Topology Rat\n\n"
    repl = KernelRepl()
    ok = run(repl, {"cmd": header + THM + "\n  exact ⟨hp, hq⟩"})
    assert ok == {"env": 0}
    bad = run(repl, {"cmd": header + THM + "\n  exact ⟨hq, hp⟩"})
    assert bad["messages"][0]["severity"] == "error" and bad["messages"][0]["pos"]["line"] == 7
    ml = run(repl, {"cmd": header + "theorem m (x : ℝ) : x ^ 2 ≥ 0 := by\n  nlinarith [sq_nonneg x]"})
    assert set(ml) == {"message"} and "outside the propositional subset" in ml["message"]


def test_all_tactics_lists_each_tactic_with_its_goals_and_a_proof_state():
    repl = KernelRepl()
    r = run(repl, {"cmd": "example (P : Prop) (hp : P) : P := by\n  exact hp\n", "allTactics": True})
    # Lean 4.32's reply for this command (transcript all_tactics-20250622)
    assert r == {"tactics": [{"usedConstants": [], "tactic": "exact hp", "proofState": 0,
                              "pos": {"line": 2, "column": 2}, "goals": "P : Prop\nhp : P\n⊢ P",
                              "endPos": {"line": 2, "column": 10}}], "env": 0}
    assert run(repl, {"tactic": "exact hp", "proofState": 0}) == {"proofStatus": "Completed", "proofState": 1,
                                                                   "goals": []}
    r = run(repl, {"cmd": THM + "\n  constructor\n  · exact hp\n  · exact hq", "allTactics": True})
    assert [t["tactic"] for t in r["tactics"]] == ["constructor", "· exact hp", "· exact hq"]


def test_infotree_and_declarations_get_a_plain_note():
    repl = KernelRepl()
    for extra, word in [({"infotree": "original"}, "infotree"), ({"declarations": True}, "declarations")]:
        out = repl.handle_text(json.dumps({"cmd": THM + "\n  exact ⟨hp, hq⟩", **extra}))
        notes = [m for m in out.get("messages", []) if m["severity"] == "info"]
        assert "env" in out and len(notes) == 1 and f"`{word}` is not supported" in notes[0]["data"]
    assert "messages" not in repl.handle_text(json.dumps({"cmd": THM + "\n  exact ⟨hp, hq⟩"}))


@functools.lru_cache(maxsize=1)
def _corpus():
    from gentzen.bench.kernel import corpus

    return corpus(60, seed=7)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 59), st.integers(0, 1000), st.sampled_from(["sorry", "exact sorry", "· sorry"]))
def test_a_sorry_is_never_a_clean_accept_and_never_leaks(k, pick, hole):
    """Replace one line of a valid proof by a `sorry`: the REPL's answer names it (a sorry, or an error when the
    line's goal was not the one the sorry met), and afterwards the same text is still refused outside the REPL."""
    thm, proof = _corpus()[k]
    lines = proof.split("\n")
    i = pick % len(lines)
    indent = len(lines[i]) - len(lines[i].lstrip(" "))
    lines[i] = " " * indent + hole
    text = "\n".join(lines)
    r = KernelRepl().handle(P.Command(cmd=thm.statement() + "\n" + text)).to_json()
    errors = [m for m in r.get("messages", []) if m["severity"] == "error"]
    assert "message" in r or errors or (
        r.get("sorries") and any(m["data"] == "declaration uses `sorry`" for m in r["messages"])), r
    res = K.check_proof(thm, text)
    assert not res.ok and res.error.kind == "forbidden"


def test_first_line_columns_stay_the_texts_after_modifiers_and_variables():
    repl = KernelRepl()
    plain = run(repl, {"cmd": "theorem a1 (p q : Prop) (hp : p) (hq : q) : p ∧ q := ⟨hq, hp⟩"})
    private = run(repl, {"cmd": "private theorem a2 (p q : Prop) (hp : p) (hq : q) : p ∧ q := ⟨hq, hp⟩"})
    assert private["messages"][0]["pos"]["column"] == plain["messages"][0]["pos"]["column"] + len("private ")
    run(repl, {"cmd": "variable (p q : Prop)"})
    var = run(repl, {"cmd": "example (hp : p) (hq : q) : p ∧ q := ⟨hq, hp⟩", "env": 2})
    head = "theorem a1 (p q : Prop) "
    assert var["messages"][0]["pos"]["column"] == plain["messages"][0]["pos"]["column"] - len(head) + len("example ")


def test_an_unknown_name_is_lean_error_unless_an_import_may_declare_it():
    body = "theorem t (p : Prop) (hp : p) : p := by\n  exact hq"
    for header in ("", "import Gentzen.ND\n"):
        r = run(KernelRepl(), {"cmd": header + body})
        assert r["messages"][0]["data"] == "Unknown identifier `hq`"
    r = run(KernelRepl(), {"cmd": "import Mathlib\n" + body})
    assert set(r) == {"message"} and "unless `import Mathlib` declares it" in r["message"]
