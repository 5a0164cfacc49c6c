"""One round-1 update of issue 20's sanity run (runs/out/ei_defaults) under other update settings:
the same own records (round-001.samples.jsonl, repeated by rarity) and the same 90% replay draw
from the shipped model's data; prints CE on the round's distinct found proofs and the forgetting
probe before/after. Usage: python3 runs/experiments/ei_defaults_update_probe.py LOSS,LR ...
"""

import json
import sys

import torch

from gentzen.models import checkpoint
from gentzen.train import replay
from gentzen.train.ei import repeats
from gentzen.train.seeds import derived_seed
from gentzen.train.update import UpdateConfig, probe_ce, update

torch.set_num_threads(1)
M, O = "py/gentzen/assets/default_model", "runs/out/ei_defaults"
targets = {json.loads(x)["theorem"] for x in open(f"{O}/targets40.jsonl")}
rows = [json.loads(x) for x in open(f"{O}/ei/round-001.samples.jsonl")]
own = [{"theorem": r["theorem"], "proof": p} for r in sorted(rows, key=lambda r: r["index"]) if r["proofs"]
       for p in r["proofs"] * repeats(r["verified"] / r["attempts"], 8)]
distinct = list({(r["theorem"], r["proof"]): r for r in own}.values())
source = replay.resolve("", M, 0.9, 200, targets)
mix, k = source.mix(own, derived_seed(0, 1, "replay"))
for spec in sys.argv[1:]:
    loss, lr = spec.split(",")
    model, tok, _ = checkpoint.load_checkpoint(M)
    cfg = UpdateConfig(loss=loss, lr=float(lr), seed=derived_seed(0, 1, "train"))
    torch.manual_seed(cfg.seed)
    before = probe_ce(model, tok, distinct, cfg)
    stats = update(model, tok, mix, cfg, probe=source.probe)
    print(json.dumps({"loss": loss, "lr": float(lr), "mix": len(mix), "replayed": k, "steps": stats.steps,
                      "own_ce": [round(before, 4), round(probe_ce(model, tok, distinct, cfg), 4)],
                      "forgetting": stats.forgetting}), flush=True)
