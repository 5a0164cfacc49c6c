"""The HTTP app in process: snippets beyond the capacity wait their turn (time = REPL time only),
timeouts as Kimina's per-snippet error, health."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")

from gentzen.repl.http import CheckService, create_app  # noqa: E402

FAKE = [sys.executable, "-S", "-I", str(Path(__file__).parents[1] / "fixtures" / "fake_repl.py")]


def test_saturation_queues_and_timeout_error():
    service = CheckService("repl", 1, repl_cmd=FAKE, capacity=2, timeout=5)
    app = create_app(service)

    async def main():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            slow = c.post("/api/check", json={"snippets": [{"id": "a", "code": "slow:0.5"},
                                                           {"id": "b", "code": "slow:0.5"}]})
            task = asyncio.ensure_future(slow)
            await asyncio.sleep(0.15)
            t0 = time.perf_counter()
            busy = await c.post("/api/check", json={"snippets": [{"id": "c", "code": "x"}]})
            waited = time.perf_counter() - t0
            done = await task
            late = await c.post("/api/check", json={"snippets": [{"id": "h", "code": "hang"}], "timeout": 1})
            health = await c.get("/health")
            return busy, waited, done, late, health

    try:
        busy, waited, done, late, health = asyncio.run(main())
    finally:
        service.close()
    # the capacity was taken: `c` waited for a slot (no 429), and its `time` is the REPL's, not the wait
    assert busy.status_code == 200 and "response" in busy.json()["results"][0]
    assert waited > 0.5 and busy.json()["results"][0]["time"] < 0.3, (waited, busy.json())
    assert done.status_code == 200 and [r["id"] for r in done.json()["results"]] == ["a", "b"]
    assert all(0.4 < r["time"] < 1.5 for r in done.json()["results"]), done.json()
    res = late.json()["results"][0]
    assert "response" not in res and res["error"] == "Lean REPL command timed out in 1.0 seconds"
    assert health.json() == {"status": "ok"}


def test_a_snippet_waits_at_most_max_wait():
    service = CheckService("repl", 1, repl_cmd=FAKE, capacity=1, timeout=5, max_wait=0.2)
    app = create_app(service)

    async def main():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            r = await c.post("/api/check", json={"snippets": [{"id": "a", "code": "slow:0.6"},
                                                              {"id": "b", "code": "x"}]})
            return r

    try:
        r = asyncio.run(main())
    finally:
        service.close()
    a, b = r.json()["results"]
    assert r.status_code == 200 and "response" in a
    assert b["error"].startswith("No available REPLs (waited 0.2 s)") and "response" not in b


def test_kernel_backend_debug_and_custom_id():
    service = CheckService("kernel", 1, capacity=1)
    app = create_app(service)
    good = "theorem t (P : Prop) (h : P) : P := by\n  exact h"

    async def main():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            many = await c.post("/api/check", json={"snippets": [{"id": str(i), "code": good} for i in range(20)],
                                                    "debug": True})
            legacy = await c.post("/verify", json={"codes": [{"custom_id": 3, "proof": None, "code": good}]})
            bogus = await c.post("/api/check", json={"snippets": [{"id": "a", "code": good}], "debug": "yes"})
            return many, legacy, bogus

    many, legacy, bogus = asyncio.run(main())
    rows = many.json()["results"]
    assert len(rows) == 20 and all("messages" not in r["response"] for r in rows)
    assert all(set(r["diagnostics"]) == {"repl_uuid", "cpu_max", "memory_max"} for r in rows)
    assert legacy.json()["results"][0]["custom_id"] == "3" and "time" in legacy.json()["results"][0]["response"]
    assert bogus.status_code == 422
