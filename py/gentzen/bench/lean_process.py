"""Talking to the real Lean for the kernel-vs-Lean comparison: `lake env lean` on a file, one
`lake exe repl` process with a timeout per request, and their messages as accept/reject verdicts.

Needs `lake` on PATH (docs/lean.md); lean_agreement.py drives it.
"""

from __future__ import annotations

import json
import queue
import re
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class LeanMessage:
    severity: str  # "error" | "warning" | "info"
    line: int      # 1-based
    column: int    # 0-based, code points
    text: str


def lean_accepts(messages: Iterable[LeanMessage]) -> bool:
    """Lean's verdict (lean_facts §4.3): valid iff no error and no `declaration uses …sorry…`."""
    for m in messages:
        if m.severity == "error":
            return False
        if m.severity == "warning" and m.text.startswith("declaration uses") and "sorry" in m.text:
            return False
    return True


_CLI_HEADER = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|info)(?:\([^)]*\))?: ?(?P<rest>.*)$")


def parse_lean_output(text: str, filename: str | None = None) -> list[LeanMessage]:
    """Messages from `lean FILE` output: `FILE:L:C: error[(code)]: text`, continued by the lines
    that follow until the next header. Only headers naming `filename` (when given) start one."""
    out: list[LeanMessage] = []
    for raw in text.splitlines():
        m = _CLI_HEADER.match(raw)
        if m and (filename is None or m.group("file").endswith(filename)):
            out.append(LeanMessage(m.group("sev"), int(m.group("line")), int(m.group("col")), m.group("rest")))
        elif out:
            out[-1].text += "\n" + raw
    for msg in out:
        msg.text = msg.text.strip()
    return out


def repl_messages(response: Mapping[str, Any]) -> list[LeanMessage]:
    """Messages of a REPL command response (`{"messages": [{"severity", "pos", "data"}…]}`)."""
    return [LeanMessage(m.get("severity", "error"), m.get("pos", {}).get("line", 0),
                        m.get("pos", {}).get("column", 0), m.get("data", ""))
            for m in response.get("messages", [])]


# ---------------------------------------------------------------------------------------------
# Talking to Lean


def run_lean_file(text: str, project: Path, timeout: float = 600.0) -> tuple[int, list[LeanMessage], str]:
    """Elaborate `text` with `lake env lean` inside `project`; returns (exit code, messages, raw output)."""
    with tempfile.TemporaryDirectory(prefix="gentzen-lean-") as tmp:
        path = Path(tmp) / "Check.lean"
        path.write_text(text, encoding="utf-8")
        proc = subprocess.run(["lake", "env", "lean", str(path)], cwd=project, capture_output=True,
                              text=True, timeout=timeout)
    raw = proc.stdout + proc.stderr
    return proc.returncode, parse_lean_output(raw, "Check.lean"), raw


class ReplError(RuntimeError):
    pass


class Repl:
    """One `lake exe repl` process. Requests are JSON objects ended by a blank line; replies are
    JSON objects ended by a blank line. A reader thread lets every request have a timeout."""

    def __init__(self, project: Path, timeout: float = 120.0) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen(["lake", "exe", "repl"], cwd=project, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     encoding="utf-8", bufsize=1)
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def send(self, request: Mapping[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n\n")
        self.proc.stdin.flush()
        buf: list[str] = []
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise ReplError(f"REPL gave no answer within {self.timeout}s to {request!r}") from None
            if line is None:
                raise ReplError(f"REPL exited (code {self.proc.poll()}) while answering {request!r}")
            if line.strip():
                buf.append(line)
            elif buf:  # a blank line ends a reply (strings are JSON-escaped, so hold no raw newline)
                try:
                    return json.loads("".join(buf))
                except json.JSONDecodeError:
                    buf.append(line)

    def command(self, cmd: str, env: int | None = None) -> dict[str, Any]:
        req: dict[str, Any] = {"cmd": cmd}
        if env is not None:
            req["env"] = env
        return self.send(req)

    def tactic(self, tactic: str, proof_state: int) -> dict[str, Any]:
        return self.send({"tactic": tactic, "proofState": proof_state})

    def close(self) -> None:
        if self.proc.poll() is None:
            if self.proc.stdin:
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self) -> Repl:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
