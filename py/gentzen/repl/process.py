"""One REPL-protocol child process (`lake exe repl`, `gentzen repl`, ...) behind a safe API.

Frames requests and multi-line replies, enforces per-request timeouts by killing the process
group, caps memory, recycles after N requests and reuses a preamble's env. `_spawn` and `_kill`
are the only places a child is created or destroyed; atexit kills whatever is still alive.
"""

from __future__ import annotations

import atexit
import json
import os
import resource
import selectors
import signal
import subprocess
import threading
import time
import uuid
import weakref
from collections.abc import Sequence

from gentzen.repl import protocol as P
from gentzen.repl.errors import ReplCrashed, ReplProtocolError, ReplTimeout, ReplUnavailable

_LIVE: weakref.WeakSet[ReplProcess] = weakref.WeakSet()
_CHUNK = 1 << 20


def _kill_all() -> None:
    # interpreter exit: no child may outlive us (each sits in its own process group)
    for proc in list(_LIVE):
        proc.kill_now()  # first, so that a thread blocked in a request lets go of the lock
        if proc._lock.acquire(timeout=2):
            try:
                proc._kill()
            finally:
                proc._lock.release()


atexit.register(_kill_all)


def _rlimit_as(nbytes: int):
    def apply() -> None:  # runs in the child between fork and exec: keep it to one syscall
        resource.setrlimit(resource.RLIMIT_AS, (nbytes, nbytes))
    return apply


def _cpu_seconds(pid: int | None) -> float:
    """User + system CPU seconds of a live child (Linux /proc), else 0."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, TypeError):
        return 0.0


def _rss_bytes(pid: int | None) -> int:
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, TypeError):
        return 0


class ReplProcess:
    """A REPL-protocol child. `send` returns the reply (Lean errors included) or raises a ReplError.

    The child is started lazily and restarted lazily after a timeout, crash or recycle, so a
    failed request costs nothing until the next one.
    """

    def __init__(self, argv: Sequence[str], *, cwd: str | None = None, env: dict | None = None,
                 timeout: float = 60.0, memory_mb: int | None = None,
                 max_requests: int | None = None, preamble: str | None = None,
                 preamble_timeout: float | None = None, max_reply_bytes: int = 512 << 20,
                 stderr_bytes: int = 64 << 10) -> None:
        self.argv = list(argv)
        self.cwd, self.env = cwd, env
        self.timeout = timeout
        self.memory_mb = memory_mb
        self.max_requests = max_requests
        self.preamble = preamble
        self.preamble_timeout = preamble_timeout if preamble_timeout is not None else timeout
        self.max_reply_bytes = max_reply_bytes
        self.stderr_bytes = stderr_bytes
        self.header_env: int | None = None  # env id of the preamble in the current child
        self.requests = 0  # requests answered by the current child (the preamble not counted)
        self.starts = 0
        self.timeouts = 0
        self.crashes = 0
        self._proc: subprocess.Popen | None = None
        self._sel: selectors.BaseSelector | None = None
        self._stderr = bytearray()
        self._lock = threading.Lock()  # the protocol is strictly one request at a time

    # ------------------------------------------------------------ lifecycle

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    @property
    def restarts(self) -> int:
        return max(0, self.starts - 1)

    def start(self) -> None:
        with self._lock:
            if self._proc is None:
                self._spawn()

    def close(self) -> None:
        """Stop the child now, even mid-request (that request then fails with ReplCrashed)."""
        self.kill_now()
        with self._lock:
            self._kill()

    def restart(self) -> None:
        with self._lock:
            self._kill()
            self._spawn()

    def kill_now(self) -> bool:
        """SIGKILL the child's group from any thread, without waiting for the request lock:
        the request in flight then fails with ReplCrashed and the next one restarts the child.
        (Abandoning a request, or fault injection.) Reaping stays with `_kill`."""
        proc = self._proc
        if proc is None or proc.returncode is not None:
            return False
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return False
        return True

    def __enter__(self) -> ReplProcess:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _spawn(self) -> None:
        preexec = _rlimit_as(self.memory_mb << 20) if self.memory_mb else None
        try:
            self._proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                cwd=self.cwd, env=self.env, start_new_session=True,  # own group: killpg reaps all
                preexec_fn=preexec, bufsize=0)
        except OSError as exc:
            raise ReplUnavailable(f"cannot start {self.argv!r}: {exc}") from exc
        _LIVE.add(self)
        self.uuid = str(uuid.uuid4())  # one per child, as Kimina names each REPL (`repl_uuid`)
        self.starts += 1
        self.requests = 0
        self.header_env = None
        self._stderr.clear()
        for f in (self._proc.stdin, self._proc.stdout, self._proc.stderr):
            os.set_blocking(f.fileno(), False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._proc.stdout.fileno(), selectors.EVENT_READ, "out")
        self._sel.register(self._proc.stderr.fileno(), selectors.EVENT_READ, "err")
        self._buf = bytearray()
        if self.preamble is not None:
            try:
                reply = self._exchange(P.Command(cmd=self.preamble), self.preamble_timeout)
            except BaseException:
                self._kill()
                raise
            errors = [m.data for m in getattr(reply, "messages", ()) if m.severity == "error"]
            if isinstance(reply, P.Error) or errors or getattr(reply, "env", None) is None:
                stderr = self.stderr_text()
                self._kill()
                raise ReplUnavailable(f"preamble failed: {reply.to_json()}", stderr=stderr)
            self.header_env = reply.env

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the leader is unreaped, so its pgid is still ours
        except (ProcessLookupError, PermissionError):
            pass
        proc.wait()
        if self._sel is not None:
            self._sel.close()
            self._sel = None
        for f in (proc.stdin, proc.stdout, proc.stderr):
            try:
                f.close()
            except OSError:
                pass
        _LIVE.discard(self)

    def usage(self) -> dict:
        """Kimina's `diagnostics` for the last request: `repl_uuid`, `cpu_max` (CPU % of one core the
        child used during it) and `memory_max` (its resident set in bytes after it), read from /proc;
        0 where /proc is not there."""
        wall0, cpu0 = getattr(self, "_mark", (time.perf_counter(), 0.0))
        wall = max(time.perf_counter() - wall0, 1e-9)
        return {"repl_uuid": getattr(self, "uuid", ""),
                "cpu_max": round(100.0 * max(0.0, _cpu_seconds(self.pid) - cpu0) / wall, 1),
                "memory_max": _rss_bytes(self.pid)}

    def stderr_text(self) -> str:
        return self._stderr.decode("utf-8", "replace")

    # ------------------------------------------------------------ requests

    def send(self, request: P.Request | dict, timeout: float | None = None) -> P.Reply:
        """Send one request and return the REPL's reply; raise ReplTimeout/ReplCrashed/... ."""
        with self._lock:
            self._ready()
            return self._send_locked(request, timeout)

    def run_body(self, body: str, timeout: float | None = None, **options) -> P.Reply:
        """Run `body` on top of the preamble's env (header reuse); plain `cmd` without one."""
        with self._lock:
            self._ready()
            return self._send_locked(P.Command(cmd=body, env=self.header_env, **options), timeout)

    def _ready(self) -> None:
        if self._proc is not None and self.max_requests and self.requests >= self.max_requests:
            self._kill()  # recycle: REPL memory only grows (repl #77)
        if self._proc is None:
            self._spawn()

    def _send_locked(self, request, timeout: float | None) -> P.Reply:
        self._mark = (time.perf_counter(), _cpu_seconds(self.pid))
        try:
            reply = self._exchange(request, self.timeout if timeout is None else timeout)
        except BaseException:
            # timeout, crash, garbage or Ctrl-C mid-request: the stream is out of step, so the
            # child cannot be trusted with another request
            self._kill()
            raise
        self.requests += 1
        return reply

    def _exchange(self, request, timeout: float) -> P.Reply:
        proc, sel = self._proc, self._sel
        assert proc is not None and sel is not None
        data = memoryview(P.encode_request(request))
        deadline = time.monotonic() + timeout
        in_fd = proc.stdin.fileno()
        # most requests fit the pipe buffer: write at once, and wait for writability only if not
        try:
            data = data[os.write(in_fd, data[:_CHUNK]):]
        except BlockingIOError:
            pass
        except BrokenPipeError:
            self._crashed("the REPL closed its input")
        writing, buf, scanned = bool(data), self._buf, 0
        if writing:
            sel.register(in_fd, selectors.EVENT_WRITE, "in")
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self.timeouts += 1
                    raise ReplTimeout(f"no reply within {timeout:g} s; process group killed",
                                      stderr=self._drain_stderr())
                for key, _ in sel.select(remaining):
                    if key.data == "in":
                        try:
                            data = data[os.write(in_fd, data[:_CHUNK]):]
                        except BrokenPipeError:
                            self._crashed("the REPL closed its input")
                        if not data:
                            sel.unregister(in_fd)
                            writing = False
                    elif key.data == "err":
                        self._read_stderr()
                    else:
                        chunk = os.read(key.fd, _CHUNK)
                        if not chunk:
                            self._crashed("the REPL closed its output before replying")
                        buf += chunk
                        while buf[:1].isspace():  # stray blank lines are not a reply
                            del buf[:1]
                        end = buf.find(b"\n\n", max(0, scanned - 1))
                        if end >= 0:
                            text = bytes(buf[:end])
                            del buf[:end + 2]
                            return self._decode(text)
                        scanned = len(buf)
                        if scanned > self.max_reply_bytes:
                            raise ReplProtocolError(
                                f"reply exceeds {self.max_reply_bytes} bytes", stderr=self.stderr_text())
        finally:
            if writing and self._sel is not None:
                sel.unregister(in_fd)

    def _decode(self, text: bytes) -> P.Reply:
        try:
            return P.parse_reply(json.loads(text))
        except (ValueError, P.ProtocolError) as exc:
            raise ReplProtocolError(f"malformed reply {text[:200]!r}: {exc}",
                                    stderr=self.stderr_text()) from None

    def _read_stderr(self) -> bool:
        try:
            chunk = os.read(self._proc.stderr.fileno(), _CHUNK)
        except BlockingIOError:
            return True
        self._stderr += chunk
        if len(self._stderr) > self.stderr_bytes:  # keep the tail: the cause is usually last
            del self._stderr[:len(self._stderr) - self.stderr_bytes]
        return bool(chunk)

    def _drain_stderr(self, wait: float = 0.5) -> str:
        proc = self._proc
        if proc is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)  # then whatever it wrote is all there is
            except (ProcessLookupError, PermissionError):
                pass
            end = time.monotonic() + wait
            fd = proc.stderr.fileno()
            sel = selectors.DefaultSelector()
            sel.register(fd, selectors.EVENT_READ)
            try:
                while time.monotonic() < end and sel.select(end - time.monotonic()):
                    if not self._read_stderr():
                        break
            finally:
                sel.close()
        return self.stderr_text()

    def _crashed(self, why: str):
        self.crashes += 1
        stderr = self._drain_stderr()
        code = self._proc.wait() if self._proc is not None else None
        raise ReplCrashed(why, stderr=stderr, returncode=code)
