"""core/reader/items.py's reading of a .jsonl record's proof: a term (`:= t`, or what can only start a term)
or a tactic block; a term keeps the record's columns so errors point into the record."""

from __future__ import annotations

import pytest

from gentzen.core.reader.items import term_proof


@pytest.mark.parametrize("proof, term", [
    (":= ⟨h1, h2⟩", "   ⟨h1, h2⟩"), ("  := h1", "     h1"), ("fun h => h", "fun h => h"), ("λ h => h", "λ h => h"),
    ("⟨h1, h2⟩", "⟨h1, h2⟩"), ("by\n  exact h1", "by\n  exact h1"), ("h1.1", "h1.1"), ("Or.inl h1", "Or.inl h1"),
    ("absurd h1 h2", None), ("h1 h2", "h1 h2"), ("\ufeff:= h1", "   h1"),
])
def test_terms_are_recognised_with_their_columns(proof, term):
    assert term_proof(proof, ("h1", "h2")) == term


@pytest.mark.parametrize("proof", ["  exact h1", "intro h\nexact h", "constructor", "linarith", "and_intro",
                                   "· exact h1", "hx : P := h1", ":=", "  ", "byContra h", "function h"])
def test_tactic_blocks_stay_tactic_blocks(proof):
    assert term_proof(proof, ("h1",)) is None
