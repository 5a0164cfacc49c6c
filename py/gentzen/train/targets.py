"""The target theorems of a round-based training run (train ei, train grpo), read from --targets.

A run config with `targets`, `split` and `limit` fields names them; a file with none is one error
line before any work.
"""

from __future__ import annotations

from gentzen.errors import InputError


def load_targets(cfg) -> list[str]:
    """The `theorem` of every record of cfg.targets (of cfg.split when set), the first cfg.limit of them."""
    from gentzen.io import read_jsonl

    theorems = [rec["theorem"] for _, rec in read_jsonl(cfg.targets)
                if isinstance(rec, dict) and rec.get("theorem") and (not cfg.split or rec.get("split") == cfg.split)]
    if cfg.limit:
        theorems = theorems[:cfg.limit]
    if not theorems:
        raise InputError(f"--targets {cfg.targets}: no records with a 'theorem'"
                         + (f" in split {cfg.split!r}" if cfg.split else ""))
    return theorems
