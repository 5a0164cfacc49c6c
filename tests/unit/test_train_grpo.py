"""GRPO's math against hand-computed values (group advantages, the clipped surrogate with and without
the KL term), and a policy update on the tiny fixture model that lowers the surrogate on its groups."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gentzen.train.grpo_loss import group_advantages

MODEL = Path(__file__).resolve().parents[1] / "fixtures" / "tiny_gen_model"


def test_advantages_are_normalised_within_the_group():
    # rewards 1,0,0,0: mean 0.25, Bessel std sqrt((0.5625 + 3 × 0.0625) / 3) = 0.5
    adv = group_advantages([1.0, 0.0, 0.0, 0.0], eps=1e-4)
    assert adv[0] == pytest.approx(0.75 / 0.5001) and adv[1] == pytest.approx(-0.25 / 0.5001)
    assert sum(adv) == pytest.approx(0.0, abs=1e-12)
    # half solved: mean 0.5, std sqrt(4 × 0.25 / 3)
    s = math.sqrt(1 / 3)
    assert group_advantages([1.0, 1.0, 0.0, 0.0], eps=0.0 + 1e-9) == pytest.approx([0.5 / s, 0.5 / s, -0.5 / s, -0.5 / s])


def test_a_group_with_equal_rewards_contributes_nothing():
    assert group_advantages([1.0] * 5) == [0.0] * 5
    assert group_advantages([0.0] * 3) == [0.0] * 3


@pytest.mark.requires_torch
def test_clipped_loss_by_hand():
    import torch

    from gentzen.train.grpo_loss import clipped_loss

    # two sequences, two tokens each (the second sequence's second token is padding)
    old = torch.zeros(2, 2)
    new = torch.tensor([[math.log(1.5), math.log(0.9)], [math.log(0.5), 0.0]])
    adv = torch.tensor([1.0, -2.0])
    mask = torch.tensor([[True, True], [True, False]])
    loss, clipped = clipped_loss(torch, new, old, adv, mask, clip=0.2)
    # seq 1 (A=1): min(1.5, 1.2) = 1.2 and min(0.9, 0.9) = 0.9 -> per-token −1.2, −0.9, mean −1.05
    # seq 2 (A=−2): min(0.5·−2, 0.8·−2) = −1.6 -> per-token 1.6
    assert float(loss) == pytest.approx((-1.05 + 1.6) / 2)
    assert clipped == pytest.approx(2 / 3)  # ratios 1.5 and 0.5 are outside [0.8, 1.2]

    # the k3 KL to a reference, weighted: exp(d) − d − 1 with d = ref − new
    ref = torch.zeros(2, 2)
    loss_kl, _ = clipped_loss(torch, new, old, adv, mask, clip=0.2, kl_coef=0.1, ref_logp=ref)
    k3 = lambda lp: math.exp(-lp) + lp - 1  # noqa: E731
    kl1 = (k3(math.log(1.5)) + k3(math.log(0.9))) / 2
    kl2 = k3(math.log(0.5))
    assert float(loss_kl) == pytest.approx((-1.05 + 0.1 * kl1 + 1.6 + 0.1 * kl2) / 2)


@pytest.mark.requires_torch
def test_the_gradient_raises_positive_advantage_sequences():
    import torch

    from gentzen.train.grpo_loss import clipped_loss

    new = torch.zeros(2, 3, requires_grad=True)
    loss, _ = clipped_loss(torch, new, torch.zeros(2, 3), torch.tensor([1.0, -1.0]), torch.ones(2, 3, dtype=torch.bool),
                           clip=0.2)
    loss.backward()
    assert (new.grad[0] < 0).all() and (new.grad[1] > 0).all()  # descent raises seq 1's log-probs, lowers seq 2's


@pytest.mark.requires_torch
def test_policy_update_lowers_the_surrogate_on_its_groups():
    import torch

    from gentzen.models.checkpoint import load_checkpoint
    from gentzen.train.grpo import GRPOConfig, update_config
    from gentzen.train.grpo_loss import policy_update, round_sequences

    model, tok, _ = load_checkpoint(MODEL)
    torch.manual_seed(0)
    rows = [{"theorem": "P ∧ Q ⊢ Q ∧ P", "attempts": [
        {"proof": "  exact ⟨h1.2, h1.1⟩", "reward": 1.0}, {"proof": "  exact h1", "reward": 0.0},
        {"proof": "  exact ⟨h1.1, h1.2⟩", "reward": 0.0}, {"proof": "", "reward": 0.0}]},
        {"theorem": "P ⊢ P", "attempts": [{"proof": "  exact h1", "reward": 1.0}] * 3}]  # equal rewards: dropped
    cfg = GRPOConfig(model=str(MODEL), targets="t", out="o", iterations=4, batch=8)  # the default lr, 1e-4
    seqs = round_sequences(tok, rows, cfg.std_eps, 512)
    assert len(seqs) == 3  # the empty attempt and the all-solved group carry no sequence
    steps = []
    res = policy_update(torch, model, None, tok, seqs, cfg, update_config(cfg, 0), steps.append)
    assert res["steps"] == 4 == len(steps)
    assert res["loss_after"] < res["loss_before"] - 1e-3
