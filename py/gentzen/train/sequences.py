"""Training sequences: an example -> ids and labels, length-bucketed batches, padded tensors, their loss.

The pieces every trainer's optimizer step shares (train sft, the shared update of ei/ttrl, GRPO's
policy step), with SFT's warm-up + cosine learning-rate schedule; torch is passed in, not imported.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from gentzen.models import formats


def lr_at(cfg, progress: float) -> float:
    """Linear warm-up, then cosine decay to min_lr_frac * lr, as a function of budget used (0..1);
    `cfg` is any config with lr, warmup and min_lr_frac (SFTConfig, UpdateConfig)."""
    if progress < cfg.warmup:
        return cfg.lr * max(progress, 1e-3) / cfg.warmup
    t = min(1.0, (progress - cfg.warmup) / max(1e-9, 1.0 - cfg.warmup))
    lo = cfg.lr * cfg.min_lr_frac
    return lo + (cfg.lr - lo) * 0.5 * (1.0 + math.cos(math.pi * t))


def encode(tokenizer, ex: formats.Example, max_len: int, loss_on_prompt: bool) -> tuple[list[int], list[int]]:
    """(input ids, labels) with -100 where no loss is taken; BOS first, EOS last if the example has it."""
    ids, labels = [tokenizer.bos_token_id], [-100]
    for seg in ex.segments:
        t = tokenizer(seg.text, add_special_tokens=False)["input_ids"]
        ids += t
        labels += t if (seg.train or loss_on_prompt) else [-100] * len(t)
    if ex.eos:
        ids.append(tokenizer.eos_token_id)
        labels.append(tokenizer.eos_token_id)
    return ids[:max_len], labels[:max_len]


def epoch_batches(lengths: list[int], batch_size: int, seed: int, epoch: int) -> list[list[int]]:
    """Shuffled batches of similar-length sequences (less padding), fixed by (seed, epoch)."""
    rng = random.Random(seed * 1_000_003 + epoch)
    order = list(range(len(lengths)))
    rng.shuffle(order)
    chunk = batch_size * 16
    batches = []
    for i in range(0, len(order), chunk):
        part = sorted(order[i:i + chunk], key=lengths.__getitem__)
        batches += [part[j:j + batch_size] for j in range(0, len(part), batch_size)]
    rng.shuffle(batches)
    return batches


def batch_stream(lengths: list[int], batch_size: int, seed: int, bucketed: bool = True):
    """Endless batches of indices: SFT's length-bucketed ones (`epoch_batches`), epoch after epoch; or
    (bucketed False, the update's old batching) proofs of any lengths drawn from shuffled epochs, no index
    twice in a batch."""
    if bucketed:
        epoch = 0
        while True:
            yield from epoch_batches(lengths, batch_size, seed, epoch)
            epoch += 1
    rng, order = random.Random(seed), []
    while True:
        batch: list[int] = []
        while len(batch) < batch_size:
            if not order:
                order = list(range(len(lengths)))
                rng.shuffle(order)
            i = order.pop()
            if i not in batch:
                batch.append(i)
            else:
                order.insert(0, i)
        yield batch


def collate(torch, rows: list[tuple[list[int], list[int]]], pad_id: int, device: str):
    """(ids, labels, attention mask) tensors of a batch, right-padded to its longest row, on `device`."""
    width = max(len(ids) for ids, _ in rows)
    ids = torch.full((len(rows), width), pad_id, dtype=torch.long)
    labels = torch.full((len(rows), width), -100, dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for r, (x, y) in enumerate(rows):
        ids[r, :len(x)], labels[r, :len(y)], mask[r, :len(x)] = torch.tensor(x), torch.tensor(y), 1
    return ids.to(device), labels.to(device), mask.to(device)


def batch_loss(torch, model, ids, labels, mask):
    """Mean next-token cross-entropy over the supervised labels (-100: no loss)."""
    logits = model(input_ids=ids, attention_mask=mask).logits[:, :-1].float()
    return torch.nn.functional.cross_entropy(
        logits.reshape(-1, logits.size(-1)), labels[:, 1:].reshape(-1), ignore_index=-100)


# -- records -> token sequences with a step id per supervised token ------------------------------


@dataclass
class Proof:
    """A record's training sequences with the proof step of each supervised token (update.py's CAT weights)."""

    rows: list[tuple[list[int], list[int]]]  # (ids, labels) per sequence, as sequences.encode makes them
    steps: list[list[int]]                   # per sequence, per position: the proof step a label belongs to, -1 none
    n_steps: int


def newline_ids(tokenizer) -> frozenset[int]:
    """Token ids whose text holds a newline (gentzen's tokenizer: exactly the "\\n" token)."""
    return frozenset(i for i in range(len(tokenizer)) if "\n" in tokenizer.decode([i]))


def encode_proof(tokenizer, record: dict, fmt: str, max_len: int, newlines: frozenset[int]) -> Proof:
    """A record's training sequences and each supervised token's proof step.

    Every completion is one or more whole lines ending in "\\n" (`whole`: all lines in one
    sequence; state formats: one line per sequence), so a step ends at each supervised newline;
    the EOS after the last line belongs to no step (weight 1)."""
    rows, steps, offset = [], [], 0
    for ex in formats.examples(record, fmt):
        ids, labels = encode(tokenizer, ex, max_len, loss_on_prompt=False)
        lines = sum(seg.text.count("\n") for seg in ex.segments if seg.train)
        ids_steps, local = [], 0
        for y in labels:
            if y == -100 or local >= lines:
                ids_steps.append(-1)
                continue
            ids_steps.append(offset + local)
            local += y in newlines
        rows.append((ids, labels))
        steps.append(ids_steps)
        offset += lines
    return Proof(rows, steps, offset)
