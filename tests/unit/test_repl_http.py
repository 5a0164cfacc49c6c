"""The HTTP app in process: 429 when saturated, timeouts as Kimina's per-snippet error, health."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")

from gentzen.repl.http import CheckService, create_app  # noqa: E402

FAKE = [sys.executable, "-S", "-I", str(Path(__file__).parents[1] / "fixtures" / "fake_repl.py")]


def test_saturation_429_and_timeout_error():
    service = CheckService("repl", 1, repl_cmd=FAKE, capacity=2, timeout=5)
    app = create_app(service)

    async def main():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            slow = c.post("/api/check", json={"snippets": [{"id": "a", "code": "slow:0.5"},
                                                           {"id": "b", "code": "slow:0.5"}]})
            task = asyncio.ensure_future(slow)
            await asyncio.sleep(0.15)
            busy = await c.post("/api/check", json={"snippets": [{"id": "c", "code": "x"}]})
            done = await task
            late = await c.post("/api/check", json={"snippets": [{"id": "h", "code": "hang"}], "timeout": 1})
            health = await c.get("/health")
            return busy, done, late, health

    try:
        busy, done, late, health = asyncio.run(main())
    finally:
        service.close()
    assert busy.status_code == 429 and busy.json() == {"detail": "No available REPLs"}
    assert done.status_code == 200 and [r["id"] for r in done.json()["results"]] == ["a", "b"]
    res = late.json()["results"][0]
    assert "response" not in res and res["error"] == "Lean REPL command timed out in 1.0 seconds"
    assert health.json() == {"status": "ok"}
