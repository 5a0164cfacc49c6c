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
    if batch_rows > 1 and getattr(engine, "streams", False):
        yield from _sample_streaming(jobs, engine, batch_rows, verbose)
        return
    yield from _sample_rounds(jobs, engine, batch_rows, verbose)


def _sample_rounds(jobs, engine, batch_rows: int, verbose: bool, pending=None):
    """Lockstep rounds: each round one engine call holding every live attempt of every item."""
    pending = iter(jobs) if pending is None else pending
    active: list[tuple[Any, ItemSampler]] = []
    exhausted = False
    while True:
        while not exhausted and (not active or sum(item.live() for _, item in active) < batch_rows):
            job = next(pending, None)
            if job is None:
                exhausted = True
                break
            key, item = job if isinstance(job[1], ItemSampler) else (job[0], ItemSampler(job[1], job[2], verbose))
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



def _sample_streaming(jobs, engine, batch_rows: int, verbose: bool):
    """Continuous batching (engines/stream.py): every attempt draws its next line as soon as its last
    one is checked, and new items join as rows free up, so the batch does not thin out at the end of
    a round. Each line's seed is the one lockstep gives it (guided.row_seed), so every attempt is
    the same. Items whose attempts wait on each other (stop at the first proof, a token budget) or
    whose draw settings differ from the first item's go through lockstep rounds afterwards."""
    from collections import deque

    pending = iter(jobs)
    ready: deque = deque()  # (item, attempt) whose next line may be drawn
    later: list = []  # items for lockstep rounds
    state = {"kw": None, "exhausted": False}
    keys: dict[int, Any] = {}

    def admit() -> bool:
        job = next(pending, None)
        if job is None:
            state["exhausted"] = True
            return False
        key, theorem, cfg = job
        item = ItemSampler(theorem, cfg, verbose)
        kw = engine_kwargs(cfg)
        if item.independent and not item.done and state["kw"] is None:
            state["kw"] = kw  # the first streamable item sets the draw settings
        if not item.independent or item.done or kw != state["kw"]:
            later.append((key, item))
            return True
        keys[id(item)] = key
        ready.extend((item, i) for i in range(len(item.runs)))
        return True

    def pull(k: int) -> list:
        while len(ready) < k and not state["exhausted"] and admit():
            pass
        out = []
        while ready and len(out) < k:
            item, i = ready.popleft()
            prompt, seed = item.request(i)
            out.append(((item, i), prompt, seed))
        return out

    while not ready and admit():
        pass
    if ready:
        for (item, i), completion, seconds in engine.generate_stream(pull, max_rows=batch_rows, **state["kw"]):
            if not item.take_one(i, completion, seconds):
                ready.append((item, i))
            elif item.done:
                yield keys.pop(id(item)), item.result()
    rest = list(pending)
    yield from _sample_rounds([], engine, batch_rows, verbose,
                              pending=iter([(k, it) for k, it in later] + [(k, ItemSampler(t, c, verbose))
                                                                          for k, t, c in rest]))
