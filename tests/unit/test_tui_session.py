"""The prove mode's UI-free model: enter/undo/redo, placement of unindented lines, suggestions,
goal theorems and block re-indentation for search, atomic saving; plus the run-mode charts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem
from gentzen.engines.fake import FakeEngine
from gentzen.errors import GentzenError
from gentzen.tui.session import (ProofSession, enter_block, goal_theorem, live_check, rebase, search, suggest)

SWAP = "P ∧ Q ⊢ Q ∧ P"
LINES = ["constructor", "· exact h1.2", "· exact h1.1", "exact h1", "intro x", "exact h1.2", "have h : Q := h1.2"]


def test_rejected_unindented_line_is_shown_where_the_kernel_put_it():
    s = ProofSession(parse_theorem(SWAP))
    s.enter("constructor")
    s.enter("· exact h1.2")
    step = s.enter("· exact h1.2")  # wrong half: type mismatch at the term
    assert not step.ok and step.text == "  · exact h1.2"
    assert step.text[step.error.column:step.error.end_column] == "h1.2"
    assert step.span_error is step.error
    assert len(s.accepted) == 2 and s.state.render().endswith("⊢ P")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=6), st.integers(0, 6))
def test_undo_all_returns_to_start_and_redo_restores(lines, undos):
    s = ProofSession(parse_theorem(SWAP))
    for ln in lines:
        s.enter(ln)
    final = s.state.render()
    n = len(s.accepted)
    for _ in range(undos):
        s.undo()
    assert len(s.accepted) == max(0, n - undos)
    while s.redo() is not None:
        pass
    assert s.state.render() == final
    # the accepted lines, replayed from the start as one text, give the same state
    if s.accepted:
        assert s.initial.step(s.proof_text(), explicit=True).render() == final
    while s.undo() is not None:
        pass
    assert s.state.render() == s.initial.render()


def test_accepted_proof_text_matches_the_kernel():
    s = ProofSession(parse_theorem(SWAP))
    for ln in ["constructor", "· exact h1.2", "· exact h1.1"]:
        assert s.enter(ln).ok
    assert s.solved and check_proof(SWAP, s.proof_text()).ok


def test_live_check_is_parse_only():
    st0 = ProofSession(parse_theorem(SWAP)).state
    assert live_check(st0, "exact h9") is None  # unknown names are for enter, not for typing
    assert live_check(st0, "exact (h1").kind == "parse"
    assert live_check(st0, "exact h1 -- (unbalanced in a comment") is None
    assert live_check(st0, "admit").kind == "forbidden"


def test_suggest_ranks_accepted_by_logprob_and_dedupes():
    texts = {0: "exact h1.2\n", 1: "constructor\n", 2: "constructor\n", 3: "exact h1\n"}
    # FakeEngine: logprob = -1 per token, so shorter lines have the higher log-probability
    eng = FakeEngine(lambda p, i: texts[i % 4])
    s = ProofSession(parse_theorem(SWAP))
    got = suggest(s, eng, "whole", n=8)
    assert [g.line for g in got] == ["constructor", "exact h1", "exact h1.2"]
    assert [g.ok for g in got] == [True, False, False] and got[0].count == 4
    assert got[0].logprob == -len("constructor\n")


def test_suggest_state_format_prompt_holds_the_goals():
    eng = FakeEngine(lambda p, i: "constructor\n")
    s = ProofSession(parse_theorem(SWAP))
    suggest(s, eng, "state", n=1)
    assert "⊢ Q ∧ P" in eng.calls[0].prompts[0]


def test_suggest_asks_in_model_names_and_answers_in_the_users():
    # the model was trained on premises named h1…hn and atoms P, Q, …: it is asked in those, its lines
    # come back in the user's names and are checked against the user's own state
    user = "example (p q : Prop) (hp : p) (hnq : ¬q) : p ∧ ¬q := by"
    eng = FakeEngine(lambda p, i: ["exact ⟨h1, h2⟩\n", "exact h2\n"][i % 2])
    s = ProofSession(parse_theorem(user))
    got = suggest(s, eng, "state", n=4)
    prompt = eng.calls[0].prompts[0]
    assert "h1 : P" in prompt and "h2 : ¬Q" in prompt and "hp" not in prompt and "hnq" not in prompt
    assert [(g.line, g.ok) for g in got] == [("exact ⟨hp, hnq⟩", True), ("exact hnq", False)]
    assert got[0].solves
    # the proof so far is renamed too; a statement already in h1…hn is asked as it is
    s.enter("constructor")
    suggest(s, eng, "whole", n=1)
    assert "(h1 : P) (h2 : ¬Q)" in eng.calls[-1].prompts[0] and "  constructor" in eng.calls[-1].prompts[0]
    plain = ProofSession(parse_theorem(SWAP))
    suggest(plain, eng, "whole", n=1)
    assert "(h1 : P ∧ Q)" in eng.calls[-1].prompts[0]


def test_guided_search_samples_in_model_names_and_enters_the_users():
    eng = FakeEngine(lambda p, i: "exact ⟨h2, h1⟩\n" if "(h1 : P) (h2 : Q)" in p else "exact hp\n")
    s = ProofSession(parse_theorem("example (p q : Prop) (hp : p) (hq : q) : q ∧ p := by"))
    lines, _ = search(s, eng, "whole", samples=2)
    assert lines == ["exact ⟨hq, hp⟩"]
    assert all(x.ok for x in enter_block(s, lines)) and s.solved


def test_guided_search_proves_an_iff_one_direction_at_a_time():
    # as `prove` does (search/split.py): each direction asked apart, the joined proof entered and kernel-checked
    def answer(p, i):
        if "⊢ P ∧ Q → Q ∧ P" in p:
            return "exact fun h => ⟨h.2, h.1⟩\n"
        return "exact fun h => ⟨h.2, h.1⟩\n" if "⊢ Q ∧ P → P ∧ Q" in p else "exact h1\n"
    eng = FakeEngine(answer)
    s = ProofSession(parse_theorem("example (p q : Prop) : p ∧ q ↔ q ∧ p := by"))
    lines, _ = search(s, eng, "state", samples=2)
    assert lines[0] == "constructor" and len(lines) == 3
    assert all(x.ok for x in enter_block(s, lines)) and s.solved
    assert check_proof("example (p q : Prop) : p ∧ q ↔ q ∧ p := by", s.proof_text()).ok


def test_goal_theorem_and_reindented_block():
    s = ProofSession(parse_theorem("P → Q ∧ P, P ⊢ P ∧ Q"))
    s.enter("have h : Q ∧ P := by")
    thm = goal_theorem(s.state)
    assert thm.statement() == "theorem here (P Q : Prop) (h1 : P → Q ∧ P) (h2 : P) : Q ∧ P := by"
    lines = rebase("  constructor\n  · exact (h1 h2).1\n  · exact h2")
    assert lines == ["constructor", "· exact (h1 h2).1", "· exact h2"]
    steps = enter_block(s, lines)
    assert all(x.ok for x in steps) and steps[0].text == "    constructor" and steps[1].text == "    · exact (h1 h2).1"
    assert s.enter("exact ⟨h.2, h.1⟩").ok and s.solved  # the box is closed: this goes to the top block
    assert check_proof("P → Q ∧ P, P ⊢ P ∧ Q", s.proof_text()).ok


def test_goal_theorem_skips_shadowed_names_and_refuses_when_done():
    s = ProofSession(parse_theorem("P ⊢ Q → Q"))
    s.enter("intro h1")  # shadows the premise h1 : P
    thm = goal_theorem(s.state)
    assert thm.statement() == "theorem here (P Q : Prop) (h1 : Q) : Q := by"
    s.enter("exact h1")
    with pytest.raises(GentzenError):
        goal_theorem(s.state)


def test_save_writes_only_finished_proofs_atomically(tmp_path):
    s = ProofSession(parse_theorem("P ⊢ P", default_name="triv"))
    with pytest.raises(GentzenError, match="not finished"):
        s.save(tmp_path)
    s.enter("exact h1")
    p = s.save(tmp_path)
    assert p.name == "triv.lean" and p.read_text() == "theorem triv (P : Prop) (h1 : P) : P := by\n  exact h1\n"
    assert [x.name for x in tmp_path.iterdir()] == ["triv.lean"]


def test_charts():
    from gentzen.tui.widgets import bar_chart, line_chart, sparkline

    assert sparkline([0, 1, 2, 3, 4, 5, 6, 7]) == "▁▂▃▄▅▆▇█"
    assert sparkline([]) == "" and sparkline([2, 2]) == "▁▁"
    bars = bar_chart([("a", 0.5), ("bb", 1.0)], width=10, top=1.0).plain.splitlines()
    assert bars == ["a  █████      0.500", "bb ██████████ 1.000"]
    chart = line_chart({"s": [0.0, 1.0, 2.0]}, height=2).plain.splitlines()
    assert chart[1:3] == ["  │  █", "  │ ██"]
    two = line_chart({"a": [1.0, 2.0], "b": [10.0, 20.0]}, height=1).plain.splitlines()
    assert two[1] == two[4] == "  │▄█"  # each series on its own scale
