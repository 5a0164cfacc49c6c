"""`gentzen eval`: run proof-search methods on a theorem set and keep every attempt in a run folder.

For each (method, seed, theorem) the method from gentzen.search.methods runs `samples` attempts;
the finished triple is appended to RUN_DIR/theorems.jsonl at once, so a killed run resumes where
it stopped (docs/run-dirs.md). The summary (eval/summary.py) and the plots are rebuilt from that
file at the end, so they always describe every finished triple.
"""

from __future__ import annotations

import shlex
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Callable

from gentzen.errors import InputError

SHIPPED_MODEL = Path(__file__).resolve().parent.parent / "assets" / "default_model"
# Settings that change what an attempt is: a run folder holds attempts of one such setting only.
ESSENTIAL = ("model", "set", "split", "lines", "limit", "samples", "temperature", "budget_tokens", "format",
             "options", "shard")


@dataclass
class EvalConfig:
    """What to evaluate (field docs are the CLI's --help)."""

    set: str = field(default="textbook", metadata={"help": "Shipped set name, a JSONL file or a .lean file."})
    model: str = field(default="", metadata={"help": "Model directory (default: the shipped model)."})
    methods: tuple[str, ...] = field(default=("guided", "plain"), metadata={"help": "Search methods."})
    samples: int = field(default=64, metadata={"help": "Attempts per theorem (n)."})
    ks: tuple[int, ...] = field(default=(1, 8, 64), metadata={"help": "k values of pass@k."})
    budget_tokens: int = field(default=0, metadata={"help": "Tokens per theorem each method may spend (0: no limit)."})
    temperature: float = field(default=1.0, metadata={"help": "Sampling temperature."})
    seeds: tuple[int, ...] = field(default=(0,), metadata={"help": "Sampling seeds (results are averaged)."})
    lines: str = field(default="", metadata={"help": "Only theorems whose reference proof has this many lines (7-14)."})
    split: str = field(default="", metadata={"help": "Only records of this split (JSONL files)."})
    limit: int = field(default=0, metadata={"help": "Only the first N theorems after filtering (0: all)."})
    device: str = field(default="auto", metadata={"help": "auto | cpu | cuda"})
    threads: int = field(default=0, metadata={"help": "torch CPU threads (0: the default)."})
    options: tuple[str, ...] = field(default=(), metadata={"help": "Method options METHOD.FIELD=VALUE, "
                                                               "e.g. bestfirst.expansions=16."})
    engine: str = field(default="torch", metadata={"help": "torch | vllm | openai"})
    base_urls: tuple[str, ...] = field(default=(), metadata={"help": "openai: the servers' base URLs."})
    api_key_env: str = field(default="", metadata={"help": "openai: the variable holding the bearer key."})
    shard: str = field(default="", metadata={"help": "I/N: only shard I of N of the theorems (gentzen.shard)."})
    batch_rows: int = field(default=64, metadata={"help": "guided/plain: rows decoded together across theorems "
                                                  "(each theorem's attempts as alone); 1: one theorem at a time."})

    def engine_choice(self):
        from gentzen.engines import EngineChoice

        return EngineChoice(self.engine, tuple(self.base_urls), self.api_key_env)


def method_options(cfg: EvalConfig) -> dict[str, dict]:
    """{method: {field: value}} from `METHOD.FIELD=VALUE` strings, cast to the field's type."""
    import dataclasses
    import typing

    from gentzen.search.methods import get_method

    out: dict[str, dict] = {}
    for opt in cfg.options:
        head, eq, raw = opt.partition("=")
        method, dot, name = head.strip().partition(".")
        if not (eq and dot and method and name):
            raise InputError(f"--option must look like METHOD.FIELD=VALUE (bestfirst.expansions=16), got {opt!r}")
        spec = get_method(method)  # a method not run this time may be named: a run folder keeps one set of options
        hints = typing.get_type_hints(spec.config)
        fields = {f.name for f in dataclasses.fields(spec.config)}
        if name in ("seed", "temperature", "format", "budget_tokens"):
            raise InputError(f"--option {opt!r}: {name} is set for every method (--seeds, --temperature, "
                             "--budget-tokens; the format is the model's)")
        if name not in fields:
            raise InputError(f"--option {opt!r}: {method} has no option {name!r}; it has {', '.join(sorted(fields))}")
        kind, raw = hints[name], raw.strip()
        try:
            if kind is bool:
                if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
                    raise ValueError
                value = raw.lower() in ("true", "1", "yes")
            else:
                value = kind(raw)
        except (TypeError, ValueError):
            what = {int: "an integer", float: "a number", bool: "true or false"}.get(kind, str(kind))
            raise InputError(f"--option {opt!r}: {name} takes {what}") from None
        out.setdefault(method, {})[name] = value
    return out


def check_config(cfg: EvalConfig) -> None:
    """Every mistake in `cfg` as one InputError, before any work."""
    from gentzen.eval.theorems import parse_range
    from gentzen.models.threads import check_threads
    from gentzen.search.methods import METHODS

    if not cfg.methods:
        raise InputError("give at least one --method")
    if cfg.batch_rows < 1:
        raise InputError(f"--batch-rows must be at least 1 (1: one theorem at a time), got {cfg.batch_rows}")
    for m in cfg.methods:
        if m not in METHODS:
            raise InputError(f"unknown method {m!r}; choose from {', '.join(METHODS)}")
    if len(set(cfg.methods)) != len(cfg.methods):
        raise InputError("a --method is given twice")
    if not 1 <= cfg.samples <= 10_000:
        raise InputError(f"--samples must be between 1 and 10000, got {cfg.samples}")
    if not cfg.ks:
        raise InputError("give at least one --k")
    for k in cfg.ks:
        if not 1 <= k <= cfg.samples:
            raise InputError(f"every --k must be between 1 and --samples ({cfg.samples}), got {k}")
    if not 0 <= cfg.temperature <= 10:
        raise InputError(f"--temperature must be between 0 and 10, got {cfg.temperature}")
    if cfg.budget_tokens < 0:
        raise InputError(f"--budget-tokens must be 0 (no limit) or positive, got {cfg.budget_tokens}")
    if not cfg.seeds or any(s < 0 for s in cfg.seeds) or len(set(cfg.seeds)) != len(cfg.seeds):
        raise InputError("--seeds must be distinct non-negative integers, like 0,1,2")
    if cfg.limit < 0:
        raise InputError(f"--limit must be 0 (all) or positive, got {cfg.limit}")
    if cfg.device not in ("auto", "cpu", "cuda"):
        raise InputError(f"--device must be auto, cpu or cuda, got {cfg.device!r}")
    check_threads(cfg.threads)
    parse_range(cfg.lines)
    cfg.engine_choice().check()
    from gentzen.shard import parse_shard

    parse_shard(cfg.shard)
    from gentzen.search.methods import get_method, make_config

    options = method_options(cfg)
    for m in cfg.methods:
        if get_method(m).preset.get("order") == "value":
            raise InputError(f"{m} ranks states with a value head, which `gentzen eval` cannot load yet; "
                             "use dfs or rdfs")
        own = dict(options.get(m, {}))
        make_config(m, samples=own.pop("samples", cfg.samples), temperature=cfg.temperature,
                    seed=cfg.seeds[0] if cfg.seeds else 0, fmt="whole", budget_tokens=cfg.budget_tokens or None, **own)
    if cfg.model and not (Path(cfg.model) / "config.json").exists():
        raise InputError(f"{cfg.model} is not a model directory (no config.json)")


def default_ks(samples: int) -> tuple[int, ...]:
    """1, 8, 64 … up to n, and n itself."""
    ks = [k for k in (1, 8, 64, 512, 4096) if k <= samples]
    return tuple(ks + ([samples] if samples not in ks else []))


class RunDir:
    """A run folder: config.json, theorems.jsonl (append-only), summary.json, plots."""

    def __init__(self, path: str | Path | None) -> None:
        self.path = Path(path) if path else None
        self.records: list[dict] = []

    def open(self, config: dict) -> None:
        from gentzen.io import atomic_write_json, read_jsonl_resumable

        if self.path is None:
            return
        old_path = self.path / "config.json"
        if old_path.exists():
            import json

            try:
                old = json.loads(old_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                raise InputError(f"{old_path} is unreadable; use a new --out") from None
            if old.get("kind") != "eval":
                raise InputError(f"{self.path} is not an eval run folder; use a new --out")
            for key in ESSENTIAL:
                if old.get(key) != config.get(key):
                    raise InputError(f"{self.path} holds a run with {key}={old.get(key)!r}, not "
                                     f"{config.get(key)!r}; use a new --out to change it")
            # more methods or seeds may be added to a run: keep the union
            config = {**config, "methods": list(dict.fromkeys(old["methods"] + config["methods"])),
                      "seeds": list(dict.fromkeys(old["seeds"] + config["seeds"]))}
            self.records = read_jsonl_resumable(self.path / "theorems.jsonl")
        atomic_write_json(self.path / "config.json", config)

    def done(self) -> set[tuple[str, int, str]]:
        return {(r["method"], r["seed"], r["name"]) for r in self.records}

    def add(self, rec: dict) -> None:
        from gentzen.io import append_jsonl_line

        self.records.append(rec)
        if self.path is not None:
            append_jsonl_line(self.path / "theorems.jsonl", rec)


def check_out_dir(path: str | Path) -> Path:
    """A writable run folder (created), or InputError."""
    import os

    p = Path(path)
    if p.exists() and not p.is_dir():
        raise InputError(f"--out {p} exists and is not a folder")
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"--out {p}: cannot create: {e.strerror or e}") from None
    if not os.access(p, os.W_OK | os.X_OK):
        raise InputError(f"--out {p} is not writable")
    return p


def _record(method: str, seed: int, thm: dict, res, wall: float) -> dict:
    attempts = [a.to_dict() for a in res.attempts]
    compute = res.totals()
    compute["wall_seconds"] = round(wall, 6)
    return {"method": method, "seed": seed, "name": thm["name"], "theorem": thm["theorem"], "lines": thm["lines"],
            "n": len(attempts), "c": sum(a["ok"] for a in attempts), "attempts": attempts, "compute": compute}


def run_eval(cfg: EvalConfig, out: str | Path | None = None, *,
             progress: Callable[[dict], None] | None = None, engine=None) -> dict:
    """Run every (method, seed, theorem) not yet in `out`; returns the summary (also summary.json)."""
    from gentzen.eval.summary import line_sampler
    from gentzen.eval.theorems import load_theorems
    from gentzen.search.methods import run_many

    check_config(cfg)
    if out is not None:
        from gentzen.errors import require

        require("matplotlib", "train")  # the plots come at the end: fail now, not after the work
    from gentzen.shard import parse_shard, take

    shard = parse_shard(cfg.shard)
    theorems = take(load_theorems(cfg.set, split=cfg.split, lines=cfg.lines, limit=cfg.limit), shard)
    if out is not None:
        check_out_dir(out)  # only once the theorems read: a bad SET leaves no empty run folder
    model = cfg.model or str(SHIPPED_MODEL)
    from gentzen.models.checkpoint import read_meta

    fmt = read_meta(model).get("format", "whole")
    config = run_config(cfg, fmt)
    # a shard's folder names its theorems: `gentzen eval merge` puts them back in list order
    config["shard"] = None if shard is None else {"index": shard[0], "count": shard[1],
                                                  "names": [t["name"] for t in theorems]}
    run = RunDir(out)
    run.open(config)
    done = run.done()
    options = method_options(cfg)
    todo = [(m, s, t) for m in cfg.methods for s in cfg.seeds for t in theorems if (m, s, t["name"]) not in done]
    total = len(cfg.methods) * len(cfg.seeds) * len(theorems)
    own_engine = engine is None
    if todo and own_engine:
        from gentzen.engines import open_engine
        from gentzen.models.threads import set_threads

        set_threads(cfg.threads)
        engine = open_engine(model, cfg.engine_choice(), device=cfg.device)
    try:
        finished = total - len(todo)
        if progress is not None:
            progress({"done": finished, "total": total, "method": None})
        for method in dict.fromkeys(m for m, _, _ in todo):
            # guided and plain sample all attempts in lockstep, where a shared budget would cut
            # every attempt short at once: they run all their attempts and the summary counts
            # those that fit, in order, as if run one after another; the searches run attempts
            # one after another and stop at the budget themselves
            budget = None if line_sampler(method) else cfg.budget_tokens or None
            own = dict(options.get(method, {}))  # `M.samples=N`: this method's attempts (the budget decides what counts)
            k = own.pop("samples", cfg.samples)
            jobs = [((seed, thm), thm["theorem"], seed, k) for m, seed, thm in todo if m == method]
            t0 = time.perf_counter()
            # guided and plain decode across theorems (cfg.batch_rows rows at once), each theorem's
            # attempts the same as alone; a record's wall-clock is then its own share of the work
            for (seed, thm), res in run_many(method, jobs, engine, temperature=cfg.temperature, fmt=fmt,
                                             batch_rows=cfg.batch_rows, budget_tokens=budget, **own):
                wall = time.perf_counter() - t0 if cfg.batch_rows <= 1 or not line_sampler(method) else \
                    sum(res.totals()[s] for s in ("sample_seconds", "check_seconds", "other_seconds"))
                run.add(_record(method, seed, thm, res, wall))
                t0 = time.perf_counter()
                finished += 1
                if progress is not None:
                    progress({"done": finished, "total": total, "method": method, "seed": seed, "name": thm["name"]})
    finally:
        if own_engine and engine is not None:
            engine.close()
    names = {t["name"] for t in theorems}
    recs = [r for r in run.records if r["method"] in cfg.methods and r["seed"] in cfg.seeds and r["name"] in names]
    return write_summary(run.path, recs, {**config, "methods": list(cfg.methods), "seeds": list(cfg.seeds)},
                         len(theorems))


def write_summary(path: Path | None, recs: list[dict], config: dict, theorems: int) -> dict:
    """The summary of a run's records (also `gentzen eval merge`'s): summary.json and plots in `path`."""
    from gentzen.eval.summary import summarize

    summary = summarize(recs, ks=tuple(config["ks"]), budget_tokens=config["budget_tokens"],
                        methods=tuple(config["methods"]))
    summary.update({"set": config["set"], "model": config["model"], "samples": config["samples"],
                    "theorems": theorems, "seeds": list(config["seeds"]), "budget_tokens": config["budget_tokens"]})
    if path is not None:
        from gentzen.eval.plots import plot_run
        from gentzen.io import atomic_write_json

        atomic_write_json(path / "summary.json", summary)
        summary["plots"] = [str(p) for p in plot_run(summary, path)]
    return summary


def run_config(cfg: EvalConfig, fmt: str) -> dict:
    from gentzen import __version__

    d = asdict(cfg)
    d = {k: (list(v) if isinstance(v, tuple) else v) for k, v in d.items()}
    return {"kind": "eval", **{k: d[k] for k in ("set", "split", "lines", "limit", "methods", "samples", "ks",
                                                 "seeds", "temperature", "budget_tokens", "options")},
            "model": cfg.model or "default_model (shipped)", "format": fmt,
            "engine": {"name": cfg.engine, "base_urls": list(cfg.base_urls)},
            "command": "gentzen " + " ".join(shlex.quote(a) for a in sys.argv[1:]), "gentzen_version": __version__}
