"""Proof items read from user files: `.lean` files (theorems with tactic proofs) and `.jsonl` records.

Each item carries the theorem, the proof block and the file line where its statement sits, so an
error can be reported at its place in the file. Unreadable input raises InputError.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from gentzen.core.kernel import CheckResult, KernelError, check_proof
from gentzen.core.theorem import Theorem, parse_theorem
from gentzen.errors import InputError, ParseError

MAX_FILE_BYTES = 200 * 1024 * 1024
_DECL = re.compile(r"^(theorem|example)\b")
_SKIP = re.compile(r"^(namespace|end|section|--|/-)")


@dataclass(frozen=True)
class ProofItem:
    name: str
    theorem: str | None          # the statement text (or a sequent)
    proof: str                   # the tactic block, or a whole `theorem … := by` text
    line: int = 1                # file line of the statement (errors are shifted by line - 1)
    problem: KernelError | None = None   # an item that could not even be read

    def check(self) -> CheckResult:
        if self.problem is not None:
            return CheckResult(False, self.problem)
        try:
            thm = parse_theorem(self.theorem)
        except ParseError as e:
            return CheckResult(False, KernelError(e.line or 1, e.column or 0, "parse", e.message))
        res = check_proof(thm, self.proof)
        if res.error is not None and self.line != 1:
            e = res.error
            res = CheckResult(res.ok, KernelError(e.line + self.line - 1, e.column, e.kind, e.message,
                                                  None if e.end_line is None else e.end_line + self.line - 1,
                                                  e.end_column), res.steps)
        return res


def read_text(path: str | Path) -> str:
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise InputError(f"file larger than {MAX_FILE_BYTES // 2**20} MiB", source=str(p))
        data = p.read_bytes()
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}", source=str(p)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"not valid UTF-8 (byte {e.start})", source=str(p)) from None


def load_items(path: str | Path) -> list[ProofItem]:
    p = Path(path)
    text = read_text(p)
    if "\x00" in text:
        raise InputError("binary file (NUL bytes)", source=str(p))
    if p.suffix == ".jsonl":
        return list(_jsonl_items(text, str(p)))
    if p.suffix == ".lean":
        return list(_lean_items(text))
    raise InputError("expected a .lean or .jsonl file", source=str(p))


def _jsonl_items(text: str, source: str):
    for i, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except json.JSONDecodeError as e:
            raise InputError(f"invalid JSON: {e.msg}", line=i, column=e.colno - 1, source=source) from None
        if not isinstance(rec, dict) or "proof" not in rec or not ("theorem" in rec or "sequent" in rec):
            raise InputError('each record needs "proof" and "theorem" or "sequent"', line=i, source=source)
        name = str(rec.get("name", f"line{i}"))
        stmt = rec.get("theorem") or rec.get("sequent")
        if not isinstance(stmt, str) or not isinstance(rec["proof"], str):
            raise InputError('"theorem"/"sequent" and "proof" must be strings', line=i, source=source)
        if not stmt.lstrip().startswith(("theorem", "example")):
            try:
                stmt = Theorem.from_sequent(stmt, name=_safe_name(name)).statement()
            except ParseError as e:
                yield ProofItem(name, None, "", 1, KernelError(1, e.column or 0, "parse", e.message))
                continue
        yield ProofItem(name, stmt, rec["proof"])


def _safe_name(name: str) -> str:
    s = re.sub(r"\W", "_", name)
    return s if s and not s[0].isdigit() else f"t_{s}"


def _lean_items(text: str):
    lines = text.replace("\r\n", "\n").split("\n")
    starts = [i for i, ln in enumerate(lines) if _DECL.match(ln)]
    for k, s in enumerate(starts):
        e = starts[k + 1] if k + 1 < len(starts) else len(lines)
        chunk = lines[s:e]
        while chunk and (not chunk[-1].strip() or _SKIP.match(chunk[-1])):
            chunk.pop()
        full = "\n".join(chunk)
        head = chunk[0].split()
        name = head[1] if len(head) > 1 and head[0] == "theorem" else f"example@{s + 1}"
        stmt_end = full.find(":=")
        stmt = full[: stmt_end + 2] if stmt_end >= 0 else full
        yield ProofItem(name, stmt, full, s + 1)
