"""Pick issue 20's sanity-check sets from the shipped model's held-out eval (docs/eval_heldout.json:
guided, n = 64, seed 0, the first 200 `heldout` theorems of train60k.jsonl).

targets40.jsonl: the first 40, in file order, solved in 4–38 of 64 (5–60%); other60.jsonl: the first
60 of the other 160 (never trained on). As learning_audit.md §3 chose them.
Usage: python3 runs/experiments/ei_defaults_pick.py TRAIN60K.jsonl docs/eval_heldout.json OUT_DIR
"""

import json
import sys
from pathlib import Path

data, evals, out = sys.argv[1], sys.argv[2], Path(sys.argv[3])
per = json.loads(Path(evals).read_text())["methods"]["guided"]["per_theorem"]
records = {}
with open(data, encoding="utf-8") as f:
    for line in f:
        r = json.loads(line)
        if r["split"] == "heldout":
            records[r["name"]] = r
middling = [p["name"] for p in per if 4 <= p["successes"] <= 38]
targets = middling[:40]
others = [p["name"] for p in per if p["name"] not in set(targets)][:60]
out.mkdir(parents=True, exist_ok=True)
for name, names in (("targets40.jsonl", targets), ("other60.jsonl", others)):
    (out / name).write_text("".join(json.dumps(records[n], ensure_ascii=False) + "\n" for n in names))
print(json.dumps({"evaluated": len(per), "middling": len(middling), "targets": len(targets), "other": len(others)}))
