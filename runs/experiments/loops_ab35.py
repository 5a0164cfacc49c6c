"""Issue 35: `gentzen bench loops` on several source trees, alternating, in one run (same machine, same
minutes); one JSON per run in OUTDIR, and a summary table of sampling and whole-round attempts/s.

    python3 runs/experiments/loops_ab35.py OUTDIR LOOPS REPEATS NAME=TREE [NAME=TREE ...]
    e.g. ... /tmp/ab35 ei,ttrl-control,ttrl 2 base=/tmp/base35 main=/tmp/main35

A tree is a source checkout (its py/ goes on PYTHONPATH); each gets this checkout's
gentzen/bench/loops.py (the base commit predates it; one harness for all). Every run: OMP_NUM_THREADS=1, nice 10."""
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

out, loops, repeats = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
trees = dict(a.split("=", 1) for a in sys.argv[4:])
here = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "bench" / "loops.py"
for tree in trees.values():
    dest = Path(tree) / "py" / "gentzen" / "bench" / "loops.py"
    if dest.resolve() != here:
        shutil.copy(here, dest)
out.mkdir(parents=True, exist_ok=True)
code = ("import json,sys; from gentzen.bench.loops import LoopsBenchConfig, bench_loops; "
        f"print(json.dumps(bench_loops(LoopsBenchConfig(loops={loops!r}))))")
for r in range(1, repeats + 1):
    for name, tree in trees.items():
        env = {**os.environ, "PYTHONPATH": str(Path(tree) / "py"), "OMP_NUM_THREADS": "1"}
        t0 = time.time()
        p = subprocess.run(["nice", "-n", "10", sys.executable, "-c", code], env=env, capture_output=True, text=True)
        if p.returncode:
            sys.exit(f"{name} run {r} failed:\n{p.stderr[-3000:]}")
        res = json.loads(p.stdout.strip().splitlines()[-1])
        res["tree"], res["run"], res["started"] = name, r, time.strftime("%H:%M:%S", time.gmtime(t0))
        (out / f"{name}-{r}.json").write_text(json.dumps(res, indent=1))
        print(name, r, res["started"], res["loadavg_at_start"], flush=True)
        for loop, f in res["loops"].items():
            print(f"  {loop}: attempts {f['attempts']} tokens {f['generated_tokens']} sampling {f['sampling_seconds']} s "
                  f"(cpu {f['sampling_cpu_seconds']}) round {f['wall_seconds']} s update {f['update_seconds']} "
                  f"att/s sampling {f['attempts_per_second']} round {f['attempts'] / f['wall_seconds']:.2f} "
                  f"att/cpu-s {f['attempts_per_cpu_second']} round cpu {f.get('round_cpu_seconds')} "
                  f"round att/cpu-s {f.get('round_attempts_per_cpu_second')} solved {f['solved']}", flush=True)
