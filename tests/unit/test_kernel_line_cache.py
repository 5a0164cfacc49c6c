"""The kernel's hot path for a line seen before (`ProofState._step` on a cached raw line) gives exactly
what the step from scratch (`_step_text`) gives: states, renamed lines, errors, positions.

The uncached run patches `state.remember_line` to keep nothing, so every step takes the path from
scratch; the cached run warms the cache with the same steps first, so every cacheable step hits it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.bench.kernel import corpus
from gentzen.core import kernel
from gentzen.core.proof import state
from gentzen.core.parsing import syntax
from gentzen.core.kernel import StepError, check_proof, start
from gentzen.core.proof.theorem import Theorem

SEQUENTS = ["P, Q ⊢ P ∧ Q", "P ∨ Q ⊢ Q ∨ P", "⊢ P → P", "P ∧ Q ⊢ Q ∧ P", "P → Q, ¬Q ⊢ ¬P", "P ⊢ P"]
# Lines of every dispatch: plain, bullets, nested `by` (own line and one-line), `;`, `<;>`, `cases … with`
# alternatives (own lines and one line), comments, unindented and wrongly indented lines, errors.
LINES = ["  intro h", "  intro", "  exact h", "  exact h1", "  exact h2", "  · exact h1", "  · exact h2",
         "  constructor", "  have h : P := by", "    exact h1", "    intro a", "  have h : P := by exact h1",
         "  have : P := h1", "  have h := h1", "  exact ⟨h1, h2⟩", "  intro h; exact h", "  constructor <;> assumption",
         "  cases h1 with", "  | inl a => exact Or.inr a", "  | inr b => exact Or.inl b",
         "  | intro a b => exact ⟨b, a⟩", "  cases h1 with | inl a => exact Or.inr a | inr b => exact Or.inl b",
         "  rcases h1 with a | b", "  obtain ⟨a, b⟩ := h1", "  exact a", "  exact b", "  left", "  right", "  show P",
         "  exfalso", "  exact h1 -- note", "  /- c -/ exact h1", "  -- only a comment", "", "   ", "exact h1",
         "intro h", "    exact h2", "   exact h1", "  exact sorry", "  simp", "  exact (h1", "  apply h1",
         "  exact h2 (h1 h)", "  · constructor", "    · exact h1", "    · exact h2", "  exact h\t", "  show Q",
         "  show Q ∧ P", "  | inl a =>", "    exact Or.inr a", "  | inr b =>", "    exact Or.inl b", "exact Or.inl b",
         "| inr b => exact Or.inl b"]
# Whole proofs (and prefixes of them) that reach each dispatch; random lines follow them in the test.
SCRIPTS = [[], ["  constructor", "  · exact h1", "  · exact h2"],
           ["  constructor", "  show Q", "  exact h2", "  exact h1"],
           ["  cases h1 with", "  | inl a => exact Or.inr a", "  | inr b => exact Or.inl b"],
           ["  cases h1 with", "  | inl a =>", "    exact Or.inr a", "  | inr b =>", "    exact Or.inl b"],
           ["  rcases h1 with a | b", "  · exact Or.inr a", "  · exact Or.inl b"],
           ["  have h : P := by", "    exact h1", "  constructor", "  exact h", "  exact h2"],
           ["  obtain ⟨a, b⟩ := h1", "  exact ⟨b, a⟩"], ["  intro h", "  exact h"], ["  intro", "  intro"],
           ["  cases h1 with", "  | inl a =>", "    exact Or.inr a", "  exact h1"], ["exact h1", "exact h1"],
           ["  have h : P := by exact h1", "  exact h"], ["  intro h; exact h", "  exact h"],
           ["  and_intro", "  reit h1", "  reit h2"], ["  or_elim h1 with n1 n2", "  · or_intro_right", "    reit n1"],
           ["  imp_intro n1", "  reit n1"], ["  exact Gentzen.ND.imp_elim h1 h2"], ["  have h : P := by"]]


def _outcome(x):
    if isinstance(x, StepError):
        e = x.error
        return ("error", e.line, e.column, e.kind, e.message, e.end_line, e.end_column)
    return ("state", x.render(), x.proof_text(), x.line_no, x.next_n, x.solved,
            tuple((f.kind, f.column, f.opener, len(f.goals)) for f in x.frames), x.finish())


def _walk(seq: str, lines: list[str], **kw) -> list:
    """Every intermediate outcome of stepping `lines` one at a time (an error leaves the state as it was)."""
    state = start(Theorem.from_sequent(seq, name="t"), **{k: v for k, v in kw.items() if k not in ("explicit",
                                                                                             "settle")})
    out = []
    for ln in lines:
        nxt = state.step(ln, explicit=kw.get("explicit", False))
        out.append(_outcome(nxt))
        if not isinstance(nxt, StepError):
            state = nxt.settle() if kw.get("settle") else nxt  # (the REPL server settles its states)
    return out


def _both(fn, monkeypatch):
    """fn() uncached (nothing kept), then fn() twice cached (the second run takes the hot path)."""
    syntax._LINE_CACHE.clear()
    with monkeypatch.context() as m:
        m.setattr(state, "remember_line", lambda raw, prepared: None)
        cold = fn()
    fn()
    return cold, fn()


@given(st.sampled_from(SEQUENTS), st.sampled_from(SCRIPTS), st.integers(0, 5),
       st.lists(st.sampled_from(LINES), max_size=6), st.booleans(), st.booleans(), st.booleans(), st.booleans(),
       st.booleans())
@settings(max_examples=600, deadline=None)
def test_cached_steps_match_steps_from_scratch(seq, script, cut, tail, auto_names, strict_nd, nd_import, explicit,
                                                settle):
    lines = script[:len(script) - cut] + tail
    kw = dict(auto_names=auto_names, strict_nd=strict_nd, nd_import=nd_import, explicit=explicit, settle=settle)
    with pytest.MonkeyPatch.context() as mp:
        cold, warm = _both(lambda: _walk(seq, lines, **kw), mp)
    assert warm == cold


@pytest.mark.parametrize("script", SCRIPTS)
def test_cached_scripts_match_in_every_mode(script, monkeypatch):
    flags = [dict(auto_names=a, strict_nd=s, nd_import=n, explicit=e, settle=t) for a in (False, True)
             for s in (False, True) for n in (False, True) for e in (False, True) for t in (False, True)]
    cold, warm = _both(lambda: [_walk(seq, script + script[:2], **kw) for seq in SEQUENTS for kw in flags], monkeypatch)
    assert warm == cold


def _result(r):
    e = r.error
    return (r.ok, r.steps, None if e is None else (e.line, e.column, e.kind, e.message, e.end_line, e.end_column))


def test_cached_check_proof_matches_on_the_bench_corpus(monkeypatch):
    items = corpus(240, 1)
    cold, warm = _both(lambda: [_result(check_proof(t, p)) for t, p in items], monkeypatch)
    assert warm == cold and all(ok for ok, _n, _e in cold)
    # and every proof with one line broken (a hypothesis that does not exist), which the hot path must reject too
    broken = [(t, p.replace("n1", "n9", 1)) for t, p in items]
    cold, warm = _both(lambda: [_result(check_proof(t, p)) for t, p in broken], monkeypatch)
    assert warm == cold and sum(not ok for ok, _n, _e in cold) > 100


def test_the_hot_path_is_taken(monkeypatch):
    """The cache holds prepared raw lines, and a warm step does not prepare the line again."""
    syntax._LINE_CACHE.clear()
    t = Theorem.from_sequent("P, Q ⊢ P ∧ Q", name="t")
    proof = "  constructor\n  · exact h1\n  · exact h2"
    assert check_proof(t, proof).ok
    assert "  · exact h1" in syntax._LINE_CACHE
    calls = []
    monkeypatch.setattr(kernel.ProofState, "_step_text", lambda self, raw, explicit: calls.append(raw))
    assert check_proof(t, proof).ok and calls == []


@pytest.mark.parametrize("text,expect", [
    ("  have h : P := by", (False, 1, (3, 0, "parse", "unexpected end of input; expected '{'", 2, 18))),
    ("example (P : Prop) (h1 : P) : P := by\n  exact h1", (True, 1, None)),
    ("example (P : Prop) (h1 : P) : P := h1", (True, 1, None)),
    ("example (P : Prop) (h1 : P) : P := by\n  exact h2",
     (False, 0, (2, 8, "unknown_identifier", "Unknown identifier `h2`", 2, 10))),
    ("\ufeff  exact h1", (True, 1, None)),
    ("  \n  ", (False, 0, (1, 39, "parse", "unexpected end of input; expected '{'", None, None))),
])
def test_check_proof_entry_forms(text, expect, monkeypatch):
    """The bare-block shortcut of `check_proof`, statements, and the end of a proof (outcomes as at dc140a8)."""
    t = Theorem.from_sequent("P ⊢ P", name="t")
    cold, warm = _both(lambda: _result(check_proof(t, text)), monkeypatch)
    assert cold == warm == expect
