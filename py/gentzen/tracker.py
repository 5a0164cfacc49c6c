"""`--report-to tensorboard|wandb|none`: a run's JSONL logs mirrored into an experiment tracker.

The JSONL files stay the record; the tracker reads their new lines after every progress event (and at the
end) and logs each record's numbers (nested keys joined by "/", lists and text left out) with the
libraries' own writers: torch's SummaryWriter for TensorBoard (OUT/tensorboard/), wandb in offline mode
unless WANDB_MODE says otherwise (OUT/wandb/; `wandb sync` uploads it later).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from gentzen.errors import InputError, require

REPORT_TO = ("none", "tensorboard", "wandb")
REPORT_HELP = ("mirror the run's JSONL logs (the record) into a tracker: none | tensorboard (OUT/tensorboard) | "
               "wandb (offline unless WANDB_MODE is set; OUT/wandb)")


def check_report_to(kind: str) -> None:
    """Before any work: a known tracker whose library is installed (one-line error naming the extra)."""
    if kind not in REPORT_TO:
        raise InputError(f"--report-to {kind!r}: choose one of {', '.join(REPORT_TO)}")
    if kind == "tensorboard":
        require("tensorboard", "tensorboard")
    elif kind == "wandb":
        require("wandb", "wandb")


def scalars(record: dict, prefix: str = "") -> dict[str, float]:
    """The record's numbers, nested keys joined by '/' (booleans as 0/1; lists, text and None left out)."""
    out: dict[str, float] = {}
    for k, v in record.items():
        key = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(scalars(v, key + "/"))
        elif isinstance(v, bool):
            out[key] = float(v)
        elif isinstance(v, (int, float)):
            out[key] = float(v)
    return out


class Tracker:
    """Mirrors `logs` ({tag: (jsonl path, step field or "" for the line number)}) into one tracker."""

    def __init__(self, kind: str, out: str | Path, logs: dict[str, tuple[Path, str]], name: str = "") -> None:
        check_report_to(kind)
        self.kind, self.out, self.logs = kind, Path(out), logs
        self.offsets = {tag: 0 for tag in logs}
        self.lines = {tag: 0 for tag in logs}
        self.name = name or self.out.name
        self.writer = self.run = None
        if kind == "tensorboard":
            require("torch.utils.tensorboard", "tensorboard")
        else:
            require("wandb", "wandb")

    def _open(self) -> None:
        """The writer, at the first value: a trainer that swaps its OUT folder atomically (train sft) writes
        its log at the end, so the tracker's folder is made in the final one (checkpoint.py keeps it)."""
        self.out.mkdir(parents=True, exist_ok=True)
        if self.kind == "tensorboard":
            tb = require("torch.utils.tensorboard", "tensorboard")
            self.writer = tb.SummaryWriter(log_dir=str(self.out / "tensorboard"))
            return
        wandb = require("wandb", "wandb")
        os.environ.setdefault("WANDB_MODE", "offline")
        os.environ.setdefault("WANDB_SILENT", "true")
        self.run = wandb.init(project=os.environ.get("WANDB_PROJECT", "gentzen"), dir=str(self.out),
                              name=self.name, reinit=True)
        for tag in self.logs:  # each log keeps its own step axis
            self.run.define_metric(f"{tag}/step")
            self.run.define_metric(f"{tag}/*", step_metric=f"{tag}/step")

    def log(self, tag: str, record: dict, step: int) -> None:
        values = {f"{tag}/{k}": v for k, v in scalars(record).items()}
        if self.writer is None and self.run is None:
            self._open()
        if self.kind == "tensorboard":
            for k, v in values.items():
                self.writer.add_scalar(k, v, step)
        else:
            self.run.log({**values, f"{tag}/step": step})

    def poll(self) -> None:
        """Log the complete lines written since the last poll (a torn last line waits for its end)."""
        for tag, (path, step_field) in self.logs.items():
            if not path.is_file():
                continue
            size = path.stat().st_size
            if size < self.offsets[tag]:  # rewritten (a resume trims unfinished rounds): read it again
                self.offsets[tag] = self.lines[tag] = 0
            with open(path, "rb") as f:
                f.seek(self.offsets[tag])
                data = f.read()
            end = data.rfind(b"\n") + 1
            self.offsets[tag] += end
            for raw in data[:end].splitlines():
                try:
                    rec = json.loads(raw)
                except ValueError:
                    continue
                self.lines[tag] += 1
                if isinstance(rec, dict):
                    step = rec.get(step_field) if step_field else None
                    self.log(tag, rec, int(step) if isinstance(step, (int, float)) else self.lines[tag])

    def close(self) -> None:
        self.poll()
        if self.writer is not None:
            self.writer.close()
        if self.run is not None:
            self.run.finish()
            # wandb's service writes the run file after finish() returns; teardown waits for it
            require("wandb", "wandb").teardown()


def open_tracker(kind: str, out: str | Path, logs: dict[str, tuple[str, str]]) -> Tracker | None:
    """A Tracker for `kind`, or None for none; `logs` paths are relative to `out`."""
    if kind == "none":
        return None
    return Tracker(kind, out, {tag: (Path(out) / p, step) for tag, (p, step) in logs.items()})
