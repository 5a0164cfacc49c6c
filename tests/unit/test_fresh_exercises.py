"""The fresh exercise set (issue 41): distinct up to renaming from the public exercises and the shipped sets, and
held out of the training data from data version 3 on (version 2 unchanged)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from gentzen.data.decontam import (FRESH_EXERCISES, exercise_rows, held_state_keys, held_statement_keys, leaks,
                                   seen_keys, state_held_out, state_key)
from gentzen.data.generate import GenConfig, generate
from gentzen.data.heldout import heldout_keys, statement_key
from gentzen.core.proof.theorem import parse_theorem

ROOT = Path(__file__).resolve().parents[2]


def _fresh() -> list[dict]:
    return exercise_rows(FRESH_EXERCISES)


def test_the_fresh_set_is_distinct_up_to_renaming_from_every_evaluated_statement():
    rows = _fresh()
    assert sum(r["valid"] for r in rows) >= 60
    assert [r["name"] for r in rows] == [f"fx_{i:03d}" for i in range(len(rows))]
    assert all(r["source"] and len(r["commit"]) == 40 and r["path"] and r["line"] > 0 for r in rows)
    keys = [statement_key(r["theorem"]) for r in rows]
    assert len(set(keys)) == len(keys)
    public = {statement_key(r["theorem"]) for r in exercise_rows()}
    assert not set(keys) & public and not set(keys) & set(heldout_keys())  # textbook, Pelletier, acceptance
    public_sources = {r["source"] for r in exercise_rows()}
    assert not {r["source"] for r in rows} & public_sources


def test_version_3_holds_out_the_fresh_statements_and_their_goal_states_and_version_2_does_not():
    rows = _fresh()
    v3, v2 = held_statement_keys(3), held_statement_keys(2)
    assert all(v3[statement_key(r["theorem"])].startswith("fresh:") for r in rows)
    assert not any(statement_key(r["theorem"]) in v2 for r in rows)
    assert set(v2) < set(v3) and set(held_state_keys(2)) < set(held_state_keys(3))
    assert {statement_key(r["theorem"]) for r in rows} <= seen_keys(3)
    for r in rows:
        thm = parse_theorem(r["theorem"])
        prem = tuple(f for _, f in thm.hyps)
        assert state_key(r["theorem"]) in held_state_keys(3)
        assert state_held_out(prem, thm.goal, "dev", 3) is not None
    rec = {"name": "t", "split": "train", "theorem": rows[0]["theorem"]}
    assert leaks([rec], version=3) and leaks([rec], hashed=False, version=2) == []


def test_default_gen_keeps_to_version_3():
    recs = generate(GenConfig(count=120, seed=2))
    assert recs and leaks(recs, version=3) == []


def test_a_lean4game_level_reads_as_an_example_on_its_statement_line():
    spec = importlib.util.spec_from_file_location("fresh_exercise_set", ROOT / "scripts" / "fresh_exercise_set.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    level = ('import Game.Metadata\n\nWorld "W"\nLevel 1\n\nStatement\n  (P Q : Prop)\n  (h : P ∧ Q)\n  : Q ∧ P := by\n'
             '  Hint "try `exact`"\n  exact ⟨h.2, h.1⟩\n\nConclusion "done"\n')
    (row,) = mod.statements(mod.game_levels(level), "o/r", "L01.lean", "0" * 40)
    assert row["theorem"] == "example (P Q : Prop) (h : P ∧ Q) : Q ∧ P := by" and row["line"] == 6 and row["valid"]
