"""Sampling across items: many theorems' guided or plain attempts decoded in one engine call.

One theorem's K attempts are 8-16 rows, too few to keep a batched engine busy (the shipped model on
one core: batch 8 -> ~1,550 tokens/s, batch 64 -> ~4,100). `sample_many` keeps items in flight
until their live attempts fill `batch_rows` rows, and every round sends all of them in one call.
Each row is seeded by (seed, theorem, attempt, line draw) alone (guided.row_seed) and each item
keeps its own lockstep, early stop and budget, so an item's result is the one `sample` gives it
alone (tests/unit/test_batch_sampling.py checks this on a real model).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from gentzen.search.guided import ItemSampler, SampleResult, SamplerConfig, draw, engine_kwargs

BATCH_ROWS = 64  # rows in flight by default: where the batched engine's throughput levels off


def sample_many(jobs: Iterable[tuple[Any, Any, SamplerConfig]], engine, *, batch_rows: int = BATCH_ROWS,
                verbose: bool = False) -> Iterator[tuple[Any, SampleResult]]:
    """Sample every job (key, theorem, cfg); yields (key, result) as each item finishes (not in
    job order). Items join in job order while fewer than `batch_rows` rows are live; 1 (or
    less) runs one item at a time. Rows of items whose draws differ (max tokens, temperature) go
    in separate calls; rows of items without a seed use the engine's own randomness (then the
    result does depend on the batch, as any unseeded draw would)."""
    pending = iter(jobs)
    active: list[tuple[Any, ItemSampler]] = []
    exhausted = False
    while True:
        while not exhausted and (not active or sum(item.live() for _, item in active) < batch_rows):
            job = next(pending, None)
            if job is None:
                exhausted = True
                break
            key, theorem, cfg = job
            item = ItemSampler(theorem, cfg, verbose)
            if item.done:  # no attempts asked for
                yield key, item.result()
            else:
                active.append((key, item))
        if not active:
            return
        # one engine call per distinct draw setting (in practice: one call per round)
        groups: dict[tuple, list[tuple[ItemSampler, list]]] = {}
        for _, item in active:
            kw = engine_kwargs(item.cfg)
            groups.setdefault(_group_key(kw, item.cfg.seed is None), []).append((item, item.requests()))
        for members in groups.values():
            requests = [r for _, reqs in members for r in reqs]
            completions, share = draw(engine, requests, engine_kwargs(members[0][0].cfg))
            at = 0
            for item, reqs in members:
                item.take(completions[at:at + len(reqs)], share)
                at += len(reqs)
        still = []
        for key, item in active:
            if item.done:
                yield key, item.result()
            else:
                still.append((key, item))
        active = still


def _group_key(kwargs: dict, unseeded: bool) -> tuple:
    return (kwargs["max_tokens"], kwargs["temperature"], tuple(kwargs["stop"]), unseeded)

