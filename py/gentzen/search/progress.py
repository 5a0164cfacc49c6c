"""Guided sampling that reports its progress: `search.guided.sample`, the same draws and result, calling
`on_round(finished, total)` after each engine round (`gentzen prove` shows it when a search runs long)."""

from __future__ import annotations

from collections.abc import Callable

from gentzen.core.proof.theorem import Theorem
from gentzen.search.guided import ItemSampler, SampleResult, SamplerConfig, draw, engine_kwargs


def sample_reporting(theorem: Theorem | str, engine, cfg: SamplerConfig | None = None, *, verbose: bool = False,
                     on_round: Callable[[int, int], None] | None = None) -> SampleResult:
    """`guided.sample` (the same loop: the same seeds, rows and result), telling `on_round` how many of the
    attempts have finished after each engine call."""
    item = ItemSampler(theorem, cfg, verbose)
    kwargs = engine_kwargs(item.cfg)
    total = len(item.runs)
    while not item.done:
        item.take(*draw(engine, item.requests(), kwargs))
        if on_round is not None:
            on_round(total - item.live(), total)
    return item.result()


class StderrProgress:
    """`finished/total attempts` on stderr, only once a search has run `after` seconds, at most once a second
    (on a terminal one line rewritten in place; otherwise a line every `every` seconds)."""

    def __init__(self, stream, after: float = 2.0, every: float = 5.0, clock=None) -> None:
        import time

        self.stream, self.after, self.clock = stream, after, clock or time.monotonic
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.every = 1.0 if self.tty else every
        self.start, self.last, self.shown = self.clock(), None, False

    def __call__(self, finished: int, total: int) -> None:
        now = self.clock()
        if now - self.start < self.after or (self.last is not None and now - self.last < self.every):
            return
        self.last, self.shown = now, True
        text = f"searching: {finished}/{total} attempts finished, {now - self.start:.0f} s"
        self.stream.write(f"\r{text}\x1b[K" if self.tty else text + "\n")
        self.stream.flush()

    def close(self) -> None:
        """End the rewritten line, so what follows starts on a line of its own."""
        if self.shown and self.tty:
            self.stream.write("\n")
            self.stream.flush()
