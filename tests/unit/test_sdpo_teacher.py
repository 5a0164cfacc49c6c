"""SDPO's teacher: teacher-format training sequences (kernel-checked failed attempts, verified
siblings, then the proof) and the teacher gap, computed on a tiny random model."""

from __future__ import annotations

import random

import pytest

from gentzen.core.kernel import check_proof
from gentzen.data.generate import GenConfig, generate
from gentzen.models import formats
from gentzen.train.feedback import Feedback, teacher_prompt
from gentzen.train.teacher import GapItem, failed_attempt, gap_items, teacher_examples, teacher_gap

RECS = generate(GenConfig(count=40, seed=4, min_lines=2, max_lines=10))


def test_teacher_sequences_are_the_teacher_prompt_then_the_proof():
    assert all(teacher_examples(r, 0.0) == [] for r in RECS)
    seqs = [teacher_examples(r, 1.0, seed=3) for r in RECS]
    assert all(len(s) == 1 for s in seqs)
    assert seqs == [teacher_examples(r, 1.0, seed=3) for r in RECS]  # fixed by the data and the seed
    blocks = {"feedback": 0, "sibling": 0}
    for rec, (ex,) in zip(RECS, seqs):
        head, *body = ex.segments
        student = formats.header(rec["theorem"])
        # exactly SDPO's teacher prompt: the student's prompt with one block appended, not trained on
        assert not head.train and head.text.startswith(student + "/-\n") and head.text.endswith("-/\n")
        assert all(s.train for s in body) and ex.eos
        assert "".join(s.text for s in body) == "".join(formats.target("whole", ln)
                                                        for ln in formats.proof_lines(rec["proof"]))
        blocks["feedback"] += "An earlier attempt failed" in head.text
        blocks["sibling"] += "A correct proof:\n" + "\n".join(formats.proof_lines(rec["proof"])) in head.text
    assert blocks["feedback"] >= 8 and blocks["sibling"] >= 8
    share = sum(bool(teacher_examples(r, 0.25)) for r in RECS) / len(RECS)
    assert 0.05 < share < 0.5


def test_failed_attempts_really_fail_and_the_feedback_is_the_kernels():
    rng = random.Random(0)
    kinds = set()
    for rec in RECS:
        got = failed_attempt(rec["theorem"], formats.proof_lines(rec["proof"]), rng)
        if got is None:
            continue
        text, fb = got
        res = check_proof(rec["theorem"], text)
        assert not res.ok and fb.kind == res.error.kind and fb.message == res.error.message
        assert "⊢" in fb.state
        kinds.add(fb.kind)
    assert len(kinds) >= 2  # more than one way to fail


def test_gap_items_carry_a_block_or_are_left_out():
    fb = Feedback("type_mismatch", "Type mismatch", 3, "⊢ P")
    assert gap_items("S\n", ["  exact h1"], [], 2000) == []  # neither feedback nor a sibling: no gap
    one = gap_items("S\n", ["  exact h1"], [fb], 2000)
    assert one == [GapItem("S\n", teacher_prompt("S\n", fb, None), "  exact h1\n")]
    two = gap_items("S\n", ["  exact h1", "  exact h2"], [], 2000)
    assert [i.teacher for i in two] == [teacher_prompt("S\n", None, "  exact h2"),
                                        teacher_prompt("S\n", None, "  exact h1")]


@pytest.mark.requires_torch
def test_teacher_gap_is_the_mean_log_probability_difference():
    import torch

    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import train_tokenizer
    from gentzen.train.sdpo_loss import _response_logits, make_sample

    texts = ["".join(s.text for s in ex.segments) for r in RECS[:20] for ex in formats.examples(r, "whole")]
    tok = train_tokenizer(texts, vocab_size=320)
    model = new_model("tiny", tok, max_len=1024, seed=0).eval()
    fb = Feedback("unsolved_goals", "unsolved goals", 2, "⊢ Q")
    items = []
    for r in RECS[:3]:
        student = formats.build_prompt("whole", r["theorem"])
        items += gap_items(student, [r["proof"]], [fb], 2000)
    assert teacher_gap(torch, model, model, tok, []) is None
    gap = teacher_gap(torch, model, model, tok, items, batch=2)

    def logp(prompt_ids, resp):
        with torch.no_grad():
            lg = torch.log_softmax(_response_logits(torch, model, prompt_ids, resp).float(), -1)
        return float(lg.gather(-1, torch.tensor(resp).unsqueeze(-1)).sum())

    want = 0.0
    for it in items:
        s = make_sample(tok, it.student, it.teacher, it.proof)
        want += logp(s.teacher_ids, s.response_ids) - logp(s.student_ids, s.response_ids)
    assert gap == pytest.approx(want / len(items), abs=1e-3)
    assert gap != 0.0
