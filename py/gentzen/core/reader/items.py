"""Proof items read from user files: `.jsonl` records here, ordinary Lean files by lean_file.py.

The item itself (`ProofItem`: statement, proof, file position, a verdict reached without the kernel)
is in proof_item.py, importable from here too. Unreadable input raises InputError.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from gentzen.core.kernel import KernelError
from gentzen.core.reader.lean_file import lean_items
from gentzen.core.reader.proof_item import ProofItem
from gentzen.core.proof.theorem import Theorem
from gentzen.errors import InputError, ParseError

MAX_FILE_BYTES = 200 * 1024 * 1024


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
        return lean_items(text, p.resolve().parent)
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
                yield ProofItem(name, None, "", 1, KernelError(1, e.column or 0, "parse", e.message),
                                record_line=i)
                continue
        full = rec["proof"].lstrip("\ufeff").lstrip().startswith(("theorem", "example"))
        if full:
            yield ProofItem(name, stmt, rec["proof"], record_line=i, proof_line_base=0)
            continue
        term = term_proof(rec["proof"], _hyp_names(stmt))
        if term is not None and stmt.rstrip().endswith(":= by"):
            # the declaration a .lean file would hold: the statement's `:=` then the term on the next line,
            # two spaces in (the record's proof line 1 is the file's line 2, its columns shifted by 2)
            header = stmt.rstrip()[:-2].rstrip()
            text = header + "\n" + "\n".join("  " + ln for ln in term.split("\n"))
            yield ProofItem(name, stmt, text, record_line=i, proof_line_base=1, shift=2)
            continue
        shift, problem = block_shift(rec["proof"])
        if problem is not None:
            yield ProofItem(name, stmt, rec["proof"], problem=KernelError(2, 0, "parse", problem), record_line=i)
            continue
        proof = "\n".join(" " * shift + ln if ln.strip() else ln for ln in rec["proof"].split("\n")) \
            if shift else rec["proof"]
        yield ProofItem(name, stmt, proof, record_line=i, shift=shift)


# First words that start a term and never a tactic (`fun`, `λ`, `⟨`, and `by` itself: the term `by tac`)
_TERM_START = re.compile(r"(?:fun|λ|by)(?![\w'!?.])|⟨")
_FIRST_NAME = re.compile(r"[^\W\d][\w'!?.₀-₉]*")


def term_proof(proof: str, hyps: tuple[str, ...] = ()) -> str | None:
    """A record's term-mode proof as the text after `:=` (its columns kept), else None (a tactic block).
    A term proof is written `:= t`, or starts with what only starts a term: `fun`, `λ`, `⟨`, `by …`, or
    a name that is no tactic but a premise (`hyps`), a dotted name (`h1.1`, `And.intro h1 h2`) or a
    constant (`id`): as a tactic block Lean would answer `unknown tactic`. Any other name is left a
    tactic (Mathlib's `linarith` is one, unknown here)."""
    from gentzen.core.elaboration.constants import CONSTANTS
    from gentzen.core.elaboration.nd import TACTIC_MACROS
    from gentzen.core.text.words import LEAN_TACTICS, RESERVED

    proof = proof.replace("\ufeff", "", 1).rstrip()
    text = proof.lstrip()
    if text.startswith(":="):  # `:=` blanked, not cut: the term keeps the record's columns
        return proof.replace(":=", "  ", 1) if text[2:].strip() else None
    if _TERM_START.match(text):
        return proof
    m = _FIRST_NAME.match(text)
    word = m.group() if m else ""
    if word in RESERVED or word in LEAN_TACTICS or word in TACTIC_MACROS or \
            not (word in hyps or word in CONSTANTS or "." in word.strip(".")):
        return None
    rest = text[m.end():m.end() + 2].lstrip()
    return None if rest.startswith((":", "=", "<;>")) else proof  # `h1 : P` or `x := …` is no term


UNINDENTED = ("the proof's first line is at column 0 but later lines are indented, so its block is ambiguous "
              "(was the first line's indentation stripped?): write every line as it stands under `:= by`, "
              "two spaces in (\"  exact h1 h2\")")


def block_shift(proof: str) -> tuple[int, str | None]:
    """How far a record's proof must move right to sit under `:= by`. Lines indented as Lean wants
    them: 0. A block written at column 0 (its first line at 0, and either it is one line or another
    line is at 0 too): 2, the only reading. A first line at 0 with every later line indented could
    be a stripped first line or a nested block: (0, the reason it is refused)."""
    lines = [ln for ln in proof.split("\n") if ln.strip()]
    indent = [len(ln) - len(ln.lstrip(" ")) for ln in lines]
    if not lines or indent[0] > 0:
        return 0, None
    if len(lines) == 1 or 0 in indent[1:]:
        return 2, None
    return 0, UNINDENTED


def _hyp_names(statement: str) -> tuple[str, ...]:
    """The premise names of a statement (none when it does not parse: the checker will say why)."""
    from gentzen.core.proof.theorem import parse_theorem

    try:
        return tuple(h for h, _ in parse_theorem(statement).hyps)
    except ParseError:
        return ()


def _safe_name(name: str) -> str:
    """A record's name as a theorem name: a keyword (`fun`, `by`) or a leading digit gets a mark."""
    from gentzen.core.text.words import KEYWORDS

    s = re.sub(r"\W", "_", name)
    if s in KEYWORDS:
        return s + "_"
    return s if s and not s[0].isdigit() else f"t_{s}"
