"""gentzen.engines: prompts in, sampled completions out (see `base` for the contract).

Backends load lazily: `load_engine(path, "torch")` needs the train extra (a plain Llama runs on torch
alone, anything else on transformers; `impl=` and `threads=` pass through), `"vllm"` the vllm extra.
"""

from __future__ import annotations

from gentzen.engines.base import Completion, Engine, EngineStats
from gentzen.engines.fake import FakeEngine

BACKENDS = ("torch", "vllm")


def load_engine(model: str, backend: str = "torch", **kwargs) -> Engine:
    """An engine serving the model directory `model` (gentzen's or any local HF causal LM)."""
    if backend == "torch":
        from gentzen.engines.torch_engine import TorchEngine

        return TorchEngine.from_pretrained(model, **kwargs)
    if backend == "vllm":
        from gentzen.engines.vllm_engine import VllmEngine

        return VllmEngine(model, **kwargs)
    from gentzen.errors import InputError

    raise InputError(f"unknown engine backend {backend!r}; choose one of {', '.join(BACKENDS)}")


__all__ = ["BACKENDS", "Completion", "Engine", "EngineStats", "FakeEngine", "load_engine"]
