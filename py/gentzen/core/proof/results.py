"""What the kernel answers: `KernelError` (a position in the full text, a kind, Lean's message),
`CheckResult` for a whole proof, `StepError` for a rejected step, and the error kinds `KINDS`."""

from __future__ import annotations

from dataclasses import dataclass


KINDS = ("parse", "unknown_identifier", "type_mismatch", "unsolved_goals", "no_goals", "tactic_failed",
         "forbidden", "unsupported")


@dataclass(frozen=True)
class KernelError:
    """An error at a position of the full text (statement = line 1; lines 1-based, columns 0-based)."""

    line: int
    column: int
    kind: str
    message: str
    end_line: int | None = None
    end_column: int | None = None

    def to_dict(self) -> dict:
        return {"line": self.line, "column": self.column, "kind": self.kind, "message": self.message}


@dataclass(frozen=True)
class CheckResult:
    ok: bool
    error: KernelError | None = None
    steps: int = 0

    def to_dict(self) -> dict:
        return {"ok": self.ok, "error": self.error.to_dict() if self.error else None}


@dataclass(frozen=True)
class StepError:
    """A rejected step; `state` is the unchanged state it was tried on."""

    error: KernelError
    state: "ProofState"

    solved = False
