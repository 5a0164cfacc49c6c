"""GRPO's math: group-relative advantages, the clipped surrogate loss, and the policy-gradient steps.

`round_sequences` turns a round's groups into (rows, advantage) per attempt: one (ids, labels) row in the
whole format, one per step in the state formats (each step under its state prompt, so a proof's
log-probability is the sum of its steps'); `policy_update` takes μ passes of clipped steps over them under
the shared warm-up + cosine schedule. torch is passed in, so this module imports none.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from gentzen.train.update import UpdateConfig


def group_advantages(rewards: list[float], eps: float = 1e-4) -> list[float]:
    """(r − mean) / (std + ε) within one group, std with Bessel's correction (torch.std, as TRL);
    a group whose rewards are all equal gets zeros (it carries no signal)."""
    n = len(rewards)
    mean = sum(rewards) / n
    if n < 2 or all(r == rewards[0] for r in rewards):
        return [0.0] * n
    std = math.sqrt(sum((r - mean) ** 2 for r in rewards) / (n - 1))
    return [(r - mean) / (std + eps) for r in rewards]


def clipped_loss(torch, logp, old_logp, advantages, mask, clip: float, kl_coef: float = 0.0, ref_logp=None,
                 owner=None):
    """GRPO's objective, negated: per token −min(ρA, clip(ρ, 1−ε, 1+ε)A) + β·KL(π‖π_ref) with
    ρ = exp(logp − old_logp) and the k3 estimator exp(ref − logp) − (ref − logp) − 1; averaged over
    each attempt's tokens, then over attempts (DeepSeekMath eq. 3). `owner[r]` is the attempt of row r
    (state formats: one row per step); None: one row per attempt. Returns (loss, clipped share)."""
    if owner is None:
        owner = torch.arange(logp.size(0), device=logp.device)
    ratio = torch.exp(logp - old_logp)
    adv = advantages[owner].unsqueeze(1)
    per_token = -torch.min(ratio * adv, torch.clamp(ratio, 1 - clip, 1 + clip) * adv)
    if kl_coef > 0:
        d = ref_logp - logp
        per_token = per_token + kl_coef * (torch.exp(d) - d - 1)
    m = mask.to(per_token.dtype)
    sums = torch.zeros(advantages.size(0), dtype=per_token.dtype, device=per_token.device)
    lengths = torch.zeros_like(sums).index_add(0, owner, m.sum(1)).clamp(min=1)
    loss = (sums.index_add(0, owner, (per_token * m).sum(1)) / lengths).mean()
    clipped = (((ratio < 1 - clip) | (ratio > 1 + clip)).to(m.dtype) * m).sum() / m.sum().clamp(min=1)
    return loss, float(clipped)


def sequence_logprobs(torch, model, rows, pad_id: int, device: str):
    """(per-token log-probs of the labels, mask of the labelled positions) of (ids, labels) rows."""
    from gentzen.train import losses
    from gentzen.train.sequences import collate

    ids, labels, attn = collate(torch, rows, pad_id, device)
    logits = model(input_ids=ids, attention_mask=attn).logits[:, :-1]
    target = labels[:, 1:]
    return -losses.token_losses(logits, target, "ce", 1.0, "linear"), target != -100  # with its gradient


# -- a round's data -------------------------------------------------------------------------------


def written_steps(attempt) -> list[str]:
    """The lines a state-format attempt's proof is made of, as the model wrote them (names left to the
    environment): every accepted line, then a failed attempt's last rejected one (a guided attempt's
    earlier redraws are not part of its proof). An empty line (the model stopping) is no step."""
    events = attempt.events
    steps = [e["line"] for e in events if e["ok"]]
    if not attempt.ok and events and not events[-1]["ok"] and events[-1]["line"].strip():
        steps.append(events[-1]["line"])
    return steps


def step_prompts(theorem: str, steps: list[str], fmt: str) -> list[tuple[str, str]]:
    """(prompt, completion) per written step under the prompt the sampler showed: the state after the
    accepted steps before it (replayed in the kernel with the environment's names); a step the kernel
    rejects can only be the last."""
    from gentzen.core.kernel import start
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.models import formats

    th = parse_theorem(theorem)
    statement, state, out = th.statement(), start(th, auto_names=True), []
    for line in steps:
        so_far = state.proof_text()
        out.append((formats.build_prompt(fmt, statement, so_far + "\n" if so_far else "", formats.shown_state(state)),
                    formats.target(fmt, line)))
        nxt = state.step(line)
        if not hasattr(nxt, "render"):
            break
        state = nxt
    return out


def state_rows(tokenizer, theorem: str, steps: list[str], fmt: str, max_len: int) -> list[tuple[list[int], list[int]]]:
    """(ids, labels) per written step under its state prompt (step_prompts)."""
    from gentzen.models import formats
    from gentzen.train.sequences import encode

    return [encode(tokenizer, formats.Example((formats.Segment(prompt, False), formats.Segment(step, True)), eos=False),
                   max_len, loss_on_prompt=False) for prompt, step in step_prompts(theorem, steps, fmt)]


def round_sequences(tokenizer, rows: list[dict], eps: float, max_len: int,
                    fmt: str = "whole") -> list[tuple[list[tuple[list[int], list[int]]], float]]:
    """(rows, advantage) of every attempt in a group with mixed rewards: one (ids, labels) row in the
    whole format, one per written step (the attempt's "steps") in the state formats. A failed whole
    attempt's text ends at its rejected line, where the model did not write EOS: its EOS label is
    dropped. An empty attempt (EOS first) has no text to train on and only counts in its group's
    statistics."""
    from gentzen.train.sequences import encode_proof, newline_ids

    newlines, out = newline_ids(tokenizer), []
    for row in rows:
        rewards = [a["reward"] for a in row["attempts"]]
        for a, adv in zip(row["attempts"], group_advantages(rewards, eps)):
            if adv == 0.0:
                continue
            if fmt != "whole":
                seq = state_rows(tokenizer, row["theorem"], a.get("steps", []), fmt, max_len)
                if seq:
                    out.append((seq, adv))
                continue
            if not a["proof"].strip():
                continue
            ids, labels = encode_proof(tokenizer, {"theorem": row["theorem"], "proof": a["proof"]}, "whole",
                                       max_len, newlines).rows[0]
            if not a["reward"] and labels and labels[-1] == tokenizer.eos_token_id:
                labels = labels[:-1] + [-100]
            out.append(([(ids, labels)], adv))
    return out


def policy_update(torch, model, ref_model, tokenizer, seqs, cfg, ucfg: UpdateConfig,
                  on_step: Callable[[dict], None]) -> dict:
    """μ passes of clipped policy-gradient steps over `seqs` with a fresh AdamW under the shared
    warm-up + cosine schedule; the old log-probs are the round model's, taken before the first step.
    `cfg` is the run's GRPOConfig (clip, kl_coef, iterations)."""
    import time

    from gentzen.train.update import lr_at

    device, pad = str(next(model.parameters()).device), tokenizer.pad_token_id
    chunks = [list(range(i, min(i + ucfg.batch, len(seqs)))) for i in range(0, len(seqs), ucfg.batch)]

    owners = [torch.tensor([j for j, i in enumerate(c) for _ in seqs[i][0]], device=device) for c in chunks]

    def logps(m, idx):
        return sequence_logprobs(torch, m, [row for i in idx for row in seqs[i][0]], pad, device)

    model.eval()
    with torch.no_grad():
        old = [logps(model, c)[0] for c in chunks]
        ref = [logps(ref_model, c)[0] for c in chunks] if ref_model is not None else [None] * len(chunks)
    adv = [torch.tensor([seqs[i][1] for i in c], dtype=old[0].dtype, device=device) for c in chunks]

    def surrogate() -> float:  # the loss over every sequence of the round, no gradient
        with torch.no_grad():
            total = sum(float(clipped_loss(torch, lp, old[k], adv[k], mk, cfg.clip, cfg.kl_coef, ref[k], owners[k])[0]) * len(c)
                        for k, c in enumerate(chunks) for lp, mk in [logps(model, c)])
        return total / len(seqs)

    before = surrogate()
    params = [p for p in model.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=ucfg.lr, betas=(0.9, 0.95), weight_decay=0.0)
    rng, total, step = random.Random(ucfg.seed), cfg.iterations * len(chunks), 0
    model.train()
    for _ in range(cfg.iterations):
        order = list(range(len(chunks)))
        rng.shuffle(order)
        for k in order:
            step += 1
            t0 = time.perf_counter()
            lr = lr_at(ucfg, step, total)
            for g in opt.param_groups:
                g["lr"] = lr
            lp, mk = logps(model, chunks[k])
            loss, clipped = clipped_loss(torch, lp, old[k], adv[k], mk, cfg.clip, cfg.kl_coef, ref[k], owners[k])
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, ucfg.grad_clip)
            opt.step()
            on_step({"step": step, "loss": float(loss.detach()), "clipped": clipped, "sequences": len(chunks[k]),
                     "tokens": int(mk.sum()), "lr": lr, "seconds": time.perf_counter() - t0})
    model.eval()
    return {"steps": step, "loss_before": before, "loss_after": surrogate(),
            "tokens": sum(len(ids) for rows, _ in seqs for ids, _ in rows) * cfg.iterations}
