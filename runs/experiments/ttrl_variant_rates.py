"""The sanity check behind issue 21 (b): does a ttrl arm improve the items it trains on, and how much of
its budget reaches the targets? Reads each run's rounds.jsonl (per-item success rates per round).
Usage: python3 runs/experiments/ttrl_variant_rates.py RUN_DIR…      (one JSON object on stdout)
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path


def variant_rates(run: Path) -> dict:
    from gentzen.io import read_jsonl_resumable

    rounds = sorted(read_jsonl_resumable(run / "rounds.jsonl"), key=lambda r: r.get("round", 0))
    first: dict[str, tuple[int, float]] = {}  # item -> (round, rate) where it was first / last sampled
    last: dict[str, tuple[int, float]] = {}
    for r in rounds:
        for item, rate in r.get("rates", {}).items():
            first.setdefault(item, (r["round"], rate))
            last[item] = (r["round"], rate)
    variants = [k for k in first if "_v" in k]
    again = [k for k in variants if last[k][0] > first[k][0]]  # sampled in more than one round
    never = [k for k in variants if all(r.get("rates", {}).get(k, 0) == 0 for r in rounds)]
    step = []  # round r -> r+1, the variants with verified proofs at r (what the update trained on)
    for a, b in zip(rounds, rounds[1:]):
        ks = [k for k in a.get("rates", {}) if "_v" in k and a["rates"][k] > 0 and k in b.get("rates", {})]
        if ks:
            step.append({"rounds": [a["round"], b["round"]], "variants": len(ks),
                         "rate_before": round(statistics.mean(a["rates"][k] for k in ks), 3),
                         "rate_after": round(statistics.mean(b["rates"][k] for k in ks), 3)})
    samples = rounds[-1].get("samples", {}) if rounds else {}
    total = float(samples.get("targets", 0)) + float(samples.get("variants", 0))
    return {
        "rounds": len(rounds), "variants": len(variants), "variants_never_solved": len(never),
        "share_of_samples_on_targets": round(float(samples.get("targets", 0)) / total, 3) if total else None,
        "samples_per_target_on_targets": samples.get("targets"),
        "variants_sampled_again": {
            "n": len(again),
            "rate_first": round(statistics.mean(first[k][1] for k in again), 3) if again else None,
            "rate_last": round(statistics.mean(last[k][1] for k in again), 3) if again else None,
            "up": sum(last[k][1] > first[k][1] for k in again), "down": sum(last[k][1] < first[k][1] for k in again)},
        "trained_variants_next_round": step}


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip().splitlines()[-1])
    print(json.dumps({Path(p).name: variant_rates(Path(p)) for p in sys.argv[1:]}, indent=1))


if __name__ == "__main__":
    main()
