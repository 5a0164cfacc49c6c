"""The embedded kernel's front door: `start(theorem)` gives a Markov `ProofState`; `state.step(line)` the
next state or a `StepError` (a value, not an exception); `check_proof` checks a whole proof, line by line,
with Lean 4.32's semantics and messages. The pieces: check.py, state.py, stepping.py, results.py."""

from __future__ import annotations

from gentzen.core.proof.check import check_proof, start
from gentzen.core.steps.proof_lines import _parent_col  # noqa: F401  (used by the REPL session and the CLI)
from gentzen.core.proof.results import KINDS, CheckResult, KernelError, StepError
from gentzen.core.proof.state import ProofState
from gentzen.core.text.words import FORBIDDEN

__all__ = ["check_proof", "start", "CheckResult", "KernelError", "ProofState", "StepError", "KINDS", "FORBIDDEN"]
