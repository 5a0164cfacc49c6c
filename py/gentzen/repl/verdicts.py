"""What a verifier answers, and how an untrusted proof is made ready for Lean and a Lean reply read.

`Verdict` is one proof's verdict (accepted, rejected, or error when the check did not happen);
`prepare` screens a proof and pins it under the theorem's statement; `lean_verdict` reads a REPL or
Kimina reply. The backends that produce verdicts are verify.py's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gentzen.core.text.comments import blank_comments
from gentzen.core.parsing.syntax import find_forbidden
from gentzen.core.proof.theorem import Theorem, parse_theorem, split_surface
from gentzen.errors import InputError, ParseError
from gentzen.repl import protocol as P
from gentzen.repl.errors import ReplTimeout

# verdict kinds that say nothing about the proof (the request failed): status `error`, not `rejected`
TRANSPORT = ("transport", "timeout", "crash")
_SORRY_WARNING = re.compile(r"^declaration uses ['`]sorry['`]")


@dataclass(frozen=True)
class Verdict:
    """One proof's verdict. Lines are 1-based in the caller's text, columns 0-based code points."""

    ok: bool
    backend: str
    kind: str | None = None  # a kernel kind, or lean_error | kernel_repl_error | repl_cmd_error | sorry
    #                          | repl_error | timeout | crash
    message: str | None = None
    line: int | None = None
    column: int | None = None
    messages: tuple[dict, ...] = ()  # REPL-shaped messages (warnings included), caller's lines
    time_s: float = 0.0
    detail: dict | None = field(default=None, compare=False)  # `both`: each side's verdict
    checker: str = "kernel"  # kernel | lean-repl | kernel-repl | repl-cmd | kimina | reader | kernel+<lean side>

    @property
    def status(self) -> str:
        """accepted | rejected | error (the check did not happen: a transport failure, a timeout)."""
        return "accepted" if self.ok else "error" if self.kind in TRANSPORT else "rejected"

    @property
    def error(self) -> dict | None:
        if self.ok:
            return None
        return {"line": self.line, "column": self.column, "kind": self.kind, "message": self.message}

    def to_dict(self) -> dict:
        d = {"ok": self.ok, "status": self.status, "backend": self.backend, "checker": self.checker,
             "error": self.error,
             "time_s": round(self.time_s, 6)}
        if self.detail is not None:
            d["detail"] = self.detail
        return d


@dataclass(frozen=True)
class Prepared:
    """A screened proof: the pinned theorem and what goes under it (a tactic block, or the term of a
    `:= t` proof on a line of its own, at its own column)."""

    theorem: Theorem
    body: str
    first: int  # the caller's line number of the body's first line
    header: str | None = None  # the pinned statement: `… := by` (None), or `… :=` before a term

    @property
    def lean(self) -> str:
        return (self.header or self.theorem.statement()) + "\n" + self.body

    def caller_line(self, line: int) -> int:
        # the Lean text is statement (line 1) + body (from line 2); the caller's body starts at `first`
        return line if line <= 1 else line + self.first - 2


def reader_verdict(backend: str, kind: str, message: str, line: int = 1, column: int = 0,
                   checker: str = "reader") -> Verdict:
    """A rejection before any checker ran (or a reply no checker could have written)."""
    # a screen before any checker runs is the reader's: local policy (the forbidden list, a changed
    # statement, column 0), never a checker's verdict on the proof
    msg = {"severity": "error", "pos": {"line": line, "column": column}, "data": message}
    return Verdict(False, backend, kind, message, line, column, (msg,), checker=checker)


def as_theorem(theorem: Theorem | str) -> Theorem:
    """A Theorem as given, or parsed from its text (ParseError when it is not one)."""
    return theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)


def prepare(theorem: Theorem | str, proof: str, backend: str = "lean") -> Prepared | Verdict:
    """Screen an untrusted proof before any Lean sees it; a Verdict when it is rejected here.

    Every declaration form Lean reads goes on (`:= by` then a block, tactics on the `by` line, a
    term `:= t`): what follows `:=` is sent under the pinned statement, at its own column. The
    checks are the kernel's (find_forbidden, statement equality) plus one that only matters to
    Lean: a line at column 0 would end the proof and start a new command."""
    try:
        thm = as_theorem(theorem)
    except ParseError as e:
        return reader_verdict(backend, "parse", f"cannot parse the theorem: {e.message}", 1, e.column or 0)
    if not isinstance(proof, str):
        return reader_verdict(backend, "parse", "proof must be text")
    raw = proof.replace("\r\n", "\n").lstrip("\ufeff")
    # comments are whitespace to Lean: the screens read the code only (blanking keeps positions)
    blank = blank_comments(raw)
    try:
        parts = split_surface(blank)
    except InputError as e:  # ParseError, or a LimitError (a statement too large to read)
        return reader_verdict(backend, "parse", getattr(e, "message", str(e)), getattr(e, "line", None) or 1,
                     getattr(e, "column", None) or 0)
    given, header = parts.theorem, None
    if given is None:  # a bare tactic block (what samplers send)
        body, code, first = raw, blank, 2
    else:
        if parts.body is None:  # a term: after `:=`, without `by`
            at, header = parts.term_at, thm.statement().removesuffix(" by")
        elif parts.by_form == "same_line":  # tactics after `by`: from the first tactic on
            at = _offset(blank, parts.by_pos[0]) + len(parts.body) - len(parts.body.lstrip(" "))
        else:  # the block below `by`
            at = len(blank) - len(parts.body)
        col = at - (blank.rfind("\n", 0, at) + 1)
        body, code, first = " " * col + raw[at:], " " * col + blank[at:], blank.count("\n", 0, at) + 1
    hit = find_forbidden(code)  # meta-level escapes (`run_tac`, `Lean.…`) included
    if hit is not None:
        pos, word = hit
        line = code.count("\n", 0, pos)
        col = pos - (code.rfind("\n", 0, pos) + 1)
        return reader_verdict(backend, "forbidden", f"`{word}` is not allowed in a proof", line + first, col)
    if given is not None and (given.atoms, given.hyps, given.goal) != (thm.atoms, thm.hyps, thm.goal):
        return reader_verdict(backend, "forbidden", "the proof changes the theorem statement")
    m = re.search(r"^[^ \n]", code, re.M)
    if m is not None:
        line = code.count("\n", 0, m.start())
        return reader_verdict(backend, "parse", "every proof line must be indented with spaces (a line at "
                     "column 0 would end the proof)", line + first, 0)
    return Prepared(thm, body, first, header)


def _offset(text: str, line: int) -> int:
    """The offset of the start of 1-based `line` in `text`."""
    at = 0
    for _ in range(line - 1):
        at = text.index("\n", at) + 1
    return at


# The kind of an error message, by who wrote it: only Lean's own errors are `lean_error`.
ERROR_KIND = {"lean-repl": "lean_error", "kimina": "lean_error", "kernel-repl": "kernel_repl_error",
              "repl-cmd": "repl_cmd_error"}


def lean_verdict(reply: dict | P.Reply, prep: Prepared, backend: str, time_s: float = 0.0,
                 checker: str = "lean-repl", error_kind: str | None = None) -> Verdict:
    """A REPL command reply (or a Kimina `response`) as a Verdict: valid iff no error message,
    no `declaration uses sorry` warning and no sorries. A Kimina server runs Lean: its errors are
    `lean_error` with checker `kimina`, unless `error_kind` says otherwise (`gentzen serve` tells
    its clients when the kernel answers, and those are `kernel_repl_error`)."""
    d = P.to_json(reply)
    if not isinstance(d, dict):
        return reader_verdict(backend, "repl_error", f"not a REPL reply: {d!r}", checker=checker)
    if "message" in d and "env" not in d and "messages" not in d:
        return Verdict(False, backend, "repl_error", str(d["message"]), 1, 0, time_s=time_s, checker=checker)
    msgs = []
    for m in d.get("messages") or ():
        m = dict(m)
        for key in ("pos", "endPos"):
            if isinstance(m.get(key), dict):
                m[key] = {"line": prep.caller_line(int(m[key]["line"])), "column": m[key]["column"]}
        msgs.append(m)
    bad = next((m for m in msgs if m.get("severity") == "error"), None)
    kind = error_kind or ERROR_KIND.get(checker, "lean_error")
    if bad is None:
        bad = next((m for m in msgs if m.get("severity") == "warning"
                    and _SORRY_WARNING.match(str(m.get("data", "")))), None)
        kind = "sorry"
    if bad is None and d.get("sorries"):
        bad, kind = {"data": "the proof contains `sorry`", "pos": {"line": 1, "column": 0}}, "sorry"
    if bad is None:
        return Verdict(True, backend, messages=tuple(msgs), time_s=time_s, checker=checker)
    pos = bad.get("pos") or {"line": 1, "column": 0}
    return Verdict(False, backend, kind, str(bad.get("data", "")), pos["line"], pos["column"],
                   tuple(msgs), time_s, checker=checker)


def transport_verdict(exc: BaseException, backend: str, t: float, checker: str, failed: str = "crash") -> Verdict:
    """The verdict of a check that did not happen (status `error`): a timeout, a crash, a failed request."""
    # `failed`: what a non-timeout failure is (a REPL process crashed; an HTTP request failed: transport)
    kind = "timeout" if isinstance(exc, ReplTimeout) or "timed out" in str(exc) else failed
    return Verdict(False, backend, kind, str(exc).split("\nstderr:")[0], 1, 0, time_s=t, checker=checker)
