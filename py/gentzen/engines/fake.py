"""A scripted engine for tests: returns given completions and counts their tokens exactly.

Token rule (unless a `count` function is given): one token per character of the generated text
up to and including the stop string that ended it, plus one for EOS when no stop string occurs.
Every call is recorded, so tests can check what a sampler asked for and the compute it reports.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from gentzen.engines.base import Completion, EngineStats, check_args, cut_at_stop


@dataclass(frozen=True)
class Call:
    prompts: tuple[str, ...]
    n: int
    max_tokens: int
    temperature: float
    stop: tuple[str, ...]
    seed: int | None
    seeds: tuple[int, ...] | None = None


class FakeEngine:
    """`script` gives the raw generated text of each sample:

    * a callable `(prompt, i) -> str` (i counts this prompt's samples over all calls), or
    * a dict prompt -> list of texts, consumed in order per prompt (then its last repeats), or
    * a list of texts consumed in order across all prompts (then its last repeats).
    Texts may contain the stop string (it is cut there, as a real engine does) and may run past
    max_tokens (they are cut to max_tokens tokens with finish_reason "length").
    """

    def __init__(self, script: Callable[[str, int], str] | dict[str, list[str]] | list[str],
                 count: Callable[[str], int] = len, logprob: float = -1.0) -> None:
        self.script, self.count, self.logprob_per_token = script, count, logprob
        self.calls: list[Call] = []
        self.stats = EngineStats()
        self._seen: dict[str, int] = {}
        self._global = 0

    def _raw(self, prompt: str) -> str:
        i = self._seen.get(prompt, 0)
        self._seen[prompt] = i + 1
        if callable(self.script):
            return self.script(prompt, i)
        if isinstance(self.script, dict):
            texts = self.script.get(prompt)
            if not texts:
                raise KeyError(f"FakeEngine has no script for prompt {prompt!r}")
            return texts[min(i, len(texts) - 1)]
        text = self.script[min(self._global, len(self.script) - 1)]
        self._global += 1
        return text

    def _complete(self, raw: str, max_tokens: int, stop: list[str]) -> Completion:
        text, which = cut_at_stop(raw, stop)
        if which is not None:
            tokens, reason = self.count(text + which), "stop"
        else:
            tokens, reason = self.count(text) + 1, "eos"
        if tokens > max_tokens:
            # keep the longest prefix that fits: exact for the default one-token-per-character rule
            text, which, reason, tokens = raw, None, "length", max_tokens
            while self.count(text) > max_tokens:
                text = text[:-1]
            text, _ = cut_at_stop(text, stop)
        return Completion(text, tokens, self.logprob_per_token * tokens, reason, which)

    def generate(self, prompts: list[str], n: int = 1, *, max_tokens: int = 64, temperature: float = 1.0,
                 stop: list[str] | None = None, seed: int | None = None,
                 seeds: list[int] | None = None) -> list[list[Completion]]:
        a = check_args(n, max_tokens, temperature, stop, prompts, seed, seeds)
        t0 = time.perf_counter()
        self.calls.append(Call(tuple(prompts), n, max_tokens, temperature, tuple(a.stop), seed,
                               None if seeds is None else tuple(seeds)))
        out = [[self._complete(self._raw(p), max_tokens, a.stop) for _ in range(n)] for p in prompts]
        self.stats.calls += 1
        self.stats.prompts += len(prompts)
        self.stats.sequences += len(prompts) * n
        self.stats.prompt_tokens += sum(self.count_tokens(p) for p in prompts)
        self.stats.prefill_tokens += sum(self.count_tokens(p) for p in prompts)
        self.stats.generated_tokens += sum(c.tokens for row in out for c in row)
        self.stats.seconds += time.perf_counter() - t0
        return out

    def count_tokens(self, text: str) -> int:
        return self.count(text) + 1  # BOS

    def reset_stats(self) -> None:
        self.stats = EngineStats()

    def close(self) -> None:
        pass
