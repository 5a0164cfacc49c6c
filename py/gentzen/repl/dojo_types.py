"""LeanDojo's names for `gentzen.dojo`: states and results, errors, goals, and local stand-ins for its repository
and theorem records. With lean_dojo installed its own result classes and exceptions are used, so `isinstance`
checks and `except lean_dojo.DojoCrashError` in search code hold; without it these mirror LeanDojo 4.20's: states
compare and hash by what they show (`pp`), never by `id` or `message`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional, Union


@dataclass(frozen=True)
class Declaration:
    """One name of a goal's local context and its type, as LeanDojo's `parse_goals` gives it."""

    ident: str
    lean_type: str


@dataclass(frozen=True)
class Goal:
    assumptions: List[Declaration]
    conclusion: str

    @classmethod
    def from_pp(cls, pp: str) -> "Goal":
        ctx, _, concl = pp.partition("⊢")
        lines = ctx.split("\n")
        if lines and lines[0].startswith("case "):
            lines = lines[1:]
        decls: list[Declaration] = []
        for line in lines:
            if not line.strip():
                continue
            if line.startswith((" ", "\t")) and decls:  # a type continued on the next line
                last = decls.pop()
                decls.append(Declaration(last.ident, last.lean_type + " " + line.strip()))
                continue
            names, sep, ty = line.partition(" : ")
            if not sep:
                continue
            decls.extend(Declaration(n, ty.strip()) for n in names.split())
        return cls(decls, concl.strip())


def parse_goals(pp: str) -> List[Goal]:
    """The goals of a pretty-printed tactic state (goals are separated by blank lines)."""
    return [Goal.from_pp(g) for g in re.split(r"\n\n(?=\S)", pp) if "⊢" in g]


try:  # LeanDojo installed: its own classes
    from lean_dojo import (CommandState, DojoCrashError, DojoInitError,  # type: ignore  # noqa: F401
                           DojoTacticTimeoutError, LeanError, ProofFinished, ProofGivenUp, TacticState)
except ImportError:  # pragma: no cover - depends on the environment

    @dataclass(frozen=True)
    class TacticState:  # type: ignore[no-redef]
        pp: str
        id: int = field(compare=False)
        message: Optional[str] = field(default=None, compare=False)
        goals: List[Goal] = field(init=False, compare=False, repr=False)

        def __post_init__(self) -> None:
            object.__setattr__(self, "goals", parse_goals(self.pp))

        @property
        def num_goals(self) -> int:
            return len(self.goals)

    @dataclass(frozen=True)
    class CommandState:  # type: ignore[no-redef]
        id: int = field(compare=False)
        message: Optional[str] = field(default=None, compare=False)

    @dataclass(frozen=True)
    class ProofFinished:  # type: ignore[no-redef]
        tactic_state_id: int
        message: Optional[str] = field(default=None, compare=False)

    @dataclass(frozen=True)
    class ProofGivenUp:  # type: ignore[no-redef]
        pass

    @dataclass(frozen=True)
    class LeanError:  # type: ignore[no-redef]
        error: str

    class DojoCrashError(Exception):  # type: ignore[no-redef]
        """The backend failed (a REPL crash), as LeanDojo's exception of that name."""

        @property
        def is_out_of_memory(self) -> bool:
            return str(self) == "OOM"

    class DojoTacticTimeoutError(Exception):  # type: ignore[no-redef]
        """A tactic ran past the Dojo's timeout."""

    class DojoInitError(Exception):  # type: ignore[no-redef]
        """The entry could not be opened (no such file or theorem, a statement the kernel cannot read)."""


TacticResult = Union[TacticState, ProofFinished, LeanError, ProofGivenUp]
CommandResult = Union[CommandState, LeanError]
State = Union[CommandState, TacticState]


@dataclass(eq=True, unsafe_hash=True)
class Pos:
    """A position in a source file, 1-based as in LeanDojo."""

    line_nb: int
    column_nb: int

    @classmethod
    def from_str(cls, s: str) -> "Pos":
        line, column = s.strip()[1:-1].split(",")
        return cls(int(line), int(column))

    def __iter__(self):
        yield self.line_nb
        yield self.column_nb


@dataclass(frozen=True)
class LeanGitRepo:
    """A local stand-in for LeanDojo's repository record: `url` is a local folder (a `file://` URL or a path);
    nothing is cloned, traced or built, and no network is used. `commit` is kept for the record only."""

    url: str
    commit: str = "HEAD"

    @property
    def root(self) -> Path:
        return Path(self.url.removeprefix("file://")).expanduser()

    @property
    def is_local(self) -> bool:
        return "://" not in self.url or self.url.startswith("file://")


@dataclass(frozen=True)
class Theorem:
    """A theorem of a repository's file, by its full name (LeanDojo's `Theorem(repo, file_path, full_name)`)."""

    repo: LeanGitRepo
    file_path: Path
    full_name: str

    def __post_init__(self) -> None:
        if isinstance(self.file_path, str):
            object.__setattr__(self, "file_path", Path(self.file_path))

    @property
    def uid(self) -> str:
        return f"{self.repo.url}@{self.repo.commit}:{self.file_path}:{self.full_name}"
