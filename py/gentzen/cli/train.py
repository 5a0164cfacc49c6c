"""`gentzen train sft`: supervised training from the command line.

The options are built from `SFTConfig`'s fields (names, types, defaults, help), so the dataclass
is the one place a training option is defined. torch is imported only when a command runs.
"""

from __future__ import annotations

import inspect
import shlex
import sys
from pathlib import Path

import typer

from gentzen.cli.options import (clock_split, config, every, forgetting_text, loss_label, loss_text, options,
                                 replay_text, report_to_param, rounds_text, run_or_stop, tracked,
                                 validated, with_json)
from gentzen.cli.ttrl import eta_text
from gentzen.train.sft import SFTConfig  # stdlib-only at import time; torch loads inside train()


def _printer():
    """Progress lines on stderr, at most one step line every 5 seconds."""
    due = every(5)

    def show(ev: dict) -> None:
        kind = ev["event"]
        if kind == "start":
            teach = f", {ev['teacher_sequences']} of them teacher-format" if ev.get("teacher_sequences") else ""
            typer.echo(f"training {ev['parameters']:,} parameters on {ev['device']}: {ev['sequences']} sequences{teach} "
                       f"({ev['tokens_per_epoch']:,} tokens/epoch), {ev['eval_sequences']} held out", err=True)
        elif kind == "step" and due(force=ev["step"] == 1):
            typer.echo(f"step {ev['step']:>6}  loss {ev['loss']:.4f}  lr {ev['lr']:.2e}  "
                       f"{ev['tokens']:,} tok  {ev['elapsed']:.0f}s  {ev['tokens_per_second']:,.0f} tok/s", err=True)
        elif kind == "eval":
            typer.echo(f"step {ev['step']:>6}  held-out loss {ev['eval_loss']:.4f}", err=True)

    return show


def sft(report_to: str = "none", **kwargs) -> None:
    """Train a model on reference proofs under a time budget; writes a model directory."""
    from gentzen.cli import validate as V
    from gentzen.io import atomic_write_text
    from gentzen.train.sft import Interrupted, check_config, train

    cfg = config(SFTConfig, kwargs)
    validated(cfg, check_config, files=(("--data", cfg.data, ("theorem", "proof")),))
    show, close = tracked(report_to, cfg.out, {"sft": ("log.jsonl", "step")}, _printer())
    try:
        result = train(cfg, progress=show)
    except Interrupted as stop:
        V.fail(f"{stop} (the same command resumes from it)", 130)
    finally:
        close()
    # The exact command that produced the model, kept beside it.
    atomic_write_text(Path(cfg.out) / "command.txt",
                      "gentzen " + " ".join(shlex.quote(a) for a in sys.argv[1:]) + "\n")
    loss = f"{result.eval_loss:.4f}" if result.eval_loss is not None else "n/a"
    typer.echo(f"{result.out}: {result.steps} steps, {result.tokens_seen:,} tokens in {result.seconds:.0f}s "
               f"({result.tokens_per_second:,.0f} tok/s), train loss {result.train_loss:.4f}, held-out {loss}")


sft.__signature__ = inspect.Signature([*options(SFTConfig, required=("data", "out")), report_to_param()])


def value(json_out: bool = False, report_to: str = "none", **kwargs) -> None:
    """Train a value head on a frozen model from partial proofs it samples; reports the held-out
    pairwise ranking accuracy. The directory is a scorer for smc, beam, bestfirst, vdfs and mcts."""
    from gentzen.train.value import ValueConfig, train as train_value

    def show(ev: dict) -> None:
        if ev["event"] == "sampled":
            typer.echo(f"sampled {ev['done']}/{ev['total']} theorems", err=True)
        elif ev["event"] == "epoch":
            typer.echo(f"epoch {ev['epoch']:>5}  loss {ev['loss']:.4f}", err=True)

    cfg = ValueConfig(**kwargs)
    progress, close = tracked(report_to, cfg.out, {}, show, events={"epoch": "epoch"})  # no JSONL of its losses
    try:
        res = train_value(cfg, progress=progress)
    finally:
        close()
    if json_out:
        import dataclasses
        import json

        typer.echo(json.dumps(dataclasses.asdict(res)))
        return
    acc = "n/a" if res.held_out_accuracy is None else f"{res.held_out_accuracy:.3f}"
    typer.echo(f"{res.out}: {res.states} partial proofs of {res.theorems} theorems ({res.positives} on a finished "
               f"path); held-out pairwise accuracy {acc} over {res.held_out_pairs} pairs")


def _value_signature() -> inspect.Signature:
    from gentzen.train.value import ValueConfig  # stdlib-only at import time

    return with_json([*options(ValueConfig, required=("data", "out")), report_to_param()])


value.__signature__ = _value_signature()


def _rounds(method: str, config_name: str, json_out: bool, report_to: str, kwargs: dict, start_text, round_text) -> None:
    """The round loop's command, shared by `train ei` and `train grpo`: options checked before any work,
    one progress line per event kind (start_text(ev), round_text(ev, cfg): each method's own words),
    the logs mirrored into --report-to, the closing line."""
    import importlib

    mod = importlib.import_module(f"gentzen.train.{method}")
    cfg = config(getattr(mod, config_name), kwargs)
    validated(cfg, mod.check_config, theorems=(("--targets", cfg.targets),), replay=cfg.replay)
    due = every(5)

    def show(ev: dict) -> None:
        if ev["event"] == "start":
            typer.echo(f"{start_text(ev)}, {rounds_text(ev['rounds_done'], ev['rounds'])} from {ev['model']}; "
                       f"{replay_text(ev['replay'])}", err=True)
        elif ev["event"] == "replay_regenerate":
            typer.echo(f"regenerating the model's training data ({ev['settings']}) into {ev['dest']}", err=True)
        elif ev["event"] == "theorem" and due(force=ev["done"] == ev["total"]):
            left = eta_text(ev.get("eta"), "sampling") if ev["done"] < ev["total"] else ""
            typer.echo(f"round {ev['round']}: sampled {ev['done']}/{ev['total']}, {ev['solved']} solved{left}", err=True)
        elif ev["event"] == "train_step" and due(force=ev["step"] in (2, ev["total"])):
            typer.echo(f"round {ev['round']}: training step {ev['step']}/{ev['total']}"
                       f"{eta_text(ev['eta'], 'training')} (Ctrl-C stops at the next step)", err=True)
        elif ev["event"] == "round":
            t = ev["tally"]
            typer.echo(f"round {ev['round']}: solved {t['solved']}/{t['targets']} ({t['solve_rate']:.3f}), "
                       f"{round_text(ev, cfg)}; {forgetting_text(ev['forgetting'])}; {clock_split(ev['seconds'])}",
                       err=True)

    progress, close = tracked(report_to, cfg.out, {"rounds": ("rounds.jsonl", "round"), "steps": ("steps.jsonl", "")},
                              show)
    try:
        res = run_or_stop(mod.run, cfg, progress, mod.Interrupted, json_out)
    except KeyboardInterrupt:  # a second Ctrl-C, at once: what the run directory holds
        from gentzen.cli import validate as V

        V.fail(_kept(cfg.out), 130)
    finally:
        close()
    if res is None:
        return
    t = res.totals
    typer.echo(f"{res.out}: {res.rounds} round(s) ({res.stopped}), last model {res.model}; "
               f"{t['verified']} verified of {t['samples']} attempts, {t['tokens']:,} tokens, "
               f"{res.seconds['total']:.0f}s")


def _kept(out: str) -> str:
    """A second Ctrl-C's message: the finished rounds its state.json records and how to resume."""
    import json
    from pathlib import Path

    try:
        done = int(json.loads((Path(out) / "state.json").read_text(encoding="utf-8")).get("rounds") or 0)
    except (OSError, ValueError, AttributeError):
        done = 0
    return (f"interrupted at once (a second Ctrl-C): {done} finished round(s) saved in {out}, with the sampled "
            f"targets of the round in flight; the same command with --resume continues")


def ei(json_out: bool = False, report_to: str = "none", **kwargs) -> None:
    """Expert iteration: sample proofs of the targets, fine-tune on the verified ones, repeat; a
    checkpoint per round, OUT/rounds.jsonl and OUT/steps.jsonl with samples, tokens and seconds."""

    def round_text(ev: dict, cfg) -> str:
        t = ev["tally"]
        return (f"{t['verified']}/{t['samples']} attempts verified, {t['tokens']:,} tokens; trained "
                f"{t['train_steps']} steps on {t['train_proofs']} proofs ({ev['replayed']} replayed), "
                f"{loss_label(cfg.loss)} {loss_text(ev['loss_first'])} -> {loss_text(ev['loss_last'])}")

    _rounds("ei", "EIConfig", json_out, report_to, kwargs,
            lambda ev: f"expert iteration on {ev['targets']} targets ({ev['format']})", round_text)


def _ei_signature() -> inspect.Signature:
    from gentzen.train.ei import EIConfig  # stdlib-only at import time

    return with_json([*options(EIConfig, required=("targets", "out")), report_to_param()])


ei.__signature__ = _ei_signature()


def grpo(json_out: bool = False, report_to: str = "none", **kwargs) -> None:
    """GRPO: G attempts per target, kernel reward 1/0, group-relative advantages, clipped policy
    gradient, then replay of the model's own data; a checkpoint per round, OUT/rounds.jsonl, OUT/steps.jsonl."""

    def round_text(ev: dict, cfg) -> str:
        t = ev["tally"]
        return (f"{t['verified']}/{t['samples']} attempts verified; {ev['groups_with_signal']} groups with a "
                f"signal, {ev['sequences']} sequences, {t['train_steps']} steps, surrogate loss "
                f"{loss_text(ev['loss_before'])} -> {loss_text(ev['loss_after'])}, {ev['replayed']} replayed")

    _rounds("grpo", "GRPOConfig", json_out, report_to, kwargs,
            lambda ev: f"GRPO on {ev['targets']} targets, groups of {ev['group']}", round_text)


def _grpo_signature() -> inspect.Signature:
    from gentzen.train.grpo import GRPOConfig  # stdlib-only at import time

    return with_json([*options(GRPOConfig, required=("targets", "out")), report_to_param()])


grpo.__signature__ = _grpo_signature()


def gap_text(gap) -> str:
    """A teacher gap in nats per proof, or n/a (no verified proof to measure it on)."""
    return "n/a" if gap is None else f"{gap:+.2f} nats"


def sdpo(json_out: bool = False, report_to: str = "none", **kwargs) -> None:
    """SDPO self-distillation: sample a group, check it, and pull the model toward itself shown the
    checker's feedback, on its own failed samples; OUT/iterations.jsonl and OUT/results.jsonl."""
    from gentzen.train.sdpo import Interrupted, run
    from gentzen.train.sdpo_config import SDPOConfig, check_config

    cfg = config(SDPOConfig, kwargs)
    validated(cfg, check_config, files=(("--theorems", cfg.theorems, ("theorem",)),),
              theorems=(("--theorems", cfg.theorems),) if cfg.task == "prop" else ())  # lean: Lean's own syntax

    def show(ev: dict) -> None:
        if ev["event"] == "teacher_gap":
            typer.echo(f"teacher gap before training: {gap_text(ev['teacher_gap'])} over {ev['proofs']} verified "
                       f"proof(s) of the first {ev['theorems']} theorem(s)", err=True)
        elif ev["event"] == "start":
            typer.echo(f"sdpo ({ev['mode']}) on {ev['theorems']} theorems, {ev['done']} done before", err=True)
        elif ev["event"] == "theorem":
            typer.echo(f"theorem {ev['done']}/{ev['total']}: {'solved' if ev['solved'] else 'not solved'} "
                       f"({ev['solved_total']} solved so far), teacher gap {gap_text(ev.get('teacher_gap'))}", err=True)
        elif ev["event"] == "iteration" and "theorem_index" not in ev:
            typer.echo(f"iteration {ev['iteration']}: {ev['verified']} verified on {ev['targets']} theorems, "
                       f"divergence {loss_text(ev.get('divergence'))}, teacher gap {gap_text(ev.get('teacher_gap'))}"
                       + (f"; {forgetting_text(ev['forgetting'])}" if ev.get("forgetting") else ""), err=True)

    progress, close = tracked(report_to, cfg.out, {"iterations": ("iterations.jsonl", ""),
                                                   "results": ("results.jsonl", "")}, show)
    try:
        res = run_or_stop(run, cfg, progress, Interrupted, json_out)
    finally:
        close()
    if res is None:
        return
    t = res.totals
    typer.echo(f"{res.out}: solved {res.solved}/{res.theorems}; {t['samples']} samples, {t['tokens']:,} tokens, "
               f"{clock_split(res.seconds)}")


def _sdpo_signature() -> inspect.Signature:
    from gentzen.train.sdpo_config import SDPOConfig  # stdlib-only at import time

    return with_json([*options(SDPOConfig, required=("theorems", "out")), report_to_param()])


sdpo.__signature__ = _sdpo_signature()


def register(app: typer.Typer) -> None:
    group = typer.Typer(help="Train models on proofs.", no_args_is_help=True)
    group.command("sft")(sft)
    group.command("value")(value)
    group.command("ei")(ei)
    group.command("sdpo")(sdpo)
    group.command("grpo")(grpo)
    app.add_typer(group, name="train")
