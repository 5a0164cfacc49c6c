"""The decode buffer of FastLlama: rows' keys and values in one tensor per layer, written in place.

Prompts sit right-aligned at one column so a decode step appends one column for every row;
`left_pad` gathers cached prompts into it, `prefill_rows` prefills many prompts' new tokens in a few
batched forwards straight into it; continuous batching keeps a slot per row instead (models/slots.py).
"""

from __future__ import annotations


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

    def __init__(self, model, entries: list, max_tokens: int) -> None:
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

    def select(self, sel) -> None:
        """Keep only rows `sel` (finished rows stop costing compute)."""
        self.kv = [(k.index_select(0, sel), v.index_select(0, sel)) for k, v in self.kv]
        self.valid, self.lengths = self.valid[sel], self.lengths[sel]


def prefill_rows(model, pasts: list, suffixes: list[list[int]], row_prompt: list[int], max_tokens: int):
    """Many prompts prefilled straight into one decode buffer. Prompt d continues `pasts[d]` =
    (per-layer (k, v) [1, kv_heads, ≥m, dim], m), its first m tokens cached (None, 0: none), with
    the ids `suffixes[d]` (empty when m covers it); row r of the buffer holds prompt row_prompt[r].
    Returns the FastDecoder of the rows, each prompt's logits after its last token (None for an
    empty suffix) and its KV [1, kv_heads, len, dim] per layer (views, for the prompt cache)."""
    torch = model.torch
    dev, n, nd = model.device, len(row_prompt), len(pasts)
    lens = [m + len(x) for (_, m), x in zip(pasts, suffixes)]
    C = max(lens)  # every prompt ends at column C (right-aligned): decoding appends at one column
    H, D = model.kv_heads, model.head_dim
    kv = [tuple(torch.empty((n, H, C + min(GROW, max_tokens), D), dtype=model.dtype, device=dev) for _ in (0, 1))
          for _ in model.layers]
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
        for d, lg in zip(bucket, _prefill_bucket(model, kv, C, bucket, suffixes, lens, rows_of)):
            logits[d] = lg
    lengths = torch.tensor([lens[d] for d in row_prompt], device=dev)
    prompt_kv = [[tuple(x[rows_of[d][0]:rows_of[d][0] + 1, :, C - lens[d]:C] for x in pair) for pair in kv]
                 for d in range(nd)]
    dec = FastDecoder.__new__(FastDecoder)
    dec.torch, dec.model, dec.kv, dec.lengths = torch, model, kv, lengths
    dec.width = dec.filled = C
    dec.limit = C + max_tokens
    slots = torch.arange(dec.limit, device=dev)
    dec.valid = (slots[None, :] >= (C - lengths)[:, None]) & (slots[None, :] < C)
    return dec, logits, prompt_kv


def _prefill_bucket(model, kv, C: int, bucket: list[int], suffixes, lens, rows_of):
    """One forward over the suffixes of prompts `bucket`, right-aligned at column C (shorter ones
    left-padded; a padding query's key is never written over the row's cache). Writes the new
    keys and values into every row of each prompt; returns each prompt's last logits."""
    torch = model.torch
    dev, nb = model.device, len(bucket)
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
            Xb = X[:, :, :C].index_select(0, first)
            Xb[:, :, C - S:] = torch.where(real, new, Xb[:, :, C - S:])
            X[tgt_t, :, C - S:C] = Xb[src, :, C - S:]
            out.append(Xb)
        return out[0], out[1]

    logits = model.forward(ids, pos, attend, mask=mask, keep=torch.full((nb,), S - 1, device=dev)).float()
    return list(logits)
