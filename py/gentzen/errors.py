"""Domain errors of gentzen.

The library raises these; only the CLI turns them into messages and exit codes.
Lean's verdicts on proofs are values (see `gentzen.core.kernel`), never exceptions.
"""

from __future__ import annotations


class GentzenError(Exception):
    """Base class of every error gentzen raises on purpose."""

    exit_code = 2


class InputError(GentzenError):
    """A user's input (formula, sequent, theorem, file) is malformed or unreadable."""

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 source: str | None = None) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.source = source
        where = ""
        if line is not None:
            where = f"line {line}, column {column}: " if column is not None else f"line {line}: "
        elif column is not None:
            where = f"column {column}: "
        super().__init__(f"{source + ': ' if source else ''}{where}{message}")


class ParseError(InputError):
    """A formula, sequent or theorem statement does not parse."""


class LimitError(InputError):
    """An input exceeds a documented limit (depth, size, atom count)."""


class MissingExtraError(GentzenError):
    """An optional dependency is not installed; names the extra to install."""

    def __init__(self, module: str, extra: str) -> None:
        self.module, self.extra = module, extra
        super().__init__(f"`{module}` is not installed: pip install 'gentzen[{extra}]'")


def require(module: str, extra: str):
    """Import an optional heavy dependency lazily, or raise MissingExtraError naming the extra."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise MissingExtraError(module, extra) from exc
