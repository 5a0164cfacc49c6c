#!/usr/bin/env bash
# How the shipped model (py/gentzen/assets/default_model) was made, on a 2-core CPU (~30 minutes).
# Kept for provenance; runs/cpu_default_model.sh is the current recipe (issue 23).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p runs/out
gentzen gen --count 60000 --seed 1 --out runs/out/train60k.jsonl --json
gentzen train sft --data runs/out/train60k.jsonl --format whole --seconds 1500 \
    --out py/gentzen/assets/default_model --preset small --eval-split dev --threads 2 --seed 0 --no-resume
rm -f py/gentzen/assets/default_model/train_state.pt   # optimizer state: not shipped
