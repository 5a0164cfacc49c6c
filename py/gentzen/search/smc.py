"""Sequential Monte Carlo: N particles write a proof one line at a time, in lockstep.

A particle whose line is rejected (or that ends the proof with goals left) gets weight 0; when the
effective sample size (Σw)²/Σw² falls under `ess_threshold`·N the particles are resampled
(systematic resampling) and the survivors cloned. With a value head the weights are twisted by
its ratio v(new state)/v(old state). One run of N particles is one attempt.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import partial

from gentzen.search.tree import Run, SearchConfig, run_attempts


@dataclass
class SMCConfig(SearchConfig):
    """Sequential Monte Carlo (field docs are the CLI's --help)."""

    particles: int = field(default=8, metadata={"help": "Particles per run (N)."})
    ess_threshold: float = field(default=0.5, metadata={"help": "Resample when ESS < this × N (0: never)."})
    resample: bool = field(default=True, metadata={"help": "Resample at all (off: particles only die)."})


def effective_sample_size(weights: list[float]) -> float:
    top = max(weights, default=0.0)
    if top <= 0:
        return 0.0
    scaled = [w / top for w in weights]  # scaled first: tiny weights must not square to zero
    return sum(scaled) ** 2 / sum(w * w for w in scaled)


def systematic_resample(weights: list[float], rng: random.Random) -> list[int]:
    """N indices drawn with one uniform offset: index i appears about N·w_i/Σw times."""
    n, total = len(weights), sum(weights)
    u = rng.random() / n
    out, cum, i = [], weights[0] / total, 0
    for j in range(n):
        pos = u + j / n
        while pos > cum and i < n - 1:
            i += 1
            cum += weights[i] / total
        out.append(i)
    return out


def _search(run: Run, cfg: SMCConfig) -> None:
    rng = random.Random(run.run_seed)  # resampling's own stream, separate from the engine's
    run.rescore([run.root])
    particles = [run.root] * cfg.particles
    weights = [1.0] * cfg.particles
    while not run.out_of_tokens:
        alive = [i for i, w in enumerate(weights) if w > 0]
        if not alive:
            return
        drawn = run.expand([particles[i] for i in alive], 1)
        run.rescore([ch.node for (ch,) in drawn if ch.node is not None])
        for i, (ch,) in zip(alive, drawn):
            if ch.node is None:
                weights[i] = 0.0
                continue
            if ch.node.state.solved:
                if run.succeed(ch.node):
                    return
                weights[i] = 0.0  # solved for the environment but not verified: never a success
                continue
            if run.scorer is not None:  # twisted SMC: the value head's ratio is the potential
                weights[i] *= ch.node.score / max(particles[i].score, 1e-9)
            particles[i] = ch.node
        if sum(weights) == 0:
            return
        if cfg.resample and effective_sample_size(weights) < cfg.ess_threshold * cfg.particles:
            picks = systematic_resample(weights, rng)
            particles = [particles[k] for k in picks]
            weights = [1.0] * cfg.particles


def run(theorem, engine, cfg: SMCConfig | None = None, *, scorer=None, env=None):
    """`cfg.samples` SMC runs on `theorem`; each run is one attempt, successes verified."""
    cfg = cfg or SMCConfig()
    if cfg.particles < 1:
        from gentzen.errors import InputError

        raise InputError(f"particles must be at least 1, got {cfg.particles}")
    return run_attempts(theorem, engine, cfg, partial(_search, cfg=cfg), scorer=scorer, env=env)
