"""Ctrl-C in a training run: finish the step in flight, save, then stop with a resumable message.

`CtrlC` turns the first SIGINT into a request the loop polls between steps (a second one interrupts
at once); `Interrupted` is what a round-based run (train ei, train grpo, ttrl) raises once every
finished round is saved. Shared by every method, so it lives below all of them.
"""

from __future__ import annotations


class CtrlC:
    """While active, the first SIGINT only sets `requested` (the step in flight finishes, so the
    weights and optimizer are never half-updated); a second one interrupts at once."""

    def __init__(self) -> None:
        self.requested = False
        self._old = None

    def _handle(self, signum, frame) -> None:
        if self.requested:
            raise KeyboardInterrupt
        self.requested = True

    def __enter__(self) -> "CtrlC":
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc) -> None:
        if self._old is not None:
            import signal

            signal.signal(signal.SIGINT, self._old)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C: every finished round is saved; the same command with --resume continues."""

    def __init__(self, out: str, rounds: int) -> None:
        super().__init__(f"interrupted after {rounds} finished round(s), saved in {out}; "
                         "the same command with --resume continues")
        self.out, self.rounds = out, rounds
