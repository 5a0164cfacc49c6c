"""Seeds derived from a run's parts: (seed, round, theorem index, purpose, …) -> one 32-bit seed.

Every method (ei, grpo, sdpo, ttrl) seeds its sampling, replay draws and training steps this way,
so a resumed or re-run round repeats exactly, whatever ran before it.
"""

from __future__ import annotations

import hashlib


def derived_seed(*parts) -> int:
    """A 32-bit seed from (seed, round, theorem index, …): the same parts give the same seed in any run."""
    return int.from_bytes(hashlib.sha256(":".join(map(str, parts)).encode()).digest()[:4], "big")
