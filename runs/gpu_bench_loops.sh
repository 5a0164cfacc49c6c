#!/usr/bin/env bash
# `gentzen bench loops` on a GPU machine: the learning loops' sampling rate against the engine's raw
# batch-64 decode rate, on CUDA and, on the same machine and in the same script, on its CPU (the
# baseline any GPU figure is compared with). Writes one JSON per run to OUT (default runs/out/gpu_loops).
# Usage: bash runs/gpu_bench_loops.sh [OUT] [THEOREMS] [SAMPLES]
# Not yet run: no GPU was lent to the session that wrote it (docs/results.md, issue 35).
set -euo pipefail
OUT=${1:-runs/out/gpu_loops}
THEOREMS=${2:-64}
SAMPLES=${3:-64}
mkdir -p "$OUT"
G="${GENTZEN:-gentzen}"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader > "$OUT/gpu.txt" || {
    echo "error: nvidia-smi found no GPU" >&2; exit 2; }
for device in cuda cpu; do
    # the CPU run is the smaller default size: the same set would take hours on one core
    if [ "$device" = cuda ]; then size=(--theorems "$THEOREMS" --samples "$SAMPLES");
    else size=(--theorems 12 --samples 16); fi
    $G bench loops --device "$device" --threads 1 "${size[@]}" > "$OUT/loops_$device.json"
done
if python3 -c 'import vllm' 2>/dev/null; then
    $G bench loops --engine vllm --theorems "$THEOREMS" --samples "$SAMPLES" > "$OUT/loops_vllm.json"
else
    echo "vllm not importable here: the vllm run skipped" > "$OUT/loops_vllm.skipped"
fi
echo "$OUT: $(ls "$OUT" | tr '\n' ' ')"
