"""Does `prove --names model` gain by renaming the user's atoms too (p, q -> P, Q), or only the premises?

usage: PYTHONPATH=py OMP_NUM_THREADS=1 python runs/experiments/names_atoms.py OUT.json [--model DIR]
       [--count 3000] [--limit 80] [--samples 16] [--seed 0] [--letters "R S T"]

Statements: the held-out split of `gen --style user --count COUNT --seed 11` (never trained on) whose
atoms are lowercase, the first LIMIT of them, plus the acceptance statements written in a student's
names (data/heldout.py ACCEPTANCE_LEAN). Each is sampled twice with the same seed and K guided samples
through search.names.sample_in_model_names: premises renamed h1…hn only (atoms=False), and premises
and atoms renamed (atoms=True). Every proof is kernel-checked against the statement as the user wrote
it. Reports solved counts per arm, the paired table and the exact McNemar p, and writes every row.
--letters "R S T": instead, the held-out statements over uppercase P, Q, R (at most 3 atoms) with those
atoms written as the given letters (P -> R, Q -> S, R -> T): letters the training data never binds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--model", default="")
    ap.add_argument("--count", type=int, default=3000)
    ap.add_argument("--limit", type=int, default=80)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--letters", default="", help="rewrite P, Q, R statements' atoms to these 3 letters")
    args = ap.parse_args(argv)
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.data.heldout import ACCEPTANCE_LEAN
    from gentzen.engines import EngineChoice, open_engine
    from gentzen.eval.stats import mcnemar_exact
    from gentzen.io import atomic_write_json
    from gentzen.models import SHIPPED_MODEL
    from gentzen.models.checkpoint import read_meta
    from gentzen.search.guided import SamplerConfig
    from gentzen.search.names import sample_in_model_names

    model = args.model or str(SHIPPED_MODEL)
    gen = args.out.with_suffix(".gen.jsonl")
    if not gen.is_file():  # the CLI's own generator, as a user would run it
        import subprocess

        subprocess.run([sys.executable, "-m", "gentzen.cli.main", "gen", "--style", "user", "--count", str(args.count),
                        "--seed", "11", "--out", str(gen), "--json"], check=True, stdout=subprocess.DEVNULL)
    recs = [json.loads(line) for line in gen.read_text().splitlines()]
    if args.letters:
        to = dict(zip("PQR", args.letters.split()))
        if len(to) != 3 or len(set(to.values())) != 3:
            raise SystemExit("error: --letters takes 3 distinct letters, e.g. \"R S T\"")
        picked = []
        for r in recs:
            if r.get("split") == "heldout" and set(r.get("atoms") or "x") <= set("PQR") and len(picked) < args.limit:
                picked.append(parse_theorem(r["theorem"]).with_atoms_renamed(to).statement())
        items = [("user-heldout", s) for s in picked]
    else:
        picked = [r["theorem"] for r in recs if r.get("split") == "heldout" and r.get("atom_case") == "lower"]
        items = [("user-heldout", s) for s in picked[:args.limit]] + [("acceptance-lean", s) for s in ACCEPTANCE_LEAN]
    cfg = SamplerConfig(samples=args.samples, format=read_meta(model).get("format", "whole"), seed=args.seed)
    engine = open_engine(model, EngineChoice("torch"), threads=1)
    rows, t0 = [], time.time()
    try:
        for i, (source, text) in enumerate(items):
            thm = parse_theorem(text)
            row = {"source": source, "theorem": text}
            for arm, atoms in (("premises", False), ("premises+atoms", True)):
                res = sample_in_model_names(thm, engine, cfg, atoms=atoms)
                row[arm] = {"solved": res.solved, "proof": res.proof, "attempts": len(res.attempts)}
            rows.append(row)
            print(f"[{time.time() - t0:6.0f} s] {i + 1}/{len(items)} {source}: "
                  f"{int(row['premises']['solved'])} {int(row['premises+atoms']['solved'])}", file=sys.stderr)
    finally:
        engine.close()
    which = f"atoms P Q R written as {args.letters}" if args.letters else "lowercase atoms"
    summary = {"model": args.model or "shipped", "samples": args.samples, "seed": args.seed,
               "gen": f"gen --style user --count {args.count} --seed 11 (heldout split, {which}, first {args.limit})",
               "by_source": {}}
    for source in ("user-heldout", "acceptance-lean", "all"):
        sel = [r for r in rows if source in ("all", r["source"])]
        a = [r["premises"]["solved"] for r in sel]
        b = [r["premises+atoms"]["solved"] for r in sel]
        only_a = sum(x and not y for x, y in zip(a, b))
        only_b = sum(y and not x for x, y in zip(a, b))
        summary["by_source"][source] = {"n": len(sel), "premises": sum(a), "premises+atoms": sum(b),
                                        "only_premises": only_a, "only_premises+atoms": only_b,
                                        "p": mcnemar_exact(only_a, only_b)}
    atomic_write_json(args.out, {**summary, "rows": rows})
    print(json.dumps(summary["by_source"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
