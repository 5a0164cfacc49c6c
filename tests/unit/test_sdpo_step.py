"""One SDPO step on a fixed failed sample lowers the divergence to a frozen teacher; the divergence is
0 when the teacher's prompt is the student's; the loss covers the response tokens only."""

from __future__ import annotations

import copy

import pytest

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem
from gentzen.models.formats import build_prompt
from gentzen.train.samples import records

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

THM = "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by"
BAD = "  have n1 : Q := h1 h2\n  exact h2"


@pytest.fixture(scope="module")
def tiny():
    from gentzen.models import formats
    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import train_tokenizer

    torch.set_num_threads(1)
    tok = train_tokenizer(list(formats.corpus(records(), "whole")), vocab_size=400)
    return new_model("tiny", tok, seed=0), tok


def _samples(tok, same_prompt=False):
    from gentzen.train.feedback import kernel_feedback, teacher_prompt
    from gentzen.train.sdpo_loss import make_sample

    student = build_prompt("whole", parse_theorem(THM).statement())
    fb = kernel_feedback(THM, BAD, check_proof(THM, BAD).error)
    teacher = student if same_prompt else teacher_prompt(student, fb)
    return [make_sample(tok, student, teacher, BAD + "\n")]


def _divergence(model, teacher, samples, kind="reverse", alpha=1.0):
    from gentzen.train.sdpo_loss import sample_loss

    with torch.no_grad():
        loss, n, d, _ = sample_loss(torch, model, teacher, samples[0], kind, alpha, 20, 2.0)
    return d / n


def test_divergence_is_zero_when_the_teacher_sees_the_student_prompt(tiny):
    from gentzen.train.divergence import make_teacher

    model, tok = tiny
    teacher = make_teacher(model)
    for kind, alpha in (("reverse", 1.0), ("forward", 0.0), ("jsd", 0.5)):
        assert _divergence(model, teacher, _samples(tok, same_prompt=True), kind, alpha) == pytest.approx(0, abs=1e-6)
        assert _divergence(model, teacher, _samples(tok), kind, alpha) > 1e-6


@pytest.mark.parametrize("divergence", ["reverse", "forward", "jsd:0.5"])
def test_one_step_on_a_fixed_failed_sample_lowers_the_divergence(tiny, divergence):
    from gentzen.train.divergence import make_teacher, parse_kind
    from gentzen.train.sdpo_config import SDPOConfig
    from gentzen.train.sdpo_loss import sdpo_update

    base, tok = tiny
    model = copy.deepcopy(base)
    teacher = make_teacher(model)
    samples = _samples(tok)
    kind, alpha = parse_kind(divergence)
    before = _divergence(model, teacher, samples, kind, alpha)
    cfg = SDPOConfig(divergence=divergence, ema=0.0, lr=1e-5, steps=1)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    stats = sdpo_update(torch, model, teacher, samples, opt, cfg)
    after = _divergence(model, teacher, samples, kind, alpha)
    assert stats["divergence"] == pytest.approx(before, rel=1e-5)
    assert after < before
    assert stats["train_tokens"] == len(samples[0].response_ids)


def test_the_teacher_reads_the_same_response_tokens(tiny):
    _, tok = tiny
    s = _samples(tok)[0]
    assert s.teacher_ids[:len(s.student_ids)] == s.student_ids  # the block is appended, nothing else
    assert len(s.teacher_ids) > len(s.student_ids)
    assert tok.decode(s.response_ids) == BAD + "\n"


def test_batched_forward_equals_one_sample_at_a_time(tiny):
    from gentzen.train.divergence import make_teacher
    from gentzen.train.feedback import Feedback, teacher_prompt
    from gentzen.train.sdpo_loss import batch_response_logits, make_sample, sample_loss

    model, tok = tiny
    teacher = make_teacher(model)
    student = build_prompt("whole", parse_theorem(THM).statement())
    samples = [make_sample(tok, student, teacher_prompt(student, Feedback("k", "m" * n)), resp)
               for n, resp in ((3, BAD + "\n"), (40, "  exact h2\n"), (9, "  intro x\n  exact x x\n"))]
    with torch.no_grad():
        one = [sample_loss(torch, model, teacher, s, "reverse", 1.0, 20, 2.0)[2] for s in samples]
        logits = batch_response_logits(torch, model, [s.teacher_ids for s in samples], [s.response_ids for s in samples])
    from gentzen.train.sdpo_loss import _response_logits

    each = torch.cat([_response_logits(torch, model, s.teacher_ids, s.response_ids) for s in samples])
    assert torch.allclose(logits, each, atol=1e-4)
    assert all(x > 0 for x in one)
