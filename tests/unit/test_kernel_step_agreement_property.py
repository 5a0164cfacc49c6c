"""Property (issue 36, item 6): file mode (`check_proof`) and stepping (`start(thm).step(text)`) give the same first
error (line, column, kind), or both accept, for every text: valid proofs mutated by deleting characters, breaking
lines at spaces with any indentation, duplicating, deleting, re-indenting and swapping lines.

Both read a text line by line and, after a failure, group the tactics that span lines (layout.continued) as Lean's
column rules do; stepping is `explicit` (a column-0 line is not sent to the innermost block, which is a convenience
of interactive stepping, not Lean's file syntax). An empty `by` block is left out: in a file it is Lean's parse error
at the `by`, while a stepping state without text has nothing to report yet.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from gentzen.bench.kernel import corpus
from gentzen.core.kernel import StepError, check_proof, start
from gentzen.core.proof.theorem import parse_theorem
from gentzen.core.text.words import DECL_END

# valid proofs whose tactics span lines, term arguments over several lines, a `have` whose statement breaks
MULTI = [
    ("theorem t (p q : Prop) (hp : p) : p ∨ q := by", "  have h : p ∨\n      q := Or.inl hp\n  exact h"),
    ("theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by",
     "  exact Or.elim h\n    (fun hp : p => Or.inr hp)\n    (fun hq : q => Or.inl hq)"),
    ("theorem t (p q : Prop) (h : p ∧ q) : q ∧ p := by", "  apply And.intro\n  · exact\n      h.2\n  · exact h.1"),
    ("theorem t (p q r : Prop) (hpq : p → q) (hqr : q → r) : p → r := by",
     "  intro hp\n  have hq : q :=\n    hpq hp\n  exact hqr hq"),
    ("theorem t (p q : Prop) (hp : p) (hnpq : ¬(p ∨ q)) : False := by",
     "  exact\n    have hpq : p ∨ q := Or.inl hp\n    show False from hnpq hpq"),
    ("theorem t (p q r : Prop) (h : p ∧ q → r) : p → q → r := by",
     "  intro hp hq\n  apply h\n  exact ⟨hp,\n    hq⟩"),
    ("theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by",
     "  constructor\n  { have h := hp\n    exact h }\n  {\n    exact hq\n  }"),
    ("theorem t (p q : Prop) : p ∧ q ↔ q ∧ p := by", "  constructor <;>\n    · intro h\n      exact ⟨h.2, h.1⟩"),
    ("theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by",
     "  constructor\n  all_goals first\n    | exact hq\n    | exact hp"),
]
_CASES = [(parse_theorem(s), b) for s, b in MULTI] + list(corpus(60, seed=7))


def first_errors(thm, body: str):
    """(file mode's first error, stepping's first error), each (line, column, kind) or None when accepted."""
    r = check_proof(thm, body)
    file_mode = None if r.ok else (r.error.line, r.error.column, r.error.kind)
    assert r.ok or DECL_END not in r.error.message, r.error  # the kernel's line joiner never shows in a message
    s = start(thm).step(body, explicit=True)
    if isinstance(s, StepError):
        assert DECL_END not in s.error.message, s.error
        return file_mode, (s.error.line, s.error.column, s.error.kind)
    e = s.finish()
    return file_mode, None if e is None else (e.line, e.column, e.kind)


def mutate(rng: random.Random, body: str) -> str:
    lines = body.split("\n")
    i = rng.randrange(len(lines))
    ln = lines[i]
    k = rng.randrange(6)
    if k == 0 and len(ln) > 2:
        j = rng.randrange(len(ln))
        lines[i] = ln[:j] + ln[j + 1:]
    elif k == 1:
        spaces = [j for j, c in enumerate(ln) if c == " " and j > len(ln) - len(ln.lstrip())]
        if spaces:
            j = rng.choice(spaces)
            lines[i:i + 1] = [ln[:j], " " * rng.randint(0, 8) + ln[j + 1:]]
    elif k == 2:
        lines.insert(i, ln)
    elif k == 3 and len(lines) > 1:
        del lines[i]
    elif k == 4:
        lines[i] = " " * max(0, len(ln) - len(ln.lstrip()) + rng.randint(-2, 4)) + ln.lstrip()
    else:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def test_the_valid_proofs_are_accepted_both_ways():
    for thm, body in _CASES:
        assert first_errors(thm, body) == (None, None), body


@given(st.integers(0, len(_CASES) - 1), st.integers(0, 2**32 - 1), st.integers(1, 3))
@settings(max_examples=600, deadline=None)
def test_file_mode_and_stepping_agree_on_the_first_error(case, seed, n_mutations):
    thm, body = _CASES[case]
    rng = random.Random(seed)
    for _ in range(n_mutations):
        body = mutate(rng, body)
    if not body.strip():
        return
    file_mode, stepping = first_errors(thm, body)
    assert file_mode == stepping, (thm, body)


def test_a_have_statement_breaking_across_lines_steps_as_in_a_file():
    # the example: stepping the text read the second line alone (a parse error at the first line's end)
    thm = parse_theorem("theorem t (p q : Prop) (hp : p) : p ∨ q := by")
    assert first_errors(thm, "  have h : p ∨\n      q := Or.inl hp\n  exact h") == (None, None)
    file_mode, stepping = first_errors(thm, "  have h : p ∨\n      q := Or.inl h\n  exact h")
    assert file_mode == stepping == (3, 18, "unknown_identifier")
