"""`gentzen bench …`: benchmarks that print one JSON object (figures go to docs/results.md)."""

from __future__ import annotations

import json

import typer

from gentzen.cli import validate as V

bench_app = typer.Typer(help="Benchmarks; each prints JSON.", no_args_is_help=True)


@bench_app.command("kernel")
def kernel(
    n: int = typer.Option(2000, help="Proofs in the corpus.", callback=V.COUNT),
    seed: int = typer.Option(0, help="Corpus seed."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """Kernel lines/s on one core, µs per step, goal renders/s."""
    from gentzen.bench.kernel import bench_kernel

    print(json.dumps(bench_kernel(n=n, seed=seed)))


@bench_app.command("repl")
def repl(
    n: int = typer.Option(2000, help="Proofs in the corpus.", callback=V.COUNT),
    seed: int = typer.Option(0, help="Corpus seed."),
    serve: bool = typer.Option(True, "--serve/--no-serve", help="Also measure through `gentzen serve`."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """REPL bridge: proofs/s and steps/s in process, via the pool (1 and 2 workers) and via serve."""
    from gentzen.bench.repl import bench_repl

    print(json.dumps(bench_repl(n=n, seed=seed, serve=serve)))


@bench_app.command("gen")
def gen(
    count: int = typer.Option(10000, help="Theorems to generate with reference proofs.", callback=V.COUNT),
    targets: int = typer.Option(64, help="Targets (7-14 lines) whose variants are built.", callback=V.COUNT),
    seed: int = typer.Option(0, help="Generator seed."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """Theorem generation (with kernel-verified proofs) and variant building, one core."""
    from gentzen.bench.gen import bench_gen

    print(json.dumps(bench_gen(count=count, targets=targets, seed=seed)))


@bench_app.command("sync")
def sync(
    model: str = typer.Option("", "--model", help="Model directory (default: the shipped model)."),
    repeats: int = typer.Option(5, "--repeats", help="Timed repeats (the median is reported).", callback=V.COUNT),
    lora: str = typer.Option("16:32", "--lora", help="LoRA r:α of the adapter timed beside full fine-tuning."),
    vllm: bool = typer.Option(True, "--vllm/--no-vllm", help="Also time a vLLM adapter sync where vLLM is installed."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """One weight sync per engine (torch on transformers, torch fast path, vLLM) beside one SDPO step."""
    from gentzen.bench.sync import bench_sync
    from gentzen.models.lora import parse_spec

    parse_spec(lora)  # a bad spec is a one-line error before any model loads
    print(json.dumps(bench_sync(model=model or None, repeats=repeats, lora=lora, vllm=vllm)))


@bench_app.command("startup")
def startup(
    runs: int = typer.Option(5, "--runs", help="Runs of the command per implementation (the median is reported).",
                             callback=V.COUNT),
    impl: list[str] = typer.Option(["fast", "hf"], "--impl", help="Engine implementations to time (repeat): fast, hf."),
    json_out: bool = typer.Option(True, "--json/--no-json", help="Print JSON (the default)."),
) -> None:
    """Wall time of `gentzen prove "P → Q, ¬Q ⊢ ¬P"`: imports, model load, sampling (fast vs transformers)."""
    from gentzen.bench.startup import bench_startup

    print(json.dumps(bench_startup(runs=runs, impls=tuple(impl)), ensure_ascii=False))


def sampler(**kwargs) -> None:
    """Sampler throughput per thread count and engine, the kernel's share, `state` vs `whole` cost."""
    from gentzen.bench.sampler import SamplerBenchConfig, bench_sampler, check_config

    cfg = SamplerBenchConfig(**{k: v for k, v in kwargs.items() if k != "json_out"})
    check_config(cfg)  # every option checked before any model loads
    print(json.dumps(bench_sampler(cfg, progress=lambda msg: typer.echo(msg, err=True))))


def _sampler_command() -> None:
    from gentzen.bench.sampler import SamplerBenchConfig
    from gentzen.cli.options import options, with_json

    sampler.__signature__ = with_json(options(SamplerBenchConfig), default=True)
    bench_app.command("sampler")(sampler)


_sampler_command()


def loops(**kwargs) -> None:
    """One real round of eval guided/plain, train ei and ttrl (control, ttrl): tokens/s, attempts/s, vs raw decode."""
    from gentzen.bench.loops import LoopsBenchConfig, bench_loops, check_config

    cfg = LoopsBenchConfig(**{k: v for k, v in kwargs.items() if k != "json_out"})
    check_config(cfg)  # every option checked before any model loads
    print(json.dumps(bench_loops(cfg, progress=lambda msg: typer.echo(msg, err=True))))


def _loops_command() -> None:
    from gentzen.bench.loops import LoopsBenchConfig
    from gentzen.cli.options import options, with_json

    loops.__signature__ = with_json(options(LoopsBenchConfig), default=True)
    bench_app.command("loops")(loops)


_loops_command()


def register(app: typer.Typer) -> None:
    app.add_typer(bench_app, name="bench")
