"""`gentzen bench gen`: theorem-set throughput on one core (generation and variants).

Generates `count` theorems with kernel-verified reference proofs (default settings), then builds
all depth-2 variants of `targets` targets of 7-14 lines; reports wall times and distributions.
"""

from __future__ import annotations

import platform
import time

from gentzen.core.logic.sequent import parse_sequent
from gentzen.data.generate import GenConfig, generate, summary
from gentzen.data.variants import report, variants


def bench_gen(count: int = 10000, targets: int = 64, seed: int = 0) -> dict:
    t0 = time.perf_counter()
    records = generate(GenConfig(count=count, seed=seed))
    gen_s = time.perf_counter() - t0
    pool = generate(GenConfig(count=targets, seed=seed + 1, min_lines=7, max_lines=14))
    t1 = time.perf_counter()
    per = {r["name"]: variants(parse_sequent(r["sequent"], atoms=tuple(r["atoms"])), target=r["name"])
           for r in pool}
    var_s = time.perf_counter() - t1
    return {
        "python": platform.python_version(),
        "generate": {"count": len(records), "seconds": round(gen_s, 2),
                     "theorems_per_second": round(len(records) / gen_s, 1) if gen_s else None,
                     **{k: v for k, v in summary(records).items() if k != "count"}},
        "variants": {"seconds": round(var_s, 3), **report(per)},
    }


__all__ = ["bench_gen"]
