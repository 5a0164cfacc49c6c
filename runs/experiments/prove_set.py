"""`gentzen prove STATEMENT -k K` on every statement of a set, as a user runs it (guided, stop at the first proof,
the model's names, seed 0), many statements decoded in one batch (search/batch.py: each gets the attempts it gets
alone). Prints one JSON line per statement, then pass rates by source, atom count and kind.

Usage: PYTHONPATH=py python3 runs/experiments/prove_set.py SET.jsonl [-k 64] [--model DIR] [--keep-loops]
       [--all-atoms] [--no-show-not] [--split-iff]
--split-iff: a statement ending in `↔` is proved one direction at a time, K/2 attempts each (search/split.py).
SET.jsonl rows need "theorem" (a Lean statement); "valid": false rows are skipped; "source" groups them.
"""
import argparse
import json
import sys
import time
from collections import defaultdict

from gentzen.core.logic.formula import FALSE, TRUE, subformulas
from gentzen.core.proof.theorem import parse_theorem
from gentzen.engines import load_engine
from gentzen.models import SHIPPED_MODEL
from gentzen.models.checkpoint import read_meta
from gentzen.search.batch import sample_many
from gentzen.search.guided import SamplerConfig
from gentzen.search.names import model_names, result_in_user_names
from gentzen.search.split import half_samples, joined_result, split_iff


def kinds(thm) -> list[str]:
    """The statement kinds issue 41 names: ↔, True/False inside a formula, more atoms than the model's four."""
    fs = [f for _, f in thm.hyps] + [thm.goal]
    subs = [s for f in fs for s in subformulas(f)]
    out = []
    if any(s.kind == "iff" for s in subs):
        out.append("iff")
    # False as the whole goal or the target of a ¬ is ordinary; True anywhere or False inside a formula is not
    if any(s is TRUE for s in subs) or any(s.kind != "not" and any(a is FALSE for a in s.args) for s in subs):
        out.append("true/false")
    if len(thm.atoms) > 4:
        out.append(">4 atoms")
    return out or ["other"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("set")
    ap.add_argument("-k", type=int, default=64)
    ap.add_argument("--model", default=str(SHIPPED_MODEL), help="the model directory (default: the shipped model)")
    ap.add_argument("--split", default="", help="only rows of this split (e.g. heldout)")
    ap.add_argument("--lines", default="", help="only rows whose reference proof has this many lines: 7-14")
    ap.add_argument("--limit", type=int, default=0, help="only the first N rows after filtering")
    ap.add_argument("--keep-loops", action="store_true")
    ap.add_argument("--all-atoms", action="store_true")
    ap.add_argument("--no-show-not", action="store_true", help="show `a → False` as written (SamplerConfig.show_not)")
    ap.add_argument("--split-iff", action="store_true", help="prove a `↔` conclusion one direction at a time")
    args = ap.parse_args()
    rows = [r for r in map(json.loads, open(args.set)) if r.get("valid", True)
            and (not args.split or r.get("split") == args.split)]
    if args.lines:
        lo, hi = map(int, args.lines.split("-"))
        rows = [r for r in rows if lo <= r.get("lines", 0) <= hi]
    rows = rows[:args.limit] if args.limit else rows
    cfg = SamplerConfig(samples=args.k, format=read_meta(args.model).get("format", "whole"), seed=0,
                        prune_loops=not args.keep_loops, atom_window=not args.all_atoms)
    if args.no_show_not:  # a tree without the field (before it existed) shows goals as written anyway
        cfg.show_not = False
    engine = load_engine(args.model, "torch", device="cpu")
    jobs, plans, splits, halves = [], {}, {}, {}

    def add(key, thm, job_cfg):  # a job in the model's names; plans[key] maps its result back
        plan = model_names(thm)
        plans[key] = (thm, plan[1] if plan else None)
        jobs.append((key, plan[0] if plan else thm, job_cfg))

    for i, r in enumerate(rows):
        thm = parse_theorem(r["theorem"], default_name="goal")
        split = split_iff(thm) if args.split_iff and args.k >= 2 else None
        if split is None:
            add(i, thm, cfg)
        else:
            splits[i] = (thm, split)
            for part, half, half_cfg in zip((0, 1), split.halves, half_samples(cfg)):
                add((i, part), half, half_cfg)
    t0, done = time.perf_counter(), {}
    for key, res in sample_many(jobs, engine):
        thm, back = plans[key]
        if back is not None:
            res = result_in_user_names(thm, res, back)
        if isinstance(key, tuple):  # one direction of a split statement: wait for the other
            i, part = key
            halves.setdefault(i, {})[part] = res
            if len(halves[i]) < 2:
                continue
            thm, split = splits[i]
            res = joined_result(split, halves[i][0], halves[i][1])
        else:
            i = key
        r = rows[i]
        done[i] = rec = {"name": r.get("name"), "theorem": r["theorem"], "source": r.get("source", "?"),
                         "ok": res.solved, "atoms": len(thm.atoms), "hyps": len(thm.hyps), "kinds": kinds(thm),
                         "tokens": res.totals()["tokens"]}
        print(json.dumps(rec, ensure_ascii=False), flush=True)
    summary = {"model": args.model, "k": args.k, "keep_loops": args.keep_loops, "all_atoms": args.all_atoms,
               "split_iff": args.split_iff,
               "show_not": not args.no_show_not,
               "seconds": round(time.perf_counter() - t0, 1), "proved": sum(d["ok"] for d in done.values()),
               "statements": len(done)}
    for key in ("source", "atoms", "kinds"):
        groups = defaultdict(lambda: [0, 0])
        for d in done.values():
            for g in (d[key] if key == "kinds" else [d[key]]):
                groups[str(g)][0] += d["ok"]
                groups[str(g)][1] += 1
        summary[f"by_{key}"] = {g: f"{a}/{n}" for g, (a, n) in sorted(groups.items())}
    summary["failed"] = [d["theorem"] for d in done.values() if not d["ok"]]
    print(json.dumps(summary, ensure_ascii=False), file=sys.stderr)


if __name__ == "__main__":
    main()
