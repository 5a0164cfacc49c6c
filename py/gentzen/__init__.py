"""gentzen: machine learning on propositional natural-deduction proofs.

The top-level package re-exports the light core (formulas, sequents, theorems, the kernel).
It must never import torch, typer or rich: heavy pieces live in subpackages loaded on demand.
"""

from __future__ import annotations

__version__ = "0.1.0"

from gentzen.errors import GentzenError, InputError, LimitError, MissingExtraError, ParseError

__all__ = [
    "__version__",
    "GentzenError",
    "InputError",
    "LimitError",
    "MissingExtraError",
    "ParseError",
]
