"""Regression tests from a review of the kernel against Lean 4.32's sources.

Each test names the Lean source it follows (leanprover/lean4, read through the code index;
file and definition given, since line numbers move between commits).
"""

from __future__ import annotations

import pytest

from gentzen.core.kernel import StepError, check_proof, start
from gentzen.core.proof.theorem import Theorem, parse_theorem


def run(seq: str, *lines: str):
    return check_proof(Theorem.from_sequent(seq), "\n".join("  " + ln for ln in lines))


def steps(seq: str, *lines: str):
    s = start(Theorem.from_sequent(seq))
    for ln in lines:
        s = s.step(ln)
        assert not isinstance(s, StepError), s
    return s


# ---------------------------------------------------------------- soundness


def test_underscore_is_a_hole_not_a_name():
    # Lean: `intro _` makes an inaccessible hypothesis (Meta/Tactic/Intro.lean, mkAuxNameImp: `_` takes
    # the binder name with a macro scope), and `_` in a term is a hole that `exact` cannot leave open.
    # The kernel used to add a hypothesis called `_` and accept `exact h1 _`.
    res = run("P → Q ⊢ P → Q", "intro _", "exact h1 _")
    assert not res.ok and res.error.kind == "unsupported"
    assert not run("P ⊢ P", "have _ : P := h1", "exact _").ok


@pytest.mark.parametrize("name", ["é", "x中", "λ", "Π", "h٣"])
def test_names_lean_cannot_read_as_identifiers(name):
    # Init/Meta (Lean.isIdFirst/isIdRest): `Char.isAlpha` is ASCII; only Greek (not λ Π Σ), the
    # letter-like block, mathematical alphanumerics and subscripts are added.
    res = run("P ⊢ P → P", f"intro {name}", f"exact {name}")
    assert not res.ok and res.error.kind == "parse"


@pytest.mark.parametrize("name", ["α", "h₁", "hp'", "h!", "ℋ"])
def test_unicode_names_lean_accepts(name):
    assert run("P ⊢ P → P", f"intro {name}", f"exact {name}").ok


@pytest.mark.parametrize("name", ["using", "at", "True", "False", "generalizing", "only"])
def test_keyword_like_names_are_refused(name):
    assert not run("P ⊢ P → P", f"intro {name}", f"exact {name}").ok


def test_absurd_with_a_proposition_as_proof():
    # `absurd {a : Prop} {b} (h₁ : a) (h₂ : ¬a)`: `P : Prop` is not a proof of any `a`; the kernel used to
    # fall back to `¬True` for the second argument and accept.
    thm = parse_theorem("theorem t (P Q : Prop) (h1 : ¬True) : Q := by")
    res = check_proof(thm, "  exact absurd P h1")
    assert not res.ok and res.error.kind == "type_mismatch"


@pytest.mark.parametrize("term", ["apply (And.intro P h1)", "exact (not_not_intro P) h1", "exact (Or.inl P) h1"])
def test_proposition_arguments_do_not_crash(term):
    res = run("P ⊢ P", term)
    assert not res.ok and res.error is not None


def test_apply_byContradiction_closes_double_negation_implication():
    # Lean.MVarId.apply (Meta/Tactic/Apply.lean): numArgs = 2, target arity 1, so i = 1 is tried first:
    # `(¬?p → False) → ?p =?= ¬¬P → P` succeeds and no goal is left. The kernel used to leave
    # `¬(¬¬P → P) → False`, so a longer proof that Lean rejects ("No goals") was accepted.
    assert run("⊢ ¬¬P → P", "apply Classical.byContradiction").ok
    res = run("⊢ ¬¬P → P", "apply Classical.byContradiction", "intro n1", "apply n1", "intro n2",
              "apply Classical.byContradiction", "intro n3", "exact n2 n3")
    assert res.error.kind == "no_goals" and res.error.line == 3


def test_apply_false_elim_closes_false_implication():
    # `False.elim : ∀ {C}, False → C` against `False → Q`: i = 1 unifies, no goal left.
    assert run("⊢ False → Q", "apply False.elim").ok
    assert run("False ⊢ False → Q", "apply False.elim", "exact h1").error.kind == "no_goals"


def test_apply_and_intro_on_an_implication():
    # i = 3 of 4: `?b → ?a ∧ ?b =?= Q → P ∧ Q`, leaving ?left (tagged `left`: 3 new mvars).
    s = steps("P ⊢ Q → P ∧ Q", "apply And.intro")
    assert s.goals == ["case left\nP Q : Prop\nh1 : P\n⊢ P"]


def test_have_box_must_be_indented_deeper():
    # Parser/Term.lean: `byTactic` uses `Tactic.tacticSeqIndentGt` (`checkColGt`), so a nested `by` block
    # at the `have`'s own column is a parse error. Stepping used to put the line in the box and, after
    # an unindented step settled the box, report the proof solved.
    s = start(Theorem.from_sequent("P ⊢ P ∧ P")).step("  have n1 : P := by")
    err = s.step("  exact h1")
    assert isinstance(err, StepError) and err.error.kind == "parse"
    res = run("P ⊢ P", "have n1 : P := by", "exact h1", "exact n1")
    assert not res.ok and res.error.kind == "parse" and res.error.line == 3
    assert run("P ⊢ P", "have n1 : P := by", "  exact h1", "exact n1").ok


def test_constructor_on_or_is_refused():
    # Lean.MVarId.constructor (Meta/Tactic/Constructor.lean) changed for goals several constructors match
    # (PR #14854: first match / error / warning): outside the proof language, `left`/`right` are.
    res = run("P ⊢ P ∨ Q", "constructor", "exact h1")
    assert not res.ok and res.error.kind == "unsupported"


def test_shadowing_a_proposition_atom_binds_as_lean_does():
    # issue 19 (was refused): the new hypothesis `P` shadows the atom, which Lean prints as `P✝` everywhere
    assert steps("P ⊢ P → P", "intro P").goals == ["P✝ : Prop\nh1 P : P✝\n⊢ P✝"]
    assert run("P ⊢ P → P", "intro P", "exact P").ok
    res = run("P ⊢ P → P", "intro P", "have h2 : P := h1", "exact h2")
    assert not res.ok and res.error.kind == "type_mismatch" and res.error.message == "type expected, got\n  (P : P✝)"


# ---------------------------------------------------------------- case tags


def test_apply_byContradiction_tags_goal_h():
    # forallMetaTelescopeReducing names the new mvars after the binders ({p} (h : ¬p → False)); with two
    # new mvars appendParentTag keeps their own tags, so the goal is `case h`.
    s = steps("¬¬P ⊢ P", "apply Classical.byContradiction", "intro n1")
    assert s.goals == ["case h\nP : Prop\nh1 : ¬¬P\nn1 : ¬P\n⊢ False"]


def test_apply_byContradiction_under_a_tag_appends():
    s = steps("¬¬P, Q ⊢ P ∧ Q", "constructor", "apply Classical.byContradiction")
    assert s.goals[0].startswith("case left.h\n")
    assert s.goals[1].startswith("case right\n")


def test_left_right_tag_h():
    # nthConstructor = `goal.apply (mkConst Or.inl)`: mvars ?a ?b ?h.
    assert steps("P ⊢ P ∨ Q", "left").goals == ["case h\nP Q : Prop\nh1 : P\n⊢ P"]
    assert steps("Q ⊢ P ∨ Q", "right").goals == ["case h\nP Q : Prop\nh1 : Q\n⊢ Q"]
    assert steps("P ⊢ P ∨ Q", "apply Or.inl").goals == ["case h\nP Q : Prop\nh1 : P\n⊢ P"]
    s = steps("P, Q ⊢ (P ∨ R) ∧ Q", "constructor", "left")
    assert s.goals[0].startswith("case left.h\n")


def test_apply_false_elim_tags_h_but_exfalso_keeps_tag():
    # `exfalso` is `refine False.elim ?_` (Init/Tactics.lean): a single `?_` inherits the parent tag.
    assert steps("False ⊢ P", "apply False.elim").goals[0].startswith("case h\n")
    s = steps("False, Q ⊢ P ∧ Q", "constructor", "exfalso")
    assert s.goals[0].startswith("case left\n")


def test_apply_hypothesis_keeps_tag():
    # one new mvar: appendParentTag gives it the parent's tag (REPL proof_branching: `apply h2`).
    s = steps("P → Q, P, R ⊢ Q ∧ R", "constructor", "apply h1")
    assert s.goals[0] == "case left\nP Q R : Prop\nh1 : P → Q\nh2 : P\nh3 : R\n⊢ P"


def test_obtain_and_rcases_tags_and_clearing():
    # RCases (Elab/Tactic/RCases.lean) runs `g.cases`: tags are parent ++ constructor name, the scrutinee
    # is cleared and the fields come last.
    s = steps("P ∧ Q, R ⊢ Q", "obtain ⟨n1, n2⟩ := h1")
    assert s.goals == ["case intro\nP Q R : Prop\nh2 : R\nn1 : P\nn2 : Q\n⊢ Q"]
    s = steps("(P ∨ Q) ∨ R ⊢ R", "rcases h1 with n1 | n2", "rcases n1 with n3 | n4")
    assert [g.split("\n")[0] for g in s.goals] == ["case inl.inl", "case inl.inr", "case inr"]


# ---------------------------------------------------------------- messages


def test_apply_failure_shows_conclusion_after_start_args():
    # throwApplyError: the conclusion shown is the type after `numArgs - targetArity` arguments.
    s = start(Theorem.from_sequent("P → Q → R ⊢ S → R")).step("apply h1")
    assert s.error.message.startswith("Tactic `apply` failed: could not unify the conclusion of `h1`\n  Q → R\n"
                                      "with the goal\n  S → R\n\nNote: The full type of `h1` is\n  P → Q → R\n\n")
    # start = 0: "the type of", no note
    s = start(Theorem.from_sequent("P → Q ⊢ R → Q")).step("apply h1")
    assert s.error.message.startswith("Tactic `apply` failed: could not unify the type of `h1`\n  P → Q\n"
                                      "with the goal\n  R → Q\n\nP Q R : Prop")


def test_left_on_conjunction_message():
    # nthConstructor: And has one constructor.
    s = start(Theorem.from_sequent("P ⊢ P ∧ P")).step("left")
    assert s.error.message.startswith("Tactic `left` failed: left tactic works for inductive types with exactly "
                                      "2 constructors\n\n")
