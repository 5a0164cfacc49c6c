#!/usr/bin/env bash
# Issue 20's before/after sanity check of the default learning recipe: 3 default `gentzen train ei`
# rounds (replay of the model's own data as 90% of each mix, under one pass, warm-up + cosine lr 1e-4,
# GEM, guided 4/24, a growing buffer of found proofs) on 40 held-out theorems the shipped model solves
# at 5–60%; the trained theorems' guided pass@1 before and after (n = 64), and 60 held-out theorems
# never trained on before and after (n = 16), paired with an exact McNemar test (gentzen eval compare).
# Usage: nice -n 10 bash runs/experiments/ei_defaults_sanity.sh [OUT [TRAIN-EI-OPTIONS…]]
#   e.g. `… ei_defaults_sanity.sh runs/out/ei_ce3e-4 --loss ce --lr 3e-4`: the same check for other settings;
#   the base model's evals are shared between runs through BASE (default runs/out/ei_defaults_base).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-runs/out/ei_defaults}
shift || true
BASE=${BASE:-runs/out/ei_defaults_base}
M=${M:-py/gentzen/assets/default_model}
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1
mkdir -p "$OUT" "$BASE"
# the shipped model's SFT data (sha256 b66d0784a532c216…); if absent, train ei's default replay would
# regenerate it from gentzen.json `data_gen` into ~/.cache/gentzen (about 5 CPU-minutes)
[ -f runs/out/train60k.jsonl ] || gentzen gen --count 60000 --seed 1 --out runs/out/train60k.jsonl --json
[ -f "$BASE/other60.jsonl" ] || python3 runs/experiments/ei_defaults_pick.py runs/out/train60k.jsonl docs/eval_heldout.json "$BASE"
cp "$BASE/targets40.jsonl" "$BASE/other60.jsonl" "$OUT/"
ev() {  # SET MODEL N K OUT: guided, seed 1 (the selection used seed 0)
  [ -f "$5/summary.json" ] || gentzen eval "$1" --model "$2" --method guided -n "$3" --k "$4" --seeds 1 \
      --threads 1 --out "$5" --json > "$5.json"
}
[ -f "$OUT/ei/round-003/config.json" ] || gentzen train ei --model "$M" --targets "$OUT/targets40.jsonl" --rounds 3 \
    --seed 0 --threads 1 --out "$OUT/ei" --resume --json "$@" > "$OUT/ei.json" 2> "$OUT/ei.log"
(  # the base model's evals, once for every run sharing BASE (a lock: runs may go side by side)
  flock 9
  ev "$BASE/targets40.jsonl" "$M" 64 1,4,16,64 "$BASE/eval_targets_base"
  ev "$BASE/other60.jsonl" "$M" 16 1,4,16 "$BASE/eval_other_base"
) 9> "$BASE/.lock"
for s in targets other; do [ -e "$OUT/eval_${s}_base" ] || ln -s "$(realpath "$BASE/eval_${s}_base")" "$OUT/eval_${s}_base"; done
ev "$OUT/targets40.jsonl" "$OUT/ei/round-003" 64 1,4,16,64 "$OUT/eval_targets_ei"
ev "$OUT/other60.jsonl" "$OUT/ei/round-003" 16 1,4,16 "$OUT/eval_other_ei"
gentzen eval compare "$OUT/eval_targets_base" "$OUT/eval_targets_ei" --no-plot --json > "$OUT/compare_targets.json"
gentzen eval compare "$OUT/eval_other_base" "$OUT/eval_other_ei" --no-plot --json > "$OUT/compare_other.json"
python3 runs/experiments/ei_defaults_report.py "$OUT" > "$OUT/report.json"
