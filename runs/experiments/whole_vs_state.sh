#!/usr/bin/env bash
# Issue 21 (d): whole proofs vs the proof-state format, each trained from scratch by `gentzen train sft`
# for the same TRAIN_SECONDS of wall-clock, side by side (one core each), on the same data and seed, every
# other setting train sft's default (the shipped model's: preset small, vocab 1024, batch 32, lr 2e-3).
# Data: DATA if given, else `gentzen gen GEN` (default: the shipped model's own data, 60,000 theorems,
# seed 1). Both models are then evaluated on the first EVAL_LIMIT dev and held-out theorems of the data
# (never trained on: the split is by the statement's hash) with METHOD, n = EVAL_N, pass@k for K; each
# split paired (`gentzen eval compare --json`: exact McNemar on solved-within-n), and the cost per
# solved theorem (sampled tokens and wall seconds over theorems solved) as a state/whole ratio.
# No targets are picked: both formats see the same splits.
# Usage: bash runs/experiments/whole_vs_state.sh [OUT]      (resumable: re-run the same command)
#   env: DATA, GEN="--count 60000 --seed 1", TRAIN_SECONDS=1500 (each), SFT_ARGS="" (extra train sft options),
#        SEED=0 (training; evals use seed 0), METHOD=guided, EVAL_N=64, K=1,8,64, EVAL_LIMIT=100;
#        TINY=1: the fixture model's data, preset tiny, 5 s each
set -euo pipefail
source "$(dirname "$0")/expt_common.sh"
OUT=${1:-runs/out/whole_vs_state}
if [ "$TINY" = 1 ]; then
  GEN=${GEN:-$TINY_GEN} TRAIN_SECONDS=${TRAIN_SECONDS:-5} EVAL_N=${EVAL_N:-4} K=${K:-1,4} EVAL_LIMIT=${EVAL_LIMIT:-6}
  SFT_ARGS=${SFT_ARGS:-"--preset tiny --vocab-size 400 --batch-size 16 --lr 3e-3 --eval-every 0"}
else
  GEN=${GEN:-"--count 60000 --seed 1"} TRAIN_SECONDS=${TRAIN_SECONDS:-1500} EVAL_N=${EVAL_N:-64} K=${K:-1,8,64}
  EVAL_LIMIT=${EVAL_LIMIT:-100} SFT_ARGS=${SFT_ARGS:-}
fi
METHOD=${METHOD:-guided} SEED=${SEED:-0}
mkdir -p "$OUT"
if [ -z "${DATA:-}" ]; then
  DATA=$OUT/data.jsonl
  # shellcheck disable=SC2086
  stage "$OUT/data.json" gz gen $GEN --out "$DATA" --json
fi

sft() {  # FORMAT
  # shellcheck disable=SC2086
  stage "$OUT/sft-$1.txt" gz train sft --data "$DATA" --format "$1" --seconds "$TRAIN_SECONDS" --max-steps 0 \
      --threads 1 --seed "$SEED" --out "$OUT/sft-$1" $SFT_ARGS
}
pair 'sft whole' 'sft state'

ev() {  # FORMAT SPLIT
  stage "$OUT/eval-$1-$2.json" gz eval "$DATA" --split "$2" --limit "$EVAL_LIMIT" --model "$OUT/sft-$1" \
      --method "$METHOD" -n "$EVAL_N" --k "$K" --threads 1 --seeds 0 --out "$OUT/eval-$1-$2" --json
}
for sp in dev heldout; do
  pair "ev whole $sp" "ev state $sp"
  stage "$OUT/cmp-$sp.json" gz eval compare "$OUT/eval-whole-$sp" "$OUT/eval-state-$sp" --no-plot --json
done
stage "$OUT/summary.json" "$PY" "$HERE/expt_summary.py" d "$OUT" --splits dev heldout
cat "$OUT/summary.json"
