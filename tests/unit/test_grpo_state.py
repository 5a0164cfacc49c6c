"""GRPO on the state format (the shipped model's): an attempt's steps as the model wrote them, one row per
step under the state the sampler showed, the clipped loss averaged over an attempt's tokens across its rows
(a proof's log-probability is the sum of its steps'), and a policy update on the shipped model that lowers
its surrogate."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gentzen.search.guided import Attempt
from gentzen.train.grpo_loss import written_steps

SHIPPED = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "assets" / "default_model"


def test_written_steps_keep_accepted_lines_and_the_last_rejected_one():
    ev = lambda line, ok: {"line": line, "ok": ok, "kind": None, "redraw": False}  # noqa: E731
    failed = Attempt(ok=False, events=[ev("intro", True), ev("exact h9", False), ev("exact h1", True),
                                       ev("exact bad", False)])
    assert written_steps(failed) == ["intro", "exact h1", "exact bad"]  # the redraw in between is dropped
    solved = Attempt(ok=True, events=[ev("exact x", False), ev("exact h1", True)])
    assert written_steps(solved) == ["exact h1"]
    stopped = Attempt(ok=False, events=[ev("intro", True), ev("", False)])
    assert written_steps(stopped) == ["intro"]  # the model stopping is no step


@pytest.mark.requires_torch
def test_one_row_per_step_under_the_state_before_it():
    from gentzen.models.tokenizer import load_tokenizer
    from gentzen.train.grpo_loss import round_sequences

    tok = load_tokenizer(SHIPPED)
    rows = [{"theorem": "P ∧ Q ⊢ Q ∧ P", "attempts": [
        {"proof": "", "reward": 1.0, "steps": ["have : P := h1.1", "have : Q := h1.2", "exact ⟨n2, n1⟩"]},
        {"proof": "", "reward": 0.0, "steps": ["have : P := h1.1", "exact ⟨hac n1"]}]}]
    seqs = round_sequences(tok, rows, 1e-4, 512, "state")
    assert [len(r) for r, _ in seqs] == [3, 2] and seqs[0][1] > 0 > seqs[1][1]
    texts = [tok.decode(ids) for ids, _ in seqs[0][0]]
    assert "n1 : P" not in texts[0] and "n1 : P" in texts[1] and "n2 : Q" in texts[2]  # each step's own state
    assert texts[0].endswith("have : P := h1.1\n") and seqs[1][0][1][0][:len(seqs[0][0][1][0]) - 8] == \
        seqs[0][0][1][0][:len(seqs[0][0][1][0]) - 8]  # the same state prompt before the second step


@pytest.mark.requires_torch
def test_the_loss_of_an_attempt_spread_over_rows_is_that_of_its_tokens_together():
    import torch

    from gentzen.train.grpo_loss import clipped_loss

    lp = torch.tensor([[math.log(1.5), math.log(0.9)], [math.log(0.5), 0.0], [math.log(1.1), 0.0]])
    mask = torch.tensor([[True, True], [True, False], [True, False]])
    adv = torch.tensor([1.0, -2.0])
    # attempt 0 = rows 0 and 1 (3 tokens), attempt 1 = row 2
    loss, _ = clipped_loss(torch, lp, torch.zeros(3, 2), adv, mask, clip=0.2, owner=torch.tensor([0, 0, 1]))
    a0 = (-1.2 - 0.9 - 0.5) / 3  # min(ρ, clip(ρ))·A per token: 1.2, 0.9, 0.5 (ratio below 0.8 unclipped for A>0)
    a1 = 2.0 * 1.1  # A = −2: −min(1.1·−2, 1.1·−2)
    assert float(loss) == pytest.approx((a0 + a1) / 2)
    # the same tokens as one row per attempt give the same loss
    lp1 = torch.tensor([[math.log(1.5), math.log(0.9), math.log(0.5)], [math.log(1.1), 0.0, 0.0]])
    m1 = torch.tensor([[True, True, True], [True, False, False]])
    assert float(clipped_loss(torch, lp1, torch.zeros(2, 3), adv, m1, clip=0.2)[0]) == pytest.approx(float(loss))


@pytest.mark.requires_torch
def test_policy_update_on_the_shipped_model_lowers_the_surrogate():
    import torch

    from gentzen.models.checkpoint import load_checkpoint
    from gentzen.train.grpo import GRPOConfig, update_config
    from gentzen.train.grpo_loss import policy_update, round_sequences

    model, tok, _ = load_checkpoint(SHIPPED)
    torch.manual_seed(0)
    ok = ["have : P := h1.1", "have : Q := h1.2", "exact ⟨n2, n1⟩"]
    rows = [{"theorem": "P ∧ Q ⊢ Q ∧ P", "attempts": [{"proof": "", "reward": 1.0, "steps": ok},
                                                      {"proof": "", "reward": 0.0, "steps": ["exact h1"]},
                                                      {"proof": "", "reward": 0.0, "steps": ok[:1] + ["exact n1"]}]}]
    cfg = GRPOConfig(model=str(SHIPPED), targets="t", out="o", iterations=4, batch=8)
    ucfg = update_config(cfg, 0)
    assert ucfg.format == "state"
    res = policy_update(torch, model, None, tok, round_sequences(tok, rows, cfg.std_eps, 512, ucfg.format), cfg,
                        ucfg, lambda ev: None)
    assert res["steps"] == 4 and res["loss_after"] < res["loss_before"] - 1e-3
