#!/usr/bin/env bash
# Issue 21 (e): per-theorem SDPO vs sampling more, at matched samples per target.
# Targets: the model's frontier, fresh dev theorems of REF_LINES reference lines with no verified proof in
# PICK_N plain samples (T 1.0, seed 0), the first TARGETS of the first CANDIDATES (expt_common.sh).
# Arms, per seed in SEEDS, both from the model and at most ITERATIONS × GROUP guided samples per target:
#   sdpo         `gentzen train sdpo` per-theorem (sample a group, check, stop when solved, else one
#                update toward the teacher shown the checker's feedback), every other setting default
#   sample_more  `gentzen eval --method guided -n ITERATIONS×GROUP --seeds SEED` (no training)
# SDPO reads the targets with their reference proofs (targets_ref.jsonl): its teacher gap before training
# scores them (and the group's verified proofs); nothing trains on them.
# summary.json: solved per arm paired per target (exact McNemar, Newcombe interval), samples and tokens
# drawn, and the teacher gap (train sdpo's "teacher_gap": before training, and per iteration, mean over
# the theorems whose iteration had verified proofs to measure it on).
# train sdpo refuses to train when the teacher gap is not positive; FORCE=1 passes --force past that gate.
# A refusal is a result: summary.json records it ("sdpo_failed") beside the teacher gap and sampling more.
# Usage: bash runs/experiments/sdpo_vs_sample_more.sh [OUT]      (resumable: re-run the same command)
#   env: M, TARGETS=32, ITERATIONS=8, GROUP=8, SEEDS="0 1 2", FORCE=0, CANDIDATES=160, PICK_N=64,
#        REF_LINES=7-14, GEN="--count 4000 --seed 7"; TINY=1: the fixture model, 4 targets, 2 iterations of 4
set -euo pipefail
source "$(dirname "$0")/expt_common.sh"
OUT=${1:-runs/out/sdpo_vs_more}
if [ "$TINY" = 1 ]; then
  M=${M:-$TINY_MODEL} TARGETS=${TARGETS:-4} ITERATIONS=${ITERATIONS:-2} GROUP=${GROUP:-4} SEEDS=${SEEDS:-0}
  FORCE=${FORCE:-1} CANDIDATES=${CANDIDATES:-16} PICK_N=${PICK_N:-4} REF_LINES=${REF_LINES:-1-3} GEN=${GEN:-$TINY_GEN}
else
  M=${M:-py/gentzen/assets/default_model} TARGETS=${TARGETS:-32} ITERATIONS=${ITERATIONS:-8} GROUP=${GROUP:-8}
  SEEDS=${SEEDS:-"0 1 2"} FORCE=${FORCE:-0} CANDIDATES=${CANDIDATES:-160} PICK_N=${PICK_N:-64}
  REF_LINES=${REF_LINES:-7-14} GEN=${GEN:-"--count 4000 --seed 7"}
fi
mkdir -p "$OUT"
forget "$OUT" summary.json
pick_targets "$OUT" "$GEN" "$REF_LINES" "$CANDIDATES" "$PICK_N" "$TARGETS"

stage "$OUT/targets_ref.json" "$PY" "$HERE/frontier_pick.py" --with-proofs "$OUT/targets.jsonl" "$OUT/gen.jsonl" \
    "$OUT/targets_ref.jsonl"
N=$(( ITERATIONS * GROUP ))
force=(); [ "$FORCE" = 1 ] && force=(--force)
sdpo() {  # SEED
  try_stage "$OUT/sdpo-s$1.json" gz train sdpo --model "$M" --theorems "$OUT/targets_ref.jsonl" \
      --iterations "$ITERATIONS" --group "$GROUP" --seed "$1" --threads 1 --resume --out "$OUT/sdpo-s$1" --json "${force[@]}"
}
more() {  # SEED
  stage "$OUT/more-s$1.json" gz eval "$OUT/targets.jsonl" --model "$M" --method guided -n "$N" --k "1,$N" \
      --threads 1 --seeds "$1" --out "$OUT/more-s$1" --json
}
for s in $SEEDS; do
  pair "sdpo $s" "more $s"
done
# shellcheck disable=SC2086
stage "$OUT/summary.json" "$PY" "$HERE/expt_summary.py" e "$OUT" --seeds $SEEDS
cat "$OUT/summary.json"
