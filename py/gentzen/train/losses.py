"""Per-token training losses shared by every training command: cross-entropy and GEM.

GEM (Li et al., ICLR 2025; `liziniu/GEM` `gem_loss`) matches the model to its own tempered
distribution q = softmax(z / β) (detached): loss = -Σ_v q_v w_v (log p_y - log p_v), with
w_v = sigmoid(0.01 (z_v - z_y)) ("logsigmoid") or 1 ("linear"). Per-step weights (CAT,
`gentzen.train.weights`) multiply the per-token loss of their step; CE is weight 1.
"""

from __future__ import annotations

from gentzen.errors import InputError, require

LOSSES = ("ce", "gem")


def token_losses(logits, labels, loss: str = "ce", beta: float = 0.7, h: str = "logsigmoid"):
    """Per-token losses [B, T] (0 where labels == -100) for already aligned logits [B, T, V] and labels [B, T]."""
    torch = require("torch", "train")
    F = torch.nn.functional
    if loss not in LOSSES:
        raise InputError(f"unknown loss {loss!r}; choose one of {', '.join(LOSSES)}")
    mask = labels != -100
    safe = labels.masked_fill(~mask, 0)
    logits = logits.float()
    logp = F.log_softmax(logits, dim=-1)
    logp_y = logp.gather(-1, safe.unsqueeze(-1)).squeeze(-1)
    if loss == "ce":
        return (-logp_y) * mask
    if not 0.0 < beta <= 1.0:
        raise InputError(f"GEM's beta must be in (0, 1], got {beta}")
    with torch.no_grad():
        q = F.softmax(logits / beta, dim=-1)
        if h == "logsigmoid":
            z_y = logits.gather(-1, safe.unsqueeze(-1))
            q = q * torch.sigmoid(0.01 * (logits - z_y))
        elif h != "linear":
            raise InputError(f"unknown GEM weighting {h!r}; choose logsigmoid or linear")
    per_token = -(q * (logp_y.unsqueeze(-1) - logp)).sum(-1)
    return per_token * mask


def weighted_mean(per_token, labels, token_weights=None):
    """Σ w · loss / (number of supervised tokens); weights are detached multipliers (CAT)."""
    mask = labels != -100
    if token_weights is not None:
        per_token = per_token * token_weights.detach()
    return per_token.sum() / mask.sum().clamp(min=1)


def per_proof_mean(row_sum, row_count, owner, n_proofs: int):
    """Each proof's mean (weighted) token loss over its own supervised tokens, then the mean over proofs:
    every proof weighs the same, however long. Per row: `row_sum` its weighted loss sum, `row_count` its
    supervised tokens, `owner[r]` its proof (a state-format proof spans rows)."""
    torch = require("torch", "train")
    sums = torch.zeros(n_proofs, dtype=row_sum.dtype, device=row_sum.device).index_add(0, owner, row_sum)
    counts = torch.zeros_like(sums).index_add(0, owner, row_count.to(sums.dtype))
    has = counts > 0
    return (sums[has] / counts[has]).mean() if bool(has.any()) else row_sum.sum() * 0.0


def token_logprobs(logits, labels):
    """log p(label) per token [B, T] (0 where labels == -100), detached: the input of CAT weights."""
    torch = require("torch", "train")
    with torch.no_grad():
        mask = labels != -100
        safe = labels.masked_fill(~mask, 0)
        lp = torch.nn.functional.log_softmax(logits.float(), dim=-1).gather(-1, safe.unsqueeze(-1)).squeeze(-1)
        return lp * mask


def step_sums(values: list[float], step_ids: list[int]) -> list[float]:
    """Sum per step of per-token values (e.g. log-probs), steps numbered 0…L-1; -1 marks tokens of no step."""
    n = max(step_ids, default=-1) + 1
    out = [0.0] * n
    for v, s in zip(values, step_ids):
        if s >= 0:
            out[s] += v
    return out


def spread(step_values: list[float], step_ids: list[int], default: float = 1.0) -> list[float]:
    """Per-token copy of per-step values (tokens of no step get `default`)."""
    return [step_values[s] if 0 <= s < len(step_values) else default for s in step_ids]
