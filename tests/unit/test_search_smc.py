"""SMC: one particle without resampling is guided sampling without redraws, line for line; the
resampling pieces (ESS, systematic resampling) behave as their definitions say."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.engines.fake import FakeEngine
from gentzen.search import smc
from gentzen.search.guided import SamplerConfig, sample
from tests.unit.search_helpers import AND, MP, random_script

import random

SHIPPED = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "assets" / "default_model"


def _same(a, b) -> None:
    assert (a.ok, a.proof, a.lines, a.tokens, a.model_calls, a.kernel_checks) == \
           (b.ok, b.proof, b.lines, b.tokens, b.model_calls, b.kernel_checks)
    assert a.events == b.events
    assert (a.error and a.error.kind) == (b.error and b.error.kind)


@pytest.mark.parametrize("fmt", ["whole", "state", "state+proof"])
def test_one_particle_equals_plain_sampling_fake_engine(fmt):
    compared = solved = 0
    for thm in (AND, MP):
        for seed in range(12):
            # SMC expands every line the kernel accepts: guided sampling's loop pruning off (search/refuse.py)
            g = sample(thm, FakeEngine(random_script(seed)), SamplerConfig(samples=1, guided=False, seed=seed, format=fmt,
                                                                           prune_loops=False))
            s = smc.run(thm, FakeEngine(random_script(seed)),
                        smc.SMCConfig(particles=1, resample=False, seed=seed, format=fmt))
            _same(g.attempts[0], s.attempts[0])
            compared += 1
            solved += g.attempts[0].ok
    assert solved > 0 and solved < compared  # both outcomes were compared


@pytest.mark.skipif(importlib.util.find_spec("torch") is None, reason="needs torch (the train extra)")
def test_one_particle_equals_plain_sampling_shipped_model():
    from gentzen.data.sets import load_set
    from gentzen.engines import load_engine

    from gentzen.models.checkpoint import read_meta

    eng = load_engine(str(SHIPPED), "torch", device="cpu", threads=1)
    fmt = read_meta(SHIPPED).get("format", "whole")  # the prompts the shipped model was trained on
    theorems = [r["theorem"] for r in load_set("textbook")[:6]]
    solved = 0
    for thm in theorems:
        for seed in (0, 1):
            g = sample(thm, eng, SamplerConfig(samples=1, guided=False, seed=seed, format=fmt, prune_loops=False))
            s = smc.run(thm, eng, smc.SMCConfig(particles=1, resample=False, seed=seed, format=fmt))
            _same(g.attempts[0], s.attempts[0])
            solved += g.attempts[0].ok
    assert solved > 0


def test_particles_die_on_a_rejected_line_and_survivors_are_cloned():
    # at the root, particle 0 writes a bad line, the others `constructor`; resampling refills 0
    lines = iter(["  exact foo\n", "  constructor\n", "  constructor\n", "  constructor\n"])
    eng = FakeEngine(lambda p, i: next(lines, "  exact hp\n" if "constructor" in p and p.count("exact") == 0 else "  exact hq\n"))
    res = smc.run(AND, eng, smc.SMCConfig(particles=4, ess_threshold=1.0, seed=0))
    (a,) = res.attempts
    assert a.ok and a.proof == "  constructor\n  exact hp\n  exact hq"
    # round 1: four prompts; round 2: all four alive again (the dead one was replaced by a clone)
    assert [len(c.prompts) for c in eng.calls][:2] == [4, 4]
    assert a.events[0] == {"line": "  exact foo", "ok": False, "kind": "unknown_identifier", "redraw": False}


def test_without_resampling_dead_particles_stay_dead():
    lines = iter(["  exact foo\n", "  constructor\n", "  exact foo\n", "  constructor\n"])
    eng = FakeEngine(lambda p, i: next(lines, "  intro h\n"))
    smc.run(AND, eng, smc.SMCConfig(particles=4, resample=False, seed=0))
    assert [len(c.prompts) for c in eng.calls][:2] == [4, 2]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0.0, max_value=10.0), min_size=1, max_size=12).filter(lambda w: sum(w) > 0),
       st.integers(0, 10_000))
def test_systematic_resampling_is_proportional(weights, seed):
    picks = smc.systematic_resample(weights, random.Random(seed))
    n, total = len(weights), sum(weights)
    assert len(picks) == n
    counts = Counter(picks)
    for i, w in enumerate(weights):
        expected = n * w / total
        assert expected - 1 - 1e-9 <= counts[i] <= expected + 1 + 1e-9  # systematic: within one of n·w/Σw
        if w == 0:
            assert counts[i] == 0


@given(st.lists(st.floats(min_value=0.0, max_value=10.0), min_size=1, max_size=12))
def test_effective_sample_size_bounds(weights):
    ess = smc.effective_sample_size(weights)
    alive = sum(w > 0 for w in weights)
    assert (ess == 0) == (alive == 0)
    assert ess <= alive + 1e-9
    if alive:
        assert ess >= 1 - 1e-9
