"""The registry of proof-search methods: one name -> its config class and its run function.

`run_method(name, theorem, engine, samples=…, …)` runs any of them and returns a
`SampleResult` whose `attempts` are what pass@k counts: for the line samplers (guided, plain)
an attempt is one sampled proof; for smc and the step-level searches an attempt is one whole
search run (its own seed, its own budget of lines or expansions), `samples` runs per theorem.
`run_many` runs one method on many theorems: the line samplers decode across them (search/batch.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from gentzen.errors import InputError
from gentzen.search import beam, bestfirst, dfs, mcts, smc
from gentzen.search.batch import BATCH_ROWS, sample_many
from gentzen.search.guided import SampleResult, SamplerConfig, sample


WAVE = 8  # attempts sampled in lockstep at a time under a token budget


def _kernel_only(env) -> None:
    # guided sampling steps the kernel itself (its hot loop); a REPL environment is for the searches
    if env is not None and getattr(env, "name", "kernel") != "kernel":
        raise InputError("guided and plain sampling check lines with the kernel in process; "
                         "use a step-level search for the REPL environment")


def _run_guided(theorem, engine, cfg: SamplerConfig, *, scorer=None, env=None) -> SampleResult:
    """Guided or plain sampling. Under a token budget the attempts run in waves of WAVE (each wave
    in lockstep, wave w seeded seed + w·100003), as the searches run their attempts one after
    another: n attempts in one lockstep batch would spend the budget on n first lines."""
    _kernel_only(env)
    if not cfg.budget_tokens:
        return sample(theorem, engine, cfg)
    from gentzen.core.kernel import KernelError
    from gentzen.search.guided import Attempt
    from gentzen.search.tree import RUN_SEED_STRIDE

    attempts, spent, wave = [], 0, 0
    while len(attempts) < cfg.samples:
        left = cfg.budget_tokens - spent
        k = min(WAVE, cfg.samples - len(attempts))
        if left <= 0:  # attempts the budget left no tokens for: failed, and they cost nothing
            attempts += [Attempt(error=KernelError(2, 0, "budget", "token budget spent")) for _ in range(k)]
            continue
        res = sample(theorem, engine, dataclasses.replace(cfg, samples=k, budget_tokens=left,
                                                          seed=cfg.seed + wave * RUN_SEED_STRIDE))
        attempts += res.attempts
        spent += res.totals()["tokens"]
        wave += 1
    return SampleResult(res.theorem, attempts)  # the first wave always runs: budget_tokens >= 1


@dataclass(frozen=True)
class MethodSpec:
    """A method: its name, its config dataclass (field help = --help), how to run it.

    `run(theorem, engine, cfg, *, scorer=None, env=None) -> SampleResult`. `step_level` is true
    for the searches over proof states (an attempt is a search run, not one sampled proof).
    `preset` are config values the name implies (plain = guided without redraws)."""

    name: str
    config: type
    run: Callable
    step_level: bool
    preset: dict = field(default_factory=dict)
    help: str = ""


METHODS: dict[str, MethodSpec] = {
    "guided": MethodSpec("guided", SamplerConfig, _run_guided, False, {"guided": True},
                         "whole proofs line by line, a rejected line redrawn"),
    "plain": MethodSpec("plain", SamplerConfig, _run_guided, False, {"guided": False},
                        "whole proofs line by line, the first rejected line ends the attempt"),
    "smc": MethodSpec("smc", smc.SMCConfig, smc.run, False, {},
                      "sequential Monte Carlo: particles die on a rejected line, resampled"),
    "beam": MethodSpec("beam", beam.BeamConfig, beam.run, True, {},
                       "beam search over proof states, length-normalised log-probability"),
    "bestfirst": MethodSpec("bestfirst", bestfirst.BestFirstConfig, bestfirst.run, True, {},
                            "best-first search: a priority queue of proof states"),
    "dfs": MethodSpec("dfs", dfs.DFSConfig, dfs.run, True, {"order": "score"},
                      "depth-first search, children tried best score first"),
    "rdfs": MethodSpec("rdfs", dfs.DFSConfig, dfs.run, True, {"order": "random"},
                       "randomised depth-first search, children tried in random order"),
    "vdfs": MethodSpec("vdfs", dfs.DFSConfig, dfs.run, True, {"order": "value"},
                       "value-guided depth-first search (needs a value head as scorer)"),
    "mcts": MethodSpec("mcts", mcts.MCTSConfig, mcts.run, True, {},
                       "Monte Carlo tree search, progressive widening, UCB"),
}


def get_method(name: str) -> MethodSpec:
    spec = METHODS.get(name)
    if spec is None:
        raise InputError(f"unknown method {name!r}; choose one of {', '.join(METHODS)}")
    return spec


def make_config(name: str, *, samples: int, temperature: float, seed: int, fmt: str,
                budget_tokens: int | None = None, **overrides):
    """The method's config from the common knobs plus method-specific overrides (validated)."""
    from gentzen.models.formats import check_format

    spec = get_method(name)
    check_format(fmt)
    if samples < 1:
        raise InputError(f"samples must be at least 1, got {samples}")
    if temperature < 0:
        raise InputError(f"temperature must be >= 0, got {temperature}")
    if budget_tokens is not None and budget_tokens < 1:
        raise InputError(f"budget_tokens must be at least 1, got {budget_tokens}")
    names = {f.name for f in dataclasses.fields(spec.config)}
    unknown = sorted(set(overrides) - names)
    if unknown:
        raise InputError(f"method {name!r} has no option {', '.join(unknown)}; its options: {', '.join(sorted(names))}")
    values = {"samples": samples, "temperature": temperature, "seed": seed, "format": fmt,
              "budget_tokens": budget_tokens or 0}
    if spec.config is SamplerConfig:
        values["stop_at_first"] = False  # pass@k needs every attempt, not the first proof
    values.update(spec.preset)
    values.update(overrides)
    return spec.config(**values)


def run_method(name: str, theorem, engine, *, samples: int, temperature: float, seed: int, fmt: str,
               budget_tokens: int | None = None, scorer=None, env=None, **overrides) -> SampleResult:
    """Run method `name` on one theorem; every success in the result is kernel- or Lean-verified."""
    spec = get_method(name)
    cfg = make_config(name, samples=samples, temperature=temperature, seed=seed, fmt=fmt,
                      budget_tokens=budget_tokens, **overrides)
    if spec.preset.get("order") == "value" and scorer is None:
        raise InputError("vdfs needs a value head: pass a scorer (gentzen train value)")
    return spec.run(theorem, engine, cfg, scorer=scorer, env=env)


def run_many(name: str, jobs, engine, *, temperature: float, fmt: str, batch_rows: int = BATCH_ROWS,
             budget_tokens: int | None = None, scorer=None, env=None, **overrides):
    """`run_method` on every job (key, theorem, seed, samples), yielding (key, result) as each
    finishes. Guided and plain without a token budget decode across jobs, `batch_rows` rows in
    flight (1: one theorem at a time), each result the same as `run_method` gives alone; the
    other methods (and a budget's waves) run one job after another, in job order."""
    spec = get_method(name)

    def config(seed, samples):
        return make_config(name, samples=samples, temperature=temperature, seed=seed, fmt=fmt,
                           budget_tokens=budget_tokens, **overrides)

    if spec.config is SamplerConfig and not budget_tokens:
        _kernel_only(env)
        yield from sample_many(((key, thm, config(seed, k)) for key, thm, seed, k in jobs), engine,
                               batch_rows=batch_rows)
        return
    for key, thm, seed, k in jobs:
        yield key, run_method(name, thm, engine, samples=k, temperature=temperature, seed=seed, fmt=fmt,
                              budget_tokens=budget_tokens, scorer=scorer, env=env, **overrides)
