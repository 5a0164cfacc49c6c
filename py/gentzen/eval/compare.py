"""`gentzen eval compare RUN_A RUN_B`: a paired comparison of two runs (or two methods) on the same theorems.

A pair is one (seed, theorem) both runs finished; each side either solved it (a verified proof
within the run's token budget) or not. b counts pairs only A solved, c pairs only B solved; the
gain of B over A is (c - b)/pairs with Newcombe's 95% score interval for paired proportions, and
McNemar's exact p-value tests b = c. With several seeds the theorem is the unit (stats.by_theorem):
the p-value, gain and interval are over theorems, not over (seed, theorem) pairs pooled as independent.
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.errors import InputError
from gentzen.eval.stats import by_theorem, mcnemar_exact, paired_gain
from gentzen.eval.summary import summarize, within_budget


def load_run(path: str | Path) -> tuple[dict, list[dict]]:
    """(config, records) of an eval run folder."""
    from gentzen.io import read_jsonl_resumable

    p = Path(path)
    cfg_path = p / "config.json"
    if not cfg_path.is_file():
        raise InputError(f"{p} is not an eval run folder (no config.json)")
    try:
        cfg = json.loads(cfg_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise InputError(f"{cfg_path} is unreadable") from None
    if cfg.get("kind") != "eval":
        raise InputError(f"{p} is not an eval run folder (kind {cfg.get('kind')!r})")
    recs = read_jsonl_resumable(p / "theorems.jsonl")
    if not recs:
        raise InputError(f"{p} has no finished theorems yet")
    return cfg, recs


def _pick(cfg: dict, recs: list[dict], method: str | None, where: str) -> str:
    have = list(dict.fromkeys(r["method"] for r in recs))
    if method:
        if method not in have:
            raise InputError(f"{where} has no method {method!r}; it has {', '.join(have)}")
        return method
    if len(have) > 1:
        raise InputError(f"{where} holds several methods ({', '.join(have)}); choose one with "
                         f"{'--method-a' if where.startswith('RUN_A') else '--method-b'}")
    return have[0]


def compare(run_a: str | Path, run_b: str | Path, *, method_a: str | None = None, method_b: str | None = None,
            plot: str | Path | None = None) -> dict:
    cfg_a, recs_a = load_run(run_a)
    cfg_b, recs_b = load_run(run_b)
    ma = _pick(cfg_a, recs_a, method_a, f"RUN_A {run_a}")
    mb = _pick(cfg_b, recs_b, method_b, f"RUN_B {run_b}")
    if Path(run_a).resolve() == Path(run_b).resolve() and ma == mb:
        raise InputError(f"RUN_A and RUN_B are the same run and method ({ma}); nothing to compare")
    side_a = {(r["seed"], r["name"]): r for r in recs_a if r["method"] == ma}
    side_b = {(r["seed"], r["name"]): r for r in recs_b if r["method"] == mb}
    keys = sorted(side_a.keys() & side_b.keys())
    if not keys:
        raise InputError("the two runs share no finished (seed, theorem) pair")
    for key in keys:
        if side_a[key]["theorem"] != side_b[key]["theorem"]:
            raise InputError(f"theorem {key[1]!r} has different statements in the two runs")
    bud_a, bud_b = cfg_a.get("budget_tokens") or 0, cfg_b.get("budget_tokens") or 0

    def solved(rec: dict, budget: int) -> bool:
        return any(a["ok"] for a in within_budget(rec, budget))

    both = only_a = only_b = neither = 0
    for key in keys:
        sa, sb = solved(side_a[key], bud_a), solved(side_b[key], bud_b)
        both += sa and sb
        only_a += sa and not sb
        only_b += sb and not sa
        neither += not sa and not sb
    n = len(keys)
    result = {
        "a": {"run": str(run_a), "method": ma, "solved": both + only_a, "budget_tokens": bud_a,
              "tokens_per_theorem": round(sum(_tokens(side_a[k], bud_a) for k in keys) / n, 1)},
        "b": {"run": str(run_b), "method": mb, "solved": both + only_b, "budget_tokens": bud_b,
              "tokens_per_theorem": round(sum(_tokens(side_b[k], bud_b) for k in keys) / n, 1)},
        "pairs": n, "both": both, "neither": neither,
        "b_count": only_a, "c_count": only_b,  # McNemar's b (only A solved) and c (only B solved)
        **paired_gain(both, only_a, only_b, neither),
        "p_value": mcnemar_exact(only_a, only_b),
        "unpaired": {"a": len(side_a) - n, "b": len(side_b) - n},
    }
    seeds = len({s for s, _ in keys})
    result["seeds"] = seeds
    if seeds > 1:  # seeds on one theorem are not independent pairs: the theorem is the unit of the test
        unit = by_theorem({k: solved(side_a[k], bud_a) for k in keys}, {k: solved(side_b[k], bud_b) for k in keys})
        result["by_theorem"] = unit
        result["p_value"], result["gain"], result["ci95"] = unit["p_value"], unit["gain"], unit["ci95"]
    if plot is not None:
        from gentzen.eval.plots import plot_compare

        ks = sorted(set(cfg_a.get("ks") or [1]) & set(cfg_b.get("ks") or [1])) or [1]
        sum_a = summarize([side_a[k] for k in keys], ks=tuple(ks), budget_tokens=bud_a, methods=(ma,))
        sum_b = summarize([side_b[k] for k in keys], ks=tuple(ks), budget_tokens=bud_b, methods=(mb,))
        la, lb = _label(run_a, ma), _label(run_b, mb)
        result["plot"] = str(plot_compare(sum_a, sum_b, la, lb, plot))
    return result


def _tokens(rec: dict, budget: int) -> int:
    """Tokens that count: those of the attempts within the budget."""
    return sum(a["tokens"] for a in within_budget(rec, budget))


def _label(run: str | Path, method: str) -> str:
    return Path(run).name  # the plot adds the method name
