#!/usr/bin/env bash
# Issue 21 (c): CE vs GEM vs CE×UA vs CE×guided CAT weights. Expert iteration from the model on the
# first TARGETS train-split theorems of a fresh `gentzen gen GEN` file (not frontier-picked: this
# compares training losses on the model's own distribution), ROUNDS rounds of SAMPLES guided attempts,
# every other setting `train ei`'s default (replay of the model's own data, buffer, lr, epochs). Round
# 1's samples are seeded by (seed, round, theorem) from the same start model, so the ce run's
# round-001.samples.jsonl is copied into the other three runs (identical by construction).
# Then the start model (base) and each arm's last round on the first HELDOUT held-out theorems of the
# same file (never trained on: the split is by the statement's hash): guided sampling, n = EVAL_N, and
# best-first search, BF_N runs of BF_EXPANSIONS expansions; pass@1 and pass@n, each arm paired with
# base and with ce (`gentzen eval compare --json`: exact McNemar on solved-within-n).
# Usage: bash runs/experiments/ei_weights_heldout.sh [OUT]      (resumable: re-run the same command)
#   env: M, TARGETS=1000, ROUNDS=1, SAMPLES=16, HELDOUT=100, EVAL_N=64, BF_N=64, BF_EXPANSIONS=16,
#        GEN="--count 3000 --seed 11", SEED=0 (EI sampling, replay, training; evals use seed 0);
#        TINY=1: the fixture model, 8 targets, one round, 6 held-out
set -euo pipefail
source "$(dirname "$0")/expt_common.sh"
OUT=${1:-runs/out/ei_weights}
if [ "$TINY" = 1 ]; then
  M=${M:-$TINY_MODEL} TARGETS=${TARGETS:-8} ROUNDS=${ROUNDS:-1} SAMPLES=${SAMPLES:-4} HELDOUT=${HELDOUT:-6}
  EVAL_N=${EVAL_N:-4} BF_N=${BF_N:-2} BF_EXPANSIONS=${BF_EXPANSIONS:-4} GEN=${GEN:-$TINY_GEN}
else
  M=${M:-py/gentzen/assets/default_model} TARGETS=${TARGETS:-1000} ROUNDS=${ROUNDS:-1} SAMPLES=${SAMPLES:-16}
  HELDOUT=${HELDOUT:-100} EVAL_N=${EVAL_N:-64} BF_N=${BF_N:-64} BF_EXPANSIONS=${BF_EXPANSIONS:-16}
  GEN=${GEN:-"--count 3000 --seed 11"}
fi
SEED=${SEED:-0}
mkdir -p "$OUT"
# shellcheck disable=SC2086
stage "$OUT/gen.json" gz gen $GEN --out "$OUT/gen.jsonl" --json

ei() {  # NAME LOSS WEIGHTS
  stage "$OUT/$1.json" gz train ei --model "$M" --targets "$OUT/gen.jsonl" --split train --limit "$TARGETS" \
      --rounds "$ROUNDS" --samples "$SAMPLES" --loss "$2" --weights "$3" --threads 1 --seed "$SEED" --resume \
      --out "$OUT/$1" --json
}
ev() {  # NAME MODEL
  stage "$OUT/eval-$1.json" gz eval "$OUT/gen.jsonl" --split heldout --limit "$HELDOUT" --model "$2" \
      --method guided -n "$EVAL_N" --k "1,$EVAL_N" --threads 1 --seeds 0 --out "$OUT/eval-$1" --json
  stage "$OUT/evalbf-$1.json" gz eval "$OUT/gen.jsonl" --split heldout --limit "$HELDOUT" --model "$2" \
      --method bestfirst -n "$BF_N" --k "1,$BF_N" --option "bestfirst.expansions=$BF_EXPANSIONS" --threads 1 \
      --seeds 0 --out "$OUT/evalbf-$1" --json
}
last=round-$(printf %03d "$ROUNDS")
# each arm's evals follow its training, so a session that ends between arms leaves finished figures and a
# carry (carry_runs.py --drop 'NAME/round-001/*') need not keep the model of an arm already evaluated
arm() {  # NAME LOSS WEIGHTS
  if [ "$1" != ce ]; then
    mkdir -p "$OUT/$1"
    # round 1 is seeded by (seed, round, theorem) from the same model: ce's samples are this arm's (absent
    # after a carry that dropped them, the arm samples them again, to the same records)
    [ -f "$OUT/$1/round-001.samples.jsonl" ] || [ ! -f "$OUT/ce/round-001.samples.jsonl" ] ||
      cp "$OUT/ce/round-001.samples.jsonl" "$OUT/$1/"
  fi
  ei "$@"
  ev "$1" "$OUT/$1/$last"
}
arm ce ce none
ev base "$M"
pair 'arm gem gem none' 'arm ua ce ua'
arm guided ce guided
ARMS=(ce gem ua guided)
for a in "${ARMS[@]}"; do
  for ref in base ce; do
    [ "$a" = "$ref" ] && continue
    stage "$OUT/cmp-guided-$ref-$a.json" gz eval compare "$OUT/eval-$ref" "$OUT/eval-$a" --no-plot --json
    stage "$OUT/cmp-bestfirst-$ref-$a.json" gz eval compare "$OUT/evalbf-$ref" "$OUT/evalbf-$a" --no-plot --json
  done
done
stage "$OUT/summary.json" "$PY" "$HERE/expt_summary.py" c "$OUT" --arms "${ARMS[@]}"
cat "$OUT/summary.json"
