"""The reference prover: every valid sequent gets a kernel-verified proof, no invalid one does."""

from hypothesis import given, settings, strategies as st

from gentzen.core.logic.formula import FALSE, TRUE, And, Atom, Iff, Imp, Not, Or
from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import Sequent, parse_sequent
from gentzen.core.proof.theorem import Theorem
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


# ---- the complete fallback (a truth table written out as a case-split proof)

from hypothesis import given as _given, settings as _settings, strategies as _st  # noqa: E402

from gentzen.core.logic.formula import And as _And, Atom as _Atom, FALSE as _F, Iff as _Iff, Imp as _Imp  # noqa: E402
from gentzen.core.logic.formula import Not as _Not, Or as _Or, TRUE as _T  # noqa: E402
from gentzen.core.kernel import check_proof as _check  # noqa: E402
from gentzen.core.logic.sequent import Sequent as _Seq  # noqa: E402
from gentzen.core.proof.theorem import Theorem as _Thm  # noqa: E402
from gentzen.data.casesplit import prove_by_cases  # noqa: E402


def _formulas():
    leaf = _st.sampled_from([_Atom("P"), _Atom("Q"), _Atom("R"), _T, _F])
    return _st.recursive(leaf, lambda k: _st.one_of(
        k.map(_Not), _st.tuples(_st.sampled_from([_And, _Or, _Imp, _Iff]), k, k).map(lambda t: t[0](t[1], t[2]))),
        max_leaves=6)


@_given(_st.lists(_formulas(), max_size=3), _formulas())
@_settings(max_examples=120, deadline=None)
def test_case_split_fallback_proves_every_valid_sequent(prem, goal):
    seq = _Seq(tuple(prem), goal)
    if seq.countermodel() is not None:
        return
    thm = _Thm.from_sequent(seq)
    proof = prove_by_cases(thm)
    assert _check(thm, proof).ok, (str(seq), proof)
