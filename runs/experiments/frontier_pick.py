"""Targets at the model's frontier: the theorems of an eval run (`gentzen eval --method plain -n 64`)
with no verified proof in any attempt, first N in the run's order, as JSONL {name, theorem, lines}.
Prints how many candidates were tried and failed. (Whether their variants or neighbours are sometimes
solved is not checked here: the run's own per-round logs show it.)
Usage: python3 runs/experiments/frontier_pick.py EVAL_RUN_DIR N OUT.jsonl
"""

import json
import sys
from pathlib import Path

run, want, out = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
rows = [json.loads(x) for x in (run / "theorems.jsonl").read_text(encoding="utf-8").splitlines() if x.strip()]
failed = [r for r in rows if r["c"] == 0]
if not failed:
    sys.exit(f"frontier_pick: none of the {len(rows)} candidates in {run} failed; try more or longer candidates")
take = failed[:want]
tmp = out.with_suffix(".part")
tmp.write_text("".join(json.dumps({"name": r["name"], "theorem": r["theorem"], "lines": r["lines"]},
                                  ensure_ascii=False) + "\n" for r in take), encoding="utf-8")
tmp.replace(out)
print(json.dumps({"candidates": len(rows), "failed": len(failed), "targets": len(take),
                  "samples_per_candidate": rows[0]["n"], "lines": sorted({r["lines"] for r in take})}))
