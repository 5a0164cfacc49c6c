"""The SDPO divergence: hand-computed values on a fixed pair of distributions for reverse, forward
and JSD (full vocabulary and top-k + tail), zero for equal inputs, the IS clip, the EMA teacher."""

from __future__ import annotations

import math

import pytest

from gentzen.errors import InputError

torch = pytest.importorskip("torch")

from gentzen.train.divergence import (  # noqa: E402
    ema_update, is_weights, make_teacher, parse_kind, token_divergence, topk_tail)

P = [0.5, 0.3, 0.2]  # student
Q = [0.2, 0.2, 0.6]  # teacher


def _logits(p):
    return torch.log(torch.tensor([p], dtype=torch.float64))


def _kl(a, b):
    return sum(x * math.log(x / y) for x, y in zip(a, b))


def test_reverse_forward_jsd_equal_hand_computed_values():
    s, t = _logits(P), _logits(Q)
    # KL(P‖Q) = .5 ln 2.5 + .3 ln 1.5 + .2 ln(1/3)
    rev = 0.5 * math.log(2.5) + 0.3 * math.log(1.5) + 0.2 * math.log(1 / 3)
    fwd = 0.2 * math.log(0.4) + 0.2 * math.log(2 / 3) + 0.6 * math.log(3.0)
    assert rev == pytest.approx(_kl(P, Q)) and fwd == pytest.approx(_kl(Q, P))
    assert float(token_divergence(s, t, "reverse", topk=0)) == pytest.approx(rev, rel=1e-6)
    assert float(token_divergence(s, t, "forward", topk=0)) == pytest.approx(fwd, rel=1e-6)
    m = [0.35, 0.25, 0.4]  # (P + Q) / 2
    jsd = 0.5 * _kl(P, m) + 0.5 * _kl(Q, m)
    assert float(token_divergence(s, t, "jsd", 0.5, topk=0)) == pytest.approx(jsd, rel=1e-6)
    m3 = [0.7 * a + 0.3 * b for a, b in zip(P, Q)]  # α = 0.3: m = (1 − α) P + α Q
    jsd3 = 0.7 * _kl(P, m3) + 0.3 * _kl(Q, m3)
    assert float(token_divergence(s, t, "jsd", 0.3, topk=0)) == pytest.approx(jsd3, rel=1e-6)


def test_topk_with_tail_bucket_is_the_hand_computed_bucket_kl():
    s, t = _logits(P), _logits(Q)
    # the student's top-1 token is index 0: buckets (0.5, 0.5) vs (0.2, 0.8)
    rev = 0.5 * math.log(0.5 / 0.2) + 0.5 * math.log(0.5 / 0.8)
    assert float(token_divergence(s, t, "reverse", topk=1)) == pytest.approx(rev, rel=1e-5)
    # top-2 = indices 0, 1: buckets (.5, .3, .2) vs (.2, .2, .6) — the full KL again
    assert float(token_divergence(s, t, "reverse", topk=2)) == pytest.approx(_kl(P, Q), rel=1e-5)
    buckets = topk_tail(torch.log(torch.tensor([P])), torch.tensor([[0]]))
    assert buckets.exp().tolist()[0] == pytest.approx([0.5, 0.5])


def test_zero_for_equal_distributions_and_positive_otherwise():
    g = torch.Generator().manual_seed(0)
    x = torch.randn(7, 50, generator=g)
    y = torch.randn(7, 50, generator=g)
    for kind, a in (("reverse", 1.0), ("forward", 0.0), ("jsd", 0.5)):
        assert token_divergence(x, x.clone(), kind, a, topk=5).abs().max() < 1e-6
        assert (token_divergence(x, y, kind, a, topk=5) > 0).all()


def test_the_teacher_gets_no_gradient():
    s = torch.randn(3, 10, requires_grad=True)
    t = torch.randn(3, 10, requires_grad=True)
    token_divergence(s, t, "reverse", topk=4).sum().backward()
    assert s.grad is not None and t.grad is None


def test_is_weights_are_clipped_and_detached():
    now = torch.tensor([0.0, -1.0, -3.0], requires_grad=True)
    old = torch.tensor([-2.0, -1.0, -1.0])
    w = is_weights(now, old, 2.0)
    assert w.tolist() == pytest.approx([2.0, 1.0, math.exp(-2.0)])
    assert not w.requires_grad
    assert is_weights(now, old, 0).tolist() == [1.0, 1.0, 1.0]


def test_parse_kind():
    assert parse_kind("reverse") == ("reverse", 1.0)
    assert parse_kind("forward") == ("forward", 0.0)
    assert parse_kind("jsd:0.25") == ("jsd", 0.25)
    assert parse_kind("jsd") == ("jsd", 0.5)
    for bad in ("kl", "jsd:0", "jsd:1", "jsd:x", "reverse:0.5"):
        with pytest.raises(InputError):
            parse_kind(bad)


def test_ema_teacher_moves_by_its_rate_and_a_zero_rate_freezes_it():
    student = torch.nn.Linear(3, 2)
    teacher = make_teacher(student)
    before = teacher.weight.detach().clone()
    with torch.no_grad():
        student.weight.add_(1.0)
    ema_update(teacher, student, 0.0)
    assert torch.equal(teacher.weight, before)
    ema_update(teacher, student, 0.25)
    assert torch.allclose(teacher.weight, before + 0.25)
    assert not teacher.weight.requires_grad
