"""Summarise issue 20's sanity run (runs/experiments/ei_defaults_sanity.sh) as JSON: the EI rounds
(verified share, training mix, forgetting probe, seconds), pass@k before/after on the 40 trained and
the 60 untrained theorems, per-theorem success counts up/down with an exact sign test, and
`gentzen eval compare`'s paired McNemar figures.
Usage: python3 runs/experiments/ei_defaults_report.py [OUT]
"""

import json
import sys
from pathlib import Path

from gentzen.eval.stats import mcnemar_exact

out = Path(sys.argv[1] if len(sys.argv) > 1 else "runs/out/ei_defaults")


def rows(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def per_theorem(run: Path) -> dict[str, float]:
    return {r["name"]: r["c"] / r["n"] for r in rows(run / "theorems.jsonl")}


def side(name: str) -> dict:
    base, ei = out / f"eval_{name}_base", out / f"eval_{name}_ei"
    sb, se = (json.loads((d / "summary.json").read_text())["methods"]["guided"] for d in (base, ei))
    a, b = per_theorem(base), per_theorem(ei)
    up, down = sum(b[k] > a[k] for k in a), sum(b[k] < a[k] for k in a)
    cmp = json.loads((out / f"compare_{name}.json").read_text())
    return {"pass_before": {k: v["mean"] for k, v in sb["pass"].items()},
            "pass_after": {k: v["mean"] for k, v in se["pass"].items()},
            "tokens_before": sb["compute"]["tokens"], "tokens_after": se["compute"]["tokens"],
            "theorems_up": up, "theorems_down": down, "sign_p": round(mcnemar_exact(down, up), 6),
            "solved_at_n": {"before": cmp["a"]["solved"], "after": cmp["b"]["solved"], "b": cmp["b_count"],
                            "c": cmp["c_count"], "p": cmp["p_value"],
                            "gain": cmp["gain"], "ci95": cmp["ci95"]}}


rounds = []
for r in rows(out / "ei" / "rounds.jsonl"):
    t = r["tally"]
    rounds.append({"round": r["round"], "verified_rate": t["verified_rate"], "solved": t["solved"],
                   "train_proofs": t["train_proofs"], "replayed": r["replayed"], "steps": t["train_steps"],
                   "buffer": r["buffer"], "forgetting": r["forgetting"],
                   "seconds": {k: r["seconds"][k] for k in ("sampling", "checking", "training", "total", "loading")}})
print(json.dumps({"rounds": rounds, "targets40": side("targets"), "other60": side("other")}, indent=1))
