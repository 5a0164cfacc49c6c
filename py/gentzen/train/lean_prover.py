"""Whole-proof Lean 4 provers (any local HF causal LM) on any Lean theorem statement, checked by Lean.

The prover's output is parsed (the last ```lean block; a block cut off by the token limit is
reported as truncated), its statement pinned (the block must restate exactly the given statement,
or hold only the proof), forbidden words screened, and the header (e.g. `import Mathlib`) prepended.
Success means Lean reports no error and no `sorry` for exactly that text. Lean is reached through a
REPL process (`lake exe repl`, or any REPL command) or a Kimina-compatible server over HTTP.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from gentzen.errors import InputError

_FENCE = re.compile(r"```(?:lean4?|Lean4?)?[ \t]*\n(.*?)(```|\Z)", re.S)
_SORRY = re.compile(r"^declaration uses ['`]sorry['`]")
PROMPT = "Complete the following Lean 4 proof.\n```lean4\n{header}{statement}\n"


@dataclass(frozen=True)
class Parsed:
    code: str | None     # the last lean block's text (None: no block at all)
    truncated: bool      # the output ended inside a block, or hit the token limit
    reason: str | None = None


@dataclass(frozen=True)
class LeanResult:
    ok: bool
    kind: str | None = None      # no_block | truncated | statement | forbidden | lean_error | sorry | transport
    message: str | None = None
    line: int | None = None
    text: str | None = None      # exactly what was sent to Lean (header + pinned statement + proof)
    seconds: float = 0.0


def normalize(statement: str) -> str:
    s = " ".join(statement.split())
    return s[:-len(":= by")].rstrip() if s.endswith(":= by") else s


def prompt_for(statement: str, header: str = "") -> str:
    """The prover's prompt: the statement opened in a lean block (the completion continues it)."""
    return PROMPT.format(header=header.rstrip("\n") + "\n" if header else "", statement=statement.rstrip())


def parse_output(text: str, finish_reason: str = "stop", prompt: str = "") -> Parsed:
    """The last ```lean block of `prompt + text` (a completion that continues an opened block
    counts as that block); truncated when it never closes and sampling hit the token limit."""
    full = prompt + text
    blocks = list(_FENCE.finditer(full))
    if not blocks:
        return Parsed(None, finish_reason == "length", "no ```lean block in the output")
    last = blocks[-1]
    closed = last.group(2) == "```"
    truncated = not closed and finish_reason == "length"
    return Parsed(last.group(1), truncated, "the output was cut off by the token limit" if truncated else None)


def pin(statement: str, code: str) -> tuple[str | None, str | None]:
    """(proof body under the statement, None) or (None, why it is refused). The block must state
    exactly `statement` (whitespace aside) or hold only the proof; nothing before it but comments."""
    from gentzen.core.parsing.syntax import find_forbidden

    want = normalize(statement)
    flat = " ".join(code.split())
    lines = code.split("\n")
    if want in flat:
        # find the line where the statement's `:= by` ends and keep what follows
        acc = ""
        for i, line in enumerate(lines):
            acc = (acc + " " + line).strip()
            if normalize(acc).endswith(want) and acc.rstrip().endswith(":= by"):
                body = "\n".join(lines[i + 1:])
                prefix = normalize(acc)[:-len(want)].strip()
                if prefix and not prefix.startswith(("import", "open", "/-", "--", "set_option")):
                    return None, "text before the theorem statement"
                break
        else:
            return None, "the statement is not followed by `:= by`"
    elif re.search(r"^\s*(theorem|lemma|example)\b", code, re.M):
        return None, "the proof changes the theorem statement"
    else:
        body = code
    body = body.rstrip()
    if not body.strip():
        return None, "an empty proof"
    bad = find_forbidden(body)
    if bad is not None:
        return None, f"`{bad[1]}` is not allowed in a proof"
    return body + "\n", None


def lean_ok(messages) -> tuple[bool, str | None, str | None, int | None]:
    """(ok, kind, message, line) from a REPL reply's messages: any error, or a sorry warning, fails."""
    for m in messages:
        sev, data = m.get("severity"), m.get("data", "")
        line = (m.get("pos") or {}).get("line")
        if sev == "error":
            return False, "lean_error", data, line
        if sev == "warning" and _SORRY.match(data):
            return False, "sorry", data, line
    return True, None, None, None


class LeanChecker:
    """Sends pinned proofs to Lean: a REPL process (`repl_cmd`, e.g. "lake") or a Kimina server (`url`)."""

    def __init__(self, header: str = "", repl_cmd: str | None = None, url: str | None = None,
                 timeout: float = 120.0) -> None:
        self.header, self.url, self.timeout = header, url, timeout
        self.proc = None
        self.checker = "kimina"  # who gives the verdicts (gentzen.repl.checkers.CHECKERS)
        if url is None:
            from gentzen.repl.checkers import repl_checker, repl_command
            from gentzen.repl.process import ReplProcess

            argv, cwd = repl_command(repl_cmd or "lake")
            self.checker = repl_checker(argv)
            self.proc = ReplProcess(argv, cwd=cwd, timeout=timeout, preamble=header or None)

    def check(self, statement: str, parsed: Parsed) -> LeanResult:
        if parsed.code is None:
            return LeanResult(False, "no_block", parsed.reason)
        if parsed.truncated:
            return LeanResult(False, "truncated", parsed.reason)
        body, why = pin(statement, parsed.code)
        if body is None:
            kind = "statement" if "statement" in why or "before" in why else "forbidden"
            return LeanResult(False, kind, why)
        text = statement.rstrip() + "\n" + body
        t0 = time.perf_counter()
        try:
            messages = self._send(text)
        except Exception as exc:  # noqa: BLE001 - a transport failure is a failed check, said so
            return LeanResult(False, "transport", f"{type(exc).__name__}: {exc}", None,
                              self.header + text, time.perf_counter() - t0)
        ok, kind, message, line = lean_ok(messages)
        return LeanResult(ok, kind, message, line, self.header + text, time.perf_counter() - t0)

    def _send(self, text: str) -> list[dict]:
        if self.proc is not None:
            reply = self.proc.run_body(text)
            return [m.to_json() if hasattr(m, "to_json") else m for m in getattr(reply, "messages", ()) or ()]
        import httpx

        payload = {"snippets": [{"id": "0", "code": self.header + text}], "timeout": int(self.timeout),
                   "debug": False, "reuse": True, "infotree": None}
        r = httpx.post(self.url.rstrip("/") + "/api/check", json=payload, timeout=self.timeout + 10)
        r.raise_for_status()
        res = r.json()["results"][0]
        if res.get("error"):
            raise RuntimeError(res["error"])
        return (res.get("response") or {}).get("messages") or []

    def close(self) -> None:
        if self.proc is not None:
            self.proc.close()


def missing_lean(repl_cmd: str | None, url: str | None) -> str | None:
    """Why no Lean can check proofs here (one line), or None."""
    if url or repl_cmd:
        return None
    from gentzen.repl.project import missing_lean as missing

    why = missing()
    if why is None:
        return None
    return (f"Lean theorems need Lean to check them, but {why} and no --lean-url (a Kimina server) "
            "was given; install Lean (docs/lean.md) or pass --lean-url / --repl-cmd")


def require_lean(repl_cmd: str | None, url: str | None) -> None:
    why = missing_lean(repl_cmd, url)
    if why is not None:
        raise InputError(why)
