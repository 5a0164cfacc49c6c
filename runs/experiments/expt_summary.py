"""Summaries of issue 21's five experiments, one small JSON each on stdout, read from the run folders
their scripts wrote (ttrl runs, eval runs, `gentzen eval compare --json` files, train sdpo runs).
Paired counts use gentzen's own exact McNemar test and Newcombe interval (gentzen.eval.stats).
Usage: python3 runs/experiments/expt_summary.py {a,b,c,d,e} OUT [options of that experiment]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from gentzen.eval.stats import by_theorem, mcnemar_exact, paired_gain
from gentzen.ttrl.mechanism import mechanism, rate_on_unsolved, rate_vs_control


def rows(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def paired(a: set, b: set, universe: list, name_a: str = "a", name_b: str = "b") -> dict:
    """Paired outcome of two arms on the same items: counts, exact McNemar p, B's gain over A."""
    both = sum(1 for u in universe if u in a and u in b)
    only_a = sum(1 for u in universe if u in a and u not in b)
    only_b = sum(1 for u in universe if u in b and u not in a)
    neither = len(universe) - both - only_a - only_b
    out = {name_a: both + only_a, name_b: both + only_b, "pairs": len(universe), "both": both,
           f"only_{name_a}": only_a, f"only_{name_b}": only_b, "neither": neither,
           "p_value": mcnemar_exact(only_a, only_b)}
    if universe:
        g = paired_gain(both, only_a, only_b, neither)
        out["gain"], out["ci95"] = g["gain"], g["ci95"]
    return out


def spread(xs: list[float]) -> dict:
    return {"per_seed": xs, "mean": round(statistics.mean(xs), 3) if xs else None,
            "sd": round(statistics.stdev(xs), 3) if len(xs) > 1 else 0.0}


def ttrl_run(path: Path) -> dict:
    from gentzen.ttrl.report import load_run

    return load_run(path)


def reached(run: dict) -> float:
    from gentzen.ttrl.report import per_target

    return per_target(run["rounds"][-1]) if run["rounds"] else 0.0


def first_round(run: dict) -> float:
    from gentzen.ttrl.report import per_target

    return per_target(run["rounds"][0]) if run["rounds"] else float("inf")


def finished(run: dict, names: list) -> bool:
    """The run stopped because it solved every target (its samples per target then stay below any later budget)."""
    return bool(run["rounds"]) and len(run["rounds"][-1].get("solved", [])) >= len(names)


def seconds_total(r: dict) -> float:
    """A round's cumulative wall-clock (sampling + checking + training, loading excluded)."""
    return float((r.get("seconds") or {}).get("total", 0))


def exp_a(out: Path, budget: float, seeds: list[int], multiples: int = 3) -> dict:
    from gentzen.ttrl.report import solved_within

    names = [r["name"] for r in rows(out / "targets.jsonl")]
    res = {"experiment": "a: test-time EI vs sampling more (ttrl --arm ei vs --arm control)", "targets": len(names),
           "budget_samples_per_target": budget, "seeds": seeds, "by_multiple": {}, "reached": {}}
    runs = {(arm, s): ttrl_run(out / f"{arm}-s{s}") for arm in ("ei", "control") for s in seeds}
    res["reached"] = {f"{arm}-s{s}": round(reached(r), 2) for (arm, s), r in runs.items()}
    # the other yardstick: solved within 1x … Nx the model's own training time (wall-clock, loading excluded)
    res["at_x_training_time"] = {f"{arm}-s{s}": {f"{m}x": len(solved_within(r, seconds=m * r["x"])) if r["x"] else None
                                                for m in range(1, multiples + 1)} for (arm, s), r in runs.items()}
    for m in range(1, multiples + 1):
        short = {f"{arm}-s{s}": res["reached"][f"{arm}-s{s}"] for (arm, s), r in runs.items()
                 if res["reached"][f"{arm}-s{s}"] < m * budget and not finished(r, names)}
        if short:  # an arm still below m x budget would be counted at fewer samples: no matched figure yet
            res["by_multiple"][f"{m}x"] = {"samples_per_target": m * budget, "not_reached_by": short}
            continue
        per_seed, ei_n, ctl_n, pooled_ei, pooled_ctl, pool = {}, [], [], set(), set(), []
        for s in seeds:
            ei = solved_within(runs["ei", s], samples=m * budget)
            ctl = solved_within(runs["control", s], samples=m * budget)
            per_seed[str(s)] = paired(ctl, ei, names, "control", "ei")
            ei_n.append(len(ei))
            ctl_n.append(len(ctl))
            pooled_ei |= {(s, n) for n in ei}
            pooled_ctl |= {(s, n) for n in ctl}
            pool += [(s, n) for n in names]
        e, c = spread(ei_n), spread(ctl_n)
        res["by_multiple"][f"{m}x"] = {
            "samples_per_target": m * budget, "ei": e, "control": c,
            "ratio_ei_over_control": round(e["mean"] / c["mean"], 3) if c["mean"] else None,
            "paired_per_seed": per_seed,
            # seeds on the same targets are not independent pairs: the target is the unit (issue 40)
            "paired_by_target": by_theorem({k: k in pooled_ctl for k in pool}, {k: k in pooled_ei for k in pool})}
    res["at_matched_seconds"] = matched_seconds(runs, seeds, names, budget, multiples)
    # the same on one clock: EI's training charged in units of its own run's sampling time
    res["at_matched_seconds_by_overhead"] = matched_by_overhead(runs, seeds, names, budget, multiples)
    # the mechanism (issue 40 item 4): per round, the mean per-sample success rate on the targets still unsolved
    # before it; learning must lift EI's above sampling more's, round for round
    res["rate_on_unsolved"] = {f"{arm}-s{s}": rate_on_unsolved(r["rounds"], names) for (arm, s), r in runs.items()}
    res["goal"] = "EI >= 1.5x sampling more's solved failures at 1x"
    return res


def matched_by_overhead(runs: dict, seeds: list[int], names: list, budget: float, multiples: int) -> dict:
    """Wall-clock on one clock: at m x budget samples per target, sampling more is charged its samples and EI
    its samples times (1 + its training overhead), the training counted in units of the same run's sampling
    time; EI's last round within m x budget that way against sampling more at m x budget. Unlike
    `matched_seconds`, this does not need the arms to have run under the same load (runs made at other times)."""
    from gentzen.ttrl.report import charged, per_target, solved_within, training_overhead

    out = {}
    for m in range(1, multiples + 1):
        per_seed = {}
        for s in seeds:
            ctl, ei = runs["control", s], runs["ei", s]
            if reached(ctl) < m * budget - 1e-9 and not finished(ctl, names):
                per_seed[str(s)] = {"not_reached_by": "control"}
                continue
            spent = [charged(r) for r in ei["rounds"]]
            if not finished(ei, names) and (not spent or max(spent) < m * budget - 1e-9):
                per_seed[str(s)] = {"not_reached_by": {"ei": round(max(spent), 1) if spent else 0.0}}
                continue
            # solved_within's rule: the rounds before the first one charged past m x budget
            within = ei["rounds"][:next((k for k, c in enumerate(spent) if c > m * budget + 1e-9), len(spent))]
            last = within[-1] if within else None
            per_seed[str(s)] = {"ei_samples_per_target": round(per_target(last), 1) if last else 0.0,
                                "ei_overhead": round(training_overhead(last), 3) if last else None,
                                "ei": len(solved_within(ei, charged_samples=m * budget)),
                                "control": len(solved_within(ctl, samples=m * budget))}
        out[f"{m}x"] = per_seed
    return out


def matched_seconds(runs: dict, seeds: list[int], names: list, budget: float, multiples: int) -> dict:
    """Compute counted in wall-clock, training included: T is the seconds sampling more spent to reach m x budget
    samples per target; each arm's targets solved within T seconds (EI's update time counts against it). Seconds
    are the runs' own (sampling + checking + training, loading excluded), so the arms compare fairly only where
    they ran under the same load (the script runs them side by side, one core each)."""
    from gentzen.ttrl.report import per_target, solved_within

    out = {}
    for m in range(1, multiples + 1):
        per_seed = {}
        for s in seeds:
            ctl, ei = runs["control", s], runs["ei", s]
            done = [seconds_total(r) for r in ctl["rounds"] if per_target(r) <= m * budget + 1e-9]
            if not done or (per_target(ctl["rounds"][-1]) < m * budget - 1e-9 and not finished(ctl, names)):
                per_seed[str(s)] = {"not_reached_by": "control"}
                continue
            t = done[-1]
            ei_seconds = seconds_total(ei["rounds"][-1]) if ei["rounds"] else 0.0
            per_seed[str(s)] = ({"seconds": round(t), "not_reached_by": {"ei": round(ei_seconds)}}
                                if ei_seconds < t and not finished(ei, names)
                                else {"seconds": round(t), "control": len(solved_within(ctl, seconds=t)),
                                      "ei": len(solved_within(ei, seconds=t))})
        out[f"{m}x"] = per_seed
    return out


def plot_a(out: Path, seeds: list[int], budget: float, png: Path, multiples: int = 3) -> None:
    """Solved targets against samples drawn per target (left) and against seconds, training included
    (right): EI and sampling more, one line per seed."""
    from gentzen.eval.plots import pyplot, save_png
    from gentzen.ttrl.report import per_target, solved_within

    plt = pyplot()
    fig, (ax, at) = plt.subplots(1, 2, figsize=(11, 4.2))
    for arm, colour in (("ei", "tab:blue"), ("control", "tab:orange")):
        for i, s in enumerate(seeds):
            run = ttrl_run(out / f"{arm}-s{s}")
            style = {"color": colour, "alpha": 0.8, "linestyle": ("-", "--", ":")[i % 3], "where": "post"}
            xs = [0.0] + [per_target(r) for r in run["rounds"]]
            ax.step(xs, [0] + [len(solved_within(run, samples=x)) for x in xs[1:]], **style,
                    label=f"{'test-time EI' if arm == 'ei' else 'sampling more'} (seed {s})")
            ts = [0.0] + [seconds_total(r) for r in run["rounds"]]
            at.step(ts, [0] + [len(solved_within(run, seconds=t)) for t in ts[1:]], **style)
    for m in range(1, multiples + 1):
        ax.axvline(m * budget, color="grey", linewidth=0.6)
    ax.set_xlabel("samples per target (targets still unsolved)")
    at.set_xlabel("seconds (sampling, checking and training)")
    ax.set_ylabel("targets solved")
    ax.set_title(f"test-time EI vs sampling more, {len(rows(out / 'targets.jsonl'))} targets")
    ax.legend(fontsize=7)
    save_png(fig, png)


def exp_b(out: Path, arms: list[str]) -> dict:
    from gentzen.ttrl.report import solved_within

    runs = {a: ttrl_run(out / a) for a in arms}
    names = [r["name"] for r in rows(out / "targets.jsonl")]
    rep = json.loads((out / "report.json").read_text(encoding="utf-8"))
    res = {"experiment": "b: the test-time RL arms at matched samples", "targets": len(names),
           "matched_samples_per_target": rep["matched_samples_per_target"],
           "arms": {r["arm"]: {k: r[k] for k in ("rounds", "solved", "by_composition", "samples_per_target",
                                                    "solved_at_matched", "updates", "seconds")} for r in rep["runs"]},
           "union": len(rep["union"]), "intersection": len(rep["intersection"]), "vs_ttrl": {}}
    res["failed"] = {f.name.split(".")[0]: f.read_text(encoding="utf-8").strip() for f in sorted(out.glob("*.failed"))}
    ref = runs.get("ttrl")
    for a, run in runs.items():
        if ref is None or a == "ttrl":
            continue
        at = min(reached(ref), reached(run))  # this pair's matched samples per target
        res["vs_ttrl"][a] = {"samples_per_target": round(at, 2),
                             **paired(solved_within(run, samples=at), solved_within(ref, samples=at), names, a, "ttrl")}
    c = res["arms"].get("control", {}).get("solved_at_matched")
    t = res["arms"].get("ttrl", {}).get("solved_at_matched")
    res["ratio_ttrl_over_control"] = round(t / c, 3) if c and t is not None else None
    # the mechanism (issue 40 item 4): per round the rate on unsolved targets, the sample split, variants
    # first solved, forgetting; per target its rate before and after an update saw its variants' proofs
    res["mechanism"] = {a: mechanism(run, names) for a, run in runs.items()}
    res["goal"] = "ttrl >= 1.3x control; unrelated below ttrl"
    return res


def at_points(out: Path, arms: list[str], points: list[float], control: str = "control",
              windows: list[float] = ()) -> dict:
    """(b) at fixed samples per target: each arm against `control`, paired by target (exact McNemar,
    Newcombe interval), at every point both runs have reached (a run's solved set at a point is its
    last round within it, so a point between two rounds reads the earlier one; a point before either
    run's first round ends is left out)."""
    from gentzen.ttrl.report import solved_within

    names = [r["name"] for r in rows(out / "targets.jsonl")]
    runs = {a: ttrl_run(out / a) for a in [*arms, control]}
    res = {"targets": len(names), "reached": {a: round(reached(r), 1) for a, r in runs.items()}, "vs_control": {}}
    for a in arms:
        res["vs_control"][a] = {}
        for pt in points:
            if min(reached(runs[a]), reached(runs[control])) + 1e-9 < pt or \
                    max(first_round(runs[a]), first_round(runs[control])) > pt + 1e-9:
                continue  # a run not there yet, or one whose first round ends past the point (it would read 0)
            cmp = paired(solved_within(runs[control], samples=pt), solved_within(runs[a], samples=pt), names,
                         "control", a)
            cmp["ratio"] = round(cmp[a] / cmp["control"], 3) if cmp["control"] else None
            res["vs_control"][a][str(pt)] = cmp
    if windows:  # the mechanism, paired: each arm's per-sample rate on the targets open in both runs
        res["rate_vs_control"] = {a: rate_vs_control(runs[a], runs[control], names, list(windows)) for a in arms}
    return res


def _pass(summary: Path) -> dict:
    s = json.loads(summary.read_text(encoding="utf-8"))
    (m, body), = s["methods"].items()
    solved = list(body["solved"].values())
    tokens = body["compute"]["tokens"]
    wall = body["compute"]["wall_seconds"]
    return {"method": m, "theorems": s["theorems"], "samples": s["samples"],
            **{k: v["mean"] for k, v in body["pass"].items()}, "solved": solved,
            "tokens": tokens, "wall_seconds": wall,
            "tokens_per_solved": round(tokens / sum(solved), 1) if sum(solved) else None,
            "seconds_per_solved": round(wall / sum(solved), 3) if sum(solved) else None}


def _cmp(path: Path) -> dict:
    c = json.loads(path.read_text(encoding="utf-8"))
    return {k: c[k] for k in ("pairs", "both", "neither", "b_count", "c_count", "gain", "ci95", "p_value")} | \
        {"a_solved": c["a"]["solved"], "b_solved": c["b"]["solved"]}


def exp_c(out: Path, arms: list[str]) -> dict:
    res = {"experiment": "c: CE vs GEM vs UA vs guided CAT weights, EI then held-out eval", "arms": {},
           "vs_base": {}, "vs_ce": {}}
    for a in ["base", *arms]:
        ei = rows(out / a / "rounds.jsonl") if a != "base" else []
        res["arms"][a] = {"guided": _pass(out / f"eval-{a}" / "summary.json"),
                          "bestfirst": _pass(out / f"evalbf-{a}" / "summary.json"),
                          "ei_rounds": [{"verified_rate": r["tally"].get("verified_rate"),
                                         "solved": r["tally"].get("solved"),
                                         "forgetting": r.get("forgetting")} for r in ei]}
    for a in arms:
        for ref, key in (("base", "vs_base"), ("ce", "vs_ce")):
            if a == ref:
                continue
            res[key][a] = {m: _cmp(out / f"cmp-{m}-{ref}-{a}.json") for m in ("guided", "bestfirst")}
    res["goal"] = "no trained arm below base at held-out pass@64; GEM/CAT at or above CE at pass@64"
    return res


def exp_d(out: Path, splits: list[str]) -> dict:
    res = {"experiment": "d: whole vs state, trained from scratch at equal wall-clock", "models": {}, "splits": {}}
    for f in ("whole", "state"):
        meta = json.loads((out / f"sft-{f}" / "gentzen.json").read_text(encoding="utf-8"))
        res["models"][f] = {k: meta.get(k) for k in ("seconds", "steps", "tokens_seen", "train_loss", "eval_loss")}
    for sp in splits:
        w, s = _pass(out / f"eval-whole-{sp}" / "summary.json"), _pass(out / f"eval-state-{sp}" / "summary.json")
        ratio = {k: (round(s[k] / w[k], 3) if w[k] and s[k] else None)
                 for k in ("tokens_per_solved", "seconds_per_solved")}
        res["splits"][sp] = {"whole": w, "state": s, "paired_state_vs_whole": _cmp(out / f"cmp-{sp}.json"),
                             "cost_ratio_state_over_whole": ratio}
    res["goal"] = "state >= whole"
    return res


def exp_e(out: Path, seeds: list[int]) -> dict:
    res = {"experiment": "e: per-theorem SDPO vs sampling more at matched samples", "seeds": {}}
    for s in seeds:
        sd = out / f"sdpo-s{s}"
        results = rows(sd / "results.jsonl")
        theorems = [r["theorem"] for r in rows(out / "targets.jsonl")]
        sdpo = {r["theorem"] for r in results if r.get("solved")}
        more_rows = rows(out / f"more-s{s}" / "theorems.jsonl")
        more = {r["theorem"] for r in more_rows if r["c"] > 0}
        gap0 = json.loads((sd / "teacher_gap.json").read_text()) if (sd / "teacher_gap.json").is_file() else None
        failed = out / f"sdpo-s{s}.json.failed"
        if failed.is_file():  # train sdpo refused (or failed): what it said, and the other arm alone
            res["seeds"][str(s)] = {"sdpo_failed": failed.read_text(encoding="utf-8").strip(), "pairs": len(theorems),
                                    "sample_more": len(more), "teacher_gap_before": gap0}
            continue
        done = {r["theorem"] for r in results}
        if len(done) < len(theorems):  # stopped before the last theorem: pair over the theorems it finished
            theorems = [t for t in theorems if t in done]
            more = {t for t in more if t in done}
            more_rows = [r for r in more_rows if r["theorem"] in done]
        by_it: dict[int, list[float]] = {}
        for r in rows(sd / "iterations.jsonl"):
            by_it.setdefault(r["iteration"], [])
            if r.get("teacher_gap") is not None:
                by_it[r["iteration"]].append(r["teacher_gap"])
        res["seeds"][str(s)] = {
            **paired(more, sdpo, theorems, "sample_more", "sdpo"), "sdpo_finished": len(done),
            "targets": len(rows(out / "targets.jsonl")),
            "samples": {"sdpo": sum(r.get("samples", 0) for r in results),
                        "sample_more": sum(r["n"] for r in more_rows)},
            "tokens": {"sdpo": sum(r.get("tokens", 0) for r in results),
                       "sample_more": sum(r["compute"]["tokens"] for r in more_rows)},
            "teacher_gap_before": gap0,
            "teacher_gap_per_iteration": {
                str(i): {"measured": len(g), "mean": round(statistics.mean(g), 4) if g else None}
                for i, g in sorted(by_it.items())}}
    res["goal"] = "SDPO >= sampling more"
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("experiment", choices="abcde")
    ap.add_argument("out", type=Path)
    ap.add_argument("--budget", type=float, default=0)
    ap.add_argument("--multiples", type=int, default=3, help="(a) report at 1x … Nx the budget")
    ap.add_argument("--seeds", type=int, nargs="*", default=[0])
    ap.add_argument("--arms", nargs="*", default=[])
    ap.add_argument("--splits", nargs="*", default=["dev", "heldout"])
    ap.add_argument("--plot", type=Path, help="(a) a PNG of solved targets against samples per target")
    ap.add_argument("--at", type=float, nargs="*", default=[],
                    help="(b) pair each of --arms with the control at these samples per target instead")
    ap.add_argument("--windows", type=float, nargs="*", default=[],
                    help="(b) with --at: also each arm's per-sample rate on the targets open in both runs, "
                         "against the control's, in these windows of samples per target (edges)")
    ap.add_argument("--control", default="control", help="(b) with --at: the control run's folder under OUT")
    a = ap.parse_args()
    from gentzen.errors import InputError

    try:
        _run(a)
    except (InputError, FileNotFoundError) as e:
        sys.exit(f"error: {e}")


def _run(a: argparse.Namespace) -> None:
    res = {"a": lambda: exp_a(a.out, a.budget, a.seeds, a.multiples),
           "b": lambda: at_points(a.out, a.arms, a.at, a.control, windows=a.windows) if a.at else exp_b(a.out, a.arms),
           "c": lambda: exp_c(a.out, a.arms), "d": lambda: exp_d(a.out, a.splits),
           "e": lambda: exp_e(a.out, a.seeds)}[a.experiment]()
    if a.plot and a.experiment == "a":
        plot_a(a.out, a.seeds, a.budget, a.plot, a.multiples)
    print(json.dumps(res, ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
