"""Measurement for docs/results.md (issue 11): the value head as the scorer of smc/beam/bestfirst/vdfs/mcts, written as an eval run folder
(`gentzen eval compare` reads it). Usage: python3 runs/experiments/value_head_compare.py VALUE_DIR OUT_DIR [METHODS] [SEEDS]
Same theorems, budget, n and seeds as the `gentzen eval textbook --lines 3-9 --limit 20 -n 64 --budget-tokens 2000` run.
"""
import sys
import time
from dataclasses import replace

from gentzen.eval.run import EvalConfig, RunDir, _record, run_config
from gentzen.eval.summary import summarize
from gentzen.eval.theorems import load_theorems
from gentzen.engines import load_engine
from gentzen.models.threads import set_threads
from gentzen.search.methods import run_method
from gentzen.search.value import SHIPPED, ValueHead

vdir, out = sys.argv[1], sys.argv[2]
methods = (sys.argv[3] if len(sys.argv) > 3 else "smc,beam,bestfirst,vdfs,mcts").split(",")
seeds = [int(s) for s in (sys.argv[4] if len(sys.argv) > 4 else "0,1").split(",")]
set_threads(1)
cfg = EvalConfig(set="textbook", lines="3-9", limit=20, samples=64, budget_tokens=2000, methods=tuple(m + "+value" for m in methods),
                 seeds=tuple(seeds), threads=1)
thms = load_theorems("textbook", lines="3-9", limit=20)
engine = load_engine(str(SHIPPED), "torch", device="cpu")
scorer = ValueHead.load(vdir)
run = RunDir(out)
run.open(run_config(cfg, "whole"))
done = run.done()
for m in methods:
    for seed in seeds:
        for t in thms:
            if (m + "+value", seed, t["name"]) in done:
                continue
            t0 = time.perf_counter()
            res = run_method(m, t["theorem"], engine, samples=64, temperature=1.0, seed=seed, fmt="whole",
                             budget_tokens=2000, scorer=scorer)
            run.add(_record(m + "+value", seed, t, res, time.perf_counter() - t0))
            print(m, seed, t["name"], res.solved, res.totals()["tokens"], file=sys.stderr, flush=True)
s = summarize(run.records, ks=(1, 8, 64), budget_tokens=2000, methods=list(cfg.methods))
import json
print(json.dumps({m: {"solved": v.get("solved"), "per_theorem": v.get("per_theorem")} for m, v in s["methods"].items()}, indent=1))
