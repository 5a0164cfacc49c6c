"""The round loop of a test-time RL run, resumable, with honest compute accounting.

A round (rounds.py): sample every active item in the model's names (each item's row is appended as soon
as it is sampled, so a killed round resumes at the item it was on), verify what the sampler accepted
with the chosen backend, fold the rows into the pool, compose proofs of unsolved targets from solved
lemma variants, train one update on the round's proofs plus replay unless every target is solved, save
a checkpoint, then write rounds.jsonl, targets.jsonl, variants.jsonl, curves.png and state.json.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from gentzen.errors import InputError
from gentzen.train.accounting import Clock, JsonlLog, resume_state
from gentzen.train.interrupt import Interrupted
from gentzen.ttrl import arms
from gentzen.ttrl.config import PROVENANCE, TTRLConfig, check_config, parse_budget, replay_share_of
from gentzen.ttrl.pool import Pool, load_targets
from gentzen.ttrl.rounds import (Run, StopTraining, finish_round, fold_and_compose, round_record, sample_round,
                                 train_round)


@dataclass
class TTRLResult:
    out: str
    arm: str
    rounds: int          # rounds finished, this run and earlier ones
    stopped: str         # done | budget | matched (control ran out of the paired run's rounds)
    targets: int
    solved: int
    solved_by_composition: int
    samples_per_target: float
    seconds: dict


def _cumulative(rec: dict | None) -> dict:
    rec = rec or {}
    return {"t_samples": int((rec.get("samples_total") or {}).get("targets", 0)),
            "v_samples": int((rec.get("samples_total") or {}).get("variants", 0)),
            "tokens": int(rec.get("tokens", 0)), "updates": int(rec.get("updates", 0)),
            "seconds": dict(rec.get("seconds") or {})}


def budget_limit(cfg: TTRLConfig, x: float) -> tuple[str, float]:
    """("seconds", S) | ("samples", N) | ("", 0): when no new round may start."""
    if cfg.budget:
        return "seconds", parse_budget(cfg.budget) * x
    if cfg.seconds:
        return "seconds", cfg.seconds
    if cfg.samples_per_target:
        return "samples", cfg.samples_per_target
    return "", 0.0


def run(cfg: TTRLConfig, progress: Callable[[dict], None] | None = None, engine_factory=None) -> TTRLResult:
    """Run (or resume) the rounds. `engine_factory(model_dir)` replaces the real engine (tests).
    Ctrl-C: the first stops at the next safe point (after the item in flight, or between optimizer
    steps) and raises Interrupted naming what was kept; a second one stops at once, with the same."""
    check_config(cfg)
    from gentzen.train.interrupt import CtrlC as _CtrlC

    say = progress or (lambda event: None)
    out, targets, run_info, state = _open_run(cfg)
    if cfg.arm in ("sdpo", "grpo"):  # their own loops, translated into this run's files
        (arms.run_sdpo if cfg.arm == "sdpo" else arms.run_grpo)(cfg, out, targets, say)
        return _result(cfg, out, "done", len(targets))
    r = _start(cfg, out, targets, run_info, state, say, engine_factory)
    where = {"round": None, "phase": "start"}
    with _CtrlC() as r.stop:
        try:
            stopped = _rounds(r, where)
        except (KeyboardInterrupt, StopTraining) as e:  # a second Ctrl-C too, wherever it lands
            r.verifier.close()
            if isinstance(e, Interrupted):
                raise
            raise _interrupted(r, where) from None
    r.verifier.close()
    return _result(cfg, out, stopped, r.n_targets)


def _rounds(r: Run, where: dict) -> str:
    """The round loop; returns why it stopped (done | budget | matched)."""
    cfg = r.cfg
    limit_kind, limit = budget_limit(cfg, r.x)
    matched = arms.matched_samples(cfg.match) if cfg.match else None
    for round_no in range(r.done + 1, cfg.rounds + 1):
        if limit_kind and _spent(r, limit_kind) >= limit:
            return "budget"
        refreshed = arms.refresh_stalled(cfg, r.pool, round_no)
        if refreshed:
            r.say({"event": "refresh", "round": round_no, "after": cfg.refresh, "targets": len(refreshed),
                   "variants": sum(refreshed.values())})
        lemmas = arms.add_cut_lemmas(cfg, r.pool)
        if lemmas:
            r.say({"event": "cut_lemmas", "round": round_no, "targets": len(lemmas), "items": sum(lemmas.values())})
        active = r.pool.active(cfg.keep_solved)
        want = arms.plan(cfg, active, round_no, matched)
        if matched is not None and round_no > len(matched):
            return "matched"
        if not want:
            return "done"  # nothing left to sample: every target solved
        clock = Clock()
        where.update(round=round_no, phase="sampling")
        rows = sample_round(r, round_no, active, want, clock)
        if r.stop.requested:
            raise _interrupted(r, where)
        ordered, solved_before, composed = fold_and_compose(r, round_no, active, rows, clock)
        where["phase"] = "training"
        last = not cfg.final_update and _last_round(r, round_no, ordered, clock, limit_kind, limit)
        trained = train_round(r, round_no, ordered, composed, clock, last=last)
        where["phase"] = "saving"
        record = round_record(r, round_no, ordered, solved_before, trained, clock)
        if cfg.refresh:
            record["refreshed"] = refreshed  # target -> fresh variants given before the round
        if cfg.cut_lemmas:
            record["cut_lemmas"] = lemmas  # target -> lemmas (or a lemma's cut pairs) added before the round
        finish_round(r, round_no, record, rows)
        r.done = round_no
        where.update(round=None, phase="between rounds")
        per_round = (time.monotonic() - r.started) / (round_no - r.first)
        r.say({"event": "round", **record, "eta": per_round * _rounds_left(r, round_no, limit_kind, limit, matched)})
        if r.stop.requested:
            raise _interrupted(r, where)
    return "done"


def _last_round(r: Run, round_no: int, ordered: list[dict], clock, limit_kind: str, limit: float) -> bool:
    """Whether no round can follow this one: --rounds reached, or the budget spent once this round's samples (or
    seconds so far) count. Its update would train a model nothing samples from, and its seconds would count against
    the arm at matched wall-clock for nothing."""
    if round_no >= r.cfg.rounds:
        return True
    return bool(limit_kind) and _spent(r, limit_kind, sum(x["attempts"] for x in ordered),
                                       clock.split()["total"]) >= limit


def _rounds_left(r: Run, round_no: int, limit_kind: str, limit: float, matched) -> int:
    """At most how many rounds follow this one: --rounds, the matched run's rounds, and the budget at the mean
    spend of the rounds so far (samples per target, or seconds), whichever ends first."""
    left = r.cfg.rounds - round_no
    if matched is not None:
        left = min(left, len(matched) - round_no)
    if limit_kind:
        spent = _spent(r, limit_kind)
        if spent > 0:
            left = min(left, 0 if spent >= limit else math.ceil((limit - spent) / (spent / round_no)))
    return max(left, 0)


def _spent(r: Run, limit_kind: str, drawn: int = 0, seconds: float = 0.0) -> float:
    """The budget spent by the finished rounds, plus `drawn` samples and `seconds` of the round in flight: seconds
    for a seconds budget (--budget, --seconds), else samples per target."""
    if limit_kind == "seconds":
        return r.cum["seconds"].get("total", 0.0) + seconds
    return (r.cum["t_samples"] + r.cum["v_samples"] + drawn) / r.n_targets


def _interrupted(r: Run, where: dict) -> Interrupted:
    """Ctrl-C's error: what was kept (finished rounds, the sampled items of the round in flight) and
    how to resume."""
    from gentzen.io import read_jsonl_resumable

    kept = f"{r.done} finished round(s) saved in {r.out}"
    n = where["round"]
    if n is not None:
        items = len(read_jsonl_resumable(r.samples_file(n)))
        if items:
            kept += f", and round {n}'s {items} sampled item(s) in {r.samples_file(n)}"
        if where["phase"] in ("training", "saving"):
            kept += f" (round {n}'s update was dropped before it was saved: --resume trains it again from them)"
    e = Interrupted(str(r.out), r.done)
    e.args = (f"interrupted during {where['phase']}" + (f" of round {n}" if n is not None else "")
              + f": {kept}; the same command with --resume continues",)
    return e


def _open_run(cfg: TTRLConfig) -> tuple[Path, list, dict, dict | None]:
    """The targets (checked before --out exists: a bad target leaves no folder), --out with its
    config.json, and the resume state (None for a new run)."""
    from gentzen import __version__
    from gentzen.io import atomic_write_json
    from gentzen.models import checkpoint
    from gentzen.models.threads import set_threads
    from gentzen.shard import parse_shard, take

    set_threads(cfg.threads)
    meta = checkpoint.read_meta(cfg.model)
    shard = parse_shard(cfg.shard)
    targets = take(load_targets(cfg.theorems, cfg.limit), shard)
    from gentzen.search.prompts import refuse_past_context  # a target past the model's context: one error

    refuse_past_context(cfg.model, cfg.format, [(f"{cfg.theorems}: target {t.name}", t.theorem) for t in targets])
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    digest = checkpoint.weights_digest(cfg.model)  # a moved model resumes, a replaced one is refused
    state = resume_state(out / "state.json", cfg, PROVENANCE, ("rounds", "pool", "config", "phase"),
                         "a ttrl state file (written by gentzen ttrl)", "its rounds would not repeat: ", digest)
    shard_info = None if shard is None else {"index": shard[0], "count": shard[1], "names": [t.name for t in targets]}
    if state and (out / "config.json").is_file():  # --shard or the Slurm task may differ on a resume: refuse
        import json

        old = json.loads((out / "config.json").read_text(encoding="utf-8")).get("shard")
        if old != shard_info:
            raise InputError(f"--out {out} holds shard {_shard_name(old)}, not {_shard_name(shard_info)}: "
                             "give the same --shard (or Slurm array task) to resume it")
    x = checkpoint.training_seconds(meta)  # the model's cumulative training, not its last SFT slice
    run_info = {
        "kind": "ttrl", "arm": cfg.arm, "model": cfg.model, "model_digest": digest, "theorems": cfg.theorems,
        "targets": len(targets),
        "rounds": cfg.rounds, "budget": {"x_seconds": x, "multiple": parse_budget(cfg.budget),
                                         "seconds": cfg.seconds, "samples_per_target": cfg.samples_per_target},
        "seed": cfg.seed, "options": asdict(cfg), "command": _command(), "gentzen_version": __version__,
        "shard": shard_info}
    atomic_write_json(out / "config.json", run_info)
    return out, targets, run_info, state


def _start(cfg: TTRLConfig, out: Path, targets: list, run_info: dict, state: dict | None, say,
           engine_factory) -> Run:
    """The run's carried state: a new pool, or the resumed one with its finished rounds' counts."""
    from gentzen.io import atomic_write_json
    from gentzen.models import checkpoint
    from gentzen.train import replay
    from gentzen.train.update import config_from, trains as update_trains
    from gentzen.repl import scaleout

    fmt = cfg.format or checkpoint.read_meta(cfg.model).get("format", "whole")
    done = state["rounds"] if state else 0
    finished = JsonlLog(out / "rounds.jsonl").keep(lambda rec: rec.get("round", 0) <= done)
    pool = Pool.from_json(state["pool"]) if state else arms.build_pool(cfg, targets)
    trains = arms.ARMS[cfg.arm].trains and update_trains(config_from(cfg, fmt, 0))
    source = replay.resolve(cfg.replay, cfg.model, replay_share_of(cfg), cfg.probe, {t.theorem for t in pool.targets},
                            say) if trains else replay.ReplaySource()
    verifier = scaleout.make(cfg.backend, cfg.verify_url, repl_cmd=cfg.repl_cmd or None)
    r = Run(cfg, out, fmt, pool, state["phase"] if state else ("ei" if cfg.arm == "ei-then-ttrl" else cfg.arm),
            state["history"] if state else [], state["models"] if state else {},
            _cumulative(finished[-1] if finished else None), verifier, source, trains, say, engine_factory)
    r.done, r.first, r.x = done, done, run_info["budget"]["x_seconds"]
    r.model_digest = run_info["model_digest"]
    run_info.update(variants=pool.variant_report(), replay=source.describe())  # as the source reports them
    atomic_write_json(out / "config.json", run_info)
    say({"event": "start", "arm": cfg.arm, "targets": r.n_targets, "pool": pool.counts(), "rounds_done": done,
         "rounds": cfg.rounds, "x_seconds": r.x, "variants": run_info["variants"], "replay": run_info["replay"]})
    return r


def _result(cfg: TTRLConfig, out: Path, stopped: str, n: int) -> TTRLResult:
    from gentzen.io import read_jsonl_resumable

    rounds = read_jsonl_resumable(out / "rounds.jsonl")
    last = rounds[-1] if rounds else {}
    s = last.get("samples") or {}
    return TTRLResult(str(out), cfg.arm, len(rounds), stopped, n, len(last.get("solved", [])),
                      len(last.get("solved_by_composition", [])),
                      round(float(s.get("targets", 0)) + float(s.get("variants", 0)), 4), last.get("seconds", {}))


def _shard_name(info: dict | None) -> str:
    return "none (all targets)" if not info else f"{info['index']}/{info['count']}"


def _command() -> str:
    import shlex
    import sys

    return "gentzen " + " ".join(shlex.quote(a) for a in sys.argv[1:])
