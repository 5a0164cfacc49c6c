"""LSP-style queries on a proof text: `diagnostics` (messages with ranges, from any verifier
backend) and `goals_at` (the proof state at the end of a line, from the kernel).

Positions follow the REPL: lines 1-based in the given text, columns 0-based code points;
`Diagnostic.to_lsp()` gives the Language Server Protocol's 0-based range for editors.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gentzen.core.kernel import StepError, start
from gentzen.core.proof.theorem import split_proof
from gentzen.errors import ParseError
from gentzen.repl.verify import Verdict, Verifier, make_verifier

_SEVERITY = {"error": 1, "warning": 2, "info": 3, "trace": 4}  # LSP DiagnosticSeverity


@dataclass(frozen=True)
class Diagnostic:
    severity: str  # error | warning | info | trace
    line: int
    column: int
    end_line: int
    end_column: int
    message: str

    def to_dict(self) -> dict:
        return {"severity": self.severity, "pos": {"line": self.line, "column": self.column},
                "endPos": {"line": self.end_line, "column": self.end_column}, "data": self.message}

    def to_lsp(self) -> dict:
        return {"range": {"start": {"line": self.line - 1, "character": self.column},
                          "end": {"line": self.end_line - 1, "character": self.end_column}},
                "severity": _SEVERITY.get(self.severity, 1), "source": "gentzen", "message": self.message}


@dataclass(frozen=True)
class GoalsAt:
    """The goals after the proof's lines up to `line` (finished `have … := by` boxes closed)."""

    line: int
    goals: list[str] = field(default_factory=list)
    error: Diagnostic | None = None  # the first failing step at or before `line`

    @property
    def rendered(self) -> str:
        return "\n\n".join(self.goals) if self.goals else "no goals"


def _from_message(m: dict) -> Diagnostic:
    pos = m.get("pos") or {"line": 1, "column": 0}
    end = m.get("endPos") or pos
    return Diagnostic(str(m.get("severity", "error")), int(pos["line"]), int(pos["column"]),
                      int(end["line"]), int(end["column"]), str(m.get("data", "")))


def diagnostics(proof_text: str, backend: str | Verifier = "kernel", *, theorem=None,
                **options) -> list[Diagnostic]:
    """Messages for a whole `theorem … := by` text (or a tactic block with `theorem=`).

    `backend` is a Verifier (kept open by the caller, e.g. a ReplVerifier shared by an editor)
    or a name for make_verifier, made and closed here. Rejections before Lean (forbidden words,
    a changed statement) come back as one error diagnostic, like any Lean error."""
    thm = theorem
    if thm is None:
        try:
            thm = split_proof(proof_text.replace("\r\n", "\n"))[0]
        except ParseError as e:
            return [Diagnostic("error", e.line or 1, e.column or 0, e.line or 1, e.column or 0, e.message)]
        if thm is None:
            raise ValueError("a bare tactic block needs theorem=")
    own = not isinstance(backend, Verifier)
    verifier = make_verifier(backend, **options) if own else backend
    try:
        verdict: Verdict = verifier.verify(thm, proof_text)
    finally:
        if own:
            verifier.close()
    out = [_from_message(m) for m in verdict.messages]
    if not verdict.ok and not any(d.severity == "error" for d in out):
        # a sorry, a timeout or a crash: still say why at the reported place
        line, col = verdict.line or 1, verdict.column or 0
        out.append(Diagnostic("error", line, col, line, col, verdict.message or verdict.kind or "rejected"))
    return sorted(out, key=lambda d: (d.line, d.column))


def goals_at(proof_text: str, line: int, *, theorem=None) -> GoalsAt:
    """The goals at the end of `line` (1-based in proof_text): the state after every tactic line
    up to it. Lines of the statement give the initial goals; a failing step stops the replay
    and is returned as `error` with the goals just before it."""
    text = proof_text.replace("\r\n", "\n")
    try:
        given, body, first = split_proof(text)
    except ParseError as e:
        return GoalsAt(line, [], Diagnostic("error", e.line or 1, e.column or 0, e.line or 1,
                                            e.column or 0, e.message))
    thm = theorem if theorem is not None else given
    if thm is None:
        raise ValueError("a bare tactic block needs theorem=")
    state = start(thm)
    lines = body.split("\n")
    for i, ln in enumerate(lines):
        if first + i > line:
            break
        nxt = state.step(ln, explicit=True)
        if isinstance(nxt, StepError):
            e = nxt.error
            at = e.line + first - 2  # kernel lines count the block from 2
            end = (e.end_line + first - 2) if e.end_line is not None else at
            return GoalsAt(line, state.settle().goals,
                           Diagnostic("error", at, e.column, end, e.end_column or e.column, e.message))
        state = nxt
    return GoalsAt(line, state.settle().goals)


__all__ = ["Diagnostic", "GoalsAt", "diagnostics", "goals_at"]
