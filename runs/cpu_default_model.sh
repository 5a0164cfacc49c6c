#!/usr/bin/env bash
# How the default model is made on a 2-core CPU (about 2.5 hours): runs/default_model_recipe.sh at SCALE=cpu
# (data with user-style theorems, SFT, expert iteration with the training defaults, pass@k against
# training time). Resumable: a rerun skips finished stages and continues a killed one from its last
# checkpoint; larger SFT_SECONDS or ROUNDS continue training. TINY=1: every stage at toy size (seconds).
# Usage: bash runs/cpu_default_model.sh [OUT]   (SHIP=1 also replaces py/gentzen/assets/default_model)
# INIT=DIR continues a finished model (e.g. the shipped one) in a new OUT; see default_model_recipe.sh
# The previous recipes: runs/cpu_default_model_v2.sh (issue 12) and git history.
set -euo pipefail
if [ "${TINY:-0}" = 1 ]; then export SCALE=tiny; else export SCALE=${SCALE:-cpu}; fi
exec bash "$(dirname "$0")/default_model_recipe.sh" "${1:-runs/out/default-$SCALE}"
