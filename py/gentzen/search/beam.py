"""Beam search over proof states, ranked by the model's length-normalised log-probability.

Each step samples B candidate lines at every one of the W beams (one batched call), checks them,
and keeps the W best distinct proof states by exp(logp / len^α) (or by the value head). A solved
state ends the run once its whole text verifies. One run is one attempt.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial

from gentzen.errors import InputError
from gentzen.search.tree import Run, SearchConfig, run_attempts


@dataclass
class BeamConfig(SearchConfig):
    """Beam search (field docs are the CLI's --help)."""

    width: int = field(default=4, metadata={"help": "Beams kept after each step (W)."})
    candidates: int = field(default=4, metadata={"help": "Lines sampled at each beam per step (B)."})


def _search(run: Run, cfg: BeamConfig) -> None:
    beams = [run.root]
    seen = {run.root.state.key}  # a proof state reached twice is kept once, at its first path
    while beams and not run.out_of_tokens:
        children = run.fresh(run.expand(beams, cfg.candidates), seen)
        run.rescore([nd for nd in children if not nd.state.solved])
        # solved states first (best score first among them): a verified one ends the run
        for nd in sorted((nd for nd in children if nd.state.solved), key=lambda nd: -nd.score):
            if run.succeed(nd):
                return
        open_ = [nd for nd in children if not nd.state.solved]
        open_.sort(key=lambda nd: -nd.score)  # stable: ties keep the order they were drawn in
        beams = open_[: cfg.width]


def run(theorem, engine, cfg: BeamConfig | None = None, *, scorer=None, env=None):
    """`cfg.samples` beam searches on `theorem`; each run is one attempt, successes verified."""
    cfg = cfg or BeamConfig()
    if cfg.width < 1 or cfg.candidates < 1:
        raise InputError(f"width and candidates must be at least 1, got {cfg.width} and {cfg.candidates}")
    return run_attempts(theorem, engine, cfg, partial(_search, cfg=cfg), scorer=scorer, env=env)
