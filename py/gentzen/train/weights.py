"""Compute-aligned per-step weights (CAT): how much each demonstrated proof step's loss should count.

`cat_weights(kind, step_logprobs, **budget)` returns w_t = ∂ log Ĵ / ∂ log p_t, the elasticity of the
search's surrogate success probability Ĵ in each step's probability p_t (Ousherovitch and Tewari,
arXiv:2609.25575; formulas in shared/research/ml_peers.md §2 and (b)). CE is w ≡ 1. Pure Python
(float64, log space where it matters): weights come from detached log-probs, so no torch here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gentzen.errors import InputError

KINDS = ("none", "ua", "pass_at_n", "bfs", "guided")
MAX_BUDGET = 10**6


def cat_weights(kind: str, step_logprobs: Sequence[float], **budget) -> list[float]:
    """Per-step weights for a demonstrated trace with step log-probs `step_logprobs` (log p_t ≤ 0).

    kind: "none" (CE, every weight 1), "ua" (n: uniform allocation, K̄ = n / L), "pass_at_n" (n),
    "bfs" (n: node expansions, the geometric-retry surrogate P(S_L ≤ n)), "guided"
    (redraws_per_line R, redraws_per_proof B: gentzen's guided sampler under the trace surrogate).
    """
    logp = [_check_logp(x) for x in step_logprobs]
    if kind not in KINDS:
        raise InputError(f"unknown weights {kind!r}; choose one of {', '.join(KINDS)}")
    if not logp or kind == "none":
        return [1.0] * len(logp)
    if kind == "ua":
        n = _budget(budget, "n")
        return [_pass_weight(lp, n / len(logp)) for lp in logp]
    if kind == "pass_at_n":
        n = _budget(budget, "n")
        return [_pass_weight(sum(logp), n)] * len(logp)
    if kind == "bfs":
        n = _budget(budget, "n")
        if n < len(logp):
            raise InputError(f"a budget of {n} expansions cannot reach a {len(logp)}-step proof")
        return _bfs_weights(logp, int(n) - len(logp))
    redraws_line = _budget(budget, "redraws_per_line", allow_zero=True)
    redraws_proof = _budget(budget, "redraws_per_proof", allow_zero=True)
    return _guided_weights(logp, int(redraws_line), int(redraws_proof))


def log_success(kind: str, step_logprobs: Sequence[float], **budget) -> float:
    """log Ĵ, the surrogate success probability whose elasticities `cat_weights` returns."""
    logp = [_check_logp(x) for x in step_logprobs]
    if kind == "ua":
        kbar = _budget(budget, "n") / len(logp)
        return sum(_log_hit(lp, kbar) for lp in logp)
    if kind == "pass_at_n":
        return _log_hit(sum(logp), _budget(budget, "n"))
    if kind == "bfs":
        n = int(_budget(budget, "n"))
        return _log_capped(logp, n - len(logp), n - len(logp)) if n >= len(logp) else -math.inf
    if kind == "guided":
        r = int(_budget(budget, "redraws_per_line", allow_zero=True))
        b = int(_budget(budget, "redraws_per_proof", allow_zero=True))
        return _log_capped(logp, min(r, b), b)
    if kind == "none":
        return sum(logp)
    raise InputError(f"unknown weights {kind!r}; choose one of {', '.join(KINDS)}")


# -- closed forms ------------------------------------------------------------------------------


def _log1mexp(x: float) -> float:
    """log(1 - exp(x)) for x ≤ 0, accurate at both ends (Mächler 2012)."""
    if x >= 0:
        return -math.inf
    return math.log(-math.expm1(x)) if x > -0.6931471805599453 else math.log1p(-math.exp(x))


def _log_hit(logp: float, k: float) -> float:
    """log(1 - (1 - p)^k): at least one success in k tries."""
    return _log1mexp(k * _log1mexp(logp))


def _pass_weight(logp: float, k: float) -> float:
    """h(p, k) = k p (1-p)^(k-1) / (1 - (1-p)^k), the elasticity of 1 - (1-p)^k in p."""
    log_q = _log1mexp(logp)
    if log_q == -math.inf:  # p == 1: one try always succeeds; more tries add nothing
        return 1.0 if k == 1 else 0.0
    return math.exp(math.log(k) + logp + (k - 1) * log_q - _log1mexp(k * log_q))


def _bfs_weights(logp: list[float], failures: int) -> list[float]:
    """Lemma 3: w_t = E[q_t^(B - F) | F ≤ B], F the total failures of all steps (geometric)."""
    pmf, _ = _failure_pmf(logp, failures, failures)
    total = math.fsum(pmf)
    out = []
    for lp in logp:
        log_q = _log1mexp(lp)
        acc = math.fsum(h * math.exp((failures - f) * log_q) for f, h in enumerate(pmf) if h > 0.0)
        out.append(min(1.0, max(0.0, acc / total)))
    return out


def _guided_weights(logp: list[float], redraws_line: int, redraws_proof: int) -> list[float]:
    """w_t = 1 - (p_t / q_t) E[F_t | success], each step's failures F_t ≤ R, all steps' ≤ B."""
    cap, budget = min(redraws_line, redraws_proof), redraws_proof
    if cap == 0:
        return [1.0] * len(logp)  # no retries: success is Π p_t, the CE objective
    if cap >= budget:
        return _bfs_weights(logp, budget)  # the per-line cap never binds: the geometric case
    n = len(logp)
    prefix = [[1.0] + [0.0] * budget]
    for lp in logp[:-1]:
        prefix.append(_normalised(_convolve_capped(prefix[-1], _log1mexp(lp), cap)))
    suffix = [[1.0] + [0.0] * budget]
    for lp in reversed(logp[1:]):
        suffix.append(_normalised(_convolve_capped(suffix[-1], _log1mexp(lp), cap)))
    suffix.reverse()
    out = []
    for t in range(n):
        cum_suffix = _cumsum(suffix[t])
        log_q, p = _log1mexp(logp[t]), math.exp(logp[t])
        # C(M) = Σ_{a+b ≤ M} prefix[a] suffix[b]; success mass Σ_j q^j C(B - j)
        c = {m: math.fsum(prefix[t][a] * cum_suffix[m - a] for a in range(m + 1))
             for m in range(budget - cap, budget + 1)}  # only the cap + 1 budgets that are used
        z = math.fsum(math.exp(j * log_q) * c[budget - j] for j in range(cap + 1))
        d = math.fsum(j * math.exp((j - 1) * log_q) * c[budget - j] for j in range(1, cap + 1))
        out.append(min(1.0, max(0.0, 1.0 - p * d / z)))
    return out


# -- the failure-count distribution (scaled so nothing under- or overflows) ----------------------


def _log_capped(logp: list[float], cap: int, budget: int) -> float:
    """log P(every step succeeds within cap + 1 tries and all failures ≤ budget)."""
    pmf, log_scale = _failure_pmf(logp, cap, budget)
    return sum(logp) + log_scale + math.log(math.fsum(pmf))


def _failure_pmf(logp: list[float], cap: int, budget: int) -> tuple[list[float], float]:
    """Σ over traces of Π q_t^f_t by total failures f ≤ budget (each f_t ≤ cap), and its log scale."""
    v, log_scale = [1.0] + [0.0] * budget, 0.0
    for lp in logp:
        v = _convolve_capped(v, _log1mexp(lp), cap)
        m = max(v)
        log_scale += math.log(m)
        v = [x / m for x in v]
    return v, log_scale


def _convolve_capped(v: list[float], log_q: float, cap: int) -> list[float]:
    """v * (1 + q x + … + q^cap x^cap), truncated to len(v)."""
    q = math.exp(log_q)
    if cap >= len(v) - 1:  # uncapped within the budget: y[f] = q y[f-1] + v[f], no cancellation
        out, prev = [], 0.0
        for x in v:
            prev = q * prev + x
            out.append(prev)
        return out
    powers = [math.exp(j * log_q) for j in range(cap + 1)]
    return [math.fsum(powers[j] * v[f - j] for j in range(min(cap, f) + 1)) for f in range(len(v))]


def _normalised(v: list[float]) -> list[float]:
    m = max(v)
    return [x / m for x in v]


def _cumsum(v: list[float]) -> list[float]:
    out, acc = [], 0.0
    for x in v:
        acc += x
        out.append(acc)
    return out


def _check_logp(x: float) -> float:
    x = float(x)
    if math.isnan(x) or x > 0:
        raise InputError(f"a step log-probability must be ≤ 0, got {x}")
    return x


def _budget(budget: dict, key: str, allow_zero: bool = False) -> float:
    if key not in budget:
        raise InputError(f"these weights need {key}=…")
    v = budget[key]
    lo = 0 if allow_zero else 1
    if not isinstance(v, (int, float)) or math.isnan(v) or v < lo or v > MAX_BUDGET:
        raise InputError(f"{key} must be between {lo} and {MAX_BUDGET}, got {v!r}")
    return float(v)
