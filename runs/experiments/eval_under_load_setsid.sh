#!/usr/bin/env bash
# Kept as run (paths under $WORK, default /tmp/gentzen-measure): the measurement behind docs/results.md, issue 10.
# C2 v3: eval idle vs a CPU hog in its own session (another job), alternating; threads rerun
# (idle/busy interleaved); state vs whole models trained 300 s each on the same data; formats bench.
set -u
cd "$(dirname "$0")/../.."
OUT=${WORK:-/tmp/gentzen-measure}/v3; mkdir -p $OUT
hog_start() { setsid python3 -c 'while True: pass' & HOG=$!; sleep 0.5; }
hog_stop() { kill $HOG; wait $HOG 2>/dev/null; }
echo "start $(date -u +%T) loadavg $(cat /proc/loadavg)"
for i in 1 2 3; do
  for load in idle busy; do
    [ $load = busy ] && hog_start
    s=$(date +%s.%N); python3 -m gentzen.cli.main eval passk --limit 10 --json > $OUT/eval_${load}_$i.json 2>/dev/null; e=$(date +%s.%N)
    [ $load = busy ] && hog_stop
    echo "eval pair $i $load (hog in own session): $(python3 -c "print(round($e-$s,2))") s  (loadavg after $(cut -d' ' -f1-3 /proc/loadavg))"
  done
done
python3 -m gentzen.cli.main bench sampler --theorems 5 --samples 4 --json > $OUT/sampler.json 2> $OUT/sampler.err
echo "sampler done $(date -u +%T) loadavg $(cat /proc/loadavg)"
for f in state whole; do
  python3 -m gentzen.cli.main train sft --data ${WORK:-/tmp/gentzen-measure}/gen3k.jsonl --format $f --seconds 300 --preset small \
      --threads 1 --eval-split dev --out ${WORK:-/tmp/gentzen-measure}/m300_$f --no-resume 2>&1 | tail -1
done
echo "train done $(date -u +%T) loadavg $(cat /proc/loadavg)"
python3 -m gentzen.cli.main bench sampler --threads 1 --no-busy --no-base --theorem-set ${WORK:-/tmp/gentzen-measure}/heldout_short.jsonl \
    --theorems 30 --samples 8 --model ${WORK:-/tmp/gentzen-measure}/m300_whole --state-model ${WORK:-/tmp/gentzen-measure}/m300_state --json > $OUT/sampler_formats.json 2> $OUT/sampler_formats.err
echo "formats done $(date -u +%T) loadavg $(cat /proc/loadavg)"
