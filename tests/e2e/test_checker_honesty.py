"""Every command with --backend is honest about its checker, through the real CLI: without Lean,
`repl`/`both` are one line and exit 2 before any work (the TUI before a screen opens) unless
--repl-cmd names a REPL; `--backend kimina` sends every declaration, term proofs included, to a
running `gentzen serve` and agrees with the kernel; an unreachable server is one line, exit 2."""

from __future__ import annotations

import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gentzen.repl.launch import free_port, start_serve

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "py/gentzen/assets/default_model"
NO_LEAN = pytest.mark.skipif(shutil.which("lake") is not None,
                             reason="Lean is installed here: repl/both would run it")
MISSING = "needs Lean, but `lake` is not on PATH"

# term proofs, tactics on the `by` line, a tactic block, and two wrong proofs (one term, one tactic)
LEAN_FILE = """\
theorem and_swap (p q : Prop) (h : p ∧ q) : q ∧ p := ⟨h.2, h.1⟩

theorem imp_self' (p : Prop) : p → p := fun hp => hp

theorem mp (p q : Prop) (hpq : p → q) (hp : p) : q :=
  hpq hp

theorem or_intro (p q : Prop) (hp : p) : p ∨ q := Or.inl hp

theorem same_line (p q : Prop) (hp : p) (hq : q) : p ∧ q := by exact ⟨hp, hq⟩

theorem block (p q : Prop) (hp : p) (hq : q) : p ∧ q := by
  constructor
  · exact hp
  · exact hq

theorem wrong_term (p q : Prop) (hp : p) (hq : q) : p ∧ q := ⟨hp, hp⟩

theorem wrong_tactic (p q : Prop) (hp : p) : q := by
  exact hp
"""
TERMS = {"and_swap", "imp_self'", "mp", "or_intro"}


def gentzen(*args, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1")
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *map(str, args)], capture_output=True,
                          text=True, timeout=timeout, env=env, stdin=subprocess.DEVNULL)


def one_line_error(r: subprocess.CompletedProcess) -> str:
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr[-1000:])
    msg = r.stderr.strip()
    assert len(msg.splitlines()) == 1 and msg.startswith("error: ") and "Traceback" not in msg, msg
    return msg[len("error: "):]


@pytest.fixture
def inputs(tmp_path) -> dict:
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps({"name": "a", "sequent": "P ⊢ P", "proof": "  exact h1"}) + "\n")
    thms = tmp_path / "thms.jsonl"
    thms.write_text(json.dumps({"name": "a", "theorem": "theorem a (P : Prop) (h1 : P) : P := by"}) + "\n")
    return {"proofs": one, "theorems": thms, "out": tmp_path / "run"}


# every command that takes --backend repl|both (prove takes kernel|both)
COMMANDS = {
    "verify": lambda x, b: ["verify", x["proofs"], "--backend", b],
    "prove": lambda x, b: ["prove", "P ⊢ P", "--method", "reference", "--backend", b],
    "ttrl": lambda x, b: ["ttrl", x["theorems"], "--model", MODEL, "--out", x["out"], "--backend", b],
    "train sdpo": lambda x, b: ["train", "sdpo", "--model", MODEL, "--theorems", x["theorems"],
                                "--out", x["out"], "--backend", b],
    "tui": lambda x, b: ["tui", "P ⊢ P", "--backend", b],
}
CASES = [(c, b) for c in COMMANDS for b in ("repl", "both") if not (c == "prove" and b == "repl")]


@NO_LEAN
@pytest.mark.parametrize("command,backend", CASES)
def test_without_lean_every_backend_command_is_one_line_before_any_work(inputs, command, backend):
    msg = one_line_error(gentzen(*COMMANDS[command](inputs, backend)))
    # the same words from every command: the one shared check (gentzen.repl.checkers.require_checker)
    assert msg.startswith(f"--backend {backend} {MISSING}; install Lean"), msg
    assert '--repl-cmd "gentzen repl"' in msg
    assert not inputs["out"].exists()  # nothing was started or written


@NO_LEAN
def test_tui_refuses_before_a_screen_opens_on_a_terminal():
    pexpect = pytest.importorskip("pexpect", reason="pexpect is not installed (the dev extra)")
    pytest.importorskip("textual", reason="the tui extra (textual) is not installed")
    env = dict(os.environ, TERM="xterm-256color", PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1")
    child = pexpect.spawn(sys.executable, ["-m", "gentzen.cli.main", "tui", "--backend", "repl", "P ⊢ P"],
                          env=env, dimensions=(30, 100), timeout=60)
    child.expect(pexpect.EOF)  # on a real terminal it would stay open if it had started
    child.close()
    out = child.before.decode()
    assert child.exitstatus == 2, out
    assert MISSING in out and "\x1b[?1049h" not in out  # no alternate screen was ever entered


@NO_LEAN
def test_an_explicit_repl_cmd_is_the_way_through(inputs):
    r = gentzen("verify", inputs["proofs"], "--backend", "repl", "--repl-cmd", "gentzen repl", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["checker"] == "kernel-repl"  # named for what it is, not Lean


@pytest.fixture(scope="module")
def server():
    proc, url = start_serve([])  # a pool of `gentzen repl` processes behind Kimina's HTTP API
    yield url
    proc.terminate()
    proc.wait(timeout=30)


def records(r: subprocess.CompletedProcess) -> dict:
    return {x["name"]: x for x in map(json.loads, r.stdout.splitlines())}


def test_kimina_sends_term_proofs_and_agrees_with_the_kernel(server, tmp_path):
    f = tmp_path / "mixed.lean"
    f.write_text(LEAN_FILE, encoding="utf-8")
    kernel = records(gentzen("verify", f, "--json"))
    r = gentzen("verify", f, "--backend", "kimina", "--url", server, "--json")
    assert r.returncode == 1, r.stderr  # two proofs are wrong
    kimina = records(r)
    assert {n: x["ok"] for n, x in kimina.items()} == {n: x["ok"] for n, x in kernel.items()}
    assert all(kimina[n]["ok"] for n in TERMS | {"same_line", "block"})
    assert {x["checker"] for x in kimina.values()} == {"kimina"}  # every one went to the server
    assert kimina["wrong_term"]["status"] == "rejected" and "type mismatch" in kimina["wrong_term"]["error"]["message"]
    assert kimina["wrong_term"]["error"]["line"] == kernel["wrong_term"]["error"]["line"] == 17
    # gentzen serve says the kernel answers (X-Gentzen-Checker on /health): its errors are not Lean's
    assert kimina["wrong_term"]["error"]["kind"] == "kernel_repl_error"


def test_kimina_local_verdicts_are_the_readers(server, tmp_path):
    f = tmp_path / "p.jsonl"
    f.write_text(json.dumps({"name": "s", "theorem": "theorem s (P : Prop) (h : P) : P := by",
                             "proof": "theorem s (P : Prop) (h : P) : P := sorry"}) + "\n")
    r = gentzen("verify", f, "--backend", "kimina", "--url", server, "--json")
    rec = json.loads(r.stdout)
    assert r.returncode == 1 and rec["checker"] == "reader" and rec["error"]["kind"] == "forbidden"


@pytest.mark.parametrize("command", ["verify", "ttrl"])
def test_an_unreachable_server_is_one_line_before_any_work(inputs, command):
    dead = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    args = (["verify", inputs["proofs"], "--backend", "kimina", "--url", dead] if command == "verify" else
            ["ttrl", inputs["theorems"], "--model", MODEL, "--out", inputs["out"], "--verify-url", dead])
    msg = one_line_error(gentzen(*args))
    assert msg.startswith(f"--backend kimina: no Kimina server answers at {dead}"), msg
    assert not inputs["out"].exists()


def test_an_unhealthy_server_is_one_line_before_any_work(inputs):
    # `gentzen serve` over a REPL command that dies at once: it listens, but /health answers 503
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    proc = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", "serve", "--port", str(port),
                             "--repl-cmd", "false"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        import httpx

        for _ in range(300):  # until it listens (any answer)
            try:
                httpx.get(url + "/health", timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.1)
        msg = one_line_error(gentzen("verify", inputs["proofs"], "--backend", "kimina", "--url", url))
        assert msg.startswith(f"--backend kimina: the Kimina server at {url} is not healthy (GET /health: HTTP 503"), msg
    finally:
        proc.terminate()
        proc.wait(timeout=30)


class _FailingChecks(http.server.BaseHTTPRequestHandler):
    """Healthy on /health, but every /api/check request fails (HTTP 500): a transport failure."""

    def do_GET(self):
        self._reply(200, b'{"status": "ok"}')

    def do_POST(self):
        self.rfile.read(int(self.headers.get("content-length") or 0))
        self._reply(500, b"internal error")

    def _reply(self, code: int, body: bytes) -> None:
        self.send_response(code)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def test_a_failed_request_is_an_error_not_a_verdict(inputs, tmp_path):
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _FailingChecks)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{srv.server_address[1]}"
        out = tmp_path / "r.jsonl"
        r = gentzen("verify", inputs["proofs"], "--backend", "kimina", "--url", url, "--json", "--out", out)
    finally:
        srv.shutdown()
    rec = json.loads(r.stdout)
    assert r.returncode == 1 and rec["status"] == "error" and rec["error"]["kind"] == "transport"
    assert rec["checker"] == "kimina" and "500" in rec["error"]["message"]
    summary = json.loads(r.stderr.strip().splitlines()[-1])["summary"]
    assert summary["errors"] == 1 and summary["rejected"] == 0 and summary["accepted"] == 0
    assert not out.exists() or out.read_text() == ""  # not checked: a rerun asks again
