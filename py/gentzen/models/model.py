"""Model presets: Llama-style causal LMs from ~100k (`tiny`, for tests) to ~25M parameters.

A plain `transformers.LlamaForCausalLM`, so one checkpoint runs in torch on CPU and GPU, loads in
vLLM and wraps with peft LoRA. Head size is 32 or 64, which vLLM's CPU and GPU kernels support.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from gentzen.errors import InputError, require


@dataclass(frozen=True)
class Preset:
    hidden: int
    layers: int
    heads: int
    intermediate: int


PRESETS = {
    "tiny": Preset(hidden=64, layers=2, heads=2, intermediate=128),     # ~0.1M with a 512 vocab
    "small": Preset(hidden=128, layers=8, heads=4, intermediate=384),   # ~1.8M
    "base": Preset(hidden=256, layers=8, heads=8, intermediate=768),    # ~7M
    "large": Preset(hidden=384, layers=12, heads=6, intermediate=1024),  # ~22M
}


def new_model(preset: str, tokenizer, max_len: int = 1024, seed: int = 0):
    """A freshly initialised `LlamaForCausalLM` sized by `preset` for `tokenizer`'s vocabulary."""
    torch = require("torch", "train")
    transformers = require("transformers", "train")
    if preset not in PRESETS:
        raise InputError(f"unknown model preset {preset!r}; choose one of {', '.join(PRESETS)}")
    p = PRESETS[preset]
    config = transformers.LlamaConfig(
        vocab_size=len(tokenizer), hidden_size=p.hidden, num_hidden_layers=p.layers,
        num_attention_heads=p.heads, num_key_value_heads=p.heads, intermediate_size=p.intermediate,
        max_position_embeddings=max_len, rope_theta=10000.0,
        # Tied embeddings: at this size the embedding is a large share of all parameters.
        tie_word_embeddings=True,
        bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id,
        pad_token_id=tokenizer.pad_token_id,
    )
    torch.manual_seed(seed)  # initialisation is part of the run's reproducibility
    model = transformers.LlamaForCausalLM(config)
    model.generation_config.pad_token_id = tokenizer.pad_token_id
    return model


def count_parameters(model) -> int:
    """Distinct parameters (tied embeddings counted once)."""
    return sum(p.numel() for p in {id(p): p for p in model.parameters()}.values())


def describe(preset: str) -> dict:
    return {"preset": preset, **asdict(PRESETS[preset])}


def pick_device(device: str = "auto") -> str:
    """`auto` means CUDA when available, else CPU."""
    if device != "auto":
        return device
    torch = require("torch", "train")
    return "cuda" if torch.cuda.is_available() else "cpu"
