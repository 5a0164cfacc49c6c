"""Shards of a theorem list: `--shard I/N` (0 ≤ I < N) or a Slurm array's SLURM_ARRAY_TASK_ID/COUNT.

Shard I takes items I, I+N, I+2N, … of the list (DeepSeek-Prover's `k % world_size == rank`), so shards
stay balanced when hard theorems cluster; `interleave` puts the shards' items back in list order.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence

from gentzen.errors import InputError

SHARD_HELP = ("run only shard I of N of the theorem list (items I, I+N, …; 0 ≤ I < N); default: the Slurm "
              "array's SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT when set, else all")


def parse_shard(spec: str | None, env: Mapping[str, str] | None = None) -> tuple[int, int] | None:
    """(I, N) from `spec` ("I/N"), else from a Slurm array's variables; None: not sharded (also "0/1")."""
    env = os.environ if env is None else env
    if spec:
        m = re.fullmatch(r"\s*(\d+)\s*/\s*(\d+)\s*", spec)
        if not m or not 0 <= int(m.group(1)) < int(m.group(2)):
            raise InputError(f"--shard must be I/N with 0 ≤ I < N (e.g. 0/4), got {spec!r}")
        i, n = int(m.group(1)), int(m.group(2))
    elif env.get("SLURM_ARRAY_TASK_ID") and env.get("SLURM_ARRAY_TASK_COUNT"):
        try:
            # arrays may start at 1 (--array=1-4): the index counts from SLURM_ARRAY_TASK_MIN
            i = int(env["SLURM_ARRAY_TASK_ID"]) - int(env.get("SLURM_ARRAY_TASK_MIN") or 0)
            n = int(env["SLURM_ARRAY_TASK_COUNT"])
        except ValueError:
            raise InputError("SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT/SLURM_ARRAY_TASK_MIN are not integers"
                             ) from None
        if not 0 <= i < n:
            raise InputError(f"the Slurm array task {env['SLURM_ARRAY_TASK_ID']} is not one of its "
                             f"{n} tasks counted from {env.get('SLURM_ARRAY_TASK_MIN') or 0}; use --shard I/N")
    else:
        return None
    return None if n == 1 else (i, n)


def take(items: Sequence, shard: tuple[int, int] | None) -> list:
    """The shard's items, in list order."""
    if shard is None:
        return list(items)
    i, n = shard
    return list(items[i::n])


def interleave(parts: dict[int, Sequence], n: int) -> list:
    """The whole list from its N shards' items ({I: items of shard I}); InputError if a shard is missing."""
    missing = [i for i in range(n) if i not in parts]
    if missing:
        raise InputError(f"shard(s) {', '.join(f'{i}/{n}' for i in missing)} missing")
    out = []
    for k in range(sum(len(p) for p in parts.values())):
        i, j = k % n, k // n
        if j >= len(parts[i]):
            raise InputError(f"shard {i}/{n} has {len(parts[i])} items; a {n}-way split of this list gives it more")
        out.append(parts[i][j])
    return out
