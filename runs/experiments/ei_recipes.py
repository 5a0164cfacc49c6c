"""Issue 40 (a): several test-time EI recipes (ttei_vs_sample_more.sh runs with different EI_ARGS, one shared
sampling-more arm) against sampling more, counted two ways: at matched samples per target, and charged on one clock
(EI's samples × (1 + its training overhead), the overhead measured inside its own run: expt_summary.py).
Prints one JSON object; --png draws solved targets against samples (left) and against charged samples (right).
Usage: PYTHONPATH=py python3 runs/experiments/ei_recipes.py NAME=OUT [NAME=OUT …] --budget 64 --multiples 5
       [--seed 0] [--png FILE]   (the control arm is the first OUT's control-sSEED)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

_spec = importlib.util.spec_from_file_location("expt_summary", Path(__file__).with_name("expt_summary.py"))
summary = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(summary)


def table(recipes: dict[str, Path], seed: int, budget: float, multiples: int) -> dict:
    from gentzen.ttrl.report import solved_within, training_overhead

    first = next(iter(recipes.values()))
    names = [r["name"] for r in summary.rows(first / "targets.jsonl")]
    ctl = summary.ttrl_run(first / f"control-s{seed}")
    out = {"targets": len(names), "seed": seed, "budget": budget, "control": str(first / f"control-s{seed}"),
           "recipes": {}}
    for name, run_dir in recipes.items():
        ei = summary.ttrl_run(run_dir / f"ei-s{seed}")
        runs = {("control", seed): ctl, ("ei", seed): ei}
        rec = {"out": str(run_dir), "rounds": len(ei["rounds"]), "reached": round(summary.reached(ei), 1),
               "overhead": round(training_overhead(ei["rounds"][-1]), 3) if ei["rounds"] else None,
               "at_samples": {}, "by_overhead": {}}
        for m in range(1, multiples + 1):
            if summary.reached(ei) < m * budget - 1e-9 and not summary.finished(ei, names):
                rec["at_samples"][f"{m}x"] = {"not_reached_by": "ei"}
            elif summary.reached(ctl) < m * budget - 1e-9 and not summary.finished(ctl, names):
                rec["at_samples"][f"{m}x"] = {"not_reached_by": "control"}
            else:
                rec["at_samples"][f"{m}x"] = summary.paired(solved_within(ctl, samples=m * budget),
                                                           solved_within(ei, samples=m * budget), names, "control", "ei")
        rec["by_overhead"] = {m: v[str(seed)] for m, v in
                              summary.matched_by_overhead(runs, [seed], names, budget, multiples).items()}
        rec["rate_on_unsolved"] = summary.rate_on_unsolved(ei["rounds"], names)
        rec["forgetting_after"] = [(r.get("forgetting") or {}).get("after") for r in ei["rounds"]]
        out["recipes"][name] = rec
    out["control_rate_on_unsolved"] = summary.rate_on_unsolved(ctl["rounds"], names)
    return out


def plot(recipes: dict[str, Path], seed: int, budget: float, multiples: int, png: Path) -> None:
    from gentzen.eval.plots import pyplot, save_png
    from gentzen.ttrl.report import charged, per_target, round_solved

    plt = pyplot()
    fig, (ax, ac) = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
    first = next(iter(recipes.values()))
    ctl = summary.ttrl_run(first / f"control-s{seed}")
    xs = [0.0] + [per_target(r) for r in ctl["rounds"]]
    ys = [0] + [len(round_solved(r)) for r in ctl["rounds"]]
    for a in (ax, ac):
        a.step(xs, ys, where="post", color="black", label="sampling more")
    for name, run_dir in recipes.items():
        ei = summary.ttrl_run(run_dir / f"ei-s{seed}")
        ys = [0] + [len(round_solved(r)) for r in ei["rounds"]]
        line = ax.step([0.0] + [per_target(r) for r in ei["rounds"]], ys, where="post", label=f"EI {name}")[0]
        ac.step([0.0] + [charged(r) for r in ei["rounds"]], ys,
                where="post", color=line.get_color(), label=f"EI {name}")
    for a in (ax, ac):
        for m in range(1, multiples + 1):
            a.axvline(m * budget, color="grey", linewidth=0.6)
        a.set_xlim(0, (multiples + 0.5) * budget)
        a.legend(fontsize=7)
    ax.set_xlabel("samples per target")
    ac.set_xlabel("charged samples per target (samples × (1 + training overhead))")
    ax.set_ylabel("targets solved")
    ax.set_title(f"test-time EI recipes vs sampling more, {len(summary.rows(first / 'targets.jsonl'))} targets, "
                 f"seed {seed}", fontsize=9)
    save_png(fig, png)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("recipes", nargs="+", help="NAME=OUT: a ttei_vs_sample_more.sh output folder")
    ap.add_argument("--budget", type=float, default=64)
    ap.add_argument("--multiples", type=int, default=5)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--png", type=Path)
    args = ap.parse_args()
    recipes = {}
    for spec in args.recipes:
        name, sep, path = spec.partition("=")
        if not sep or not (Path(path) / f"ei-s{args.seed}" / "rounds.jsonl").is_file():
            ap.error(f"{spec!r}: expected NAME=OUT with OUT/ei-s{args.seed}/rounds.jsonl")
        recipes[name] = Path(path)
    print(json.dumps(table(recipes, args.seed, args.budget, args.multiples), indent=1))
    if args.png:
        plot(recipes, args.seed, args.budget, args.multiples, args.png)


if __name__ == "__main__":
    main()
