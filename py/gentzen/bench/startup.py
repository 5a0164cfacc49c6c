"""`gentzen bench startup`: the README's main command, `gentzen prove "P → Q, ¬Q ⊢ ¬P"`, timed.

Runs the real command as a fresh process several times for each engine implementation (the fast
torch-only Llama, and transformers forced by GENTZEN_ENGINE_IMPL=hf: the path before it existed)
and reports median wall-clock split into the interpreter, the CLI, the engine's imports, model
load and sampling (the last three from the command's own `--json` "seconds").
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from gentzen.errors import InputError

SEQUENT = "P → Q, ¬Q ⊢ ¬P"


def _command() -> list[str]:
    """The installed `gentzen` script beside this Python (no shell shims), else `python -m`."""
    script = Path(sys.executable).parent / "gentzen"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "gentzen.cli.main"]


def _timed(argv: list[str], env: dict) -> tuple[float, str]:
    t0 = time.perf_counter()
    p = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=300)
    wall = time.perf_counter() - t0
    if p.returncode not in (0, 1):  # 1 is "no proof found", still a timed run
        raise InputError(f"{' '.join(argv)} failed (exit {p.returncode}): {p.stderr.strip()[-500:]}")
    return wall, p.stdout


def bench_startup(runs: int = 5, impls: tuple[str, ...] = ("fast", "hf"), sequent: str = SEQUENT) -> dict:
    if runs < 1:
        raise InputError(f"--runs must be at least 1, got {runs}")
    bad = [i for i in impls if i not in ("fast", "hf")]
    if bad:
        raise InputError(f"unknown engine implementation(s) {', '.join(bad)}; choose fast and/or hf")
    base = [*_command(), "prove", sequent]
    interp = statistics.median(_timed([sys.executable, "-c", "pass"], dict(os.environ))[0] for _ in range(runs))
    result: dict = {"command": "gentzen prove " + json.dumps(sequent, ensure_ascii=False), "runs": runs,
                    "loadavg_at_start": [round(x, 2) for x in os.getloadavg()],
                    "interpreter_seconds": round(interp, 3)}
    for impl in impls:
        env = {**os.environ, "GENTZEN_ENGINE_IMPL": impl}
        walls, split = [], {"imports": [], "load": [], "sampling": [], "json_wall": []}
        for _ in range(runs):  # the plain command and its --json twin, alternating
            walls.append(_timed(base, env)[0])
            wall, out = _timed([*base, "--json"], env)
            secs = json.loads(out)["seconds"]
            for k in ("imports", "load", "sampling"):
                split[k].append(secs[k])
            split["json_wall"].append(wall)
        med = {k: statistics.median(v) for k, v in split.items()}
        result[impl] = {
            "wall_seconds_median": round(statistics.median(walls), 3),
            "wall_seconds_all": [round(w, 3) for w in walls],
            "split_median": {
                "interpreter": round(interp, 3),
                "cli_and_rest": round(med["json_wall"] - med["imports"] - med["load"] - med["sampling"] - interp, 3),
                "engine_imports": round(med["imports"], 3),
                "model_load": round(med["load"], 3),
                "sampling": round(med["sampling"], 3),
            },
        }
    if "fast" in result and "hf" in result:
        ratio = result["hf"]["wall_seconds_median"] / result["fast"]["wall_seconds_median"]
        result["speedup_hf_over_fast"] = round(ratio, 2)
    result["target_seconds"] = 4.0
    result["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    return result


__all__ = ["bench_startup"]
