"""The SDPO teacher's prompt: the student's prompt with a short feedback block appended, nothing else.

The block is a Lean comment (so the prompt stays a Lean file prefix) holding the checker's verdict
on a failed attempt: the error kind, the checker's message and the proof state at the failing line,
at most MAX_CHARS characters; plus a verified sibling proof from the same group when one exists.
The wording of the student's prompt is never changed (a reworded prompt confounds the signal).
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_CHARS = 2000


@dataclass(frozen=True)
class Feedback:
    """What the checker said about one failed attempt."""

    kind: str              # the checker's error kind (kernel kinds, lean_error, sorry, …)
    message: str           # its message, as the checker printed it
    line: int | None = None  # the failing line (1 = the statement)
    state: str = ""        # the proof state before the failing line, as Lean prints it


def kernel_feedback(theorem: str, proof: str, error) -> Feedback:
    """Feedback from the kernel for `proof` (a tactic block) whose check failed with `error`
    (a KernelError): the state is the one the failing line was tried on, settled as every state a
    model is shown (formats.shown_state)."""
    from gentzen.core.kernel import StepError, start
    from gentzen.models.formats import shown_state

    state = start(theorem)
    rendered = shown_state(state)
    for i, line in enumerate(proof.split("\n")):
        if error is not None and error.line is not None and i + 2 >= error.line:
            break  # the failing line: show the state it was tried on
        nxt = state.step(line, explicit=True)
        if isinstance(nxt, StepError):
            break
        state, rendered = nxt, shown_state(nxt)
    kind = error.kind if error is not None else "unknown"
    message = error.message if error is not None else "the proof was rejected"
    return Feedback(kind, message, getattr(error, "line", None), rendered)


def verdict_feedback(verdict, state: str = "") -> Feedback:
    """Feedback from any verifier's Verdict (kernel, REPL, Kimina): kind, message, line."""
    return Feedback(verdict.kind or "error", verdict.message or "the proof was rejected", verdict.line, state)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:max(0, limit - 1)] + "…"


def feedback_block(feedback: Feedback | None, sibling: str | None = None, limit: int = MAX_CHARS) -> str:
    """The block appended to the student's prompt (≤ `limit` characters, newline-terminated);
    empty when there is neither feedback nor a sibling (such a sample gets no SDPO loss)."""
    if feedback is None and not sibling:
        return ""
    parts = []
    if sibling:
        parts.append("A correct proof:\n" + sibling.rstrip("\n"))
    if feedback is not None:
        where = f" at line {feedback.line}" if feedback.line else ""
        parts.append(f"An earlier attempt failed{where}: {feedback.kind}: {feedback.message.strip()}")
        if feedback.state.strip():
            parts.append("The proof state there:\n" + feedback.state.rstrip("\n"))
    body = "\n".join(parts).replace("-/", "- /")  # nothing inside may close the comment early
    # "/-\n" + body + "\n-/\n" must fit the limit: the body is cut, the frame never is
    return "/-\n" + _clip(body, limit - 7) + "\n-/\n"


def teacher_prompt(student_prompt: str, feedback: Feedback | None, sibling: str | None = None,
                   limit: int = MAX_CHARS) -> str:
    """The teacher's prompt: exactly the student's prompt followed by the feedback block."""
    return student_prompt + feedback_block(feedback, sibling, limit)


def pick_sibling(proofs_ok: list[tuple[int, str]], index: int) -> str | None:
    """The first verified proof of the group other than sample `index` itself."""
    return next((p for i, p in proofs_ok if i != index), None)
