#!/usr/bin/env bash
# Issue 40, item 1's second target set: test-time EI vs sampling more on the exercise-style statements the
# issue-40 base model fails at 64 guided samples (public exercises 19 of 128, fresh exercises 14 of 69:
# runs/experiments/data/frontier/exercise_failures40.jsonl, taken from docs/prover41/ex_after.jsonl and
# fx_base_set.jsonl, the base's records in docs/results.md's issue-41 table). The arms and settings are
# ttei_vs_sample_more.sh's (issue 40 (a): 32 samples per target a round, up to 5 × 64), run one after the
# other on one core (the other core carries the long runs), so each arm's seconds are its own.
# The TTRL arm on the same targets and its --match control: the commands in docs/results.md ("Item 1's second set").
# Usage: bash runs/experiments/ttei_exercises.sh [OUT]    (resumable: re-run the same command)
#   env: M (default the issue-40 base), SEEDS="0 1"
set -euo pipefail
source "$(dirname "$0")/expt_common.sh"
OUT=${1:-runs/out/ttei40ex}
M=${M:-runs/experiments/data/models/issue40_base}
SEEDS=${SEEDS:-"0 1"}
TARGETS_FILE=${TARGETS_FILE:-$HERE/data/frontier/exercise_failures40.jsonl}
mkdir -p "$OUT"
if [ -e "$OUT/targets.jsonl" ] && ! cmp -s "$TARGETS_FILE" "$OUT/targets.jsonl"; then
  echo "error: $OUT/targets.jsonl differs from $TARGETS_FILE (use a new OUT)" >&2; exit 2
fi
cp "$TARGETS_FILE" "$OUT/targets.jsonl"
for s in $SEEDS; do
  for a in control ei; do
    stage "$OUT/$a-s$s.json" gz ttrl "$OUT/targets.jsonl" --model "$M" --arm "$a" --samples 32 \
        --samples-per-target 320 --rounds 1000 --threads 1 --seed "$s" --resume --out "$OUT/$a-s$s" --json
  done
done
# shellcheck disable=SC2086
stage "$OUT/summary.json" "$PY" "$HERE/expt_summary.py" a "$OUT" --budget 64 --multiples 5 --seeds $SEEDS --plot "$OUT/solved.png"
cat "$OUT/summary.json"
