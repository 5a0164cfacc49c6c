#!/usr/bin/env bash
# Issue 12's measurements of the rebuilt shipped model against the old one: the shipped textbook set
# and held-out generated theorems of 7-14 lines, guided sampling, 64 samples at T 1.0, one core each
# side by side, then the paired comparison. Figures: docs/results.md ("The shipped model").
# Usage: bash runs/experiments/default_model_v2_eval.sh NEW_MODEL OLD_MODEL [OUT]
set -euo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 2 ] || { echo "usage: bash runs/experiments/default_model_v2_eval.sh NEW_MODEL OLD_MODEL [OUT]" >&2; exit 2; }
NEW=$1 OLD=$2 OUT=${3:-runs/out/eval-v2}
mkdir -p "$OUT"
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1
ev() {  # NAME MODEL SET ARGS…
  local name=$1 model=$2 set=$3; shift 3
  gentzen eval "$set" --model "$model" --method guided -n 64 --k 1,8,64 --threads 1 --seeds 0 "$@" \
      --out "$OUT/$name" --json > "$OUT/$name.json"
}
ev textbook-new "$NEW" textbook & ev textbook-old "$OLD" textbook; wait
# held-out: a fresh generation; its heldout split is by hash of the canonical statement, never trained on
gentzen gen --count 4000 --seed 9 --out "$OUT/heldout-gen.jsonl" --json
ho=(--split heldout --lines 7-14 --limit 150)
ev heldout-new "$NEW" "$OUT/heldout-gen.jsonl" "${ho[@]}" & ev heldout-old "$OLD" "$OUT/heldout-gen.jsonl" "${ho[@]}"; wait
for s in textbook heldout; do
  gentzen eval compare "$OUT/$s-old" "$OUT/$s-new" --plot "$OUT/compare-$s.png" --json > "$OUT/compare-$s.json"
  gentzen eval compare "$OUT/$s-old" "$OUT/$s-new" --no-plot
done
