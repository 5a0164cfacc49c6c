"""`gentzen tui`: the terminal UI (prove, file, set and run modes), from the `tui` extra.

textual is imported only when the command runs; without it the command says which extra to
install. The argument is validated (and the mode chosen) before the UI starts.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional

import typer

from gentzen.cli.core import fail
from gentzen.cli.options import engine_choice, engine_options
from gentzen.errors import GentzenError

_ENGINE, _BASE_URL, _API_KEY_ENV = engine_options()


def tui(
    target: Optional[str] = typer.Argument(None, help="A sequent or theorem (prove mode), FILE.lean (file mode), "
                                           "SETFILE.jsonl (set mode) or RUN_DIR (run mode); none: the textbook set."),
    model: Optional[Path] = typer.Option(None, "--model", "-m", help="Model for suggestions and search "
                                         "(default: the shipped model; loaded on first use)."),
    backend: str = typer.Option("kernel", "--backend", help="Line verdicts: kernel | repl | both (kernel and Lean)."),
    repl_cmd: Optional[str] = typer.Option(None, "--repl-cmd", help="repl/both: the REPL (default `lake exe repl` "
                                           "where Lean is installed; \"gentzen repl\" is kernel-backed, not Lean)."),
    engine_name: str = _ENGINE,
    base_url: Optional[list[str]] = _BASE_URL,
    api_key_env: str = _API_KEY_ENV,
    out_dir: Path = typer.Option(Path("."), "--out", help="Directory where ctrl+s writes finished proofs."),
    poll: float = typer.Option(1.0, "--poll", help="Run mode: seconds between checks for new lines."),
    threads: int = typer.Option(0, "--threads", help="torch CPU threads for the model (0: the default, "
                                "GENTZEN_THREADS)."),
) -> None:
    """Interactive terminal UI: write proofs with the kernel's verdicts, browse files, sets and runs."""
    from gentzen.errors import MissingExtraError, require

    try:
        require("textual", "tui")
    except MissingExtraError as e:
        fail(str(e))
    if backend not in ("kernel", "repl", "both"):
        fail(f"unknown backend {backend!r}; choose kernel, repl or both")
    try:  # before any screen opens: no silent kernel stand-in for Lean
        from gentzen.cli.validate import checker_ready

        repl_cmd = checker_ready(backend, repl_cmd)
    except GentzenError as e:
        fail(str(e))
    try:
        choice = engine_choice(engine_name, base_url, api_key_env)
    except GentzenError as e:
        fail(str(e))
    if model is not None and not (model / "config.json").is_file():
        fail(f"no model at {model} (no config.json)")
    if not out_dir.is_dir():
        fail(f"--out {out_dir} is not a directory")
    if poll <= 0:
        fail("--poll must be positive")
    if threads:
        from gentzen.models.threads import ENV, check_threads

        try:  # the model loads later, in a worker: it reads the count from the environment
            os.environ[ENV] = str(check_threads(threads))
        except GentzenError as e:
            fail(str(e))
    from gentzen.tui.app import GentzenApp, classify

    try:
        app = GentzenApp(classify(target), model=model, backend=backend, engine_name=engine_name, out_dir=out_dir,
                         engine_choice=choice,
                         poll_seconds=poll, repl_cmd=repl_cmd)
    except GentzenError as e:
        fail(str(e))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        fail("gentzen tui needs an interactive terminal (stdin and stdout are not a tty)")
    app.run()
    raise typer.Exit(app.return_code or 0)


def register(app: typer.Typer) -> None:
    app.command()(tui)
