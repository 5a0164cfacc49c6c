"""`gentzen serve`: an HTTP service that Kimina Lean Server clients can use unchanged.

`POST /api/check` (and the legacy `POST /verify`), `GET /health`; an optional bearer key and a
request-size limit. Snippets beyond `--capacity` wait for a free slot (up to `max_wait`), as Kimina's
manager waits for a free REPL. Starlette on uvicorn, in front of a ReplPool (or the kernel in process).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import re
import resource
import time
import uuid
from concurrent.futures import Future
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from gentzen.repl import protocol as P
from gentzen.repl.errors import ReplError, ReplTimeout, ReplUnavailable

MAX_BODY = 10 << 20
PROBE_TTL = 5.0  # seconds a /health probe's verdict is reused
_PROBE = "example (P : Prop) (h : P) : P := by\n  exact h"  # what any working backend accepts
_HEADER = re.compile(r"(?:[ \t]*(?:import\b[^\n]*)?(?:\n|$))*")  # Kimina's header: blank/import lines
INFOTREES = ("full", "tactics", "original", "substantive")  # kimina_client.Infotree
MAX_WAIT = 60.0  # seconds a snippet may wait for a free slot (Kimina's `max_wait`)


class _TooLarge(Exception):
    pass


class CheckService:
    """Runs snippets on a backend, at most `capacity` at once; the others wait their turn.

    backend "repl": a ReplPool over `repl_cmd` (default `gentzen repl`); "kernel": KernelRepl in
    process, one fresh instance per snippet, on a thread so the event loop stays free."""

    def __init__(self, backend: str = "repl", workers: int = 2, *, repl_cmd=None, timeout: float = 60.0,
                 capacity: int | None = None, pool=None, max_wait: float = MAX_WAIT) -> None:
        self.backend, self.timeout, self.max_wait = backend, timeout, max_wait
        self.capacity = capacity or 64 * workers
        self._slots: asyncio.Semaphore | None = None  # made on first use, on the serving loop
        self.uuid = str(uuid.uuid4())  # the in-process kernel's `repl_uuid`
        self.pool = pool
        self._own = False
        self._probe: tuple[float, str | None] | None = None
        if backend == "repl" and pool is None:
            from gentzen.repl.pool import ReplPool
            from gentzen.repl.verify import repl_command

            argv, cwd = repl_command(repl_cmd)
            self.pool = ReplPool(argv, workers=workers, preamble="", timeout=timeout, cwd=cwd,
                                 queue_size=self.capacity + 8, max_requests=20_000)  # + room for /health probes
            self._own = True
        elif backend == "kernel":
            self._sem = asyncio.Semaphore(workers)
        elif backend != "repl":
            raise ValueError(f"serve backend must be repl or kernel, not {backend!r}")

    @property
    def checker(self) -> str:
        """Who answers the snippets (the checker vocabulary of gentzen.repl.checkers), sent on /health as
        `X-Gentzen-Checker` so that a client does not call a kernel-backed answer Lean's."""
        if self.backend == "kernel":
            return "kernel-repl"  # KernelRepl in process: `gentzen repl`'s answers
        from gentzen.repl.checkers import repl_checker

        argv = getattr(self.pool, "argv", None)
        return repl_checker(argv) if argv else "repl-cmd"

    async def run(self, code: str, timeout: float | None, *, debug: bool = False,
                  infotree: str | None = None) -> dict:
        """One snippet -> a Kimina ReplResponse body without its id: `response` xor `error`. It waits
        for one of `capacity` slots (up to max_wait); `time` is the REPL's own time, not the wait."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.capacity)
        try:
            await asyncio.wait_for(self._slots.acquire(), self.max_wait)
        except asyncio.TimeoutError:
            return {"time": 0.0, "error": f"No available REPLs (waited {self.max_wait:g} s)"}
        try:
            out, diag = await self._run(code, timeout or self.timeout, infotree)
        finally:
            self._slots.release()
        if debug:
            out["diagnostics"] = diag
        return out

    async def _run(self, code: str, timeout: float, infotree: str | None) -> tuple[dict, dict]:
        diag: dict = {"repl_uuid": self.uuid}
        try:
            if self.backend == "kernel":
                async with self._sem:
                    reply, took, diag = await asyncio.wait_for(
                        asyncio.to_thread(_kernel_run, code, infotree, self.uuid), timeout)
            else:
                head = _HEADER.match(code).end()
                # a snippet without imports runs on the pool's empty-header env; one with imports
                # is a fresh command (cached by content), as Kimina keys REPLs by header
                req = code if not code[:head].strip() and infotree is None else \
                    P.Command(cmd=code, infotree=infotree)
                fut: Future = self.pool.submit(req, timeout=timeout, block=False)
                reply = await asyncio.wrap_future(fut)
                took = getattr(fut, "repl_time", 0.0)  # 0 for a cached verdict: no REPL ran
                diag = getattr(fut, "repl_usage", None) or {"repl_uuid": "", "cpu_max": 0.0, "memory_max": 0}
        except (ReplTimeout, asyncio.TimeoutError):
            return {"time": round(timeout, 6),
                    "error": f"Lean REPL command timed out in {float(timeout)} seconds"}, diag
        except ReplUnavailable as exc:
            return {"time": 0.0, "error": f"No available REPLs ({exc})"}, diag
        except ReplError as exc:
            return {"time": 0.0, "error": str(exc)}, diag
        return {"time": round(took, 6), "response": P.to_json(reply)}, diag

    async def ready(self) -> str | None:
        """None when the backend answers a trivial proof, else why not. A probe's verdict is kept
        for PROBE_TTL seconds so that health checks do not load the pool."""
        if self.backend == "kernel":
            return None
        now = time.monotonic()
        if self._probe is not None and now - self._probe[0] < PROBE_TTL:
            return self._probe[1]
        why = None
        try:
            fut = self.pool.submit(_PROBE, timeout=min(self.timeout, 20.0), block=False, cache=False)
            reply = await asyncio.wrap_future(fut)
            if isinstance(reply, P.Error):
                why = f"the REPL answered the probe with an error: {reply.message}"
        except ReplUnavailable as exc:
            if "busy" not in str(exc):  # saturated is alive; cannot start / closed is not
                why = str(exc).split("\n")[0]
        except ReplError as exc:
            why = str(exc).split("\n")[0]
        self._probe = (time.monotonic(), why)
        return why

    def close(self) -> None:
        if self._own and self.pool is not None:
            self.pool.close()


def _kernel_run(code: str, infotree: str | None, repl_uuid: str) -> tuple[P.Reply, float, dict]:
    """One snippet on a fresh in-process KernelRepl: the reply, its own time and diagnostics."""
    from gentzen.repl.kernel_server import KernelRepl

    t0, c0 = time.perf_counter(), time.thread_time()
    reply = KernelRepl().handle(P.Command(cmd=code, infotree=infotree))
    took = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # this process's peak (Linux: KiB)
    cpu = round(100.0 * (time.thread_time() - c0) / max(took, 1e-9), 1)
    return reply, took, {"repl_uuid": repl_uuid, "cpu_max": cpu, "memory_max": peak}


def _unicode(text: str) -> bool:
    """False for a string with a lone surrogate (JSON `\\ud800`): it cannot reach a REPL as UTF-8."""
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _content(code: dict):
    """Kimina's `Code.get_proof_content`: `proof`, or `code` when `proof` is absent or null."""
    proof = code.get("proof")
    return proof if proof is not None else code.get("code")


def _detail(status: int, detail, headers: dict | None = None) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status, headers=headers)


def _invalid(loc: list, msg: str) -> JSONResponse:
    # FastAPI's validation-error shape, which Kimina's own server returns
    return _detail(422, [{"type": "value_error", "loc": ["body", *loc], "msg": msg}])


def create_app(service: CheckService, *, api_key: str | None = None, max_body: int = MAX_BODY) -> Starlette:
    """The Starlette app of `gentzen serve`: Kimina's routes, its authentication and its error bodies.
    Long because the route handlers are closures over `service`, `api_key` and `max_body`, and read best
    beside each other."""
    def authorized(request: Request) -> JSONResponse | None:
        if not api_key:
            return None
        auth = request.headers.get("authorization")
        if not auth:
            return _detail(401, "Missing API key")
        token = (auth[7:] if auth.startswith("Bearer ") else auth).strip()  # Kimina strips the token too
        if not hmac.compare_digest(token.encode(), api_key.encode()):
            return _detail(401, "Invalid API key")
        return None

    async def read_json(request: Request):
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > max_body:
            raise _TooLarge
        chunks, size = [], 0
        async for chunk in request.stream():  # a chunked body has no length to trust: count
            size += len(chunk)
            if size > max_body:
                raise _TooLarge
            chunks.append(chunk)
        return json.loads(b"".join(chunks))

    async def body_or_error(request: Request):
        denied = authorized(request)
        if denied is not None:
            return None, denied
        try:
            return await read_json(request), None
        except _TooLarge:
            return None, _detail(413, f"request body larger than {max_body} bytes")
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:  # bad bytes, bad JSON, absurd nesting
            return None, _detail(422, [{"type": "json_invalid", "loc": ["body"], "msg": f"JSON decode error: {exc}"}])

    async def run_all(codes: list[str], timeout, debug: bool = False, infotree=None) -> list[dict]:
        return await asyncio.gather(*(service.run(c, timeout, debug=debug, infotree=infotree) for c in codes))

    def options_of(body: dict) -> tuple[bool, str | None] | JSONResponse:
        debug, infotree = body.get("debug", False), body.get("infotree")
        if not isinstance(debug, bool):
            return _invalid(["debug"], "`debug` must be true or false")
        if infotree is not None and infotree not in INFOTREES:
            return _invalid(["infotree"], f"`infotree` must be one of {', '.join(INFOTREES)} (or null), "
                            f"not {json.dumps(infotree)}")
        return debug, infotree

    def timeout_of(body: dict, default: int) -> float | JSONResponse:
        t = body.get("timeout", default)
        if isinstance(t, bool) or not isinstance(t, (int, float)) or t < 0:
            return _invalid(["timeout"], "timeout must be a number >= 0")
        return float(t)

    async def check(request: Request):
        body, error = await body_or_error(request)
        if error is not None:
            return error
        if not isinstance(body, dict):
            return _invalid([], "expected a JSON object")
        snippets = body.get("snippets")
        if not isinstance(snippets, list) or not snippets:
            return _invalid(["snippets"], "`snippets` must be non empty")
        if not all(isinstance(s, dict) and isinstance(s.get("id"), str) and isinstance(s.get("code"), str)
                   for s in snippets):
            return _invalid(["snippets"], "each snippet needs string `id` and `code`")
        if len({s["id"] for s in snippets}) != len(snippets):
            return _invalid(["snippets"], "`snippets` must have unique ids")
        if not all(_unicode(s["code"]) for s in snippets):
            return _invalid(["snippets"], "`code` holds a lone surrogate (not valid Unicode)")
        timeout = timeout_of(body, 30)
        if isinstance(timeout, JSONResponse):
            return timeout
        options = options_of(body)
        if isinstance(options, JSONResponse):
            return options
        results = await run_all([s["code"] for s in snippets], timeout, *options)
        return JSONResponse({"results": [{"id": s["id"], **r} for s, r in zip(snippets, results)]})

    async def verify(request: Request):  # the legacy Lean4Client endpoint
        body, error = await body_or_error(request)
        if error is not None:
            return error
        codes = body.get("codes") if isinstance(body, dict) else None
        if not isinstance(codes, list) or not codes or not all(
                isinstance(c, dict) and isinstance(_content(c), str)
                and isinstance(c.get("custom_id"), (str, int)) and not isinstance(c.get("custom_id"), bool)
                for c in codes):
            return _invalid(["codes"], "`codes` must be a non-empty list of {custom_id, proof|code}")
        if not all(_unicode(_content(c)) for c in codes):
            return _invalid(["codes"], "`proof` holds a lone surrogate (not valid Unicode)")
        timeout = timeout_of(body, 300)
        if isinstance(timeout, JSONResponse):
            return timeout
        options = options_of(body)
        if isinstance(options, JSONResponse):
            return options
        results = await run_all([_content(c) for c in codes], timeout, *options)
        out = []
        for c, r in zip(codes, results):
            rec = {"custom_id": str(c["custom_id"])}  # Kimina's `Snippet(id=str(code.custom_id))`
            if "error" in r:
                rec["error"] = r["error"]
            else:
                rec["response"] = {**r["response"], "time": r["time"]}  # legacy: time inside
            if "diagnostics" in r:
                rec["diagnostics"] = r["diagnostics"]
            out.append(rec)
        return JSONResponse({"results": out})

    async def health(request: Request):
        why = await service.ready()
        who = {"X-Gentzen-Checker": service.checker}  # a header: the body stays Kimina's
        if why is None:
            return JSONResponse({"status": "ok"}, headers=who)
        return JSONResponse({"status": "not ready", "backend": service.backend, "error": why}, status_code=503,
                            headers=who)

    @asynccontextmanager
    async def lifespan(app):
        try:
            yield
        finally:
            service.close()

    routes = [Route(p, health, methods=["GET"]) for p in ("/", "/health", "/health/")]
    routes += [Route(p, check, methods=["POST"]) for p in ("/api/check", "/api/check/")]
    routes += [Route(p, verify, methods=["POST"]) for p in ("/verify", "/one_pass_verify_batch")]
    return Starlette(routes=routes, lifespan=lifespan)


def serve(host: str = "127.0.0.1", port: int = 8000, *, backend: str = "repl", workers: int = 2,
          api_key: str | None = None, max_body: int = MAX_BODY, repl_cmd=None, timeout: float = 60.0,
          capacity: int | None = None, log_level: str = "warning", max_wait: float = MAX_WAIT) -> None:
    """Run the service until interrupted (uvicorn handles SIGINT/SIGTERM; the pool closes after)."""
    import uvicorn

    # asyncio primitives bind to a loop on first use (3.10+), so the service can be built here
    service = CheckService(backend, workers, repl_cmd=repl_cmd, timeout=timeout, capacity=capacity,
                           max_wait=max_wait)
    app = create_app(service, api_key=api_key, max_body=max_body)
    print(f"gentzen serve: http://{host}:{port} backend={backend} workers={workers}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=False)

