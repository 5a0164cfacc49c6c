"""The remote engine's throughput against the in-process torch engine, in one run (docs/results.md).

Usage: python docs/scale/bench-remote-engine.py [--theorems N] [--samples K] [--replicas R] [--threads T]
The remote side is gentzen's own OpenAI-compatible test server (gentzen.engines.openai_server) forwarding
to a TorchEngine in another process on 127.0.0.1, not `vllm serve`: the figure is the cost of the HTTP
path (serialisation, one round trip per sampler call, dealing) over the same model and sampler.
Both engines run the guided sampler on the same theorems and seeds; the proofs must agree.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def run(engine, theorems, samples: int) -> tuple[float, int, list]:
    from gentzen.search.methods import run_method

    t0 = time.perf_counter()
    tokens, found = 0, []
    for i, thm in enumerate(theorems):
        if hasattr(engine, "clear_cache"):
            engine.clear_cache()
        res = run_method("guided", thm, engine, samples=samples, temperature=1.0, seed=i, fmt="whole")
        tokens += sum(a.tokens for a in res.attempts)
        found.append([(a.ok, a.proof) for a in res.attempts])
    return time.perf_counter() - t0, tokens, found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--theorems", type=int, default=12)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--replicas", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    from gentzen.engines import load_engine
    from gentzen.engines.openai_engine import from_options
    from gentzen.eval.run import SHIPPED_MODEL
    from gentzen.eval.theorems import load_theorems

    model = str(SHIPPED_MODEL)
    theorems = [t["theorem"] for t in load_theorems("textbook", limit=a.theorems)]
    local = load_engine(model, "torch", device="cpu", threads=a.threads)
    procs, urls = [], []
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads))
    for _ in range(a.replicas):
        p = subprocess.Popen([sys.executable, "-m", "gentzen.engines.openai_server", "--model", model, "--port", "0",
                              "--threads", str(a.threads)], stdout=subprocess.PIPE, text=True, env=env)
        procs.append(p)
        urls.append(p.stdout.readline().strip())
    try:
        remote = from_options(model, urls, prompts_per_request=1 << 16)  # one request per sampler call
        run(remote, theorems[:1], 1)  # warm both sides once
        run(local, theorems[:1], 1)
        t_local, tok_local, found_local = run(local, theorems, a.samples)
        t_remote, tok_remote, found_remote = run(remote, theorems, a.samples)
        calls = remote.stats.calls
        remote.close()
    finally:
        for p in procs:
            p.terminate()
            p.wait(timeout=30)
    print(json.dumps({"theorems": len(theorems), "samples": a.samples, "replicas": a.replicas, "threads": a.threads,
                      "local": {"seconds": round(t_local, 2), "tokens": tok_local,
                                "tokens_per_second": round(tok_local / t_local, 1)},
                      "remote": {"seconds": round(t_remote, 2), "tokens": tok_remote,
                                 "tokens_per_second": round(tok_remote / t_remote, 1), "requests": calls},
                      "same_proofs": found_local == found_remote,
                      "cpu": os.cpu_count(), "python": sys.version.split()[0]}, indent=1))


if __name__ == "__main__":
    main()
