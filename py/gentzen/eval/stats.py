"""The statistics of an evaluation: unbiased pass@k, seed averages, length buckets, paired tests.

pass@k is Chen et al.'s (2021) unbiased estimator 1 - C(n-c, k)/C(n, k), computed as a product of
c factors (1 - k/i) so it never overflows, whatever n. Paired runs are compared with the exact
McNemar test (a two-sided binomial tail on the discordant pairs) and Newcombe's score interval for the gain.
"""

from __future__ import annotations

import math
from fractions import Fraction
from math import comb
from statistics import mean, pstdev

from gentzen.errors import InputError

# Reference-proof length buckets (lines), as (label, lo, hi) with both ends inclusive.
LENGTH_BUCKETS = (("1-2", 1, 2), ("3-4", 3, 4), ("5-6", 5, 6), ("7-10", 7, 10), ("11-14", 11, 14),
                  ("15+", 15, 10**9))


def pass_at_k(n: int, c: int, k: int) -> float:
    """Probability that k of the n samples (c of them correct), drawn without replacement, hold one."""
    if not (0 <= c <= n) or k < 1:
        raise InputError(f"pass@k needs 0 <= c <= n and k >= 1 (got n={n}, c={c}, k={k})")
    if k > n:
        raise InputError(f"k={k} exceeds the {n} samples")
    if n - c < k:
        return 1.0
    # C(n-c, k)/C(n, k) = prod_{i=n-c+1}^{n} (1 - k/i): c factors in (0, 1], no big numbers
    p = 1.0
    for i in range(n - c + 1, n + 1):
        p *= 1.0 - k / i
    return 1.0 - p


def pass_at_k_capped(n: int, c: int, k: int) -> float:
    """pass@min(k, n): with fewer than k samples (a token budget ran out), use all of them."""
    if n == 0:
        return 0.0
    return pass_at_k(n, c, min(k, n))


def seed_average(per_seed: dict[int, list[float]]) -> dict:
    """Mean over theorems within each seed, then over seeds; the spread is over seed means."""
    means = [mean(v) for _, v in sorted(per_seed.items()) if v]
    if not means:
        return {"mean": 0.0, "std": 0.0, "min": 0.0, "max": 0.0, "seeds": 0}
    return {"mean": round(mean(means), 4), "std": round(pstdev(means), 4), "min": round(min(means), 4),
            "max": round(max(means), 4), "seeds": len(means)}


def bucket_of(lines: int | None) -> str:
    if lines is None or lines < 1:
        return "unknown"
    return next(label for label, lo, hi in LENGTH_BUCKETS if lo <= lines <= hi)


def mcnemar_exact(b: int, c: int) -> float:
    """Two-sided exact McNemar p-value: 2·P(X ≤ min(b, c)) for X ~ Binomial(b + c, 1/2), at most 1."""
    if b < 0 or c < 0:
        raise InputError("discordant counts must be non-negative")
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(comb(n, i) for i in range(min(b, c) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2**n)))


def wilson(x: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for the proportion x/n."""
    p = x / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def paired_gain(both: int, only_a: int, only_b: int, neither: int, z: float = 1.959964) -> dict:
    """Gain of B over A on paired outcomes, (only_b - only_a)/pairs, with Newcombe's (1998,
    method 10) hybrid score interval: the two success rates' Wilson intervals combined with the
    pairs' correlation φ. Unlike the Wald interval it stays inside [-1, 1] and behaves with few
    discordant pairs."""
    counts = (both, only_a, only_b, neither)
    if min(counts) < 0:
        raise InputError("paired counts must be non-negative")
    n = sum(counts)
    if n == 0:
        raise InputError("no paired theorems to compare")
    pa, pb = (both + only_a) / n, (both + only_b) / n
    la, ua = wilson(both + only_a, n, z)
    lb, ub = wilson(both + only_b, n, z)
    den = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    phi = (both * neither - only_a * only_b) / math.sqrt(den) if den else 0.0
    d = pb - pa
    lower = d - math.sqrt(max(0.0, (pb - lb) ** 2 - 2 * phi * (pb - lb) * (ua - pa) + (ua - pa) ** 2))
    upper = d + math.sqrt(max(0.0, (ub - pb) ** 2 - 2 * phi * (ub - pb) * (pa - la) + (pa - la) ** 2))
    return {"gain": round(d, 4), "ci95": [round(max(-1.0, lower), 4), round(min(1.0, upper), 4)]}


def success_curve(costs: list[float | None], grid: list[float]) -> list[float]:
    """Share of items solved within each budget of `grid`; `costs` holds each item's first-success
    cost (None: never solved)."""
    if not costs:
        return [0.0 for _ in grid]
    solved = sorted(c for c in costs if c is not None)
    out, j = [], 0
    for g in grid:
        while j < len(solved) and solved[j] <= g:
            j += 1
        out.append(j / len(costs))
    return out


def log_grid(lo: float, hi: float, points: int = 40) -> list[float]:
    lo = max(lo, 1e-9)
    hi = max(hi, lo * 1.0001)
    r = (hi / lo) ** (1 / (points - 1))
    return [lo * r**i for i in range(points)]


def by_theorem(solved_a: dict, solved_b: dict, z: float = 1.959964) -> dict:
    """Paired comparison with the theorem as the unit, for runs with several seeds on the same theorems
    (`solved_x`: (seed, theorem) -> bool): seeds on one theorem are not independent pairs. Each theorem's
    side scores the share of its common seeds it solved; B wins a theorem where its share is higher. The
    p-value is the exact sign test (McNemar's on theorems) of B's wins against A's; the gain is the mean
    share difference with a normal 95% interval over theorems (one seed: the pair counts as before)."""
    names = sorted({n for _, n in solved_a.keys() & solved_b.keys()})
    diffs = []
    for n in names:
        seeds = [s for (s, m) in solved_a.keys() & solved_b.keys() if m == n]
        diffs.append(sum(solved_b[s, n] - solved_a[s, n] for s in seeds) / len(seeds))
    if not diffs:
        raise InputError("no paired theorems to compare")
    wins_a, wins_b = sum(d < 0 for d in diffs), sum(d > 0 for d in diffs)
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) if len(diffs) > 1 else 0.0
    half = z * sd / math.sqrt(len(diffs))
    return {"theorems": len(diffs), "wins_a": wins_a, "wins_b": wins_b, "ties": len(diffs) - wins_a - wins_b,
            "p_value": mcnemar_exact(wins_a, wins_b), "gain": round(mean, 4),
            "ci95": [round(max(-1.0, mean - half), 4), round(min(1.0, mean + half), 4)]}
