"""The theorems an evaluation runs on: a shipped set, a JSONL file, or a `.lean` file of statements.

JSONL records need a `theorem` statement or only a `sequent` (made into a statement as the shipped
sets are). Each theorem gets a unique name and its reference-proof length in lines (the record's
`lines`, else the reference prover's), which `--lines 7-14` and the length buckets use.
"""

from __future__ import annotations

import re
from pathlib import Path

from gentzen.errors import InputError, ParseError


def parse_range(text: str) -> tuple[int, int] | None:
    """`7-14`, `7-` or `7` as inclusive line bounds; empty means no filter."""
    text = (text or "").strip()
    if not text:
        return None
    m = re.fullmatch(r"(\d+)\s*(?:-\s*(\d*))?", text)
    if not m:
        raise InputError(f"--lines must look like 7-14, 7- or 7, got {text!r}")
    lo = int(m.group(1))
    hi = lo if m.group(2) is None and "-" not in text else (int(m.group(2)) if m.group(2) else 10**9)
    if lo < 1 or hi < lo:
        raise InputError(f"--lines range {text!r} is empty (it needs 1 <= low <= high)")
    return lo, hi


def _records(set_arg: str) -> list[dict]:
    from gentzen.data.sets import load_set, read_jsonl, set_paths

    if set_arg in set_paths():
        return load_set(set_arg)
    p = Path(set_arg)
    if not p.exists():
        raise InputError(f"no shipped set or file called {set_arg!r} (shipped sets: {', '.join(set_paths())})")
    if p.is_dir():
        raise InputError(f"{set_arg} is a folder; give a shipped set, a .jsonl or a .lean file")
    if p.suffix == ".lean":
        return _lean_records(p)
    if p.suffix != ".jsonl":
        raise InputError(f"{set_arg}: expected a shipped set name, a .jsonl or a .lean file")
    return read_jsonl(p)


def _lean_records(path: Path) -> list[dict]:
    from gentzen.core.reader.items import load_items

    out = []
    for it in load_items(path):
        if it.problem is not None or not it.theorem:
            raise InputError(f"{path}: line {it.line}: cannot read the statement of {it.name}")
        stmt = it.theorem.rstrip()
        if not stmt.endswith(":= by"):
            stmt = (stmt[:-2] if stmt.endswith(":=") else stmt).rstrip() + " := by"
        out.append({"name": it.name, "theorem": stmt})
    return out


def _statement(rec: dict, i: int) -> tuple[str, str]:
    from gentzen.core.proof.theorem import Theorem, parse_theorem

    name = str(rec.get("name") or f"item{i}")
    stmt = rec.get("theorem")
    try:
        if isinstance(stmt, str) and stmt.strip():
            parse_theorem(stmt)
            return name, stmt
        seq = rec.get("sequent")
        if isinstance(seq, str) and seq.strip():
            safe = re.sub(r"\W", "_", name)
            safe = safe if safe and not safe[0].isdigit() else f"t_{safe}"
            return name, Theorem.from_sequent(seq, name=safe).statement()
    except ParseError as e:
        raise InputError(f"record {i} ({name}): {e.message}") from None
    raise InputError(f'record {i} has neither "theorem" nor "sequent"')


def reference_lines(statement: str) -> int | None:
    """Lines of the reference prover's proof (None when it finds none)."""
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.data.prover import prove

    res = prove(parse_theorem(statement))
    return res.lines if res.proof else None


def load_theorems(set_arg: str, *, split: str = "", lines: str = "", limit: int = 0) -> list[dict]:
    """[{"name", "theorem", "lines"}] in file order, filtered by split and length, then limited."""
    bounds = parse_range(lines)
    recs = _records(set_arg)
    if split:
        recs = [r for r in recs if r.get("split") == split]
    out, seen = [], set()
    for i, rec in enumerate(recs, 1):
        if not isinstance(rec, dict):
            raise InputError(f"record {i} is not a JSON object")
        name, stmt = _statement(rec, i)
        n = rec.get("lines") if isinstance(rec.get("lines"), int) else None
        if n is None:  # the length buckets need it even without --lines
            n = reference_lines(stmt)
        if bounds and (n is None or not bounds[0] <= n <= bounds[1]):
            continue
        base, j = name, 2
        while name in seen:  # resumable runs key on the name: make it unique
            name, j = f"{base}#{j}", j + 1
        seen.add(name)
        out.append({"name": name, "theorem": stmt, "lines": n})
        if limit and len(out) >= limit:
            break
    if not out:
        what = f" of split {split!r}" if split else ""
        what += f" with {lines} reference lines" if bounds else ""
        raise InputError(f"no theorems{what} in {set_arg}")
    return out
