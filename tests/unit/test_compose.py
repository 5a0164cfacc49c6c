"""Cut composition: composed proofs pass the kernel; search chains solved variants; the missing lemmas,
once proved, complete a composition."""

from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import Sequent, TruthTable, parse_sequent
from gentzen.core.proof.theorem import Theorem
from gentzen.data.compose import Solved, compose_cut, missing_lemmas, search
from gentzen.data.generate import GenConfig, generate
from gentzen.data.prover import prove
from gentzen.data.variants import variants

TARGETS = generate(GenConfig(count=10, seed=21, min_lines=4, max_lines=12))


def _solved(seq: Sequent) -> Solved:
    thm = Theorem.from_sequent(seq)
    return Solved.from_theorem(thm, prove(thm).proof)


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(TARGETS), st.data())
def test_cut_composition_verifies(rec, data):
    seq = parse_sequent(rec["sequent"], atoms=tuple(rec["atoms"]))
    cuts = [v for v in variants(seq, depth=1) if v["chain"][0].startswith("lemma: cut-left")]
    if not cuts:
        return
    left = parse_sequent(data.draw(st.sampled_from(cuts))["sequent"], atoms=seq.atoms)
    right = Sequent(seq.premises + (left.goal,), seq.goal, seq.atoms)
    thm = Theorem.from_sequent(seq)
    proof = compose_cut(thm, _solved(left), _solved(right))
    assert check_proof(thm, proof).ok


def test_chain_search_over_solved_variants():
    target = Theorem.from_sequent("P → Q, Q → R, R → S, P ⊢ S")
    pieces = [_solved(parse_sequent(s)) for s in ("R → S, R ⊢ S", "Q → R, Q ⊢ R", "P → Q, P ⊢ Q")]
    proof = search(target, pieces)
    assert proof is not None and check_proof(target, proof).ok
    assert proof.startswith("  have n1 : Q := h1 h4")
    assert search(target, pieces[:2]) is None


def test_missing_lemmas_names_what_a_solved_main_still_needs_recursively():
    target = Theorem.from_sequent("P → Q, Q → R, R → S, P ⊢ S")
    main = _solved(parse_sequent("R → S, R ⊢ S"))
    assert [str(f) for f in missing_lemmas(target, [main])] == ["R"]
    # a solved piece for R under a further premise Q: Q is needed too, after R
    assert [str(f) for f in missing_lemmas(target, [main, _solved(parse_sequent("Q → R, Q ⊢ R"))])] == ["R", "Q"]
    # R derivable from the target's premises and solved pieces: nothing is missing
    assert missing_lemmas(target, [main, _solved(parse_sequent("P → Q, Q → R, P ⊢ R"))]) == []
    # a premise Γ does not entail (a case of P ∨ Q) is no lemma: proving Γ ⊢ P is impossible
    either = Theorem.from_sequent("P ∨ Q ⊢ Q ∨ P")
    assert missing_lemmas(either, [_solved(parse_sequent("P ⊢ Q ∨ P"))]) == []


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(TARGETS), st.data())
def test_proving_the_missing_lemmas_makes_composition_succeed(rec, data):
    """The point of --cut-lemmas: with Γ ⊢ ψ proved for every ψ missing_lemmas names, any solved variant proving
    the goal from premises Γ entails composes into a kernel-checked proof of the target."""
    seq = parse_sequent(rec["sequent"], atoms=tuple(rec["atoms"]))
    target = Theorem.from_sequent(seq)
    mains = [v for v in variants(seq, depth=2) if parse_sequent(v["sequent"], atoms=seq.atoms).goal.unf is seq.goal.unf]
    if not mains:
        return
    chosen = data.draw(st.lists(st.sampled_from(mains), min_size=1, max_size=3, unique_by=lambda v: v["name"]))
    pieces = [_solved(parse_sequent(v["sequent"], atoms=seq.atoms)) for v in chosen]
    missing = missing_lemmas(target, pieces)
    table = TruthTable(seq.atoms)
    for psi in missing:
        assert table.entails(seq.premises, psi)  # Γ ⊨ ψ: a valid lemma
    pieces += [_solved(Sequent(seq.premises, psi, seq.atoms)) for psi in missing]
    entailed = [s for s in pieces if s.goal.unf is seq.goal.unf and all(table.entails(seq.premises, p) for p in s.premises)]
    proof = search(target, pieces)
    if entailed:
        assert proof is not None and check_proof(target, proof).ok
