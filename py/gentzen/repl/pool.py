"""A pool of REPL processes: N worker threads, a bounded queue, retries, a verdict cache, stats.

Sync (`submit`/`run`/`map`) and asyncio (`arun`/`amap`) front ends share one queue. Every request
is answered exactly once: with a reply, or with the ReplError that stopped it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import queue
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass

from gentzen.repl import protocol as P
from gentzen.repl.errors import ReplCrashed, ReplError, ReplUnavailable
from gentzen.repl.process import ReplProcess


@dataclass(frozen=True)
class PoolStats:
    workers: int
    submitted: int
    completed: int  # answered with a reply (Lean errors included)
    failed: int  # answered with a ReplError
    retries: int
    restarts: int  # child starts beyond each worker's first (timeouts, crashes, recycling)
    timeouts: int
    crashes: int
    cache_hits: int
    cache_misses: int
    queued: int
    p50_ms: float
    p99_ms: float


def _quantile(xs: Sequence[float], q: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] * 1e3


class ReplPool:
    """Run REPL requests on `workers` child processes of `argv`.

    A `str` request is a body run on the preamble's env (or as a fresh command without one);
    bodies and env-less commands do not depend on a child's state, so they are retried once on
    a crash and their replies are cached. Stateful requests (tactics, env ids) are neither.
    """

    def __init__(self, argv: Sequence[str], workers: int = 2, *, queue_size: int | None = None,
                 timeout: float = 60.0, memory_mb: int | None = None,
                 max_requests: int | None = None, preamble: str | None = None, retries: int = 1,
                 cache_size: int = 100_000, cwd: str | None = None, env: dict | None = None) -> None:
        if workers < 1:
            raise ValueError("workers must be >= 1")
        self.argv = list(argv)
        self.preamble = preamble
        self.retries = retries
        self.cache_size = cache_size
        self._queue: queue.Queue = queue.Queue(maxsize=queue_size or 4 * workers)
        self.procs = [ReplProcess(argv, cwd=cwd, env=env, timeout=timeout, memory_mb=memory_mb,
                                  max_requests=max_requests, preamble=preamble)
                      for _ in range(workers)]
        self._cache: OrderedDict[str, P.Reply] = OrderedDict()
        self._lock = threading.Lock()  # guards the cache and the counters below
        self._latency: deque[float] = deque(maxlen=20_000)
        self._n = dict(submitted=0, completed=0, failed=0, retries=0, hits=0, misses=0)
        self._closed = False
        self._threads = [threading.Thread(target=self._work, args=(p,), daemon=True,
                                          name=f"repl-worker-{i}") for i, p in enumerate(self.procs)]
        for t in self._threads:
            t.start()

    # ------------------------------------------------------------ front ends

    def submit(self, request: str | P.Request, *, timeout: float | None = None,
               block: bool = True, wait: float | None = None, cache: bool = True) -> Future:
        """Queue a request; block while the queue is full (backpressure), or raise
        ReplUnavailable when `block=False` / after `wait` seconds."""
        if self._closed:
            raise ReplUnavailable("the pool is closed")
        key = self._key(request) if cache and self.cache_size else None
        fut: Future = Future()
        with self._lock:
            self._n["submitted"] += 1
            if key is not None:
                hit = self._cache.get(key)
                if hit is not None:
                    self._cache.move_to_end(key)
                    self._n["hits"] += 1
                    self._n["completed"] += 1
                    fut.set_result(hit)
                    return fut
                self._n["misses"] += 1
        try:
            self._queue.put((request, key, timeout, fut), block=block, timeout=wait)
        except queue.Full:
            with self._lock:
                self._n["submitted"] -= 1
            raise ReplUnavailable("all REPL workers are busy and the queue is full") from None
        return fut

    def run(self, request: str | P.Request, *, timeout: float | None = None) -> P.Reply:
        return self.submit(request, timeout=timeout).result()

    def map(self, requests: Iterable[str | P.Request], *, timeout: float | None = None,
            return_exceptions: bool = False) -> list:
        """Replies in request order; with return_exceptions, ReplErrors take their place."""
        futs = [self.submit(r, timeout=timeout) for r in requests]
        out = []
        for f in futs:
            exc = f.exception()
            if exc is not None and not return_exceptions:
                raise exc
            out.append(exc if exc is not None else f.result())
        return out

    async def arun(self, request: str | P.Request, *, timeout: float | None = None) -> P.Reply:
        try:
            fut = self.submit(request, timeout=timeout, block=False)
        except ReplUnavailable:
            if self._closed:
                raise
            # queue full: wait for room on a helper thread, never on the event loop
            fut = await asyncio.to_thread(self.submit, request, timeout=timeout)
        return await asyncio.wrap_future(fut)

    async def amap(self, requests: Iterable[str | P.Request], *, timeout: float | None = None,
                   return_exceptions: bool = False) -> list:
        return await asyncio.gather(*(self.arun(r, timeout=timeout) for r in requests),
                                    return_exceptions=return_exceptions)

    # ------------------------------------------------------------ workers

    def _key(self, request) -> str | None:
        if isinstance(request, str):
            body = {"body": request}
        elif isinstance(request, (P.Command, P.File)) and request.env is None:
            body = request.to_json()
        else:
            return None  # depends on a child's env / proof-state ids
        blob = json.dumps([self.argv, self.preamble, body], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()

    @staticmethod
    def _repeatable(request) -> bool:
        return isinstance(request, str) or (isinstance(request, (P.Command, P.File))
                                            and request.env is None)

    def _work(self, proc: ReplProcess) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            request, key, timeout, fut = item
            if not fut.set_running_or_notify_cancel():
                continue
            t0 = time.perf_counter()
            attempt = 0
            while True:
                t_run = time.perf_counter()
                try:
                    if isinstance(request, str):
                        reply = proc.run_body(request, timeout)
                    else:
                        reply = proc.send(request, timeout)
                except ReplCrashed as exc:
                    # a dead child says nothing about the request; Lean timeouts are never retried
                    if attempt < self.retries and self._repeatable(request):
                        attempt += 1
                        with self._lock:
                            self._n["retries"] += 1
                        continue
                    self._fail(fut, exc)
                except BaseException as exc:  # noqa: BLE001 - the caller gets it; the worker lives
                    self._fail(fut, exc if isinstance(exc, Exception) else ReplError(repr(exc)))
                else:
                    # what the REPL itself took, without the queue wait (Kimina's `time`), and who ran it
                    fut.repl_time = time.perf_counter() - t_run
                    fut.repl_usage = proc.usage()
                    with self._lock:
                        self._latency.append(time.perf_counter() - t0)
                        self._n["completed"] += 1
                        if key is not None:
                            self._cache[key] = reply
                            if len(self._cache) > self.cache_size:
                                self._cache.popitem(last=False)
                    fut.set_result(reply)
                break

    def _fail(self, fut: Future, exc: BaseException) -> None:
        with self._lock:
            self._n["failed"] += 1
        fut.set_exception(exc)

    # ------------------------------------------------------------ stats and shutdown

    def stats(self) -> PoolStats:
        with self._lock:
            n, lat = dict(self._n), list(self._latency)
        return PoolStats(workers=len(self.procs), submitted=n["submitted"],
                         completed=n["completed"], failed=n["failed"], retries=n["retries"],
                         restarts=sum(p.restarts for p in self.procs),
                         timeouts=sum(p.timeouts for p in self.procs),
                         crashes=sum(p.crashes for p in self.procs), cache_hits=n["hits"],
                         cache_misses=n["misses"], queued=self._queue.qsize(),
                         p50_ms=_quantile(lat, 0.50), p99_ms=_quantile(lat, 0.99))

    def _drain(self) -> None:
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return
            if item is not None and item[3].set_running_or_notify_cancel():
                self._fail(item[3], ReplUnavailable("the pool was closed before this request ran"))

    def close(self) -> None:
        """Fail queued requests, let running ones finish, stop the children."""
        if self._closed:
            return
        self._closed = True
        self._drain()
        for _ in self._threads:
            self._queue.put(None)
        for t in self._threads:
            t.join()
        self._drain()  # producers that were blocked on a full queue when we closed
        for p in self.procs:
            p.close()

    def __enter__(self) -> ReplPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
