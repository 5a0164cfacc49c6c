"""pass@k against training time for a run of runs/default_model_recipe.sh: one point per checkpoint
(SFT, then each EI round), its training seconds from gentzen.json, its pass@k from the eval run
folders OUT/eval/NAME-SET/summary.json. A run that continued a finished model (INIT) starts with that
model ("init", at its own training seconds) and counts every later checkpoint's seconds on top.
Usage: python3 runs/plot_passk_time.py OUT   (writes OUT/passk_time.json and, with matplotlib, .png)
       python3 runs/plot_passk_time.py --lineage DEST.json RUN.json...   (chains the passk_time.json of
       successive runs, each continuing the last, into one curve; writes DEST.json and DEST.png)
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from gentzen.models.checkpoint import training_seconds


def checkpoints(out: Path) -> list[tuple[str, Path]]:
    found = [("sft", out / "sft")]
    found += [(f"ei-{d.name}", d) for d in sorted((out / "ei").glob("round-*")) if (d / "gentzen.json").is_file()]
    return found


def _row(out: Path, name: str, seconds: float | None) -> dict:
    """A checkpoint's training seconds and its pass@k on every set it was evaluated on."""
    row = {"checkpoint": name, "seconds": seconds}
    for path in sorted((out / "eval").glob(f"{name}-*/summary.json")):
        summary = json.loads(path.read_text())
        set_name = path.parent.name[len(name) + 1:]
        for method, res in summary.get("methods", {}).items():
            for k, v in res.get("pass", {}).items():
                row[f"{set_name}/{method}/{k}"] = v["mean"] if isinstance(v, dict) else v
    return row


def table(out: Path) -> list[dict]:
    rows, offset = [], 0.0
    init = out / "init-gentzen.json"
    if init.is_file():  # a continued run: the model it started from comes first, at its own seconds
        offset = training_seconds(json.loads(init.read_text()))
        rows.append(_row(out, "init", offset))
    for name, model in checkpoints(out):
        if not (model / "gentzen.json").is_file():
            continue
        seconds = json.loads((model / "gentzen.json").read_text()).get("seconds")
        rows.append(_row(out, name, None if seconds is None else round(offset + float(seconds), 2)))
    return rows


def lineage(files: list[Path]) -> list[dict]:
    """Successive runs' rows as one line. A run's `init` row is the model it continued, so the rows
    before it that are later than it (a checkpoint that was not continued) are dropped, and its
    `init` row itself is the previous run's checkpoint already in the list."""
    rows: list[dict] = []
    for f in files:
        data = json.loads(f.read_text())
        data = data["lineage"] if isinstance(data, dict) else data  # docs/model23b keeps a dict
        init = next((r for r in data if r["checkpoint"] == "init"), None)
        if init is not None and rows:
            rows = [r for r in rows if r["seconds"] is not None and r["seconds"] <= init["seconds"] + 0.01]
        rows += [dict(r, run=f.parent.name) for r in data if r["checkpoint"] != "init" or not rows]
    return rows


def plot(rows: list[dict], png: Path) -> None:
    from gentzen.errors import MissingExtraError
    from gentzen.eval.plots import pyplot, save_png
    try:
        plt = pyplot()
    except MissingExtraError:
        print("matplotlib missing: wrote the table only", file=sys.stderr)
        return
    series = sorted({k for r in rows for k in r if "/" in k})
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for key in series:
        pts = [(r["seconds"], r[key]) for r in rows if key in r and r["seconds"] is not None]
        if pts:
            ax.plot([p[0] / 60 for p in pts], [p[1] for p in pts], "-o", label=key)
    ax.set_xlabel("training time (minutes: SFT, then each EI round; a continued model's on top of its own)")
    ax.set_ylabel("pass@k")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7)
    save_png(fig, png)


def main(argv: list[str]) -> int:
    from gentzen.io import atomic_write_json

    if argv[:1] == ["--lineage"]:
        files = [Path(a) for a in argv[2:]]
        missing = [str(f) for f in files if not f.is_file()]
        if len(argv) < 3 or missing:
            why = f"missing: {', '.join(missing)}" if missing else "no runs given"
            print(f"error: --lineage DEST.json RUN.json... ({why})", file=sys.stderr)
            return 2
        rows = lineage(files)
        dest = Path(argv[1])
        atomic_write_json(dest, rows)
        print(json.dumps(rows))
        plot(rows, dest.with_suffix(".png"))
        return 0
    if len(argv) != 1 or not Path(argv[0]).is_dir():
        print("usage: python3 runs/plot_passk_time.py OUT (a run folder of runs/default_model_recipe.sh)",
              file=sys.stderr)
        return 2
    out = Path(argv[0])
    rows = table(out)
    atomic_write_json(out / "passk_time.json", rows)
    print(json.dumps(rows))
    plot(rows, out / "passk_time.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
