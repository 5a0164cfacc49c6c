#!/usr/bin/env bash
# Issue 21 (a): test-time EI on failed targets vs sampling more, at matched samples, per seed.
# Targets: the model's frontier, fresh dev theorems of REF_LINES reference lines with no verified proof in
# PICK_N plain samples (T 1.0, seed 0), the first TARGETS of the first CANDIDATES (expt_common.sh).
# TARGETS_FILE: use these targets instead (e.g. issue 40's frontier, runs/experiments/data/frontier/failures.jsonl:
# held-out theorems failed by 64 guided samples, made by frontier_targets.py).
# Arms, for each seed in SEEDS, both up to MULT × BUDGET samples per target (the stated sample budget):
#   ei      `gentzen ttrl --arm ei`: sample the targets, fine-tune on the verified proofs (the default
#           recipe: GEM, replay of the model's own data, buffer), repeat; solved targets leave
#   control `gentzen ttrl --arm control`: the same sampler and rounds, no training (sampling more)
# solved.png: solved targets against samples per target and against seconds, both arms, each seed.
# summary.json: solved at 1× … MULT× BUDGET (the last round finished within it) per seed and arm,
# paired per target (only-ei b, only-control c, exact McNemar p, Newcombe 95% interval), seed spread.
# Usage: bash runs/experiments/ttei_vs_sample_more.sh [OUT]      (resumable: re-run the same command)
#   env: M, TARGETS=32, BUDGET=128, MULT=3, SAMPLES=32 (per target per round), SEEDS="0 1 2", CANDIDATES=160,
#        PICK_N=64, REF_LINES=7-14, GEN="--count 4000 --seed 7", TARGETS_FILE; TINY=1: the fixture model, 4 targets,
#        seeds 0 1. Issue 40 (a): TARGETS_FILE=runs/experiments/data/frontier/failures.jsonl BUDGET=64 MULT=5 SEEDS="0 1"
#        EI_ARGS: extra `gentzen ttrl run` options for the ei arm only (e.g. "--replay-share 0.33", a cheaper update);
#        the control arm does not train, so a run varying EI_ARGS may reuse another OUT's control-sN{,.json} (copy them)
#        Issue 40's runs (runs/out/ttei40*) started from the model shipped before the exercise model: resume them with
#        M=runs/experiments/data/models/issue40_base (ttrl matches a moved model by its weights)
#        SEQUENTIAL=1: the arms one after the other on one core (each arm's seconds its own) instead of side by side
#        (expt_common.sh's pair).
#        Issue 40, item 1's second set (the 33 exercise-style statements the issue-40 base fails at 64 guided samples,
#        from docs/prover41/ex_after.jsonl and fx_base_set.jsonl): TARGETS_FILE=runs/experiments/data/frontier/
#        exercise_failures40.jsonl M=runs/experiments/data/models/issue40_base BUDGET=64 MULT=5 SEQUENTIAL=1
#        (OUT runs/out/ttei40ex); its TTRL arm and --match control: the commands in docs/results.md
set -euo pipefail
source "$(dirname "$0")/expt_common.sh"
OUT=${1:-runs/out/ttei}
if [ "$TINY" = 1 ]; then
  M=${M:-$TINY_MODEL} TARGETS=${TARGETS:-4} BUDGET=${BUDGET:-4} SAMPLES=${SAMPLES:-4} SEEDS=${SEEDS:-"0 1"}
  CANDIDATES=${CANDIDATES:-16} PICK_N=${PICK_N:-4} REF_LINES=${REF_LINES:-1-3} GEN=${GEN:-$TINY_GEN}
else
  M=${M:-py/gentzen/assets/default_model} TARGETS=${TARGETS:-32} BUDGET=${BUDGET:-128} SAMPLES=${SAMPLES:-32}
  SEEDS=${SEEDS:-"0 1 2"} CANDIDATES=${CANDIDATES:-160} PICK_N=${PICK_N:-64} REF_LINES=${REF_LINES:-7-14}
  GEN=${GEN:-"--count 4000 --seed 7"}
fi
MULT=${MULT:-3}
mkdir -p "$OUT"
if [ -n "${TARGETS_FILE:-}" ]; then  # the same file on a resumed run: a different one would mix targets
  if [ -e "$OUT/targets.jsonl" ] && ! cmp -s "$TARGETS_FILE" "$OUT/targets.jsonl"; then
    echo "error: $OUT/targets.jsonl differs from TARGETS_FILE=$TARGETS_FILE (use a new OUT)" >&2; exit 2
  fi
  cp "$TARGETS_FILE" "$OUT/targets.jsonl"
else
  pick_targets "$OUT" "$GEN" "$REF_LINES" "$CANDIDATES" "$PICK_N" "$TARGETS"
fi

arm() {  # ARM SEED
  local extra=()
  # shellcheck disable=SC2206
  [ "$1" = ei ] && extra=(${EI_ARGS:-})
  stage "$OUT/$1-s$2.json" gz ttrl "$OUT/targets.jsonl" --model "$M" --arm "$1" --samples "$SAMPLES" \
      --samples-per-target $(( MULT * BUDGET )) --rounds 1000 --threads 1 --seed "$2" --resume \
      --out "$OUT/$1-s$2" --json "${extra[@]}"
}
for s in $SEEDS; do
  pair "arm control $s" "arm ei $s"
done
# shellcheck disable=SC2086
stage "$OUT/summary.json" "$PY" "$HERE/expt_summary.py" a "$OUT" --budget "$BUDGET" --multiples "$MULT" --seeds $SEEDS --plot "$OUT/solved.png"
cat "$OUT/summary.json"
