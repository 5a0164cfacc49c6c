"""The core tactics beyond the natural-deduction subset: one accepted and one rejected proof each,
and the goals after each step as Lean prints them.

Expected goal texts follow Lean's sources (cited per test): `Lean.Meta.ppGoal` layout, case tags
from `cases` (constructor names, Meta/Tactic/Cases.lean), `tagUntaggedGoals` (Elab/Tactic/Basic.lean,
`refine_1`…), inaccessible names from `mkAuxNameWithoutGivenName` (`a✝`, `h✝`, `left✝`). The same
steps appear in lean/GentzenTest/CoreTactics.lean, so `lake test` checks them against real Lean.
"""

from __future__ import annotations

import pytest

from gentzen.core.kernel import StepError, check_proof, start
from gentzen.core.proof.theorem import Theorem


def run(seq: str, *lines: str, **kw):
    return check_proof(Theorem.from_sequent(seq), "\n".join("  " + ln for ln in lines), **kw)


def goals_after(seq: str, *lines: str) -> list[str]:
    s = start(Theorem.from_sequent(seq))
    for ln in lines:
        s = s.step("  " + ln, explicit=True)
        assert not isinstance(s, StepError), s.error
    return s.goals


# (id, sequent, accepted lines, rejected lines, kind, message or None, line, column)
CASES = [
    ("assumption", "P, Q ⊢ Q", ["assumption"], ["assumption"], None, None, 0, 0),
    ("assumption-reject", "P, Q ⊢ P", ["assumption"], ["exact h2", ], "type_mismatch", None, 2, 8),
    ("assumption-fails", "P ⊢ P", ["assumption"], ["intro n1"], "tactic_failed", None, 2, 2),
    ("contradiction", "P, ¬P ⊢ Q", ["contradiction"], ["exact h1"], "type_mismatch", None, 2, 8),
    ("trivial", "P, Q ⊢ P ∧ Q", ["trivial"], ["exact h1"], "type_mismatch", None, 2, 8),
    ("show", "P ⊢ ¬¬P", ["show ¬P → False", "intro n1", "exact n1 h1"], ["show P"], "tactic_failed", None, 2, 2),
    ("intros", "⊢ P → Q → P", ["intros", "assumption"], ["intros", "exact a"], "unknown_identifier",
     "Unknown identifier `a`", 3, 8),
    ("intro-hole", "⊢ P → P", ["intro _", "assumption"], ["intro _", "intro _"], "tactic_failed", None, 3, 2),
    ("intro-anon", "⊢ P ∧ Q → Q ∧ P", ["intro ⟨hp, hq⟩", "exact ⟨hq, hp⟩"], ["intro ⟨hp, hq⟩", "exact ⟨hp, hq⟩"],
     "type_mismatch", None, 3, 9),
    ("rintro", "⊢ P ∨ Q → Q ∨ P", ["rintro (hp | hq)", "· exact Or.inr hp", "· exact Or.inl hq"],
     ["rintro (hp | hq)", "· exact Or.inl hp"], "type_mismatch", None, 3, 17),
    ("rcases-nested", "(P ∧ Q) ∨ R ⊢ Q ∨ R", ["rcases h1 with ⟨-, hq⟩ | hr", "· exact Or.inl hq", "· exact Or.inr hr"],
     ["rcases h1 with ⟨hp, -⟩ | hr", "· exact Or.inl hq"], "unknown_identifier", "Unknown identifier `hq`", 3, 17),
    ("obtain-nested", "P ∧ Q ∧ R ⊢ R", ["obtain ⟨_, _, hr⟩ := h1", "exact hr"], ["obtain ⟨hp, hq⟩ := h1", "exact hq"],
     "type_mismatch", None, 3, 8),
    ("cases", "P ∨ Q ⊢ Q ∨ P", ["cases h1", "· right; assumption", "· left; assumption"],
     ["cases h1", "· exact Or.inr h1"], "unknown_identifier", "Unknown identifier `h1`", 3, 17),
    ("cases-with", "P ∨ Q ⊢ Q ∨ P", ["cases h1 with", "| inl hp => exact Or.inr hp", "| inr hq => exact Or.inl hq"],
     ["cases h1 with", "| inl hp => exact Or.inr hp"], "tactic_failed", "Alternative `inr` has not been provided",
     2, 2),
    ("refine", "P, Q ⊢ P ∧ Q", ["refine ⟨?_, ?_⟩", "· exact h1", "· exact h2"], ["refine ⟨?_, h1⟩"],
     "type_mismatch", None, 2, 14),
    ("absurd", "P, ¬P ⊢ Q", ["exact absurd h1 h2"], ["exact absurd h2 h1"], "type_mismatch", None, 2, 18),
    ("then-all", "P, Q ⊢ P ∧ Q", ["constructor <;> assumption"], ["constructor <;> exact h1"], "type_mismatch",
     "Type mismatch\n  h1\nhas type\n  P\nbut is expected to have type\n  Q", 2, 24),
    ("apply-then-all", "P, Q ⊢ P ∧ Q", ["apply And.intro <;> assumption"], ["apply And.intro <;> contradiction"],
     "tactic_failed", "Tactic `contradiction` failed\n\ncase left\nP Q : Prop\nh1 : P\nh2 : Q\n⊢ P", 2, 22),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_accepted_and_rejected(case):
    _id, seq, good, bad, kind, message, line, col = case
    res = run(seq, *good)
    assert res.ok, res.error
    if kind is None:
        return
    err = run(seq, *bad).error
    assert err is not None and (err.kind, err.line, err.column) == (kind, line, col), err
    if message is not None:
        assert err.message == message


# ---- failure messages (lean_facts.md §4.4: ``Tactic `assumption` failed`` + blank line + goal)

def test_assumption_and_contradiction_failures_print_the_goal():
    e = run("P ⊢ Q", "assumption").error
    assert (e.kind, e.line, e.column, e.message) == ("tactic_failed", 2, 2,
                                                     "Tactic `assumption` failed\n\nP Q : Prop\nh1 : P\n⊢ Q")
    e = run("P, Q ⊢ R", "contradiction").error
    assert e.message == "Tactic `contradiction` failed\n\nP Q R : Prop\nh1 : P\nh2 : Q\n⊢ R"


@pytest.mark.parametrize("seq", ["P, ¬P ⊢ Q", "False ⊢ P", "¬True ⊢ P", "P, P → False ⊢ Q", "True → False ⊢ P"])
def test_contradiction_closes(seq):
    # Meta/Tactic/Contradiction.lean: `¬p` with `p`; an empty inductive (`False`); `decide` false on a closed hyp
    assert run(seq, "contradiction").ok


def test_assumption_uses_inaccessible_hypotheses_and_unfolds_not():
    assert run("⊢ P → P", "intro _", "assumption").ok
    assert run("¬P ⊢ P → False", "assumption").ok


@pytest.mark.parametrize("seq", ["⊢ True", "P ⊢ P", "False ⊢ Q", "P, ¬P ⊢ Q", "⊢ True ∧ ¬False", "P ⊢ True ∧ P"])
def test_trivial_closes(seq):
    assert run(seq, "trivial").ok


def test_trivial_failures():
    e = run("P ⊢ P ∨ Q", "trivial").error
    assert e.kind == "tactic_failed" and (e.line, e.column) == (2, 2) and e.message.endswith("⊢ P ∨ Q")
    assert run("⊢ P ↔ P", "trivial").error.kind == "unsupported"  # only `rfl` could close it: not modelled


# ---- goals after each step

def test_show_changes_the_printed_target_and_selects_a_goal():
    assert goals_after("P ⊢ ¬¬P", "show ¬P → False") == ["P : Prop\nh1 : P\n⊢ ¬P → False"]
    # `show t` focuses the first goal whose target unifies with t
    assert goals_after("P, Q ⊢ P ∧ Q", "constructor", "show Q") == [
        "case right\nP Q : Prop\nh1 : P\nh2 : Q\n⊢ Q", "case left\nP Q : Prop\nh1 : P\nh2 : Q\n⊢ P"]
    assert run("P ⊢ P", "show Z").error.kind == "unknown_identifier"


def test_intros_names_inaccessibly_and_does_not_unfold_not():
    assert goals_after("⊢ P → Q → P", "intros") == ["P Q : Prop\na✝¹ : P\na✝ : Q\n⊢ P"]
    assert goals_after("⊢ P → ¬Q", "intros") == ["P Q : Prop\na✝ : P\n⊢ ¬Q"]  # getIntrosSize: no unfolding
    assert goals_after("⊢ ¬P", "intros") == ["P : Prop\n⊢ ¬P"]
    assert goals_after("⊢ P → ¬Q", "intros x y") == ["P Q : Prop\nx : P\ny : Q\n⊢ False"]
    e = run("⊢ P → P", "intros x y").error
    assert e.kind == "tactic_failed" and e.message.startswith("Tactic `introN` failed")


def test_intro_hole_and_anonymous_constructor():
    assert goals_after("⊢ P → Q → P", "intro _ q") == ["P Q : Prop\na✝ : P\nq : Q\n⊢ P"]
    # `intro ⟨a, b⟩` is `intro h; match h with | ⟨a, b⟩ => ?_`: no case tag (the single `?_` keeps the parent's)
    assert goals_after("⊢ P ∧ Q → R → Q", "intro ⟨hp, hq⟩ hr") == ["P Q R : Prop\nhp : P\nhq : Q\nhr : R\n⊢ Q"]
    assert goals_after("⊢ P ∧ (Q ∧ R) → R", "intro ⟨hp, hq, hr⟩") == ["P Q R : Prop\nhp : P\nhq : Q\nhr : R\n⊢ R"]
    assert goals_after("⊢ (P ↔ Q) → P → Q", "intro ⟨f, g⟩") == ["P Q : Prop\nf : P → Q\ng : Q → P\n⊢ P → Q"]
    assert run("⊢ P ∨ Q → P", "intro ⟨a, b⟩").error.kind == "unsupported"


def test_rintro_tags_and_patterns():
    assert goals_after("⊢ P ∧ Q → Q", "rintro ⟨hp, hq⟩") == ["case intro\nP Q : Prop\nhp : P\nhq : Q\n⊢ Q"]
    assert goals_after("⊢ P ∨ Q → R → R", "rintro (hp | hq) hr") == [
        "case inl\nP Q R : Prop\nhp : P\nhr : R\n⊢ R", "case inr\nP Q R : Prop\nhq : Q\nhr : R\n⊢ R"]
    e = run("⊢ P → P", "rintro ⟨a, b⟩").error
    assert (e.kind, e.column, e.message) == ("tactic_failed", 9,
                                             "Tactic `rcases` failed: `a✝ : P` is not an inductive datatype")
    assert run("⊢ P ∨ Q → P", "rintro a | b").error.kind == "unsupported"


def test_rcases_nested_patterns_tags_and_names():
    assert goals_after("(P ∧ Q) ∨ R ⊢ R ∨ P", "rcases h1 with ⟨hp, hq⟩ | hr") == [
        "case inl.intro\nP Q R : Prop\nhp : P\nhq : Q\n⊢ R ∨ P", "case inr\nP Q R : Prop\nhr : R\n⊢ R ∨ P"]
    # `-` clears; `_` keeps the field under its constructor binder name, inaccessible
    assert goals_after("P ∧ Q ⊢ P", "rcases h1 with ⟨hp, -⟩") == ["case intro\nP Q : Prop\nhp : P\n⊢ P"]
    assert goals_after("P ∧ Q ⊢ P", "obtain ⟨hp, _⟩ := h1") == ["case intro\nP Q : Prop\nhp : P\nright✝ : Q\n⊢ P"]
    # three alternatives on a right-nested ∨: the last constructor takes the rest
    assert goals_after("P ∨ Q ∨ R ⊢ True", "rcases h1 with a | b | c") == [
        "case inl\nP Q R : Prop\na : P\n⊢ True", "case inr.inl\nP Q R : Prop\nb : Q\n⊢ True",
        "case inr.inr\nP Q R : Prop\nc : R\n⊢ True"]
    # a flat tuple on a right-nested ∧
    assert goals_after("P ∧ Q ∧ R ⊢ R", "obtain ⟨a, b, c⟩ := h1") == [
        "case intro.intro\nP Q R : Prop\na : P\nb : Q\nc : R\n⊢ R"]
    # fields are cased left to right; a cased field's own fields come after the later ones
    assert goals_after("(P ∧ Q) ∧ R ⊢ R", "obtain ⟨⟨a, b⟩, c⟩ := h1") == [
        "case intro.intro\nP Q R : Prop\nc : R\na : P\nb : Q\n⊢ R"]
    assert goals_after("P ↔ Q ⊢ P → Q", "obtain ⟨f, g⟩ := h1") == [
        "case intro\nP Q : Prop\nf : P → Q\ng : Q → P\n⊢ P → Q"]
    assert goals_after("False ⊢ P", "rcases h1 with ⟨⟩") == []


def test_rcases_failures():
    e = run("P ⊢ P", "rcases h1 with ⟨a, b⟩").error
    assert (e.kind, e.line, e.column, e.message) == (
        "tactic_failed", 2, 17, "Tactic `rcases` failed: `h1 : P` is not an inductive datatype")
    e = run("¬P ⊢ P", "obtain ⟨a, b⟩ := h1").error
    assert e.message == "Tactic `rcases` failed: `h1 : P → False` is not an inductive datatype"  # whnfD unfolds ¬
    e = run("P ∧ Q ⊢ P", "rcases h9 with ⟨a, b⟩").error
    assert (e.kind, e.column, e.message) == ("unknown_identifier", 9, "Unknown identifier `h9`")


def test_plain_cases_names_fields_inaccessibly():
    assert goals_after("P ∨ Q ⊢ Q ∨ P", "cases h1") == [
        "case inl\nP Q : Prop\nh✝ : P\n⊢ Q ∨ P", "case inr\nP Q : Prop\nh✝ : Q\n⊢ Q ∨ P"]
    assert goals_after("P ∧ Q ⊢ Q", "cases h1") == ["case intro\nP Q : Prop\nleft✝ : P\nright✝ : Q\n⊢ Q"]
    assert goals_after("P ↔ Q ⊢ Q", "cases h1") == ["case intro\nP Q : Prop\nmp✝ : P → Q\nmpr✝ : Q → P\n⊢ Q"]
    assert goals_after("False ⊢ P", "cases h1") == []
    e = run("¬P ⊢ P", "cases h1").error  # getInductiveValFromMajor: the whnf of the type, an explanation, the goal
    assert (e.kind, e.column) == ("tactic_failed", 2)
    assert e.message == (
        "Tactic `cases` failed: major premise type is not an inductive type\n  P → False\n\nExplanation: the `cases` "
        "tactic is for constructor-based reasoning as well as for applying custom cases principles with a 'using' "
        "clause or a registered '@[cases_eliminator]' theorem. The above type neither is an inductive type nor has a "
        "registered theorem.\n\nP : Prop\nh1 : ¬P\n⊢ P")
    assert run("P ⊢ P", "cases P").error.message.split("\n\n")[2].startswith("Consider using the 'by_cases'")


def test_cases_with_alternatives():
    ok = ["cases h1 with", "| inr hq =>", "  apply Or.inl", "  exact hq", "| inl hp => exact Or.inr hp"]
    assert run("P ∨ Q ⊢ Q ∨ P", *ok).ok
    assert goals_after("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "| inl hp =>") == [
        "case inl\nP Q : Prop\nhp : P\n⊢ Q ∨ P", "case inr\nP Q : Prop\nh✝ : Q\n⊢ Q ∨ P"]
    assert goals_after("P ∧ Q ⊢ Q", "cases h1 with", "| intro _ hq =>") == [
        "case intro\nP Q : Prop\nleft✝ : P\nhq : Q\n⊢ Q"]
    # an alternative must close its goal; the error is at its `=>` (Elab/Tactic/Induction.lean, withCaseRef)
    e = run("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "| inl hp => right", "| inr hq => exact Or.inl hq").error
    assert (e.kind, e.line, e.column) == ("unsolved_goals", 3, 11)
    assert e.message == "unsolved goals\ncase inl.h\nP Q : Prop\nhp : P\n⊢ P"
    # checkAltNames / applyAltStx (Elab/Tactic/Induction.lean), at the alternative
    e = run("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "| foo hp => exact hp").error
    assert (e.kind, e.line, e.column, e.message) == (
        "tactic_failed", 3, 2, "Invalid alternative name `foo`: Expected `inl` or `inr`")
    e = run("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "| inl a => exact Or.inr a", "| inl b => exact b").error
    assert (e.line, e.message) == (4, "Duplicate alternative name `inl`")
    e = run("P ∧ Q ⊢ P", "cases h1 with", "| inl a => exact a").error
    assert e.message == "Invalid alternative name `inl`: Expected `intro`"
    e = run("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "| inl a b => exact a").error
    assert (e.kind, e.column, e.message) == (
        "tactic_failed", 2, "Too many variable names provided at alternative `inl`: 2 provided, but 1 expected")
    assert run("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "exact h1").error.kind == "parse"
    assert run("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "| inl a =>", "| inr b => exact Or.inl b").error.kind == "parse"
    assert run("False ⊢ P", "cases h1 with").error.kind == "unsupported"
    assert run("P ∨ Q ⊢ Q ∨ P", "cases h1 with", "| inl a => right; exact a", "| inr b => left; exact b").ok


def test_cases_with_alternatives_on_one_line():
    seq = "P ∨ Q ⊢ Q ∨ P"
    assert run(seq, "cases h1 with | inl a => exact Or.inr a | inr b => exact Or.inl b").ok
    assert run(seq, "cases h1 with | inr b => left; exact b | inl a => right; exact a").ok  # `;` stays inside
    e = run(seq, "cases h1 with | inl a => exact Or.inr a").error
    assert (e.kind, e.column, e.message) == ("tactic_failed", 2, "Alternative `inr` has not been provided")
    e = run(seq, "cases h1 with | inl a => right | inr b => exact Or.inl b").error
    assert (e.kind, e.column) == ("unsolved_goals", 24)  # at the alternative's `=>`
    assert run(seq, "cases h1 with | inl a => rcases h1 with x | y | inr b => exact b").error.kind == "unsupported"


def test_cases_with_stepping_without_indentation():
    s = start(Theorem.from_sequent("P ∨ Q ⊢ Q ∨ P"))
    for step in ("cases h1 with", "| inl a =>", "exact Or.inr a", "| inr b => exact Or.inl b"):
        s = s.step(step)
        assert not isinstance(s, StepError), s.error
    assert s.solved
    assert check_proof(s.theorem, s.proof_text()).ok


def test_refine_tags():
    assert goals_after("P, Q ⊢ P ∧ Q", "refine ⟨?_, ?_⟩") == [
        "case refine_1\nP Q : Prop\nh1 : P\nh2 : Q\n⊢ P", "case refine_2\nP Q : Prop\nh1 : P\nh2 : Q\n⊢ Q"]
    assert goals_after("P, Q ⊢ P ∧ Q", "refine ⟨h1, ?_⟩") == ["P Q : Prop\nh1 : P\nh2 : Q\n⊢ Q"]  # one: parent tag
    assert goals_after("P, Q, R ⊢ (P ∧ Q) ∧ R", "constructor", "refine ⟨?_, ?_⟩")[:2] == [
        "case left.refine_1\nP Q R : Prop\nh1 : P\nh2 : Q\nh3 : R\n⊢ P",
        "case left.refine_2\nP Q R : Prop\nh1 : P\nh2 : Q\nh3 : R\n⊢ Q"]
    assert len(goals_after("P, Q, R ⊢ P ∧ Q ∧ R", "refine ⟨?_, ?_, ?_⟩")) == 3
    e = run("P ⊢ P ∨ Q", "refine ⟨?_, ?_⟩").error
    assert (e.kind, e.column) == ("type_mismatch", 9)
    assert run("P ⊢ P ∧ P", "refine Or.inl ?_").error.kind == "unsupported"


def test_then_all_runs_on_every_produced_goal_only():
    # `t <;> t'` = `focus (t; all_goals t')`: goals the first tactic did not produce are untouched
    assert goals_after("P, Q, R ⊢ (P ∧ Q) ∧ R", "constructor", "constructor <;> assumption") == [
        "case right\nP Q R : Prop\nh1 : P\nh2 : Q\nh3 : R\n⊢ R"]


def test_strict_nd_keeps_the_subset():
    assert run("P ⊢ P", "assumption", strict_nd=True).error.kind == "unsupported"
    assert run("P ∧ Q ⊢ P", "obtain ⟨a, b⟩ := h1", "exact a", strict_nd=True).ok
    assert run("P ∧ Q ⊢ P", "obtain ⟨a, -⟩ := h1", "exact a", strict_nd=True).error.kind == "unsupported"


# ---- soundness: random core-tactic scripts never prove an invalid sequent

_SCRIPT_STEPS = ["assumption", "contradiction", "trivial", "intros", "intro _", "intro n9", "rintro ⟨x, y⟩",
                 "rintro (x | y)", "rcases h1 with ⟨x, y⟩", "rcases h1 with x | y", "rcases h2 with ⟨x, -⟩ | y",
                 "obtain ⟨x, _⟩ := h2", "cases h1", "cases h2", "constructor <;> assumption",
                 "refine ⟨?_, ?_⟩", "refine ⟨h1, ?_⟩", "left", "right", "exfalso", "exact absurd h1 h2",
                 "constructor", "show P", "show Q → P", "apply And.intro <;> trivial",
                 # names that shadow an atom or a premise (issue 19: the innermost binder wins, `P✝`)
                 "intro P", "intro h1", "rintro (P | Q)", "rcases h1 with P | h2", "obtain ⟨Q, P⟩ := h2",
                 "have P : Q := h1", "have h1 : P := h2", "exact P", "exact h1", "exact h2 P"]


def test_random_core_tactic_scripts_are_sound():
    """Whatever core tactics run, a proof the kernel accepts is of a valid sequent (truth tables)."""
    import random

    from hypothesis import given, settings, strategies as st

    from gentzen.bench.kernel import random_formula
    from gentzen.core.logic.sequent import countermodel

    @given(st.integers(0, 100_000))
    @settings(max_examples=150, deadline=None)
    def check(seed):
        rng = random.Random(seed)
        atoms = ["P", "Q"]
        prem = [random_formula(rng, atoms, rng.randint(1, 4)) for _ in range(rng.randint(0, 2))]
        goal = random_formula(rng, atoms, rng.randint(1, 5))
        thm = Theorem("t", ("P", "Q"), tuple((f"h{i + 1}", p) for i, p in enumerate(prem)), goal)
        s = start(thm)
        for _ in range(rng.randint(1, 6)):
            nxt = s.step("  " + rng.choice(_SCRIPT_STEPS), explicit=True)
            if not isinstance(nxt, StepError):
                s = nxt
            if s.settle().solved:
                break
        if s.settle().solved:
            assert countermodel(prem, goal) is None, (thm.statement(), s.proof_text())
            assert check_proof(thm, s.proof_text()).ok

    check()


def test_patterns_the_kernel_does_not_model_are_unsupported():
    assert run("P ∧ Q ⊢ P", "obtain ⟨a, b⟩ : P ∧ Q := h1").error.kind == "unsupported"
    assert run("P ∧ Q ⊢ P", "obtain x := h1").error.kind == "unsupported"
    assert run("P ∧ Q ⊢ P", "rcases h1 with x").error.kind == "unsupported"
    assert run("P ∧ Q ⊢ P", "rcases h1").error.kind == "unsupported"
    assert run("⊢ True", "refine ⟨?_, ?_⟩").error.kind == "unsupported"
    # several typed binders: each is intro'd in turn (Lean's `intro a b` is `intro a; intro b`)
    assert run("⊢ P → Q → P", "intro (h : P) (h2 : Q)", "exact h").ok
    assert run("⊢ P → Q → P", "intro (h : P) (h2 : P)").error.kind == "type_mismatch"
    assert run("⊢ P → P", "intro (h : P) (h2 : P)").error.kind == "tactic_failed"
    assert run("⊢ P → P", "intro (h : P)", "exact h").ok  # one typed binder is modelled since issue 22
    assert run("⊢ P ∧ Q → Q", "rintro ⟨a, b⟩ : P ∧ Q → Q").error.kind == "unsupported"
    # alternatives on a one-constructor type go to its first field (processConstructors), an atom here
    e = run("P ∧ Q ⊢ P", "rcases h1 with ⟨a, b⟩ | c").error
    assert e.message == "Tactic `rcases` failed: `left✝ : P` is not an inductive datatype"
    e = run("P ∨ Q ⊢ P", "rcases h1 with ⟨a, b⟩").error  # one tuple for `∨`: `inl`'s field gets it
    assert (e.column, e.message) == (17, "Tactic `rcases` failed: `h✝ : P` is not an inductive datatype")


@pytest.mark.parametrize("hyp,pat", [("P ∨ Q", "x | y"), ("P ∧ Q", "⟨x, y⟩"), ("P ↔ Q", "⟨x, y⟩"), ("¬P ∨ (Q → P)", "x | y")])
def test_nd_shape_fast_path_equals_the_general_destructuring(hyp, pat):
    from gentzen.core.steps.core_tactics import _nd_shape, _shown
    from gentzen.core.steps.destruct import destruct
    from gentzen.core.parsing.patterns import parse_pattern
    s = start(Theorem.from_sequent(f"R, {hyp} ⊢ R"))
    goal = s.open_goals[0]
    i = len(goal.ctx) - 1
    p = parse_pattern(pat, 0)
    fast = _nd_shape(goal, i, p)
    assert fast is not None
    assert [g.render() for g in fast] == [g.render() for g in destruct(goal, i, p, _shown)]


def test_random_pattern_text_never_crashes_the_kernel():
    """Any text after `rcases h with`, `obtain … :=`, `rintro`, `intro`, `refine`, `cases … with |` is a
    verdict (a state or a StepError), never a Python exception."""
    from hypothesis import given, settings, strategies as st

    tokens = st.sampled_from(["⟨", "⟩", ",", "|", "-", "_", "x", "y", "h1", "(", ")", " ", "?_", "=>", ":", "inl"])

    @given(st.lists(tokens, max_size=12), st.sampled_from(["rcases h1 with ", "obtain ", "rintro ", "intro ",
                                                           "refine ", "cases h1 with | "]))
    @settings(max_examples=300, deadline=None)
    def check(toks, head):
        s = start(Theorem.from_sequent("(P ∧ Q) ∨ R ⊢ P → P ∧ P"))
        text = head + "".join(toks) + (" := h1" if head == "obtain " else "")
        s.step("  " + text, explicit=True)

    check()
