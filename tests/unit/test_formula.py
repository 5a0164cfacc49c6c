"""Formula parsing and Lean-exact printing (lean_facts.md §1), plus property tests."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings, strategies as st

from gentzen.core.logic.formula import (FALSE, TRUE, And, Atom, Iff, Imp, Not, Or, evaluate, parse_formula,
                                  to_lean)
from gentzen.core.logic.sequent import truth_masks
from gentzen.errors import ParseError

P, Q, R = Atom("P"), Atom("Q"), Atom("R")
p, q, a, b, c, d = (Atom(x) for x in "pqabcd")

# lean_facts.md §1.3, verbatim.
LEAN_TABLE = [
    (Imp(P, Imp(Q, R)), "P → Q → R"),
    (Imp(Imp(P, Q), R), "(P → Q) → R"),
    (Not(And(P, Q)), "¬(P ∧ Q)"),
    (Not(Not(P)), "¬¬P"),
    (And(Not(P), Q), "¬P ∧ Q"),
    (Or(And(P, Q), R), "P ∧ Q ∨ R"),
    (And(Or(P, Q), R), "(P ∨ Q) ∧ R"),
    (Or(P, And(Q, R)), "P ∨ Q ∧ R"),
    (And(P, Or(Q, R)), "P ∧ (Q ∨ R)"),
    (And(P, And(Q, R)), "P ∧ Q ∧ R"),
    (And(And(P, Q), R), "(P ∧ Q) ∧ R"),
    (Or(Or(P, Q), R), "(P ∨ Q) ∨ R"),
    (Imp(And(P, Q), R), "P ∧ Q → R"),
    (And(Imp(P, Q), R), "(P → Q) ∧ R"),
    (Imp(P, And(Q, R)), "P → Q ∧ R"),
    (Not(Imp(P, Q)), "¬(P → Q)"),
    (Imp(Not(P), Q), "¬P → Q"),
    (Imp(P, FALSE), "P → False"),
    (Iff(Imp(P, Q), R), "P → Q ↔ R"),
    (Imp(P, Iff(Q, R)), "P → (Q ↔ R)"),
    (Iff(Iff(P, Q), R), "(P ↔ Q) ↔ R"),
    (Iff(P, Iff(Q, R)), "P ↔ (Q ↔ R)"),
    (Iff(Iff(p, And(p, q)), Imp(p, q)), "(p ↔ p ∧ q) ↔ p → q"),
    (Iff(Or(a, b), Or(c, d)), "a ∨ b ↔ c ∨ d"),
    (Not(Or(P, Q)), "¬(P ∨ Q)"),
    (Not(Iff(P, Q)), "¬(P ↔ Q)"),
    (Imp(Not(a), Imp(Not(b), Not(Or(a, b)))), "¬a → ¬b → ¬(a ∨ b)"),
    (Imp(Iff(a, c), Imp(Iff(b, d), Iff(Or(a, b), Or(c, d)))), "(a ↔ c) → (b ↔ d) → (a ∨ b ↔ c ∨ d)"),
]


@pytest.mark.parametrize("formula,text", LEAN_TABLE, ids=[t for _, t in LEAN_TABLE])
def test_prints_like_lean(formula, text):
    assert to_lean(formula) == text
    assert parse_formula(text) is formula


def test_interning_makes_equality_identity():
    assert And(P, Q) is And(Atom("P"), Atom("Q"))
    assert parse_formula("(P)") is P
    assert Not(P).unf is Imp(P, FALSE)


def test_ascii_and_unicode_agree():
    assert parse_formula("~P /\\ Q -> R \\/ _|_") is parse_formula("¬P ∧ Q → R ∨ ⊥")
    assert parse_formula("P <-> Q") is Iff(P, Q)
    assert parse_formula("True ∧ ⊤") is And(TRUE, TRUE)


@pytest.mark.parametrize("text,column", [
    ("P ↔ Q ↔ R", 6), ("P ∧", 3), ("(P", 2), ("P)", 1), ("P $ Q", 2), ("", 0), ("P Q", 2), ("∧ P", 0),
])
def test_parse_errors_have_positions(text, column):
    with pytest.raises(ParseError) as ei:
        parse_formula(text)
    assert ei.value.column == column


def test_deep_formula_is_iterative():
    depth = 100_000
    text = "¬" * depth + "P"
    f = parse_formula(text)
    assert f.size == depth + 1
    assert to_lean(f) == text
    nested = "(" * depth + "P" + ")" * depth
    assert parse_formula(nested) is P
    chain = " → ".join(["P"] * 50_000)
    g = parse_formula(chain)
    assert to_lean(g) == chain


def formulas(max_leaves: int = 12):
    atoms = st.sampled_from([Atom(x) for x in "PQRS"] + [TRUE, FALSE])
    return st.recursive(
        atoms,
        lambda kids: st.one_of(
            kids.map(Not),
            st.tuples(st.sampled_from([And, Or, Imp, Iff]), kids, kids).map(lambda t: t[0](t[1], t[2]))),
        max_leaves=max_leaves)


@given(formulas())
@settings(max_examples=300, deadline=None)
def test_parse_print_roundtrip(f):
    text = to_lean(f)
    assert parse_formula(text) is f
    assert to_lean(parse_formula(text)) == text


@given(formulas())
@settings(max_examples=200, deadline=None)
def test_truth_table_agrees_with_naive_evaluation(f):
    atoms = ("P", "Q", "R", "S")
    (mask,) = truth_masks([f], atoms)
    for row, values in enumerate(itertools.product([False, True], repeat=4)):
        model = {name: bool((row >> i) & 1) for i, name in enumerate(atoms)}
        assert bool((mask >> row) & 1) == evaluate(f, model)


@given(st.lists(st.sampled_from(["P", "Q", "x1", "_", "¬", "~", "∧", "/\\", "∨", "\\/", "→", "->", "↔", "<->",
                                 "(", ")", "⊥", "_|_", "⊤", "True", "False", " ", "2", "$", "α", "Or.x"]),
                max_size=14).map("".join))
@settings(max_examples=3000, deadline=None)
def test_fast_parser_agrees_with_the_positional_parser(text):
    from gentzen.core.logic.formula import _fast_parse, parse_tokens, tokenize

    try:
        slow = parse_tokens(tokenize(text), end_column=len(text))
    except ParseError:
        slow = None
    assert _fast_parse(text) is slow
