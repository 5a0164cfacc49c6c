"""Sequents: parsing, validity with countermodels (tables and the DPLL fallback), canonical forms."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from gentzen.core.logic.formula import evaluate
from gentzen.core.logic.sequent import TABLE_ATOM_LIMIT, Sequent, _dpll_countermodel, parse_sequent
from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.errors import ParseError

from test_formula import formulas


def test_parse_and_print():
    s = parse_sequent("P -> Q, P |- Q")
    assert str(s) == "P → Q, P ⊢ Q"
    assert s.valid() and s.countermodel() is None
    assert str(parse_sequent("⊢ P ∨ ¬P")) == "⊢ P ∨ ¬P"
    assert parse_sequent("P ∨ ¬P").premises == ()


def test_countermodel_falsifies():
    s = parse_sequent("P → Q, Q ⊢ P")
    cm = s.countermodel()
    assert cm == {"P": False, "Q": True}


def test_canonical_ignores_order_duplicates_and_renaming():
    a = parse_sequent("P → Q, P ⊢ Q").canonical()
    b = parse_sequent("R, R → S, R ⊢ S").canonical()
    assert a == b
    assert a != parse_sequent("P → Q, Q ⊢ P").canonical()


def test_many_atoms_use_the_decision_procedure():
    n = 40
    atoms = [f"A{i}" for i in range(n)]
    chain = ", ".join(f"{atoms[i]} → {atoms[i + 1]}" for i in range(n - 1))
    valid = parse_sequent(f"{chain}, A0 ⊢ A{n - 1}")
    assert len(valid.atoms) > TABLE_ATOM_LIMIT
    assert valid.valid()
    invalid = parse_sequent(f"{chain} ⊢ A{n - 1}")
    cm = invalid.countermodel()
    assert cm is not None
    assert all(evaluate(p, cm) for p in invalid.premises) and not evaluate(invalid.goal, cm)


@given(st.lists(formulas(6), max_size=3), formulas(6))
@settings(max_examples=150, deadline=None)
def test_dpll_agrees_with_truth_tables(prem, goal):
    s = Sequent(tuple(prem), goal)
    table = s.countermodel()
    sat = _dpll_countermodel(list(prem), goal)
    assert (table is None) == (sat is None)
    if sat is not None:
        model = {a: sat.get(a, False) for a in "PQRS"}
        assert all(evaluate(p, model) for p in prem) and not evaluate(goal, model)


def test_theorem_statement_roundtrip():
    t = Theorem.from_sequent("P → Q, ¬Q ⊢ ¬P", name="mt")
    assert t.statement() == "theorem mt (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by"
    assert parse_theorem(t.statement()) == t
    assert parse_theorem("theorem x (P Q : Prop) (h1 : P → Q) : P → Q := by").hyps[0][0] == "h1"


@pytest.mark.parametrize("bad", ["P ⊢ Q ⊢ R", "P, ⊢ Q", "P → ⊢ Q", "theorem t (P : Prop) : Q := by",
                                 "theorem t (P : Prop) : P"])
def test_bad_sequents_and_theorems(bad):
    with pytest.raises(ParseError):
        parse_theorem(bad)
