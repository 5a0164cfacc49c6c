"""Replay the propositional parts of the real Lean REPL transcripts through the kernel's stepping API.

For every propositional `… := by sorry` command, the kernel's initial goal must equal the REPL's
sorry goal, and each tactic step must give the REPL's goal list verbatim.
"""

from __future__ import annotations

import json

import pytest

from gentzen.core.kernel import StepError, start
from gentzen.core.proof.theorem import parse_theorem
from gentzen.errors import ParseError


def blocks(text: str) -> list[dict]:
    """The JSON objects of a transcript in order (some requests hold raw newlines: strict=False)."""
    dec = json.JSONDecoder(strict=False)
    out, i = [], 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            return out
        obj, i = dec.raw_decode(text, i)
        out.append(obj)


def test_replay_propositional_transcripts(transcripts_dir):
    replayed = 0
    for inp in sorted(transcripts_dir.glob("*.in")):
        out = transcripts_dir / (inp.stem + ".expected.out")
        if not out.exists():
            continue
        reqs, reps = blocks(inp.read_text()), blocks(out.read_text())
        states = {}
        for req, rep in zip(reqs, reps):
            if "cmd" in req and req["cmd"].rstrip().endswith(":= by sorry"):
                try:
                    thm = parse_theorem(req["cmd"].rstrip()[: -len(" sorry")])
                except ParseError:
                    continue  # Nat/Int theorems: outside the propositional kernel
                s = start(thm)
                sorry = rep["sorries"][0]
                assert s.render() == sorry["goal"], inp.name
                states[sorry["proofState"]] = s
                replayed += 1
            elif "tactic" in req and req.get("proofState") in states and "goals" in rep:
                nxt = states[req["proofState"]].step(req["tactic"])
                assert not isinstance(nxt, StepError), (inp.name, req, nxt.error)
                nxt = nxt.settle()
                assert nxt.goals == rep["goals"], (inp.name, req["tactic"])
                states[rep["proofState"]] = nxt
                replayed += 1
    assert replayed >= 10


@pytest.mark.parametrize("goal", [
    "case left\np q r : Prop\nh1 : p ∧ q\nh2 : q → r\n⊢ p",
    "P Q R : Prop\nh1 : P → Q\nh2 : Q → R\np : P\nq : Q\n⊢ Q",
])
def test_lean_facts_goal_strings(goal):
    """Goal strings quoted in lean_facts.md §2.3, rebuilt by stepping the kernel."""
    if goal.startswith("case left"):
        s = start(parse_theorem("theorem t (p q r : Prop) (h1 : p ∧ q) (h2 : q → r) : p ∧ r := by"))
        s = s.step("apply And.intro")
    else:
        s = start(parse_theorem("theorem t (P Q R : Prop) (h1 : P → Q) (h2 : Q → R) : P → Q := by"))
        s = s.step("intro p").step("have q : Q := h1 p")
    assert s.goals[0] == goal
