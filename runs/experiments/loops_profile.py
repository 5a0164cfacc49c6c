"""Guided (or plain) sampling across generated theorems, in process, as `gentzen eval` runs it (run_many):
wall and CPU seconds, tokens, prefill tokens, attempts/s, solved; `prof` as 4th argument adds a cProfile.

    PYTHONPATH=<tree>/py OMP_NUM_THREADS=1 python3 runs/experiments/loops_profile.py 8 16 guided [prof]

(theorems: `gentzen gen --count N --seed 3 --min-lines 8 --max-lines 14` in process; issue 35; with
THEOREMS=FILE.jsonl the first N of that file instead, e.g. issue 40's frontier targets)."""
import cProfile
import json
import os
import pstats
import resource
import sys
import time

from gentzen.data.generate import GenConfig, generate
from gentzen.engines.torch_engine import TorchEngine
from gentzen.models import SHIPPED_MODEL
from gentzen.search.methods import run_many

n_thm, k, method = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
if os.environ.get("THEOREMS"):
    recs = [json.loads(x) for x in open(os.environ["THEOREMS"], encoding="utf-8")][:n_thm]
else:
    recs = generate(GenConfig(count=n_thm, seed=3, min_lines=8, max_lines=14))
eng = TorchEngine.from_pretrained(str(SHIPPED_MODEL), device="cpu", threads=1)
if os.environ.get("NOSTREAM"):  # lockstep rounds on the new engine, for comparison
    TorchEngine.streams = False
jobs = [(i, r["theorem"], i, k) for i, r in enumerate(recs)]
c0 = resource.getrusage(resource.RUSAGE_SELF)
t0 = time.perf_counter()
pr = cProfile.Profile() if len(sys.argv) > 4 else None
if pr:
    pr.enable()
res = dict(run_many(method, jobs, eng, temperature=1.0, fmt="state"))
if pr:
    pr.disable()
wall = time.perf_counter() - t0
c1 = resource.getrusage(resource.RUSAGE_SELF)
s = eng.stats
att = sum(len(r.attempts) for r in res.values())
print(dict(wall=round(wall, 2), cpu=round(c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime, 2),
           gen=s.generated_tokens, tps=round(s.generated_tokens / wall, 1), att_s=round(att / wall, 2), calls=s.calls,
           prompts=s.prompts, prefill=s.prefill_tokens, prompt_tokens=s.prompt_tokens,
           solved=sum(r.solved for r in res.values()), c=sum(a.ok for r in res.values() for a in r.attempts)))
if pr:
    pstats.Stats(pr).sort_stats(os.environ.get("SORT", "tottime")).print_stats(int(os.environ.get("TOP", "25")))
