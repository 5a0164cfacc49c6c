"""The SDPO teacher prompt: the student's prompt plus the feedback block only (kind, message, the
state at the failing line, ≤ 2k characters; a verified sibling when one exists)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem
from gentzen.models.formats import build_prompt
from gentzen.train.feedback import (
    Feedback, feedback_block, kernel_feedback, pick_sibling, teacher_prompt)

THM = "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by"
BAD = "  have n1 : Q := h1 h2\n  exact h2"


def _student():
    return build_prompt("whole", parse_theorem(THM).statement())


def test_kernel_feedback_names_the_error_and_the_state_at_the_failing_line():
    res = check_proof(THM, BAD)
    assert not res.ok
    fb = kernel_feedback(THM, BAD, res.error)
    assert fb.kind == res.error.kind and fb.message == res.error.message and fb.line == 3
    assert "n1 : Q" in fb.state and "⊢ Q" in fb.state  # the state the failing `exact h2` was tried on


def test_teacher_prompt_is_the_student_prompt_plus_the_block_only():
    student = _student()
    fb = kernel_feedback(THM, BAD, check_proof(THM, BAD).error)
    teacher = teacher_prompt(student, fb, sibling="  exact h1 h2")
    assert teacher.startswith(student)
    block = teacher[len(student):]
    assert block == feedback_block(fb, "  exact h1 h2")
    assert block.startswith("/-\n") and block.endswith("\n-/\n") and block.count("-/") == 1
    assert fb.kind in block and fb.message in block and "exact h1 h2" in block
    assert teacher_prompt(student, None) == student  # nothing to say: the teacher is the student


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=0, max_size=5000), st.text(max_size=3000), st.integers(200, 3000))
def test_the_block_never_exceeds_its_limit_and_stays_one_comment(message, state, limit):
    block = feedback_block(Feedback("lean_error", message, 4, state), None, limit)
    assert len(block) <= limit
    assert block.startswith("/-\n") and block.endswith("\n-/\n")
    assert "-/" not in block[3:-4]


def test_pick_sibling_never_uses_the_sample_itself():
    ok = [(2, "  exact h1 h2")]
    assert pick_sibling(ok, 2) is None
    assert pick_sibling(ok, 0) == "  exact h1 h2"
