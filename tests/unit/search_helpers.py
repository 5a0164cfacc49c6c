"""Shared pieces of the search tests: theorems, seeded fake scripts, an engine with scripted
log-probabilities, and environments that count (or lie about) what they check."""

from __future__ import annotations

import random

from gentzen.engines.base import Completion, cut_at_stop
from gentzen.engines.fake import FakeEngine
from gentzen.search.env import KernelEnv, Outcome, State

AND = "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by"
MP = "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by"
LINES = ["  constructor", "  exact hp", "  exact hq", "  exact foo", "", "  intro h",
         "  exact ⟨hp, hq⟩", "  apply And.intro", "  have h1 : p := hp", "  exact h1 h2", "  exact h2"]


def random_script(seed: int = 0, lines=LINES):
    """(prompt, i) -> a line chosen by a hash of (seed, prompt, i): the same prompt sequence gives
    the same lines whatever the search, so two searches seeing the same states draw the same."""

    def script(prompt: str, i: int) -> str:
        return random.Random(f"{seed}|{prompt}|{i}").choice(lines) + "\n"

    return script


class LogprobEngine(FakeEngine):
    """A FakeEngine whose completions carry a scripted log-probability per line text."""

    def __init__(self, script, logprobs: dict[str, float], default: float = -5.0) -> None:
        super().__init__(script)
        self.logprobs, self.default = logprobs, default

    def _complete(self, raw, max_tokens, stop):
        c = super()._complete(raw, max_tokens, stop)
        text, _ = cut_at_stop(raw, stop)
        return Completion(c.text, c.tokens, self.logprobs.get(text, self.default), c.finish_reason, c.stop_reason)


class CountingEnv(KernelEnv):
    """The kernel, counting every step, early end and whole-proof check it is asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.steps = self.finishes = self.verifies = self.starts = 0

    def start(self, theorem):
        self.starts += 1
        return super().start(theorem)

    def step(self, state, line):
        self.steps += 1
        return super().step(state, line)

    def finish(self, state):
        self.finishes += 1
        return super().finish(state)

    def verify(self, theorem, proof):
        self.verifies += 1
        return super().verify(theorem, proof)


class LyingEnv(KernelEnv):
    """Says `  trust me` solves every goal; the whole-text check must catch it."""

    def step(self, state, line):
        if line.strip() == "trust me":
            proof = f"{state.proof}\n{line}" if state.proof else line
            return Outcome(State(proof, "no goals", True, state.lines + 1, state.line_no + 1, state.handle))
        return super().step(state, line)
