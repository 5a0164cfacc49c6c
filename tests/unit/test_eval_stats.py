"""pass@k, seed averages, length buckets, McNemar and the paired gain of gentzen.eval.stats."""

from __future__ import annotations

import itertools
from fractions import Fraction
from math import comb

import pytest
from hypothesis import given, settings, strategies as st

from gentzen.errors import InputError
from gentzen.eval.stats import (bucket_of, log_grid, mcnemar_exact, paired_gain, pass_at_k, pass_at_k_capped,
                                seed_average, success_curve, wilson)


def brute_force_pass_at_k(outcomes: list[bool], k: int) -> float:
    """The mean over every k-subset of the samples of 'some sample in the subset is correct'."""
    subsets = list(itertools.combinations(range(len(outcomes)), k))
    return sum(any(outcomes[i] for i in s) for s in subsets) / len(subsets)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_pass_at_k_equals_brute_force_over_k_subsets(data):
    n = data.draw(st.integers(1, 10))
    outcomes = data.draw(st.lists(st.booleans(), min_size=n, max_size=n))
    k = data.draw(st.integers(1, n))
    assert pass_at_k(n, sum(outcomes), k) == pytest.approx(brute_force_pass_at_k(outcomes, k), abs=1e-12)


@given(st.integers(1, 300), st.data())
def test_pass_at_k_matches_exact_binomial_form(n, data):
    c = data.draw(st.integers(0, n))
    k = data.draw(st.integers(1, n))
    exact = 1 - Fraction(comb(n - c, k), comb(n, k))
    assert pass_at_k(n, c, k) == pytest.approx(float(exact), abs=1e-9)


def test_pass_at_k_large_n_never_overflows():
    # C(10000, 5000) has ~3000 digits: the product form stays in floats
    assert pass_at_k(10_000, 1, 1) == pytest.approx(1e-4)
    assert 0.999 < pass_at_k(10_000, 5_000, 64) <= 1.0
    assert pass_at_k(10_000, 3, 5000) == pytest.approx(1 - 0.5**3, abs=1e-3)
    assert pass_at_k(10_000, 0, 10_000) == 0.0
    assert pass_at_k(10_000, 1, 10_000) == 1.0


def test_pass_at_k_rejects_bad_arguments():
    with pytest.raises(InputError, match="exceeds"):
        pass_at_k(4, 1, 5)
    with pytest.raises(InputError):
        pass_at_k(4, 5, 1)
    assert pass_at_k_capped(3, 1, 64) == 1.0  # fewer samples than k: all of them count
    assert pass_at_k_capped(3, 0, 64) == 0.0
    assert pass_at_k_capped(0, 0, 1) == 0.0


def test_seed_average_is_over_theorems_then_seeds():
    # seed 0: theorems 1.0 and 0.0 (mean 0.5); seed 1: three theorems, mean 0.2
    avg = seed_average({0: [1.0, 0.0], 1: [0.0, 0.0, 0.6]})
    assert avg["mean"] == pytest.approx(0.35)  # not the pooled mean 0.32
    assert avg["std"] == pytest.approx(0.15)
    assert (avg["min"], avg["max"], avg["seeds"]) == (0.2, 0.5, 2)


def test_mcnemar_matches_hand_computed_binomial_tails():
    # b=1, c=7: 2 * (C(8,0) + C(8,1)) / 2^8 = 18/256
    assert mcnemar_exact(1, 7) == pytest.approx(0.0703125)
    assert mcnemar_exact(7, 1) == pytest.approx(0.0703125)
    # b=0, c=5: 2 / 32
    assert mcnemar_exact(0, 5) == pytest.approx(0.0625)
    # b=2, c=10: 2 * (1 + 12 + 66) / 4096
    assert mcnemar_exact(2, 10) == pytest.approx(158 / 4096)
    assert mcnemar_exact(3, 3) == 1.0  # the doubled tail is capped at 1
    assert mcnemar_exact(0, 0) == 1.0
    assert mcnemar_exact(0, 2000) < 1e-300 or mcnemar_exact(0, 2000) == 0.0  # no overflow
    with pytest.raises(InputError):
        mcnemar_exact(-1, 2)


def test_wilson_interval_by_hand():
    # x=0, n=10: centre = (z²/20)/(1+z²/10), half the same: the lower limit is exactly 0
    lo, hi = wilson(0, 10)
    z2 = 1.959964**2
    assert lo == 0.0 and hi == pytest.approx((z2 / 10) / (1 + z2 / 10))
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(1 - hi) and lo == pytest.approx(0.2366, abs=1e-4)  # the textbook 0.237–0.763


def test_paired_gain_newcombe_reduces_to_the_independent_hybrid_when_phi_is_zero():
    # both·neither = only_a·only_b makes φ = 0: the interval is the independent-samples hybrid one
    both, only_a, only_b, neither = 2, 2, 4, 4  # 2·4 = 2·4
    n = 12
    pa, pb = (both + only_a) / n, (both + only_b) / n
    la, ua = wilson(both + only_a, n)
    lb, ub = wilson(both + only_b, n)
    g = paired_gain(both, only_a, only_b, neither)
    assert g["gain"] == pytest.approx(round(pb - pa, 4))
    assert g["ci95"][0] == pytest.approx(pb - pa - ((pb - lb) ** 2 + (ua - pa) ** 2) ** 0.5, abs=1e-4)
    assert g["ci95"][1] == pytest.approx(pb - pa + ((ub - pb) ** 2 + (pa - la) ** 2) ** 0.5, abs=1e-4)


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.integers(0, 40))
def test_paired_gain_interval_properties(both, only_a, only_b, neither):
    if both + only_a + only_b + neither == 0:
        with pytest.raises(InputError):
            paired_gain(both, only_a, only_b, neither)
        return
    g = paired_gain(both, only_a, only_b, neither)
    lo, hi = g["ci95"]
    assert -1 <= lo <= g["gain"] + 1e-4 and g["gain"] - 1e-4 <= hi <= 1
    swapped = paired_gain(both, only_b, only_a, neither)  # A and B exchanged: the interval mirrors
    assert swapped["gain"] == pytest.approx(-g["gain"], abs=1e-4)
    assert swapped["ci95"] == pytest.approx([-hi, -lo], abs=2e-4)
    # ten times the pairs with the same shares: a narrower interval
    big = paired_gain(10 * both, 10 * only_a, 10 * only_b, 10 * neither)
    assert big["ci95"][1] - big["ci95"][0] <= hi - lo + 1e-4


def test_buckets_and_curves():
    assert [bucket_of(n) for n in (1, 2, 3, 6, 7, 10, 11, 14, 15, 40, None)] == \
        ["1-2", "1-2", "3-4", "5-6", "7-10", "7-10", "11-14", "11-14", "15+", "15+", "unknown"]
    assert success_curve([10, None, 30, 5], [1, 5, 10, 29, 30, 100]) == [0, 0.25, 0.5, 0.5, 0.75, 0.75]
    assert success_curve([], [1, 2]) == [0.0, 0.0]
    g = log_grid(1, 1000, 4)
    assert g[0] == pytest.approx(1) and g[-1] == pytest.approx(1000) and g[1] == pytest.approx(10)
