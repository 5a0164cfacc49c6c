"""What test-time learning must move, read from a ttrl run's rounds (issue 40, item 4): per round the
per-sample success rate on the targets still unsolved before it, how its samples split between targets
and variants, the variants that found a first proof, the forgetting probe; and per target its own rate
before and after the first update that trained on one of its variants' proofs.
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.ttrl.report import per_target, round_solved


def _variants(run_dir: Path) -> dict[str, str]:
    """Variant name -> the target it was made for (variants.jsonl; none for arms without variants)."""
    p = run_dir / "variants.jsonl"
    if not p.is_file():
        return {}
    rows = [json.loads(x) for x in p.read_text(encoding="utf-8").splitlines() if x.strip()]
    return {r["name"]: r.get("target") or r.get("origin") or "" for r in rows if r.get("name")}


def rate_on_unsolved(rounds: list[dict], names: list[str]) -> list[dict]:
    """Per round: how many targets were unsolved before it and their mean per-sample success rate in
    it (a target not sampled in the round counts 0), and how many updates the model had before it."""
    out, solved, updates = [], set(), 0  # `updates` of a round: the count after its own update
    for r in rounds:
        open_ = [n for n in names if n not in solved]
        rates = [float(r.get("rates", {}).get(n, 0.0)) for n in open_]
        out.append({"round": r["round"], "unsolved_before": len(open_),
                    "mean_rate": round(sum(rates) / len(rates), 5) if rates else None,
                    "updates_before": updates})
        updates = int(r.get("updates") or 0)
        solved |= round_solved(r)
    return out


def per_round(rounds: list[dict], names: list[str], variant_of: dict[str, str]) -> list[dict]:
    """rate_on_unsolved plus the round's sample split, variants sampled and first solved, and the
    forgetting probe after its update."""
    seen: set[str] = set()  # variants with a verified proof in an earlier round
    out = []
    for base, r in zip(rate_on_unsolved(rounds, names), rounds):
        rates = r.get("rates", {})
        sampled = [v for v in rates if v in variant_of]
        first = [v for v in sampled if float(rates[v]) > 0 and v not in seen]
        seen |= set(first)
        out.append({**base, "samples_round": r.get("samples_round"), "variants_sampled": len(sampled),
                    "variants_first_solved": len(first), "forgetting": r.get("forgetting")})
    return out


def before_after_variants(rounds: list[dict], names: list[str], variant_of: dict[str, str]) -> dict:
    """Each target's per-sample rate in the rounds up to the first update trained on a proof of one of
    its variants (its variants' proofs enter the round's update) and in the rounds after it, while the
    target was still sampled. Targets without such an update, or not sampled on both sides, are left out.
    A solved target leaves the pool (unless --keep-solved), so its rate before is 0 and it cannot go down:
    this says which targets learning reached, not that learning beat sampling (`rate_vs_control` does)."""
    learned: dict[str, int] = {}  # target -> the round whose update first saw a variant's proof
    for r in rounds:
        if not (r.get("update") or {}).get("ran"):
            continue
        for v, rate in r.get("rates", {}).items():
            t = variant_of.get(v)
            if t and float(rate) > 0:
                learned.setdefault(t, r["round"])
    before, after = {}, {}
    for t, at in learned.items():
        b = [float(r["rates"][t]) for r in rounds if r["round"] <= at and t in r.get("rates", {})]
        a = [float(r["rates"][t]) for r in rounds if r["round"] > at and t in r.get("rates", {})]
        if b and a:
            before[t], after[t] = sum(b) / len(b), sum(a) / len(a)
    up = sum(1 for t in before if after[t] > before[t])
    down = sum(1 for t in before if after[t] < before[t])
    n = len(before)
    return {"targets_with_variants_learned": len(learned), "targets_compared": n,
            "mean_rate_before": round(sum(before.values()) / n, 5) if n else None,
            "mean_rate_after": round(sum(after.values()) / n, 5) if n else None,
            "up": up, "down": down, "same": n - up - down}


def _target_rounds(rounds: list[dict], names: set[str]) -> list[dict]:
    """Per round: samples per target at its end, the targets solved before and after it, their rates in it,
    and the mean samples a sampled target got in it (a control's --match split differs by at most one)."""
    out, solved = [], set()
    for r in rounds:
        rates = {n: float(v) for n, v in (r.get("rates") or {}).items() if n in names}
        k = float((r.get("samples_round") or {}).get("targets", 0)) / len(rates) if rates else 0.0
        after = solved | round_solved(r)
        out.append({"spt": per_target(r), "before": solved, "after": after, "rates": rates, "k": k})
        solved = after
    return out


def rate_vs_control(run: dict, control: dict, names: list[str], edges: list[float]) -> list[dict]:
    """The per-sample success rate on the same open targets, the run against the control, in windows of
    samples per target: the targets unsolved in both runs at a window's start, and each run's verified
    share of the samples it spent on them in the window (a target stops counting once that run solved it),
    with how many of them it solved there. Paired on targets, so both face the same difficulty (a target
    compared with itself before and after its variants were learned, `before_after_variants`, starts at 0
    by construction and cannot go down). Windows either run has not finished are left out."""
    pool = set(names)
    a, c = _target_rounds(run["rounds"], pool), _target_rounds(control["rounds"], pool)

    def open_at(rs: list[dict], x: float) -> set[str]:
        done = [r["after"] for r in rs if r["spt"] <= x + 1e-9]
        return pool - (done[-1] if done else set())

    out = []
    for lo, hi in zip(edges, edges[1:]):
        if not a or not c or min(a[-1]["spt"], c[-1]["spt"]) + 1e-9 < hi:
            break
        same = open_at(a, lo) & open_at(c, lo)
        row = {"from": lo, "to": hi, "open": len(same)}
        for key, rs in (("run", a), ("control", c)):
            spent = won = 0.0
            for r in rs:
                if lo + 1e-9 < r["spt"] <= hi + 1e-9:
                    for n in (same - r["before"]) & r["rates"].keys():
                        spent, won = spent + r["k"], won + r["rates"][n] * r["k"]
            row[key] = {"target_samples": round(spent), "verified": round(won, 1),
                        "rate": round(won / spent, 5) if spent else None,
                        "solved": len(same - open_at(rs, hi))}
        ra, rc = row["run"]["rate"], row["control"]["rate"]
        row["rate_ratio"] = round(ra / rc, 2) if ra is not None and rc else None
        out.append(row)
    return out


def mechanism(run: dict, names: list[str]) -> dict:
    """The read-outs of one run (`gentzen.ttrl.report.load_run`'s dict) on the targets `names`."""
    variant_of = _variants(Path(run["path"]))
    rounds = run["rounds"]
    return {"per_round": per_round(rounds, names, variant_of),
            "target_vs_its_variants": before_after_variants(rounds, names, variant_of)}
