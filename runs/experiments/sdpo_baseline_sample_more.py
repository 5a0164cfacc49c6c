"""Matched-samples baseline for the SDPO experiment (issue 13): 64 more guided samples (seed 1, stop at the first
proof) per theorem from the shipped model. Usage: OMP_NUM_THREADS=1 python3 runs/experiments/sdpo_baseline_sample_more.py FAILED.jsonl N"""
import json, sys, time

from gentzen.engines import load_engine
from gentzen.search.methods import run_method

rows = [json.loads(l) for l in open(sys.argv[1])][:int(sys.argv[2])]
eng = load_engine("py/gentzen/assets/default_model", "torch", threads=1)
t0, solved, samples, tokens = time.perf_counter(), 0, 0, 0
for r in rows:
    eng.clear_cache()
    res = run_method("guided", r["theorem"], eng, samples=64, temperature=1.0, seed=1, fmt="whole", stop_at_first=True)
    ok = any(a.ok for a in res.attempts)
    solved += ok
    samples += len(res.attempts)
    tokens += sum(a.tokens for a in res.attempts)
    print(json.dumps({"theorem": r["theorem"], "solved": ok, "tokens": sum(a.tokens for a in res.attempts),
                      "elapsed": round(time.perf_counter() - t0, 1)}), flush=True)
print(json.dumps({"theorems": len(rows), "solved": solved, "samples": samples, "tokens": tokens,
                  "seconds": round(time.perf_counter() - t0, 1)}))
