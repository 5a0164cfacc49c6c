"""Where Lean is: the `lake` executable and the repository's Lake project.

Beside the REPL launcher (`repl_command` in gentzen.repl.verify starts `lake exe repl` here), so
the bridge does not reach up into the benchmarks for it.
"""

from __future__ import annotations

import shutil
from pathlib import Path


def find_lake() -> str | None:
    """The `lake` executable on PATH, or None."""
    return shutil.which("lake")


def find_project(start: Path | None = None) -> Path | None:
    """The Lake project: the repository root above this file (editable install), or the cwd."""
    candidates = [Path(__file__).resolve().parents[3], Path.cwd()] if start is None else [start]
    for c in candidates:
        if (c / "lakefile.lean").is_file() or (c / "lakefile.toml").is_file():
            return c
    return None


def missing_lean() -> str | None:
    """What is missing for a real Lean REPL (`lake exe repl` in the project), or None."""
    if find_lake() is None:
        return "`lake` is not on PATH"
    if find_project() is None:
        return "no Lake project (lakefile.lean) was found above gentzen or in the current folder"
    return None
