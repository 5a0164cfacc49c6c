"""`gentzen eval merge SHARD_DIR… --out RUN_DIR`: the run folders of `gentzen eval --shard I/N` as one run.

Every shard must be finished and of the same evaluation (the settings that change an attempt, methods,
seeds, ks); the merged theorems.jsonl holds their records in the order one unsharded run writes them
(method, seed, theorem in list order), and its summary and plots are built by the same code as a run's.
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.errors import InputError
from gentzen.eval.run import ESSENTIAL, check_out_dir, write_summary


def _load(path: Path) -> tuple[dict, list[dict]]:
    from gentzen.io import read_jsonl_resumable

    try:
        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise InputError(f"{path}: not an eval run folder (no readable config.json)") from None
    if config.get("kind") != "eval":
        raise InputError(f"{path}: not an eval run folder (kind {config.get('kind')!r})")
    if not config.get("shard"):
        raise InputError(f"{path}: not a shard (run with --shard I/N)")
    return config, read_jsonl_resumable(path / "theorems.jsonl")


def merge(shards: list[str | Path], out: str | Path) -> dict:
    """Merge finished shard folders into `out` (config.json, theorems.jsonl, summary.json, plots)."""
    from gentzen.io import atomic_write_json, atomic_write_jsonl
    from gentzen.shard import interleave

    if not shards:
        raise InputError("give the shard run folders to merge")
    loaded = [(Path(p), *_load(Path(p))) for p in shards]
    first = loaded[0][1]
    n = first["shard"]["count"]
    parts: dict[int, list[str]] = {}
    records: dict[tuple[str, int, str], dict] = {}
    for path, config, recs in loaded:
        for key in (*[k for k in ESSENTIAL if k != "shard"], "methods", "seeds", "ks"):
            if config.get(key) != first.get(key):
                raise InputError(f"{path} was run with {key}={config.get(key)!r}, {loaded[0][0]} with "
                                 f"{first.get(key)!r}: not shards of one evaluation")
        sh = config["shard"]
        if sh["count"] != n:
            raise InputError(f"{path} is shard {sh['index']}/{sh['count']}, the others are of {n}")
        if sh["index"] in parts:
            raise InputError(f"shard {sh['index']}/{n} is given twice")
        parts[sh["index"]] = sh["names"]
        got = {(r["method"], r["seed"], r["name"]): r for r in recs}
        want = [(m, s, t) for m in config["methods"] for s in config["seeds"] for t in sh["names"]]
        missing = [k for k in want if k not in got]
        if missing:
            raise InputError(f"{path} is unfinished ({len(missing)} of {len(want)} runs missing): "
                             "rerun its command to resume it, then merge")
        records.update(got)
    names = interleave(parts, n)
    ordered = [records[(m, s, t)] for m in first["methods"] for s in first["seeds"] for t in names]
    target = check_out_dir(out)
    config = {**first, "shard": None, "merged_from": [str(p) for p, _, _ in loaded],
              "command": [c["command"] for _, c, _ in loaded]}
    atomic_write_json(target / "config.json", config)
    atomic_write_jsonl(target / "theorems.jsonl", ordered)
    return write_summary(target, ordered, config, len(names))
