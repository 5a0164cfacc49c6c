"""Best-first search: a priority queue of proof states, the best-scored one expanded next.

A pop samples E candidate lines at the state (4 by default, as in the compute-aligned-training
paper), checks them, and queues every new proof state by exp(logp / len^α) (or the value head).
A budget of N expansions (pops) bounds a run; a solved state ends it once its whole text
verifies. One run is one attempt.
"""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field
from functools import partial

from gentzen.errors import InputError
from gentzen.search.tree import Run, SearchConfig, run_attempts


@dataclass
class BestFirstConfig(SearchConfig):
    """Best-first search (field docs are the CLI's --help)."""

    expansions: int = field(default=64, metadata={"help": "Budget: expansions (pops) per run (N)."})
    per_pop: int = field(default=4, metadata={"help": "Lines sampled at each popped state (E)."})


def _search(run: Run, cfg: BestFirstConfig) -> None:
    tie = itertools.count()  # equal scores pop in the order they were queued
    queue = [(-run.root.score, next(tie), run.root)]
    seen = {run.root.state.key}
    pops = 0
    while queue and pops < cfg.expansions and not run.out_of_tokens:
        _, _, node = heapq.heappop(queue)
        pops += 1
        fresh = run.expand_open(node, cfg.per_pop, seen)
        if fresh is None:
            return
        run.rescore(fresh)
        for nd in fresh:
            heapq.heappush(queue, (-nd.score, next(tie), nd))


def run(theorem, engine, cfg: BestFirstConfig | None = None, *, scorer=None, env=None):
    """`cfg.samples` best-first searches on `theorem`; each run is one attempt, successes verified."""
    cfg = cfg or BestFirstConfig()
    if cfg.expansions < 1 or cfg.per_pop < 1:
        raise InputError(f"expansions and per_pop must be at least 1, got {cfg.expansions} and {cfg.per_pop}")
    return run_attempts(theorem, engine, cfg, partial(_search, cfg=cfg), scorer=scorer, env=env)
