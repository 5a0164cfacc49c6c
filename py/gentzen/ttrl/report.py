"""`gentzen ttrl report RUN_DIR…`: several runs compared at matched compute, and their curves.

Solved counts are read at matched samples per target (the most every run reached), at matched charged
samples (samples × (1 + the run's training overhead): wall-clock with training, on one clock however loaded the
machine was for each run) and at each multiple of x (the model's own training time) counting only rounds
finished within it; then the
sets one arm solved and another did not, their union and intersection, and one chart of them all.
The run directories of `gentzen ttrl --shard I/N` count as one run, joined round by round (`join_shards`).
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.errors import InputError

MULTIPLES = (1, 2, 3, 4, 5)


def load_run(path: str | Path) -> dict:
    from gentzen.io import read_jsonl_resumable

    p = Path(path)
    try:
        config = json.loads((p / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise InputError(f"{p}: not a ttrl run directory (no readable config.json)") from None
    if config.get("kind") != "ttrl":
        raise InputError(f"{p}: config.json is not a ttrl run's (kind {config.get('kind')!r})")
    rounds = sorted(read_jsonl_resumable(p / "rounds.jsonl"), key=lambda r: r.get("round", 0))
    label = f"{config.get('arm')}:{p.name}"
    rows = [r for r in read_jsonl_resumable(p / "targets.jsonl") if r.get("name")]
    proofs = p / PROOFS if (p / PROOFS).is_file() else p / "targets.jsonl"
    return {"path": str(p), "label": label, "arm": config.get("arm"), "config": config, "rounds": rounds,
            "targets": int(config.get("targets") or 0), "x": float((config.get("budget") or {}).get("x_seconds") or 0),
            "rows": rows, "shown": {r["name"]: str(r.get("label") or r["name"]) for r in rows},
            "proofs": str(proofs)}


PROOFS = "proofs.lean"  # every solved target's first proof, one Lean file (`gentzen verify RUN/proofs.lean`)


def proofs_lean(rows: list[dict], arm: str) -> str:
    """The solved targets of a run as one Lean file, each theorem headed by the user's name for it
    and how it was solved."""
    parts = [f"-- proofs found by `gentzen ttrl` (arm {arm}); check them with `gentzen verify` or Lean\n"]
    for r in rows:
        if r.get("solved") and r.get("proof"):
            parts.append(f"-- {r.get('label') or r['name']}: round {r.get('round')}, by {r.get('by')}\n"
                         f"{r['theorem']}\n{r['proof'].rstrip()}\n")
    return "\n".join(parts)


def per_target(r: dict) -> float:
    s = r.get("samples") or {}
    return float(s.get("targets", 0)) + float(s.get("variants", 0))


def round_solved(r: dict) -> set[str]:
    """The targets solved by the end of round `r`: by sampling or by composition."""
    return set(r.get("solved", [])) | set(r.get("solved_by_composition", []))


def training_overhead(r: dict) -> float:
    """Seconds spent training per second of everything else (sampling, checking, bookkeeping), to the end of
    round `r`: both measured in one run under one load, so the ratio holds however loaded the machine was."""
    sec = r.get("seconds") or {}
    rest = float(sec.get("total", 0)) - float(sec.get("training", 0))
    return float(sec.get("training", 0)) / rest if rest > 0 else 0.0


def charged(r: dict) -> float:
    """Samples per target to the end of round `r`, training charged in units of the run's own sampling time:
    per_target × (1 + training_overhead). A run that does not train is charged its samples."""
    return per_target(r) * (1 + training_overhead(r))


def solved_within(run: dict, *, samples: float | None = None, seconds: float | None = None,
                  charged_samples: float | None = None) -> set[str]:
    """Targets solved by the last round that finished within the budget (none: every round)."""
    got: set[str] = set()
    for r in run["rounds"]:
        if samples is not None and per_target(r) > samples + 1e-9:
            break
        if charged_samples is not None and charged(r) > charged_samples + 1e-9:
            break
        if seconds is not None and float((r.get("seconds") or {}).get("total", 0)) > seconds:
            break
        got = round_solved(r)
    return got


def join_shards(runs: list[dict]) -> list[dict]:
    """Shard runs of one ttrl run (same theorems, arm, seed and N) as one run: round r holds every shard's
    round r (a shard that stopped earlier keeps its last round), solved sets joined in target order,
    samples per target over all targets, tokens, updates and seconds summed (seconds: compute, not wall)."""
    from gentzen.shard import interleave

    groups: dict[tuple, list[dict]] = {}
    out: list[dict] = []
    for run in runs:
        sh = run["config"].get("shard")
        if not sh:
            out.append(run)
            continue
        key = (run["config"].get("theorems"), run["arm"], run["config"].get("seed"), sh["count"])
        if key not in groups:
            groups[key] = []
            out.append({"group": key})
        groups[key].append(run)
    joined = []
    for item in out:
        if "group" not in item:
            joined.append(item)
            continue
        parts = sorted(groups[item["group"]], key=lambda r: r["config"]["shard"]["index"])
        n = item["group"][3]
        by_index = {r["config"]["shard"]["index"]: r for r in parts}
        if len(by_index) < len(parts):
            raise InputError(f"a shard of {parts[0]['path']} is given twice")
        order = {name: k for k, name in enumerate(interleave({i: r["config"]["shard"]["names"]
                                                              for i, r in by_index.items()}, n))}
        total = len(order)
        rounds = []
        for r_no in range(1, max(len(r["rounds"]) for r in parts) + 1):
            recs = [r["rounds"][min(r_no, len(r["rounds"])) - 1] for r in parts if r["rounds"]]

            def union(field: str) -> list[str]:
                return sorted({x for rec in recs for x in rec.get(field, [])}, key=order.__getitem__)

            def total_of(field: str, kind: str) -> int:
                return sum(int((rec.get(field) or {}).get(kind, 0)) for rec in recs)

            seconds: dict[str, float] = {}
            for rec in recs:
                for k, v in (rec.get("seconds") or {}).items():
                    seconds[k] = round(seconds.get(k, 0.0) + float(v), 4)
            kinds = ("targets", "variants")
            rounds.append({"round": r_no, "solved": union("solved"),
                           "solved_by_composition": union("solved_by_composition"),
                           "samples": {k: round(total_of("samples_total", k) / total, 4) for k in kinds},
                           "samples_total": {k: total_of("samples_total", k) for k in kinds},
                           "tokens": sum(int(rec.get("tokens", 0)) for rec in recs),
                           "updates": sum(int(rec.get("updates", 0)) for rec in recs), "seconds": seconds})
        first = parts[0]
        rows = sorted((row for r in parts for row in r["rows"]), key=lambda row: order.get(row["name"], total))
        joined.append({**first, "path": " + ".join(r["path"] for r in parts), "rounds": rounds, "targets": total,
                       "rows": rows, "shown": {k: v for r in parts for k, v in r["shown"].items()},
                       "proofs": " + ".join(r["proofs"] for r in parts),
                       "label": f"{first['arm']}:{Path(first['path']).name} ({n} shards)",
                       "config": {**first["config"], "shard": None, "targets": total}})
    return joined


def compare(paths: list[str]) -> dict:
    runs = join_shards([load_run(p) for p in paths])
    if not runs:
        raise InputError("give at least one RUN_DIR")
    labels = [r["label"] for r in runs]
    if len(set(labels)) < len(labels):  # same arm and folder name: use the path
        for r in runs:
            r["label"] = r["path"]
    # a run still in its first round would pull the matched budget to 0 and "lose" every target
    waiting = [r["label"] for r in runs if not r["rounds"]]
    runs = [r for r in runs if r["rounds"]]
    if not runs:
        raise InputError(f"no run has a finished round yet ({', '.join(waiting)}): a round's line lands in "
                         "RUN/rounds.jsonl when the round ends")
    reached = [per_target(r["rounds"][-1]) for r in runs]
    matched = min(reached)
    matched_charged = min(charged(r["rounds"][-1]) for r in runs)
    table, finals = [], {}
    for run, top in zip(runs, reached):
        last = run["rounds"][-1]
        final = {run["shown"].get(n, n) for n in solved_within(run)}  # the user's names from here on
        finals[run["label"]] = final
        x = run["x"]
        table.append({"run": run["label"], "arm": run["arm"], "targets": run["targets"], "rounds": len(run["rounds"]),
                      "solved": len(final), "by_composition": len(last.get("solved_by_composition", [])),
                      "samples_per_target": round(top, 3),
                      "solved_at_matched": len(solved_within(run, samples=matched)),
                      "training_overhead": round(training_overhead(last), 3),
                      "solved_at_matched_charged": len(solved_within(run, charged_samples=matched_charged)),
                      "seconds": round(float((last.get("seconds") or {}).get("total", 0)), 2), "x_seconds": x,
                      "at_x": {f"{m}x": (len(solved_within(run, seconds=m * x)) if x else None) for m in MULTIPLES},
                      "updates": last.get("updates", 0), "tokens": last.get("tokens", 0)})
    only = {f"{a} - {b}": sorted(finals[a] - finals[b]) for a in finals for b in finals if a != b}
    sets = list(finals.values())
    return {"matched_samples_per_target": round(matched, 3), "matched_charged_per_target": round(matched_charged, 3),
            "runs": table, "only": only, "waiting": waiting,
            "union": sorted(set().union(*sets)), "intersection": sorted(set.intersection(*sets)) if sets else [],
            "targets": by_target(runs), "proofs": {r["label"]: r["proofs"] for r in runs}}


def by_target(runs: list[dict]) -> list[dict]:
    """Each target (the user's name, in the first run's order) and, per run, how it was solved:
    {run label: {"round", "by", "arm"}} or None when that run did not solve it."""
    order: dict[str, str] = {}
    for run in runs:
        for r in run["rows"]:
            order.setdefault(str(r.get("label") or r["name"]), str(r.get("theorem", "")))
    out = []
    for shown, theorem in order.items():
        how = {}
        for run in runs:
            row = next((r for r in run["rows"] if str(r.get("label") or r["name"]) == shown), None)
            how[run["label"]] = ({"round": row.get("round"), "by": row.get("by"), "arm": run["arm"]}
                                 if row is not None and row.get("solved") else None)
        out.append({"target": shown, "theorem": theorem, "solved_by": how})
    return out


def format_table(rep: dict) -> str:
    head = ["run", "targets", "rounds", "solved", "composed", "samples/target",
            f"@{rep['matched_samples_per_target']:g} s/t", "train/rest", f"@{rep['matched_charged_per_target']:g} charged",
            *[f"{m}x" for m in MULTIPLES], "wall s"]
    rows = [[r["run"], r["targets"], r["rounds"], r["solved"], r["by_composition"], r["samples_per_target"],
             r["solved_at_matched"], r["training_overhead"], r["solved_at_matched_charged"],
             *[("-" if r["at_x"][f"{m}x"] is None else r["at_x"][f"{m}x"]) for m in MULTIPLES],
             r["seconds"]] for r in rep["runs"]]
    widths = [max(len(str(c)) for c in col) for col in zip(head, *rows)]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(row, widths)) for row in [head, *rows]]
    for k, v in rep["only"].items():
        lines.append(f"solved by {k.replace(' - ', ' and not by ')}: {len(v)}" + (f" ({', '.join(v)})" if v else ""))
    lines.append(f"union: {len(rep['union'])}   intersection: {len(rep['intersection'])}")
    if rep.get("waiting"):
        lines.append(f"left out, no finished round yet: {', '.join(rep['waiting'])}")
    lines.extend(target_lines(rep))
    return "\n".join(lines)


def target_lines(rep: dict) -> list[str]:
    """Which targets each run solved, when and how (sampling, or composition of solved lemma
    variants), and where the proofs are."""
    if not rep.get("targets"):
        return []
    lines = ["", "targets:  (sampling: a proof sampled for the target itself; composition: a cut of its solved "
                 "lemma variants)"]
    width = min(48, max(len(t["target"]) for t in rep["targets"]))
    several = len(rep["runs"]) > 1
    for t in rep["targets"]:
        cells = []
        for label, how in t["solved_by"].items():
            who = f"{label}: " if several else ""
            cells.append(f"{who}round {how['round']} by {how['by']}" if how else f"{who}unsolved")
        mark = "✓" if any(t["solved_by"].values()) else "✗"
        lines.append(f"  {mark} {t['target'][:width].ljust(width)}  {'; '.join(cells)}")
    for label, path in rep["proofs"].items():
        lines.append(f"proofs{f' of {label}' if several else ''}: {path}")
    return lines


def plot_runs(paths: list, path: str | Path) -> Path:
    """Solved targets vs samples per target and vs wall-clock, one line per run, on one chart."""
    from gentzen.eval.plots import pyplot, save_png

    plt = pyplot()
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    for run in join_shards([load_run(p) for p in paths]):
        xs = [0.0] + [per_target(r) for r in run["rounds"]]
        ws = [0.0] + [float((r.get("seconds") or {}).get("total", 0)) for r in run["rounds"]]
        ys = [0] + [len(round_solved(r)) for r in run["rounds"]]
        a.plot(xs, ys, "-o", label=run["label"], markersize=3)
        b.plot(ws, ys, "-o", label=run["label"], markersize=3)
    a.set_xlabel("samples per target (targets + variants)")
    b.set_xlabel("wall-clock seconds (model loading excluded)")
    for ax in (a, b):
        ax.set_ylabel("targets solved")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    out = save_png(fig, Path(path))
    plt.close(fig)
    return out
