#!/usr/bin/env bash
# A Slurm array evaluation: task I of N runs shard I/N of the theorem list into its own resumable run folder
# (gentzen reads SLURM_ARRAY_TASK_ID/SLURM_ARRAY_TASK_COUNT/SLURM_ARRAY_TASK_MIN itself); a dependent job merges.
#   sbatch --array=0-3 docs/scale/slurm-eval-array.sh            # 4 shards
#   sbatch --dependency=afterok:JOBID docs/scale/slurm-eval-array.sh merge 4
# Sampling goes to model servers when MODEL_URLS is set ("http://gpu1:8000 http://gpu2:8000": `vllm serve` replicas,
# see docs/scale.md), else each task loads the model itself (then ask for a GPU per task).
# Not run under Slurm here: tests/e2e/test_scale_scripts.py runs it with the array variables set by hand.
#SBATCH --job-name=gentzen-eval
#SBATCH --cpus-per-task=4
#SBATCH --time=04:00:00
#SBATCH --output=logs/%x-%A_%a.out
set -euo pipefail
SET=${SET:-textbook}
OUT=${OUT:-runs/eval-$SET}
ARGS=${ARGS:---method guided,plain -n 64}
if [ "${1:-}" = "merge" ]; then
  n=${2:?merge needs the shard count}
  shards=(); for ((i = 0; i < n; i++)); do shards+=("$OUT/shard-$i"); done
  exec gentzen eval merge "${shards[@]}" --out "$OUT/merged"
fi
i=$(( SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0} ))
engine=()
for u in ${MODEL_URLS:-}; do engine+=(--base-url "$u"); done
[ ${#engine[@]} -gt 0 ] && engine=(--engine openai "${engine[@]}")
# shellcheck disable=SC2086  # ARGS is a list of options
exec gentzen eval "$SET" $ARGS "${engine[@]}" --out "$OUT/shard-$i"
