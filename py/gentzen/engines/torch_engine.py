"""TorchEngine: batched sampling from a transformers causal LM with a KV cache, on CPU or CUDA.

Each distinct prompt is prefilled once (batch 1, no padding) and its KV cache kept in a small
LRU keyed by token ids; a later prompt that extends a cached one (the next line of the same proof,
a redraw of a rejected line) only runs its new tokens. The n samples of a prompt share that KV:
decoding runs all rows of a call together, prompts left-padded to one width, finished rows dropped.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from pathlib import Path

from gentzen.engines.base import Completion, EngineStats, check_args, cut_at_stop
from gentzen.errors import require


class TorchEngine:
    def __init__(self, model, tokenizer, *, max_batch: int = 256, prefix_cache_tokens: int = 1 << 16) -> None:
        self.torch = require("torch", "train")
        self.transformers = require("transformers", "train")
        self.model, self.tokenizer = model.eval(), tokenizer
        self.device = next(model.parameters()).device
        self.max_batch = max_batch
        self.prefix_cache_tokens = prefix_cache_tokens
        # token ids -> (per-layer (k, v) of shape [1, heads, len, dim], logits after the last token)
        self._cache: OrderedDict[tuple[int, ...], tuple[list, object]] = OrderedDict()
        self.stats = EngineStats()
        self.eos_ids = {tokenizer.eos_token_id} | set(_as_list(getattr(model.generation_config, "eos_token_id", None)))
        self.eos_ids.discard(None)

    @classmethod
    def from_pretrained(cls, path: str | Path, device: str = "auto", dtype: str = "float32", **kwargs) -> TorchEngine:
        from gentzen.models.checkpoint import load_checkpoint
        from gentzen.models.model import pick_device

        model, tokenizer, _ = load_checkpoint(path, pick_device(device), dtype)
        return cls(model, tokenizer, **kwargs)

    # -- prompt prefill with prefix reuse ------------------------------------------------------

    def _prefill(self, ids: list[int]):
        """(kv, last logits) for a prompt, reusing the longest cached prefix of it."""
        torch, key = self.torch, tuple(ids)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        base, best = None, 0
        for k in self._cache:
            if best < len(k) < len(key) and key[:len(k)] == k:
                base, best = k, len(k)
        cache = self.transformers.DynamicCache(ddp_cache_data=self._cache[base][0]) if base else None
        out = self.model(input_ids=torch.tensor([ids[best:]], device=self.device),
                         past_key_values=cache, use_cache=True, logits_to_keep=1)
        self.stats.prefill_tokens += len(ids) - best
        kv = [(layer.keys, layer.values) for layer in out.past_key_values.layers]
        entry = (kv, out.logits[0, -1].float())
        self._cache[key] = entry
        while sum(len(k) for k in self._cache) > self.prefix_cache_tokens and len(self._cache) > 1:
            self._cache.popitem(last=False)
        return entry

    def clear_cache(self) -> None:
        """Forget cached prompts (call after changing the model's weights)."""
        self._cache.clear()

    # -- generation ----------------------------------------------------------------------------

    def generate(self, prompts: list[str], n: int = 1, *, max_tokens: int = 64, temperature: float = 1.0,
                 stop: list[str] | None = None, seed: int | None = None) -> list[list[Completion]]:
        a = check_args(n, max_tokens, temperature, stop)
        torch, t0 = self.torch, time.perf_counter()
        gen = torch.Generator(device=self.device)
        gen.manual_seed(seed) if seed is not None else gen.seed()
        encoded = [self.tokenizer(p)["input_ids"] for p in prompts]
        rows = [(i, j) for i in range(len(prompts)) for j in range(n)]
        results: dict[tuple[int, int], Completion] = {}
        with torch.inference_mode():
            prefilled = [self._prefill(ids) for ids in encoded]
            for start in range(0, len(rows), self.max_batch):
                chunk = rows[start:start + self.max_batch]
                for row, comp in zip(chunk, self._decode([prefilled[i] for i, _ in chunk], a, gen)):
                    results[row] = comp
        out = [[results[(i, j)] for j in range(n)] for i in range(len(prompts))]
        self.stats.calls += 1
        self.stats.prompts += len(prompts)
        self.stats.sequences += len(rows)
        self.stats.prompt_tokens += sum(map(len, encoded))
        self.stats.generated_tokens += sum(c.tokens for row in out for c in row)
        self.stats.seconds += time.perf_counter() - t0
        return out

    def _decode(self, entries: list, a, gen) -> list[Completion]:
        """Sample one completion per entry (a prefilled prompt); rows run as one batch."""
        torch = self.torch
        B, dev = len(entries), self.device
        lengths = torch.tensor([e[0][0][0].shape[2] for e in entries], device=dev)
        width = int(lengths.max())
        # Left-pad every prompt's KV to one width; padded slots are masked out of attention.
        layers = []
        for li in range(len(entries[0][0])):
            k0 = entries[0][0][li][0]
            k = k0.new_zeros((B, k0.shape[1], width, k0.shape[3]))
            v = torch.zeros_like(k)
            for r, e in enumerate(entries):
                L = e[0][li][0].shape[2]
                k[r, :, width - L:] = e[0][li][0][0]
                v[r, :, width - L:] = e[0][li][1][0]
            layers.append((k, v))
        cache = self.transformers.DynamicCache(ddp_cache_data=layers)
        pos = torch.arange(width, device=dev)
        mask = (pos[None, :] >= (width - lengths)[:, None]).long()
        logits = torch.stack([e[1] for e in entries])

        eos = torch.tensor(sorted(self.eos_ids), device=dev)
        ids: list[list[int]] = [[] for _ in range(B)]
        logprob = [0.0] * B
        done: dict[int, Completion] = {}
        active = torch.arange(B, device=dev)  # original row of each live batch row
        for t in range(a.max_tokens):
            logp = torch.log_softmax(logits, dim=-1)
            if a.temperature == 0:
                tok = logits.argmax(dim=-1)
            else:
                probs = torch.softmax(logits / a.temperature, dim=-1)
                tok = torch.multinomial(probs, 1, generator=gen).squeeze(1)
            tok_lp = logp.gather(1, tok[:, None]).squeeze(1).tolist()
            is_eos = torch.isin(tok, eos).tolist()
            keep = []
            for b, (r, x) in enumerate(zip(active.tolist(), tok.tolist())):
                ids[r].append(x)
                logprob[r] += tok_lp[b]
                if is_eos[b]:
                    text = self.tokenizer.decode(ids[r][:-1], skip_special_tokens=True)
                    text, which = cut_at_stop(text, a.stop)  # a stop string may precede EOS
                    done[r] = Completion(text, len(ids[r]), logprob[r], "stop" if which else "eos", which,
                                         tuple(ids[r]))
                    continue
                last = t + 1 == a.max_tokens
                # decoding every row every step is the loop's main Python cost: only when needed
                text = self.tokenizer.decode(ids[r], skip_special_tokens=True) if a.stop or last else ""
                text, which = cut_at_stop(text, a.stop)
                if which is not None:
                    done[r] = Completion(text, len(ids[r]), logprob[r], "stop", which, tuple(ids[r]))
                elif last:
                    done[r] = Completion(text, len(ids[r]), logprob[r], "length", None, tuple(ids[r]))
                else:
                    keep.append(b)
            if not keep:
                break
            if len(keep) < len(active):  # drop finished rows so compute follows live sequences
                sel = torch.tensor(keep, device=dev)
                cache.batch_select_indices(sel)
                active, tok, mask, lengths = active[sel], tok[sel], mask[sel], lengths[sel]
            mask = torch.cat([mask, mask.new_ones((len(keep), 1))], dim=1)
            out = self.model(input_ids=tok[:, None], attention_mask=mask,
                             position_ids=(lengths + t)[:, None], past_key_values=cache, use_cache=True)
            cache, logits = out.past_key_values, out.logits[:, -1].float()
        return [done[r] for r in range(B)]

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer(text)["input_ids"])

    def reset_stats(self) -> None:
        self.stats = EngineStats()

    def close(self) -> None:
        self._cache.clear()


def _as_list(x) -> list:
    return [] if x is None else list(x) if isinstance(x, (list, tuple)) else [x]
