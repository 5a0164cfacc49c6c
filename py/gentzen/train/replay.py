"""Replay against forgetting: proofs of the model's own training distribution in every update.

`resolve(spec, model_dir, …)` finds that data (gentzen.json `data`, checked against `data_sha256`;
when the file is not at hand, regenerated with the generator settings in `data_gen` and cached),
and returns a `ReplaySource`: its train split to replay and a fixed probe of held-out proofs.
`source.mix(own, share, seed)` is one update's records: own proofs plus the replayed share.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gentzen.errors import InputError
from gentzen.io import sha16

MODEL, NONE = "model", "none"


@dataclass(frozen=True)
class ReplaySpec:
    source: str   # MODEL (the model's own training data) | NONE | a JSONL file
    n: int = 0    # proofs per update; 0: `replay_share` of the mix decides


def parse_replay(spec: str) -> ReplaySpec:
    """'' -> the model's data; 'none' -> no replay; 'FILE' -> FILE, share-sized; 'FILE:N' -> N of FILE."""
    spec = (spec or "").strip()
    if not spec or spec == MODEL:
        return ReplaySpec(MODEL)
    if spec.lower() in (NONE, "0"):
        return ReplaySpec(NONE)
    path, sep, n = spec.rpartition(":")
    if sep and path and n.isdigit():
        return ReplaySpec(path, int(n)) if int(n) else ReplaySpec(NONE)
    if sep and path and not Path(spec).exists():
        raise InputError(f"--replay must be FILE:N (N proofs per update from FILE), FILE, or none; got {spec!r}")
    return ReplaySpec(spec)


def check_replay(spec: str, share: float, probe: int) -> None:
    """Options only, before any work (InputError); the model's data is looked up when the run starts."""
    s = parse_replay(spec)
    if s.source not in (MODEL, NONE) and not Path(s.source).is_file():
        raise InputError(f"--replay {s.source}: no such file")
    if not 0 <= share < 1:
        raise InputError(f"--replay-share must be in [0, 1), got {share:g}")
    if probe < 0:
        raise InputError(f"--probe must be at least 0 (0: off), got {probe}")


def cache_dir() -> Path:
    """Where regenerated training data is kept: $GENTZEN_CACHE, else ~/.cache/gentzen."""
    return Path(os.environ.get("GENTZEN_CACHE") or Path.home() / ".cache" / "gentzen")


def model_data(model_dir: str, say: Callable[[dict], None] = lambda ev: None) -> Path:
    """The file the model was trained on, byte-identical to what its gentzen.json records."""
    from gentzen.models.checkpoint import read_meta

    meta = read_meta(model_dir)
    data, sha = meta.get("data"), meta.get("data_sha256")
    if not data:
        raise InputError(f"{model_dir}/gentzen.json records no training data; pass --replay FILE[:N] or --replay none")
    cached = cache_dir() / "data" / f"{sha or 'nosha'}.jsonl"
    candidates = [Path(data)] if Path(data).is_absolute() else \
        [Path(data), *(p / data for p in [Path(model_dir).resolve(), *Path(model_dir).resolve().parents][:6])]
    for c in [*candidates, cached]:
        if c.is_file() and (not sha or sha16(c) == sha):
            return c
    # the shipped model carries a uniform sample of that file (replay.jsonl, its hash in gentzen.json), so a
    # first run replays at once instead of regenerating 60,000 theorems (minutes of CPU)
    sample = meta.get("replay_sample") or {}
    if sample.get("file") and sample.get("from_sha256") == sha:
        p = Path(model_dir) / sample["file"]
        if p.is_file() and sha16(p) == sample.get("sha256"):
            return p
    gen = meta.get("data_gen")
    if not gen or not sha:
        raise InputError(f"the model's training data {data} is not here and its gentzen.json records no "
                         "`data_gen` to regenerate it; pass --replay FILE[:N] or --replay none")
    return regenerate(gen, sha, cached, say)


def regenerate(gen: dict, sha: str, dest: Path, say: Callable[[dict], None]) -> Path:
    """`gentzen gen` with the recorded settings, checked against the recorded hash, cached at dest."""
    from gentzen.data.generate import config_from_recorded, dumps, generate
    from gentzen.io import atomic_write_text

    say({"event": "replay_regenerate", "settings": gen, "dest": str(dest)})
    text = dumps(generate(config_from_recorded(gen)))  # no data_version recorded: version 1
    got = hashlib.sha256(text.encode()).hexdigest()[:16]
    if got != sha:
        raise InputError(f"regenerating the training data with {gen} gave sha256 {got}, not the recorded {sha}; "
                         "pass --replay FILE[:N] or --replay none")
    atomic_write_text(dest, text)
    return dest


@dataclass
class ReplaySource:
    path: str = ""                                      # "" when no replay
    n: int = 0                                          # fixed proofs per update (0: the share decides)
    share: float = 0.0                                  # replayed share of the mix when n is 0
    pool: list[dict] = field(default_factory=list)      # the train split
    probe: list[dict] = field(default_factory=list)     # fixed held-out proofs (heldout split, else dev)
    probe_split: str = ""                               # the split the probe came from

    def count(self, own: int) -> int:
        """Replayed proofs in a mix with `own` own records."""
        if not self.pool or not own:
            return 0
        want = self.n or round(own * self.share / (1.0 - self.share))
        return min(want, len(self.pool))

    def mix(self, own: list[dict], seed: int) -> tuple[list[dict], int]:
        """(own + replayed records, how many were replayed): a fresh seeded draw every update."""
        k = self.count(len(own))
        return own + (random.Random(seed).sample(self.pool, k) if k else []), k

    def describe(self) -> dict:
        return {"path": self.path, "n": self.n, "share": self.share, "pool": len(self.pool), "probe": len(self.probe),
                "probe_split": self.probe_split}


def resolve(spec: str, model_dir: str, share: float, probe: int, exclude: set[str] = frozenset(),
            say: Callable[[dict], None] = lambda ev: None) -> ReplaySource:
    """The replay data and probe of a run. The probe is `probe` proofs of the data's heldout split
    (dev if it has none), drawn once with seed 0 and never any of `exclude` (the run's targets), so
    every update of every run on the same data is measured on the same proofs."""
    from gentzen.models.formats import read_records

    s = parse_replay(spec)
    if s.source == NONE:
        return ReplaySource()
    path = model_data(model_dir, say) if s.source == MODEL else Path(s.source)
    records = read_records(path)
    pool = [r for r in records if r.get("split", "train") == "train"]
    if not pool:
        raise InputError(f"--replay {path}: no records in its train split")
    held, probe_split = [], ""
    for probe_split in ("heldout", "dev", "train"):  # train: a file with no held-out split (not held out, said so)
        held = [r for r in records if r.get("split", "train") == probe_split and r["theorem"] not in exclude]
        if held:
            break
    chosen = random.Random(0).sample(held, min(probe, len(held))) if probe else []
    return ReplaySource(str(path), s.n, share, pool, chosen, probe_split if chosen else "")


# -- for a method whose own step is not `update` (SDPO): replay and probe around it ------------------


def probe_before(model, tokenizer, source: ReplaySource, cfg, clock=None) -> dict | None:
    """The probe's scores before a method's own update (probe.probe_scores; None without a probe)."""
    from gentzen.train.probe import probe_scores

    return probe_scores(model, tokenizer, source.probe, cfg, clock) if source.probe else None


def replay_update(model, tokenizer, source: ReplaySource, own: int, cfg, seed: int) -> int:
    """The replayed share of a mix whose own part (`own` records) the method trained with its own
    loss: those replayed proofs as one shared `update` (call it inside the method's training
    phase, before syncing an engine); returns how many were replayed."""
    from gentzen.train.update import update

    k = source.count(own)
    if k:
        update(model, tokenizer, random.Random(seed).sample(source.pool, k), cfg)
    return k


def probe_after(model, tokenizer, source: ReplaySource, cfg, before: dict | None, clock=None) -> dict | None:
    """The forgetting record (probe.forgetting: per theorem, per token, per length bucket) once the
    method's update and its replay are done."""
    from gentzen.train.probe import forgetting, probe_scores

    if before is None:
        return None
    return forgetting(before, probe_scores(model, tokenizer, source.probe, cfg, clock), len(source.probe))


__all__ = ["ReplaySpec", "ReplaySource", "parse_replay", "check_replay", "resolve", "model_data", "cache_dir"]
