"""A KV-cache slot per batch row for continuous batching (engines/stream.py): each slot holds one
row's keys and values left-aligned from column 0 with its own length, so a finished row's slot is
refilled with a new prompt in place and the live rows' caches are never copied (the earlier
merged-buffer refill copied all of them at every refill).
"""

from __future__ import annotations

from gentzen.models.fastdecode import _buckets

GROW = 64  # columns added when the longest row reaches the buffer's end


class SlotDecoder:
    """`rows` slots of FastLlama keys and values [rows, kv_heads, cap, dim] per layer. A decode step
    runs over slots [:hi] (the highest occupied one and below): free slots below it ride along fed a
    dummy token at column 0, and their logits are ignored."""

    def __init__(self, model, rows: int, cap: int) -> None:
        torch = self.torch = model.torch
        self.model, self.rows = model, rows
        shape = (rows, model.kv_heads, cap, model.head_dim)
        # zeros: a masked column must hold no NaN (0 * NaN poisons attention); every column that a
        # row reads past its own length was written before (by a prefill copy or a step)
        self.kv = [tuple(torch.zeros(shape, dtype=model.dtype, device=model.device) for _ in (0, 1))
                   for _ in model.layers]
        self.length = torch.zeros(rows, dtype=torch.long, device=model.device)  # tokens cached per slot
        self.lens = [0] * rows  # the same, as Python ints (no device sync to find the width)

    def _reserve(self, need: int) -> None:
        torch, cap = self.torch, self.kv[0][0].shape[2]
        if need <= cap:
            return
        more = max(GROW, need - cap)
        self.kv = [tuple(torch.cat([x, x.new_zeros(x.shape[:2] + (more,) + x.shape[3:])], dim=2) for x in kv)
                   for kv in self.kv]

    def prefill(self, pasts: list, suffixes: list[list[int]], slots_of: list[list[int]]):
        """Prompts prefilled straight into their slots: prompt d continues pasts[d] = (per-layer
        (k, v) [1, kv_heads, ≥m, dim], m) (None, 0: nothing cached) with the ids suffixes[d] and
        goes into every slot of slots_of[d] (prefilled once, then copied). Returns each prompt's
        logits after its last token (None for an empty suffix) and its KV [1, kv_heads, len, dim]
        per layer (views of a copy, for the prompt cache; None for an empty suffix)."""
        torch, dev = self.torch, self.model.device
        nd = len(pasts)
        lens = [m + len(x) for (_, m), x in zip(pasts, suffixes)]
        first = [s[0] for s in slots_of]
        self._reserve(max(m + max(len(x), 1) for (_, m), x in zip(pasts, suffixes)) + 1)
        for d, (past, m) in enumerate(pasts):
            if m:
                for li, (K, V) in enumerate(self.kv):
                    K[first[d], :, :m] = past[li][0][0, :, :m]
                    V[first[d], :, :m] = past[li][1][0, :, :m]
        logits: list = [None] * nd
        prompt_kv: list = [None] * nd
        for bucket in _buckets([(len(x), d) for d, x in enumerate(suffixes) if x]):
            out, blocks = self._prefill_bucket(bucket, pasts, suffixes, first)
            for b, d in enumerate(bucket):
                logits[d] = out[b]
                prompt_kv[d] = [tuple(x[b:b + 1, :, :lens[d]] for x in pair) for pair in blocks]
        src = [first[d] for d, s in enumerate(slots_of) for _ in s[1:]]
        if src:  # the other slots of a prompt (a theorem's attempts) copy its first slot
            W = max(lens)
            src_t = torch.tensor(src, device=dev)
            tgt_t = torch.tensor([t for s in slots_of for t in s[1:]], device=dev)
            for pair in self.kv:
                for X in pair:
                    X[:, :, :W].index_copy_(0, tgt_t, X[:, :, :W].index_select(0, src_t))
        every = [t for s in slots_of for t in s]
        n = [lens[d] for d, s in enumerate(slots_of) for _ in s]
        self.length.index_copy_(0, torch.tensor(every, device=dev), torch.tensor(n, device=dev))
        for t, x in zip(every, n):
            self.lens[t] = x
        return logits, prompt_kv

    def _prefill_bucket(self, bucket: list[int], pasts, suffixes, first: list[int]):
        """One forward over the suffixes of prompts `bucket`, left-aligned after each one's cached
        prefix (shorter ones padded on the right: a padding query writes past its prompt, where
        nothing is read before it is written again). Returns their last logits and the per-layer
        (k, v) blocks [len(bucket), kv_heads, W, dim] they were computed with."""
        torch, dev = self.torch, self.model.device
        nb = len(bucket)
        S = max(len(suffixes[d]) for d in bucket)
        m = torch.tensor([pasts[d][1] for d in bucket], device=dev)
        W = int(m.max()) + S  # padding queries of a short suffix after a long prefix reach column W - 1
        self._reserve(W)
        ids = torch.tensor([suffixes[d] + [0] * (S - len(suffixes[d])) for d in bucket], device=dev)
        pos = m[:, None] + torch.arange(S, device=dev)[None, :]  # [nb, S]
        mask = (torch.arange(W, device=dev)[None, None, :] <= pos[:, :, None])[:, None]  # [nb, 1, S, W]
        H, D = self.model.kv_heads, self.model.head_dim
        at = pos[:, None, :, None].expand(nb, H, S, D)
        rows = torch.tensor([first[d] for d in bucket], device=dev)
        blocks = []

        def attend(i, k, v):
            out = []
            for X, new in zip(self.kv[i], (k, v)):
                Xb = X[:, :, :W].index_select(0, rows).scatter_(2, at, new)
                X[:, :, :W].index_copy_(0, rows, Xb)
                out.append(Xb)
            blocks.append(tuple(out))
            return out[0], out[1]

        keep = torch.tensor([len(suffixes[d]) - 1 for d in bucket], device=dev)
        logits = self.model.forward(ids, pos, attend, mask=mask, keep=keep).float()
        return list(logits), blocks

    def free(self, slots: list[int]) -> None:
        """Slots whose rows finished: length 0, so riding along they write and read column 0 only."""
        for s in slots:
            self.lens[s] = 0
        if slots:
            self.length.index_fill_(0, self.torch.tensor(slots, device=self.model.device), 0)

    def step(self, tok, hi: int, live):
        """Logits [hi, vocab] after feeding tok [hi] to slots [:hi] at their own positions; the
        lengths of slots `live` (a list; the others are free) grow by one."""
        torch = self.torch
        width = max(self.lens[:hi]) + 1
        self._reserve(width)
        length = self.length[:hi]
        cols = torch.arange(width, device=self.model.device)
        mask = (cols[None, :] <= length[:, None])[:, None, None, :]
        H, D = self.model.kv_heads, self.model.head_dim
        at = length.view(hi, 1, 1, 1).expand(hi, H, 1, D)

        def attend(i, k, v):
            K, V = self.kv[i]
            K[:hi].scatter_(2, at, k)
            V[:hi].scatter_(2, at, v)
            return K[:hi, :, :width], V[:hi, :, :width]

        logits = self.model.forward(tok[:, None], length[:, None], attend, mask=mask)
        for s in live:
            self.lens[s] += 1
        self.length.index_add_(0, torch.tensor(live, device=self.model.device),
                               torch.ones(len(live), dtype=torch.long, device=self.model.device))
        return logits[:, -1].float()
