"""`gentzen bench …`: benchmarks that print one JSON object (figures go to docs/results.md)."""

from __future__ import annotations

import json

import typer

bench_app = typer.Typer(help="Benchmarks; each prints JSON.", no_args_is_help=True)


@bench_app.command("kernel")
def kernel(
    n: int = typer.Option(2000, help="Proofs in the corpus."),
    seed: int = typer.Option(0, help="Corpus seed."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """Kernel lines/s on one core, µs per step, goal renders/s."""
    from gentzen.bench.kernel import bench_kernel

    print(json.dumps(bench_kernel(n=n, seed=seed)))


@bench_app.command("repl")
def repl(
    n: int = typer.Option(2000, help="Proofs in the corpus."),
    seed: int = typer.Option(0, help="Corpus seed."),
    serve: bool = typer.Option(True, "--serve/--no-serve", help="Also measure through `gentzen serve`."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """REPL bridge: proofs/s and steps/s in process, via the pool (1 and 2 workers) and via serve."""
    from gentzen.bench.repl import bench_repl

    print(json.dumps(bench_repl(n=n, seed=seed, serve=serve)))


@bench_app.command("gen")
def gen(
    count: int = typer.Option(10000, help="Theorems to generate with reference proofs."),
    targets: int = typer.Option(64, help="Targets (7-14 lines) whose variants are built."),
    seed: int = typer.Option(0, help="Generator seed."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """Theorem generation (with kernel-verified proofs) and variant building, one core."""
    from gentzen.bench.gen import bench_gen

    print(json.dumps(bench_gen(count=count, targets=targets, seed=seed)))


def register(app: typer.Typer) -> None:
    app.add_typer(bench_app, name="bench")
