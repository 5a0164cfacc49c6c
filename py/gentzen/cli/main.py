"""The `gentzen` command: one typer app; each command group lives in its own module.

Every module named in `_COMMAND_MODULES` exposes `register(app)`. Domain errors
(`GentzenError`) become a one-line message and their exit code, never a traceback.
"""

from __future__ import annotations

import importlib
import sys

import typer

from gentzen.errors import GentzenError

app = typer.Typer(
    name="gentzen",
    help="Natural-deduction proofs for machine learning: check, generate, prove, train.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# One module per command group; each defines register(app).
_COMMAND_MODULES = (
    "gentzen.cli.core",
    "gentzen.cli.train",
    "gentzen.cli.repl",
    "gentzen.cli.prove",
    "gentzen.cli.data",
    "gentzen.cli.eval",
)


def _version(value: bool) -> None:
    if value:
        from gentzen import __version__

        print(f"gentzen {__version__}")
        raise typer.Exit()


@app.callback()
def _root(version: bool = typer.Option(False, "--version", callback=_version, is_eager=True,
                                       help="Print the version and exit.")) -> None:
    """Natural-deduction proofs for machine learning: check, generate, prove, train."""


def _register() -> None:
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(app)


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point."""
    _register()
    try:
        app(args=argv, standalone_mode=True)
    except GentzenError as exc:  # domain error escaped a command: report, no traceback
        sys.stderr.write(f"error: {exc}\n")
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
