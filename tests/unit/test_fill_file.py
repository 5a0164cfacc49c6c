"""search/fill_file.py: a Lean file's sorries filled in place, the rest byte for byte, nothing written unless
the re-read file accepts the declaration. Proofs come from the reference prover (no model needed)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gentzen.core.reader.lean_file import lean_items
from gentzen.data.prover import prove
from gentzen.search.fill_file import FileFiller, summary

EXERCISES = """/-! Exercises -/
section
variable (p q r : Prop)

-- proved already
theorem and_swap (h : p ∧ q) : q ∧ p := by
  exact ⟨h.2, h.1⟩

theorem ex1 (hpq : p → q) (hnq : ¬q) : ¬p := by
  sorry

theorem ex2 : p ∧ q → q ∧ p := sorry

example (hp : p) : p ∨ q := by sorry  -- one line

theorem bad (hp : p) : q := by
  sorry

theorem cases_hole (h : p ∨ q) : q ∨ p := by
  cases h with
  | inl hp => sorry
  | inr hq => exact Or.inl hq
end

theorem nat (n : Nat) : n = n := by sorry
"""


def reference(thm):
    return prove(thm).proof


def fill_all(text, prover=reference):
    f = FileFiller(text)
    for i in f.targets:
        f.fill(i, prover)
    return f


def verdicts(text):
    return {it.name.split("@")[0]: it.check().ok for it in lean_items(text)}


def test_exercises_filled_invalid_and_unsupported_reported():
    f = fill_all(EXERCISES)
    got = {r.name.split("@")[0]: r.status for r in f.results}
    assert got == {"ex1": "filled", "ex2": "filled", "example": "filled", "bad": "invalid",
                   "cases_hole": "filled", "nat": "unsupported"}
    bad = next(r for r in f.results if r.name == "bad")
    assert bad.countermodel == {"p": True, "q": False} and "p=T, q=F" in bad.detail
    assert summary(f.results) == {"filled": 4, "invalid": 1, "unsupported": 1, "unproved": 0, "skipped": 0,
                                  "rejected": 0}
    out = f.text()
    v = verdicts(out)
    assert v == {"and_swap": True, "ex1": True, "ex2": True, "example": True, "bad": False, "cases_hole": True,
                 "nat": False}
    # the file's names and binders: the proofs use hpq/hnq, and `variable` atoms stay as declared
    assert "theorem ex1 (hpq : p → q) (hnq : ¬q) : ¬p := by\n  " in out and "hpq" in out.split("theorem ex2")[0]
    assert "variable (p q r : Prop)" in out


def test_only_the_sorries_change():
    out = fill_all(EXERCISES).text()
    kept = [ln for ln in EXERCISES.split("\n") if not re.search(r"\bsorry\b", ln)]
    it = iter(out.split("\n"))
    assert all(any(ln == o for o in it) for ln in kept)  # every other line, in order, unchanged
    # the one-line example keeps its comment; the `:= sorry` term became a `by` block
    assert "-- one line" in out and "theorem ex2 : p ∧ q → q ∧ p := by\n  " in out
    assert "  | inl hp => exact Or.inr hp\n  | inr hq => exact Or.inl hq" in out


def test_subgoals_inaccessible_names_and_layout():
    text = ("namespace N\n  variable {p q r : Prop}\n\n"
            "  theorem t (h : p ∧ (q ∨ r)) : (p ∧ q) ∨ (p ∧ r) := by\n"
            "    obtain ⟨hp, hqr⟩ := h\n    cases hqr with\n    | inl hq => sorry\n    | inr hr =>\n      sorry\n\n"
            "  theorem u (h : p ∨ q) : q ∨ p := by\n    cases h\n    · sorry\n    · admit\nend N\n")
    f = fill_all(text)
    assert [r.status for r in f.results] == ["filled", "filled"] and [r.holes for r in f.results] == [2, 2]
    out = f.text()
    assert all(verdicts(out).values())
    assert "· rename_i x1\n      exact Or.inr x1" in out  # `h✝` named so the proof can use it
    assert "    | inl hq =>\n      have" in out  # several lines after `=>`: below it, one step right


def test_this_and_a_nested_by_and_a_goal_among_several():
    text = ("theorem a (p q : Prop) (hp : p) (hq : q) : p ∧ q := by\n  have : p := hp\n  constructor\n  sorry\n"
            "  exact hq\n\ntheorem c (p q : Prop) (h : p ∧ q) : q ∧ p := by\n  have hq : q := by sorry\n"
            "  exact ⟨hq, h.1⟩\n")
    f = fill_all(text)
    assert [r.status for r in f.results] == ["filled", "filled"]
    assert "  have x1 : p := this\n" in f.text()  # `this` cannot be a binder: named by a `have`
    assert all(verdicts(f.text()).values())


def test_a_sorry_inside_a_term_or_a_column0_block_is_skipped_with_the_file_unchanged():
    text = ("theorem a (p q : Prop) (h : p ∧ q) : q := by\n  exact And.right (sorry)\n\n"
            "theorem b (P Q : Prop) (h : P ↔ Q) : Q ↔ P := by\nsorry\n\n"
            "theorem c (p q : Prop) : p ∧ q → q ∧ p :=\n  fun h => ⟨sorry, sorry⟩\n\n"
            "theorem d (p q : Prop) (h : p ∧ q) : q := by\n  intro\n  sorry\n")
    f = fill_all(text)
    assert [r.status for r in f.results] == ["skipped"] * 4
    assert "inside a term" in f.results[0].detail and "inside a term" in f.results[2].detail
    assert f.results[3].detail.startswith("the proof fails before the sorry at line 12 (tactic_failed")
    assert f.text() == text and not f.changed


def test_a_wrong_proof_is_never_written():
    f = fill_all(EXERCISES, prover=lambda thm: "  exact h")  # the prover lies: the re-check refuses it
    assert {r.status for r in f.results} == {"rejected", "invalid", "unsupported"}
    assert f.text() == EXERCISES
    g = fill_all(EXERCISES, prover=lambda thm: None)
    assert {r.status for r in g.results if r.name != "bad" and r.name != "nat"} == {"unproved"}
    assert g.text() == EXERCISES


def test_line_endings_and_bom_are_kept():
    text = ("\ufefftheorem c1 (P Q : Prop) (h : P ∧ Q) : Q := by\r\n  sorry\r\n\r\n"
            "theorem c2 (P : Prop) (h : P) : P := by\r\n  exact h\r\n")
    out = fill_all(text).text()
    assert out.startswith("\ufefftheorem c1") and "\n" not in out.replace("\r\n", "")
    assert out.endswith("theorem c2 (P : Prop) (h : P) : P := by\r\n  exact h\r\n") and "sorry" not in out


def test_indentation_follows_the_file():
    text = ("theorem a (P : Prop) (h : P) : P := by\n    exact h\n\n"
            "theorem b (P Q : Prop) (h : P ∧ Q) : Q ∧ P := by sorry\n")
    out = fill_all(text).text()
    assert "theorem b (P Q : Prop) (h : P ∧ Q) : Q ∧ P := by\n    " in out  # the file indents by 4
    assert all(verdicts(out).values())


_VALID = ["(h : p ∧ q) : q", "(h1 : p → q) (h2 : q → r) : p → r", ": p ∨ ¬p → True", "(h : ¬(p ∨ q)) : ¬p",
          "(h : p ↔ q) : q ↔ p"]
_INVALID = ["(h : p ∨ q) : p", ": p → q"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(_VALID + _INVALID),
                          st.sampled_from([":= by sorry", ":= sorry", ":= by\n  sorry", ":=\n  by sorry"]),
                          st.sampled_from(["", "-- note\n", "/- a sorry in a comment -/\n"])),
                min_size=1, max_size=5))
def test_any_exercise_file_is_filled_exactly_where_it_can_be(decls):
    text = "variable (p q r : Prop)\n\n" + "".join(
        f"{pre}theorem t{i} {stmt} {body}\n\n" for i, (stmt, body, pre) in enumerate(decls))
    f = fill_all(text)
    out = f.text()
    items = lean_items(out)
    assert len(items) == len(decls)
    for (stmt, _, pre), r, it in zip(decls, f.results, items):
        assert r.status == ("filled" if stmt in _VALID else "invalid")
        assert it.check().ok == (r.status == "filled")
        assert pre in out
