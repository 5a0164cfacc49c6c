"""SDPO's training step: a failed sample and its teacher context -> the per-token loss, and the update.

The student is pulled toward the stop-gradient teacher (the same model shown the checker's
feedback) on the student's own response tokens, weighted by clipped importance ratios
(divergence.py); `sdpo_update` runs cfg.steps optimizer steps then the teacher's EMA step.
sdpo.py calls it on the failed samples sdpo_group.py makes; torch is passed in, so this module imports none.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gentzen.train.sdpo_config import SDPOConfig


@dataclass
class Sample:
    """A student sample and its teacher context: token ids of both prompts and the shared response."""

    student_ids: list[int]
    teacher_ids: list[int]
    response_ids: list[int]


def make_sample(tokenizer, student_prompt: str, teacher_prompt: str, response: str) -> Sample:
    """The response is tokenized once and appended to both prompts (the teacher re-scores the
    student's own tokens, as the reference does)."""
    def enc(text, special):
        return list(tokenizer(text, add_special_tokens=special)["input_ids"])

    return Sample(enc(student_prompt, True), enc(teacher_prompt, True), enc(response, False))


def _response_logits(torch, model, prompt_ids: list[int], response_ids: list[int]):
    """Logits [R, V] predicting each response token after the prompt."""
    device = next(model.parameters()).device
    ids = torch.tensor([prompt_ids + response_ids], device=device)
    logits = model(input_ids=ids).logits[0]
    start = len(prompt_ids) - 1
    return logits[start:start + len(response_ids)]


def sample_loss(torch, student, teacher, s: Sample, kind: str, alpha: float, topk: int,
                is_clip: float, old_logp=None):
    """(Σ per-token divergence × IS weight, tokens, Σ divergence, the sampled tokens' log-probs now)."""
    from gentzen.train.divergence import is_weights, sampled_logprobs, token_divergence

    s_logits = _response_logits(torch, student, s.student_ids, s.response_ids)
    with torch.no_grad():
        t_logits = _response_logits(torch, teacher, s.teacher_ids, s.response_ids)
    div = token_divergence(s_logits, t_logits, kind, alpha, topk)
    ids = torch.tensor(s.response_ids, device=s_logits.device)
    now = sampled_logprobs(s_logits, ids).detach()
    w = is_weights(now, now if old_logp is None else old_logp, is_clip)
    return (div * w).sum(), len(s.response_ids), float(div.detach().sum()), now


def batch_response_logits(torch, model, prompts: list[list[int]], responses: list[list[int]]):
    """Logits [Σ R_i, V] predicting every response token after its prompt, all samples in one
    right-padded forward pass (padding after a sequence cannot change its causal logits)."""
    device = next(model.parameters()).device
    seqs = [p + r for p, r in zip(prompts, responses)]
    width = max(map(len, seqs))
    ids = torch.zeros((len(seqs), width), dtype=torch.long, device=device)
    mask = torch.zeros_like(ids)
    for i, seq in enumerate(seqs):
        ids[i, :len(seq)] = torch.tensor(seq, device=device)
        mask[i, :len(seq)] = 1
    logits = model(input_ids=ids, attention_mask=mask).logits
    return torch.cat([logits[i, len(p) - 1:len(p) - 1 + len(r)] for i, (p, r) in enumerate(zip(prompts, responses))])


def sdpo_update(torch, student, teacher, samples: list[Sample], opt, cfg: SDPOConfig, batch: int = 16) -> dict:
    """cfg.steps optimizer steps on the token-mean loss of `samples` (forward passes of `batch`
    samples), then the teacher's EMA step. The IS weights compare each step's log-probs with those
    of the first step (the sampler's weights: the engine was synced to them), so step 1's are 1."""
    from gentzen.train.divergence import ema_update, is_weights, parse_kind, sampled_logprobs, token_divergence

    kind, alpha = parse_kind(cfg.divergence)
    params = [p for p in student.parameters() if p.requires_grad]
    chunks = [samples[k:k + batch] for k in range(0, len(samples), batch)]
    tokens = sum(len(s.response_ids) for s in samples)
    old: list = [None] * len(chunks)
    first = last = None
    student.train()
    for _ in range(cfg.steps):
        opt.zero_grad(set_to_none=True)
        div_sum = 0.0
        for c, chunk in enumerate(chunks):  # gradients accumulate over chunks: one step per iteration
            resp = [s.response_ids for s in chunk]
            s_logits = batch_response_logits(torch, student, [s.student_ids for s in chunk], resp)
            with torch.no_grad():
                t_logits = batch_response_logits(torch, teacher, [s.teacher_ids for s in chunk], resp)
            div = token_divergence(s_logits, t_logits, kind, alpha, cfg.topk)
            ids = torch.tensor([t for r in resp for t in r], device=s_logits.device)
            now = sampled_logprobs(s_logits, ids).detach()
            if old[c] is None:
                old[c] = now
            w = is_weights(now, old[c], cfg.is_clip)
            ((div * w).sum() / max(tokens, 1)).backward()
            div_sum += float(div.detach().sum())
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        first = div_sum / max(tokens, 1) if first is None else first
        last = div_sum / max(tokens, 1)
        ema_update(teacher, student, cfg.ema)
    student.eval()
    return {"divergence": float(f"{first:.6g}"), "divergence_last_step": float(f"{last:.6g}"),
            "train_tokens": tokens * cfg.steps}
