"""CLI for the REPL bridge: `gentzen repl` (a Lean-REPL-compatible server on stdio, kernel-backed)
and `gentzen serve` (a Kimina-Lean-Server-compatible HTTP service over a pool of REPLs).

`register(app)` adds the commands; the heavy parts load only when a command runs.
"""

from __future__ import annotations

from typing import Optional

import typer

from gentzen.cli import validate as V


def repl(
    lay_out: Optional[str] = typer.Option(None, "--lay-out", metavar="DIR", help="Write DIR for Lean REPL "
                                          "clients (a `lake` stand-in and a repl folder, for LeanInteract's "
                                          "LeanREPLConfig(local_repl_path=DIR, lake_path=DIR/lake) and lean-repl-py) "
                                          "and exit."),
    json_out: bool = typer.Option(False, "--json", help="With --lay-out: print the paths as JSON."),
) -> None:
    """Speak the leanprover-community/repl JSON protocol on stdin/stdout, answered by the kernel.

    Requests are JSON objects separated by blank lines, as for `lake exe repl`; propositional
    theorems get Lean 4.32's replies, anything else a well-formed {"message": ...} error.
    """
    if lay_out is not None:
        _lay_out(lay_out, json_out)
        return
    if json_out:  # the server's replies are JSON already; --json only shapes --lay-out's output
        V.fail("--json applies to --lay-out DIR (the REPL's replies are JSON already)")
    from gentzen.repl.kernel_server import main

    raise typer.Exit(main())


def _lay_out(directory: str, json_out: bool) -> None:
    import json

    from gentzen.errors import InputError
    from gentzen.repl.layout import lay_out

    try:
        root = lay_out(directory)
    except InputError as e:
        V.fail(str(e))
    except OSError as e:
        V.fail(f"--lay-out {directory}: {e.strerror or e}")
    if json_out:
        print(json.dumps({"local_repl_path": str(root), "lake_path": str(root / "lake")}))
        return
    print(f"laid out {root} for gentzen's kernel-backed REPL (not Lean):\n"
          f"  LeanInteract: LeanREPLConfig(local_repl_path=\"{root}\", lake_path=\"{root / 'lake'}\")\n"
          f"  lean-repl-py: PATH=\"{root}:$PATH\" (its `lake exe repl` then starts gentzen repl)")


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Interface to listen on."),
    port: int = typer.Option(8000, "--port", help="TCP port (Kimina's default is 8000; 0: any free port).",
                             callback=V.PORT),
    backend: str = typer.Option("repl", "--backend", help="repl (a pool of REPL processes) | kernel (in process).",
                                callback=V.choice("repl", "kernel")),
    workers: int = typer.Option(2, "--workers", help="REPL processes in the pool.", callback=V.COUNT),
    api_key: Optional[str] = typer.Option(None, "--api-key", envvar="LEAN_SERVER_API_KEY",
                                          help="Require `Authorization: Bearer KEY` on /api routes."),
    max_body: int = typer.Option(10 << 20, "--max-body", help="Largest request body in bytes (413 beyond).",
                                 callback=V.COUNT),
    repl_cmd: Optional[str] = typer.Option(None, "--repl-cmd", help="gentzen (default) | lake | auto | a command line."),
    timeout: float = typer.Option(60.0, "--timeout", help="Default seconds per snippet.", callback=V.POSITIVE),
    capacity: Optional[int] = typer.Option(None, "--capacity", help="Snippets in flight at once; the others "
                                           "wait their turn (default 64 per worker).", callback=V.COUNT),
    max_wait: float = typer.Option(60.0, "--max-wait", help="Seconds a snippet may wait for a free slot "
                                   "(Kimina's max_wait); then its result is the error `No available REPLs`.",
                                   callback=V.POSITIVE),
) -> None:
    """Serve POST /api/check and GET /health as Kimina Lean Server does, backed by the REPL pool."""
    require_serve_extra("gentzen serve")
    _check_bind(host, port)  # a taken port or a bad host: one line now, not uvicorn's log later
    from gentzen.repl.http import serve as run

    run(host, port, backend=backend, workers=workers, api_key=api_key, max_body=max_body,
        repl_cmd=repl_cmd, timeout=timeout, capacity=capacity, max_wait=max_wait)


SERVE_EXTRA = ("starlette", "httpx", "uvicorn")


def missing_serve_extra() -> list[str]:
    """The packages of the `serve` extra that are not installed."""
    import importlib.util

    return [m for m in SERVE_EXTRA if importlib.util.find_spec(m) is None]


def require_serve_extra(what: str, needs=SERVE_EXTRA) -> None:
    """One line and exit 2 when the `serve` extra is missing (before any work)."""
    missing = [m for m in missing_serve_extra() if m in needs]
    if missing:
        V.fail(f"{what} needs the `serve` extra ({', '.join(missing)} not installed): "
               "pip install -e '.[serve]'")


def _check_bind(host: str, port: int) -> None:
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            s.bind(infos[0][4])
    except OSError as e:
        V.fail(f"--host {host} --port {port}: cannot listen there ({e.strerror or e})")


def register(app: typer.Typer) -> None:
    app.command("repl")(repl)
    app.command("serve")(serve)
