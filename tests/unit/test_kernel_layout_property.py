"""Property (issue 22 acceptance): re-laying a proof across lines in ways Lean's column rules allow, and
adding or removing parentheses around `fun` binder types, never changes a verdict (accepted, or the error kind).

Lean's rules (src/Lean/Parser/Term.lean): a term's arguments only need to lie right of the tactic block's
column (`checkColGt`, the position `sepByIndent` saves), so a line break followed by deeper indentation
continues the term; `fun x : T => t` and `fun (x : T) => t` are the same binder (`basicFun` with `optType`).
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem

# (statement, tactic-mode term) pairs, valid and invalid
CASES = [
    ("theorem t (p q : Prop) : p ∧ q → q ∧ p := by", "fun h : p ∧ q => ⟨h.right, h.left⟩"),
    ("theorem t (p q : Prop) : p ∧ q → q ∧ p := by", "fun h : p ∧ q => ⟨h.left, h.right⟩"),
    ("theorem t (p q r : Prop) : (p → q) → (q → r) → p → r := by",
     "fun hpq : p → q => fun hqr : q → r => fun hp : p => hqr (hpq hp)"),
    ("theorem t (p q r : Prop) : (p → q) → (q → r) → p → r := by",
     "fun hpq : p → q => fun hqr : q → r => fun hp : p => hpq (hqr hp)"),
    ("theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by",
     "Or.elim h (fun hp : p => Or.inr hp) (fun hq : q => Or.inl hq)"),
    ("theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by",
     "Or.elim h (fun hp : p => Or.inl hp) (fun hq : q => Or.inr hq)"),
    ("theorem t (p q : Prop) (hp : p) (hnp : ¬p) : q := by", "absurd hp hnp"),
    ("theorem t (p q : Prop) (hp : p) (hnp : ¬p) : q := by", "absurd hnp hp"),
    ("theorem t (p q : Prop) : ¬p ∨ ¬q → ¬(p ∧ q) := by",
     "fun h : ¬p ∨ ¬q => fun hpq : p ∧ q => h.elim (fun hnp : ¬p => hnp hpq.1) (fun hnq : ¬q => hnq hpq.2)"),
    ("theorem t (p q : Prop) : ¬p ∨ ¬q → ¬(p ∧ q) := by",
     "fun h : ¬p ∨ ¬q => fun hpq : p ∧ q => h.elim (fun hnp : ¬p => hnp hpq.2) (fun hnq : ¬q => hnq hpq.1)"),
]
_BINDER = re.compile(r"fun (\w+) : ([^=]+?) =>")


def _verdict(stmt: str, proof: str):
    r = check_proof(parse_theorem(stmt), proof)
    return r.ok, None if r.ok else r.error.kind


def _parenthesise(term: str, mask: int) -> str:
    k = -1

    def sub(m):
        nonlocal k
        k += 1
        return f"fun ({m.group(1)} : {m.group(2)}) =>" if mask >> k & 1 else m.group(0)

    return _BINDER.sub(sub, term)


def _relay(term: str, breaks: list[int], indents: list[int]) -> str:
    """Line breaks at some spaces of `term`, each followed by an indentation deeper than the block (column 2)."""
    parts = term.split(" ")
    out = parts[0]
    for i, part in enumerate(parts[1:]):
        if i in breaks:
            out += "\n" + " " * indents[i % len(indents)] + part
        else:
            out += " " + part
    return out


@settings(max_examples=150, deadline=None)
@given(case=st.integers(0, len(CASES) - 1), mask=st.integers(0, 7),
       breaks=st.lists(st.integers(0, 30), max_size=6), indents=st.lists(st.integers(3, 9), min_size=1, max_size=4),
       term_mode=st.booleans(), exact_alone=st.booleans())
def test_layout_and_binder_parentheses_never_change_the_verdict(case, mask, breaks, indents, term_mode, exact_alone):
    stmt, term = CASES[case]
    if term_mode:
        base = stmt[:-3] + "\n  " + term
    else:
        base = stmt + "\n  exact " + term
    want = _verdict(stmt, base)
    laid = _relay(_parenthesise(term, mask), breaks, indents)
    if term_mode:
        text = stmt[:-3] + "\n  " + laid
    else:
        text = stmt + ("\n  exact\n    " if exact_alone else "\n  exact ") + laid
    assert _verdict(stmt, text) == want, text


def test_the_cases_have_both_verdicts():
    verdicts = [_verdict(s, s + "\n  exact " + t)[0] for s, t in CASES]
    assert verdicts.count(True) == verdicts.count(False) == len(CASES) // 2
