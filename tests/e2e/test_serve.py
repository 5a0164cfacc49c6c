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
# (not `mt`: Lean's core declares `mt`, so `theorem mt` is "already declared" in Lean and in gentzen repl)
GOOD = "theorem mtollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by\n  intro n1\n  have n2 : Q := h1 n1\n  exact h2 n2"
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


def post(url: str, content: bytes, key: str | None = KEY, timeout: float = 30, **kw) -> httpx.Response:
    headers = {"Content-Type": "application/json"}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    return httpx.post(url + "/api/check", content=content, headers=headers, timeout=timeout, **kw)


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
    assert codes == [200] * 200, codes  # beyond --capacity snippets wait their turn: no 429
    r = post(server, body)
    assert r.status_code == 200 and len(r.json()["results"]) == 4


def test_legacy_verify_endpoint(server):
    r = httpx.post(server + "/verify", json={"codes": [{"custom_id": 7, "proof": GOOD}], "timeout": 10},
                   headers={"Authorization": f"Bearer {KEY}"}, timeout=30)
    res = r.json()["results"][0]
    # Kimina answers `str(custom_id)`: kimina_client's VerifyResponse rejects an integer
    assert r.status_code == 200 and res["custom_id"] == "7" and "time" in res["response"]
    r = httpx.post(server + "/verify", json={"codes": [{"custom_id": "a", "proof": None, "code": GOOD},
                                                       {"custom_id": "b", "code": BAD}]},
                   headers={"Authorization": f"Bearer {KEY}"}, timeout=30)
    a, b = r.json()["results"]
    assert r.status_code == 200 and a["custom_id"] == "a" and "messages" not in a["response"]
    assert [m["severity"] for m in b["response"]["messages"]] == ["error"]


def _codes(n: int) -> list[tuple[str, str]]:
    """n snippets with known verdicts: valid, wrong (a Lean-style error) and `sorry`, in turn."""
    out = []
    for i in range(n):
        good = GOOD.replace("theorem mt", f"theorem mt{i}")
        out.append(("valid", good) if i % 3 == 0 else ("lean_error", good.replace("h1 n1", "h1 n2"))
                   if i % 3 == 1 else ("sorry", f"theorem s{i} (P : Prop) : P := by sorry"))
    return out


def test_600_snippets_in_one_request_all_get_verdicts(server, kimina_client):
    # --capacity 64: the other 536 snippets wait their turn (Kimina's manager waits for a free REPL)
    codes = _codes(600)
    body = json.dumps({"snippets": [{"id": f"q{i}", "code": c} for i, (_, c) in enumerate(codes)],
                       "timeout": 60}).encode()
    t0 = time.perf_counter()
    r = post(server, body, timeout=120)
    wall = time.perf_counter() - t0
    assert r.status_code == 200, r.text[:300]
    resp = kimina_client.CheckResponse.model_validate(r.json())
    got = {x.id: x.analyze().status.value for x in resp.results}
    assert got == {f"q{i}": want for i, (want, _) in enumerate(codes)}
    # `time` is the REPL's own time, not the wait in the queue: the sum stays near the workers' busy time
    total = sum(x.time for x in resp.results)
    assert total <= 2 * wall + 1, (total, wall)


def test_kimina_client_batches_of_100_by_2_workers_without_retries(server, kimina_client):
    client = kimina_client.KiminaClient(api_url=server, api_key=KEY, n_retries=0)
    codes = _codes(600)
    snippets = [kimina_client.Snippet(id=f"b{i}", code=c) for i, (_, c) in enumerate(codes)]
    resp = client.check(snippets, timeout=60, batch_size=100, max_workers=2, show_progress=False)
    got = {x.id: x.analyze().status.value for x in resp.results}
    assert got == {f"b{i}": want for i, (want, _) in enumerate(codes)}


def test_debug_and_infotree(server):
    def check(extra: dict) -> httpx.Response:  # a fresh theorem name: not a cached verdict (no REPL runs then)
        code = GOOD.replace("theorem mt", f"theorem dbg{time.monotonic_ns()}")
        return post(server, json.dumps({"snippets": [{"id": "d", "code": code}], **extra}).encode())

    r = check({"debug": True})
    diag = r.json()["results"][0]["diagnostics"]
    assert set(diag) == {"repl_uuid", "cpu_max", "memory_max"} and diag["repl_uuid"]
    assert diag["memory_max"] > 0  # the REPL child's resident set, read from /proc
    assert "diagnostics" not in check({"debug": False}).json()["results"][0]
    r = check({"infotree": "bogus"})
    assert r.status_code == 422 and "infotree" in json.dumps(r.json()) and "original" in json.dumps(r.json())
    r = check({"infotree": "original"})
    res = r.json()["results"][0]["response"]
    # a valid infotree is passed to the REPL; `gentzen repl` says plainly that it produces none
    notes = [m["data"] for m in res.get("messages", []) if m["severity"] == "info"]
    assert r.status_code == 200 and any("infotree" in n and "not supported" in n for n in notes), res
    assert "infotree" not in res


def test_prover_header_is_accepted_for_propositional_theorems(server, kimina_client):
    header = ("import Mathlib\nimport Aesop\nset_option maxHeartbeats 400000\n"
              "open BigOperators Real Nat Topology Rat\n\n")
    client = kimina_client.KiminaClient(api_url=server, api_key=KEY, n_retries=0)
    mismatch = GOOD.replace("exact h2 n2", "exact h2 n1")  # `n1 : P` where `Q` is expected: wrong in any env
    snippets = [kimina_client.Snippet(id="ok", code=header + GOOD),
                kimina_client.Snippet(id="bad", code=header + mismatch),
                kimina_client.Snippet(id="unknown", code=header + BAD),
                kimina_client.Snippet(id="ml", code=header + "theorem m (x : ℝ) : x ^ 2 ≥ 0 := by\n  nlinarith [sq_nonneg x]")]
    resp = client.check(snippets, timeout=30, show_progress=False)
    by_id = {x.id: x for x in resp.results}
    assert by_id["ok"].analyze().status.value == "valid"
    assert by_id["bad"].analyze().status.value == "lean_error"
    assert by_id["bad"].response["messages"][0]["pos"]["line"] == 9  # the snippet's own line numbers
    # what may need Mathlib is outside the kernel: a plain `unsupported` message, never a Lean error
    for key in ("ml", "unknown"):  # (an unknown name may be one of Mathlib's under `open … Nat …`)
        assert by_id[key].error is None and "outside the propositional subset" in by_id[key].response["message"]


def test_missing_serve_extra_is_one_line(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    for args in (["serve"], ["verify", str(tmp_path / "p.jsonl"), "--backend", "kimina"]):
        (tmp_path / "p.jsonl").write_text(json.dumps({"theorem": "P ⊢ P", "proof": "  exact h1"}) + "\n")
        code = ("import sys; sys.modules['starlette'] = sys.modules['httpx'] = sys.modules['uvicorn'] = None\n"
                f"from gentzen.cli.main import main; sys.exit(main({args!r}))")
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
        assert r.returncode == 2, (args, r.stderr)
        assert r.stderr.strip().count("\n") == 0 and "pip install -e '.[serve]'" in r.stderr, r.stderr
