"""Resumable results of a verification run: an append-only JSONL file keyed by content.

`gentzen verify --out FILE` skips every proof whose key is already in FILE, so an interrupted
run picks up where it stopped; a record torn by a crash is ignored and its proof redone.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gentzen.core.proof.theorem import Theorem


def item_key(theorem: Theorem | str | None, proof: str) -> str:
    """A result's identity: its content, so a re-run skips exactly the proofs already checked."""
    return hashlib.sha256(f"{theorem}\x00{proof}".encode()).hexdigest()[:24]


class ResultLog:
    """An append-only JSONL file of results keyed by `key`. Each record is one `os.write` on an
    O_APPEND descriptor, so a crash leaves at most one torn last line, which reading skips."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.done: dict[str, dict] = {}
        if self.path.exists():
            with open(self.path, encoding="utf-8", errors="replace") as f:
                for raw in f:
                    try:
                        rec = json.loads(raw)
                    except ValueError:
                        continue  # a torn line from an interrupted run: that item is redone
                    if isinstance(rec, dict) and "key" in rec:
                        self.done[rec["key"]] = rec
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        size = os.fstat(self._fd).st_size
        if size:
            with open(self.path, "rb") as f:
                f.seek(size - 1)
                if f.read(1) != b"\n":
                    os.write(self._fd, b"\n")  # end the torn line so the next record stands alone

    def append(self, rec: dict) -> None:
        os.write(self._fd, (json.dumps(rec, ensure_ascii=False) + "\n").encode())
        self.done[rec["key"]] = rec

    def close(self) -> None:
        if self._fd >= 0:
            os.fsync(self._fd)
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> ResultLog:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
