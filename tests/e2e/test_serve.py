"""`gentzen serve` as a real subprocess on 127.0.0.1, driven by the real kimina-client package,
then hit with faults: malformed JSON, huge bodies, bad keys and 200 concurrent clients."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from gentzen.repl.launch import start_serve

httpx = pytest.importorskip("httpx")
pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[2]
KEY = "s3cret"
GOOD = "theorem mt (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by\n  intro n1\n  have n2 : Q := h1 n1\n  exact h2 n2"
BAD = GOOD.replace("h1 n1", "h1 n2")
SORRY = "theorem s (P : Prop) : P := by sorry"


@pytest.fixture(scope="module")
def server():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    proc, url = start_serve(["--workers", "2", "--api-key", KEY, "--max-body", "200000", "--capacity", "64"],
                            env=env, output=subprocess.PIPE)
    yield url
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:  # pragma: no cover - a hang is a failure, but clean up
        proc.kill()
        proc.wait()
        pytest.fail("gentzen serve did not stop on SIGTERM")
    assert proc.returncode in (0, -15)  # uvicorn re-raises SIGTERM after its graceful shutdown
    time.sleep(0.2)
    with pytest.raises(ProcessLookupError):  # no REPL worker outlived the server (same session)
        os.killpg(proc.pid, 0)


@pytest.fixture(scope="module")
def kimina_client():
    import typing

    import typing_extensions

    typing.TypedDict = typing_extensions.TypedDict  # kimina-client's pydantic models need it on 3.11
    return pytest.importorskip("kimina_client")


def test_kimina_client_check_and_health(server, kimina_client):
    client = kimina_client.KiminaClient(api_url=server, api_key=KEY, n_retries=1)
    assert client.health() == {"status": "ok"}
    snippets = [kimina_client.Snippet(id=f"s{i}", code=c)
                for i, c in enumerate([GOOD, BAD, SORRY, "import Mathlib\n" + GOOD, "def x := 1"] * 3)]
    resp = client.check(snippets, timeout=30, batch_size=4, max_workers=3, show_progress=False)
    status = {r.id: r.analyze().status.value for r in resp.results}
    assert len(status) == 15
    for i in range(15):
        assert status[f"s{i}"] == ["valid", "lean_error", "sorry", "valid", "repl_error"][i % 5], (i, status)
    by_id = {r.id: r for r in resp.results}
    err = by_id["s1"].response["messages"][0]
    assert err["pos"] == {"line": 3, "column": 20} and "Unknown identifier" in err["data"]
    moved = by_id["s3"].response  # the import line shifts nothing: positions are the snippet's
    assert "messages" not in moved or all(m["severity"] != "error" for m in moved["messages"])


def test_verify_cli_through_the_server(server, tmp_path):
    f = tmp_path / "p.jsonl"
    f.write_text("\n".join(json.dumps({"name": n, "theorem": GOOD.split("\n")[0], "proof": p}) for n, p in
                           [("good", GOOD), ("bad", BAD), ("sorry", "  sorry")]) + "\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    r = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "verify", str(f), "--backend", "kimina",
                        "--url", server, "--api-key", KEY, "--json"], capture_output=True, text=True, env=env,
                       timeout=60)
    rows = [json.loads(x) for x in r.stdout.splitlines()]
    assert r.returncode == 1 and [x["ok"] for x in rows] == [True, False, False], r.stderr
    # the server runs `gentzen repl` and says so (X-Gentzen-Checker): its errors are not called Lean's
    assert rows[1]["error"]["kind"] == "kernel_repl_error" and rows[2]["error"]["kind"] == "forbidden"
    assert rows[2]["checker"] == "reader"  # the local screen: never sent


def post(url: str, content: bytes, key: str | None = KEY, **kw) -> httpx.Response:
    headers = {"Content-Type": "application/json"}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    return httpx.post(url + "/api/check", content=content, headers=headers, timeout=30, **kw)


def test_auth_and_malformed_input(server):
    body = json.dumps({"snippets": [{"id": "a", "code": GOOD}]}).encode()
    assert post(server, body, key=None).json() == {"detail": "Missing API key"}
    r = post(server, body, key="wrong")
    assert r.status_code == 401 and r.json() == {"detail": "Invalid API key"}
    for bad in [b"{not json", b"\xff\xfe", b"[]", b'{"snippets": []}', b'{"snippets": [{"id": 1}]}',
                b'{"snippets": [{"id": "a", "code": "x"}, {"id": "a", "code": "y"}]}',
                b'{"snippets": [{"id": "a", "code": "x"}], "timeout": -1}', b"null", b'"x"' * 10]:
        r = post(server, bad)
        assert r.status_code == 422, (bad, r.status_code, r.text)
        assert "detail" in r.json()
    assert post(server, body).status_code == 200  # still serving


def test_huge_bodies_are_refused(server):
    huge = json.dumps({"snippets": [{"id": "a", "code": GOOD + "\n  exact h1" * 100_000}]}).encode()
    r = post(server, huge)
    assert r.status_code == 413
    # without a Content-Length (chunked), the limit is enforced while reading
    r = httpx.post(
        server + "/api/check", content=iter([huge[i:i + 65536] for i in range(0, len(huge), 65536)]),
        headers={"Authorization": f"Bearer {KEY}"}, timeout=30)
    assert r.status_code == 413
    assert httpx.get(server + "/health", timeout=5).status_code == 200


def test_200_concurrent_clients_bounded(server):
    body = json.dumps({"snippets": [{"id": f"x{i}", "code": GOOD.replace("mt", f"t{i}")} for i in range(4)],
                       "timeout": 20, "debug": False, "reuse": True, "infotree": None}).encode()

    def one(i: int) -> int:
        try:
            return post(server, body).status_code
        except httpx.HTTPError as exc:  # a refused connection is an answer too, but none is expected
            return repr(exc)

    t0 = time.monotonic()
    with ThreadPoolExecutor(200) as ex:
        codes = list(ex.map(one, range(200)))
    assert time.monotonic() - t0 < 60
    assert set(codes) <= {200, 429}, codes
    assert codes.count(200) >= 16  # capacity 64 snippets = 16 requests in flight at once
    r = post(server, body)
    assert r.status_code == 200 and len(r.json()["results"]) == 4


def test_legacy_verify_endpoint(server):
    r = httpx.post(server + "/verify", json={"codes": [{"custom_id": 7, "proof": GOOD}], "timeout": 10},
                   headers={"Authorization": f"Bearer {KEY}"}, timeout=30)
    res = r.json()["results"][0]
    assert r.status_code == 200 and res["custom_id"] == 7 and "time" in res["response"]
