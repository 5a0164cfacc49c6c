"""Supervised training of a small causal LM on reference proofs, under a time budget.

Read top to bottom, cleanrl-style: config, data, tokenizer, model, optimizer, loop, save.
`train(SFTConfig(data=..., out=...))` is the whole API; `gentzen train sft` builds its options
from SFTConfig's fields. Progress goes to a callback; the library prints nothing.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from gentzen.config import option as _opt
from gentzen.errors import InputError, require
from gentzen.io import atomic_open, atomic_write_jsonl
from gentzen.models import checkpoint, formats
from gentzen.models.model import count_parameters, new_model, pick_device
from gentzen.models.threads import set_threads
from gentzen.models.tokenizer import train_tokenizer
from gentzen.train.interrupt import CtrlC
from gentzen.train.sequences import batch_loss, collate, encode, epoch_batches, lr_at
from gentzen.train.teacher import teacher_examples


@dataclass
class SFTConfig:
    data: str = _opt("", "JSONL of reference proofs {name, theorem, proof, split, ...}")
    out: str = _opt("", "model directory to write (weights, tokenizer, gentzen.json, loss.png)")
    format: str = _opt("whole", "prompt format: whole | state | state+proof")
    seconds: float = _opt(300.0, "training time budget in seconds (0: no limit, use --max-steps)")
    max_steps: int = _opt(0, "stop after this many optimizer steps (0: no limit)")
    preset: str = _opt("small", "model size for a new model: tiny | small | base | large")
    init: str | None = _opt(None, "start from this model directory (its tokenizer and weights)")
    resume: bool = _opt(True, "continue from OUT's train_state.pt when it exists")
    force: bool = _opt(False, "resume even if preset, data, format or budget changed (the change is recorded)")
    vocab_size: int = _opt(1024, "tokenizer size for a new model (256 of it are byte tokens)")
    max_len: int = _opt(512, "longest training sequence in tokens (longer ones are cut)")
    batch_size: int = _opt(32, "sequences per optimizer step")
    lr: float = _opt(2e-3, "peak learning rate (AdamW)")
    min_lr_frac: float = _opt(0.1, "final learning rate as a fraction of the peak (cosine decay)")
    warmup: float = _opt(0.05, "share of the budget spent warming up the learning rate linearly")
    weight_decay: float = _opt(0.1, "AdamW weight decay (matrices only, not norms)")
    grad_clip: float = _opt(1.0, "clip the global gradient norm to this (0: off)")
    loss_on_prompt: bool = _opt(False, "also train on prompt tokens (default: completions only)")
    teacher_share: float = _opt(0.25, "share of records also trained as an SDPO teacher-format sequence (a feedback "
                                      "block: a failed attempt's checker feedback and/or a verified sibling, then "
                                      "the proof), so SDPO's teacher can read its block; whole format only (0: none)")
    split: str = _opt("train", "records of this split are trained on")
    eval_split: str = _opt("dev", "records of this split give the held-out loss (gen writes train/dev/heldout)")
    eval_every: int = _opt(200, "steps between held-out evaluations")
    save_every: float = _opt(120.0, "seconds between checkpoints (a killed run resumes from the last)")
    seed: int = _opt(0, "seed for initialisation, data order and dropout-free sampling")
    device: str = _opt("auto", "auto | cpu | cuda | cuda:N")
    threads: int = _opt(0, "torch CPU threads (0: the measured default, 1, or GENTZEN_THREADS)")
    lora: str = _opt("", "train a LoRA adapter 'r:α' (e.g. 16:32) on --init's weights instead of all weights; "
                         "OUT holds the merged model and OUT/adapter the adapter (peft format)")


@dataclass
class SFTResult:
    out: str
    steps: int
    tokens_seen: int
    seconds: float
    train_loss: float
    eval_loss: float | None
    parameters: int
    tokens_per_second: float


def plot_losses(path: Path, history: list[dict]) -> None:
    """Loss curve PNG (train EMA and held-out points against tokens seen); atomic write."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    train = [h for h in history if "loss" in h]
    evals = [h for h in history if "eval_loss" in h]
    fig, ax = plt.subplots(figsize=(6, 4), dpi=100)
    if train:
        ema, smooth = None, []
        for h in train:
            ema = h["loss"] if ema is None else 0.9 * ema + 0.1 * h["loss"]
            smooth.append(ema)
        ax.plot([h["tokens"] for h in train], smooth, label="train (EMA)")
    if evals:
        ax.plot([h["tokens"] for h in evals], [h["eval_loss"] for h in evals], "o-", label="held out")
    ax.ticklabel_format(axis="x", style="sci", scilimits=(0, 3))
    ax.set_xlabel("tokens seen")
    ax.set_ylabel("loss (nats/token)")
    ax.set_yscale("log")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    with atomic_open(path, "wb") as f:
        fig.savefig(f, format="png")
    plt.close(fig)


def check_config(cfg: SFTConfig) -> None:
    """Every option's range and choice, before torch loads or any time is spent (InputError)."""
    from gentzen.models.model import PRESETS
    from gentzen.models.tokenizer import BYTE_TOKENS, SPECIALS

    def need(ok: bool, message: str) -> None:
        if not ok:
            raise InputError(message)

    need(bool(cfg.data) and bool(cfg.out), "both --data and --out are required")
    formats.check_format(cfg.format)
    need(cfg.preset in PRESETS, f"--preset must be one of {', '.join(PRESETS)}; got {cfg.preset!r}")
    need(cfg.seconds >= 0, f"--seconds must be at least 0 (0: no time limit), got {cfg.seconds:g}")
    need(cfg.max_steps >= 0, f"--max-steps must be at least 0 (0: no step limit), got {cfg.max_steps}")
    need(cfg.seconds > 0 or cfg.max_steps > 0, "give a budget: --seconds S or --max-steps N (both are 0)")
    low = len(SPECIALS) + len(BYTE_TOKENS) + 32
    need(cfg.vocab_size >= low, f"--vocab-size must be at least {low} (256 byte tokens, specials, 32 merges), "
         f"got {cfg.vocab_size}")
    need(cfg.max_len >= 16, f"--max-len must be at least 16 tokens, got {cfg.max_len}")
    need(cfg.batch_size >= 1, f"--batch-size must be at least 1, got {cfg.batch_size}")
    need(cfg.lr > 0, f"--lr must be greater than 0, got {cfg.lr:g}")
    need(0 <= cfg.min_lr_frac <= 1, f"--min-lr-frac must be between 0 and 1, got {cfg.min_lr_frac:g}")
    need(0 <= cfg.warmup < 1, f"--warmup must be in [0, 1), got {cfg.warmup:g}")
    need(0 <= cfg.teacher_share <= 1, f"--teacher-share must be in [0, 1], got {cfg.teacher_share:g}")
    need(cfg.weight_decay >= 0, f"--weight-decay must be at least 0, got {cfg.weight_decay:g}")
    need(cfg.grad_clip >= 0, f"--grad-clip must be at least 0 (0: off), got {cfg.grad_clip:g}")
    need(cfg.eval_every >= 0, f"--eval-every must be at least 0, got {cfg.eval_every}")
    need(cfg.save_every > 0, f"--save-every must be greater than 0 seconds, got {cfg.save_every:g}")
    need(cfg.threads >= 0, f"--threads must be at least 0 (0: the default), got {cfg.threads}")
    out = Path(cfg.out)
    need(not (out.exists() and not out.is_dir()), f"--out {out}: is an existing file; give a folder")
    if cfg.init:
        need((Path(cfg.init) / "config.json").is_file(), f"--init {cfg.init}: not a model directory (no config.json)")
    if cfg.lora:
        from gentzen.models.lora import parse_spec

        parse_spec(cfg.lora)
        need(bool(cfg.init), "--lora adapts an existing model: give --init DIR")


# What a resumed run must share with the run that wrote the checkpoint (else --force, recorded).
PROVENANCE = ("preset", "format", "seconds", "max_steps", "split", "vocab_size", "max_len", "init", "lora",
              "teacher_share")


def resume_changes(cfg: SFTConfig, meta: dict, data_sha: str) -> list[dict]:
    """The differences between this run and the checkpoint's own config and data."""
    old = meta.get("config") or {}
    changes = [{"field": k, "was": old[k], "now": getattr(cfg, k)} for k in PROVENANCE
               if k in old and old[k] != getattr(cfg, k)]
    if meta.get("data_sha256") and meta["data_sha256"] != data_sha:
        changes.append({"field": "data_sha256", "was": meta["data_sha256"], "now": data_sha})
    return changes


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during training: a resumable checkpoint was saved at `step` in `out` first."""

    def __init__(self, out: str, step: int) -> None:
        super().__init__(f"interrupted at step {step}: checkpoint saved in {out}")
        self.out, self.step = out, step


def train(cfg: SFTConfig, progress: Callable[[dict], None] | None = None) -> SFTResult:
    check_config(cfg)
    torch = require("torch", "train")
    # Near-zero losses make denormal gradients, which crawl on CPU; flushing is process-global,
    # so it is switched back off when training ends.
    torch.set_flush_denormal(True)
    try:
        return _train(torch, cfg, progress)
    finally:
        torch.set_flush_denormal(False)


def _data(cfg: SFTConfig):
    """(train records, train examples, their teacher-format share, held-out examples, the data's sha)."""
    records = formats.read_records(cfg.data, cfg.split)
    held_out = formats.read_records(cfg.data, cfg.eval_split) if cfg.eval_split != cfg.split else []
    if not records:
        raise InputError(f"{cfg.data}: no records in split {cfg.split!r}")
    train_examples = [ex for r in records for ex in formats.examples(r, cfg.format)]
    # SDPO's prompts are whole-format: its teacher sequences go with that format only
    teacher_seqs = [ex for r in records for ex in teacher_examples(r, cfg.teacher_share, cfg.seed)] \
        if cfg.format == "whole" else []
    train_examples += teacher_seqs
    eval_examples = [ex for r in held_out for ex in formats.examples(r, cfg.format)]
    data_sha = hashlib.sha256(Path(cfg.data).read_bytes()).hexdigest()[:16]
    return records, train_examples, teacher_seqs, eval_examples, data_sha


def _model(cfg: SFTConfig, out: Path, device: str, records, teacher_seqs, data_sha: str):
    """Tokenizer and model, resume > init > new: (model, tokenizer, train state or None, the
    settings changed since the checkpoint, its metadata). A changed run refuses without --force."""
    state = checkpoint.load_train_state(out) if cfg.resume else None
    changes: list[dict] = []
    old_meta = checkpoint.read_meta(out) if state is not None else {}
    if state is not None:  # the model's provenance must stay true: a changed run refuses
        changes = resume_changes(cfg, old_meta, data_sha)
        if changes and not cfg.force:
            what = "; ".join(f"{c['field']} {c['was']!r} -> {c['now']!r}" for c in changes)
            raise InputError(f"{out} was trained with other settings ({what}): pass --force to resume anyway "
                             "(the change is recorded in gentzen.json) or --no-resume to start over")
    if state is not None and cfg.lora:  # a LoRA run resumes as the base plus its saved adapter
        from gentzen.models.lora import load_adapter

        model, tokenizer, _ = checkpoint.load_checkpoint(cfg.init, device)
        model = load_adapter(model, out / "adapter", trainable=True)
    elif state is not None:
        model, tokenizer, _ = checkpoint.load_checkpoint(out, device)
    elif cfg.init:
        model, tokenizer, _ = checkpoint.load_checkpoint(cfg.init, device)
    else:
        texts = list(formats.corpus(records, cfg.format)) + ["".join(s.text for s in ex.segments) for ex in teacher_seqs]
        tokenizer = train_tokenizer(texts, vocab_size=cfg.vocab_size)
        model = new_model(cfg.preset, tokenizer, max_len=max(cfg.max_len, 1024), seed=cfg.seed).to(device)
    if cfg.lora and state is None:
        from gentzen.models.lora import add_lora

        model = add_lora(model, cfg.lora)
    return model, tokenizer, state, changes, old_meta


def _optimizer(torch, cfg: SFTConfig, model, device: str):
    """AdamW over the trainable parameters, no weight decay on norms and biases (1-D tensors)."""
    params = [p for p in model.parameters() if p.requires_grad]
    groups = [{"params": [p for p in params if p.dim() >= 2], "weight_decay": cfg.weight_decay},
              {"params": [p for p in params if p.dim() < 2], "weight_decay": 0.0}]
    return params, torch.optim.AdamW(groups, lr=cfg.lr, betas=(0.9, 0.95), fused=device.startswith("cuda"))


def _held_out_loss(torch, model, enc_eval, batch_size: int, pad_id: int, device: str) -> float | None:
    """Mean loss per supervised token over the held-out sequences (None without any)."""
    if not enc_eval:
        return None
    model.eval()
    total, count = 0.0, 0
    with torch.no_grad():
        for i in range(0, len(enc_eval), batch_size):
            ids, labels, mask = collate(torch, enc_eval[i:i + batch_size], pad_id, device)
            n = int((labels[:, 1:] != -100).sum())
            total += float(batch_loss(torch, model, ids, labels, mask)) * n
            count += n
    model.train()
    return total / max(count, 1)


def _train(torch, cfg: SFTConfig, progress: Callable[[dict], None] | None) -> SFTResult:
    """The run, top to bottom: seeds, data, model, optimizer, then the loop with its checkpoints.
    Long because the loop and its save/meta closures share every counter, and read
    as one cleanrl-style script (the setup lives in _data, _model and _optimizer)."""
    require("transformers", "train")
    if not cfg.data or not cfg.out:
        raise InputError("both data and out are required")
    formats.check_format(cfg.format)
    say = progress or (lambda event: None)
    out = Path(cfg.out)

    # TRY NOT TO MODIFY: seeding and threads
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    set_threads(cfg.threads)  # 0: the measured default (gentzen.models.threads)
    device = pick_device(cfg.device)

    records, train_examples, teacher_seqs, eval_examples, data_sha = _data(cfg)
    model, tokenizer, state, changes, old_meta = _model(cfg, out, device, records, teacher_seqs, data_sha)
    model.train()
    enc = [encode(tokenizer, ex, cfg.max_len, cfg.loss_on_prompt) for ex in train_examples]
    enc = [e for e in enc if any(y != -100 for y in e[1])]
    enc_eval = [encode(tokenizer, ex, cfg.max_len, False) for ex in eval_examples][:512]
    lengths = [len(ids) for ids, _ in enc]
    n_params = count_parameters(model)
    say({"event": "start", "sequences": len(enc), "teacher_sequences": len(teacher_seqs), "eval_sequences": len(enc_eval),
         "tokens_per_epoch": sum(lengths), "parameters": n_params, "device": device})

    params, opt = _optimizer(torch, cfg, model, device)
    step, tokens_seen, elapsed, epoch, pos, history = 0, 0, 0.0, 0, 0, []
    if state is not None:
        opt.load_state_dict(state["optimizer"])
        step, tokens_seen, elapsed = state["step"], state["tokens_seen"], state["elapsed"]
        epoch, pos, history = state["epoch"], state["pos"], state["history"]
        torch.set_rng_state(state["torch_rng"])

    def evaluate() -> float | None:
        return _held_out_loss(torch, model, enc_eval, cfg.batch_size, tokenizer.pad_token_id, device)

    def meta(train_loss, eval_loss) -> dict:
        return {"data": str(cfg.data), "data_sha256": data_sha, "format": cfg.format,
                "teacher_sequences": len(teacher_seqs),
                "seconds": round(elapsed, 2), "tokens_seen": tokens_seen, "steps": step,
                "parameters": n_params, "train_loss": train_loss, "eval_loss": eval_loss,
                "config": asdict(cfg), "torch": torch.__version__,
                "resumed_with_changes": old_meta.get("resumed_with_changes", [])
                + ([{"at_step": state["step"], "changes": changes}] if changes else [])}

    def save(train_loss, eval_loss) -> None:
        train_state = {"optimizer": opt.state_dict(), "step": step, "tokens_seen": tokens_seen,
                       "elapsed": elapsed, "epoch": epoch, "pos": pos, "history": history,
                       "torch_rng": torch.get_rng_state()}
        if cfg.lora:  # the merged weights load anywhere; the adapter (peft format) beside them
            import copy

            from gentzen.models.lora import save_adapter

            merged = copy.deepcopy(model).merge_and_unload()
            checkpoint.save_checkpoint(out, merged, tokenizer, meta(train_loss, eval_loss), train_state)
            save_adapter(model, out / "adapter")
        else:
            checkpoint.save_checkpoint(out, model, tokenizer, meta(train_loss, eval_loss), train_state)
        atomic_write_jsonl(out / "log.jsonl", history)
        plot_losses(out / "loss.png", history)

    def done() -> bool:
        return (cfg.seconds > 0 and elapsed >= cfg.seconds) or (cfg.max_steps > 0 and step >= cfg.max_steps) \
            or (cfg.seconds <= 0 and cfg.max_steps <= 0)

    # ALGO LOGIC: the training loop
    batches = epoch_batches(lengths, cfg.batch_size, cfg.seed, epoch)
    last_save, loss_ema, eval_loss = time.monotonic(), None, None
    stop = CtrlC()  # Ctrl-C ends the current step, then a checkpoint is saved (twice: at once)
    with stop:
        while not done() and not stop.requested:
            if pos >= len(batches):
                epoch, pos = epoch + 1, 0
                batches = epoch_batches(lengths, cfg.batch_size, cfg.seed, epoch)
            t0 = time.perf_counter()
            p = max(elapsed / cfg.seconds if cfg.seconds > 0 else 0.0,
                    step / cfg.max_steps if cfg.max_steps > 0 else 0.0)
            lr = lr_at(cfg, p)
            for g in opt.param_groups:
                g["lr"] = lr
            ids, labels, mask = collate(torch, [enc[i] for i in batches[pos]], tokenizer.pad_token_id, device)
            loss = batch_loss(torch, model, ids, labels, mask)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            if cfg.grad_clip > 0:
                torch.nn.utils.clip_grad_norm_(params, cfg.grad_clip)
            opt.step()
            loss_value = float(loss.detach())  # syncs the device, so the step's time below is real
            elapsed += time.perf_counter() - t0
            step, pos, tokens_seen = step + 1, pos + 1, tokens_seen + int(mask.sum())
            loss_ema = loss_value if loss_ema is None else 0.95 * loss_ema + 0.05 * loss_value
            history.append({"step": step, "tokens": tokens_seen, "loss": loss_value, "lr": lr})
            if step % 10 == 0 or step == 1:
                say({"event": "step", "step": step, "epoch": epoch, "loss": loss_ema, "lr": lr,
                     "tokens": tokens_seen, "elapsed": elapsed, "tokens_per_second": tokens_seen / max(elapsed, 1e-9)})
            if cfg.eval_every and step % cfg.eval_every == 0 and enc_eval:
                eval_loss = evaluate()
                history.append({"step": step, "tokens": tokens_seen, "eval_loss": eval_loss})
                say({"event": "eval", "step": step, "eval_loss": eval_loss})
            if time.monotonic() - last_save >= cfg.save_every:
                save(loss_ema, eval_loss)
                last_save = time.monotonic()

    if stop.requested:  # a resumable checkpoint of the last finished step, then stop
        save(loss_ema, eval_loss)
        raise Interrupted(str(out), step)

    # Final evaluation and checkpoint
    if enc_eval:
        eval_loss = evaluate()
        history.append({"step": step, "tokens": tokens_seen, "eval_loss": eval_loss})
    save(loss_ema, eval_loss)
    result = SFTResult(out=str(out), steps=step, tokens_seen=tokens_seen, seconds=round(elapsed, 2),
                       train_loss=loss_ema if loss_ema is not None else float("nan"), eval_loss=eval_loss,
                       parameters=n_params, tokens_per_second=tokens_seen / max(elapsed, 1e-9))
    say({"event": "done", **asdict(result)})
    return result
