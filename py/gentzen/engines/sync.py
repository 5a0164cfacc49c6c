"""Weight sync after every update: the sampling engine serves exactly the weights just trained.

`sync_engine(engine, model, workdir)` picks the way for the engine it is given:
* TorchEngine on transformers holding the trained model object: nothing to copy; the prefix cache
  (KV computed with the old weights) is cleared.
* TorchEngine on the fast Llama path (its own copy of the weights): the trained state dict (LoRA
  merged in) is copied into its tensors in place, then the prefix cache is cleared.
* VllmEngine: a LoRA model's adapter is saved to a new directory and served under a new name and
  integer id (never a reused one: vLLM caches adapters by both); a fully fine-tuned model's merged
  weights are loaded in place (`update_weights`). Both reset vLLM's prefix cache.
* OpenAIEngine (remote servers): the adapter is saved the same way and loaded on every server under a new
  name (`/v1/load_lora_adapter`); full weights cannot be pushed to a server (an InputError).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from gentzen.errors import InputError, require


@dataclass
class SyncReport:
    engine: str          # torch-hf | torch-fast | vllm-lora | vllm-merged | openai-lora
    seconds: float
    version: int         # how many syncs this engine has had
    adapter: str | None = None  # vLLM: the adapter name now served


def _base_of(model):
    """The transformers model under a peft wrapper (the object the engine may hold)."""
    get = getattr(model, "get_base_model", None)
    return get() if callable(get) else model


def copy_into_fast(fast, state: dict) -> None:
    """Copy a Llama state dict (HF names) into a FastLlama's fused tensors, in place."""
    torch = require("torch", "train")
    with torch.no_grad():
        def put(dst, src):
            dst.copy_(src.to(device=dst.device, dtype=dst.dtype))

        put(fast.embed, state["model.embed_tokens.weight"])
        put(fast.norm, state["model.norm.weight"])
        if fast.lm_head is not fast.embed:
            put(fast.lm_head, state["lm_head.weight"])
        for i, layer in enumerate(fast.layers):
            p = f"model.layers.{i}."
            put(layer.attn_norm, state[p + "input_layernorm.weight"])
            put(layer.mlp_norm, state[p + "post_attention_layernorm.weight"])
            put(layer.qkv, torch.cat([state[p + f"self_attn.{x}_proj.weight"] for x in "qkv"]))
            put(layer.o, state[p + "self_attn.o_proj.weight"])
            put(layer.gate_up, torch.cat([state[p + "mlp.gate_proj.weight"], state[p + "mlp.up_proj.weight"]]))
            put(layer.down, state[p + "mlp.down_proj.weight"])


def fast_engine_for(model, tokenizer, **kwargs):
    """A TorchEngine on the fast Llama path serving a copy of `model`'s weights (LoRA merged), for
    a trainer that keeps the transformers model; None when the model is not a plain Llama."""
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models.fastllama import FastLlama
    from gentzen.models.lora import merged_state

    base = _base_of(model)
    cfg = base.config.to_dict()
    if cfg.get("model_type") != "llama" or cfg.get("attention_bias") or cfg.get("mlp_bias"):
        return None
    fast = FastLlama(cfg, merged_state(model), str(next(base.parameters()).device), "float32")
    fast.eos_token_id = getattr(base.generation_config, "eos_token_id", None) or cfg.get("eos_token_id")
    return TorchEngine(fast, tokenizer, **kwargs)


class Syncer:
    """Keeps one engine in step with one trained model; `sync(model)` after every update."""

    def __init__(self, engine, workdir: str | Path | None = None) -> None:
        self.engine, self.version = engine, 0
        self.workdir = Path(workdir) if workdir is not None else None
        self.adapter: str | None = None

    def sync(self, model) -> SyncReport:
        t0 = time.perf_counter()
        self.version += 1
        kind = self._sync(model)
        return SyncReport(kind, time.perf_counter() - t0, self.version, self.adapter)

    def _sync(self, model) -> str:
        engine = self.engine
        impl = getattr(engine, "impl", None)
        if impl == "hf":
            held = engine.model
            if held is not model and held is not _base_of(model):
                # an engine over another object: copy the weights in (a merged LoRA for a base)
                from gentzen.models.lora import merged_state

                held.load_state_dict(merged_state(model), strict=False)
            engine.clear_cache()
            return "torch-hf"
        if impl == "fast":
            from gentzen.models.lora import merged_state

            copy_into_fast(engine.model, merged_state(model))
            engine.clear_cache()
            return "torch-fast"
        if hasattr(engine, "set_adapter"):  # VllmEngine
            if hasattr(model, "peft_config"):
                if self.workdir is None:
                    raise InputError("a vLLM LoRA sync needs a work directory for the adapters")
                from gentzen.models.lora import save_adapter

                # a new directory per version: vLLM may still hold the previous one open
                path = save_adapter(model, self.workdir / f"adapter-v{self.version:05d}")
                self.adapter = engine.set_adapter(path)
                return "openai-lora" if hasattr(engine, "base_urls") else "vllm-lora"
            from gentzen.models.lora import merged_state

            engine.update_weights(merged_state(model).items())
            return "vllm-merged"
        if hasattr(engine, "clear_cache"):
            engine.clear_cache()
            return "other"
        raise InputError(f"cannot sync weights into a {type(engine).__name__}")


def sync_engine(engine, model, workdir: str | Path | None = None) -> SyncReport:
    """One sync with a throwaway Syncer (bench and tests); a training loop keeps its Syncer."""
    return Syncer(engine, workdir).sync(model)
