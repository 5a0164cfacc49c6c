"""`sorry` as Lean's REPL reads it: a hole that closes the goal it stands for and is reported with that goal.

Only inside `holes()` (the REPL server's path, gentzen.repl.kernel_server); everywhere else `sorry` stays
forbidden, so no proof checked by `verify`, `prove` or a sampler can be closed by one.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

# the holes found while the REPL checks one declaration; None (the default): `sorry` is forbidden
HOLES: ContextVar[list | None] = ContextVar("gentzen_sorry_holes", default=None)


@dataclass(frozen=True)
class Hole:
    """One `sorry`: the goal it closed, its columns on its line, and whether it was the tactic `sorry`
    (Lean prints the tactic's goal with its case tag; a term `sorry`'s goal is a fresh, untagged one)."""

    goal: object  # goals.Goal
    col: int
    end: int
    tactic: bool


@contextmanager
def holes():
    """Allow `sorry` while the block runs; yields the list the holes are appended to, in the order met."""
    found: list[Hole] = []
    token = HOLES.set(found)
    try:
        yield found
    finally:
        HOLES.reset(token)


def allowed() -> bool:
    return HOLES.get() is not None


def record(goal, col: int, end: int, tactic: bool) -> bool:
    """Keep a hole when `sorry` is allowed; False (the caller refuses `sorry`) otherwise."""
    sink = HOLES.get()
    if sink is None:
        return False
    sink.append(Hole(goal, col, end, tactic))
    return True
