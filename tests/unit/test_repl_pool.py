"""ReplPool over the fake REPL: answers, backpressure, retries, cache, stats, async, faults."""

from __future__ import annotations

import asyncio
import random
import sys
import threading
import time
from concurrent.futures import Future
from pathlib import Path

import pytest

from gentzen.repl import protocol as P
from gentzen.repl.errors import ReplCrashed, ReplError, ReplTimeout, ReplUnavailable
from gentzen.repl.pool import ReplPool

FAKE = [sys.executable, "-S", "-I", str(Path(__file__).parents[1] / "fixtures" / "fake_repl.py")]


def echo(reply) -> str:
    assert isinstance(reply, P.CommandResponse), reply
    return reply.messages[0].data


def test_sync_answers_in_order_and_stats():
    with ReplPool(FAKE, workers=2, preamble="header", timeout=5) as pool:
        bodies = [f"body {i}" for i in range(200)]
        assert [echo(r) for r in pool.map(bodies)] == bodies
        assert echo(pool.run(P.Command("fresh"))) == "fresh"
        s = pool.stats()
        assert s.completed == 201 and s.failed == 0 and s.workers == 2
        assert 0 < s.p50_ms <= s.p99_ms
        pids = {echo(pool.run(P.Command("pid"), timeout=5)) for _ in range(1)}
        assert pids


def test_cache_only_keeps_deterministic_verdicts():
    with ReplPool(FAKE, workers=1, timeout=0.5) as pool:
        first = pool.run("same body")
        assert pool.run("same body") is first
        assert pool.stats().cache_hits == 1
        with pytest.raises(ReplTimeout):
            pool.run("hang")
        with pytest.raises(ReplTimeout):  # a timeout is not cached: it runs (and times out) again
            pool.run("hang")
        assert pool.stats().cache_hits == 1 and pool.stats().timeouts == 2
        # stateful requests bypass the cache
        pool.run(P.ProofStep("rfl", 0))
        pool.run(P.ProofStep("rfl", 0))
        assert pool.stats().cache_hits == 1


def test_crash_is_retried_once_then_reported():
    with ReplPool(FAKE, workers=2, timeout=5) as pool:
        with pytest.raises(ReplCrashed, match="boom"):  # crashes deterministically: retried, fails
            pool.run("crash")
        s = pool.stats()
        assert s.retries == 1 and s.crashes == 2 and s.failed == 1
        # stateful requests are never repeated on a fresh child
        assert echo(pool.run("still fine")) == "still fine"


def test_backpressure_and_saturation():
    with ReplPool(FAKE, workers=1, queue_size=2, timeout=5) as pool:
        running = pool.submit("slow:0.5", cache=False)
        time.sleep(0.1)  # the worker holds it; now fill the queue
        queued = [pool.submit(f"q{i}") for i in range(2)]
        with pytest.raises(ReplUnavailable, match="busy"):
            pool.submit("overflow", block=False)
        t0 = time.monotonic()
        late = pool.submit("blocks until there is room")  # waits for the slow request
        assert time.monotonic() - t0 > 0.2
        assert [echo(f.result()) for f in [running, *queued, late]] == \
            ["slow:0.5", "q0", "q1", "blocks until there is room"]


def test_asyncio_api():
    async def main(pool):
        one = await pool.arun("async one")
        many = await pool.amap([f"a{i}" for i in range(50)])
        errs = await pool.amap(["crash", "ok"], return_exceptions=True)
        return one, many, errs

    with ReplPool(FAKE, workers=2, queue_size=4, timeout=5) as pool:
        one, many, errs = asyncio.run(main(pool))
    assert echo(one) == "async one"
    assert [echo(r) for r in many] == [f"a{i}" for i in range(50)]
    assert isinstance(errs[0], ReplCrashed) and echo(errs[1]) == "ok"


def test_close_fails_queued_requests():
    pool = ReplPool(FAKE, workers=1, queue_size=10, timeout=5)
    running = pool.submit("slow:0.3")
    time.sleep(0.1)
    queued = [pool.submit(f"q{i}") for i in range(5)]
    pool.close()
    assert echo(running.result()) == "slow:0.3"
    for f in queued:
        with pytest.raises(ReplUnavailable, match="closed"):
            f.result()
    with pytest.raises(ReplUnavailable):
        pool.submit("after close")
    assert all(not p.alive for p in pool.procs)


def test_fault_injection_10k_requests():
    """Kill workers at random while 10,000 requests run: each is answered exactly once, with
    its own echo or with a clear ReplError; none is lost or answered twice."""
    n = 10_000
    pool = ReplPool(FAKE, workers=3, queue_size=64, timeout=10, retries=2, cache_size=0)
    answers: list = [None] * n
    counts = [0] * n
    stop = threading.Event()
    kills = 0

    def killer():
        nonlocal kills
        rng = random.Random(7)
        while not stop.wait(rng.uniform(0.005, 0.04)):
            kills += rng.choice(pool.procs).kill_now()

    def record(i: int, fut: Future) -> None:
        counts[i] += 1  # Future callbacks run exactly once per completion
        exc = fut.exception()
        answers[i] = exc if exc is not None else echo(fut.result())

    t = threading.Thread(target=killer)
    t0 = time.monotonic()
    t.start()
    try:
        futs = []
        for i in range(n):
            f = pool.submit(f"req {i}")
            f.add_done_callback(lambda fut, i=i: record(i, fut))
            futs.append(f)
        for f in futs:
            f.exception(timeout=60)
    finally:
        stop.set()
        t.join()
        stats = pool.stats()
        pool.close()
    elapsed = time.monotonic() - t0
    print(f"{n} requests in {elapsed:.2f}s, {kills} kills, {stats}")
    assert counts == [1] * n
    wrong = [(i, a) for i, a in enumerate(answers) if a != f"req {i}" and not isinstance(a, ReplError)]
    assert not wrong, wrong[:5]
    errors = [a for a in answers if isinstance(a, ReplError)]
    assert all(isinstance(e, ReplCrashed) and str(e) for e in errors)
    assert kills >= 20 and stats.restarts >= 20, (kills, stats)
    assert len(errors) < n // 100, len(errors)  # retries absorb nearly every kill
    assert stats.submitted == n and stats.completed + stats.failed == n
    assert elapsed < 30, elapsed
