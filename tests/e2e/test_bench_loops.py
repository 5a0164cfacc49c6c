"""`gentzen bench loops` through the real CLI at a tiny size: one JSON object with every loop's
figures, all positive where something was sampled; a bad option is one error line and exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.requires_torch
pytest.importorskip("torch")

CLI = [sys.executable, "-m", "gentzen.cli.main", "bench", "loops"]
KEYS = {"sampling_seconds", "sampling_cpu_seconds", "generated_tokens_per_cpu_second", "attempts_per_cpu_second",
        "cpu_ratio_to_raw_decode", "attempts", "generated_tokens", "prompt_tokens", "prefill_tokens", "engine_calls",
        "model_calls", "generated_tokens_per_second", "prefill_tokens_per_second", "attempts_per_second",
        "model_calls_per_attempt", "kernel_share", "update_seconds", "ratio_to_raw_decode", "solved", "wall_seconds",
        "round_cpu_seconds", "round_attempts_per_second", "round_attempts_per_cpu_second"}
RATES = ("generated_tokens_per_second", "prefill_tokens_per_second", "attempts_per_second")


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=900,
                          env={**os.environ, "OMP_NUM_THREADS": "1"})


def test_bench_loops_reports_every_loop():
    p = run("--theorems", "2", "--samples", "2", "--steps", "1", "--probe", "2", "--variants", "1",
            "--repeats", "1", "--batch", "4", "--length", "8")
    assert p.returncode == 0, p.stderr
    res = json.loads(p.stdout)
    assert res["raw_decode_tokens_per_second"] > 0 and res["raw_decode_tokens_per_cpu_second"] > 0
    assert set(res["loops"]) == {"eval-guided", "eval-plain", "ei", "ttrl-control", "ttrl"}
    for name, fig in res["loops"].items():
        assert set(fig) == KEYS, name
        assert fig["attempts"] >= 4 and fig["generated_tokens"] > 0 and fig["model_calls"] >= fig["attempts"]
        for rate in RATES:
            assert fig[rate] > 0 and fig["ratio_to_raw_decode"][rate] > 0, (name, rate)
        assert fig["model_calls_per_attempt"] >= 1 and 0 < fig["kernel_share"] < 1
        assert fig["generated_tokens_per_cpu_second"] > 0 and fig["cpu_ratio_to_raw_decode"]["generated_tokens"] > 0
        # the whole round (engine start, update, saving) takes longer than its sampling
        assert fig["round_cpu_seconds"] >= fig["sampling_cpu_seconds"] and fig["wall_seconds"] >= fig["sampling_seconds"]
        assert 0 < fig["round_attempts_per_second"] <= fig["attempts_per_second"] + 0.01  # (rounding)
    assert res["loops"]["eval-guided"]["update_seconds"] is None
    # an update runs only when a round found a proof: its seconds are a number, maybe 0
    assert all(res["loops"][n]["update_seconds"] >= 0 for n in ("ei", "ttrl-control", "ttrl"))
    assert res["loops"]["ttrl"]["attempts"] > res["loops"]["ttrl-control"]["attempts"]  # the variants too


@pytest.mark.parametrize("args,what", [(("--loops", "eval-guided,nope"), "--loops"), (("--samples", "0"), "--samples"),
                                       (("--lines", "x"), "range"), (("--engine", "hf"), "--engine")])
def test_bench_loops_bad_options_exit_2(args, what):
    p = run(*args)
    assert p.returncode == 2 and p.stdout == "", p.stderr
    assert p.stderr.startswith("error:") and what in p.stderr and "Traceback" not in p.stderr
