"""Fuzz `gentzen repl` and `gentzen serve` as real processes (loopback only, bounded count and time):
random bytes, invalid UTF-8, malformed and mis-shaped JSON, absurd nesting, lone surrogates, raw
socket garbage. Afterwards each must still answer a good request correctly."""

from __future__ import annotations

import json
import os
import random
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GOOD = "theorem mtollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by\n  intro n1\n  have n2 : Q := h1 n1\n  exact h2 n2"
SEED = 20261201
N_CASES = 200


def _fuzz_texts(rng: random.Random) -> list[bytes]:
    """Bounded, seeded bad inputs: each is one request body / REPL block (no blank lines inside)."""
    fixed = [b"\xff\xfe\xfd", b"\x00\x00\x00", b"{", b"}", b"[" * 50_000, b'{"cmd": ' + b"[" * 20_000,
             b'{"cmd": 5}', b'{"cmd": null}', b'{"tactic": "exact h", "proofState": -1}',
             b'{"tactic": "exact h", "proofState": 10000000000000000000000}', b'{"cmd": "\\ud800"}',
             b'{"cmd": "theorem t (P : Prop) : P := by\\n  exact \\udfff"}', b'{"env": "x", "cmd": "x"}',
             b'{"path": "/dev/zero"}', b'{"path": "/"}', b'{"pickleTo": "/tmp/x.olean", "env": 0}',
             b'"just a string"', b"1e999999", b'{"cmd": "' + b"\xc3\x28" * 10 + b'"}', b"\xed\xa0\x80",
             json.dumps({"cmd": "theorem t (P : Prop) : " + "¬" * 50_000 + "P := by\n  sorry"}).encode()]
    out = list(fixed)
    while len(out) < N_CASES:
        kind = rng.randrange(3)
        if kind == 0:  # random bytes
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))))
        elif kind == 1:  # a good request, mutated byte-wise
            b = bytearray(json.dumps({"cmd": GOOD}).encode())
            for _ in range(rng.randrange(1, 8)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            out.append(bytes(b))
        else:  # well-formed JSON of the wrong shape
            val = rng.choice([[], {}, 0, -1, True, None, "x" * 1000, {"cmd": []}, {"tactic": 1},
                              {"cmd": "example : True := by", "env": 999}, {"snippets": "x"}])
            out.append(json.dumps(val).encode())
    # the REPL frames requests by blank lines: keep each case one block
    return [t.replace(b"\r", b" ").replace(b"\n\n", b"\n ").strip(b"\n") or b"x" for t in out]


def test_repl_survives_fuzz():
    rng = random.Random(SEED)
    blocks = _fuzz_texts(rng)
    good = json.dumps({"cmd": GOOD}).encode()
    data = b"\n\n".join(blocks) + b"\n\n" + good + b"\n\n"
    r = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "repl"], input=data, capture_output=True,
                       timeout=120, env=dict(os.environ, PYTHONPATH=str(ROOT / "py")))
    assert r.returncode == 0, r.stderr.decode(errors="replace")[-2000:]
    assert b"Traceback" not in r.stderr
    replies = [json.loads(x) for x in r.stdout.decode("utf-8").split("\n\n") if x.strip()]
    # every block got a JSON reply (blocks starting with '#' or '--' are comments: none)
    comments = sum(b.lstrip().startswith((b"#", b"--")) for b in blocks)
    assert len(replies) == len(blocks) + 1 - comments
    assert all(isinstance(x, dict) for x in replies)
    last = replies[-1]
    assert "env" in last and "messages" not in last, last  # the good proof: accepted, no errors


def test_serve_survives_fuzz():
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    from gentzen.repl.launch import start_serve

    proc, url = start_serve(["--workers", "1", "--max-body", "2000000", "--timeout", "20"],
                            env=dict(os.environ, PYTHONPATH=str(ROOT / "py")), output=subprocess.PIPE)
    try:
        assert url.startswith("http://127.0.0.1:")
        rng = random.Random(SEED + 1)
        t_end = time.monotonic() + 90
        statuses: dict[int, int] = {}
        with httpx.Client(base_url=url, timeout=30) as c:
            for body in _fuzz_texts(rng):
                if time.monotonic() > t_end:
                    break
                path = rng.choice(["/api/check", "/verify", "/api/check/"])
                r = c.post(path, content=body, headers={"content-type": "application/json"})
                statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
                assert r.status_code < 500, (body[:200], r.status_code, r.text[:500])
                r.json()  # always a JSON answer
                # the same bytes as a snippet's code (where they decode): through to the REPL child
                code = body.decode("utf-8", errors="surrogateescape")
                r = c.post("/api/check", content=json.dumps({"snippets": [{"id": "f", "code": code}]},
                                                            ensure_ascii=True))
                assert r.status_code < 500, (code[:200], r.text[:500])
        port = int(url.rsplit(":", 1)[1])
        for junk in (b"\x16\x03\x01\x02\x00" + bytes(range(256)), b"GET / HTTP/9.9\r\n\r\n", b"\xff" * 4096):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:  # raw garbage, not HTTP
                s.sendall(junk)
                try:
                    s.recv(1024)
                except OSError:
                    pass
        assert proc.poll() is None, "the server died"
        with httpx.Client(base_url=url, timeout=30) as c:
            assert c.get("/health").json() == {"status": "ok"}
            r = c.post("/api/check", json={"snippets": [{"id": "good", "code": GOOD}]})
            assert r.status_code == 200
            (res,) = r.json()["results"]
            assert res["id"] == "good" and "error" not in res and not res["response"].get("messages"), res
        assert statuses.get(422, 0) > 0  # the fuzz did reach the validation paths
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:  # pragma: no cover
            proc.kill()
            proc.wait()


def test_health_reports_a_backend_that_cannot_start():
    httpx = pytest.importorskip("httpx")
    pytest.importorskip("uvicorn")
    from gentzen.repl.launch import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", "serve", "--port", str(port),
                             "--repl-cmd", "/nonexistent/lean-repl"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                r = httpx.get(f"http://127.0.0.1:{port}/health", timeout=5)
                break
            except httpx.HTTPError:
                assert proc.poll() is None and time.monotonic() < deadline, "serve did not start"
                time.sleep(0.1)
        assert r.status_code == 503
        body = r.json()
        assert body["status"] == "not ready" and "/nonexistent/lean-repl" in body["error"]
    finally:
        proc.terminate()
        proc.wait(15)
