"""Transport failures of the REPL bridge, raised as exceptions.

Lean's verdicts (error messages, `{"message": ...}` replies) are values, never these.
Each error carries the tail of the child's stderr, which usually says why it died.
"""

from __future__ import annotations

from gentzen.errors import GentzenError


class ReplError(GentzenError):
    """A REPL-protocol process failed to answer a request."""

    def __init__(self, message: str, *, stderr: str = "", returncode: int | None = None) -> None:
        self.message = message
        self.stderr = stderr
        self.returncode = returncode
        detail = f"{message}"
        if returncode is not None:
            detail += f" (exit status {returncode})"
        if stderr.strip():
            detail += "\nstderr:\n" + stderr.strip()[-2000:]
        super().__init__(detail)


class ReplTimeout(ReplError):
    """The request exceeded its time limit; the process group was killed."""


class ReplCrashed(ReplError):
    """The process exited, closed its output or could not be written to."""


class ReplProtocolError(ReplError):
    """The process answered something that is not a REPL reply (malformed JSON, oversize)."""


class ReplUnavailable(ReplError):
    """The process could not be started, or the pool is closed or saturated."""
