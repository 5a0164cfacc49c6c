#!/usr/bin/env bash
# The default-model recipe sized for about 10 minutes on one GPU (device cuda; 16 cores for generation):
# runs/default_model_recipe.sh at SCALE=gpu. EI samples with the torch engine on the GPU: `train ei`
# reloads each round's retrained weights, which its openai engine (a vLLM server) cannot, and it has
# no in-process vLLM engine; the evaluations sample with vLLM where it is installed (EVAL_ENGINE).
# TINY=1 runs it at toy size on the CPU (the test does). Usage: bash runs/gpu_default_model.sh [OUT]
set -euo pipefail
if [ "${TINY:-0}" = 1 ]; then export SCALE=tiny DEVICE=${DEVICE:-cpu}; else export SCALE=${SCALE:-gpu}; fi
exec bash "$(dirname "$0")/default_model_recipe.sh" "${1:-runs/out/default-$SCALE}"
