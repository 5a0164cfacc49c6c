"""Every rule and alias of the proof language: one accepting and one rejecting proof each.

Rejections are checked for their kind, position and (where lean_facts.md §4 documents the exact
Lean 4.32 wording) their message.
"""

from __future__ import annotations

import pytest

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import Theorem


def run(seq: str, *lines: str):
    return check_proof(Theorem.from_sequent(seq), "\n".join("  " + ln for ln in lines))


# (id, sequent, accepted proof lines, rejected proof lines, kind, message or None, line, column)
RULES = [
    ("exact-hyp", "P, Q ⊢ P", ["exact h1"], ["exact h2"], "type_mismatch",
     "Type mismatch\n  h2\nhas type\n  Q\nbut is expected to have type\n  P", 2, 8),
    ("id", "P, Q ⊢ P", ["exact id h1"], ["exact id h2"], "type_mismatch",
     "Application type mismatch: The argument\n  h2\nhas type\n  Q\nbut is expected to have type\n  P\n"
     "in the application\n  id h2", 2, 11),
    ("intro", "⊢ P → P", ["intro n1", "exact n1"], ["intro n1", "intro n2"], "tactic_failed",
     "Tactic `introN` failed: There are no additional binders or `let` bindings in the goal to introduce\n\n"
     "P : Prop\nn1 : P\n⊢ P", 3, 2),
    ("intro-many", "⊢ P → Q → P", ["intro n1 n2", "exact n1"], ["intro n1 n2 n3"], "tactic_failed", None, 2, 2),
    ("mp-have", "P → Q, P ⊢ Q", ["have n1 : Q := h1 h2", "exact n1"], ["have n1 : Q := h1 h1"], "type_mismatch",
     "Application type mismatch: The argument\n  h1\nhas type\n  P → Q\nbut is expected to have type\n  P\n"
     "in the application\n  h1 h1", 2, 20),
    ("mp-exact", "P → Q, P ⊢ Q", ["exact h1 h2"], ["exact h2 h1"], "type_mismatch",
     "Function expected at\n  h2\nbut this term has type\n  P\n\nNote: Expected a function because this term "
     "is being applied to the argument\n  h1", 2, 8),
    ("mp-nested", "P → Q, Q → R, P ⊢ R", ["exact h2 (h1 h3)"], ["exact h1 (h2 h3)"], "type_mismatch", None, 2, 15),
    ("not-intro", "P ⊢ ¬¬P", ["intro n1", "exact n1 h1"], ["intro n1", "exact h1 n1"], "type_mismatch", None, 3, 8),
    ("not-elim-have", "P, ¬P ⊢ False", ["have n1 : False := h2 h1", "exact n1"], ["have n1 : False := h1 h2"],
     "type_mismatch", None, 2, 21),
    ("absurd", "P, ¬P ⊢ Q", ["exact absurd h1 h2"], ["exact absurd h2 h1"], "type_mismatch",
     "Application type mismatch: The argument\n  h1\nhas type\n  P\nbut is expected to have type\n  ¬¬P\n"
     "in the application\n  absurd h2 h1", 2, 18),
    ("Not.elim", "P, ¬P ⊢ Q", ["exact Not.elim h2 h1"], ["exact Not.elim h1 h2"], "type_mismatch", None, 2, 17),
    ("False.elim", "False ⊢ P", ["exact False.elim h1"], ["exact False.elim h2"], "unknown_identifier",
     "Unknown identifier `h2`", 2, 19),
    ("exfalso", "False ⊢ P", ["exfalso", "exact h1"], ["exfalso", "exact trivial"], "type_mismatch",
     "Type mismatch\n  trivial\nhas type\n  True\nbut is expected to have type\n  False", 3, 8),
    ("and-anon", "P, Q ⊢ P ∧ Q", ["exact ⟨h1, h2⟩"], ["exact ⟨h2, h1⟩"], "type_mismatch", None, 2, 9),
    ("and-anon-flat", "P, Q, R ⊢ P ∧ Q ∧ R", ["exact ⟨h1, h2, h3⟩"], ["exact ⟨h1, h3, h2⟩"], "type_mismatch",
     None, 2, 13),
    ("And.intro", "P, Q ⊢ P ∧ Q", ["exact And.intro h1 h2"], ["exact And.intro h1 h1"], "type_mismatch", None, 2, 21),
    ("constructor-and", "P, Q ⊢ P ∧ Q", ["constructor", "· exact h1", "· exact h2"],
     ["constructor", "· exact h2", "· exact h2"], "type_mismatch", None, 3, 10),
    ("and-1", "P ∧ Q ⊢ Q", ["have n1 : Q := h1.2", "exact n1"], ["have n1 : Q := h1.1"], "type_mismatch",
     "Type mismatch\n  h1.left\nhas type\n  P\nbut is expected to have type\n  Q", 2, 17),
    ("and-left", "P ∧ Q ⊢ P", ["exact h1.left"], ["exact h1.right"], "type_mismatch", None, 2, 8),
    ("And.left", "P ∧ Q ⊢ P", ["exact And.left h1"], ["exact And.right h1"], "type_mismatch", None, 2, 8),
    ("obtain", "P ∧ Q ⊢ Q ∧ P", ["obtain ⟨n1, n2⟩ := h1", "exact ⟨n2, n1⟩"], ["obtain ⟨n1, n2⟩ := h1", "exact h1"],
     "unknown_identifier", "Unknown identifier `h1`", 3, 8),
    ("or-inl", "P ⊢ P ∨ Q", ["exact Or.inl h1"], ["exact Or.inr h1"], "type_mismatch",
     "Application type mismatch: The argument\n  h1\nhas type\n  P\nbut is expected to have type\n  Q\n"
     "in the application\n  Or.inr h1", 2, 15),
    ("or-inr-have", "Q ⊢ P ∨ Q", ["have n1 : P ∨ Q := Or.inr h1", "exact n1"], ["have n1 : P ∨ Q := Or.inl h1"],
     "type_mismatch", None, 2, 28),
    ("left", "P ⊢ P ∨ Q", ["left", "exact h1"], ["right", "exact h1"], "type_mismatch", None, 3, 8),
    ("rcases", "P ∨ Q ⊢ Q ∨ P", ["rcases h1 with n1 | n2", "· exact Or.inr n1", "· exact Or.inl n2"],
     ["rcases h1 with n1 | n2", "· exact Or.inl n1", "· exact Or.inl n2"], "type_mismatch", None, 3, 17),
    ("Or.elim", "P ∨ Q, P → R, Q → R ⊢ R", ["exact Or.elim h1 h2 h3"], ["exact Or.elim h1 h3 h2"],
     "type_mismatch", None, 2, 19),
    ("mt", "P → Q, ¬Q ⊢ ¬P", ["exact mt h1 h2"], ["exact mt h1 h1"], "type_mismatch", None, 2, 14),
    ("raa", "¬¬P ⊢ P", ["apply Classical.byContradiction", "intro n1", "exact h1 n1"],
     ["apply Classical.byContradiction", "intro n1", "exact n1"], "type_mismatch",
     "Type mismatch\n  n1\nhas type\n  ¬P\nbut is expected to have type\n  False", 4, 8),
    ("byContradiction-term", "¬¬P ⊢ P", ["exact Classical.byContradiction h1"],
     ["exact Classical.byContradiction h1 h1"], "type_mismatch", None, 2, 8),
    ("not_not.mp", "¬¬P ⊢ P", ["exact Classical.not_not.mp h1"], ["exact Classical.not_not.mpr h1"],
     "type_mismatch", None, 2, 8),
    ("not_not_intro", "P ⊢ ¬¬P", ["exact not_not_intro h1"], ["exact not_not_intro (not_not_intro h1)"],
     "type_mismatch", None, 2, 22),
    ("iff-constructor", "P → Q, Q → P ⊢ P ↔ Q", ["constructor", "· exact h1", "· exact h2"],
     ["constructor", "· exact h2", "· exact h1"], "type_mismatch", None, 3, 10),
    ("Iff.intro", "P → Q, Q → P ⊢ P ↔ Q", ["exact Iff.intro h1 h2"], ["exact Iff.intro h2 h1"], "type_mismatch",
     None, 2, 18),
    ("iff-anon", "P → Q, Q → P ⊢ P ↔ Q", ["exact ⟨h1, h2⟩"], ["exact ⟨h1, h1⟩"], "type_mismatch", None, 2, 13),
    ("iff-mp", "P ↔ Q, P ⊢ Q", ["exact h1.mp h2"], ["exact h1.mpr h2"], "type_mismatch", None, 2, 15),
    ("iff-1", "P ↔ Q, Q ⊢ P", ["exact h1.2 h2"], ["exact h1.1 h2"], "type_mismatch", None, 2, 13),
    ("Iff.mp", "P ↔ Q, P ⊢ Q", ["exact Iff.mp h1 h2"], ["exact Iff.mpr h1 h2"], "type_mismatch", None, 2, 19),
    ("em", "Q → Q ⊢ P ∨ ¬P", ["have n1 : P ∨ ¬P := Classical.em P", "exact n1"],
     ["have n1 : P ∨ ¬P := Classical.em Q"], "type_mismatch", None, 2, 22),
    ("em-compound", "⊢ (P ∧ Q) ∨ ¬(P ∧ Q)", ["exact Classical.em (P ∧ Q)"], ["exact Classical.em P ∧ Q"],
     "type_mismatch", None, 2, 8),
    ("resolve_left", "P ∨ Q, ¬P ⊢ Q", ["exact Or.resolve_left h1 h2"], ["exact Or.resolve_right h1 h2"],
     "type_mismatch", None, 2, 28),
    ("trivial", "⊢ True", ["exact trivial"], ["exact h1"], "unknown_identifier", "Unknown identifier `h1`", 2, 8),
    ("True.intro", "⊢ True", ["exact True.intro"], ["exact False.elim True.intro"], "type_mismatch", None, 2, 19),
    ("have-box", "P → Q, Q → R ⊢ P → R",
     ["have n1 : P → R := by", "  intro n2", "  exact h2 (h1 n2)", "exact n1"],
     ["have n1 : P → R := by", "  intro n2", "exact n1"], "unsolved_goals",
     "unsolved goals\nP Q R : Prop\nh1 : P → Q\nh2 : Q → R\nn2 : P\n⊢ R", 2, 21),
    ("apply-hyp", "P → Q, P ⊢ Q", ["apply h1", "exact h2"], ["apply h2"], "tactic_failed",
     "Tactic `apply` failed: could not unify the type of `h2`\n  P\nwith the goal\n  Q\n\n"
     "P Q : Prop\nh1 : P → Q\nh2 : P\n⊢ Q", 2, 2),
    ("apply-conclusion", "P → Q, P ⊢ Q", ["apply h1", "exact h2"], ["apply h1", "exact h1"],
     "type_mismatch", None, 3, 8),
]


@pytest.mark.parametrize("rule", RULES, ids=[r[0] for r in RULES])
def test_rule_accepts(rule):
    _id, seq, good, *_ = rule
    res = run(seq, *good)
    assert res.ok, res.error


@pytest.mark.parametrize("rule", RULES, ids=[r[0] for r in RULES])
def test_rule_rejects(rule):
    _id, seq, _good, bad, kind, message, line, column = rule
    res = run(seq, *bad)
    assert not res.ok
    e = res.error
    assert e.kind == kind, e
    if message is not None:
        assert e.message == message
    assert (e.line, e.column) == (line, column), e


def test_apply_conclusion_message_has_note():
    res = run("P → Q, R ⊢ R", "apply h1")
    assert res.error.kind == "tactic_failed"
    assert res.error.message.startswith("Tactic `apply` failed: could not unify the conclusion of `h1`\n  Q\n"
                                        "with the goal\n  R\n\nNote: The full type of `h1` is\n  P → Q\n\n")


def test_too_many_tactics_is_no_goals():
    res = run("P ⊢ P", "exact h1", "exact h1")
    assert (res.error.kind, res.error.message, res.error.line) == ("no_goals", "No goals to be solved", 3)


def test_unsolved_goals_at_by_of_statement():
    t = Theorem.from_sequent("P, Q ⊢ P ∧ Q")
    res = check_proof(t, "  constructor\n  · exact h1")
    assert res.error.kind == "unsolved_goals"
    assert res.error.line == 1 and res.error.column == t.statement().index(":= by") + 3
    assert res.error.message == "unsolved goals\ncase right\nP Q : Prop\nh1 : P\nh2 : Q\n⊢ Q"


def test_bullet_with_unsolved_goal():
    res = run("P, Q ⊢ P ∧ Q", "constructor", "· intro n1", "· exact h2")
    assert not res.ok


@pytest.mark.parametrize("word", ["sorry", "admit", "native_decide", "set_option", "import", "macro", "unsafe",
                                  "implemented_by", "axiom", "elab", "syntax", "open"])
def test_forbidden_words(word):
    res = run("P ⊢ P", f"exact {word}")
    assert res.error.kind == "forbidden" and word in res.error.message
    assert (res.error.line, res.error.column) == (2, 8)


def test_forbidden_eval_anywhere():
    res = run("P ⊢ P", "exact h1", "#eval 1")
    assert res.error.kind == "forbidden"


def test_unknown_identifier_in_have_type():
    res = run("P ⊢ P", "have n1 : Z := h1")
    assert res.error.kind == "unknown_identifier" and res.error.message == "Unknown identifier `Z`"


@pytest.mark.parametrize("lines,kind", [
    (["exakt h1"], "parse"),
    (["exact"], "parse"),
    (["exact h1", "  exact h1"], "parse"),  # deeper than its block
    (["simp"], "unsupported"),      # real Lean tactic outside the language
    (["exact And.imp h1"], "unsupported"),   # a core lemma gentzen does not model (And.symm now is)
    (["exact (h1"], "parse"),
])
def test_malformed_lines(lines, kind):
    res = run("P ⊢ P", *lines)
    assert res.error.kind == kind, res.error


def test_tabs_and_crlf():
    t = Theorem.from_sequent("P ⊢ P")
    assert check_proof(t, "  exact h1\r\n").ok
    assert check_proof(t, "\texact h1").error.kind == "parse"


def test_whole_theorem_text_is_pinned():
    t = Theorem.from_sequent("P ⊢ P", name="x")
    assert check_proof(t, t.statement() + "\n  exact h1").ok
    other = Theorem.from_sequent("P ⊢ Q ∨ P", name="x")
    res = check_proof(t, other.statement() + "\n  exact Or.inr h1")
    assert res.error.kind == "forbidden"


def test_have_without_name_is_this():
    assert run("P ⊢ P", "have : P := h1", "exact this").ok


def test_shadowing_uses_the_newest():
    assert run("P, Q ⊢ Q", "have h1 : Q := h2", "exact h1").ok


def test_rcases_clears_hypothesis_and_tags():
    from gentzen.core.kernel import start
    s = start(Theorem.from_sequent("P ∨ Q ⊢ Q ∨ P"))
    s = s.step("  rcases h1 with n1 | n2", explicit=True)
    assert s.goals == ["case inl\nP Q : Prop\nn1 : P\n⊢ Q ∨ P", "case inr\nP Q : Prop\nn2 : Q\n⊢ Q ∨ P"]


# Aliases whose rejecting twin is above: each is also accepted.
ALIASES = [
    ("And.right", "P ∧ Q ⊢ Q", ["exact And.right h1"]),
    ("and-right", "P ∧ Q ⊢ Q", ["exact h1.right"]),
    ("Or.inr", "Q ⊢ P ∨ Q", ["exact Or.inr h1"]),
    ("right", "Q ⊢ P ∨ Q", ["right", "exact h1"]),
    ("not_not.mpr", "P ⊢ ¬¬P", ["exact Classical.not_not.mpr h1"]),
    ("Iff.mpr", "P ↔ Q, Q ⊢ P", ["exact Iff.mpr h1 h2"]),
    ("iff-mpr", "P ↔ Q, Q ⊢ P", ["exact h1.mpr h2"]),
    ("resolve_right", "P ∨ Q, ¬Q ⊢ P", ["exact Or.resolve_right h1 h2"]),
    ("obtain-iff", "P ↔ Q, P ⊢ Q", ["obtain ⟨n1, n2⟩ := h1", "exact n1 h2"]),
    ("not-as-imp", "¬P ⊢ P → False", ["exact h1"]),
    ("imp-as-not", "P → False ⊢ ¬P", ["exact h1"]),
    ("apply-False.elim", "False ⊢ P", ["apply False.elim", "exact h1"]),
    ("apply-And.intro", "P, Q ⊢ P ∧ Q", ["apply And.intro", "· exact h1", "· exact h2"]),
    ("Not.intro", "P → False ⊢ ¬P", ["exact Not.intro h1"]),
    ("nested-box-bullets", "P ∨ Q ⊢ Q ∨ P",
     ["have n1 : Q ∨ P := by", "  rcases h1 with n2 | n3", "  · exact Or.inr n2", "  · exact Or.inl n3", "exact n1"]),
]


@pytest.mark.parametrize("alias", ALIASES, ids=[a[0] for a in ALIASES])
def test_alias_accepts(alias):
    _id, seq, lines = alias
    res = run(seq, *lines)
    assert res.ok, res.error


def test_auto_names_and_proof_text_round_trip():
    from gentzen.core.kernel import start
    thm = Theorem.from_sequent("P → Q, Q → R ⊢ P → R")
    s = start(thm, auto_names=True)
    assert s.fresh_name() == "n1"
    for step in ("intro", "have : Q := h1 n1", "exact h2 n2"):
        s = s.step(step)
    assert s.solved
    assert s.proof_text() == "  intro n1\n  have n2 : Q := h1 n1\n  exact h2 n2"
    assert check_proof(thm, s.proof_text()).ok


def test_stepping_matches_whole_proof_check():
    from gentzen.core.kernel import start
    thm = Theorem.from_sequent("P ∨ Q ⊢ Q ∨ P")
    s = start(thm)
    for step in ("rcases h1 with n1 | n2", "· exact Or.inr n1", "· exact Or.inl n2"):
        s = s.step(step)
    assert s.solved and s.proof_text() == "  rcases h1 with n1 | n2\n  · exact Or.inr n1\n  · exact Or.inl n2"
    assert check_proof(thm, s.proof_text()).ok
