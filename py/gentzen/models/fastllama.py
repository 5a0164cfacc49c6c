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

    def decoder(self, entries: list, max_tokens: int) -> FastDecoder:
        return FastDecoder(self, entries, max_tokens)

    def prefill_rows(self, pasts: list, suffixes: list[list[int]], row_prompt: list[int], max_tokens: int):
        """Many prompts prefilled straight into one decode buffer. Prompt d continues `pasts[d]` =
        (per-layer (k, v) [1, kv_heads, ≥m, dim], m), its first m tokens cached (None, 0: none), with
        the ids `suffixes[d]` (empty when m covers it); row r of the buffer holds prompt row_prompt[r].
        Returns the FastDecoder of the rows, each prompt's logits after its last token (None for an
        empty suffix) and its KV [1, kv_heads, len, dim] per layer (views, for the prompt cache)."""
        torch = self.torch
        dev, n, nd = self.device, len(row_prompt), len(pasts)
        ms = [m for _, m in pasts]
        lens = [m + len(x) for (_, m), x in zip(pasts, suffixes)]
        C = max(lens)  # every prompt ends at column C (right-aligned): decoding appends at one column
        H, D = self.kv_heads, self.head_dim
        kv = [tuple(torch.empty((n, H, C + min(GROW, max_tokens), D), dtype=self.dtype, device=dev) for _ in (0, 1))
              for _ in self.layers]
        for pair in kv:  # left padding is attended with weight 0 and must hold no NaN; past C is written first
            for X in pair:
                X[:, :, :C].zero_()
        rows_of: list[list[int]] = [[] for _ in range(nd)]
        for r, d in enumerate(row_prompt):
            rows_of[d].append(r)
            past, m = pasts[d]
            if m:
                at = C - lens[d]
                for li, (K, V) in enumerate(kv):
                    K[r, :, at:at + m] = past[li][0][0, :, :m]
                    V[r, :, at:at + m] = past[li][1][0, :, :m]
        logits: list = [None] * nd
        for bucket in _buckets([(len(x), d) for d, x in enumerate(suffixes) if x]):
            for d, lg in zip(bucket, self._prefill_bucket(kv, C, bucket, suffixes, lens, rows_of)):
                logits[d] = lg
        lengths = torch.tensor([lens[d] for d in row_prompt], device=dev)
        prompt_kv = [[tuple(x[rows_of[d][0]:rows_of[d][0] + 1, :, C - lens[d]:C] for x in pair) for pair in kv]
                     for d in range(nd)]
        dec = FastDecoder.__new__(FastDecoder)
        dec.torch, dec.model, dec.kv, dec.lengths = torch, self, kv, lengths
        dec.width = dec.filled = C
        dec.limit = C + max_tokens
        slots = torch.arange(dec.limit, device=dev)
        dec.valid = (slots[None, :] >= (C - lengths)[:, None]) & (slots[None, :] < C)
        return dec, logits, prompt_kv

    def _prefill_bucket(self, kv, C: int, bucket: list[int], suffixes, lens, rows_of):
        """One forward over the suffixes of prompts `bucket`, right-aligned at column C (shorter ones
        left-padded; a padding query's key is never written over the row's cache). Writes the new
        keys and values into every row of each prompt; returns each prompt's last logits."""
        torch = self.torch
        dev, nb = self.device, len(bucket)
        S = max(len(suffixes[d]) for d in bucket)
        ss = torch.tensor([len(suffixes[d]) for d in bucket], device=dev)
        ln = torch.tensor([lens[d] for d in bucket], device=dev)
        ids = torch.tensor([[0] * (S - len(suffixes[d])) + suffixes[d] for d in bucket], device=dev)
        j = torch.arange(S, device=dev)
        pos = (ln[:, None] - S + j[None, :]).clamp_(min=0)
        cols = torch.arange(C, device=dev)
        mask = ((cols[None, None, :] >= (C - ln)[:, None, None])
                & (cols[None, None, :] <= (C - S + j)[None, :, None]))[:, None]  # [nb, 1, S, C]
        real = (j[None, :] >= (S - ss)[:, None])[:, None, :, None]  # [nb, 1, S, 1]: not left padding
        first = torch.tensor([rows_of[d][0] for d in bucket], device=dev)
        tgt = [r for d in bucket for r in rows_of[d]]
        src = torch.tensor([b for b, d in enumerate(bucket) for _ in rows_of[d]], device=dev)
        tgt_t = torch.tensor(tgt, device=dev)

        def attend(i, k, v):
            out = []
            for X, new in zip(kv[i], (k, v)):
                Xb = X.index_select(0, first)[:, :, :C]
                Xb[:, :, C - S:] = torch.where(real, new, Xb[:, :, C - S:])
                X[tgt_t, :, C - S:C] = Xb[src, :, C - S:]
                out.append(Xb)
            return out[0], out[1]

        logits = self.forward(ids, pos, attend, mask=mask, keep=torch.full((nb,), S - 1, device=dev)).float()
        return list(logits)


def left_pad(torch, kvs: list, extra: int = 0):
    """Per-layer (k, v) [B, heads, width + extra, dim] holding each prompt's cache right-aligned in
    the first `width` slots, and the prompt lengths [B]."""
    lengths = [kv[0][0].shape[2] for kv in kvs]
    width, B = max(lengths), len(kvs)
    # Rows that share one cached prompt (a theorem's attempts, its redraws) share one copy: every
    # layer is one concatenation of the distinct caches and one gather, not a copy per row.
    slot: dict[int, int] = {}
    distinct = []
    for kv in kvs:
        if id(kv) not in slot:
            slot[id(kv)] = len(distinct)
            distinct.append(kv)
    starts, total = [], 0
    for kv in distinct:
        starts.append(total)
        total += kv[0][0].shape[2]
    dev = kvs[0][0][0].device
    lens = torch.tensor(lengths, device=dev)
    pos = torch.arange(width, device=dev)[None, :] - (width - lens)[:, None]  # index into the row's cache
    first = torch.tensor([starts[slot[id(kv)]] for kv in kvs], device=dev)
    # left padding reads an appended zero slot: masked slots must hold no NaN (0 * NaN poisons attention)
    idx = torch.where(pos >= 0, first[:, None] + pos, total).flatten()
    layers = []
    for li in range(len(kvs[0])):
        pair = []
        for j in (0, 1):
            x0 = distinct[0][li][j]
            H, D = x0.shape[1], x0.shape[3]
            flat = torch.cat([kv[li][j][0] for kv in distinct] + [x0.new_zeros((H, 1, D))], dim=1)
            # uninitialised past `width`: those slots are written before they are attended to
            out = x0.new_empty((B, H, width + extra, D))
            out[:, :, :width] = flat.index_select(1, idx).view(H, B, width, D).transpose(0, 1)
            pair.append(out)
        layers.append(tuple(pair))
    return layers, lens, width


def _buckets(sizes: list[tuple[int, int]]) -> list[list[int]]:
    """Prompts (suffix length, index) grouped for batched prefill: longest first, a group closed
    when the next suffix is under half its longest (padding at most doubles a group's tokens)."""
    out: list[list[int]] = []
    top = 0
    for s, d in sorted(sizes, reverse=True):
        if not out or 2 * s < top:
            out.append([])
            top = s
        out[-1].append(d)
    return out


GROW = 32  # KV slots added at a time past the prompts: most lines end well before max_tokens


class FastDecoder:
    """One batch of rows decoding together: a KV buffer written in place each step, grown GROW
    slots at a time (copying and compacting it costs what it holds, so it holds little spare)."""

    def __init__(self, model: FastLlama, entries: list, max_tokens: int) -> None:
        torch = self.torch = model.torch
        self.model = model
        self.kv, self.lengths, self.width = left_pad(torch, [e[0] for e in entries], min(GROW, max_tokens))
        self.limit = self.width + max_tokens
        slots = torch.arange(self.limit, device=model.device)
        self.valid = (slots[None, :] >= (self.width - self.lengths)[:, None]) & (slots[None, :] < self.width)
        self.filled = self.width

    def _grow(self) -> None:
        torch, cap = self.torch, self.kv[0][0].shape[2]
        more = min(GROW, self.limit - cap)
        self.kv = [tuple(torch.cat([x, x.new_empty(x.shape[:2] + (more,) + x.shape[3:])], dim=2) for x in kv)
                   for kv in self.kv]

    def step(self, tok, t: int):
        """Logits [B, vocab] after feeding token `tok` [B] as step t of every live row."""
        col = self.filled
        if col == self.kv[0][0].shape[2]:
            self._grow()
        self.valid[:, col] = True

        def attend(i, k, v):
            K, V = self.kv[i]
            K[:, :, col:col + 1] = k
            V[:, :, col:col + 1] = v
            return K[:, :, :col + 1], V[:, :, :col + 1]

        logits = self.model.forward(tok[:, None], (self.lengths + t)[:, None], attend,
                                    mask=self.valid[:, None, None, :col + 1])
        self.filled += 1
        return logits[:, -1].float()

    def merged(self, keep, new: FastDecoder | None, max_tokens: int) -> FastDecoder:
        """A decoder of this one's rows `keep` (prompt and tokens so far) followed by the rows of
        `new` (freshly prefilled), all right-aligned at one column again, with room for max_tokens
        more steps: continuous batching's refill (engines/stream.py)."""
        torch, dev = self.torch, self.model.device
        have = self.valid.index_select(0, keep)[:, :self.filled].sum(1)  # each kept row's length in slots
        w = int(have.max()) if len(keep) else 0
        C = max(w, new.filled if new is not None else 0)
        lengths = [self.lengths.index_select(0, keep) + (self.filled - self.width)]
        spans = [have]
        if new is not None:
            lengths.append(new.lengths)
            spans.append(new.valid[:, :new.filled].sum(1))
        n = len(keep) + (len(new.lengths) if new is not None else 0)
        kv = []
        for li, pair in enumerate(self.kv):
            out = []
            for j, X in enumerate(pair):
                # past column C nothing is read before it is written: only the left padding needs zeros
                Y = X.new_empty((n, X.shape[1], C + GROW, X.shape[3]))
                if len(keep):
                    Y[:len(keep), :, :C - w].zero_()
                    Y[:len(keep), :, C - w:C] = X.index_select(0, keep)[:, :, self.filled - w:self.filled]
                if new is not None:
                    Y[len(keep):, :, :C - new.filled].zero_()
                    Y[len(keep):, :, C - new.filled:C] = new.kv[li][j][:, :, :new.filled]
                out.append(Y)
            kv.append(tuple(out))
        dec = FastDecoder.__new__(FastDecoder)
        dec.torch, dec.model, dec.kv = torch, self.model, kv
        dec.lengths, span = torch.cat(lengths), torch.cat(spans)
        dec.width = dec.filled = C
        dec.limit = C + max_tokens
        slots = torch.arange(dec.limit, device=dev)
        dec.valid = (slots[None, :] >= (C - span)[:, None]) & (slots[None, :] < C)
        return dec

    def select(self, sel) -> None:
        """Keep only rows `sel` (finished rows stop costing compute)."""
        self.kv = [(k.index_select(0, sel), v.index_select(0, sel)) for k, v in self.kv]
        self.valid, self.lengths = self.valid[sel], self.lengths[sel]
