"""Goal-state decontamination (issue 41, item 4): no training statement reaches, after its `intro`s, a goal
state that a shipped, acceptance or held-out statement reaches; gen, --style user and augment keep to it."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from gentzen.core.sequent import parse_sequent
from gentzen.core.theorem import parse_theorem
from gentzen.data.augment import one_liners
from gentzen.data.generate import GenConfig, generate
from gentzen.data.heldout import (after_intros, heldout_state_keys, leaks, split_of, state_held_out, state_key,
                                  state_key_of)
from gentzen.data.userstyle import generate_user


def _state(text):
    s = parse_sequent(text)
    return state_held_out(s.premises, s.goal, "train")


def test_after_intros_moves_antecedents_and_negations_into_the_premises():
    s = parse_sequent("R ⊢ P → ¬Q")
    prem, goal = after_intros(s.premises, s.goal)
    assert [str(p) for p in prem] == ["R", "P", "Q"] and goal.kind == "false"
    # one goal state, up to renaming and premise order, however many intros lead there
    assert state_key("⊢ P → Q → P") == state_key("P ⊢ Q → P") == state_key("Q, P ⊢ P") == state_key("B ⊢ A → B")
    assert state_key("⊢ ¬P") == state_key("P ⊢ False") != state_key("⊢ P → P")
    assert state_key("⊢ (P → Q) ∧ R") == state_key_of((), parse_sequent("⊢ (P → Q) ∧ R").goal)  # no intro applies


def test_textbook_goal_states_are_held_out_in_any_names():
    # textbook `P → Q, Q → R ⊢ P → R` reaches `P → Q, Q → R, P ⊢ R`; written as a student would, intro'd or not
    assert _state("A → B, B → C, A ⊢ C") == "state:set:textbook"
    assert _state("⊢ (x → y) → (y → z) → x → z") == "state:set:textbook"
    # every shipped and acceptance statement's own state is in the table
    assert state_key("P → Q ⊢ ¬Q → ¬P") in heldout_state_keys()


def test_leaks_names_the_goal_state_a_train_record_shares():
    # not a textbook statement, but after its intros it is textbook `P → Q, ¬Q ⊢ ¬P` intro'd (and `P, Q ⊢ P ∧ Q`)
    for text in ("theorem t (a b : Prop) (hb : ¬b) : (a → b) → ¬a := by",
                 "example (a b : Prop) (ha : a) : b → a ∧ b := by"):
        rec = {"name": "t", "split": "train", "theorem": text}
        assert [f["held_out"] for f in leaks([rec])] == ["state:set:textbook"]
        assert all(f["held_out"].startswith("hash:") for f in leaks([rec], states=False))


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000))
def test_gen_never_emits_a_held_out_goal_state(seed):
    recs = generate(GenConfig(count=120, seed=seed))
    assert leaks(recs) == []  # statements and goal states, shipped and hashed
    for r in recs:
        thm = parse_theorem(r["theorem"])
        key = state_key_of(tuple(f for _, f in thm.hyps), thm.goal)
        assert key not in heldout_state_keys()
        assert r["split"] != "train" or split_of(key) == "train"


def test_without_the_exclusion_gen_does_emit_such_states():
    # the check above can fail: the same draw, unfiltered, holds train records whose states are held out
    raw = generate(GenConfig(count=300, seed=1, exclude_shipped=False))
    assert any(f["held_out"].startswith("state") for f in leaks(raw))


def test_user_style_records_keep_to_it():
    recs = generate_user(GenConfig(count=150, seed=4))
    assert leaks(recs) == []


def test_augment_drops_a_one_liner_that_is_held_out():
    rec = {"name": "r", "split": "train", "theorem": "theorem r (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by",
           "proof": "  exact ⟨h1, h2⟩\n"}
    made = [one_liners(rec, random.Random(s)) for s in range(20)]
    kinds = {r["augment"] for rows in made for r in rows}
    assert "premise_goal" not in kinds  # `P, Q ⊢ P` and `P, Q ⊢ Q`: acceptance statements, never written
    assert all(not leaks([r]) for rows in made for r in rows)
