"""Continuous batching on TorchEngine's fast path: rows join the decode batch as others finish.

A round of lockstep sampling decodes until its longest line ends, while most rows (lines of ~5
tokens) finished long before: the batch thins out and each step costs about the same whatever it
holds. Here the caller's `pull(k)` hands up to k new rows (tag, prompt, seed) whenever at most half
the batch is live; they are prefilled together (engine._prefill_rows, prefix cache included) and
copied into the free KV slots (models/slots.py: the live rows' caches stay put), and every finished
row is yielded at once, so its next line can be asked for while the batch decodes. Row r's token at its step t is the inverse CDF of the
t-th uniform of a generator seeded with its own seed, as `generate(seeds=…)` draws it: a row's
completion does not depend on what it shares the batch with (up to float noise in batched logits).
"""

from __future__ import annotations

import time

from gentzen.engines.base import check_args


REFILL = 0.5  # refill once this share of the slots is free: fewer, larger batched prefills


def generate_stream(engine, pull, *, max_rows: int, max_tokens: int, temperature: float = 1.0, stop=None):
    """Yield (tag, Completion, engine seconds of the row) as rows finish; `pull(k)` returns up to k
    (tag, prompt, seed) to start (empty: none now; it is asked again once more rows finish).
    Long because admitting rows, stepping the batch and retiring finished rows share the batch's state and
    read in the order they happen each step."""
    from gentzen.models.slots import SlotDecoder

    torch, dev = engine.torch, engine.device
    a = check_args(1, max_tokens, temperature, stop)
    R = max(max_rows, 1)
    eos = torch.tensor(sorted(engine.eos_ids), device=dev)
    tags: list = [None] * R  # per slot: its row's tag, None while free
    ids: list[list[int]] = [[] for _ in range(R)]
    logprob = [0.0] * R
    spent = [0.0] * R  # engine seconds charged to the row
    steps = torch.zeros(R, dtype=torch.long, device=dev)  # tokens sampled so far (index into uniforms)
    uniforms = None if a.temperature == 0 else torch.zeros((R, a.max_tokens), dtype=torch.float64, device=dev)
    dec = SlotDecoder(engine.model, R, 128)
    logits = None  # [R, vocab]: each slot's logits for its next token
    stats = engine.stats
    clock = time.perf_counter()
    with torch.inference_mode():
        while True:
            free = [b for b in range(R) if tags[b] is None]
            if len(free) >= max(1, int(R * REFILL)) or len(free) == R:
                new = pull(len(free))
                if new:
                    slots = free[:len(new)]  # the lowest free slots: decode steps run over slots [:hi]
                    encoded = engine.encode([p for _, p, _ in new])
                    _, new_logits = engine._prefill_rows(encoded, a.max_tokens, slots=(dec, slots))
                    stats.calls += 1
                    stats.prompts += len(new)
                    stats.sequences += len(new)
                    stats.prompt_tokens += sum(map(len, encoded))
                    if logits is None:
                        logits = new_logits.new_zeros((R, new_logits.shape[1]))
                    slot_t = torch.tensor(slots, device=dev)
                    logits.index_copy_(0, slot_t, new_logits)
                    if uniforms is not None:
                        uniforms.index_copy_(0, slot_t, engine._uniforms([s for _, _, s in new], a.max_tokens))
                    steps.index_fill_(0, slot_t, 0)
                    for b, (tag, _, _) in zip(slots, new):
                        tags[b], ids[b], logprob[b], spent[b] = tag, [], 0.0, 0.0
            live = [b for b in range(R) if tags[b] is not None]
            if not live:
                stats.seconds += time.perf_counter() - clock
                return
            hi = live[-1] + 1
            idx = torch.tensor(live, device=dev)
            lg = logits[:hi] if len(live) == hi else logits.index_select(0, idx)
            logp = torch.log_softmax(lg, dim=-1)
            if a.temperature == 0:
                tok = lg.argmax(dim=-1)
            else:
                cdf = torch.softmax(lg.double() / a.temperature, dim=-1).cumsum(dim=-1)
                u = uniforms[idx, steps[idx]] * cdf[:, -1]
                tok = torch.searchsorted(cdf, u[:, None], right=True).squeeze(1).clamp_(max=cdf.shape[1] - 1)
            steps[idx] += 1
            tok_lp = logp.gather(1, tok[:, None]).squeeze(1).tolist()
            is_eos = torch.isin(tok, eos).tolist()
            finished, going = [], []
            for k, (b, x) in enumerate(zip(live, tok.tolist())):
                ids[b].append(x)
                logprob[b] += tok_lp[k]
                done = engine.ended(ids[b], logprob[b], is_eos[k], len(ids[b]) == a.max_tokens, a.stop)
                if done is not None:
                    finished.append((b, done))
                else:
                    going.append(b)
            dec.free([b for b, _ in finished])
            if going:  # the rows going on need their next logits (free slots ride along at column 0)
                feed = torch.zeros(hi, dtype=tok.dtype, device=dev).index_copy_(0, idx, tok)
                logits[:hi] = dec.step(feed, hi, going)
            now = time.perf_counter()
            for b in live:
                spent[b] += (now - clock) / len(live)
            stats.seconds += now - clock
            for b, done in finished:
                tag, tags[b] = tags[b], None
                stats.generated_tokens += done.tokens
                yield tag, done, spent[b]
            clock = time.perf_counter()
