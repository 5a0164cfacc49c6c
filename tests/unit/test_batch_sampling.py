"""Sampling across items (search/batch.py): every theorem's attempts are the ones it gets alone.

On the tiny fixture model (tests/fixtures/tiny_gen_model) guided and plain sampling of a handful of
theorems give the same proofs, lines and per-attempt token counts one theorem at a time
(batch_rows=1) as with all of them decoded together, in any job order; and the torch engine's
per-row seeds make a row's completion independent of the rows beside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gentzen.engines.fake import FakeEngine
from gentzen.search.batch import sample_many
from gentzen.search.guided import SamplerConfig, sample
from gentzen.train.samples import records

MODEL = Path(__file__).resolve().parents[1] / "fixtures" / "tiny_gen_model"
THEOREMS = [r["theorem"] for r in records()[:8]]
TIMING = ("sample_seconds", "check_seconds", "other_seconds")


def same_work(res) -> list[dict]:
    """An item's attempts without their wall-clock (which depends on the batch)."""
    return [{k: v for k, v in a.to_dict().items() if k not in TIMING} for a in res.attempts]


class Counting:
    """Wraps an engine and records how many rows each call held."""

    def __init__(self, engine) -> None:
        self.engine, self.rows = engine, []
        self.stats = engine.stats

    def generate(self, prompts, n=1, **kw):
        self.rows.append(len(prompts))
        return self.engine.generate(prompts, n, **kw)


@pytest.fixture(scope="module")
def engine():
    from gentzen.engines.torch_engine import TorchEngine

    return TorchEngine.from_pretrained(MODEL, device="cpu", threads=1)


@pytest.mark.requires_torch
@pytest.mark.parametrize("guided,stop_at_first", [(True, False), (False, False), (True, True)])
def test_batched_results_equal_one_at_a_time(engine, guided, stop_at_first):
    cfg = SamplerConfig(samples=4, guided=guided, stop_at_first=stop_at_first, seed=5, max_lines=8,
                        temperature=1.0)
    alone = {i: sample(t, engine, cfg) for i, t in enumerate(THEOREMS)}
    one = dict(sample_many([(i, t, cfg) for i, t in enumerate(THEOREMS)], engine, batch_rows=1))
    wrapped = Counting(engine)
    together = dict(sample_many([(i, t, cfg) for i, t in reversed(list(enumerate(THEOREMS)))], wrapped,
                                batch_rows=64))
    assert max(wrapped.rows) > cfg.samples  # rows of several theorems did share a call
    for i in range(len(THEOREMS)):
        assert same_work(alone[i]) == same_work(one[i]) == same_work(together[i]), THEOREMS[i]
    attempts = [a for r in together.values() for a in r.attempts]
    # not a vacuous comparison: lines accepted and rejected, proofs found (guided), many tokens
    assert sum(a.lines for a in attempts) > 8 and any(not a.ok for a in attempts)
    assert any(a.ok for a in attempts) or not guided
    assert sum(a.tokens for a in attempts) > 200


@pytest.mark.requires_torch
def test_per_row_seeds_ignore_the_other_rows(engine):
    from gentzen.models.formats import build_prompt

    prompts = [build_prompt("whole", t) for t in THEOREMS[:5]]
    kw = {"max_tokens": 32, "temperature": 1.0, "stop": ["\n"]}
    seeds = [11, 12, 13, 14, 15]
    batched = engine.generate(prompts, 2, seeds=seeds, **kw)
    for i, p in enumerate(prompts):
        alone = engine.generate([p], 2, seeds=[seeds[i]], **kw)
        assert [c.token_ids for c in alone[0]] == [c.token_ids for c in batched[i]]
    # the two samples of a prompt differ in seed, and another seed draws differently
    again = engine.generate(prompts, 2, seeds=[s + 100 for s in seeds], **kw)
    assert [c.token_ids for r in again for c in r] != [c.token_ids for r in batched for c in r]
    with pytest.raises(ValueError):
        engine.generate(prompts, 1, seeds=seeds[:2], **kw)


def test_scheduler_fills_rows_and_keeps_each_item_apart():
    """With a scripted engine: one call per round holds every live item, each row has its own seed,
    and an item that is done leaves while the others go on."""
    eng = FakeEngine(lambda prompt, i: "exact h1\n" if "(h1 : P) : P :=" in prompt else "bad line\n")
    cfg = SamplerConfig(samples=3, guided=True, redraws_per_line=1, redraws_per_proof=1, stop_at_first=False)
    jobs = [("easy", "P ⊢ P", cfg), ("hard", "P, Q ⊢ P ∧ Q", cfg)]
    done = list(sample_many(jobs, eng, batch_rows=64))
    assert [k for k, _ in done] == ["easy", "hard"]  # easy finished first: one line each
    first = eng.calls[0]
    assert len(first.prompts) == 6 and first.seeds is not None and len(set(first.seeds)) == 6
    assert len(eng.calls[1].prompts) == 3  # only hard's redraws remain
    assert all(a.ok for a in done[0][1].attempts) and not any(a.ok for a in done[1][1].attempts)


def test_an_engine_without_seeds_is_called_once_per_prompt_with_its_seed():
    """An engine whose generate() takes no `seeds` still gets every row's own seed (one call each)."""
    from gentzen.engines.base import generate_seeded

    class OneSeed:
        def __init__(self) -> None:
            self.inner = FakeEngine(lambda prompt, i: "bad line\n")
            self.stats, self.seen = self.inner.stats, []

        def generate(self, prompts, n=1, *, max_tokens=64, temperature=1.0, stop=None, seed=None):
            self.seen.append((len(prompts), seed))
            return self.inner.generate(prompts, n, max_tokens=max_tokens, temperature=temperature, stop=stop, seed=seed)

    eng = OneSeed()
    out = generate_seeded(eng, ["a", "b", "c"], [7, 8, 9], max_tokens=8)
    assert len(out) == 3 and eng.seen == [(1, 7), (1, 8), (1, 9)]
    cfg = SamplerConfig(samples=2, guided=False, stop_at_first=False)
    eng.seen.clear()
    dict(sample_many([(0, "P ⊢ P", cfg), (1, "Q ⊢ Q", cfg)], eng, batch_rows=64))
    assert len(eng.seen) == 4 and all(k == 1 and s is not None for k, s in eng.seen) and len({s for _, s in eng.seen}) == 4


@pytest.mark.requires_torch
@pytest.mark.parametrize("guided,rows", [(True, 64), (False, 64), (True, 5)])
def test_continuous_batching_gives_every_item_its_own_attempts(engine, guided, rows):
    """The fast path streams rows (engines/stream.py): attempts draw their next line as soon as their
    last one is checked, new theorems join as rows free up, in any job order; every attempt is still
    the one it gets alone (5 rows: many refills, rows of several theorems merged mid-decode)."""
    assert engine.streams
    cfg = SamplerConfig(samples=4, guided=guided, stop_at_first=False, seed=7, max_lines=8, temperature=1.0)
    alone = {i: sample(t, engine, cfg) for i, t in enumerate(THEOREMS)}
    calls = []
    real = engine.generate_stream

    def spy(pull, **kw):
        calls.append(kw["max_rows"])
        return real(pull, **kw)

    engine.generate_stream = spy
    try:
        streamed = dict(sample_many([(i, t, cfg) for i, t in reversed(list(enumerate(THEOREMS)))], engine,
                                    batch_rows=rows))
    finally:
        del engine.generate_stream
    assert calls == [rows]
    for i in range(len(THEOREMS)):
        assert same_work(alone[i]) == same_work(streamed[i]), THEOREMS[i]
    attempts = [a for r in streamed.values() for a in r.attempts]
    assert sum(a.lines for a in attempts) > 8 and any(not a.ok for a in attempts)
    assert sum(a.model_calls for a in attempts) > len(attempts)  # several lines per attempt: rows rejoined
