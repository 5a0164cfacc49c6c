"""EI vs GRPO at matched samples, TINY scale: the 108k-parameter fixture model (tests/fixtures/tiny_gen_model),
16 targets from its own data's train split, 3 rounds of 8 plain attempts per target for both methods
(`train ei --method plain --samples 8`, `train grpo --group 8`), each with the default replay and with
--replay none. Then every model's verified share on the 16 trained targets and 16 other theorems of the
same split (32 plain attempts per theorem, the same seeds for every model), paired per theorem with the
start model. A plumbing-scale comparison, not the source's experiment.
Usage: nice -n 10 python3 runs/experiments/ei_vs_grpo_tiny.py [OUT]   (about 2 CPU-minutes)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "tests" / "fixtures" / "tiny_gen_model"
OUT = Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "runs" / "out" / "ei_vs_grpo_tiny")
ENV = {**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1"}


def gentzen(*args) -> None:
    subprocess.run([sys.executable, "-m", "gentzen.cli.main", *map(str, args)], check=True, env=ENV,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def rates(model_dir, theorems: list[str], samples: int = 32) -> list[int]:
    from gentzen.engines import EngineChoice, open_engine
    from gentzen.search.methods import run_method

    engine = open_engine(str(model_dir), EngineChoice("torch"), threads=1)
    out = []
    for i, t in enumerate(theorems):
        engine.clear_cache()
        res = run_method("plain", t, engine, samples=samples, temperature=1.0, seed=1000 + i, fmt="whole",
                         stop_at_first=False)
        out.append(sum(a.ok for a in res.attempts))
    engine.close()
    return out


def main() -> None:
    from gentzen.data.generate import config_from_recorded, dumps, generate

    OUT.mkdir(parents=True, exist_ok=True)
    meta = json.loads((MODEL / "gentzen.json").read_text())
    train = [r for r in generate(config_from_recorded(meta["data_gen"])) if r["split"] == "train"]
    targets, other = train[:16], train[16:32]
    (OUT / "targets.jsonl").write_text(dumps(targets))
    common = ["--model", MODEL, "--targets", OUT / "targets.jsonl", "--rounds", 3, "--threads", 1, "--seed", 0]
    runs = {}
    for replay in ("default", "none"):
        extra = [] if replay == "default" else ["--replay", "none"]
        for method, args in (("ei", ["train", "ei", "--method", "plain", "--samples", 8]),
                             ("grpo", ["train", "grpo", "--group", 8])):
            out = OUT / f"{method}_{replay}"
            if not (out / "round-003" / "config.json").is_file():
                gentzen(*args, *common, *extra, "--out", out, "--resume")
            rows = [json.loads(x) for x in (out / "rounds.jsonl").read_text().splitlines()]
            runs[f"{method}_{replay}"] = {
                "dir": out, "samples": sum(r["tally"]["samples"] for r in rows),
                "tokens": sum(r["tally"]["tokens"] for r in rows),
                "train_steps": sum(r["tally"]["train_steps"] for r in rows),
                "solved_per_round": [r["tally"]["solved"] for r in rows],
                "forgetting": [r["forgetting"] for r in rows]}
    sets = {"trained": [r["theorem"] for r in targets], "other": [r["theorem"] for r in other]}
    base = {k: rates(MODEL, v) for k, v in sets.items()}
    report = {"model": str(MODEL.relative_to(ROOT)), "attempts_per_theorem": 32,
              "start": {k: {"verified": sum(v), "of": 32 * len(v)} for k, v in base.items()}, "runs": {}}
    for name, info in runs.items():
        entry = {k: v for k, v in info.items() if k != "dir"}
        for k, thms in sets.items():
            got = rates(Path(info["dir"]) / "round-003", thms)
            entry[k] = {"verified": sum(got), "of": 32 * len(got),
                        "up": sum(g > b for g, b in zip(got, base[k])), "down": sum(g < b for g, b in zip(got, base[k]))}
        report["runs"][name] = entry
    text = json.dumps(report, indent=1, default=str)
    (OUT / "report.json").write_text(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
