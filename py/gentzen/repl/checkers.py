"""Which checker answers, decided before any work: the checker vocabulary every verdict uses, the
REPL a command line starts (and who that is), whether Lean is here, and a Kimina server's health.

`require_checker` is the one check every command with `--backend` runs (through cli/validate.py's
`checker_ready`, or a run's config check): no silent kernel stand-in for Lean, no dead server.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

from gentzen.errors import InputError

# who produced a verdict; `both` names its two sides, `kernel+lean-repl`. Only lean-repl is Lean itself
# (and kimina, which says it runs Lean): nothing else is ever labelled Lean.
CHECKERS = ("kernel", "kernel-repl", "lean-repl", "repl-cmd", "kimina", "reader")
DEFAULT_KIMINA_URL = "http://127.0.0.1:8000"  # Kimina Lean Server's default port
KERNEL_REPL = [sys.executable, "-m", "gentzen.repl.kernel_server"]


def repl_command(repl_cmd: str | Sequence[str] | None = None) -> tuple[list[str], str | None]:
    """(argv, cwd) of a REPL: None/"gentzen"/"gentzen repl" is the kernel-backed `gentzen repl`;
    "lake" is `lake exe repl` in the Lean project; "auto" is lake when it is on PATH, else gentzen;
    anything else a command line. (The CLI asks for Lean by default: see `lean_repl_cmd`.)"""
    if repl_cmd is None or repl_cmd in ("gentzen", "gentzen repl"):
        return list(KERNEL_REPL), None
    if repl_cmd == "auto":
        return repl_command("lake" if shutil.which("lake") else "gentzen")
    if repl_cmd == "lake":
        from gentzen.repl.project import find_project, missing_lean

        missing = missing_lean()
        if missing is not None:
            raise InputError(f"--repl-cmd lake needs Lean, but {missing} (see docs/lean.md)")
        return ["lake", "exe", "repl"], str(find_project())
    return (shlex.split(repl_cmd) if isinstance(repl_cmd, str) else list(repl_cmd)), None


def repl_checker(argv: Sequence[str]) -> str:
    """Who answers on this REPL command line: lean-repl, kernel-repl or repl-cmd (unknown)."""
    argv = list(argv)
    if argv == KERNEL_REPL or argv[-2:] == ["-m", "gentzen.repl.kernel_server"] or \
            (len(argv) == 2 and Path(argv[0]).name == "gentzen" and argv[1] == "repl"):
        return "kernel-repl"
    if argv[:3] == ["lake", "exe", "repl"] or (argv and Path(argv[0]).name in ("repl", "lean")):
        return "lean-repl"
    return "repl-cmd"


def require_checker(backend: str, repl_cmd: str | None = None, url: str | None = None,
                    api_key: str | None = None) -> str | None:
    """Before any work, for every command with a verifier backend: `repl`/`both` need Lean (`lake`)
    unless `repl_cmd` names a REPL (lean_repl_cmd's one message); `kimina`, and `both` with a URL,
    need a server whose /health answers. Returns the REPL command to run; raises InputError."""
    if backend == "kimina" or (backend == "both" and url):
        import importlib.util

        if importlib.util.find_spec("httpx") is None:  # the Kimina client side of the `serve` extra
            raise InputError(f"--backend {backend} needs the `serve` extra (httpx not installed): "
                             "pip install -e '.[serve]'")
        why = server_problem(url, api_key)
        if why is not None:
            raise InputError(f"--backend {backend}: {why}")
        return repl_cmd
    if backend in ("repl", "both"):
        return lean_repl_cmd(repl_cmd, backend)
    return repl_cmd


def lean_repl_cmd(repl_cmd: str | None, backend: str = "repl") -> str:
    """The REPL command a CLI `--backend repl|both` runs: the user's, or Lean's own (`lake`) when
    Lean is installed. Without Lean and without --repl-cmd this is an InputError naming what is
    missing: gentzen never answers for Lean silently."""
    if repl_cmd is not None:
        return repl_cmd
    from gentzen.repl.project import missing_lean

    missing = missing_lean()
    if missing is None:
        return "lake"
    raise InputError(f"--backend {backend} needs Lean, but {missing}; install Lean (docs/lean.md), or pass "
                     "--repl-cmd COMMAND (a Lean REPL), or --repl-cmd \"gentzen repl\" for the kernel-backed "
                     "REPL (not Lean)")


def kimina_url(url: str | None = None) -> str:
    """The Kimina server: `url`, else $LEAN_SERVER_API_URL (Kimina's client variable), else its default."""
    return url or os.environ.get("LEAN_SERVER_API_URL") or DEFAULT_KIMINA_URL


def server_problem(url: str | None = None, api_key: str | None = None, timeout: float = 10.0) -> str | None:
    """Why the Kimina-compatible server at `url` cannot check proofs now, in one line, or None when its
    `GET /health` answers 200 (Kimina Lean Server's and `gentzen serve`'s health route)."""
    import httpx

    url = kimina_url(url)
    headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
    try:
        r = httpx.get(url.rstrip("/") + "/health", headers=headers, timeout=timeout)
    except Exception as exc:  # noqa: BLE001 - refused, DNS, TLS, a malformed URL: all say the same
        return f"no Kimina server answers at {url} ({type(exc).__name__}: {str(exc) or 'no reply'})"
    if r.status_code != 200:
        return f"the Kimina server at {url} is not healthy (GET /health: HTTP {r.status_code} {r.text[:200]})"
    return None
