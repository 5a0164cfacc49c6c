"""The accounting every training log uses, so two methods can be compared at matched compute.

`Clock` splits wall-clock into sampling (inside the engine), checking (inside the kernel or Lean),
training (forward, backward, optimizer) and other; model loading is timed apart and excluded.
`Tally` counts samples, tokens, verified proofs and solved theorems; `JsonlLog` appends one JSON
line per record (a killed run loses at most the line being written).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import MISSING, asdict, dataclass, fields
from pathlib import Path

from gentzen.io import append_jsonl_line, atomic_write_jsonl, read_jsonl_resumable

PHASES = ("sampling", "checking", "training")


class Clock:
    """Wall-clock since construction, split into PHASES + other, with model loading excluded.

    `with clock.training(): …` books a block; a sampler's own split (its Compute or Attempt
    fields sample_seconds / check_seconds) is booked with `charge`, since one
    sampler call interleaves the engine and the kernel. `split()` always adds up: other is
    the wall-clock no phase claimed."""

    def __init__(self) -> None:
        self._t0 = time.perf_counter()
        self._seconds = dict.fromkeys(PHASES, 0.0)
        self._excluded = 0.0
        self._open: str | None = None

    @contextmanager
    def _phase(self, name: str) -> Iterator[None]:
        if self._open is not None:
            raise RuntimeError(f"clock phase {name!r} opened inside {self._open!r}")
        self._open, t0 = name, time.perf_counter()
        try:
            yield
        finally:
            dt = time.perf_counter() - t0
            if name == "excluded":
                self._excluded += dt
            else:
                self._seconds[name] += dt
            self._open = None

    def sampling(self):
        return self._phase("sampling")

    def checking(self):
        return self._phase("checking")

    def training(self):
        return self._phase("training")

    def loading(self):
        """Model loading (and saving): timed, reported apart, not part of the compared wall-clock."""
        return self._phase("excluded")

    def charge(self, sample_seconds: float = 0.0, check_seconds: float = 0.0) -> None:
        """Book a sampler's own split (call it outside any phase); the rest of the sampler's
        wall-clock (prompt building, search bookkeeping) stays in other."""
        self._seconds["sampling"] += sample_seconds
        self._seconds["checking"] += check_seconds

    def split(self) -> dict:
        """{sampling, checking, training, other, total, loading}: the first four add up to total."""
        wall = time.perf_counter() - self._t0 - self._excluded
        booked = sum(self._seconds.values())
        if booked > wall:  # a sampler's shares can round past the wall-clock by microseconds
            wall = booked
        out = {k: self._seconds[k] for k in PHASES}
        out["other"] = wall - booked
        out["total"] = wall
        out["loading"] = self._excluded
        return {k: round(v, 4) for k, v in out.items()}


@dataclass
class Tally:
    """Counts of one round (or a whole run, summed with `add`)."""

    targets: int = 0            # theorems sampled on
    samples: int = 0            # attempts (a sampled proof, or one search run)
    tokens: int = 0             # tokens sampled, rejected lines included
    model_calls: int = 0
    kernel_checks: int = 0
    verified: int = 0           # attempts whose proof the kernel verified
    solved: int = 0             # targets with at least one verified proof
    train_proofs: int = 0       # records trained on (repeats and replays included)
    train_steps: int = 0
    train_tokens: int = 0       # tokens run through the model in training

    def add(self, other: Tally) -> Tally:
        for k, v in asdict(other).items():
            setattr(self, k, getattr(self, k) + v)
        return self

    def to_dict(self) -> dict:
        d = asdict(self)
        d["solve_rate"] = round(self.solved / self.targets, 6) if self.targets else None
        d["verified_rate"] = round(self.verified / self.samples, 6) if self.samples else None
        return d

    @classmethod
    def from_dict(cls, d: dict) -> Tally:
        return cls(**{k: d.get(k, 0) for k in asdict(cls())})


class JsonlLog:
    """An append-only JSONL log: one `write(record)` is one line, written with one O_APPEND write."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def write(self, record: dict) -> None:
        append_jsonl_line(self.path, record)

    def read(self) -> list[dict]:
        return read_jsonl_resumable(self.path)

    def keep(self, predicate) -> list[dict]:
        """Rewrite the log atomically with only the records `predicate` accepts (a resumed run drops
        the lines of the round it is about to redo); returns them."""
        kept = [r for r in self.read() if predicate(r)]
        if self.path.exists():
            atomic_write_jsonl(self.path, kept)
        return kept


def sampled_rows(samples_file: Path, targets: list[str]) -> dict[int, dict]:
    """A round's per-theorem rows already in its samples file (a killed round resumes after them):
    {target index: its first row}, rows of another target list ignored."""
    rows: dict[int, dict] = {}
    for rec in read_jsonl_resumable(samples_file):
        i = rec.get("index")
        if isinstance(i, int) and 0 <= i < len(targets) and rec.get("theorem") == targets[i]:
            rows.setdefault(i, rec)
    return rows


def resume_state(path: Path, cfg, provenance: tuple[str, ...], keys: tuple[str, ...], what: str,
                 why: str = "", model_digest: str | None = None) -> dict | None:
    """With `cfg.resume`, the run's state file (None when it has none yet, or without --resume).

    A file that is not JSON with `keys` says it is not `what`; one started with other
    `provenance` settings is refused, since the resumed run would not be the run it claims. With
    `model_digest` (checkpoint.weights_digest of `cfg.model`, which the run's state records as
    "model_digest"), `model` is compared by its weights, not its path (`same_model`)."""
    import json

    from gentzen.errors import InputError

    if not cfg.resume or not path.is_file():
        return None
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
        _ = [state[k] for k in keys]
    except (ValueError, KeyError, TypeError):
        raise InputError(f"{path}: not {what}") from None
    by_path = provenance if model_digest is None else tuple(k for k in provenance if k != "model")
    # a setting added after the run started is absent from its state: it ran with the setting's default
    defaults = {f.name: f.default for f in fields(cfg) if f.default is not MISSING}
    changes = [f"{k} {state['config'].get(k, defaults.get(k))!r} -> {getattr(cfg, k)!r}" for k in by_path
               if state["config"].get(k, defaults.get(k)) != getattr(cfg, k)]
    if changes:
        raise InputError(f"{path.parent} was started with other settings ({'; '.join(changes)}); "
                         f"{why}use another --out")
    if model_digest is not None:
        same_model(path.parent, state, cfg.model, model_digest)
    return state


def same_model(out: Path, state: dict, model: str, digest: str) -> None:
    """A resume starts from the weights the run started from: a moved model folder is the same model, a
    path whose model was replaced (a new shipped model) is not. Runs from before the digest have only the path."""
    from gentzen.errors import InputError

    was_path, was = state["config"].get("model"), state.get("model_digest")
    if was is None and was_path != model:
        raise InputError(f"{out} was started from --model {was_path} (its state records no weights digest, so a "
                         f"moved model cannot be recognised): resume with --model {was_path}, or use another --out")
    if was is not None and was != digest:
        raise InputError(f"{out} was started from other weights ({was_path}, digest {was}); --model {model} has "
                         f"digest {digest or 'none (no weight files)'}: resume with the run's model, "
                         "or use another --out")
