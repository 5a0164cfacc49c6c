"""The reference prover: every valid sequent gets a kernel-verified proof, no invalid one does."""

from hypothesis import given, settings, strategies as st

from gentzen.core.formula import FALSE, TRUE, And, Atom, Iff, Imp, Not, Or
from gentzen.core.kernel import check_proof
from gentzen.core.sequent import Sequent, parse_sequent
from gentzen.core.theorem import Theorem
from gentzen.data.prover import prove

ATOMS = [Atom(a) for a in "PQRST"]
formulas = st.recursive(
    st.sampled_from(ATOMS + [TRUE, FALSE]),
    lambda sub: st.one_of(st.builds(Not, sub), st.builds(And, sub, sub), st.builds(Or, sub, sub),
                          st.builds(Imp, sub, sub), st.builds(Iff, sub, sub)),
    max_leaves=6)
sequents = st.builds(lambda ps, g: Sequent(tuple(ps), g), st.lists(formulas, max_size=6), formulas)


@settings(max_examples=400, deadline=None)
@given(sequents)
def test_valid_proved_invalid_refuted(seq):
    res = prove(seq)
    if seq.valid():
        assert res.proof is not None and res.countermodel is None
        assert check_proof(Theorem.from_sequent(seq), res.proof).ok
        assert res.lines == len(res.proof.split("\n"))
    else:
        assert res.proof is None and res.countermodel is not None


def test_classic_proofs_are_short():
    assert prove("P → Q, P ⊢ Q").proof == "  exact h1 h2"
    assert prove("P → Q, ¬Q ⊢ ¬P").lines == 1
    assert prove("P ∨ Q ⊢ Q ∨ P").lines == 3
    assert prove("¬¬P ⊢ P").lines == 1
    assert prove("⊢ ((P → Q) → P) → P").lines <= 10


def test_countermodel_falsifies():
    res = prove("P → Q ⊢ Q")
    assert res.proof is None and res.countermodel == {"P": False, "Q": False}


def test_names_in_textual_order():
    proof = prove(parse_sequent("P ∨ Q, P → R, Q → R ⊢ R ∧ (P → R)")).proof
    import re
    introduced = [int(m) for m in re.findall(r"(?:intro|have|with|\|) n(\d+)", proof)]
    assert introduced == sorted(introduced) and introduced[0] == 1


def test_accepts_theorem_and_negation_spelled_as_implication():
    thm = Theorem.from_sequent("P → False ⊢ ¬P", name="t")
    assert prove(thm).proof == "  exact h1"
