#!/usr/bin/env bash
# Issue 14's CPU-scale replication: dev theorems of 7-14 lines the shipped model fails at 64 plain
# samples, then every arm at the same budget in samples per target (targets and variants together),
# two arms at a time (one core each). Results and the chart: docs/results.md ("Test-time RL").
# Usage: bash runs/experiments/ttrl_replication.sh [OUT]   (TARGETS=32 SPT=400 SAMPLES=16 VARIANTS=8)
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-runs/out/ttrl}
M=${M:-py/gentzen/assets/default_model}
TARGETS=${TARGETS:-32} SPT=${SPT:-400} SAMPLES=${SAMPLES:-16} VARIANTS=${VARIANTS:-8}
mkdir -p "$OUT"
export OMP_NUM_THREADS=1 HF_HUB_OFFLINE=1

# 1. targets: fresh dev theorems (the split is by hash of the canonical statement, so no dev
#    statement is ever trained on), 7-14 reference lines, no success in 64 plain samples at T 1.0
gentzen gen --count 4000 --seed 7 --out "$OUT/gen.jsonl" --json
gentzen eval "$OUT/gen.jsonl" --split dev --lines 7-14 --limit 160 --model "$M" --method plain -n 64 \
    --k 1,64 --threads 1 --seeds 0 --out "$OUT/pick" --json > "$OUT/pick.json"
python3 - "$OUT" "$TARGETS" <<'EOF'
import json, sys
out, want = sys.argv[1], int(sys.argv[2])
rows = [json.loads(l) for l in open(f"{out}/pick/theorems.jsonl")]
failed = [r for r in rows if r["c"] == 0]
print(f"{len(failed)} of {len(rows)} candidates failed at 64 plain samples; taking {min(want, len(failed))}", file=sys.stderr)
with open(f"{out}/targets.jsonl", "w") as f:
    for r in failed[:want]:
        f.write(json.dumps({"name": r["name"], "theorem": r["theorem"], "lines": r["lines"]}) + "\n")
EOF

# 2. the arms, same seed, same budget in samples per target; control spends ttrl's samples per round
common=(--model "$M" --samples-per-target "$SPT" --rounds 50 --threads 1 --seed 0 --resume)
arm() {  # NAME ARGS…
  local name=$1; shift
  gentzen ttrl "$OUT/targets.jsonl" "${common[@]}" "$@" --out "$OUT/$name" > "$OUT/$name.log" 2>&1
}
arm ttrl --arm ttrl --samples "$SAMPLES" --max-variants "$VARIANTS" &
arm ei --arm ei --samples $(( SAMPLES * 3 )) &
wait
arm control --arm control --match "$OUT/ttrl" &
arm unrelated --arm unrelated --samples "$SAMPLES" --max-variants "$VARIANTS" &
wait
arm ei-then-ttrl --arm ei-then-ttrl --samples "$SAMPLES" --max-variants "$VARIANTS" --patience 1
gentzen ttrl report "$OUT"/{control,ei,ttrl,unrelated,ei-then-ttrl} --plot "$OUT/compare.png" > "$OUT/report.txt"
gentzen ttrl report "$OUT"/{control,ei,ttrl,unrelated,ei-then-ttrl} --json > "$OUT/report.json"
cat "$OUT/report.txt"
