#!/usr/bin/env bash
# Issue 12's four-way comparison at pass@64: one EI round from the shipped model with CE, GEM,
# CE x UA weights and CE x guided weights (the same round-1 samples for all four), then guided
# sampling (n = 64) and best-first search on held-out theorems, paired against CE.
# Usage: bash runs/experiments/ei_losses_pass64.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-runs/out/ei4}
M=${M:-py/gentzen/assets/default_model}
mkdir -p "$OUT"
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1
gentzen gen --count 3000 --seed 11 --out "$OUT/gen.jsonl" --json
ei() {  # NAME LOSS WEIGHTS
  gentzen train ei --model "$M" --targets "$OUT/gen.jsonl" --split dev --limit 100 --rounds 1 --samples 16 \
      --steps 40 --batch 16 --lr 3e-4 --replay "$OUT/gen.jsonl:64" --threads 1 --seed 0 \
      --loss "$2" --weights "$3" --out "$OUT/$1" --resume > "$OUT/$1.log" 2>&1
}
ei ce ce none
for n in gem ua guided; do  # round 1's samples are seeded by (seed, round, theorem): identical by construction
  mkdir -p "$OUT/$n" && cp "$OUT/ce/round-001.samples.jsonl" "$OUT/$n/"
done
ei gem gem none & ei ua ce ua; wait
ei guided ce guided
ev() {  # NAME MODEL
  gentzen eval "$OUT/gen.jsonl" --split heldout --limit 60 --model "$2" --method guided -n 64 --k 1,8,64 \
      --threads 1 --seeds 0 --out "$OUT/eval-$1" --json > /dev/null
  gentzen eval "$OUT/gen.jsonl" --split heldout --limit 60 --model "$2" --method bestfirst -n 4 --k 1,4 \
      --option bestfirst.expansions=16 --threads 1 --seeds 0 --out "$OUT/evalbf-$1" --json > /dev/null
}
ev base "$M" & ev ce "$OUT/ce/round-001"; wait
ev gem "$OUT/gem/round-001" & ev ua "$OUT/ua/round-001"; wait
ev guided "$OUT/guided/round-001"
for n in base gem ua guided; do
  gentzen eval compare "$OUT/eval-ce" "$OUT/eval-$n" --no-plot
  gentzen eval compare "$OUT/evalbf-ce" "$OUT/evalbf-$n" --no-plot
done
