"""LoRA adapters (peft) for any local HF causal LM: which modules, how to attach, save, load and merge.

Target modules are chosen per architecture (attention and MLP projections), never the embeddings or
the output head: vLLM serves adapters only without `modules_to_save`, and a tied head would train the
embeddings too. Adapters are saved and loaded in peft's own format (adapter_config.json +
adapter_model.safetensors), which vLLM's LoRARequest and `PeftModel.from_pretrained` read as is.
Training attaches them; engines (engines/sync.py) merge or save them, so they live with the models.
"""

from __future__ import annotations

from pathlib import Path

from gentzen.errors import InputError, require

# model_type -> the linear layers a LoRA adapts (the names peft matches on the module path's end)
TARGETS = {
    "llama": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "qwen2": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "qwen3": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "mistral": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "gemma": ("q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"),
    "phi3": ("qkv_proj", "o_proj", "gate_up_proj", "down_proj"),
    "gpt2": ("c_attn", "c_proj", "c_fc"),
    "gpt_neox": ("query_key_value", "dense", "dense_h_to_4h", "dense_4h_to_h"),
}


def parse_spec(spec: str) -> dict:
    """'r:α' (e.g. '16:32') or 'r=16,alpha=32,dropout=0.05' -> peft LoraConfig keyword arguments."""
    spec = spec.strip()
    if ":" in spec and "=" not in spec:
        r, _, alpha = spec.partition(":")
        spec = f"r={r},alpha={alpha}"
    return lora_options(spec)


def lora_options(spec: str) -> dict:
    """'r=8,alpha=16,dropout=0.05' -> {'r': 8, 'lora_alpha': 16, 'lora_dropout': 0.05}."""
    names = {"r": ("r", int), "alpha": ("lora_alpha", int), "dropout": ("lora_dropout", float)}
    out = {"r": 8, "lora_alpha": 16, "lora_dropout": 0.0}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        key, _, value = part.partition("=")
        if key not in names:
            raise InputError(f"lora option {key!r} unknown; use r=…, alpha=…, dropout=…")
        name, kind = names[key]
        try:
            out[name] = kind(value)
        except ValueError:
            raise InputError(f"lora option {key}={value!r} is not a number") from None
    if out["r"] < 1 or out["lora_alpha"] <= 0 or not 0 <= out["lora_dropout"] < 1:
        raise InputError(f"lora needs r ≥ 1, alpha > 0, 0 ≤ dropout < 1; got {spec!r}")
    return out


def target_modules(model) -> list[str]:
    """The module names a LoRA adapts in `model`: the architecture's table entry when known, else
    every linear layer's name except the embeddings' and the output head's."""
    torch = require("torch", "train")
    kind = getattr(getattr(model, "config", None), "model_type", None)
    present = {name.rsplit(".", 1)[-1] for name, _ in model.named_modules()}
    if kind in TARGETS:
        names = [n for n in TARGETS[kind] if n in present]
        if names:
            return names
    head = model.get_output_embeddings() if hasattr(model, "get_output_embeddings") else None
    emb = model.get_input_embeddings() if hasattr(model, "get_input_embeddings") else None
    names = set()
    for name, module in model.named_modules():
        if module is head or module is emb or not name:
            continue
        if isinstance(module, torch.nn.Linear) or type(module).__name__ == "Conv1D":
            names.add(name.rsplit(".", 1)[-1])
    if not names:
        raise InputError(f"no linear layers to put a LoRA on in a {kind or type(model).__name__} model")
    return sorted(names)


def add_lora(model, spec: str):
    """`model` wrapped with a fresh LoRA adapter (peft); a model that already carries one is
    returned as is, so repeated updates keep training the same adapter."""
    if hasattr(model, "peft_config"):
        return model
    peft = require("peft", "train")
    config = peft.LoraConfig(task_type="CAUSAL_LM", target_modules=target_modules(model), **parse_spec(spec))
    return peft.get_peft_model(model, config)


def save_adapter(model, out: str | Path) -> Path:
    """Write the adapter only (peft's format), atomically: a temp folder renamed into place."""
    from gentzen.io import atomic_dir

    if not hasattr(model, "peft_config"):
        raise InputError("save_adapter needs a model with a LoRA adapter (add_lora)")
    with atomic_dir(out) as tmp:
        model.save_pretrained(str(tmp), safe_serialization=True)
    return Path(out)


def load_adapter(base_model, path: str | Path, trainable: bool = False):
    """The base model with the adapter saved at `path` attached (peft's PeftModel)."""
    peft = require("peft", "train")
    if not (Path(path) / "adapter_config.json").is_file():
        raise InputError(f"{path} is not a LoRA adapter directory (no adapter_config.json)")
    return peft.PeftModel.from_pretrained(base_model, str(path), is_trainable=trainable)


def merged_state(model) -> dict:
    """The base model's state dict (HF names) with the adapter's update folded in (W + ΔW, peft's
    own `get_delta_weight`), without changing `model`: what a merged-weight sync sends to an engine
    that serves no adapters. Only the adapted matrices are recomputed; the rest are shared views."""
    torch = require("torch", "train")
    if not hasattr(model, "peft_config"):
        return {k: v.detach() for k, v in model.state_dict().items()}
    base = model.get_base_model()
    out = {k.replace(".base_layer", ""): v.detach() for k, v in base.state_dict().items() if "lora_" not in k}
    with torch.no_grad():
        for name, module in base.named_modules():
            if hasattr(module, "base_layer") and hasattr(module, "get_delta_weight"):
                delta = sum(module.get_delta_weight(a) for a in module.active_adapters
                            if a in getattr(module, "lora_A", {}))
                key = name + ".weight"
                out[key] = out[key] + delta
    return out
