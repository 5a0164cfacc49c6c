"""Sampling across items (issue 21): one EI round and one TTRL round, one item at a time vs decoded together.

usage: PYTHONPATH=py OMP_NUM_THREADS=1 nice -n 10 python runs/experiments/batch_rows_speedup.py OUT [--repeats 2]
       [--ei-targets 40] [--ttrl-targets 8] [--samples 16] [--batch-rows 64]

Each repeat runs, alternating, `gentzen train ei` (one round, no update: --epochs 0 --steps 0) with
--batch-rows 1 and --batch-rows N, then `gentzen ttrl run` (one round, no update, 4 variants per target)
the same two ways, all with the same seeds on the shipped model and one torch thread. It reports each
run's wall-clock, CPU seconds and sampling seconds (the round's own split), their ratios, and whether both ways wrote
the same samples (attempts, verified, proofs, tokens, model calls, kernel checks of every item).
Every run folder is kept under OUT (a finished one is read back, not rerun: the script resumes).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEXTBOOK = ROOT / "py" / "gentzen" / "sets" / "textbook.jsonl"
SAME = ("attempts", "verified", "proofs", "tokens", "model_calls", "kernel_checks")


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "gentzen.cli.main", *args]


def run(cmd: list[str], folder: Path) -> dict:
    """Run `cmd` once: its wall-clock and CPU seconds (user + sys) in folder/wall.json; a folder
    that has one is not rerun. On a shared machine CPU seconds move less than wall-clock."""
    done = folder / "wall.json"
    if done.is_file():
        return json.loads(done.read_text())
    if folder.exists():
        subprocess.run(["rm", "-rf", str(folder)], check=True)
    t0, r0 = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env={**os.environ, "OMP_NUM_THREADS": "1"})
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    took = {"wall": round(time.perf_counter() - t0, 2),
            "cpu": round(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime, 2), "command": cmd}
    done.write_text(json.dumps(took))
    return took


def rows(path: Path, key: str) -> dict:
    out = {}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        out[r[key]] = {k: r[k] for k in SAME}
    return out


def sampling(path: Path) -> float:
    rec = json.loads(path.read_text().splitlines()[0])
    return rec["seconds"]["sampling"] + rec["seconds"]["checking"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--ei-targets", type=int, default=40)
    ap.add_argument("--ttrl-targets", type=int, default=8)
    ap.add_argument("--samples", type=int, default=16)
    ap.add_argument("--batch-rows", type=int, default=64)
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    ttrl_targets = out / "ttrl_targets.jsonl"
    lines = TEXTBOOK.read_text().splitlines()
    ttrl_targets.write_text("\n".join(lines[40:40 + a.ttrl_targets]) + "\n")
    common = ["--samples", str(a.samples), "--epochs", "0", "--steps", "0", "--threads", "1", "--seed", "0"]
    result: dict[str, list] = {"ei": [], "ttrl": []}
    for rep in range(a.repeats):
        for kind in ("ei", "ttrl"):
            pair = {}
            for rows_n in (1, a.batch_rows):
                folder = out / f"{kind}-rows{rows_n}-rep{rep}"
                if kind == "ei":
                    cmd = cli("train", "ei", "--targets", str(TEXTBOOK), "--limit", str(a.ei_targets), "--rounds", "1",
                              "--out", str(folder), "--batch-rows", str(rows_n), *common)
                else:
                    cmd = cli("ttrl", "run", str(ttrl_targets), "--out", str(folder), "--rounds", "1",
                              "--max-variants", "4", "--batch-rows", str(rows_n), *common)
                took = run(cmd, folder)
                log = folder / "rounds.jsonl"
                samples = folder / ("round-001.samples.jsonl" if kind == "ei" else "rounds/round-001.samples.jsonl")
                pair[rows_n] = {"wall": took["wall"], "cpu": took["cpu"], "sampling": round(sampling(log), 2),
                                "rows": rows(samples, "index" if kind == "ei" else "name"),
                                "command": " ".join(cmd[1:])}
            one, many = pair[1], pair[a.batch_rows]
            result[kind].append({"one": {k: v for k, v in one.items() if k != "rows"},
                                 "batched": {k: v for k, v in many.items() if k != "rows"},
                                 "items": len(one["rows"]), "same_samples": one["rows"] == many["rows"],
                                 "tokens": sum(r["tokens"] for r in one["rows"].values()),
                                 "wall_ratio": round(one["wall"] / many["wall"], 2),
                                 "cpu_ratio": round(one["cpu"] / many["cpu"], 2),
                                 "sampling_ratio": round(one["sampling"] / many["sampling"], 2)})
            print(json.dumps({kind: result[kind][-1]}), flush=True)
    (out / "summary.json").write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
