"""A torch-only Llama forward (RMSNorm, RoPE, grouped-query attention with a KV cache, SwiGLU).

It reads the same standard HF model directory (config.json, model.safetensors, tokenizer.json)
without importing transformers, whose import costs ~3 s of a 5 s `gentzen prove` on CPU, and runs
a decode step with far fewer Python calls. TorchEngine uses it when `fast_path_problem(dir)` finds
a plain Llama and falls back to transformers otherwise (other architectures, adapters, sharded
weights). tests/unit/test_fast_model.py checks it against `LlamaForCausalLM`: same logits, same ids.
"""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from gentzen.errors import InputError, require

WEIGHTS = "model.safetensors"
# tokenizer_config classes whose tokenizer.json is the whole tokenizer (post-processor included)
FAST_TOKENIZER_CLASSES = ("PreTrainedTokenizerFast", "TokenizersBackend")


def _read_json(path: Path) -> dict:
    return json.loads(path.read_text()) if path.is_file() else {}


def _rope_theta(config: dict) -> float | None:
    """rope theta of a default (unscaled) RoPE, None for any other kind."""
    rp = config.get("rope_parameters") or {}  # transformers >= 5
    scaling = config.get("rope_scaling") or {}  # transformers 4
    kinds = {rp.get("rope_type"), scaling.get("rope_type"), scaling.get("type")} - {None}
    if kinds - {"default"}:  # either spelling naming a scaled RoPE: refuse rather than guess
        return None
    return float(rp.get("rope_theta", config.get("rope_theta", 10000.0)))


def fast_path_problem(path: str | Path) -> str | None:
    """Why the model directory cannot run on FastLlama, or None when it can (json reads only)."""
    path = Path(path)
    c = _read_json(path / "config.json")
    checks = [
        (c.get("model_type") == "llama", f"model_type {c.get('model_type')!r} is not llama"),
        (c.get("architectures", ["LlamaForCausalLM"]) == ["LlamaForCausalLM"], "not a LlamaForCausalLM"),
        (c.get("hidden_act", "silu") == "silu", "activation is not silu"),
        (not c.get("attention_bias") and not c.get("mlp_bias"), "linear layers with biases"),
        (c.get("pretraining_tp", 1) == 1, "pretraining_tp > 1"),
        (_rope_theta(c) is not None, "scaled RoPE"),
        ("quantization_config" not in c, "quantized weights"),
        (not (path / "adapter_config.json").exists(), "a peft adapter directory"),
        ((path / WEIGHTS).is_file(), f"no single {WEIGHTS}"),
        ((path / "tokenizer.json").is_file(), "no tokenizer.json"),
        (_read_json(path / "tokenizer_config.json").get("tokenizer_class") in FAST_TOKENIZER_CLASSES,
         "tokenizer class needs transformers"),
    ]
    return next((why for ok, why in checks if not ok), None)


class FastTokenizer:
    """The subset of a transformers fast tokenizer that gentzen uses, on `tokenizers` alone."""

    def __init__(self, path: str | Path) -> None:
        tk = require("tokenizers", "train")
        path = Path(path)
        self._tok = tk.Tokenizer.from_file(str(path / "tokenizer.json"))
        cfg = _read_json(path / "tokenizer_config.json")

        def special(name: str) -> str | None:
            v = cfg.get(name)
            return v.get("content") if isinstance(v, dict) else v

        self.bos_token, self.eos_token = special("bos_token"), special("eos_token")
        self.pad_token = special("pad_token") or self.eos_token  # as load_tokenizer does
        self.bos_token_id, self.eos_token_id, self.pad_token_id = (
            None if t is None else self._tok.token_to_id(t) for t in (self.bos_token, self.eos_token, self.pad_token))

    def encode(self, text: str, add_special_tokens: bool = True) -> list[int]:
        return self._tok.encode(text, add_special_tokens=add_special_tokens).ids

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        """The ids of many texts (special tokens added) in one call into `tokenizers`."""
        return [e.ids for e in self._tok.encode_batch(texts)]

    def __call__(self, text: str, add_special_tokens: bool = True, return_tensors: str | None = None) -> dict:
        ids = self.encode(text, add_special_tokens)
        if return_tensors == "pt":
            torch = require("torch", "train")
            return {"input_ids": torch.tensor([ids]), "attention_mask": torch.ones(1, len(ids), dtype=torch.long)}
        return {"input_ids": ids}

    def decode(self, ids, skip_special_tokens: bool = False) -> str:
        return self._tok.decode(list(ids), skip_special_tokens=skip_special_tokens)

    def __len__(self) -> int:
        return self._tok.get_vocab_size(with_added_tokens=True)


class FastLlama:
    """Llama weights as plain tensors; `prefill` and `decoder` are what TorchEngine calls."""

    def __init__(self, config: dict, weights: dict, device: str = "cpu", dtype: str = "float32") -> None:
        torch = self.torch = require("torch", "train")
        self.F = torch.nn.functional
        c = self.config = config
        self.dtype, self.device = getattr(torch, dtype), torch.device(device)
        self.heads = c["num_attention_heads"]
        self.kv_heads = c.get("num_key_value_heads") or self.heads
        self.head_dim = c.get("head_dim") or c["hidden_size"] // self.heads
        self.eps = float(c.get("rms_norm_eps", 1e-6))
        hd = self.head_dim
        self.inv_freq = (1.0 / (_rope_theta(c) ** (torch.arange(0, hd, 2, dtype=torch.int64).float() / hd))
                         ).to(self.device)

        def w(name: str):
            return weights[name].to(device=self.device, dtype=self.dtype)

        self.embed = w("model.embed_tokens.weight")
        self.norm = w("model.norm.weight")
        self.lm_head = self.embed if c.get("tie_word_embeddings", False) else w("lm_head.weight")
        self.layers = []
        for i in range(c["num_hidden_layers"]):
            p = f"model.layers.{i}."
            # q, k, v (and gate, up) as one matrix each: one matmul where transformers runs three
            self.layers.append(SimpleNamespace(
                attn_norm=w(p + "input_layernorm.weight"), mlp_norm=w(p + "post_attention_layernorm.weight"),
                qkv=torch.cat([w(p + f"self_attn.{x}_proj.weight") for x in "qkv"]),
                o=w(p + "self_attn.o_proj.weight"),
                gate_up=torch.cat([w(p + "mlp.gate_proj.weight"), w(p + "mlp.up_proj.weight")]),
                down=w(p + "mlp.down_proj.weight")))
        self.eos_token_id = c.get("eos_token_id")

    @classmethod
    def from_pretrained(cls, path: str | Path, device: str = "cpu", dtype: str = "float32") -> FastLlama:
        path = Path(path)
        problem = fast_path_problem(path)
        if problem:
            raise InputError(f"{path}: the fast Llama path cannot load it ({problem})")
        st = require("safetensors.torch", "train")
        try:
            model = cls(_read_json(path / "config.json"), st.load_file(str(path / WEIGHTS)), device, dtype)
        except KeyError as e:
            raise InputError(f"{path / WEIGHTS} lacks the tensor {e.args[0]} a Llama needs") from None
        gen = _read_json(path / "generation_config.json")
        model.eos_token_id = gen.get("eos_token_id", model.eos_token_id)
        return model

    def eval(self) -> FastLlama:  # the engine calls model.eval(); there is no training mode here
        return self

    # -- the forward pass ----------------------------------------------------------------------

    def _rms(self, x, weight):
        torch = self.torch
        h = x.float()
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps)
        return weight * h.to(x.dtype)

    def _rope(self, positions):
        """cos, sin of shape [B, 1, T, head_dim] for integer positions [B, T] (as transformers builds them)."""
        freqs = positions[..., None].float() * self.inv_freq
        emb = self.torch.cat([freqs, freqs], dim=-1)[:, None]
        return emb.cos().to(self.dtype), emb.sin().to(self.dtype)

    def _rotate(self, x, cos, sin):
        half = x.shape[-1] // 2
        return x * cos + self.torch.cat([-x[..., half:], x[..., :half]], dim=-1) * sin

    def forward(self, ids, positions, attend, write=None, mask=None, causal=False, keep=None):
        """Logits of every position of `ids` [B, T] (with `keep` [B]: of position keep[b] of row b
        alone, [B, vocab], so the vocabulary projection runs once per row).

        `attend(i, k, v)` returns layer i's keys and values to attend over given the new ones
        [B, kv_heads, T, head_dim] (it may store them); `mask` [B, 1, T, S] (True = attend) or
        `causal` for a prompt with nothing before it.
        """
        torch, F = self.torch, self.F
        B, T = ids.shape
        H, KV, D = self.heads, self.kv_heads, self.head_dim
        cos, sin = self._rope(positions)
        x = self.embed[ids]
        for i, L in enumerate(self.layers):
            h = self._rms(x, L.attn_norm)
            q, k, v = F.linear(h, L.qkv).split([H * D, KV * D, KV * D], dim=-1)
            q = self._rotate(q.view(B, T, H, D).transpose(1, 2), cos, sin)
            k = self._rotate(k.view(B, T, KV, D).transpose(1, 2), cos, sin)
            k, v = attend(i, k, v.view(B, T, KV, D).transpose(1, 2))
            a = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal and T > 1,
                                               enable_gqa=KV != H)
            x = x + F.linear(a.transpose(1, 2).reshape(B, T, H * D), L.o)
            g, u = F.linear(self._rms(x, L.mlp_norm), L.gate_up).chunk(2, dim=-1)
            x = x + F.linear(F.silu(g) * u, L.down)
        if keep is not None:
            x = x[torch.arange(B, device=x.device), keep]
        return F.linear(self._rms(x, self.norm), self.lm_head)

    def __call__(self, input_ids):
        """Teacher-forced logits of whole sequences [B, T] (no cache), like a transformers model."""
        torch = self.torch
        input_ids = input_ids.to(self.device)
        pos = torch.arange(input_ids.shape[1], device=self.device).expand_as(input_ids)
        return SimpleNamespace(logits=self.forward(input_ids, pos, lambda i, k, v: (k, v), causal=True))

    # -- what TorchEngine calls ----------------------------------------------------------------

    def prefill(self, ids: list[int], past: list | None):
        """(per-layer (k, v) [1, kv_heads, len, head_dim], logits after the last id) for `ids`
        following the cached `past` (whose length is the position of ids[0])."""
        torch = self.torch
        start = past[0][0].shape[2] if past else 0
        x = torch.tensor([ids], device=self.device)
        pos = torch.arange(start, start + len(ids), device=self.device)[None]
        kv: list = []

        def attend(i, k, v):
            if past:
                k, v = torch.cat([past[i][0], k], dim=2), torch.cat([past[i][1], v], dim=2)
            kv.append((k, v))
            return k, v

        mask = None
        if past:  # new token j sees every cached one and the new ones up to itself
            S = start + len(ids)
            mask = (torch.arange(S, device=self.device)[None, :] <= pos[0][:, None])[None, None]
        logits = self.forward(x, pos, attend, mask=mask, causal=not past)
        return kv, logits[0, -1].float()

    def decoder(self, entries: list, max_tokens: int):
        from gentzen.models.fastdecode import FastDecoder

        return FastDecoder(self, entries, max_tokens)

    def prefill_rows(self, pasts: list, suffixes: list[list[int]], row_prompt: list[int], max_tokens: int):
        """Prompts prefilled in batches straight into one decode buffer (models/fastdecode.py)."""
        from gentzen.models.fastdecode import prefill_rows

        return prefill_rows(self, pasts, suffixes, row_prompt, max_tokens)
