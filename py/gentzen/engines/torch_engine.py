"""TorchEngine: batched sampling from a causal LM with a KV cache, on CPU or CUDA.

A plain Llama directory runs on `gentzen.models.fastllama` (torch only: no transformers import,
fewer Python calls per step); anything else (Qwen2, adapters, a model object handed in) runs on
transformers. `GENTZEN_ENGINE_IMPL=hf|fast` forces one. Prompts' KV caches are kept by token ids
(engines/prefix_cache.py) and a new prompt reuses the longest prefix it shares with any of them
(the next line of a proof, a redraw, the next state prompt with one hypothesis more). On the fast
path a call's new prompt tokens are prefilled in a few batched forwards straight into the decode
buffer (models/fastdecode.py), and `generate_stream` batches continuously (engines/stream.py); the
transformers path prefills each prompt alone. Decoding runs all rows of a call together, finished
rows dropped once at most half the batch is live. Every row draws its uniforms from its own seeded
generator (inverse-CDF sampling), so with `seeds` a row's tokens do not depend on the other rows of
the call (up to float noise in batched logits).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from gentzen.engines.base import Completion, EngineStats, check_args, cut_at_stop, sample_seed
from gentzen.engines.prefix_cache import Entry, PrefixCache
from gentzen.errors import InputError, require

IMPL_ENV = "GENTZEN_ENGINE_IMPL"
IMPLS = ("auto", "fast", "hf")


class TorchEngine:
    def __init__(self, model, tokenizer, *, max_batch: int = 256, prefix_cache_tokens: int = 1 << 16) -> None:
        from gentzen.models.fastllama import FastLlama

        self.torch = require("torch", "train")
        self.model, self.tokenizer = model.eval(), tokenizer
        if isinstance(model, FastLlama):
            self.impl, self._runner, self.device = "fast", model, model.device
            eos = model.eos_token_id
        else:
            self.impl, self._runner = "hf", _HFRunner(model, require("transformers", "train"))
            self.device = next(model.parameters()).device
            eos = getattr(model.generation_config, "eos_token_id", None)
        self.max_batch = max_batch
        self.prefix_cache_tokens = prefix_cache_tokens
        # prompts' per-layer (k, v) [1, heads, len, dim] and last logits, found by longest shared prefix
        self._cache = PrefixCache(prefix_cache_tokens)
        self.stats = EngineStats()
        self.eos_ids = {tokenizer.eos_token_id} | set(_as_list(eos))
        self.eos_ids.discard(None)
        self.load_seconds: dict[str, float] = {}  # from_pretrained: {"imports": s, "load": s}

    @classmethod
    def from_pretrained(cls, path: str | Path, device: str = "auto", dtype: str = "float32", *,
                        impl: str | None = None, threads: int | None = None, **kwargs) -> TorchEngine:
        """Load a model directory; `impl` auto (fast when the directory allows it) | fast | hf,
        default from GENTZEN_ENGINE_IMPL; `threads` as `gentzen.models.threads.set_threads`."""
        from gentzen.models.fastllama import FastLlama, FastTokenizer, fast_path_problem
        from gentzen.models.model import pick_device
        from gentzen.models.threads import set_threads

        impl = impl or os.environ.get(IMPL_ENV, "").strip() or "auto"
        if impl not in IMPLS:
            raise InputError(f"unknown engine implementation {impl!r} ({IMPL_ENV}); choose one of {', '.join(IMPLS)}")
        if not (Path(path) / "config.json").is_file():
            raise InputError(f"{path} is not a model directory (no config.json)")
        problem = fast_path_problem(path) if impl != "hf" else "hf requested"
        if problem is not None and impl == "fast":
            raise InputError(f"{path}: the fast path cannot run this model ({problem}); use impl hf")
        # Imports first and timed apart from loading: `gentzen bench startup` reports both.
        t0 = time.perf_counter()
        set_threads(threads)
        if problem is None:
            require("safetensors.torch", "train")
            require("tokenizers", "train")
        else:
            tf = require("transformers", "train")
            _ = (tf.AutoModelForCausalLM, tf.AutoTokenizer)  # transformers imports these lazily
        t1 = time.perf_counter()
        device = pick_device(device)
        if problem is None:
            engine = cls(FastLlama.from_pretrained(path, device, dtype), FastTokenizer(path), **kwargs)
        else:
            from gentzen.models.checkpoint import load_checkpoint

            model, tokenizer, _ = load_checkpoint(path, device, dtype)
            engine = cls(model, tokenizer, **kwargs)
        engine.load_seconds = {"imports": t1 - t0, "load": time.perf_counter() - t1}
        return engine

    # -- prompt prefill with prefix reuse ------------------------------------------------------

    def _prefill(self, ids: list[int]):
        """(kv, last logits) for a prompt, reusing the longest cached prefix of it (the HF path)."""
        key = tuple(ids)
        entry, m = self._cache.lookup(key)
        if entry is not None and m == len(key):
            return entry.kv, entry.logits
        m = min(m, len(key) - 1)
        past = [(k[:, :, :m], v[:, :, :m]) for k, v in entry.kv] if m else None
        kv, logits = self._runner.prefill(ids[m:], past)
        self.stats.prefill_tokens += len(ids) - m
        self._cache.add(key, Entry(kv, logits, len(key)))
        return kv, logits

    def _prefill_rows(self, rows_ids: list[list[int]], max_tokens: int, slots=None):
        """The fast path: every distinct prompt of the rows prefilled in one batched forward (each
        from its longest cached prefix), into the decode buffer of all rows. (decoder, logits [rows]).
        With `slots` (a SlotDecoder and one slot per row) they are prefilled into those slots
        instead (continuous batching): (None, logits)."""
        torch = self.torch
        slot: dict[tuple[int, ...], int] = {}
        keys: list[tuple[int, ...]] = []
        for ids in rows_ids:
            key = tuple(ids)
            if key not in slot:
                slot[key] = len(keys)
                keys.append(key)
        pasts, suffixes, known = [], [], []
        for key in keys:
            entry, m = self._cache.lookup(key)
            if entry is not None and m == len(key):  # the whole prompt is cached: nothing to run
                pasts.append((entry.kv, m))
                suffixes.append([])
                known.append(entry.logits)
                continue
            m = min(m, len(key) - 1)  # at least the last token runs, for its logits
            pasts.append((entry.kv, m) if m else (None, 0))
            suffixes.append(list(key[m:]))
            known.append(None)
            self.stats.prefill_tokens += len(key) - m
        index = [slot[tuple(ids)] for ids in rows_ids]
        if slots is None:
            dec, logits, kv = self._runner.prefill_rows(pasts, suffixes, index, max_tokens)
        else:  # straight into the rows' KV slots (models/slots.py)
            slots_of: list[list[int]] = [[] for _ in keys]
            for s, d in zip(slots[1], index):
                slots_of[d].append(s)
            dec, (logits, kv) = None, slots[0].prefill(pasts, suffixes, slots_of)
        for d, key in enumerate(keys):
            if known[d] is None:
                known[d] = logits[d]
                # copies, not views: a view keeps its whole batch buffer alive (GBs once hundreds are cached)
                own = [tuple(x.clone() for x in pair) for pair in kv[d]]
                self._cache.add(key, Entry(own, logits[d].clone(), len(key)))
        return dec, torch.stack([known[i] for i in index])

    def clear_cache(self) -> None:
        """Forget cached prompts (call after changing the model's weights)."""
        self._cache.clear()

    # -- generation ----------------------------------------------------------------------------

    def generate(self, prompts: list[str], n: int = 1, *, max_tokens: int = 64, temperature: float = 1.0,
                 stop: list[str] | None = None, seed: int | None = None,
                 seeds: list[int] | None = None) -> list[list[Completion]]:
        a = check_args(n, max_tokens, temperature, stop, prompts, seed, seeds)
        torch, t0 = self.torch, time.perf_counter()
        encoded = self.encode(prompts)
        rows = [(i, j) for i in range(len(prompts)) for j in range(n)]
        # every row has its own seed: sample j of prompt i draws from seeds[i] (or row r of the call
        # from `seed`, so one prompt with `seed` s is the same as `seeds` [s])
        if seeds is None:
            base = seed if seed is not None else int(torch.randint(0, 1 << 62, (1,)))
            row_seeds = [sample_seed(base, r) for r in range(len(rows))]
        else:
            row_seeds = [sample_seed(seeds[i], j) for i, j in rows]
        results: dict[tuple[int, int], Completion] = {}
        with torch.inference_mode():
            prefilled = None if self.impl == "fast" else [self._prefill(ids) for ids in encoded]
            for start in range(0, len(rows), self.max_batch):
                chunk = rows[start:start + self.max_batch]
                uniforms = None if a.temperature == 0 else \
                    self._uniforms(row_seeds[start:start + self.max_batch], a.max_tokens)
                if prefilled is None:
                    run, logits = self._prefill_rows([encoded[i] for i, _ in chunk], a.max_tokens)
                else:
                    entries = [prefilled[i] for i, _ in chunk]
                    run, logits = self._runner.decoder(entries, a.max_tokens), torch.stack([e[1] for e in entries])
                for row, comp in zip(chunk, self._decode(run, logits, a, uniforms)):
                    results[row] = comp
        out = [[results[(i, j)] for j in range(n)] for i in range(len(prompts))]
        self.stats.calls += 1
        self.stats.prompts += len(prompts)
        self.stats.sequences += len(rows)
        self.stats.prompt_tokens += sum(map(len, encoded))
        self.stats.generated_tokens += sum(c.tokens for row in out for c in row)
        self.stats.seconds += time.perf_counter() - t0
        return out

    def _uniforms(self, seeds: list[int], steps: int):
        """[rows, steps] uniforms, row r from its own generator seeded seeds[r]."""
        torch, out = self.torch, []
        for s in seeds:
            g = torch.Generator(device=self.device)
            g.manual_seed(s)
            out.append(torch.rand(steps, generator=g, device=self.device, dtype=torch.float64))
        return torch.stack(out)

    def _decode(self, run, logits, a, uniforms=None) -> list[Completion]:
        """Sample one completion per row of `run` (a decoder holding the prefilled prompts; `logits`
        [B, vocab] after each one); rows run as one batch. With `uniforms` [B, max_tokens] row b's
        token at step t is the inverse CDF of uniforms[b, t]."""
        torch = self.torch
        B, dev = len(logits), self.device

        eos = torch.tensor(sorted(self.eos_ids), device=dev)
        ids: list[list[int]] = [[] for _ in range(B)]
        logprob = [0.0] * B
        done: dict[int, Completion] = {}
        active = torch.arange(B, device=dev)  # original row of each live row
        # Finished rows stay in the runner's batch (fed a dummy token) until at most half of it is
        # live: compacting the KV costs a copy of all of it, so it is done O(log B) times, not per
        # finished row. Only live rows are sampled, so the draws do not depend on this policy.
        slot = torch.arange(B, device=dev)  # each live row's position in the runner's batch
        rows = B
        for t in range(a.max_tokens):
            if len(slot) < rows:
                logits = logits[slot]
            logp = torch.log_softmax(logits, dim=-1)
            if a.temperature == 0:
                tok = logits.argmax(dim=-1)
            else:  # row-wise: each row's cumulative sum and its own uniform, nothing shared
                cdf = torch.softmax(logits.double() / a.temperature, dim=-1).cumsum(dim=-1)
                u = uniforms[active, t] * cdf[:, -1]
                tok = torch.searchsorted(cdf, u[:, None], right=True).squeeze(1).clamp_(max=cdf.shape[1] - 1)
            tok_lp = logp.gather(1, tok[:, None]).squeeze(1).tolist()
            is_eos = torch.isin(tok, eos).tolist()
            keep = []
            for b, (r, x) in enumerate(zip(active.tolist(), tok.tolist())):
                ids[r].append(x)
                logprob[r] += tok_lp[b]
                ended = self.ended(ids[r], logprob[r], is_eos[b], t + 1 == a.max_tokens, a.stop)
                if ended is None:
                    keep.append(b)
                else:
                    done[r] = ended
            if not keep:
                break
            if len(keep) < len(active):
                sel = torch.tensor(keep, device=dev)
                active, tok, slot = active[sel], tok[sel], slot[sel]
                if 2 * len(keep) <= rows:  # drop finished rows so compute follows live sequences
                    run.select(slot)
                    slot, rows = torch.arange(len(keep), device=dev), len(keep)
            if len(slot) < rows:
                tok = tok.new_zeros(rows).index_copy_(0, slot, tok)
            logits = run.step(tok, t)
        return [done[r] for r in range(B)]

    def encode(self, prompts: list[str]) -> list[list[int]]:
        """The prompts' ids: in one call with gentzen's own tokenizer, one by one with a transformers one
        (a FastLlama may be handed in with either)."""
        if hasattr(self.tokenizer, "encode_batch"):
            return self.tokenizer.encode_batch(prompts)
        return [self.tokenizer(p)["input_ids"] for p in prompts]

    def ended(self, ids: list[int], logprob: float, is_eos: bool, last: bool, stop: list[str]) -> Completion | None:
        """The completion of a row whose latest sampled id is ids[-1], or None while it goes on."""
        if is_eos:  # a stop string may precede EOS
            text, which = cut_at_stop(self.tokenizer.decode(ids[:-1], skip_special_tokens=True), stop)
            return Completion(text, len(ids), logprob, "stop" if which else "eos", which, tuple(ids))
        # decoding every row every step is the loop's main Python cost: only when needed
        text, which = cut_at_stop(self.tokenizer.decode(ids, skip_special_tokens=True) if stop or last else "", stop)
        if which is not None:
            return Completion(text, len(ids), logprob, "stop", which, tuple(ids))
        if last:
            return Completion(text, len(ids), logprob, "length", None, tuple(ids))
        return None

    def generate_stream(self, pull, *, max_rows: int, max_tokens: int, temperature: float = 1.0,
                        stop: list[str] | None = None):
        """Continuous batching (fast path only: `streams`): see engines/stream.py."""
        from gentzen.engines.stream import generate_stream

        return generate_stream(self, pull, max_rows=max_rows, max_tokens=max_tokens, temperature=temperature,
                               stop=stop)

    @property
    def streams(self) -> bool:
        return self.impl == "fast"

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer(text)["input_ids"])

    def reset_stats(self) -> None:
        self.stats = EngineStats()

    def close(self) -> None:
        self._cache.clear()


class _HFRunner:
    """A transformers causal LM behind the two calls FastLlama answers natively."""

    def __init__(self, model, transformers) -> None:
        self.model, self.transformers = model, transformers
        self.torch = require("torch", "train")
        self.device = next(model.parameters()).device

    def prefill(self, ids: list[int], past: list | None):
        cache = self.transformers.DynamicCache(ddp_cache_data=past) if past else None
        out = self.model(input_ids=self.torch.tensor([ids], device=self.device),
                         past_key_values=cache, use_cache=True, logits_to_keep=1)
        kv = [(layer.keys, layer.values) for layer in out.past_key_values.layers]
        return kv, out.logits[0, -1].float()

    def decoder(self, entries: list, max_tokens: int) -> _HFDecoder:
        return _HFDecoder(self, entries)


class _HFDecoder:
    """Rows decoding together through a DynamicCache; padded slots are masked out of attention."""

    def __init__(self, runner: _HFRunner, entries: list) -> None:
        from gentzen.models.fastdecode import left_pad

        torch, self.runner = runner.torch, runner
        layers, self.lengths, width = left_pad(torch, [e[0] for e in entries])
        self.cache = runner.transformers.DynamicCache(ddp_cache_data=layers)
        pos = torch.arange(width, device=runner.device)
        self.mask = (pos[None, :] >= (width - self.lengths)[:, None]).long()

    def step(self, tok, t: int):
        self.mask = self.runner.torch.cat([self.mask, self.mask.new_ones((len(tok), 1))], dim=1)
        out = self.runner.model(input_ids=tok[:, None], attention_mask=self.mask,
                                position_ids=(self.lengths + t)[:, None], past_key_values=self.cache,
                                use_cache=True)
        self.cache = out.past_key_values
        return out.logits[:, -1].float()

    def select(self, sel) -> None:
        self.cache.batch_select_indices(sel)
        self.mask, self.lengths = self.mask[sel], self.lengths[sel]


def _as_list(x) -> list:
    return [] if x is None else list(x) if isinstance(x, (list, tuple)) else [x]
