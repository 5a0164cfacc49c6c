"""`gentzen bench startup` and `gentzen bench sampler` through the real CLI: JSON out, splits that
add up, vLLM reported (a figure or a skip reason, never silently absent), bad options exit 2."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.requires_torch
pytest.importorskip("torch")

CLI = [sys.executable, "-m", "gentzen.cli.main"]


def run(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout,
                          env={**__import__("os").environ, "OMP_NUM_THREADS": "1"})


def test_bench_startup_splits_the_main_command():
    p = run("bench", "startup", "--runs", "1", "--impl", "fast", "--impl", "hf")
    assert p.returncode == 0, p.stderr
    res = json.loads(p.stdout)
    assert res["command"] == 'gentzen prove "P → Q, ¬Q ⊢ ¬P"'
    for impl in ("fast", "hf"):
        split = res[impl]["split_median"]
        assert set(split) == {"interpreter", "cli_and_rest", "engine_imports", "model_load", "sampling"}
        assert all(split[k] > 0 for k in ("interpreter", "engine_imports", "model_load", "sampling"))
        assert res[impl]["wall_seconds_median"] > split["engine_imports"] + split["sampling"]
    assert res["speedup_hf_over_fast"] > 0


def test_bench_sampler_reports_every_section():
    p = run("bench", "sampler", "--threads", "1", "--repeats", "1", "--theorems", "2", "--samples", "2",
            "--length", "8", "--batch", "2", "--no-base", "--no-busy")
    assert p.returncode == 0, p.stderr
    res = json.loads(p.stdout)
    assert res["threads"]["tokens_per_second"]["model"]["idle_1"] > 0
    eng = res["engines"]
    assert eng["torch_fast"] > 0 and eng["torch_hf"] > 0 and eng["hf_generate"] > 0
    assert isinstance(eng["vllm"], (int, float)) or "not importable" in eng["vllm"]["skipped"]
    g = res["guided"]
    assert 0 <= g["kernel_share"] <= 1 and g["theorems"] == 2
    assert abs(sum(g["seconds"].values()) - g["wall_seconds"]) < 0.01 + 0.02 * g["wall_seconds"]
    assert res["formats"]["same_model"]["state"]["model_calls"] > 0
    assert "skipped" in res["formats"]["trained_pair"]
    across = res["across"]  # one theorem at a time vs across theorems: the same attempts
    assert across["same_attempts"] is True and across["speedup"] > 0
    assert across["rows_1"][0]["tokens"] == across["rows_64"][0]["tokens"] > 0
    assert across["rows_64"][0]["rows_per_call"] > across["rows_1"][0]["rows_per_call"]


@pytest.mark.parametrize("args", [["bench", "startup", "--runs", "0"], ["bench", "startup", "--impl", "nope"],
                                  ["bench", "sampler", "--threads", "0"], ["bench", "sampler", "--batch", "0"],
                                  ["bench", "sampler", "--batch-rows", "0"],
                                  ["bench", "sampler", "--state-model", "/nonexistent"],
                                  ["bench", "sampler", "--theorem-set", "nosuchset"],
                                  ["prove", "P ⊢ P", "--threads", "-1"]])
def test_bad_options_are_one_line_errors(args):
    p = run(*args, timeout=120)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1
