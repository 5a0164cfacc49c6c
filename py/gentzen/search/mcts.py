"""Monte Carlo tree search over proof states, with progressive widening and UCB.

Each iteration descends from the root by UCB (mean value + c·√(ln N_parent / n)) while a node
has had its ⌈√(n+1)⌉ expansions (progressive widening, rejected lines counted as tries), then
expands the node it stopped at with one sampled line.
A new state is valued by the value head, or by exp(logp / len^α) without one; a rejected or
repeated line is worth 0. The value is backed up the path. A budget of N expansions bounds a
run; a solved state ends it once its whole text verifies. One run is one attempt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import partial

from gentzen.errors import InputError
from gentzen.search.tree import Node, Run, SearchConfig, run_attempts


@dataclass
class MCTSConfig(SearchConfig):
    """Monte Carlo tree search (field docs are the CLI's --help)."""

    expansions: int = field(default=64, metadata={"help": "Budget: expansions (one sampled line each) per run (N)."})
    exploration: float = field(default=1.0, metadata={"help": "UCB exploration constant c."})


@dataclass
class _Vertex:
    node: Node
    visits: int = 0
    total: float = 0.0
    tried: int = 0  # expansions made here, rejected lines included: widening counts tries, so a
    children: list = field(default_factory=list)  # state whose lines keep failing stops hogging the budget


def widening_limit(visits: int) -> int:
    """Children a node with `visits` visits may have: ⌈√(n+1)⌉."""
    return math.ceil(math.sqrt(visits + 1))


def _ucb(parent: _Vertex, child: _Vertex, c: float) -> float:
    mean = child.total / child.visits
    return mean + c * math.sqrt(math.log(max(parent.visits, 1)) / child.visits)


def _search(run: Run, cfg: MCTSConfig) -> None:
    root = _Vertex(run.root)
    seen = {run.root.state.key}
    expanded = 0
    while expanded < cfg.expansions and not run.out_of_tokens:
        v, path = root, [root]
        while v.children and v.tried >= widening_limit(v.visits):
            v = max(v.children, key=lambda ch: _ucb(path[-1], ch, cfg.exploration))
            path.append(v)
        ((ch,),) = run.expand([v.node], 1)
        expanded += 1
        v.tried += 1
        value = 0.0
        if ch.node is not None and ch.node.state.key not in seen:
            seen.add(ch.node.state.key)
            if ch.node.state.solved:
                if run.succeed(ch.node):
                    return
            else:
                run.rescore([ch.node])
                leaf = _Vertex(ch.node)
                v.children.append(leaf)
                path.append(leaf)
                value = ch.node.score
        for u in path:
            u.visits += 1
            u.total += value


def run(theorem, engine, cfg: MCTSConfig | None = None, *, scorer=None, env=None):
    """`cfg.samples` MCTS runs on `theorem`; each run is one attempt, successes verified."""
    cfg = cfg or MCTSConfig()
    if cfg.expansions < 1:
        raise InputError(f"expansions must be at least 1, got {cfg.expansions}")
    if cfg.exploration < 0:
        raise InputError(f"exploration must be >= 0, got {cfg.exploration}")
    return run_attempts(theorem, engine, cfg, partial(_search, cfg=cfg), scorer=scorer, env=env)
