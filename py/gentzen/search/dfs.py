"""Depth-first search over proof states, in the three orders of the compute-aligned-training paper.

A state is expanded once (E candidate lines); its new children go on a stack and the search
continues from the top one, backtracking when a subtree runs dry. `order` says which child is
tried first: `score` (length-normalised log-probability: DFS), `random` (randomised DFS) or
`value` (the value head: value-guided DFS). A budget of N expansions bounds a run; one run is
one attempt.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial

from gentzen.errors import InputError
from gentzen.search.tree import Run, SearchConfig, run_attempts

ORDERS = ("score", "random", "value")


@dataclass
class DFSConfig(SearchConfig):
    """Depth-first search (field docs are the CLI's --help)."""

    expansions: int = field(default=64, metadata={"help": "Budget: expansions per run (N)."})
    per_expansion: int = field(default=4, metadata={"help": "Lines sampled at each expanded state (E)."})
    order: str = field(default="score", metadata={"help": "Child order: score | random | value."})


def _search(run: Run, cfg: DFSConfig) -> None:
    rng = random.Random(run.run_seed)  # randomised DFS's own stream, separate from the engine's
    stack = [run.root]
    seen = {run.root.state.key}
    expanded = 0
    while stack and expanded < cfg.expansions and not run.out_of_tokens:
        node = stack.pop()
        expanded += 1
        fresh = run.expand_open(node, cfg.per_expansion, seen)
        if fresh is None:
            return
        if cfg.order == "random":
            rng.shuffle(fresh)
        else:
            run.rescore(fresh)  # `value`: the scorer's numbers; `score`: run has no scorer, keeps logp
            # ascending, ties in reverse drawn order: the best (first drawn of equals) ends on top
            fresh = sorted(reversed(fresh), key=lambda nd: nd.score)
        stack.extend(fresh)


def run(theorem, engine, cfg: DFSConfig | None = None, *, scorer=None, env=None):
    """`cfg.samples` depth-first searches on `theorem`; each run is one attempt, successes verified."""
    cfg = cfg or DFSConfig()
    if cfg.order not in ORDERS:
        raise InputError(f"unknown order {cfg.order!r}; choose one of {', '.join(ORDERS)}")
    if cfg.expansions < 1 or cfg.per_expansion < 1:
        raise InputError(f"expansions and per_expansion must be at least 1, got {cfg.expansions} and {cfg.per_expansion}")
    if cfg.order == "value" and scorer is None:
        raise InputError("value-guided DFS needs a value head as scorer (gentzen train value)")
    if cfg.order != "value":
        scorer = None  # plain DFS ranks by the model's own probability, whatever scorer is at hand
    return run_attempts(theorem, engine, cfg, partial(_search, cfg=cfg), scorer=scorer, env=env)
