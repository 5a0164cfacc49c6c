"""The prompt KV cache of TorchEngine: prompts' per-layer keys and values, found by longest common prefix.

A prompt's KV at position j depends on its tokens up to j alone, so any cached prompt that shares the
first m tokens with a new one gives those m positions for free, whether or not it is a whole prefix of
it. The state formats need exactly that: the next line's prompt is the last one with a hypothesis
inserted before the `⊢` line, which no whole-prompt match finds. A token trie finds the longest shared
prefix in one walk; the least recently used prompts leave once the cache holds too many tokens.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

_LAST = -1  # trie node key (never a token id) of the newest cached prompt passing through the node


@dataclass
class Entry:
    """One cached prompt: per-layer (k, v) [1, heads, len, dim] and the logits after its last token,
    each owning its storage (a view of a batch's buffer would keep the whole buffer alive)."""

    kv: list
    logits: object
    length: int


class PrefixCache:
    def __init__(self, max_tokens: int = 1 << 16) -> None:
        self.max_tokens = max_tokens
        self.entries: OrderedDict[tuple[int, ...], Entry] = OrderedDict()
        self.tokens = 0
        self._root: dict = {}

    def __len__(self) -> int:
        return len(self.entries)

    def clear(self) -> None:
        self.entries.clear()
        self._root, self.tokens = {}, 0

    def lookup(self, ids: tuple[int, ...]) -> tuple[Entry | None, int]:
        """(the cached prompt sharing the longest prefix with `ids`, that prefix's length); the whole
        prompt itself when cached (then the length is len(ids) and its logits are known)."""
        hit = self.entries.get(ids)
        if hit is not None:
            self.entries.move_to_end(ids)
            return hit, len(ids)
        node, depth = self._root, 0
        for t in ids:
            nxt = node.get(t)
            if nxt is None:
                break
            node, depth = nxt, depth + 1
        if depth == 0:
            return None, 0
        key = node[_LAST]
        self.entries.move_to_end(key)
        return self.entries[key], depth

    def add(self, ids: tuple[int, ...], entry: Entry) -> None:
        if ids in self.entries:
            self.entries.move_to_end(ids)
            return
        self.entries[ids] = entry
        self.tokens += len(ids)
        self._insert(ids)
        if self.tokens > self.max_tokens and len(self.entries) > 1:
            # drop the oldest down to half, then rebuild the trie once (no dangling node pointers)
            while self.tokens > self.max_tokens // 2 and len(self.entries) > 1:
                old, _ = self.entries.popitem(last=False)
                self.tokens -= len(old)
            self._root = {}
            for key in self.entries:
                self._insert(key)

    def _insert(self, ids: tuple[int, ...]) -> None:
        node = self._root
        for t in ids:
            node = node.setdefault(t, {})
            node[_LAST] = ids
