"""The embedded kernel: checks proofs line by line with Lean 4.32's semantics and messages.

`start(theorem)` gives a Markov `ProofState` (open blocks, their goals); `state.step(line)` runs
one tactic line and returns the next state or a `StepError` (a value, not an exception);
`check_proof` is `start` + `step` over every line + `finish`. The first error rejects the proof.
This module is the kernel's front door: the pieces live in check.py (entry points), state.py and
stepping.py (the proof state and its steps), results.py (what the kernel answers).
"""

from __future__ import annotations

from gentzen.core.check import check_proof, start
from gentzen.core.proof_lines import _parent_col  # noqa: F401  (used by the REPL session and the CLI)
from gentzen.core.results import KINDS, CheckResult, KernelError, StepError
from gentzen.core.state import ProofState
from gentzen.core.words import FORBIDDEN

__all__ = ["check_proof", "start", "CheckResult", "KernelError", "ProofState", "StepError", "KINDS", "FORBIDDEN"]
