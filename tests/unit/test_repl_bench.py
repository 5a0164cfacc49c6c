"""`gentzen bench repl` on a tiny corpus: every figure is present and sane (not a performance test)."""

from __future__ import annotations

from gentzen.bench.repl import bench_repl


def test_bench_repl_small():
    r = bench_repl(n=60, serve=False)
    for key in ("kernel_in_process", "pool_1_worker", "pool_2_workers"):
        assert r[key]["proofs_per_s"] > 0 and r[key]["steps_per_s"] >= r[key]["proofs_per_s"]
    assert r["pool_1_worker"]["rejected"] == 0  # the corpus is valid: a bench of rejections measures nothing
    assert abs(r["bridge_overhead_us"] - (r["request_latency_us"] - r["kernel_repl_in_process_us"])) < 0.5
    assert r["tactic_mode"]["steps"] > 0 and "serve_2_workers" not in r
