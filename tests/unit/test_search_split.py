"""search/split.py: a `↔` conclusion proved one direction at a time, the halves joined and kernel-checked."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.logic.formula import Atom, FALSE, And, Iff, Imp, Not, Or
from gentzen.core.logic.sequent import countermodel
from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.data.prover import prove as reference
from gentzen.search.guided import Attempt, SampleResult, SamplerConfig
from gentzen.search.split import half_samples, join, joined_result, sample_statement, split_iff


def test_only_a_conclusion_that_is_an_iff_is_split():
    for text in ("example (p q : Prop) : p → p ∨ q := by", "example (p : Prop) : ¬(p ↔ ¬p) := by",
                 "example (A C B : Prop) (h : A ↔ C) (h2 : C ∧ B) : A ∧ B := by",
                 "example (p q : Prop) : (p ↔ q) ∧ (q ↔ p) → p → q := by"):
        assert split_iff(parse_theorem(text)) is None, text


def test_leading_premises_are_introduced_with_fresh_names():
    thm = parse_theorem("example (P Q R S : Prop) (h2 : P) : (P ↔ Q) → (R ↔ S) → (P ∧ R ↔ Q ∧ S) := by")
    split = split_iff(thm)
    assert split.intros == ("h3", "h4")  # h2 is the user's: the fresh names skip it
    assert [h.statement() for h in split.halves] == [
        "example (P Q R S : Prop) (h2 : P) (h3 : P ↔ Q) (h4 : R ↔ S) : P ∧ R → Q ∧ S := by",
        "example (P Q R S : Prop) (h2 : P) (h3 : P ↔ Q) (h4 : R ↔ S) : Q ∧ S → P ∧ R := by"]
    # an atom named like a fresh premise is skipped too
    split = split_iff(parse_theorem("example (h1 q : Prop) : (h1 ↔ q) → (q ↔ h1) := by"))
    assert split.intros == ("h2",)


def _reference_sampler(calls):
    def sampler(thm, engine, cfg, verbose=False):
        calls.append((thm.statement(), cfg.samples))
        proof = reference(thm).proof
        return SampleResult(thm, [Attempt(ok=proof is not None, proof=proof or "", tokens=7) for _ in range(cfg.samples)])
    return sampler


def test_sample_statement_joins_the_halves_into_a_proof_of_the_statement():
    thm = parse_theorem("example (p q r : Prop) : p ∨ q ∧ r ↔ (p ∨ q) ∧ (p ∨ r) := by")
    for names in ("model", "as-written"):
        calls = []
        res = sample_statement(thm, None, SamplerConfig(samples=5), names=names, sampler=_reference_sampler(calls))
        assert res.solved and check_proof(thm, res.proof).ok
        assert res.proof.splitlines()[0] == "  constructor"
        assert [k for _, k in calls] == [2, 3]  # K = 5 split 2 + 3: never more attempts than asked for
        assert len(res.attempts) == 5 and sum(a.ok for a in res.attempts) == 1
    calls = []
    res = sample_statement(thm, None, SamplerConfig(samples=5), names="as-written", split=False,
                           sampler=_reference_sampler(calls))
    assert res.solved and calls == [(thm.statement(), 5)]  # --whole-iff: the statement itself, K attempts


def test_a_failed_half_leaves_the_statement_unproved_and_the_second_half_untried():
    thm = parse_theorem("example (p q : Prop) : p ∧ q ↔ q ∧ p := by")
    split = split_iff(thm)
    failed = SampleResult(split.halves[0], [Attempt(ok=False, proof="  exact h", tokens=3) for _ in range(4)])
    calls = []

    def sampler(t, engine, cfg, verbose=False):
        calls.append(t.statement())
        return failed
    res = sample_statement(thm, None, SamplerConfig(samples=8), names="as-written", sampler=sampler)
    assert not res.solved and len(calls) == 1 and len(res.attempts) == 4


def test_a_join_the_kernel_rejects_is_not_a_proof():
    thm = parse_theorem("example (p q : Prop) : p ∧ q ↔ q ∧ p := by")
    split = split_iff(thm)
    wrong = SampleResult(split.halves[0], [Attempt(ok=True, proof="  intro n1\n  exact n1")])
    res = joined_result(split, wrong, wrong)
    assert not res.solved and res.attempts[-1].error is not None


def test_half_samples_add_up():
    for k in range(1, 20):
        a, b = half_samples(SamplerConfig(samples=k))
        assert a.samples + b.samples == k


_ATOMS = [Atom(x) for x in "PQR"]
formulas = st.recursive(st.sampled_from(_ATOMS + [FALSE]),
                        lambda sub: st.one_of(st.builds(And, sub, sub), st.builds(Or, sub, sub),
                                              st.builds(Imp, sub, sub), st.builds(Not, sub)), max_leaves=5)


@settings(max_examples=60, deadline=None)
@given(formulas, st.integers(0, 4), formulas, st.lists(formulas, max_size=2))
def test_joined_reference_halves_always_check(a, how, c, premises):
    """Whenever the statement is valid the halves are, and their proofs joined pass the kernel. The right side is
    mostly a rewrite of the left equivalent to it (random pairs are rarely equivalent)."""
    b = [c, Not(Not(a)), Or(a, And(FALSE, c)), And(Imp(c, c), a), Or(And(a, c), And(a, Not(c)))][how]
    goal = Iff(a, b)
    for p in reversed(premises):
        goal = Imp(p, goal)
    thm = Theorem("t", tuple(x.name for x in _ATOMS), (), goal, keyword="example")
    if countermodel((), goal, thm.atoms) is not None:
        return
    split = split_iff(thm)
    halves = [reference(h).proof for h in split.halves]
    assert None not in halves
    assert check_proof(thm, join(split, *halves)).ok, join(split, *halves)


def test_a_failed_direction_is_shown_in_the_statements_context():
    # the closest attempt a user sees is a partial proof of their statement, its error where the kernel puts it there
    from gentzen.search.split import _in_context

    bad = "  intro n1\n  exact n1"
    for stmt, good in (("example (p q : Prop) : p ∧ q ↔ q ∧ p := by", "  intro n1\n  exact ⟨n1.2, n1.1⟩"),
                       ("example (p q : Prop) : (p ↔ q) → (q ↔ p) := by", "  intro n1\n  exact h1.2 n1")):
        thm = parse_theorem(stmt)
        split = split_iff(thm)
        for part, before in ((0, ()), (1, (good,))):
            err = check_proof(split.halves[part], bad).error
            shown = _in_context(split, Attempt(ok=False, proof=bad, error=err), before)
            whole = check_proof(thm, shown.proof).error
            assert not shown.ok and "constructor" in shown.proof
            assert (shown.error.line, shown.error.column, shown.error.kind) == (whole.line, whole.column, whole.kind)
