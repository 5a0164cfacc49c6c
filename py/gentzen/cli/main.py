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
    context_settings={"help_option_names": ["-h", "--help"]},  # inherited by every subcommand
)

# One module per command group; each defines register(app).
_COMMAND_MODULES = (
    "gentzen.cli.core",
    "gentzen.cli.train",
    "gentzen.cli.repl",
    "gentzen.cli.prove",
    "gentzen.cli.data",
    "gentzen.cli.eval",
    "gentzen.cli.tui",
    "gentzen.cli.ttrl",
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


_registered: list[bool] = []


def _register() -> None:
    if _registered:  # main() may run more than once in a process (tests)
        return
    _registered.append(True)
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(app)


def main(argv: list[str] | None = None) -> int:
    """Console-script entry point: every failure is one line on stderr (JSON with --json) and an
    exit code; a traceback only for a bug, and only with GENTZEN_TRACEBACK=1."""
    import os

    from gentzen.cli import validate

    args = sys.argv[1:] if argv is None else list(argv)
    validate.REPORTED = False
    validate.JSON_ERRORS = "--json" in args[: args.index("--")] if "--" in args else "--json" in args
    try:
        _register()  # imports every command module: a Ctrl-C here is still one line, not a traceback
    except KeyboardInterrupt:
        validate.report("interrupted", 130)
        return 130
    try:
        from typer._click.exceptions import ClickException  # typer >= 0.20 vendors click
    except ImportError:  # pragma: no cover - older typer uses click itself
        from click.exceptions import ClickException
    try:
        code = app(args=args, prog_name="gentzen", standalone_mode=False)
        if code == 130 and not validate.REPORTED:  # typer turns a Ctrl-C no command caught into a bare 130
            validate.report("interrupted", 130)
        return code if isinstance(code, int) else 0
    except ClickException as exc:  # usage: unknown flag, bad value, missing argument
        if type(exc).__name__ == "NoArgsIsHelpError":  # the help is already printed
            return exc.exit_code
        validate.report(exc.format_message() if exc.format_message() else type(exc).__name__, exc.exit_code)
        return exc.exit_code
    except GentzenError as exc:  # domain error escaped a command: report, no traceback
        validate.report(str(exc), exc.exit_code)
        return exc.exit_code
    except (KeyboardInterrupt, typer.Abort):
        if not validate.REPORTED:  # a press after the command's own line adds none
            validate.report("interrupted", 130)
        return 130
    except BrokenPipeError:  # `gentzen … | head`: the reader left
        sys.stderr.close()
        return 0
    except OSError as exc:  # disk full, permission denied, … on a path no check could foresee
        where = f"{exc.filename}: " if exc.filename else ""
        validate.report(f"{where}{exc.strerror or exc}", 2)
        return 2
    except Exception as exc:  # a bug: one line, the traceback on request
        if os.environ.get("GENTZEN_TRACEBACK"):
            raise
        validate.report(f"internal error: {type(exc).__name__}: {exc} (a bug; GENTZEN_TRACEBACK=1 shows "
                        "the traceback)", 1)
        return 1


if __name__ == "__main__":
    sys.exit(main())
