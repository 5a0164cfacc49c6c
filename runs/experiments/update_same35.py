"""Issue 35: one EI-sized update (4 steps of 16 proofs of the shipped model's replay data, state format,
a 20-proof probe) on the tree on PYTHONPATH; saves the trained weights and prints its stats, so two trees'
updates can be compared weight for weight.

    PYTHONPATH=<tree>/py OMP_NUM_THREADS=1 python3 runs/experiments/update_same35.py OUT.pt [WEIGHTS]
    python3 runs/experiments/update_same35.py --compare A.pt B.pt
"""
import json
import sys
import time

import torch

if sys.argv[1] == "--compare":
    a, b = torch.load(sys.argv[2]), torch.load(sys.argv[3])
    diff = max(float((a[k] - b[k]).abs().max()) for k in a)
    moved = max(float((a[k] - a["__start__" + k]).abs().max()) for k in a if not k.startswith("__start__"))
    print(json.dumps({"max_abs_weight_difference": diff, "max_abs_weight_change_by_the_update": moved}))
    sys.exit()
from gentzen.models import SHIPPED_MODEL, checkpoint
from gentzen.train.update import UpdateConfig, update

torch.set_num_threads(1)
torch.manual_seed(0)
records = [json.loads(line) for line in open(SHIPPED_MODEL / "replay.jsonl")]
train = [r for r in records if r.get("split", "train") == "train"][:400]
probe = [r for r in records if r.get("split") == "heldout"][:20]
model, tok, _ = checkpoint.load_checkpoint(str(SHIPPED_MODEL))
start = {k: v.detach().clone() for k, v in model.state_dict().items()}
cfg = UpdateConfig(format="state", steps=4, batch=16, lr=3e-4, seed=0,
                   weights=sys.argv[2] if len(sys.argv) > 2 else "none", weight_budget={"n": 16})
t0, c0 = time.perf_counter(), time.process_time()
stats = update(model, tok, train, cfg, probe=probe)
out = {k: v.detach().clone() for k, v in model.state_dict().items()}
out.update({"__start__" + k: v for k, v in start.items()})
torch.save(out, sys.argv[1])
print(json.dumps({"wall": round(time.perf_counter() - t0, 2), "cpu": round(time.process_time() - c0, 2),
                  "loss_first": stats.loss_first, "loss_last": stats.loss_last, "ce_first": stats.ce_first,
                  "ce_last": stats.ce_last, "tokens": stats.tokens, "forgetting": stats.forgetting}))
