"""How many CPU threads a model runs on: one default, chosen by measurement, set in one place.

Every engine and trainer calls `set_threads` when it loads a model (prove, eval, train, and the
samplers ttrl/tui reuse), so a command's `--threads N` and the `GENTZEN_THREADS` variable apply
everywhere the same way. Why 1: gentzen's models (0.1M–25M parameters) run small matrices, where
a second intra-op thread buys little when the machine is idle and, as soon as another CPU-bound
job runs, costs many times over (OpenMP threads wait on each other); figures in
`gentzen bench sampler --json` ("threads") and docs/results.md.
"""

from __future__ import annotations

import os

from gentzen.errors import InputError, require

# Measured with `gentzen bench sampler --json` on the 2-core build machine (see module docstring).
DEFAULT_THREADS = 1
ENV = "GENTZEN_THREADS"
_chosen: int | None = None  # set by a command's --threads; engines loaded later keep it


def default_threads() -> int:
    """`GENTZEN_THREADS` when set, else the measured default (never more than the CPUs present)."""
    raw = os.environ.get(ENV, "").strip()
    if raw:
        try:
            n = int(raw)
        except ValueError:
            raise InputError(f"{ENV} must be a positive integer, got {raw!r}") from None
        check_threads(n, what=ENV)
        return n
    return max(1, min(DEFAULT_THREADS, os.cpu_count() or 1))


def check_threads(n: int, what: str = "--threads") -> int:
    """Validate a thread count given by a user (0 means the default)."""
    if n < 0:
        raise InputError(f"{what} must be 0 (the default) or a positive number of threads, got {n}")
    if n > 1024:
        raise InputError(f"{what} must be at most 1024, got {n}")
    return n


def set_threads(n: int | None = None) -> int:
    """Set torch's intra-op threads to `n` and keep it for this process; None or 0 means the count
    chosen earlier in this process (a command's --threads), else the default. Returns the count."""
    global _chosen
    torch = require("torch", "train")
    if n:
        _chosen = check_threads(n)
    n = _chosen or default_threads()
    if torch.get_num_threads() != n:
        torch.set_num_threads(n)
    return n
