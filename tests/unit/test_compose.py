"""Cut composition: composed proofs pass the kernel; search chains solved variants."""

from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import Sequent, parse_sequent
from gentzen.core.proof.theorem import Theorem
from gentzen.data.compose import Solved, compose_cut, search
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
