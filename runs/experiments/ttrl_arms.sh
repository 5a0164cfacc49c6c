#!/usr/bin/env bash
# Issue 21 (b): the test-time RL arms at matched samples per target (targets and variants together).
# Targets: the model's frontier, fresh dev theorems of REF_LINES reference lines with no verified proof in
# PICK_N plain samples (T 1.0, seed 0), the first TARGETS of the first CANDIDATES (expt_common.sh).
# Arms (`gentzen ttrl --arm …`, seed SEED, budget SPT samples per target, ttrl's other defaults:
# depth-2 variants, GEM, replay, composition), two at a time:
#   ttrl (own variants, at most VARIANTS per target: all ~200 depth-2 variants would spend the budget
#   in one round), ei (targets only, 3 × SAMPLES per round, as many updates), control (--match ttrl:
#   ttrl's samples per round, all on the targets, no training), unrelated (other targets' variants),
#   ei-then-ttrl (--patience 1), sdpo (per-theorem SDPO, group SAMPLES, SPT / SAMPLES iterations;
#   when train sdpo refuses, its teacher gap not positive, the report leaves it out and summary.json
#   says why under "failed"; FORCE=1 runs it anyway)
# report.json/report.txt: `gentzen ttrl report` (matched counts, union, differences, per target);
# summary.json: per arm, and each arm paired with ttrl at the pair's matched samples (exact McNemar).
# Usage: bash runs/experiments/ttrl_arms.sh [OUT]      (resumable: re-run the same command)
#   env: M, TARGETS=32, SPT=400, SAMPLES=16, VARIANTS=8, DEPTH=2, SEED=0, FORCE=0 (1: sdpo past the
#        teacher-gap gate), SDPO=1 (0: no sdpo arm; per-theorem SDPO updates after every group, so
#        at SPT/SAMPLES iterations per target it costs hours on 2 cores: (e) runs it at 64),
#        CANDIDATES=160, PICK_N=64, REF_LINES=7-14, GEN="--count 4000 --seed 7";
#        TINY=1: the fixture model, 4 targets, one round each;
#        TARGETS_FILE: the first TARGETS lines of this file instead of picking (issue 40 (b):
#        TARGETS_FILE=runs/experiments/data/frontier/targets40.jsonl TARGETS=64 SPT=2000 SDPO=0)
set -euo pipefail
source "$(dirname "$0")/expt_common.sh"
OUT=${1:-runs/out/ttrl_arms}
if [ "$TINY" = 1 ]; then
  M=${M:-$TINY_MODEL} TARGETS=${TARGETS:-4} SPT=${SPT:-4} SAMPLES=${SAMPLES:-4} VARIANTS=${VARIANTS:-2}
  FORCE=${FORCE:-1} CANDIDATES=${CANDIDATES:-16} PICK_N=${PICK_N:-4} REF_LINES=${REF_LINES:-1-3} GEN=${GEN:-$TINY_GEN}
else
  M=${M:-py/gentzen/assets/default_model} TARGETS=${TARGETS:-32} SPT=${SPT:-400} SAMPLES=${SAMPLES:-16}
  VARIANTS=${VARIANTS:-8} FORCE=${FORCE:-0} CANDIDATES=${CANDIDATES:-160} PICK_N=${PICK_N:-64}
  REF_LINES=${REF_LINES:-7-14} GEN=${GEN:-"--count 4000 --seed 7"}
fi
DEPTH=${DEPTH:-2} SEED=${SEED:-0} SDPO=${SDPO:-1}
mkdir -p "$OUT"
forget "$OUT" report.txt report.json summary.json
if [ -n "${TARGETS_FILE:-}" ]; then  # the same targets on a resumed run: others would mix arms' targets
  head -n "$TARGETS" "$TARGETS_FILE" > "$OUT/targets.new"
  if [ -e "$OUT/targets.jsonl" ] && ! cmp -s "$OUT/targets.new" "$OUT/targets.jsonl"; then
    rm -f "$OUT/targets.new"
    echo "error: $OUT/targets.jsonl differs from the first $TARGETS of TARGETS_FILE=$TARGETS_FILE (use a new OUT)" >&2; exit 2
  fi
  mv "$OUT/targets.new" "$OUT/targets.jsonl"
else
  pick_targets "$OUT" "$GEN" "$REF_LINES" "$CANDIDATES" "$PICK_N" "$TARGETS"
fi

arm() {  # NAME ARGS…   (STAGE=try_stage: its failure is a result)
  local name=$1; shift
  ${STAGE:-stage} "$OUT/$name.json" gz ttrl "$OUT/targets.jsonl" --model "$M" --arm "$name" --threads 1 --seed "$SEED" \
      --resume --out "$OUT/$name" --json "$@"
}
budget=(--samples-per-target "$SPT" --rounds 1000)
var=(--depth "$DEPTH" --max-variants "$VARIANTS" --samples "$SAMPLES")
force=(); [ "$FORCE" = 1 ] && force=(--force)
pair 'arm ttrl "${budget[@]}" "${var[@]}"' 'arm ei "${budget[@]}" --samples $(( 3 * SAMPLES ))'
pair 'arm control "${budget[@]}" --match "$OUT/ttrl"' 'arm unrelated "${budget[@]}" "${var[@]}"'
eit='arm ei-then-ttrl "${budget[@]}" "${var[@]}" --patience 1'
if [ "$SDPO" = 1 ]; then
  pair "$eit" 'STAGE=try_stage arm sdpo --samples "$SAMPLES" --rounds $(( (SPT + SAMPLES - 1) / SAMPLES )) "${force[@]}"'
else
  eval "$eit"
fi
ARMS=(ttrl control unrelated ei ei-then-ttrl)
if [ -e "$OUT/sdpo.json" ]; then ARMS+=(sdpo); fi
stage "$OUT/report.txt" gz ttrl report "${ARMS[@]/#/$OUT/}" --plot "$OUT/compare.png"
stage "$OUT/report.json" gz ttrl report "${ARMS[@]/#/$OUT/}" --json
stage "$OUT/summary.json" "$PY" "$HERE/expt_summary.py" b "$OUT" --arms "${ARMS[@]}"
cat "$OUT/summary.json"
