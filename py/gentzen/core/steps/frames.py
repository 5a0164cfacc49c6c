"""What every tactic module shares below the tactic dispatch: an open tactic block (`Frame`), the
internal tactic failure (`Failure`, turned into a KernelError by the kernel), and the auto-name
counter (`bump`, `fresh_auto_name`) with the atom check of a written formula."""

from __future__ import annotations

import re

from gentzen.core.elaboration.constants import PROP
from gentzen.core.logic.formula import Formula, to_lean
from gentzen.core.proof.goals import Goal


_AUTO = re.compile(r"n(\d+)")


class Frame:
    """An open tactic block: the top proof, a `have … := by` box, or a `·` bullet (never mutated)."""

    __slots__ = ("kind", "column", "goals", "opener", "pending")

    def __init__(self, kind: str, column: int | None, goals: tuple, opener: tuple, pending=None) -> None:
        self.kind = kind          # top | have | bullet
        self.column = column      # None until the block's first line fixes it
        self.goals = goals
        self.opener = opener      # (line, column) reported for its unsolved goals
        self.pending = pending    # have: (name, formula) added to the parent's main goal on close


class Failure(Exception):
    """A tactic or block error at a column of the current line (or at `line`)."""

    def __init__(self, kind: str, message: str, col: int, end: int | None = None, line: int | None = None):
        super().__init__(message)
        self.kind, self.message, self.col, self.end, self.line = kind, message, col, end, line


def bump(names, next_n: int) -> int:
    """The next free nK after `names` are introduced."""
    for n in names:
        m = _AUTO.fullmatch(n)
        if m:
            next_n = max(next_n, int(m.group(1)) + 1)
    return next_n


def fresh_auto_name(goal: Goal, next_n: int) -> tuple[str, int]:
    """The next `nK` (auto_names) that is not a proposition atom in scope, and the counter after it.

    Skipping atoms keeps the promise that a solved state's `proof_text()` checks: a hypothesis named
    like an atom would shadow it, which the kernel refuses (issue 10, soundness-fuzzer finding).
    """
    while goal.lookup(f"n{next_n}") is PROP:
        next_n += 1
    return f"n{next_n}", next_n + 1


def _check_atoms(formula: Formula, goal: Goal, tac) -> None:
    for a in formula.atom_names():
        ty = goal.lookup(a)
        if ty is not PROP:
            raise Failure("unknown_identifier" if ty is None else "type_mismatch",
                        f"Unknown identifier `{a}`" if ty is None else
                        f"type expected, got\n  ({a} : {to_lean(ty)})", tac.col)
