"""Issue 40: what `--replay-rows K` saves in one EI update, measured on a real round's mix (a ttrl run's
round-1 found proofs, repeated as ttrl repeats them, plus the 90% replay drawn as ttrl draws it):
tokens run through the model per pass, and seconds per optimizer step, K = 0 (every line) and K = 1
alternating in one process on one thread, so machine load hits both alike (random batches: each step a
sample of the mix, so a few steps stand for the pass; the runs use length-bucketed ones).
Usage: PYTHONPATH=py python3 runs/experiments/replay_rows_cost.py RUN_DIR MODEL [--steps 8] [--reps 3] [--json OUT]
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir")
    ap.add_argument("model")
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json", default="")
    a = ap.parse_args()

    import torch

    from gentzen.models import checkpoint
    from gentzen.train import replay
    from gentzen.train.sequences import encode_proof, newline_ids
    from gentzen.train.update import UpdateConfig, some_rows, update
    from gentzen.train.ei import repeats

    torch.set_num_threads(1)
    rows = [json.loads(x) for x in (Path(a.run_dir) / "rounds" / "round-001.samples.jsonl").read_text().splitlines()]
    own = [{"theorem": r["theorem"], "proof": p} for r in rows for p in r["proofs"][:4]
           for _ in range(repeats(r["verified"] / r["attempts"], 8))]
    source = replay.resolve("", a.model, 0.9, 0)
    mix, k = source.mix(own, 1)
    model, tok, _ = checkpoint.load_checkpoint(a.model, "cpu")
    fmt = json.loads((Path(a.model) / "gentzen.json").read_text())["format"]
    nl = newline_ids(tok)
    proofs = [encode_proof(tok, r, fmt, 512, nl) for r in mix]
    rng = random.Random(0)
    cut = proofs[:len(own)] + [some_rows(p, 1, rng) for p in proofs[len(own):]]

    def tokens(ps):
        return sum(len(ids) for p in ps for ids, _ in p.rows)

    def quad(ps):  # attention's share grows with the square of a row's length
        return sum(len(ids) ** 2 for p in ps for ids, _ in p.rows)

    out = {"own": len(own), "replayed": k, "format": fmt,
           "tokens": {"all_lines": tokens(proofs), "one_line": tokens(cut),
                      "own_part": tokens(proofs[:len(own)])},
           "sum_len_squared": {"all_lines": quad(proofs), "one_line": quad(cut)}}
    secs = {0: [], 1: []}
    for rep in range(a.reps):
        for rr in (0, 1):
            m = copy.deepcopy(model)
            t = time.perf_counter()
            update(m, tok, mix, UpdateConfig(steps=a.steps, batch=16, lr=3e-4, format=fmt, seed=rep, replay_rows=rr,
                                             batching="random"),
                   replayed=k)
            secs[rr].append((time.perf_counter() - t) / a.steps)
            print(f"rep {rep} replay_rows {rr}: {secs[rr][-1]:.2f} s/step", flush=True)
    out["seconds_per_step"] = {"all_lines": statistics.median(secs[0]), "one_line": statistics.median(secs[1]),
                               "each": {str(k_): v for k_, v in secs.items()}}
    out["step_ratio"] = round(out["seconds_per_step"]["all_lines"] / out["seconds_per_step"]["one_line"], 2)
    print(json.dumps(out, indent=1))
    if a.json:
        Path(a.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
