"""`gentzen bench loops --engine vllm`: its CPU clock counts child processes (vLLM decodes in them) while
the torch path keeps this process's clock; `train ei` takes --engine vllm; and, where vLLM is installed
(the vLLM venv: `.venv-vllm/bin/python -m pytest tests/unit/test_bench_loops_vllm.py`), one tiny real run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from gentzen.errors import InputError


def test_torch_path_keeps_the_process_clock():
    from gentzen.bench.loops import cpu_clock, tree_cpu_seconds

    assert cpu_clock("torch") is time.process_time
    assert cpu_clock("vllm") is tree_cpu_seconds


def test_tree_clock_counts_live_and_reaped_children():
    pytest.importorskip("psutil", reason="psutil (a dependency of vllm) is not installed")
    from gentzen.bench.loops import tree_cpu_seconds

    burn = ("import sys, time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\n"
            "sys.stdin.read()")
    t0, own0 = tree_cpu_seconds(), time.process_time()
    child = subprocess.Popen([sys.executable, "-c", burn], stdin=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        while tree_cpu_seconds() - t0 < 0.5 and time.monotonic() < deadline:  # alive, burning
            time.sleep(0.05)
        assert tree_cpu_seconds() - t0 >= 0.5
    finally:
        child.communicate(b"", timeout=60)  # exits and is reaped: its time moves to our children_*
    assert tree_cpu_seconds() - t0 >= 0.6
    assert time.process_time() - own0 < 0.5  # the process clock alone would not see it


def test_ei_takes_engine_vllm(tmp_path):
    from gentzen.models import SHIPPED_MODEL
    from gentzen.train.ei import EIConfig, check_config

    targets = tmp_path / "t.jsonl"
    targets.write_text('{"theorem": "theorem t (p : Prop) : p → p"}\n')
    base = dict(model=str(SHIPPED_MODEL), targets=str(targets), out=str(tmp_path / "o"))
    check_config(EIConfig(**base, engine="vllm"))
    with pytest.raises(InputError, match="torch, vllm or openai"):
        check_config(EIConfig(**base, engine="hf"))


@pytest.mark.requires_vllm
@pytest.mark.requires_torch
@pytest.mark.slow
def test_bench_loops_through_vllm():
    """Raw decode and one eval round through vLLM (two engine starts, a few minutes on 2 cores)."""
    cmd = [sys.executable, "-m", "gentzen.cli.main", "bench", "loops", "--engine", "vllm", "--loops", "eval-plain",
           "--theorems", "2", "--samples", "2", "--repeats", "1", "--batch", "4", "--length", "8"]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert p.returncode == 0, p.stderr[-3000:]
    res = json.loads(p.stdout)
    assert res["cpu_clock"] == "process tree" and res["vllm"]["VLLM_CPU_OMP_THREADS_BIND"]
    assert res["raw_decode_tokens_per_second"] > 0 and res["raw_decode_tokens_per_cpu_second"] > 0
    fig = res["loops"]["eval-plain"]
    assert fig["attempts"] == 4 and fig["generated_tokens"] > 0 and fig["model_calls"] >= 4
    # vLLM's processes do the decoding: the tree's CPU seconds cover the sampled tokens' cost
    assert fig["sampling_cpu_seconds"] > 0 and fig["cpu_ratio_to_raw_decode"]["generated_tokens"] > 0
