"""Targets at the model's frontier: the theorems of an eval run (`gentzen eval --method plain -n 64`)
with no verified proof in any attempt, first N in the run's order, as JSONL {name, theorem, lines}.
Prints how many candidates were tried and failed. (Whether their variants or neighbours are sometimes
solved is not checked here: the run's own per-round logs show it.)
--with-proofs: the same targets with their reference proofs from the gen file, for train sdpo's
teacher-gap measurement before training (it scores them; nothing trains on them).
Usage: python3 runs/experiments/frontier_pick.py EVAL_RUN_DIR N OUT.jsonl
       python3 runs/experiments/frontier_pick.py --with-proofs TARGETS.jsonl GEN.jsonl OUT.jsonl
"""

import json
import sys
from pathlib import Path


def read(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def write(out: Path, recs: list[dict]) -> None:
    tmp = out.with_suffix(".part")
    tmp.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in recs), encoding="utf-8")
    tmp.replace(out)


if sys.argv[1] == "--with-proofs":
    targets, gen, out = (Path(p) for p in sys.argv[2:5])
    proof = {r["name"]: r["proof"] for r in read(gen)}
    recs = [{**t, "proof": proof[t["name"]]} for t in read(targets)]
    write(out, recs)
    print(json.dumps({"targets": len(recs), "with_proof": len(recs)}))
    sys.exit(0)
run, want, out = Path(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
rows = read(run / "theorems.jsonl")
failed = [r for r in rows if r["c"] == 0]
if not failed:
    sys.exit(f"frontier_pick: none of the {len(rows)} candidates in {run} failed; try more or longer candidates")
take = failed[:want]
write(out, [{"name": r["name"], "theorem": r["theorem"], "lines": r["lines"]} for r in take])
print(json.dumps({"candidates": len(rows), "failed": len(failed), "targets": len(take),
                  "samples_per_candidate": rows[0]["n"], "lines": sorted({r["lines"] for r in take})}))
