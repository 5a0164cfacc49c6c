"""Command options built from a config dataclass, and the steps every config-driven command shares.

A training, search or bench command takes one config dataclass; its fields (names, types,
defaults, `metadata={"help": …}`) are the one place an option is defined. These helpers turn the
fields into the command's typer signature, the parsed values back into the config, and run it.
"""

from __future__ import annotations

import dataclasses
import inspect
import time
import typing
from pathlib import Path

import typer
from typer.core import TyperGroup


def options(cfg_cls, required: tuple[str, ...] = ()) -> list[inspect.Parameter]:
    """One keyword-only typer option per field of `cfg_cls` (`--no-x` for booleans); `required`
    fields have no default."""
    hints = typing.get_type_hints(cfg_cls)
    params = []
    for f in dataclasses.fields(cfg_cls):
        default = ... if f.name in required else f.default
        annotation = hints[f.name]
        flag = f"--{f.name.replace('_', '-')}"
        if annotation is bool:
            flag = f"{flag}/--no-{flag[2:]}"
        if typing.get_origin(annotation) is list:  # a repeatable option (default_factory=list): none given is []
            default, annotation = None, annotation | None
        opt = typer.Option(default, flag, help=f.metadata.get("help", ""),
                           show_default=f.name not in required)
        params.append(inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, default=opt,
                                        annotation=annotation))
    return params


def with_json(params: list[inspect.Parameter], default: bool = False) -> inspect.Signature:
    """`params` and a `json_out` flag: `--json` (off by default) or `--json/--no-json` (on)."""
    opt = (typer.Option(True, "--json/--no-json", help="Print JSON (the default).") if default
           else typer.Option(False, "--json", help="Print the result as JSON."))
    return inspect.Signature([*params, inspect.Parameter("json_out", inspect.Parameter.KEYWORD_ONLY,
                                                         default=opt, annotation=bool)])


def config(cfg_cls, values: dict):
    """The config from parsed option values (paths as strings, as the library takes them; a repeatable
    option given no value as []); an empty `model` is the shipped model, as for `gentzen prove` and `gentzen eval`."""
    if "model" in values and not values["model"]:
        from gentzen.models import SHIPPED_MODEL

        values = {**values, "model": str(SHIPPED_MODEL)}
    hints = typing.get_type_hints(cfg_cls)
    lists = {f.name for f in dataclasses.fields(cfg_cls) if typing.get_origin(hints[f.name]) is list}
    return cfg_cls(**{k: (str(v) if isinstance(v, Path) else [] if v is None and k in lists else v)
                      for k, v in values.items()})


def validated(cfg, check, files: tuple[tuple[str, str, tuple[str, ...]], ...] = (), replay: str = "",
              theorems: tuple[tuple[str, str], ...] = ()):
    """`cfg`, every option checked before torch loads or any time is spent: `check`'s ranges and
    choices, --out writable, --device known, each (option, path, fields) of `files` a JSONL file
    with those fields, each (option, path) of `theorems` a JSONL whose every theorem parses, a
    `replay` spec's file a JSONL of proofs, and the device present."""
    from gentzen.cli import validate as V

    check(cfg)
    V.output_dir("--out", cfg.out)
    V.device("--device", cfg.device)
    for flag, path, fields in files:
        V.jsonl_file(flag, path, required=fields)
    for flag, path in theorems:
        V.theorem_file(flag, path)
    if replay:
        from gentzen.train.replay import MODEL, NONE, parse_replay

        source = parse_replay(replay).source
        if source not in (MODEL, NONE):
            V.jsonl_file("--replay", source, required=("theorem", "proof"))
    V.device_available("--device", cfg.device)
    return cfg


def run_or_stop(run, cfg, progress, interrupted: type[BaseException], json_out: bool):
    """`run(cfg, progress=…)`: Ctrl-C's `interrupted` error exits 130 with its message (what is
    done is saved); with --json the result is printed as JSON and None returned, else the result."""
    import json

    from gentzen.cli import validate as V

    try:
        res = run(cfg, progress=progress)
    except interrupted as stop:
        V.fail(str(stop), 130)
    if json_out:
        typer.echo(json.dumps(dataclasses.asdict(res)))
        return None
    return res


class DefaultRun(TyperGroup):
    """A command group whose first word, when it names no subcommand, starts `run`
    (`gentzen eval SET …` = `gentzen eval run SET …`, `gentzen ttrl FILE …` = `gentzen ttrl run FILE …`)."""

    def parse_args(self, ctx, args):
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["run", *args]
        return super().parse_args(ctx, args)


def every(seconds: float):
    """A progress throttle: `due()` is true at most once every `seconds` (always when forced)."""
    last = [0.0]

    def due(force: bool = False) -> bool:
        now = time.monotonic()
        if force or now - last[0] >= seconds:
            last[0] = now
            return True
        return False

    return due


def clock_split(s: dict) -> str:
    """A run's wall-clock split as the progress lines print it: `Ts (sampling A, checking B, training C)`."""
    return (f"{s.get('total', 0):.0f}s (sampling {s.get('sampling', 0):.0f}, checking {s.get('checking', 0):.0f}, "
            f"training {s.get('training', 0):.0f})")


def loss_text(v) -> str:
    """A loss or divergence for a progress line: 4 decimals, or `n/a` when there is none (nothing trained)."""
    return "n/a" if v is None else f"{v:.4f}"


def loss_label(kind: str) -> str:
    """What a progress line calls the training loss: `loss` (cross-entropy) or `gem-loss` (GEM's
    objective is not a cross-entropy: it is often negative, and lower is not comparable to CE)."""
    return "gem-loss" if kind == "gem" else "loss"


def rounds_text(done: int, total: int) -> str:
    """A resumed run's banner: the rounds left (`rounds 3..5`), or that none are left."""
    if done >= total:
        return f"all {total} rounds already done, nothing left to run (raise --rounds to go on)"
    return f"rounds {done + 1}..{total}"


# -- the sampling engine: one definition for every command that samples (prove, eval, train ei, ttrl, tui)

ENGINE_HELP = ("torch | vllm | openai (OpenAI-compatible completion servers at --base-url, e.g. `vllm serve` "
               "replicas; the model directory gives the tokenizer and prompt format)")
BASE_URL_HELP = ("--engine openai: a server's base URL, http://HOST:PORT (repeat for several: each request goes "
                 "to the one with the fewest in flight; transport errors are retried on another)")
API_KEY_ENV_HELP = "--engine openai: the environment variable holding the servers' bearer key (empty: none)"


def engine_options(default: str = "torch") -> tuple:
    """typer options (--engine, --base-url, --api-key-env) for a command written with explicit parameters."""
    return (typer.Option(default, "--engine", help=ENGINE_HELP),
            typer.Option(None, "--base-url", help=BASE_URL_HELP),
            typer.Option("", "--api-key-env", help=API_KEY_ENV_HELP))


def engine_choice(engine: str, base_url: list[str] | None, api_key_env: str):
    """The checked EngineChoice for the parsed options (InputError on a mistake, before any work)."""
    from gentzen.engines import EngineChoice

    choice = EngineChoice(engine, tuple(base_url or ()), api_key_env or "")
    choice.check()
    return choice


def shard_option(what: str):
    """The --shard I/N option (gentzen.shard), with what a shard is for this command."""
    from gentzen.shard import SHARD_HELP

    return typer.Option("", "--shard", help=f"{SHARD_HELP}; {what}")


# -- --report-to: the JSONL logs mirrored into TensorBoard or wandb (gentzen.tracker)

def report_to_param() -> inspect.Parameter:
    """The --report-to option as a keyword parameter, for a signature built from a config."""
    from gentzen.tracker import REPORT_HELP

    return inspect.Parameter("report_to", inspect.Parameter.KEYWORD_ONLY, annotation=str,
                             default=typer.Option("none", "--report-to", help=REPORT_HELP))


def tracked(report_to: str, out: str, logs: dict[str, tuple[str, str]], progress=None,
            events: dict[str, str] | None = None):
    """(progress wrapper, close): after every progress event the tracker logs the new lines of `logs`
    ({tag: (file in out, step field)}) and the events named in `events` ({kind: step field}, for a
    command with no JSONL of its scalars); `close()` logs what is left. With none, `progress` unchanged."""
    from gentzen.tracker import open_tracker

    tracker = open_tracker(report_to, out, logs)
    if tracker is None:
        return progress, lambda: None

    def show(ev: dict) -> None:
        if progress is not None:
            progress(ev)
        kind = ev.get("event")
        if events and kind in events:
            tracker.log(kind, {k: v for k, v in ev.items() if k != "event"}, int(ev.get(events[kind]) or 0))
        tracker.poll()

    return show, tracker.close


def forgetting_text(f: dict | None) -> str:
    """An update's forgetting probe for a progress line: `held-out CE A -> B (+x%, N proofs)`."""
    if not f:
        return "no update probed"
    change = 100.0 * (f["after"] - f["before"]) / f["before"] if f["before"] else 0.0
    return f"held-out CE {f['before']:.4f} -> {f['after']:.4f} ({change:+.1f}%, {f['proofs']} proofs)"


def replay_text(r: dict | None) -> str:
    """A run's replay source for its start line."""
    if not r or not r.get("path"):
        return "no replay"
    size = f"{r['n']} proofs" if r.get("n") else f"{r['share']:.0%} of each mix"
    return (f"replay {size} from {r['path']} ({r['pool']:,} train proofs); forgetting probe: {r['probe']} "
            f"{r.get('probe_split') or 'held-out'} proofs")
