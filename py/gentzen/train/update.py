"""The fine-tuning step every training command shares (train ei, every ttrl arm, GRPO later).

`update(model, tokenizer, records, UpdateConfig(...), probe=...)` turns {theorem, proof} records into
training sequences (`formats.examples`, `sequences.encode`), builds a fresh AdamW and takes `epochs` passes
(or a fixed `steps`) of `batch` proofs under a warm-up + cosine learning rate, with a per-token loss
(CE or GEM, `losses.py`) times each proof step's CAT weight (`weights.py`); the forgetting probe is the
mean CE of fixed held-out proofs before and after. The mix (own proofs + replay) is `replay.py`'s.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import math
import random

from gentzen.config import option as _opt
from gentzen.errors import InputError, require
from gentzen.models import formats
from gentzen.train import losses
from gentzen.train.sequences import Proof, encode_proof, newline_ids
from gentzen.train.weights import KINDS, cat_weights


@dataclass
class UpdateConfig:
    epochs: float = _opt(0.78, "passes over the update's records (the source: 135 × 128 draws over a ~22k mix)")
    steps: int = _opt(0, "optimizer steps per update; 0: sized by epochs (ceil(epochs × records / batch))")
    batch: int = _opt(16, "proofs per optimizer step (a proof is one sequence in `whole`, one per line in the state formats)")
    lr: float = _opt(1e-4, "peak learning rate (AdamW; a fresh optimizer every update)")
    warmup: float = _opt(0.05, "share of the update's steps warming the learning rate up linearly")
    min_lr_frac: float = _opt(0.1, "final learning rate as a fraction of the peak (cosine decay)")
    loss: str = _opt("ce", "per-token loss: ce | gem")
    beta: float = _opt(0.7, "GEM's temperature β in (0, 1]; 1 recovers CE's gradient")
    gem_h: str = _opt("logsigmoid", "GEM's weighting function: logsigmoid | linear")
    weights: str = _opt("none", "per-step CAT weights: none | ua | pass_at_n | bfs | guided")
    weight_budget: dict = field(default_factory=dict, metadata={
        "help": "the weights' budget: {'n': N} for ua, pass_at_n, bfs; "
                "{'redraws_per_line': R, 'redraws_per_proof': B} for guided"})
    grad_clip: float = _opt(1.0, "clip the global gradient norm to this (0: off)")
    weight_decay: float = _opt(0.0, "AdamW weight decay on matrices")
    max_len: int = _opt(512, "longest training sequence in tokens (longer ones are cut)")
    format: str = _opt("whole", "prompt format: whole | state | state+proof")
    seed: int = _opt(0, "seed of the data order")
    batching: str = _opt("length", "length: SFT's length-bucketed batches of similar-length proofs | random (any lengths)")
    weighting: str = _opt("proof", "proof: each proof's mean token loss, then the mean over the batch's proofs (every "
                                   "theorem weighs the same) | token: one mean over all tokens (long proofs dominate)")
    lora: str | None = _opt(None, "train a LoRA adapter instead of all weights: 'r=8,alpha=16,dropout=0.0'")
    replay_rows: int = _opt(0, "state formats: training rows (proof lines) of each replayed proof per update, a "
                               "seeded random subset (0: all)")


@dataclass
class UpdateStats:
    steps: int = 0
    proofs: int = 0            # distinct records given
    sequences: int = 0         # training sequences they made
    tokens: int = 0            # tokens run through the model (prompts and padding excluded: real tokens)
    supervised_tokens: int = 0  # tokens the loss covered
    loss_first: float | None = None
    loss_last: float | None = None
    ce_first: float | None = None  # plain CE of the same batches: a diagnostic that should fall under GEM too
    ce_last: float | None = None
    mean_weight: float | None = None  # mean CAT weight over supervised tokens (1 for CE)
    seconds: float = 0.0
    forgetting: dict | None = None  # {"before": CE, "after": CE, "proofs": N} of the probe (None: no probe)
    probe_seconds: float = 0.0      # the probe's forward passes (a diagnostic: booked as loading, not compute)
    model: object = None       # the trained model (a peft wrapper when cfg.lora is set)


# The update options a run config (EIConfig, TTRLConfig, …) exposes, defined once: default and help.
# Sources: the research log's expert iteration ("Leon's RL") and TTRL loop, learning_audit.md §1–2.
RUN_OPTIONS = {
    "replay": ("", "proofs replayed against forgetting in every update: empty = the model's own training data "
                   "(gentzen.json `data`, regenerated and cached when absent), FILE = FILE's train split, "
                   "FILE:N = N proofs of it per update, none = no replay"),
    "replay_share": (0.9, "replayed share of each update's mix when --replay gives no N (the source: 20,000 of ~22k)"),
    "probe": (200, "forgetting probe: mean CE of this many fixed held-out proofs of the replay data before and "
                   "after every update (0: off)"),
    "epochs": (0.78, "passes over each update's mix (the source: 135 steps × 128 over ~22k, under one pass)"),
    "steps": (0, "optimizer steps per update, overriding --epochs (0: sized by --epochs)"),
    "batch": (16, "proofs per optimizer step (B)"),
    "lr": (3e-4, "peak learning rate (AdamW, fresh each update; linear warm-up, cosine decay to 10%); the source "
                 "gives none: 3e-4 with CE learned the trained theorems without a significant fall elsewhere "
                 "(docs/training.md)"),
    "warmup": (0.05, "share of each update's steps warming the learning rate up"),
    "replay_rows": (0, "state formats: lines of each replayed proof trained per update, a seeded random subset (0: "
                       "all, as the source trained whole proofs); 1 ran a 90%-replay update in 4.2x fewer tokens, "
                       "each replayed proof still weighing one proof in its batch (docs/ttrl.md)"),
}


def run_option(name: str):
    """The dataclass field of update option `name` for a run config (one default and help for all)."""
    default, text = RUN_OPTIONS[name]
    return _opt(default, text)


def config_from(run_cfg, fmt: str, seed: int, **extra) -> UpdateConfig:
    """The UpdateConfig of a run config that declares the RUN_OPTIONS training fields (and loss, beta)."""
    return UpdateConfig(epochs=run_cfg.epochs, steps=run_cfg.steps, batch=run_cfg.batch, lr=run_cfg.lr,
                        warmup=run_cfg.warmup, loss=run_cfg.loss, beta=run_cfg.beta, format=fmt, seed=seed,
                        replay_rows=run_cfg.replay_rows, **extra)


def trains(cfg: UpdateConfig) -> bool:
    """Whether an update would take any step (`--epochs 0 --steps 0` turns training off)."""
    return cfg.steps > 0 or cfg.epochs > 0


def planned_steps(cfg: UpdateConfig, n_records: int) -> int:
    """Optimizer steps of an update on n records: cfg.steps, else ceil(epochs × n / batch)."""
    if cfg.steps > 0 or n_records == 0:
        return cfg.steps if n_records else 0
    return max(1, math.ceil(cfg.epochs * n_records / cfg.batch)) if cfg.epochs > 0 else 0


def lr_at(cfg: UpdateConfig, step: int, total: int) -> float:
    """The learning rate of step (1-based) of total: sft's warm-up + cosine schedule over the update."""
    from gentzen.train.sequences import lr_at as schedule

    return schedule(cfg, (step - 0.5) / max(total, 1))


def check_update_config(cfg: UpdateConfig) -> None:
    """Ranges and choices (InputError), before any work."""
    formats.check_format(cfg.format)
    if cfg.steps < 0:
        raise InputError(f"steps must be at least 0, got {cfg.steps}")
    if not 0 <= cfg.epochs <= 100:
        raise InputError(f"epochs must be in [0, 100], got {cfg.epochs:g}")
    if not 0 <= cfg.warmup < 1 or not 0 <= cfg.min_lr_frac <= 1:
        raise InputError(f"warmup must be in [0, 1) and min_lr_frac in [0, 1], got {cfg.warmup:g}, {cfg.min_lr_frac:g}")
    if cfg.batch < 1:
        raise InputError(f"batch must be at least 1, got {cfg.batch}")
    if cfg.batching not in ("length", "random") or cfg.weighting not in ("proof", "token"):
        raise InputError(f"batching must be length or random and weighting proof or token, got {cfg.batching!r}, "
                         f"{cfg.weighting!r}")
    if not cfg.lr > 0:
        raise InputError(f"lr must be greater than 0, got {cfg.lr}")
    if cfg.loss not in losses.LOSSES:
        raise InputError(f"unknown loss {cfg.loss!r}; choose one of {', '.join(losses.LOSSES)}")
    if not 0.0 < cfg.beta <= 1.0:
        raise InputError(f"GEM's beta must be in (0, 1], got {cfg.beta}")
    if cfg.gem_h not in ("logsigmoid", "linear"):
        raise InputError(f"unknown GEM weighting {cfg.gem_h!r}; choose logsigmoid or linear")
    if cfg.weights not in KINDS:
        raise InputError(f"unknown weights {cfg.weights!r}; choose one of {', '.join(KINDS)}")
    if cfg.weights != "none":
        cat_weights(cfg.weights, [-1.0], **budget_for(cfg.weights, 1, cfg.weight_budget))  # budget keys and ranges
    if cfg.replay_rows < 0:
        raise InputError(f"replay_rows must be at least 0 (0: every row), got {cfg.replay_rows}")
    if cfg.replay_rows and cfg.weights != "none":  # a step's CAT weight reads every step of its proof
        raise InputError(f"replay_rows needs weights none: {cfg.weights} weighs each step by the whole proof's")
    if cfg.grad_clip < 0 or cfg.weight_decay < 0:
        raise InputError("grad_clip and weight_decay must be at least 0")
    if cfg.max_len < 16:
        raise InputError(f"max_len must be at least 16 tokens, got {cfg.max_len}")
    if cfg.lora is not None:
        from gentzen.models.lora import parse_spec

        parse_spec(cfg.lora)  # 'r=8,alpha=16,dropout=0.0' or 'r:α'


def budget_for(kind: str, n_steps: int, budget: dict) -> dict:
    """The weights' budget for a proof of `n_steps` steps. A best-first search needs at least one
    expansion per step, so a smaller n is raised to n_steps, where the bfs weight is 1 (CE)."""
    if kind == "bfs" and "n" in budget and isinstance(budget["n"], (int, float)) and budget["n"] < n_steps:
        return {**budget, "n": n_steps}
    return budget


def with_lora(model, spec: str):
    """The model wrapped with a fresh LoRA adapter on every attention and MLP projection (peft);
    a model that already carries one is returned as is, so repeated updates train the same adapter."""
    from gentzen.models.lora import add_lora  # target modules chosen per architecture

    return add_lora(model, spec)


# -- one batch's loss -----------------------------------------------------------------------------


def length_groups(lengths: list[int], frac: float = 0.8) -> list[list[int]]:
    """Row indices grouped for separate forwards, longest first: a group closes when the next row is
    under `frac` of its longest, so padding costs at most ~1/frac of the real tokens (one padded batch
    of a state-format update ran 26,510 tokens for 17,410 real ones, and its forward cost as many)."""
    out: list[list[int]] = []
    top = 0
    for r in sorted(range(len(lengths)), key=lambda r: -lengths[r]):
        if not out or lengths[r] < frac * top:
            out.append([])
            top = lengths[r]
        out[-1].append(r)
    return out


def _cat_row_weights(cfg: UpdateConfig, proofs: list[Proof], logp_rows: list[list[float]]) -> list[list[float]]:
    """Each row's per-token CAT weights (aligned with its labels shifted by one), from each step's summed
    token log-probs under the current model."""
    out, r = [], 0
    for p in proofs:
        # the step ids are those of the labels, which sit one position right of the logits
        step_ids = [s[1:] for s in p.steps]
        totals = [0.0] * p.n_steps
        for k, ids_k in enumerate(step_ids):  # a step's tokens may lie in one sequence or span none
            for v, s in enumerate(losses.step_sums(logp_rows[r + k], ids_k)):
                totals[v] += s
        w = cat_weights(cfg.weights, [min(0.0, t) for t in totals],
                        **budget_for(cfg.weights, p.n_steps, cfg.weight_budget)) if p.n_steps else []
        out += [losses.spread(w, ids_k) for ids_k in step_ids]
        r += len(p.rows)
    return out


def batch_objective(torch, model, tokenizer, proofs: list[Proof], cfg: UpdateConfig, device: str):
    """(objective, CE, mean weight, supervised tokens, tokens) of a batch of proofs.

    The rows run in a few forwards of similar-length rows (`length_groups`: the same per-token losses
    as one padded forward, without most of its padding); the CAT weight of each step comes from that
    step's summed token log-probs under the current model, detached, and multiplies the per-token loss
    of its tokens. Per row: the weighted loss sum and supervised count, then per proof or per token."""
    from gentzen.train.sequences import collate

    rows = [r for p in proofs for r in p.rows]
    groups = length_groups([len(ids) for ids, _ in rows])
    parts = []  # per group: (per-token losses, targets, log-probs)
    logp_rows: list[list[float]] = [[] for _ in rows]
    n_tok = 0
    for g in groups:
        ids, labels, mask = collate(torch, [rows[r] for r in g], tokenizer.pad_token_id, device)
        logits = model(input_ids=ids, attention_mask=mask).logits[:, :-1]
        target = labels[:, 1:]
        logp = losses.token_logprobs(logits, target)
        parts.append((losses.token_losses(logits, target, cfg.loss, cfg.beta, cfg.gem_h), target, logp))
        n_tok += int(mask.sum())
        if cfg.weights != "none":
            for r, lp in zip(g, logp.tolist()):
                logp_rows[r] = lp
    n_sup = sum(int((t != -100).sum()) for _, t, _ in parts)
    ce = float(-sum(lp.sum() for _, _, lp in parts)) / max(n_sup, 1)
    row_w = _cat_row_weights(cfg, proofs, logp_rows) if cfg.weights != "none" else None
    sums, counts, w_sum = [], [], 0.0
    for g, (per_token, target, _) in zip(groups, parts):
        sup = (target != -100).to(per_token.dtype)
        if row_w is not None:
            w = torch.ones_like(per_token)
            for k, r in enumerate(g):
                w[k, :len(row_w[r])] = torch.tensor(row_w[r], dtype=w.dtype)
            w = w.to(per_token.device)
            per_token = per_token * w
            w_sum += float((w * sup).sum())
        sums.append((per_token * sup).sum(1))
        counts.append(sup.sum(1))
    inv = torch.empty(len(rows), dtype=torch.long, device=sums[0].device)
    inv[torch.tensor([r for g in groups for r in g], device=inv.device)] = torch.arange(len(rows), device=inv.device)
    row_sum, row_count = torch.cat(sums)[inv], torch.cat(counts)[inv]
    if cfg.weighting == "proof":  # each proof's mean over its own supervised tokens, then the mean over proofs
        owner = torch.tensor([k for k, p in enumerate(proofs) for _ in p.rows], device=row_sum.device)
        objective = losses.per_proof_mean(row_sum, row_count, owner, len(proofs))
    else:
        objective = row_sum.sum() / max(n_sup, 1)
    mean_w = 1.0 if row_w is None else w_sum / max(n_sup, 1)
    return objective, ce, mean_w, n_sup, n_tok


# -- the update -----------------------------------------------------------------------------------


def some_rows(proof: Proof, k: int, rng) -> Proof:
    """k of a proof's training rows (state formats: one row per line), a random subset in their order.
    Under per-proof weighting the proof still weighs one proof in its batch, its loss the mean over the
    kept lines' tokens: the whole proof's in expectation, up to the lines' lengths."""
    if k <= 0 or len(proof.rows) <= k:
        return proof
    keep = sorted(rng.sample(range(len(proof.rows)), k))
    return Proof([proof.rows[i] for i in keep], [proof.steps[i] for i in keep], proof.n_steps)


def update(model, tokenizer, records: list[dict], cfg: UpdateConfig, clock=None,
           on_step: Callable[[dict], None] | None = None, probe: list[dict] | None = None,
           replayed: int = 0) -> UpdateStats:
    """Fine-tune `model` in place on `records` (a fresh AdamW each call): `planned_steps` steps of
    cfg.batch proofs in shuffled epochs, the learning rate warmed up and cosine-decayed over them.
    The last `replayed` records are replay (`replay.ReplaySource.mix`): with cfg.replay_rows, only that
    many rows of each of them are trained (`some_rows`).

    `clock` (gentzen.train.accounting.Clock) books the time as training; `on_step` gets one dict
    per optimizer step (step, loss, ce, mean_weight, supervised_tokens, tokens, lr, seconds);
    `probe` (fixed held-out records, e.g. `replay.ReplaySource.probe`) gives `stats.forgetting`."""
    check_update_config(cfg)
    torch = require("torch", "train")
    stats = UpdateStats(proofs=len(records))
    if cfg.lora is not None:
        model = with_lora(model, cfg.lora)
    stats.model = model
    total = planned_steps(cfg, len(records))
    if not records or total == 0:
        return stats
    from contextlib import nullcontext

    from gentzen.train.probe import forgetting, probe_scores

    before = probe_scores(model, tokenizer, probe, cfg, clock, stats) if probe else None
    with clock.training() if clock is not None else nullcontext():
        t_start = time.perf_counter()
        device = str(next(model.parameters()).device)
        newlines = newline_ids(tokenizer)
        proofs = [encode_proof(tokenizer, r, cfg.format, cfg.max_len, newlines) for r in records]
        if cfg.replay_rows and replayed:
            rng = random.Random(cfg.seed)
            first = len(proofs) - min(replayed, len(proofs))
            proofs[first:] = [some_rows(p, cfg.replay_rows, rng) for p in proofs[first:]]
        stats.sequences = sum(len(p.rows) for p in proofs)

        # a fresh optimizer: what one update learns does not carry momentum into the next
        params = [p for p in model.parameters() if p.requires_grad]
        groups = [{"params": [p for p in params if p.dim() >= 2], "weight_decay": cfg.weight_decay},
                  {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}]
        opt = torch.optim.AdamW(groups, lr=cfg.lr, betas=(0.9, 0.95))
        from gentzen.train.sequences import batch_stream

        batches = batch_stream([sum(len(ids) for ids, _ in p.rows) for p in proofs], min(cfg.batch, len(proofs)),
                               cfg.seed, cfg.batching == "length")
        was_training = model.training
        model.train()
        weight_sum = 0.0
        for step in range(1, total + 1):
            t0 = time.perf_counter()
            lr = lr_at(cfg, step, total)
            for g in opt.param_groups:
                g["lr"] = lr
            batch = next(batches)
            objective, ce, mean_w, n_sup, n_tok = batch_objective(torch, model, tokenizer,
                                                                  [proofs[i] for i in batch], cfg, device)
            opt.zero_grad(set_to_none=True)
            objective.backward()
            if cfg.grad_clip > 0:
                torch.nn.utils.clip_grad_norm_(params, cfg.grad_clip)
            opt.step()
            value = float(objective.detach())
            stats.steps, stats.tokens, stats.supervised_tokens = step, stats.tokens + n_tok, stats.supervised_tokens + n_sup
            weight_sum += mean_w * n_sup
            if stats.loss_first is None:
                stats.loss_first, stats.ce_first = value, ce
            stats.loss_last, stats.ce_last = value, ce
            if on_step is not None:
                on_step({"step": step, "loss": value, "ce": ce, "mean_weight": mean_w, "proofs": len(batch),
                         "supervised_tokens": n_sup, "tokens": n_tok, "lr": lr,
                         "seconds": time.perf_counter() - t0})
        model.train(was_training)
        stats.mean_weight = weight_sum / max(stats.supervised_tokens, 1)
        stats.seconds = time.perf_counter() - t_start
    if probe:
        stats.forgetting = forgetting(before, probe_scores(model, tokenizer, probe, cfg, clock, stats), len(probe))
    return stats


def probe_ce(model, tokenizer, probe: list[dict], cfg: UpdateConfig, clock=None, stats: UpdateStats | None = None,
             chunk: int = 64) -> float:
    """Mean per-token CE of the probe records (plain CE in cfg.format); probe.probe_scores gives it with the
    per-theorem and per-length-bucket means the forgetting record leads with."""
    from gentzen.train.probe import probe_scores

    return probe_scores(model, tokenizer, probe, cfg, clock, stats, chunk)["token"]


def evaluate(model, tokenizer, records: list[dict], cfg: UpdateConfig) -> dict:
    """The objective and CE of `records` as one batch, no gradient (a fixed batch to compare models on)."""
    torch = require("torch", "train")
    newlines = newline_ids(tokenizer)
    proofs = [encode_proof(tokenizer, r, cfg.format, cfg.max_len, newlines) for r in records]
    was_training = model.training
    model.eval()
    with torch.no_grad():
        objective, ce, mean_w, n_sup, _ = batch_objective(torch, model, tokenizer, proofs, cfg,
                                                          str(next(model.parameters()).device))
    model.train(was_training)
    return {"loss": float(objective), "ce": ce, "mean_weight": mean_w, "supervised_tokens": n_sup}
