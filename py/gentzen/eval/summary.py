"""The summary of an evaluation run, rebuilt from its per-theorem records (theorems.jsonl).

Per method: pass@k (mean over theorems, then over seeds, with the seed spread), pass@k per
reference-length bucket, compute totals and per theorem, the diagnostics, and the matched-compute
curves: the share of (seed, theorem) pairs solved within T tokens, or within S seconds, when the
attempts are taken in the order they were made. With a token budget, only the attempts that fit
in it count (pass@k then uses pass@min(k, attempts that fit)).
"""

from __future__ import annotations

from collections import defaultdict

from gentzen.eval.diagnostics import diagnose
from gentzen.eval.stats import bucket_of, log_grid, pass_at_k_capped, seed_average, success_curve

COMPUTE_KEYS = ("tokens", "model_calls", "kernel_checks", "expansions", "redraws", "attempts",
                "sample_seconds", "check_seconds", "other_seconds", "wall_seconds")


def within_budget(rec: dict, budget_tokens: int = 0) -> list[dict]:
    """The attempts of a record that finished within the token budget, taken in order as if run
    one after another (attempts are independent, so lockstep sampling is simulated exactly).
    Runs a search's own budget left no tokens for (error "budget", 0 tokens) never started."""
    if not budget_tokens:
        return rec["attempts"]
    kept, spent = [], 0
    for a in rec["attempts"]:
        if a["tokens"] == 0 and (a.get("error") or {}).get("kind") == "budget":
            continue
        spent += a["tokens"]
        if spent > budget_tokens:
            break
        kept.append(a)
    return kept


def attempt_seconds(rec: dict) -> list[float]:
    """Each attempt's sampling + checking (+ other) seconds, scaled so the record's attempts add
    up to its measured wall-clock (which includes the Python between calls)."""
    own = [a.get("sample_seconds", 0) + a.get("check_seconds", 0) + a.get("other_seconds", 0) for a in rec["attempts"]]
    wall = rec.get("compute", {}).get("wall_seconds") or sum(own)
    scale = wall / sum(own) if sum(own) > 0 else 0.0
    return [s * scale for s in own]


def first_success(rec: dict, budget_tokens: int = 0) -> tuple[float | None, float | None]:
    """(tokens, seconds) spent up to and including the first verified proof; None if none."""
    tokens = seconds = 0.0
    for a, s in zip(rec["attempts"], attempt_seconds(rec)):
        tokens += a["tokens"]
        seconds += s
        if budget_tokens and tokens > budget_tokens:
            return None, None
        if a["ok"]:
            return tokens, seconds
    return None, None


def counted_seconds(rec: dict, budget_tokens: int = 0) -> float:
    """The wall-clock of the attempts that fit in the budget (all of them without one)."""
    tokens = seconds = 0.0
    for a, s in zip(rec["attempts"], attempt_seconds(rec)):
        tokens += a["tokens"]
        if budget_tokens and tokens > budget_tokens:
            break
        seconds += s
    return seconds


def line_sampler(method: str) -> bool:
    """Whether the method writes each attempt as one proof, line after line, all attempts in
    lockstep (guided, plain) rather than as a search over proof states."""
    from gentzen.search.guided import SamplerConfig
    from gentzen.search.methods import METHODS

    spec = METHODS.get(method)
    return spec is not None and spec.config is SamplerConfig


def _method_summary(method: str, recs: list[dict], ks: tuple[int, ...], budget_tokens: int) -> dict:
    per_seed: dict[int, dict[int, list[float]]] = {k: defaultdict(list) for k in ks}
    buckets: dict[str, dict[int, dict[int, list[float]]]] = defaultdict(lambda: {k: defaultdict(list) for k in ks})
    solved = defaultdict(int)
    totals = dict.fromkeys(COMPUTE_KEYS, 0)
    costs_t, costs_s, all_attempts, counted, counted_s = [], [], [], 0, 0.0
    for r in recs:
        kept = within_budget(r, budget_tokens)
        counted += sum(a["tokens"] for a in kept)
        counted_s += counted_seconds(r, budget_tokens)
        n, c = len(kept), sum(a["ok"] for a in kept)
        for k in ks:
            p = pass_at_k_capped(n, c, k)
            per_seed[k][r["seed"]].append(p)
            buckets[bucket_of(r.get("lines"))][k][r["seed"]].append(p)
        solved[r["seed"]] += c > 0
        for key in COMPUTE_KEYS:
            totals[key] += r["compute"].get(key, 0)
        t, s = first_success(r, budget_tokens)
        costs_t.append(t)
        costs_s.append(s)
        all_attempts.extend(kept)
    pairs = len(recs)
    # pass@k at every power of two up to the largest n (and the requested ks): the drawn curve
    top = max((len(within_budget(r, budget_tokens)) for r in recs), default=1)
    curve_ks = sorted({2**i for i in range(top.bit_length()) if 2**i <= top} | set(ks) | {top})
    passk_curve = []
    for k in curve_ks:
        by_seed: dict[int, list[float]] = defaultdict(list)
        for r in recs:
            kept = within_budget(r, budget_tokens)
            by_seed[r["seed"]].append(pass_at_k_capped(len(kept), sum(a["ok"] for a in kept), k))
        passk_curve.append([k, seed_average(by_seed)["mean"]])
    for key in ("sample_seconds", "check_seconds", "other_seconds", "wall_seconds"):
        totals[key] = round(totals[key], 3)
    max_t = max((sum(a["tokens"] for a in r["attempts"]) for r in recs), default=1)
    max_s = max((r["compute"].get("wall_seconds", 0) for r in recs), default=1) or 1
    if budget_tokens:
        max_t = min(max_t, budget_tokens)  # nothing beyond the budget counts
    grid_t = log_grid(max(1, min((t for t in costs_t if t), default=2) / 2), max(max_t, 2))
    grid_s = log_grid(max(1e-4, min((s for s in costs_s if s), default=1e-3) / 2), max_s)
    seeds = sorted({r["seed"] for r in recs})
    return {
        "pass": {f"pass@{k}": seed_average(per_seed[k]) for k in ks},
        "by_length": {b: {"theorems": len(next(iter(v[ks[0]].values()), [])),
                          **{f"pass@{k}": seed_average(v[k])["mean"] for k in ks}}
                      for b, v in sorted(buckets.items(), key=lambda kv: _bucket_key(kv[0]))},
        "solved": {str(s): solved[s] for s in seeds},
        "compute": totals,
        # tokens, wall_seconds: what counts (within the budget, if any); *_spent: all the run used
        "per_theorem": {"tokens": round(counted / pairs, 1) if pairs else 0,
                        "tokens_spent": round(totals["tokens"] / pairs, 1) if pairs else 0,
                        "wall_seconds": round(counted_s / pairs, 4) if pairs else 0,
                        "wall_seconds_spent": round(totals["wall_seconds"] / pairs, 4) if pairs else 0,
                        "model_calls": round(totals["model_calls"] / pairs, 1) if pairs else 0},
        "diagnostics": diagnose(all_attempts, sequential=line_sampler(method)),
        "curves": {"passk": passk_curve,
                   "tokens": [[round(g, 1), round(v, 4)] for g, v in zip(grid_t, success_curve(costs_t, grid_t))],
                   "wall_seconds": [[round(g, 5), round(v, 4)] for g, v in zip(grid_s, success_curve(costs_s, grid_s))]},
        "theorem_seed_pairs": pairs,
    }


def _bucket_key(label: str) -> int:
    return int(label.split("-")[0].rstrip("+")) if label[0].isdigit() else 10**9


def summarize(records: list[dict], *, ks: tuple[int, ...], budget_tokens: int = 0,
              methods: tuple[str, ...] | None = None) -> dict:
    """{"ks", "methods": {name: summary}} over the given records."""
    by_method: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        by_method[r["method"]].append(r)
    order = list(methods) if methods else sorted(by_method)
    return {"kind": "eval-summary", "ks": list(ks),
            "methods": {m: _method_summary(m, by_method[m], tuple(ks), budget_tokens) for m in order if by_method[m]}}
