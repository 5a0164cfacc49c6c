"""`gentzen eval SET …` (alias `gentzen eval passk`) and `gentzen eval compare RUN_A RUN_B`.

`gentzen eval SET` is `gentzen eval run SET`: every option is checked before the model loads; the
run goes to RUN_DIR (docs/run-dirs.md) with a progress bar on stderr and resumes after a kill.
List options take commas or repeats (`--k 1,8,64` = `--k 1 --k 8 --k 64`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from gentzen.cli import validate
from gentzen.cli.core import err, out
from gentzen.cli.options import DefaultRun, engine_options, shard_option
from gentzen.errors import InputError


_ENGINE, _BASE_URL, _API_KEY_ENV = engine_options()
eval_app = typer.Typer(cls=DefaultRun, no_args_is_help=True,
                       help="Evaluate models on theorem sets: `gentzen eval SET --method guided,plain -n 64`.")


def _method_names() -> str:
    try:
        from gentzen.search.methods import METHODS
    except ImportError:  # pragma: no cover - the registry is part of the package
        return "guided, plain, …"
    return ", ".join(METHODS)


def _split(values: list[str] | None, flag: str, cast=str) -> list:
    items = [v.strip() for raw in values or [] for v in str(raw).split(",") if v.strip()]
    try:
        return [cast(v) for v in items]
    except ValueError:
        raise InputError(f"{flag} takes a comma-separated list of integers, got {','.join(items)!r}") from None


def evaluate(
    set_arg: Optional[str] = typer.Argument(None, metavar="SET", help="Shipped set name, a JSONL file (records "
                                            "with `theorem` or `sequent`) or a .lean file of statements."),
    set_opt: Optional[str] = typer.Option(None, "--set", hidden=True, help="SET as an option (older scripts)."),
    model: Optional[Path] = typer.Option(None, "--model", "-m", help="Model directory (default: the shipped model)."),
    method: list[str] = typer.Option(["guided,plain"], "--method", help=f"Methods, comma-separated or repeated: {_method_names()}."),
    samples: int = typer.Option(64, "--samples", "-n", help="Attempts per theorem (n)."),
    k: Optional[list[str]] = typer.Option(None, "--k", help="k values of pass@k (default 1,8,64 up to n)."),
    budget_tokens: int = typer.Option(0, "--budget-tokens", help="Stop each method at this many tokens per "
                                      "theorem (0: no limit)."),
    temperature: float = typer.Option(1.0, "--temperature", help="Sampling temperature."),
    seeds: Optional[str] = typer.Option(None, "--seeds", help="Seeds, comma-separated (default 0); pass@k is "
                                        "averaged over them, with their spread."),
    seed: Optional[int] = typer.Option(None, "--seed", hidden=True, help="One seed (older scripts)."),
    lines: str = typer.Option("", "--lines", help="Only theorems whose reference proof has this many lines: 7-14."),
    split: str = typer.Option("", "--split", help="Only records of this split (JSONL files), e.g. heldout."),
    limit: int = typer.Option(0, "--limit", help="Only the first N theorems after filtering (0: all)."),
    device: str = typer.Option("auto", "--device", help=validate.DEVICE_HELP),
    threads: int = typer.Option(0, "--threads", help="torch CPU threads (0: the default, GENTZEN_THREADS)."),
    engine: str = _ENGINE,
    base_url: Optional[list[str]] = _BASE_URL,
    api_key_env: str = _API_KEY_ENV,
    shard: str = shard_option("each shard is its own resumable RUN_DIR; `gentzen eval merge` joins them"),
    batch_rows: int = typer.Option(64, "--batch-rows", help="guided/plain: rows decoded together across theorems; "
                                   "each theorem's attempts are the ones it gets alone (1: one theorem at a time)."),
    option: Optional[list[str]] = typer.Option(None, "--option", help="A method's own setting, METHOD.FIELD=VALUE "
                                               "(repeat), e.g. bestfirst.expansions=16, smc.particles=4."),
    out_dir: Optional[Path] = typer.Option(None, "--out", "-o", help="RUN_DIR: config, per-theorem JSONL, "
                                           "summary, plots; resumes a killed run. A *.json path writes only the summary."),
    plot_file: Optional[Path] = typer.Option(None, "--plot", help="Also write the pass@k chart (PNG) here."),
    json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON on stdout."),
) -> None:
    """Run methods on SET: pass@k per method (seed spread, length buckets), diagnostics, compute curves."""
    from gentzen.eval.run import EvalConfig, check_config, default_ks, run_eval

    if set_arg and set_opt and set_arg != set_opt:
        raise InputError("give SET once (as the argument or --set)")
    if seeds is not None and seed is not None:
        raise InputError("give --seeds or --seed, not both")
    seed_list = _split([seeds], "--seeds", int) if seeds is not None else [seed if seed is not None else 0]
    ks = _split(k, "--k", int) or list(default_ks(samples))
    cfg = EvalConfig(set=set_arg or set_opt or "textbook", model=str(model or ""), methods=tuple(_split(method, "--method")),
                     samples=samples, ks=tuple(ks), budget_tokens=budget_tokens, temperature=temperature,
                     seeds=tuple(seed_list), lines=lines, split=split, limit=limit,
                     device=validate.device("--device", device), threads=threads, options=tuple(option or ()),
                     engine=engine, base_urls=tuple(base_url or ()), api_key_env=api_key_env, shard=shard,
                     batch_rows=batch_rows)
    check_config(cfg)
    summary_file = None
    if out_dir is not None and out_dir.suffix == ".json":  # `passk --out FILE.json` of older scripts
        summary_file, out_dir = validate.output_file("--out", out_dir), None
    elif out_dir is not None:
        validate.output_dir("--out", out_dir)
    if plot_file is not None:
        validate.output_file("--plot", plot_file)
        from gentzen.errors import require

        require("matplotlib", "train")
    # progress on stderr: a bar with its ETA on a terminal, a line per finished item with an ETA in
    # logs (at most one every 2 s), nothing under --json
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=err, transient=True, disable=json_out or not err.is_terminal) as bar:
        task = bar.add_task("eval", total=None)
        lines = None if json_out or err.is_terminal else ProgressLines()

        def progress(ev: dict) -> None:
            # a method's seeds run together (sampling across items): the count is over all its (theorem, seed)
            # items, so the label names the method, not the seed the last item happened to have
            what = ev["method"] if ev.get("method") else "eval"
            bar.update(task, completed=ev["done"], total=ev["total"], description=what)
            if lines is not None:
                lines.update(ev, what)

        try:
            summary = run_eval(cfg, out_dir, progress=progress)
        except KeyboardInterrupt:
            bar.stop()
            where = f"; what finished is in {out_dir}: the same command resumes" if out_dir else ""
            validate.fail(f"interrupted{where}", 130)
    if summary_file is not None:
        from gentzen.io import atomic_write_json

        atomic_write_json(summary_file, summary)
    if plot_file is not None:
        from gentzen.eval.plots import plot_passk

        plot_passk(summary, plot_file)
    if json_out:
        out.print(json.dumps(summary, ensure_ascii=False), markup=False, soft_wrap=True)
        return
    _print_tables(summary)


class ProgressLines:
    """`eval: guided: 12/40 items, 31 s, ETA 72 s` lines on stderr as (theorem, seed) items finish (no
    terminal: a log file, a pipe), the ETA from this run's own rate (resumed items do not count)."""

    def __init__(self, every: float = 2.0) -> None:
        import time

        self.clock, self.every = time.monotonic, every
        self.t0, self.first, self.shown = self.clock(), None, 0.0

    def update(self, ev: dict, what: str) -> None:
        now, done, total = self.clock(), ev["done"], ev["total"]
        if self.first is None:  # the first event comes once the model is loaded
            self.first, self.t0 = done, now  # done: finished before this run (resumed)
            return
        if now - self.shown < self.every and done < total:
            return
        self.shown = now
        ran, elapsed = done - self.first, now - self.t0
        eta = f", ETA {elapsed / ran * (total - done):.0f} s" if ran and done < total else ""
        err.print(f"eval: {what}: {done}/{total} items, {elapsed:.0f} s{eta}", markup=False, highlight=False)


def _pct(v) -> str:
    return "–" if v is None else f"{100 * v:.1f}%"


def _print_tables(summary: dict) -> None:
    ks = summary["ks"]
    title = f"{summary['set']}: {summary['theorems']} theorems × {len(summary['seeds'])} seed(s), n={summary['samples']}"
    if summary.get("budget_tokens"):
        title += f", ≤{summary['budget_tokens']:,} tokens per theorem"
    t = Table("method", *[f"pass@{x}" for x in ks], "solved", "tokens/thm", "s/thm", "model calls", "kernel checks",
              title=title)
    for m, s in summary["methods"].items():
        cells = []
        for x in ks:
            p = s["pass"][f"pass@{x}"]
            cells.append(f"{p['mean']:.3f}" + (f" ±{p['std']:.3f}" if p["seeds"] > 1 else ""))
        solved = ", ".join(str(v) for v in s["solved"].values())
        c = s["compute"]
        t.add_row(m, *cells, f"{solved} of {summary['theorems']}", f"{s['per_theorem']['tokens']:,.0f}",
                  f"{s['per_theorem']['wall_seconds']:.2f}", f"{c['model_calls']:,}", f"{c['kernel_checks']:,}")
    out.print(t)
    d = Table("method", "samples w/ bad line", "checked lines bad", "solved w/ redraw", "citation", "rule",
              "grammar", "other", "redraw = rejected", title="diagnostics (rejections: citation / rule / grammar / other)")
    for m, s in summary["methods"].items():
        g = s["diagnostics"]
        cats = g["rejection_categories"]
        d.add_row(m, _pct(g["samples_with_invalid_line"]), _pct(g["checked_lines_invalid"]),
                  _pct(g["solved_needing_redraw"]), *[_pct(cats[c]) for c in ("wrong citation", "wrong rule",
                                                                             "outside the grammar", "other")],
                  _pct(g["redraws_repeating_rejected_line"]))
    out.print(d)
    for p in summary.get("plots", []):
        err.print(f"wrote {p}")


def compare(
    run_a: Path = typer.Argument(..., metavar="RUN_A", help="An eval run folder."),
    run_b: Path = typer.Argument(..., metavar="RUN_B", help="Another (or the same, with other --method-b)."),
    method_a: Optional[str] = typer.Option(None, "--method-a", help="Method of RUN_A (needed when it has several)."),
    method_b: Optional[str] = typer.Option(None, "--method-b", help="Method of RUN_B (needed when it has several)."),
    plot_file: Optional[Path] = typer.Option(None, "--plot", help="Overlay chart (PNG; default: in RUN_B)."),
    no_plot: bool = typer.Option(False, "--no-plot", help="Write no chart."),
    json_out: bool = typer.Option(False, "--json", help="Print the comparison as JSON."),
) -> None:
    """Paired comparison on the same (seed, theorem) pairs: b, c, gain with a 95% interval, exact McNemar p."""
    from gentzen.eval.compare import compare as run_compare, load_run, _pick

    plot = None
    if not no_plot:
        if plot_file is None:
            cfg_a, recs_a = load_run(run_a)
            cfg_b, recs_b = load_run(run_b)
            ma, mb = _pick(cfg_a, recs_a, method_a, f"RUN_A {run_a}"), _pick(cfg_b, recs_b, method_b, f"RUN_B {run_b}")
            plot_file = run_b / f"compare_{run_a.resolve().name}-{ma}_vs_{mb}.png"
        plot = validate.output_file("--plot", plot_file)
    res = run_compare(run_a, run_b, method_a=method_a, method_b=method_b, plot=plot)
    if json_out:
        out.print(json.dumps(res, ensure_ascii=False), markup=False, soft_wrap=True)
        return
    a, b = res["a"], res["b"]
    out.print(f"A = {a['run']} {a['method']}: solved {a['solved']}/{res['pairs']}, {a['tokens_per_theorem']:,.0f} tokens/theorem")
    out.print(f"B = {b['run']} {b['method']}: solved {b['solved']}/{res['pairs']}, {b['tokens_per_theorem']:,.0f} tokens/theorem")
    out.print(f"pairs {res['pairs']}: both {res['both']}, neither {res['neither']}, only A (b) {res['b_count']}, "
              f"only B (c) {res['c_count']}")
    lo, hi = res["ci95"]
    unit = res.get("by_theorem")
    if unit:
        out.print(f"{res['seeds']} seeds: tested per theorem ({unit['theorems']}): B higher on {unit['wins_b']}, "
                  f"A higher on {unit['wins_a']}, {unit['ties']} tied")
    out.print(f"gain of B over A {res['gain']:+.3f} (95% CI {lo:+.3f} … {hi:+.3f}), exact "
              f"{'sign test over theorems' if unit else 'McNemar'} p = {res['p_value']:.4g}")
    if res.get("plot"):
        err.print(f"wrote {res['plot']}")


def merge(
    shards: list[Path] = typer.Argument(..., metavar="SHARD_DIR...", help="The run folders of `gentzen eval "
                                        "--shard I/N`, every I of one N."),
    out_dir: Path = typer.Option(..., "--out", "-o", help="RUN_DIR of the merged run (what one unsharded run writes)."),
    json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON on stdout."),
) -> None:
    """Merge finished shard run folders into one run folder: records in unsharded order, the same summary."""
    from gentzen.errors import require
    from gentzen.eval.merge import merge as run_merge

    validate.output_dir("--out", out_dir)
    require("matplotlib", "train")
    summary = run_merge(shards, out_dir)
    if json_out:
        out.print(json.dumps(summary, ensure_ascii=False), markup=False, soft_wrap=True)
        return
    _print_tables(summary)


def register(app: typer.Typer) -> None:
    eval_app.command("run", help="Run methods on SET (the default: `gentzen eval SET` = `gentzen eval run SET`).")(evaluate)
    eval_app.command("passk", help="The same as `gentzen eval SET` (kept for older scripts; --set works too).")(evaluate)
    eval_app.command("compare")(compare)
    eval_app.command("merge")(merge)
    app.add_typer(eval_app, name="eval")
