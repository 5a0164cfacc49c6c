"""engines/prefix_cache.py: the trie finds the longest prefix any cached prompt shares with a new one
(checked against a brute-force scan), exact prompts are hits, and eviction keeps the newest prompts
within the token budget with the trie still pointing at cached prompts only."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.engines.prefix_cache import Entry, PrefixCache

PROMPT = st.lists(st.integers(0, 3), min_size=1, max_size=8).map(tuple)


def lcp(a: tuple, b: tuple) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.booleans(), PROMPT), max_size=40), st.integers(4, 40))
def test_lookup_is_the_longest_shared_prefix(ops, budget):
    cache = PrefixCache(budget)
    for add, ids in ops:
        if add:
            cache.add(ids, Entry(kv=None, logits=ids, length=len(ids)))
            assert ids in cache.entries or len(ids) > budget // 2  # the newest stays unless it alone is too big
            assert cache.tokens == sum(map(len, cache.entries))
            assert cache.tokens <= budget or len(cache.entries) == 1
            continue
        entry, m = cache.lookup(ids)
        best = max((lcp(ids, k) for k in cache.entries), default=0)
        assert m == best
        if m == 0:
            assert entry is None
        else:
            assert entry.logits in cache.entries and lcp(ids, entry.logits) == m
        if ids in cache.entries:
            assert entry.logits == ids and m == len(ids)


def test_least_recently_used_prompts_leave_first():
    cache = PrefixCache(10)
    for ids in [(1, 1, 1), (2, 2, 2), (3, 3, 3)]:
        cache.add(ids, Entry(None, ids, 3))
    assert cache.lookup((1, 1, 7))[1] == 2  # a hit through the trie counts as a use
    cache.add((4, 4), Entry(None, (4, 4), 2))  # 11 > 10 tokens: the oldest leave until at most 5 remain
    assert list(cache.entries) == [(1, 1, 1), (4, 4)] and cache.tokens == 5
    assert cache.lookup((2, 2, 2)) == (None, 0) and cache.lookup((3, 3)) == (None, 0)
    cache.clear()
    assert len(cache) == 0 and cache.lookup((1, 1, 1)) == (None, 0)
