"""Start `gentzen serve` as a child process on a free loopback port and wait until it is healthy.

Shared by the REPL benchmark and the end-to-end tests, so both start the real server the same way.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_serve(args: list[str], *, env: dict | None = None, output=subprocess.DEVNULL,
                timeout: float = 30.0) -> tuple[subprocess.Popen, str]:
    """`gentzen serve --port P *args` in its own session; returns (process, base URL) once
    `GET /health` answers 200, or raises RuntimeError with the server's output if it never does."""
    import httpx

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", "serve", "--port", str(port), *args],
                            stdout=output, stderr=subprocess.STDOUT if output is subprocess.PIPE else output,
                            env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while True:
        try:
            if httpx.get(url + "/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            if proc.poll() is None:
                proc.kill()
            text = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise RuntimeError(f"gentzen serve did not start on {url}\n{text}")
        time.sleep(0.1)
