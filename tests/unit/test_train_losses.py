"""CE and GEM per-token losses: GEM's gradient is CE's at β = 1, and matches a finite difference."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from gentzen.errors import InputError  # noqa: E402
from gentzen.train.losses import spread, step_sums, token_logprobs, token_losses, weighted_mean  # noqa: E402


def _batch(seed: int = 0, vocab: int = 7):
    g = torch.Generator().manual_seed(seed)
    logits = torch.randn(2, 5, vocab, generator=g, dtype=torch.float64)
    labels = torch.randint(0, vocab, (2, 5), generator=g)
    labels[0, 0] = labels[1, 4] = -100
    return logits, labels


def _grad(loss: str, beta: float = 0.7, h: str = "logsigmoid"):
    logits, labels = _batch()
    logits.requires_grad_(True)
    weighted_mean(token_losses(logits, labels, loss, beta, h), labels).backward()
    return logits.grad


def test_ce_matches_torch_cross_entropy():
    logits, labels = _batch()
    want = torch.nn.functional.cross_entropy(logits.reshape(-1, 7), labels.reshape(-1), ignore_index=-100)
    got = weighted_mean(token_losses(logits, labels, "ce"), labels)
    assert float(got) == pytest.approx(float(want), rel=1e-6)


def test_gem_at_beta_one_has_the_gradient_of_ce():
    # linear weighting: -Σ sg(p_v)(log p_y - log p_v) has gradient ∇CE + Σ_v p_v ∇log p_v = ∇CE
    assert torch.allclose(_grad("gem", 1.0, "linear"), _grad("ce"), atol=1e-6)
    assert not torch.allclose(_grad("gem", 0.5, "linear"), _grad("ce"), atol=1e-3)


def test_gem_gradient_matches_a_finite_difference():
    logits0, labels = _batch(3)
    beta = 0.7

    def surrogate(z):  # GEM with q and w fixed at logits0: what autograd differentiates
        F = torch.nn.functional
        mask = labels != -100
        safe = labels.masked_fill(~mask, 0)
        q = F.softmax(logits0 / beta, -1) * torch.sigmoid(0.01 * (logits0 - logits0.gather(-1, safe.unsqueeze(-1))))
        logp = F.log_softmax(z, -1)
        per = -(q * (logp.gather(-1, safe.unsqueeze(-1)) - logp)).sum(-1) * mask
        return per.sum() / mask.sum()

    z = logits0.clone().requires_grad_(True)
    weighted_mean(token_losses(z, labels, "gem", beta), labels).backward()
    eps = 1e-6
    for idx in [(0, 1, 2), (1, 3, 0), (0, 4, 6)]:
        up, down = logits0.clone(), logits0.clone()
        up[idx] += eps
        down[idx] -= eps
        fd = (surrogate(up) - surrogate(down)) / (2 * eps)
        assert float(z.grad[idx]) == pytest.approx(float(fd), abs=1e-7)


def test_weights_multiply_their_tokens():
    logits, labels = _batch()
    per = token_losses(logits, labels, "ce")
    w = torch.ones_like(per)
    w[0] = 0.0
    got = weighted_mean(per, labels, w)
    assert float(got) == pytest.approx(float(per[1].sum() / (labels != -100).sum()))


def test_step_helpers_and_logprobs():
    logits, labels = _batch()
    lp = token_logprobs(logits, labels)
    assert float(lp[0, 0]) == 0.0 and (lp <= 0).all()
    assert step_sums([-1.0, -2.0, -0.5, -3.0], [0, 0, 1, -1]) == [-3.0, -0.5]
    assert spread([0.2, 0.9], [0, 1, 1, -1]) == [0.2, 0.9, 0.9, 1.0]


def test_bad_loss_names():
    logits, labels = _batch()
    with pytest.raises(InputError):
        token_losses(logits, labels, "mse")
    with pytest.raises(InputError):
        token_losses(logits, labels, "gem", beta=0.0)
