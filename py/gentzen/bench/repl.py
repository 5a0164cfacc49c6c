"""`gentzen bench repl`: throughput of the REPL bridge on the kernel bench corpus.

Proofs/s and steps/s (tactic lines) for the kernel in process, a ReplPool over `gentzen repl`
with 1 and 2 workers, and `gentzen serve` over HTTP; the bridge's overhead per request in µs is
one request's round trip through the pool minus the same KernelRepl work done in process.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from gentzen.bench.kernel import corpus
from gentzen.core.kernel import check_proof, start
from gentzen.repl import protocol as P
from gentzen.repl.kernel_server import KernelRepl
from gentzen.repl.pool import ReplPool
from gentzen.repl.process import ReplProcess
from gentzen.repl.verify import KERNEL_REPL


def _texts(items) -> list[str]:
    return [thm.statement() + "\n" + proof for thm, proof in items]


def _rate(n: int, seconds: float) -> float:
    return round(n / seconds, 1) if seconds > 0 else float("inf")


def _pool_throughput(texts: list[str], workers: int) -> tuple[float, dict]:
    # cache off: every request must really cross the bridge
    with ReplPool(KERNEL_REPL, workers=workers, preamble="", cache_size=0, queue_size=64 * workers) as pool:
        pool.map(texts[: 20 * workers])  # start and warm every child
        t0 = time.perf_counter()
        replies = pool.map(texts)
        dt = time.perf_counter() - t0
        s = pool.stats()
    bad = sum(1 for r in replies if isinstance(r, P.Error) or any(m.severity == "error" for m in r.messages))
    return dt, {"p50_ms": round(s.p50_ms, 3), "p99_ms": round(s.p99_ms, 3), "rejected": bad}


def _sequential_latency(texts: list[str]) -> float:
    """Seconds per request, one at a time, through a 1-worker pool (what a lone caller sees)."""
    with ReplPool(KERNEL_REPL, workers=1, preamble="", cache_size=0) as pool:
        pool.run("")  # start the child
        t0 = time.perf_counter()
        for t in texts:
            pool.run(t)
        return (time.perf_counter() - t0) / len(texts)


def _empty_round_trip(reps: int = 1000) -> tuple[float, float]:
    """Seconds per trivial request (`{"cmd": ""}`): transport alone, via one process and via a pool."""
    with ReplProcess(KERNEL_REPL) as proc:
        proc.send(P.Command(cmd=""))
        t0 = time.perf_counter()
        for _ in range(reps):
            proc.send(P.Command(cmd=""))
        direct = (time.perf_counter() - t0) / reps
    with ReplPool(KERNEL_REPL, workers=1, cache_size=0) as pool:
        pool.run(P.Command(cmd=""))
        t0 = time.perf_counter()
        for _ in range(reps):
            pool.run(P.Command(cmd=""))
        pooled = (time.perf_counter() - t0) / reps
    return direct, pooled


def _serve_throughput(texts: list[str], workers: int, batch: int = 8, clients: int = 4) -> float:
    import httpx

    from gentzen.repl.launch import start_serve

    proc, url = start_serve(["--workers", str(workers)], env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        batches = [texts[i:i + batch] for i in range(0, len(texts), batch)]

        def post(client: httpx.Client, chunk: list[str], tag: str) -> int:
            body = {"snippets": [{"id": f"{tag}{i}", "code": c} for i, c in enumerate(chunk)],
                    "timeout": 60, "debug": False, "reuse": True, "infotree": None}
            r = client.post(url + "/api/check", json=body, timeout=120)
            r.raise_for_status()
            return len(r.json()["results"])

        with httpx.Client() as client, ThreadPoolExecutor(clients) as ex:
            list(ex.map(lambda b: post(client, b[1], f"w{b[0]}-"), enumerate(batches[:4])))  # warm
            # distinct ids but the same texts would hit the pool's cache: prefix a comment line
            fresh = [[f"-- run {i}\n" + c for c in b] for i, b in enumerate(batches)]
            t0 = time.perf_counter()
            done = sum(ex.map(lambda b: post(client, b[1], f"b{b[0]}-"), enumerate(fresh)))
            dt = time.perf_counter() - t0
        assert done == len(texts)
        return dt
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _tactic_steps(items, limit: int = 300) -> tuple[float, float, int]:
    """Tactic-mode steps/s: kernel states in process vs ProofStep requests to one REPL child."""
    # proofs with a `have … := by` box are left out: their lines are not tactics on their own
    jobs = [(thm, [ln.strip() for ln in proof.split("\n")]) for thm, proof in items[:limit]
            if ":= by" not in proof]
    steps = sum(len(lines) for _, lines in jobs)
    t0 = time.perf_counter()
    for thm, lines in jobs:
        s = start(thm)
        for ln in lines:
            s = s.step(ln).settle()  # as the REPL server settles after each step
    kernel_s = time.perf_counter() - t0
    with ReplProcess(KERNEL_REPL) as proc:
        t0 = time.perf_counter()
        for thm, lines in jobs:
            ps = proc.send(P.Command(cmd=thm.statement() + " sorry")).sorries[0].proof_state
            for ln in lines:
                r = proc.send(P.ProofStep(tactic=ln, proof_state=ps))
                ps = getattr(r, "proof_state", ps)
        repl_s = time.perf_counter() - t0
    return kernel_s, repl_s, steps


def bench_repl(n: int = 2000, seed: int = 0, serve: bool = True) -> dict:
    items = corpus(n, seed)
    texts = _texts(items)
    lines = sum(p.count("\n") + 1 for _, p in items)
    t0 = time.perf_counter()
    for thm, proof in items:
        check_proof(thm, proof)
    kernel_s = time.perf_counter() - t0
    # the same work as a child, in process, on items this process has not seen: children parse
    # every statement cold, so a warm baseline would overstate the bridge's overhead
    cold = _texts(corpus(min(n, 1000), seed + 1))
    repl = KernelRepl()
    t0 = time.perf_counter()
    for t in cold:
        P.pretty(repl.handle(P.Command(cmd=t)).to_json())  # the child's job: check, print the reply
    inproc = (time.perf_counter() - t0) / len(cold)
    seq = _sequential_latency(cold)
    one_s, one = _pool_throughput(texts, 1)
    two_s, two = _pool_throughput(texts, 2)
    out = {
        "benchmark": "repl",
        "proofs": n,
        "steps": lines,
        "cpus": os.cpu_count(),
        "kernel_in_process": {"proofs_per_s": _rate(n, kernel_s), "steps_per_s": _rate(lines, kernel_s)},
        "pool_1_worker": {"proofs_per_s": _rate(n, one_s), "steps_per_s": _rate(lines, one_s), **one},
        "pool_2_workers": {"proofs_per_s": _rate(n, two_s), "steps_per_s": _rate(lines, two_s), **two},
        "speedup_2_vs_1": round(one_s / two_s, 2),
        "request_latency_us": round(seq * 1e6, 1),
        "kernel_repl_in_process_us": round(inproc * 1e6, 1),
        "bridge_overhead_us": round((seq - inproc) * 1e6, 1),
        "overhead_vs_check_proof_us": round((seq - kernel_s / n) * 1e6, 1),
    }
    direct, pooled = _empty_round_trip()
    out["empty_request_us"] = {"process": round(direct * 1e6, 1), "pool": round(pooled * 1e6, 1)}
    k_s, r_s, steps = _tactic_steps(items)
    out["tactic_mode"] = {"steps": steps, "kernel_steps_per_s": _rate(steps, k_s),
                          "repl_process_steps_per_s": _rate(steps, r_s)}
    if serve:
        serve_s = _serve_throughput(texts, 2)
        out["serve_2_workers"] = {"proofs_per_s": _rate(n, serve_s), "steps_per_s": _rate(lines, serve_s),
                                  "batch": 8, "clients": 4}
    out["seed"] = seed
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(bench_repl(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)))
