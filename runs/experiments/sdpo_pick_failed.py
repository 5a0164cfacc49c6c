"""The SDPO experiment (issue 13): theorems the shipped model fails at 64 guided samples, then
per-theorem SDPO (I iterations x group n) against 64 more guided samples (matched samples).
Usage: OMP_NUM_THREADS=1 python3 runs/experiments/sdpo_pick_failed.py DEV.jsonl OUTDIR MAX_THEOREMS"""
import json, subprocess, sys, time
from pathlib import Path

from gentzen.engines import load_engine
from gentzen.search.methods import run_method

dev, out, cap = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
out.mkdir(parents=True, exist_ok=True)
MODEL = "py/gentzen/assets/default_model"
eng = load_engine(MODEL, "torch", threads=1)
rows = [json.loads(l) for l in open(dev)]
failed, t0 = [], time.perf_counter()
for i, r in enumerate(rows):  # stage 1: 64 guided samples (stop at the first proof)
    res = run_method("guided", r["theorem"], eng, samples=64, temperature=1.0, seed=0, fmt="whole", stop_at_first=True)
    if not any(a.ok for a in res.attempts):
        failed.append(r)
    if len(failed) >= cap:
        break
screen = {"screened": i + 1, "failed": len(failed), "seconds": round(time.perf_counter() - t0, 1)}
print(json.dumps(screen), flush=True)
(out / "failed.jsonl").write_text("".join(json.dumps(r) + "\n" for r in failed))

t0, base = time.perf_counter(), []  # stage 2a: 64 more guided samples, another seed
for r in failed:
    eng.clear_cache()
    res = run_method("guided", r["theorem"], eng, samples=64, temperature=1.0, seed=1, fmt="whole", stop_at_first=True)
    ok = [a for a in res.attempts if a.ok]
    base.append({"solved": bool(ok), "samples": len(res.attempts), "tokens": sum(a.tokens for a in res.attempts)})
base_s = time.perf_counter() - t0
print(json.dumps({"baseline_solved": sum(b["solved"] for b in base), "samples": sum(b["samples"] for b in base),
                  "tokens": sum(b["tokens"] for b in base), "seconds": round(base_s, 1)}), flush=True)

cmd = ["gentzen", "train", "sdpo", "--model", MODEL, "--theorems", str(out / "failed.jsonl"), "--out",
       str(out / "sdpo"), "--iterations", "8", "--group", "8", "--threads", "1", "--json", *sys.argv[4:]]
t0 = time.perf_counter()  # stage 2b: SDPO, 8 iterations x 8 samples = at most 64 samples per theorem
p = subprocess.run(cmd, capture_output=True, text=True)
print(" ".join(cmd), flush=True)
print(p.stdout.strip(), round(time.perf_counter() - t0, 1), p.stderr[-500:] if p.returncode else "", flush=True)
