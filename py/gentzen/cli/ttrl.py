"""`gentzen ttrl THEOREMS --model DIR --arm … --out RUN_DIR` and `gentzen ttrl report RUN_DIR…`.

The run's options are TTRLConfig's fields (gentzen/ttrl/config.py), built by cli/options.py;
`gentzen ttrl THEOREMS …` is `gentzen ttrl run THEOREMS …` (the group's default command).
"""

from __future__ import annotations

import dataclasses
import inspect
from pathlib import Path

import typer
from gentzen.cli.options import (DefaultRun, clock_split, config, every, forgetting_text, loss_label, loss_text,
                                 options, replay_text, report_to_param, rounds_text, run_or_stop, tracked, validated,
                                 with_json)
from gentzen.search.compute import counted  # stdlib-only
from gentzen.ttrl.config import TTRLConfig  # stdlib-only at import time


def _show(loss: str):
    due = every(5)

    def show(ev: dict) -> None:
        kind = ev["event"]
        if kind == "start":
            typer.echo(f"ttrl {ev['arm']}: {ev['targets']} targets, pool {_pool(ev['pool'])}; "
                       f"{rounds_text(ev['rounds_done'], ev['rounds'])}, x = {ev['x_seconds']:.0f}s", err=True)
            v = ev["variants"]
            if v["variants"]:
                kinds = ", ".join(f"{share:.0%} {k}" for k, share in v["kinds"].items())
                typer.echo(f"variants: {v['variants']:,}, per target median {v['per_target']['median']:g} "
                           f"({v['per_target']['min']}–{v['per_target']['max']}); {kinds}", err=True)
            typer.echo(replay_text(ev["replay"]), err=True)
        elif kind == "refresh":
            typer.echo(f"round {ev['round']}: {counted(ev['targets'], 'stalled target')} given "
                       f"{counted(ev['variants'], 'fresh variant')} (--refresh {ev['after']})", err=True)
        elif kind == "cut_lemmas":
            typer.echo(f"round {ev['round']}: {counted(ev['targets'], 'target')} given "
                       f"{counted(ev['items'], 'lemma')} composition still lacks (--cut-lemmas)", err=True)
        elif kind == "replay_regenerate":
            typer.echo(f"regenerating the model's training data ({ev['settings']}) into {ev['dest']}", err=True)
        elif kind == "item" and due(force=ev["done"] == ev["total"]):
            typer.echo(f"round {ev['round']}: sampled {ev['done']}/{ev['total']} items, "
                       f"{counted(ev['solved'], 'target')} solved"
                       f"{eta_text(ev.get('eta'), 'sampling') if ev['done'] < ev['total'] else ''}", err=True)
        elif kind == "train_step" and due(force=ev["step"] in (2, ev["total"])):
            typer.echo(f"round {ev['round']}: training step {ev['step']}/{ev['total']}"
                       f"{eta_text(ev['eta'], 'training')} (Ctrl-C stops it at once, keeping the round's samples)", err=True)
        elif kind == "round":
            update = ev.get("update") or {}
            trained = f"{loss_label(loss)} {loss_text(ev['loss'])}; {forgetting_text(ev['forgetting'])}" \
                if update.get("ran", True) else f"no update ({update.get('why')})"
            typer.echo(f"round {ev['round']} ({ev['phase']}): solved {len(ev['solved'])} "
                       f"({len(ev['solved_by_composition'])} by composition, {len(ev['new'])} new); pool "
                       f"{_pool(ev['pool'])}; {ev['samples']['targets'] + ev['samples']['variants']:.1f} samples/target; "
                       f"{trained}; {clock_split(ev['seconds'])}"
                       f"{eta_text(ev.get('eta'), 'the other rounds, at most') if ev.get('eta') else ''}", err=True)
        elif kind == "sdpo" and ev.get("sdpo_event") == "theorem":
            typer.echo(f"sdpo theorem {ev['done']}/{ev['total']}: {ev['solved_total']} solved", err=True)
        elif kind == "grpo" and ev.get("grpo_event") == "round":
            t = ev["tally"]
            typer.echo(f"grpo round {ev['round']}: {t['solved']}/{t['targets']} targets with a verified attempt, "
                       f"{ev['groups_with_signal']} groups with a signal, surrogate loss {loss_text(ev['loss_before'])} "
                       f"-> {loss_text(ev['loss_after'])}; {forgetting_text(ev['forgetting'])}", err=True)

    return show


def eta_text(seconds: float | None, what: str) -> str:
    """`; about 2m10s left for WHAT` for a progress line, or nothing while there is no estimate yet."""
    if seconds is None:
        return ""
    s = max(0, round(seconds))
    left = f"{s // 3600}h{s % 3600 // 60:02d}m" if s >= 3600 else f"{s // 60}m{s % 60:02d}s" if s >= 60 else f"{s}s"
    return f"; about {left} left for {what}"


def _pool(counts: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items())


def run(json_out: bool = False, report_to: str = "none", **kwargs) -> None:
    """Test-time RL on THEOREMS: sample targets (and variants), verify, compose, fine-tune, repeat;
    RUN_DIR gets rounds.jsonl, targets.jsonl, variants.jsonl, checkpoints/round-N/, curves.png."""
    from gentzen.train.interrupt import Interrupted
    from gentzen.ttrl.config import check_config
    from gentzen.ttrl.run import run as run_ttrl

    kwargs["verify_url"] = list(kwargs.get("verify_url") or [])
    cfg = config(TTRLConfig, kwargs)
    validated(cfg, check_config, theorems=(("THEOREMS", cfg.theorems),), replay=cfg.replay)
    progress, close = tracked(report_to, cfg.out, {"rounds": ("rounds.jsonl", "round")}, _show(cfg.loss))
    try:
        res = run_or_stop(run_ttrl, cfg, progress, Interrupted, json_out)
    finally:
        close()
    if res is None:
        return
    typer.echo(f"{res.out}: {res.arm}, {res.rounds} round(s) ({res.stopped}); solved {res.solved}/{res.targets} "
               f"({res.solved_by_composition} by composition); {res.samples_per_target:g} samples per target, "
               f"{res.seconds.get('total', 0.0):.0f}s")
    if res.solved:  # where the user's results are, and the command that lists them
        typer.echo(f"proofs: {Path(res.out) / 'proofs.lean'}; which target was solved how: "
                   f"gentzen ttrl report {res.out}")


def _run_signature() -> inspect.Signature:
    params = []
    for p in options(TTRLConfig, required=("out",)):
        if p.name == "theorems":
            p = p.replace(default=typer.Argument(..., help="JSONL of target theorems (records with 'theorem')"),
                          annotation=str)
        elif p.name == "verify_url":
            help_ = next(f.metadata["help"] for f in dataclasses.fields(TTRLConfig) if f.name == "verify_url")
            p = p.replace(default=typer.Option(None, "--verify-url", help=help_), annotation=list[str] | None)
        params.append(p)
    params.sort(key=lambda p: p.name != "theorems")  # the argument first
    return with_json([*params, report_to_param()])


run.__signature__ = _run_signature()


def report(runs: list[Path] = typer.Argument(..., help="ttrl run directories"),
           plot: Path = typer.Option(None, "--plot", help="write the chart of all runs here (PNG)"),
           json_out: bool = typer.Option(False, "--json", help="Print the comparison as JSON.")) -> None:
    """Compare ttrl runs: solved at matched samples per target and at 1x..5x the model's training
    time, the targets one run solved and another did not, union and intersection."""
    import json

    from gentzen.cli import validate as V
    from gentzen.ttrl.report import compare, format_table, plot_runs

    if plot is not None:
        V.output_file("--plot", plot)
    rep = compare([str(r) for r in runs])
    if plot is not None:
        rep["plot"] = str(plot_runs([str(r) for r in runs], plot))
    if json_out:
        typer.echo(json.dumps(rep))
        return
    typer.echo(format_table(rep))
    if plot is not None:
        typer.echo(f"chart: {rep['plot']}")


def register(app: typer.Typer) -> None:
    group = typer.Typer(cls=DefaultRun, help="Test-time RL on a theorem list: `gentzen ttrl THEOREMS --model DIR "
                        "--arm ARM --out RUN_DIR`, `gentzen ttrl report RUN_DIR…`.", no_args_is_help=True)
    group.command("run")(run)
    group.command("report")(report)
    app.add_typer(group, name="ttrl")
