"""The compute account every sampler and search charges: one place that says what was spent.

Tokens sampled (rejected lines included), model calls (one per prompt sent to the engine, however
many samples it asks for), kernel or Lean checks, node expansions, and wall-clock split into
sampling (inside the engine), checking (inside the kernel or the REPL) and other (the rest).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, fields

_SECONDS = ("sample_seconds", "check_seconds", "other_seconds")


@dataclass
class Compute:
    """What one attempt (or a whole run, summed) spent; field names match `Attempt`'s."""

    tokens: int = 0
    model_calls: int = 0
    kernel_checks: int = 0
    expansions: int = 0
    sample_seconds: float = 0.0
    check_seconds: float = 0.0
    other_seconds: float = 0.0

    def add(self, other: Compute) -> Compute:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        return self

    @property
    def seconds(self) -> float:
        return self.sample_seconds + self.check_seconds + self.other_seconds

    def to_dict(self) -> dict:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        for k in _SECONDS:
            d[k] = round(d[k], 6)
        return d

    def charge(self, attempt) -> None:
        """Add this account to an `Attempt`'s compute fields."""
        for f in fields(self):
            setattr(attempt, f.name, getattr(attempt, f.name) + getattr(self, f.name))

    @classmethod
    def of(cls, attempts) -> Compute:
        """The sum over attempts (anything with the same field names)."""
        out = cls()
        for a in attempts:
            for f in fields(out):
                setattr(out, f.name, getattr(out, f.name) + getattr(a, f.name, 0))
        return out


class Meter:
    """A live account: wraps engine calls and checks so nothing is spent uncounted.

    `generate` charges tokens, model calls and sampling time; `score` a value head's calls and
    time; `check` one check and its time; `close()` books the remaining wall-clock as other."""

    def __init__(self) -> None:
        self.compute = Compute()
        self._t0 = time.perf_counter()

    def __enter__(self) -> Meter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def generate(self, engine, prompts: list[str], n: int, **kwargs):
        from gentzen.engines.base import generate_seeded

        t0 = time.perf_counter()
        seeds = kwargs.pop("seeds", None)
        outs = engine.generate(prompts, n, **kwargs) if seeds is None else \
            generate_seeded(engine, prompts, seeds, n, **kwargs)
        c = self.compute
        c.sample_seconds += time.perf_counter() - t0
        c.model_calls += len(prompts)
        c.tokens += sum(comp.tokens for row in outs for comp in row)
        return outs

    def score(self, scorer, theorem, states: list) -> list[float]:
        """A value head's forward passes: one model call per state, timed as sampling, no tokens."""
        t0 = time.perf_counter()
        try:
            return list(scorer(theorem, states))
        finally:
            self.compute.sample_seconds += time.perf_counter() - t0
            self.compute.model_calls += len(states)

    def check(self, fn, *args, counted: bool = True):
        """fn(*args) timed as checking; `counted=False` for work that checks no line (opening a
        theorem), so kernel_checks counts exactly the lines, early ends and whole-proof checks."""
        t0 = time.perf_counter()
        try:
            return fn(*args)
        finally:
            self.compute.check_seconds += time.perf_counter() - t0
            self.compute.kernel_checks += counted

    def close(self) -> Compute:
        c = self.compute
        c.other_seconds = max(0.0, time.perf_counter() - self._t0 - c.sample_seconds - c.check_seconds)
        return c


def counted(n, noun: str) -> str:
    """`1 attempt`, `2 attempts`, `1 kernel check`: a count and its noun, in the right number."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def totals_text(totals: dict, keys: tuple[str, ...] = ("attempts", "tokens")) -> str:
    """Compute totals as a user reads them: `1 attempt, 25 tokens, 1 model call`."""
    nouns = {"attempts": "attempt", "tokens": "token", "model_calls": "model call", "kernel_checks": "kernel check",
             "expansions": "expansion", "redraws": "redraw"}
    return ", ".join(counted(totals.get(k, "?"), nouns.get(k, k)) for k in keys)
