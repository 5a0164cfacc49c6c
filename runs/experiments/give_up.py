"""Issue 41 item 3, "give up fast": wall-clock of a failing `gentzen prove S -k 64 --json`, two code trees alternating
in one run (A B B A …), each statement `--repeat` times. Prints one JSON line per run, then the means.

Usage: python3 runs/experiments/give_up.py A_PY B_PY [--repeat 2] [--statement S …]
A_PY, B_PY: folders holding the `gentzen` package (e.g. a `git archive` of main's py/, and this tree's py/).
"""
import argparse
import json
import os
import subprocess
import sys
import time
from collections import defaultdict

STATEMENTS = [
    "theorem t (A B : Prop) (h1 : ¬(A ∧ B)) (h2 : ¬(¬A ∨ ¬B)) : False := by",  # the 64 s case (valid)
    "theorem t (P Q : Prop) (h1 : P → Q) : Q → P := by",  # not valid: a countermodel, no sampling
]


def run(py: str, statement: str) -> dict:
    env = dict(os.environ, PYTHONPATH=py)
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "prove", statement, "-k", "64", "--json"],
                       capture_output=True, text=True, env=env)
    wall = time.perf_counter() - t0
    try:
        d = json.loads(p.stdout)
    except json.JSONDecodeError:
        d = {}
    return {"rc": p.returncode, "ok": d.get("ok"), "wall_s": round(wall, 2),
            "sampling_s": (d.get("seconds") or {}).get("sampling"), "tokens": (d.get("totals") or {}).get("tokens")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--statement", action="append")
    args = ap.parse_args()
    walls = defaultdict(list)
    for s in args.statement or STATEMENTS:
        for rep in range(args.repeat):
            for arm, py in ((("a", args.a), ("b", args.b)) if rep % 2 == 0 else (("b", args.b), ("a", args.a))):
                r = run(py, s)
                walls[(s, arm)].append(r["wall_s"])
                print(json.dumps({"statement": s, "arm": arm, **r}, ensure_ascii=False), flush=True)
    for (s, arm), w in walls.items():
        print(json.dumps({"statement": s, "arm": arm, "mean_wall_s": round(sum(w) / len(w), 2)}, ensure_ascii=False))


if __name__ == "__main__":
    main()
