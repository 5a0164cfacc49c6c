"""Shipped theorem sets (py/gentzen/sets/*.jsonl): listing and deterministic rebuilding.

`build_sets()` adds the Lean statement, the reference proof and its line count to every item
(keeping name, sequent, source, note); `list_sets()` reports counts and length ranges per set.
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.core.logic.sequent import parse_sequent
from gentzen.core.proof.theorem import Theorem
from gentzen.data.prover import prove
from gentzen.errors import InputError

SETS_DIR = Path(__file__).resolve().parent.parent / "sets"
KEEP = ("name", "sequent", "source", "note")


def set_paths() -> dict[str, Path]:
    return {p.stem: p for p in sorted(SETS_DIR.glob("*.jsonl"))}


def load_set(name: str) -> list[dict]:
    paths = set_paths()
    if name not in paths:
        raise InputError(f"no shipped set {name!r} (have: {', '.join(paths)})")
    return read_jsonl(paths[name])


def read_jsonl(path: Path) -> list[dict]:
    """The records of a JSONL file; InputError (naming the line) for anything but JSON objects."""
    from gentzen.io import read_jsonl as read_lines  # UTF-8, binary and folder checks in one place

    out = []
    for i, rec in read_lines(path):
        if not isinstance(rec, dict):
            raise InputError(f"expected a JSON object, got {type(rec).__name__}", line=i, source=str(path))
        out.append(rec)
    return out


def write_atomic(path: Path | str, text: str) -> None:
    """Write via a temporary file in the same folder and os.replace: never a half-written file."""
    from gentzen.io import atomic_write_text  # ordinary permissions (not mkstemp's 0600)

    atomic_write_text(path, text)


def build_item(item: dict) -> dict:
    seq = parse_sequent(item["sequent"])
    thm = Theorem.from_sequent(seq, name=item["name"])
    res = prove(thm)
    out = {k: item[k] for k in KEEP if k in item}
    out.update({"theorem": thm.statement(), "proof": res.proof, "lines": res.lines,
                "atoms": list(seq.atoms)})
    if res.countermodel is not None:
        out["countermodel"] = res.countermodel
    return out


def build_sets(names: list[str] | None = None) -> dict[str, int]:
    """Regenerate statements and reference proofs in place; returns items written per set."""
    done = {}
    for name, path in set_paths().items():
        if names and name not in names:
            continue
        items = [build_item(it) for it in read_jsonl(path)]
        write_atomic(path, "".join(json.dumps(it, ensure_ascii=False) + "\n" for it in items))
        done[name] = len(items)
    return done


def list_sets() -> list[dict]:
    rows = []
    for name, path in set_paths().items():
        items = read_jsonl(path)
        lines = sorted(it["lines"] for it in items if it.get("proof"))
        rows.append({"set": name, "items": len(items), "proved": len(lines),
                     "min_lines": lines[0] if lines else None,
                     "median_lines": lines[len(lines) // 2] if lines else None,
                     "max_lines": lines[-1] if lines else None})
    return rows


__all__ = ["build_sets", "list_sets", "load_set", "read_jsonl", "write_atomic", "SETS_DIR"]
