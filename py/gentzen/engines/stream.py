"""Continuous batching on TorchEngine's fast path: rows join the decode batch as others finish.

A round of lockstep sampling decodes until its longest line ends, while most rows (lines of ~5
tokens) finished long before: the batch thins out and each step costs about the same whatever it
holds. Here the caller's `pull(k)` hands up to k new rows (tag, prompt, seed) whenever at most half
the batch is live; they are prefilled together (engine._prefill_rows, prefix cache included) and
merged with the live rows into one buffer, and every finished row is yielded at once, so its next
line can be asked for while the batch decodes. Row r's token at its step t is the inverse CDF of the
t-th uniform of a generator seeded with its own seed, as `generate(seeds=…)` draws it: a row's
completion does not depend on what it shares the batch with (up to float noise in batched logits).
"""

from __future__ import annotations

import time

from gentzen.engines.base import check_args


def generate_stream(engine, pull, *, max_rows: int, max_tokens: int, temperature: float = 1.0, stop=None):
    """Yield (tag, Completion, engine seconds of the row) as rows finish; `pull(k)` returns up to k
    (tag, prompt, seed) to start (empty: none now; it is asked again once more rows finish).
    Long because admitting rows, stepping the batch and retiring finished rows share the batch's state and
    read in the order they happen each step."""
    torch = engine.torch
    a = check_args(1, max_tokens, temperature, stop)
    eos = torch.tensor(sorted(engine.eos_ids), device=engine.device)
    tags: list = []        # per buffer row: its tag, None once finished (a dead row, fed dummy tokens)
    ids: list[list[int]] = []
    logprob: list[float] = []
    spent: list[float] = []  # engine seconds charged to the row
    steps = None             # per buffer row: tokens sampled so far (index into its uniforms)
    uniforms = dec = logits = None
    stats = engine.stats
    clock = time.perf_counter()
    with torch.inference_mode():
        while True:
            live = [b for b, tag in enumerate(tags) if tag is not None]
            if len(live) * 2 <= max(max_rows, 1):  # refill: merge the live rows with new ones
                new = pull(max_rows - len(live)) if max_rows > len(live) else []
                if not new and not live:
                    stats.seconds += time.perf_counter() - clock
                    return
                if new or len(live) < len(tags):
                    keep = torch.tensor(live, dtype=torch.long, device=engine.device)
                    new_dec = new_logits = None
                    if new:
                        encoded = engine.encode([p for _, p, _ in new])
                        new_dec, new_logits = engine._prefill_rows(encoded, a.max_tokens)
                        stats.calls += 1
                        stats.prompts += len(new)
                        stats.sequences += len(new)
                        stats.prompt_tokens += sum(map(len, encoded))
                    if dec is None:
                        dec, logits = new_dec, new_logits
                    else:
                        dec = dec.merged(keep, new_dec, a.max_tokens)
                        logits = logits.index_select(0, keep) if new_logits is None else \
                            torch.cat([logits.index_select(0, keep), new_logits])
                    fresh = [] if a.temperature == 0 else [s for _, _, s in new]
                    old_u = uniforms.index_select(0, keep) if uniforms is not None else None
                    new_u = engine._uniforms(fresh, a.max_tokens) if fresh else None
                    uniforms = new_u if old_u is None else old_u if new_u is None else torch.cat([old_u, new_u])
                    steps = torch.cat([steps.index_select(0, keep) if steps is not None else
                                       torch.zeros(0, dtype=torch.long, device=engine.device),
                                       torch.zeros(len(new), dtype=torch.long, device=engine.device)])
                    tags = [tags[b] for b in live] + [t for t, _, _ in new]
                    ids = [ids[b] for b in live] + [[] for _ in new]
                    logprob = [logprob[b] for b in live] + [0.0] * len(new)
                    spent = [spent[b] for b in live] + [0.0] * len(new)
                    live = [b for b, tag in enumerate(tags) if tag is not None]
            if not live:
                stats.seconds += time.perf_counter() - clock
                return
            idx = torch.tensor(live, device=engine.device)
            lg = logits if len(live) == len(tags) else logits.index_select(0, idx)
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
            finished = []
            for k, (b, x) in enumerate(zip(live, tok.tolist())):
                ids[b].append(x)
                logprob[b] += tok_lp[k]
                done = engine.ended(ids[b], logprob[b], is_eos[k], len(ids[b]) == a.max_tokens, a.stop)
                if done is not None:
                    finished.append((b, done))
            feed = torch.zeros(len(tags), dtype=tok.dtype, device=engine.device).index_copy_(0, idx, tok)
            if len(finished) < len(live):  # the rows going on need their next logits (finished ones ride along)
                logits = dec.step(feed, dec.filled - dec.width)
            now = time.perf_counter()
            for b in live:
                spent[b] += (now - clock) / len(live)
            stats.seconds += now - clock
            for b, done in finished:
                tag, tags[b] = tags[b], None
                stats.generated_tokens += done.tokens
                yield tag, done, spent[b]
            clock = time.perf_counter()
