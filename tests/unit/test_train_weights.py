"""Compute-aligned weights: closed forms, elasticities of their own recurrences, Monte-Carlo success rates."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.errors import InputError
from gentzen.train.weights import cat_weights, log_success

probs = st.floats(min_value=1e-12, max_value=1 - 1e-12)
traces = st.lists(probs, min_size=1, max_size=8)


def _fd(kind: str, logp: list[float], **budget) -> list[float]:
    """Central finite difference of log Ĵ in each log p_t."""
    out = []
    for t in range(len(logp)):
        eps = 1e-6
        up, down = list(logp), list(logp)
        up[t] = min(0.0, up[t] + eps)
        down[t] -= eps
        out.append((log_success(kind, up, **budget) - log_success(kind, down, **budget)) / (up[t] - down[t]))
    return out


def test_paper_check_values_bfs():
    # ml_peers.md §2.3: p = (0.3, 0.6, 0.2), N = 12 -> 0.29887, 0.13327, 0.42983
    w = cat_weights("bfs", [math.log(p) for p in (0.3, 0.6, 0.2)], n=12)
    assert w == pytest.approx([0.29887, 0.13327, 0.42983], abs=5e-6)


@given(traces, st.integers(1, 200))
def test_ua_closed_form(ps, n):
    kbar = n / len(ps)
    want = [kbar * p * (1 - p) ** (kbar - 1) / (1 - (1 - p) ** kbar) if (1 - p) ** kbar < 1 else 1.0 for p in ps]
    got = cat_weights("ua", [math.log(p) for p in ps], n=n)
    for g, w, p in zip(got, want, ps):
        if p > 1e-6:  # the naive form loses precision for tiny p; the log-space one does not
            assert g == pytest.approx(w, rel=1e-6, abs=1e-12)
        if kbar >= 1:  # below one try per step the continuous extension exceeds 1 (elasticity of p^K̄)
            assert 0.0 <= g <= 1.0 + 1e-12


@given(traces)
def test_ua_at_n_equal_l_is_ce(ps):
    assert cat_weights("ua", [math.log(p) for p in ps], n=len(ps)) == pytest.approx([1.0] * len(ps))


@given(st.lists(st.floats(0.05, 0.99), min_size=1, max_size=6), st.integers(1, 64))
def test_pass_at_n_closed_form(ps, n):
    pi = math.prod(ps)
    want = n * pi * (1 - pi) ** (n - 1) / (1 - (1 - pi) ** n)
    got = cat_weights("pass_at_n", [math.log(p) for p in ps], n=n)
    assert got == pytest.approx([want] * len(ps), rel=1e-9)
    assert cat_weights("pass_at_n", [math.log(p) for p in ps], n=1) == pytest.approx([1.0] * len(ps))


@settings(max_examples=60)
@given(st.lists(st.floats(0.02, 0.98), min_size=1, max_size=6), st.integers(0, 30))
def test_bfs_is_the_elasticity_of_its_recurrence(ps, extra):
    logp = [math.log(p) for p in ps]
    n = len(ps) + extra
    assert cat_weights("bfs", logp, n=n) == pytest.approx(_fd("bfs", logp, n=n), abs=1e-5)


@settings(max_examples=60)
@given(st.lists(st.floats(0.02, 0.98), min_size=1, max_size=6), st.integers(0, 6), st.integers(0, 20))
def test_guided_is_the_elasticity_of_its_recurrence(ps, r, b):
    logp = [math.log(p) for p in ps]
    got = cat_weights("guided", logp, redraws_per_line=r, redraws_per_proof=b)
    assert got == pytest.approx(_fd("guided", logp, redraws_per_line=r, redraws_per_proof=b), abs=1e-5)


def _simulate_guided(ps, r, b, rng) -> bool:
    """One run of the guided sampler under the trace surrogate: line t is right with probability p_t."""
    redraws = 0
    for p in ps:
        tries = 0
        while rng.random() >= p:
            tries += 1
            redraws += 1
            if tries > r or redraws > b:
                return False
    return True


@pytest.mark.parametrize("ps,r,b", [((0.3, 0.6, 0.2), 4, 16), ((0.5,) * 6, 2, 5), ((0.9, 0.1), 10, 3)])
def test_guided_success_matches_monte_carlo(ps, r, b):
    rng, runs = random.Random(0), 40_000
    hits = sum(_simulate_guided(ps, r, b, rng) for _ in range(runs))
    est = hits / runs
    exact = math.exp(log_success("guided", [math.log(p) for p in ps], redraws_per_line=r, redraws_per_proof=b))
    assert abs(est - exact) < 4 * math.sqrt(exact * (1 - exact) / runs) + 1e-3


def test_bfs_success_is_guided_without_a_line_cap():
    logp = [math.log(p) for p in (0.3, 0.6, 0.2)]
    assert log_success("bfs", logp, n=12) == pytest.approx(
        log_success("guided", logp, redraws_per_line=100, redraws_per_proof=9))


@pytest.mark.parametrize("kind,budget", [("ua", {"n": 10_000}), ("pass_at_n", {"n": 10_000}), ("bfs", {"n": 10_000}),
                                         ("guided", {"redraws_per_line": 4, "redraws_per_proof": 10_000})])
def test_extremes_are_finite_and_in_range(kind, budget):
    logp = [math.log(1e-12), math.log1p(-1e-12), math.log(0.5), -1e-15]
    w = cat_weights(kind, logp, **budget)
    assert all(math.isfinite(x) and 0.0 <= x <= 1.0 + 1e-12 for x in w)


def test_monotone_in_budget_and_ce_at_the_minimum():
    logp = [math.log(p) for p in (0.4, 0.7, 0.5, 0.2)]
    assert cat_weights("bfs", logp, n=4) == pytest.approx([1.0] * 4)
    prev = cat_weights("bfs", logp, n=4)
    for n in (8, 16, 64, 256):
        cur = cat_weights("bfs", logp, n=n)
        assert all(c <= p + 1e-12 for c, p in zip(cur, prev))
        prev = cur
    assert max(prev) < 1e-6


def test_bad_arguments_are_input_errors():
    with pytest.raises(InputError):
        cat_weights("bogus", [-1.0], n=4)
    with pytest.raises(InputError):
        cat_weights("ua", [-1.0])
    with pytest.raises(InputError):
        cat_weights("ua", [0.5], n=4)  # a log-probability above 0
    with pytest.raises(InputError):
        cat_weights("bfs", [-1.0, -1.0], n=1)
    assert cat_weights("none", [-3.0, -0.1]) == [1.0, 1.0]
