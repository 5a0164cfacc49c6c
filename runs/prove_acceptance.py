"""`gentzen prove -k K` on each acceptance statement of issue 23 (data/heldout.py: the sequents and the
same sequents as Lean statements in a student's names), as a newcomer would run it: one subprocess per
statement, its exit code and proof. Usage: python3 runs/prove_acceptance.py [--model DIR] [-k 64]
[--names model|as-written] [--seeds 0,1,2] [--out FILE.json]; prints a table and writes the rows as JSON.
Seed 0 is what a newcomer gets (`prove`'s default); more seeds say how much of a pass was the draw.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from gentzen.data.heldout import ACCEPTANCE, ACCEPTANCE_LEAN
from gentzen.io import atomic_write_json


def prove(statement: str, seed: int, args) -> dict:
    cmd = [sys.executable, "-m", "gentzen.cli.main", "prove", statement, "-k", str(args.k), "--json",
           "--seed", str(seed), "--names", args.names, *(["--model", args.model] if args.model else [])]
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - t0
    if r.returncode not in (0, 1):
        raise SystemExit(f"error: `gentzen prove` exited {r.returncode} on {statement!r}: {r.stderr.strip()[-500:]}")
    out = json.loads(r.stdout)
    return {"statement": statement, "seed": seed, "proved": r.returncode == 0, "proof": out.get("proof"),
            "attempts": out["totals"].get("attempts"), "seconds": round(seconds, 2)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", default="", help="model directory (default: the shipped model)")
    ap.add_argument("-k", type=int, default=64, help="attempts per statement")
    ap.add_argument("--names", default="model", choices=("model", "as-written"))
    ap.add_argument("--seeds", default="0", help="comma-separated sampling seeds, one run of each statement per seed")
    ap.add_argument("--out", type=Path, help="write the rows here (JSON)")
    args = ap.parse_args(argv)
    try:
        seeds = [int(x) for x in args.seeds.split(",") if x.strip()]
    except ValueError:
        ap.error(f"--seeds wants integers separated by commas, got {args.seeds!r}")
    rows = []
    for seed in seeds:
        for s in (*ACCEPTANCE, *ACCEPTANCE_LEAN):
            rows.append(r := prove(s, seed, args))
            print(f"{'proved' if r['proved'] else 'FAILED':7} seed {seed} {r['seconds']:6.2f} s  {s}", flush=True)
    for seed in seeds:
        mine = [r for r in rows if r["seed"] == seed]
        print(f"seed {seed}: {sum(r['proved'] for r in mine)} of {len(mine)} proved "
              f"(k = {args.k}, --names {args.names})")
    if args.out:
        atomic_write_json(args.out, {"model": args.model or "shipped", "k": args.k, "names": args.names,
                                     "seeds": seeds, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
