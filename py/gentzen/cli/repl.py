"""CLI for the REPL bridge: `gentzen repl` (a Lean-REPL-compatible server on stdio, kernel-backed).

`register(app)` adds the commands; the heavy parts load only when a command runs.
"""

from __future__ import annotations

import typer


def repl() -> None:
    """Speak the leanprover-community/repl JSON protocol on stdin/stdout, answered by the kernel.

    Requests are JSON objects separated by blank lines, as for `lake exe repl`; propositional
    theorems get Lean 4.32's replies, anything else a well-formed {"message": ...} error.
    """
    from gentzen.repl.kernel_server import main

    raise typer.Exit(main())


def register(app: typer.Typer) -> None:
    app.command("repl")(repl)
