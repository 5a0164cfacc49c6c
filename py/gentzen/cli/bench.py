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


def register(app: typer.Typer) -> None:
    app.add_typer(bench_app, name="bench")
