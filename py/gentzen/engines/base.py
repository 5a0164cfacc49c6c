"""The engine interface: prompts in, n sampled completions per prompt out, with exact token counts.

    engine.generate(prompts, n, *, max_tokens, temperature, stop=None, seed=None, seeds=None)
        -> list[list[Completion]]          # outer: one list per prompt; inner: its n samples

Contract, the same for every engine (torch, vLLM, fake):
* A prompt is text; the engine's tokenizer adds BOS itself (gentzen tokenizers' post-processor).
* `Completion.text` is what was generated, cut before the first stop string; the stop string is
  not included. `finish_reason` is "stop" (a stop string matched; `stop_reason` names it),
  "eos" (the model ended the sequence) or "length" (max_tokens reached).
* `Completion.tokens` counts every sampled token, including the one(s) that completed a stop
  string and the EOS token: it is the compute spent, what the samplers report.
* `Completion.logprob` is the sum over sampled tokens of log p(token) under the model's raw
  distribution (temperature 1, before any processing), EOS included; 0.0 where unsupported.
* `Completion.token_ids` are the sampled ids themselves (torch and vLLM engines; empty in the fake).
* `temperature == 0` is greedy decoding. The same engine, inputs and `seed` give the same output.
* `seeds` (one per prompt, instead of `seed`): prompt i's samples are drawn from seeds[i] alone, so
  they are the same whatever else is in the call (what lets samplers batch rows of many theorems).
* `engine.stats` accumulates calls, prompt tokens, prompt tokens actually computed (after prefix
  reuse), generated tokens and seconds; `reset_stats()` zeroes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable


@dataclass(frozen=True)
class Completion:
    text: str
    tokens: int
    logprob: float
    finish_reason: str  # "stop" | "eos" | "length"
    stop_reason: str | None = None  # the stop string that matched, when finish_reason == "stop"
    token_ids: tuple[int, ...] = ()  # the sampled ids (len == tokens) where the engine has them


@dataclass
class EngineStats:
    calls: int = 0
    prompts: int = 0
    sequences: int = 0
    prompt_tokens: int = 0  # prompt tokens of all prompts, as if each were encoded afresh
    prefill_tokens: int = 0  # prompt tokens actually run through the model (prefix reuse saves the rest)
    generated_tokens: int = 0
    seconds: float = 0.0

    def add(self, other: EngineStats) -> None:
        for k in self.__dataclass_fields__:
            setattr(self, k, getattr(self, k) + getattr(other, k))


@runtime_checkable
class Engine(Protocol):
    stats: EngineStats

    def generate(self, prompts: list[str], n: int = 1, *, max_tokens: int = 64, temperature: float = 1.0,
                 stop: list[str] | None = None, seed: int | None = None,
                 seeds: list[int] | None = None) -> list[list[Completion]]:
        ...

    def count_tokens(self, text: str) -> int:
        """Tokens of `text` as a prompt (BOS included)."""
        ...

    def close(self) -> None:
        ...


def cut_at_stop(text: str, stop: list[str] | None) -> tuple[str, str | None]:
    """`text` cut before its earliest stop string, and that string (None if none occurs)."""
    best, which = len(text), None
    for s in stop or ():
        i = text.find(s)
        if s and i != -1 and i < best:
            best, which = i, s
    return text[:best], which


@dataclass
class _Check:
    """Validated sampling arguments (shared by every engine)."""

    n: int
    max_tokens: int
    temperature: float
    stop: list[str] = field(default_factory=list)


def check_args(n: int, max_tokens: int, temperature: float, stop: list[str] | None,
               prompts: list[str] | None = None, seed: int | None = None, seeds: list[int] | None = None) -> _Check:
    if seeds is not None and (seed is not None or prompts is None or len(seeds) != len(prompts)):
        raise ValueError("seeds gives one seed per prompt, instead of seed")
    if n < 1:
        raise ValueError(f"n must be at least 1, got {n}")
    if max_tokens < 1:
        raise ValueError(f"max_tokens must be at least 1, got {max_tokens}")
    if temperature < 0:
        raise ValueError(f"temperature must be >= 0, got {temperature}")
    return _Check(n, max_tokens, temperature, [s for s in (stop or []) if s])


def sample_seed(seed: int, j: int) -> int:
    """The seed of sample j of a prompt seeded `seed` (n > 1 samples of one prompt)."""
    return seed if j == 0 else (seed + j * 0x9E3779B97F4A7C15) % (1 << 63)


def generate_seeded(engine, prompts: list[str], seeds: list[int], n: int = 1, **kwargs) -> list[list[Completion]]:
    """`engine.generate(prompts, n, seeds=seeds, ...)`; an engine without `seeds` is called once per
    prompt with its seed (slower, and as exact)."""
    if _takes_seeds(engine):
        return engine.generate(prompts, n, seeds=seeds, **kwargs)
    return [engine.generate([p], n, seed=s, **kwargs)[0] for p, s in zip(prompts, seeds)]


def _takes_seeds(engine) -> bool:
    import inspect

    try:
        params = inspect.signature(engine.generate).parameters
    except (TypeError, ValueError):
        return False
    if "seeds" in params:
        return True
    # a wrapper passing **kwargs through (the TUI's CancellableEngine): ask what it wraps
    inner = getattr(engine, "engine", None)
    return any(p.kind is p.VAR_KEYWORD for p in params.values()) and inner is not None and _takes_seeds(inner)
