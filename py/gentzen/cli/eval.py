"""`gentzen eval passk`: pass@k of a model on a theorem set, guided vs plain, as a table, JSON and a plot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from gentzen.cli.core import err, fail, out
from gentzen.errors import GentzenError

eval_app = typer.Typer(help="Evaluate models on theorem sets.", no_args_is_help=True)


@eval_app.command("passk")
def passk(
    model: Optional[Path] = typer.Option(None, "--model", "-m", help="Model directory (default: the shipped model)."),
    set_name: str = typer.Option("textbook", "--set", help="Shipped set name or a JSONL file."),
    split: str = typer.Option("", help="Only records of this split (JSONL files)."),
    samples: int = typer.Option(64, "--samples", "-n", help="Attempts per theorem."),
    k: list[int] = typer.Option([1, 64], "--k", help="k values to report (repeat the option)."),
    method: list[str] = typer.Option(["guided", "plain"], "--method", help="guided and/or plain (repeat)."),
    temperature: float = typer.Option(1.0, help="Sampling temperature."),
    limit: int = typer.Option(0, help="Only the first N theorems."),
    seed: int = typer.Option(0, help="Sampling seed."),
    device: str = typer.Option("auto", help="auto | cpu | cuda"),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the full JSON result here."),
    plot_file: Optional[Path] = typer.Option(None, "--plot", help="Write a bar chart (PNG) here."),
    json_out: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Sample n proofs per theorem; report pass@k (unbiased estimator) and the compute used."""
    from gentzen.eval.passk import PassKConfig, evaluate, plot, write_json

    cfg = PassKConfig(model=str(model or ""), set=set_name, split=split, samples=samples, ks=tuple(k),
                      methods=tuple(method), temperature=temperature, limit=limit, seed=seed, device=device)
    if any(x > samples or x < 1 for x in k):
        fail(f"every --k must be between 1 and --samples ({samples})")
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                      TimeElapsedColumn(), console=err, transient=True) as bar:
            tasks: dict[str, int] = {}

            def progress(m: str, done: int, total: int) -> None:
                if m not in tasks:
                    tasks[m] = bar.add_task(m, total=total)
                bar.update(tasks[m], completed=done)

            result = evaluate(cfg, progress)
        if out_file:
            write_json(result, out_file)
        if plot_file:
            plot(result, plot_file)
    except GentzenError as e:
        fail(str(e))
    summary = {m: {kk: v for kk, v in r.items() if kk != "per_theorem"} for m, r in result["methods"].items()}
    if json_out:
        out.print(json.dumps({"set": result["set"], "theorems": result["theorems"], "samples": samples,
                              "methods": summary}), markup=False)
        return
    table = Table("method", *[f"pass@{x}" for x in k], "solved", "tokens", "model calls", "kernel checks", "s")
    for m, r in summary.items():
        table.add_row(m, *[f"{r['pass'][f'pass@{x}']:.3f}" for x in k], f"{r['solved_any']}/{result['theorems']}",
                      f"{r['tokens']:,}", f"{r['model_calls']:,}", f"{r['kernel_checks']:,}", str(r["seconds"]))
    out.print(table)


def register(app: typer.Typer) -> None:
    app.add_typer(eval_app, name="eval")
