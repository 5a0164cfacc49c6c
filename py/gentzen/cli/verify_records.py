"""`gentzen verify`'s records: items keyed for resuming, one verdict as a record, how it is printed,
the summary line, and verdicts read back from shard outputs (--merge).

Split from cli/core.py (issue 37) so that `verify` reads as the run's outline.
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.core.reader.items import load_items
from gentzen.errors import InputError


def keyed_items(paths: list[Path], fail) -> list[tuple]:
    """(path, item, key) for every item of every file; `fail` on an unreadable file or one with nothing
    to judge. The key is what was checked: the imports change the verdict (`import Gentzen.ND`)."""
    from gentzen.cli import validate as V
    from gentzen.repl.results import item_key

    items = []
    for path in paths:
        try:
            loaded = load_items(path)
        except InputError as e:
            fail(str(e))
        except KeyboardInterrupt:
            V.fail(f"interrupted while reading {path}: nothing checked yet", 130)
        if not any(it.judged for it in loaded):  # nothing to judge is not "0/0 accepted"
            fail(f"{path}: no theorem or example to check" + (" (no records)" if path.suffix == ".jsonl" else ""))
        items.extend((path, it, item_key(it.theorem, it.proof if not it.imports and not it.opens and not it.lemmas
                                         else f"import {' '.join(it.imports)}\x00"
                                         + (f"open {' '.join(it.opens)}\x00" if it.opens else "")
                                         + "".join(f"lemma {n} {lem.text()}\x00" for n, lem in it.lemmas.items())
                                         + it.proof)) for it in loaded)
    return items


def record(path: Path, item, key: str, verdicts, merged: bool, backend: str) -> tuple[dict, str, bool, dict | None, str]:
    """(record, status, ok, error, checker) for one item: the reader's verdict where it judged the item,
    else the next of `verdicts` (a shard's record as written with `merged`)."""
    if item.problem is not None:
        error, ok, checker, v, status = item.to_file(item.problem.to_dict()), False, "reader", None, "rejected"
    else:
        v = next(verdicts)
        if merged:  # a shard's record: the verdict as that run wrote it
            error, ok, checker, status = v.file_error, v.ok, v.checker, v.status
        else:
            error, ok, checker, status = item.to_file(v.error), v.ok, v.checker, v.status
            ok, error = item.guarded(ok, v.error, error)  # `#guard_msgs in`: the messages are the verdict
            if status != "error":
                status = "accepted" if ok else "expected-error" if error and error.get("kind") == \
                    "expected_error" else "rejected"
    rec = {"name": item.name, "ok": ok, "status": status, "error": error,
           "backend": v.backend if v else backend, "checker": checker, "source": str(path), "key": key,
           "time_s": round(v.time_s, 6) if v else 0.0}
    if item.record_line is not None:
        rec["record_line"] = item.record_line
    if v is not None and v.detail is not None:
        rec["detail"] = v.detail
    return rec, status, ok, error, checker


def show(out, rec: dict, path: Path, item, *, json_out: bool, quiet: bool, failures_only: bool) -> None:
    """One verdict on `out` (a rich Console): its JSON record, or a line (and the error's message)."""
    ok, status, error, checker = rec["ok"], rec["status"], rec["error"], rec["checker"]
    if json_out:
        out.print(json.dumps(rec, ensure_ascii=False), markup=False)
    elif ok:
        if not (quiet or failures_only):
            out.print(f"[green]ok[/green]          {item.name}  [dim]({checker})[/dim]")
    elif status == "expected-error" and not quiet and not failures_only:
        out.print(f"[yellow]{'expected err':<12}[/yellow]{item.name}  [dim](#guard_msgs; {checker})[/dim]")
    elif not quiet and status != "expected-error":
        verdict = "error" if status == "error" else \
            "unsupported" if error.get("kind") == "unsupported" else "rejected"
        where = f"{path}:" if status == "error" else _position(path, item, error)  # not the proof's fault
        out.print(f"[red]{verdict:<12}[/red]{item.name}  {where} ({error['kind']}; {checker})", markup=True)
        out.print("            " + str(error["message"]).replace("\n", "\n            "), markup=False)


def summary(out, err, *, json_out: bool, items: int, todo: int, rejected: int, errors: int, expected: int,
            unsupported: int, checkers: dict[str, int], out_path: Path | None) -> None:
    """The run's last line on `out`, or with --json its summary object on `err` (stdout stays records)."""
    if json_out:  # stdout stays one object per theorem; the summary goes to stderr
        err.file.write(json.dumps({"summary": {"items": items, "accepted": items - rejected - errors - expected,
                                               "expected_errors": expected,
                                               "rejected": rejected, "errors": errors,
                                               "skipped": items - todo,
                                               "unsupported": unsupported, "checkers": checkers}}) + "\n")
    else:
        skipped = items - todo
        by = ", ".join(f"{c}" if len(checkers) == 1 else f"{c} {n}" for c, n in checkers.items())
        out.print(f"{items - rejected - errors - expected}/{items} accepted"
                  + (f", {expected} with the error their #guard_msgs expects" if expected else "")
                  + (f", {unsupported} unsupported" if unsupported else "")
                  + (f", {errors} not checked (transport errors; rerun with --out to retry them)"
                     if errors else "")
                  + (f" (checked by {by})" if by else "")
                  + (f" ({skipped} already in {out_path})" if skipped else ""), markup=False)


class Merged:
    """Verdicts read back from shard outputs (--merge), in the shape a verifier gives them."""

    def __init__(self, records: dict[str, dict]) -> None:
        self.records, self.strict_nd = records, False

    def verify_many(self, keys):
        from types import SimpleNamespace

        for key in keys:  # `file_error`: the record's error, already in the file's positions
            r = self.records[key]
            yield SimpleNamespace(ok=r["ok"], file_error=r.get("error"), backend=r.get("backend", ""),
                                  status=r.get("status") or ("accepted" if r["ok"] else "rejected"),
                                  checker=r.get("checker", ""), time_s=float(r.get("time_s", 0.0)),
                                  detail=r.get("detail"))

    def close(self) -> None:
        pass


def merged_verdicts(files: list[Path], items: list, fail) -> dict[str, dict]:
    """key -> record from shard outputs; every item a checker judges must be among them."""
    from gentzen.io import read_jsonl_resumable

    got: dict[str, dict] = {}
    for f in files:
        if not f.is_file():
            fail(f"--merge {f}: no such file")
        got.update({r["key"]: r for r in read_jsonl_resumable(f) if isinstance(r, dict) and "key" in r})
    missing = [it.name for _, it, key in items if it.problem is None and key not in got]
    if missing:
        fail(f"{len(missing)} item(s) are not in the --merge files (first: {missing[0]}); run the missing shards")
    return got


def _position(path: Path, item, error: dict) -> str:
    """`file:line:column`, or for a .jsonl record `file:RECORD_LINE: proof line L, column C`."""
    if item.record_line is None:
        return f"{path}:{error['line']}:{error['column']}:"
    if error.get("proof_line") is not None and error["proof_line"] >= 1:
        return f"{path}:{item.record_line}: proof line {error['proof_line']}, column {error['proof_column']}:"
    return f"{path}:{item.record_line}: theorem, column {error.get('column')}:"
