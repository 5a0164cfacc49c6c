"""Targets at the shipped model's frontier (issue 40, item 1): held-out generated theorems, stratified by
proof length, that fail N guided samples. Resumable: each candidate's result is appended to
OUT/candidates.jsonl as it finishes and skipped on the next start; OUT/failures.jsonl is rewritten from it.
Candidates: `gentzen gen --count C --seed S --min-lines 5` (OUT/pool.jsonl), split `heldout`, lengths in BUCKETS, taken
round-robin over the buckets in the file's order, so any finished prefix is stratified; `--gen-seeds 11,12`
appends a further seed's candidates after the first's (the pool only grows). Nothing is tuned on them: the
choice depends only on the generator's seeds and the base model's samples. Candidates are sampled many at a
time (search/batch.py: each attempt a function of its seed and item alone, the result `sample` gives alone).
Usage: nice -n 19 python3 runs/experiments/frontier_targets.py [--out DIR] [--count C] [--gen-seeds S,S2]
       [--samples N] [--limit K] [--model M]
"""

import argparse
import json
import time
from pathlib import Path

BUCKETS = ((5, 8), (9, 12), (13, 16), (17, 20))  # reference-proof lines; the short ones are rarely failed


def read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def bucket_of(lines: int) -> str | None:
    return next((f"{lo}-{hi}" for lo, hi in BUCKETS if lo <= lines <= hi), None)


def candidates(gen: list[dict]) -> list[dict]:
    """Held-out records with a bucket, interleaved round-robin over the buckets (file order within one)."""
    per: dict[str, list[dict]] = {f"{lo}-{hi}": [] for lo, hi in BUCKETS}
    for r in gen:
        b = bucket_of(r.get("lines", 0))
        if r.get("split") == "heldout" and b:
            per[b].append(r)
    out, i = [], 0
    while any(i < len(v) for v in per.values()):
        out += [v[i] for v in per.values() if i < len(v)]
        i += 1
    return out


def ensure_pool(out: Path, count: int, seeds: list[int]) -> list[dict]:
    """The candidates in order (OUT/pool.jsonl: the generator's held-out records, no proofs), one seed's
    after another's; a seed not in the pool yet is generated and appended (records without `gen_seed` are
    the first seed's: the pool was made from one seed before)."""
    path = out / "pool.jsonl"
    pool = read(path)
    have = {r.get("gen_seed", seeds[0]) for r in pool}
    names = {r["name"] for r in pool}
    for seed in seeds:
        if seed in have:
            continue
        from gentzen.data.generate import GenConfig, generate

        recs = candidates(generate(GenConfig(count=count, seed=seed, min_lines=5)))
        recs = [{"name": r["name"], "theorem": r["theorem"], "lines": r["lines"], "gen_seed": seed}
                for r in recs if r["name"] not in names]
        names |= {r["name"] for r in recs}
        pool += recs
        tmp = path.with_suffix(".part")
        tmp.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in pool), encoding="utf-8")
        tmp.replace(path)
    return pool


def write_failures(out: Path, done: list[dict]) -> dict:
    fails = [{"name": r["name"], "theorem": r["theorem"], "lines": r["lines"], "bucket": r["bucket"]}
             for r in done if not r["solved"]]
    tmp = out / "failures.part"
    tmp.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in fails), encoding="utf-8")
    tmp.replace(out / "failures.jsonl")
    by = {}
    for r in done:
        t = by.setdefault(r["bucket"], [0, 0])
        t[0] += 1
        t[1] += not r["solved"]
    return {"candidates": len(done), "failures": len(fails),
            "per_bucket": {b: {"candidates": t[0], "failures": t[1]} for b, t in sorted(by.items())}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="runs/experiments/data/frontier")
    ap.add_argument("--count", type=int, default=6000)
    ap.add_argument("--gen-seeds", default="11", help="generator seeds, in pool order (11 made the first pool)")
    ap.add_argument("--samples", type=int, default=64)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=int, default=0, help="stop after this many candidates in all (0: every one)")
    ap.add_argument("--model", default="")
    a = ap.parse_args()
    import torch

    from gentzen.engines import load_engine
    from gentzen.models.checkpoint import read_meta
    from gentzen.search.batch import sample_many
    from gentzen.search.guided import SamplerConfig

    torch.set_num_threads(1)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    cands = ensure_pool(out, a.count, [int(x) for x in a.gen_seeds.split(",")])
    log = out / "candidates.jsonl"
    done = read(log)
    seen = {r["name"] for r in done}
    model = a.model or str(Path(__import__("gentzen").__file__).parent / "assets" / "default_model")
    fmt = read_meta(model).get("format", "whole")
    engine = load_engine(model, "torch", device="cpu")
    cfg = SamplerConfig(samples=a.samples, guided=True, stop_at_first=True, format=fmt, seed=a.seed)
    todo = [c for c in cands if c["name"] not in seen]
    if a.limit:
        todo = todo[: max(0, a.limit - len(done))]
    by_name = {c["name"]: c for c in todo}
    started = {c["name"]: time.perf_counter() for c in todo}
    try:  # many candidates in one batch; each written as it finishes (a killed run loses only those in flight)
        for name, res in sample_many(((c["name"], c["theorem"], cfg) for c in todo), engine):
            c = by_name[name]
            rec = {"name": name, "theorem": c["theorem"], "lines": c["lines"], "bucket": bucket_of(c["lines"]),
                   "solved": res.solved, "samples": a.samples, "seed": a.seed,
                   "seconds": round(time.perf_counter() - started[name], 2)}  # wall since the run began (batched)
            with log.open("a", encoding="utf-8") as f:
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")
            done.append(rec)
            if len(done) % 10 == 0:
                write_failures(out, done)
    finally:
        engine.close()
    print(json.dumps(write_failures(out, done)))


if __name__ == "__main__":
    main()
