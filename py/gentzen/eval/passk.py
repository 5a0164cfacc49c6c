"""pass@k of a model on a theorem set, guided vs plain sampling, with the compute each used.

Each theorem gets n independent attempts (no early stop); pass@k uses the unbiased estimator
1 - C(n-c, k) / C(n, k) of Chen et al. (2021) over the c verified successes. Every success is
kernel-verified by the sampler. Results are written as JSON (and optionally a bar plot).
The `gentzen eval` command uses eval/run.py (every method, seeds, run folders); this module is the
older in-memory API, kept for scripts that import it.
"""

from __future__ import annotations

import json
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from gentzen.errors import InputError
from gentzen.eval.stats import pass_at_k  # noqa: F401 - the product form, re-exported


@dataclass
class PassKConfig:
    """What to evaluate (field docs are the CLI's --help)."""

    model: str = field(default="", metadata={"help": "Model directory (default: the shipped model)."})
    set: str = field(default="textbook", metadata={"help": "Shipped set name or a JSONL file of theorems."})
    split: str = field(default="", metadata={"help": "Only records of this split (JSONL files)."})
    samples: int = field(default=64, metadata={"help": "Attempts per theorem (n)."})
    ks: tuple[int, ...] = field(default=(1, 64), metadata={"help": "k values to report."})
    methods: tuple[str, ...] = field(default=("guided", "plain"), metadata={"help": "Sampling methods."})
    temperature: float = field(default=1.0, metadata={"help": "Sampling temperature."})
    limit: int = field(default=0, metadata={"help": "Only the first N theorems (0: all)."})
    seed: int = field(default=0, metadata={"help": "Sampling seed."})
    device: str = field(default="auto", metadata={"help": "auto | cpu | cuda"})




def load_theorems(set_name: str, split: str = "") -> list[dict]:
    from gentzen.data.sets import load_set, read_jsonl, set_paths

    if set_name in set_paths():
        recs = load_set(set_name)
    else:
        p = Path(set_name)
        if not p.exists():
            raise InputError(f"no shipped set or file called {set_name!r} (shipped: {', '.join(set_paths())})")
        recs = read_jsonl(p)
    if split:
        recs = [r for r in recs if r.get("split") == split]
    return [r for r in recs if r.get("theorem")]


def evaluate(cfg: PassKConfig, progress: Callable[[str, int, int], None] | None = None) -> dict:
    from gentzen.engines import load_engine
    from gentzen.models.checkpoint import read_meta
    from gentzen.search.guided import SamplerConfig, sample

    model = cfg.model or str(Path(__file__).resolve().parent.parent / "assets" / "default_model")
    theorems = load_theorems(cfg.set, cfg.split)
    if cfg.limit:
        theorems = theorems[: cfg.limit]
    if not theorems:
        raise InputError("no theorems to evaluate")
    fmt = read_meta(model).get("format", "whole")
    engine = load_engine(model, "torch", device=cfg.device)
    out = {"model": cfg.model or "gentzen/assets/default_model (shipped)", "set": cfg.set, "format": fmt, "theorems": len(theorems), "samples": cfg.samples,
           "temperature": cfg.temperature, "methods": {}}
    try:
        for method in cfg.methods:
            if method not in ("guided", "plain"):
                raise InputError(f"unknown method {method!r}")
            scfg = SamplerConfig(samples=cfg.samples, guided=method == "guided", stop_at_first=False,
                                 temperature=cfg.temperature, format=fmt, seed=cfg.seed)
            t0 = time.perf_counter()
            per, totals = [], {"tokens": 0, "model_calls": 0, "kernel_checks": 0}
            for i, rec in enumerate(theorems):
                res = sample(rec["theorem"], engine, scfg)
                c = sum(a.ok for a in res.attempts)
                per.append({"name": rec.get("name"), "successes": c})
                t = res.totals()
                for key in totals:
                    totals[key] += t[key]
                if progress is not None:
                    progress(method, i + 1, len(theorems))
            out["methods"][method] = {
                "pass": {f"pass@{k}": round(sum(pass_at_k(cfg.samples, p["successes"], k) for p in per) / len(per), 4)
                         for k in cfg.ks},
                "solved_any": sum(p["successes"] > 0 for p in per),
                "seconds": round(time.perf_counter() - t0, 1),
                **totals,
                "per_theorem": per,
            }
    finally:
        engine.close()
    out["config"] = {k: (list(v) if isinstance(v, tuple) else v) for k, v in asdict(cfg).items()}
    return out


def plot(result: dict, path: str | Path) -> None:
    """A grouped bar chart of pass@k per method."""
    from gentzen.errors import require

    mpl = require("matplotlib", "train")
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    methods = list(result["methods"])
    ks = list(next(iter(result["methods"].values()))["pass"])
    fig, ax = plt.subplots(figsize=(5, 3.2))
    width = 0.8 / len(methods)
    for j, m in enumerate(methods):
        vals = [result["methods"][m]["pass"][k] for k in ks]
        ax.bar([i + j * width for i in range(len(ks))], vals, width, label=m)
    ax.set_xticks([i + width * (len(methods) - 1) / 2 for i in range(len(ks))], ks)
    ax.set_ylim(0, 1)
    ax.set_ylabel("success rate")
    ax.set_title(f"{result['set']} ({result['theorems']} theorems, n={result['samples']})")
    ax.legend()
    fig.tight_layout()
    tmp = Path(str(path) + ".tmp.png")
    fig.savefig(tmp, dpi=120)
    plt.close(fig)
    tmp.replace(path)


def write_json(result: dict, path: str | Path) -> None:
    tmp = Path(str(path) + ".tmp")
    tmp.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)
