"""The shared update's batches and loss weighting as SFT's (issue 40): length-bucketed batches, every proof
weighing the same in a batch's loss (not every token), and the forgetting probe per theorem and per length
bucket beside the token mean."""

from __future__ import annotations

import math

import pytest

from gentzen.train.probe import bucket
from gentzen.train.sequences import batch_stream


def _epoch(stream, n_batches):
    return [next(stream) for _ in range(n_batches)]


def test_length_bucketed_batches_hold_similar_lengths_and_cover_every_proof_once_an_epoch():
    lengths = [10 * (i % 20) + 5 for i in range(320)]  # 20 lengths, 16 of each
    bucketed = _epoch(batch_stream(lengths, 16, 0, True), 20)
    assert sorted(i for b in bucketed for i in b) == list(range(320))
    spread = lambda bs: sum(max(lengths[i] for i in b) - min(lengths[i] for i in b) for b in bs) / len(bs)  # noqa: E731
    mixed = _epoch(batch_stream(lengths, 16, 0, False), 20)
    assert all(len(set(b)) == len(b) for b in mixed)
    assert spread(bucketed) < 0.25 * spread(mixed)  # padding and length mix: SFT's batches, not random ones


def test_bucket_names():
    assert [bucket(n) for n in (1, 4, 5, 8, 9, 12, 13, 40)] == ["1-4", "1-4", "5-8", "5-8", "9-12", "9-12", "13+", "13+"]


@pytest.mark.requires_torch
def test_every_proof_weighs_the_same_however_long():
    import torch

    from gentzen.train.losses import per_proof_mean, weighted_mean

    # proof 0: one row of 4 tokens, loss 1 each; proof 1: two rows (a state-format proof), 1 token of loss 3
    per_token = torch.tensor([[1.0, 1.0, 1.0, 1.0], [3.0, 0.0, 0.0, 0.0], [3.0, 0.0, 0.0, 0.0]])
    labels = torch.tensor([[5, 5, 5, 5], [5, -100, -100, -100], [5, -100, -100, -100]])
    owner = torch.tensor([0, 1, 1])
    sup = (labels != -100).float()

    def rows(w):  # per row: weighted loss sum, supervised tokens
        return (per_token * w * sup).sum(1), sup.sum(1)

    assert float(per_proof_mean(*rows(1.0), owner, 2)) == pytest.approx((1.0 + 3.0) / 2)
    assert float(weighted_mean(per_token, labels)) == pytest.approx(10.0 / 6)  # the token mean: the long one leads
    w = torch.tensor([[2.0] * 4, [1.0] * 4, [0.5] * 4])
    assert float(per_proof_mean(*rows(w), owner, 2)) == pytest.approx((2.0 + (3 + 1.5) / 2) / 2)


@pytest.mark.requires_torch
def test_the_update_objective_is_the_mean_of_each_proofs_own_ce():
    import torch

    from gentzen.models import formats
    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import train_tokenizer
    from gentzen.train.samples import records
    from gentzen.train.update import UpdateConfig, batch_objective, encode_proof, newline_ids

    recs = records()
    short = min(recs, key=lambda r: len(r["proof"]))
    long = max(recs, key=lambda r: len(r["proof"]))
    tok = train_tokenizer(list(formats.corpus(recs, "whole")) + list(formats.corpus(recs, "state")), vocab_size=300)
    model = new_model("tiny", tok, seed=0).eval()
    with torch.no_grad():  # sharper than a fresh model's near-uniform outputs, so proofs' CEs differ
        for prm in model.parameters():
            prm.mul_(4.0)
    for fmt in ("whole", "state"):
        nl = newline_ids(tok)
        proofs = [encode_proof(tok, r, fmt, 512, nl) for r in (short, long)]
        with torch.no_grad():
            each = [batch_objective(torch, model, tok, [p], UpdateConfig(format=fmt), "cpu") for p in proofs]
            both = batch_objective(torch, model, tok, proofs, UpdateConfig(format=fmt), "cpu")
            token = batch_objective(torch, model, tok, proofs, UpdateConfig(format=fmt, weighting="token"), "cpu")
        assert float(both[0]) == pytest.approx((float(each[0][0]) + float(each[1][0])) / 2, rel=1e-5)
        n0, n1 = each[0][3], each[1][3]
        assert n1 > 2 * n0
        assert float(token[0]) == pytest.approx((float(each[0][0]) * n0 + float(each[1][0]) * n1) / (n0 + n1), rel=1e-5)
        assert not math.isclose(float(both[0]), float(token[0]), rel_tol=1e-3)
