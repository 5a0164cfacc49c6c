"""The scripts under docs/scale/, run locally: N `gentzen serve` replicas on 127.0.0.1 answer checks and stop
together; the Slurm array script, with the array variables set by hand, runs 2 shards and merges them."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", GENTZEN_THREADS="1",
           PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")


def _free_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


@pytest.mark.skipif(not any((Path(p) / "gentzen").exists() for p in ENV["PATH"].split(os.pathsep)),
                    reason="the scripts call the installed `gentzen` command")
def test_serve_replicas_answer_and_stop_together(tmp_path):
    pytest.importorskip("uvicorn", reason="gentzen serve needs the serve extra")
    port = _free_port()
    p = subprocess.Popen(["bash", str(ROOT / "docs/scale/serve-replicas.sh"), "2", str(port), "127.0.0.1",
                          "--", "--backend", "kernel"], stdout=subprocess.PIPE, text=True, env=ENV,
                         start_new_session=True)
    try:
        line = ""
        while not line.startswith("ready:"):  # the replicas print their own start lines first
            line = p.stdout.readline().strip()
        assert line == f"ready: --verify-url http://127.0.0.1:{port} --verify-url http://127.0.0.1:{port + 1}"
        proofs = tmp_path / "p.jsonl"
        proofs.write_text(json.dumps({"name": "t", "theorem": "p → p", "proof": "  intro h\n  exact h"}) + "\n")
        for url in (f"http://127.0.0.1:{port}", f"http://127.0.0.1:{port + 1}"):
            r = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "verify", str(proofs), "--backend", "kimina",
                                "--url", url], capture_output=True, text=True, env=ENV, timeout=120)
            assert r.returncode == 0 and "1/1 accepted" in r.stdout, r.stdout + r.stderr
    finally:
        os.killpg(p.pid, signal.SIGTERM)
        p.wait(timeout=30)
    deadline = time.monotonic() + 30
    for port_ in (port, port + 1):  # the replicas go down with the script (after their graceful shutdown)
        while True:
            try:
                socket.create_connection(("127.0.0.1", port_), timeout=1).close()
            except OSError:
                break
            assert time.monotonic() < deadline, f"replica on {port_} still up"
            time.sleep(0.2)


def test_slurm_array_script_runs_shards_and_merges(tmp_path):
    pytest.importorskip("torch", reason="the shards sample from the shipped model (train extra)")
    script = str(ROOT / "docs/scale/slurm-eval-array.sh")
    env = dict(ENV, OUT=str(tmp_path / "run"), ARGS="--method plain -n 1 --k 1 --limit 4")
    shim = tmp_path / "bin"
    shim.mkdir()
    (shim / "gentzen").write_text(f"#!/bin/sh\nexec {sys.executable} -m gentzen.cli.main \"$@\"\n")
    (shim / "gentzen").chmod(0o755)
    env["PATH"] = f"{shim}{os.pathsep}{env['PATH']}"
    for task in ("1", "2"):  # --array=1-2
        r = subprocess.run(["bash", script], env=dict(env, SLURM_ARRAY_TASK_ID=task, SLURM_ARRAY_TASK_COUNT="2",
                                                      SLURM_ARRAY_TASK_MIN="1"),
                           capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
    r = subprocess.run(["bash", script, "merge", "2"], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    summary = json.loads((tmp_path / "run/merged/summary.json").read_text())
    assert summary["theorems"] == 4
    assert json.loads((tmp_path / "run/shard-0/summary.json").read_text())["theorems"] == 2
