"""gentzen.engines: prompts in, sampled completions out (see `base` for the contract).

Backends load lazily: `load_engine(path, "torch")` needs the train extra (a plain Llama runs on torch
alone, anything else on transformers; `impl=` and `threads=` pass through), `"vllm"` the vllm extra,
`"openai"` (servers at `base_urls=[…]`, the directory's tokenizer builds the prompts) the serve extra.
Commands pick one with `open_engine(model, EngineChoice(...), device=, threads=)`.
"""

from __future__ import annotations

from dataclasses import dataclass

from gentzen.engines.base import Completion, Engine, EngineStats
from gentzen.engines.fake import FakeEngine

BACKENDS = ("torch", "vllm", "openai")


def load_engine(model: str, backend: str = "torch", **kwargs) -> Engine:
    """An engine serving the model directory `model` (gentzen's or any local HF causal LM)."""
    if backend == "torch":
        from gentzen.engines.torch_engine import TorchEngine

        return TorchEngine.from_pretrained(model, **kwargs)
    if backend == "vllm":
        from gentzen.engines.vllm_engine import VllmEngine

        return VllmEngine(model, **kwargs)
    if backend == "openai":
        from gentzen.engines.openai_engine import from_options

        return from_options(model, **kwargs)
    from gentzen.errors import InputError

    raise InputError(f"unknown engine backend {backend!r}; choose one of {', '.join(BACKENDS)}")


@dataclass(frozen=True)
class EngineChoice:
    """What a sampling command samples with: `--engine`, and for openai `--base-url` (repeatable) and
    `--api-key-env` (the name of the variable holding the servers' bearer key)."""

    name: str = "torch"
    base_urls: tuple[str, ...] = ()
    api_key_env: str = ""

    def check(self) -> None:
        """Every mistake as one InputError, before any work."""
        from gentzen.errors import InputError

        if self.name not in BACKENDS:
            raise InputError(f"--engine {self.name!r}: choose one of {', '.join(BACKENDS)}")
        if self.name != "openai":
            if self.base_urls or self.api_key_env:
                raise InputError("--base-url and --api-key-env go with --engine openai")
            return
        if not self.base_urls:
            raise InputError("--engine openai needs --base-url URL (repeat it for several servers)")
        for u in self.base_urls:
            if not u.startswith(("http://", "https://")):
                raise InputError(f"--base-url {u!r}: give an http(s):// URL")
        import os

        if self.api_key_env and not os.environ.get(self.api_key_env):
            raise InputError(f"--api-key-env {self.api_key_env}: that environment variable is not set")


def open_engine(model: str, choice: EngineChoice, *, device: str = "cpu", threads: int | None = None) -> Engine:
    """The engine `choice` names for the model directory `model` (for openai: its tokenizer and format;
    the servers must serve the same weights)."""
    if choice.name == "openai":
        return load_engine(model, "openai", base_urls=list(choice.base_urls), api_key_env=choice.api_key_env)
    if choice.name == "vllm":
        return load_engine(model, "vllm")
    return load_engine(model, "torch", device=device, threads=threads or None)


__all__ = ["BACKENDS", "Completion", "Engine", "EngineChoice", "EngineStats", "FakeEngine", "load_engine",
           "open_engine"]
