"""The round loop of a test-time RL run, resumable, with honest compute accounting.

A round: sample every active item (guided sampler; each item's row is appended as soon as it is
sampled, so a killed round resumes at the item it was on), verify what the sampler accepted with the
chosen backend, fold the rows into the pool, compose proofs of unsolved targets from solved lemma
variants, train one update on the round's proofs plus replay (`train/update.py`, `train/replay.py`;
its forgetting probe goes in the round's line), save a checkpoint, then write
rounds.jsonl, targets.jsonl, variants.jsonl, curves.png and state.json (the round is finished).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from gentzen.errors import InputError, require
from gentzen.train.accounting import Clock, JsonlLog, resume_state
from gentzen.ttrl import arms
from gentzen.ttrl.config import PROVENANCE, TTRLConfig, check_config, parse_budget
from gentzen.ttrl.pool import Pool, load_targets

SHARED = "shared"  # the group name of the one adapted model (without --fork)


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


def sample_items(cfg: TTRLConfig, engine, verifier, fmt: str, round_no: int, todo: list, want: dict[str, int]):
    """The items' attempts (k = want[name] each), yielded as each item finishes: guided sampling
    decodes across items (--batch-rows), each item's attempts the ones it gets alone."""
    from gentzen.search.methods import run_many
    from gentzen.train.seeds import derived_seed

    jobs = [(it, it.theorem, derived_seed(cfg.seed, round_no, it.name), want[it.name]) for it in todo]
    for it, res in run_many("guided", jobs, engine, temperature=cfg.temperature, fmt=fmt, batch_rows=cfg.batch_rows,
                            redraws_per_line=cfg.redraws_per_line, redraws_per_proof=cfg.redraws_per_proof):
        yield item_row(cfg, verifier, round_no, it, res)


def item_row(cfg: TTRLConfig, verifier, round_no: int, item, res) -> dict:
    """One item's sampled attempts as its row: the sampler checks every line with the kernel; what
    it accepts is verified again by the run's backend (the sampler's kernel alone is not the judge
    with Lean)."""
    import time

    from gentzen.search.compute import Compute

    accepted = [a for a in res.attempts if a.ok]
    t0 = time.perf_counter()
    verdicts = list(verifier.verify_many([(item.theorem, a.proof) for a in accepted])) if accepted else []
    verify_seconds = time.perf_counter() - t0
    ok = [a for a, v in zip(accepted, verdicts) if v.ok]
    proofs: list[str] = []
    for a in ok:
        if a.proof not in proofs and len(proofs) < cfg.keep:
            proofs.append(a.proof)
    c = Compute.of(res.attempts)
    row = {"round": round_no, "name": item.name, "kind": item.kind, "target": item.target,
           "theorem": item.theorem, "attempts": len(res.attempts), "verified": len(ok), "proofs": proofs,
           "tokens": c.tokens, "model_calls": c.model_calls, "kernel_checks": c.kernel_checks,
           "sample_seconds": round(c.sample_seconds, 6), "check_seconds": round(c.check_seconds + verify_seconds, 6),
           # who judged each sampler-accepted proof (kernel, lean-repl, kimina, …) and how: accepted,
           # rejected, or error (not checked: a transport failure, which verifies nothing)
           "verdicts": [{"checker": getattr(v, "checker", "kernel"), "status": v.status} for v in verdicts]}
    if item.is_target:  # the TUI shows a target's attempts (Attempt.to_dict records)
        row["attempts_detail"] = [a.to_dict() for a in res.attempts]
    return row


def compose_targets(pool: Pool, verifier, round_no: int) -> dict[str, str]:
    """Unsolved targets proved by cut composition of their solved variants (kernel-checked while
    composed, then verified by the run's backend): name -> proof."""
    from gentzen.core.theorem import parse_theorem
    from gentzen.data.compose import Solved, search

    found: dict[str, str] = {}
    for t in pool.targets:
        if t.status == "solved":
            continue
        pieces = [Solved.from_theorem(parse_theorem(v.theorem), v.proofs[0])
                  for v in pool.variants(t.name) if v.proofs and v.origin == t.name]
        if not pieces:
            continue
        proof = search(parse_theorem(t.theorem), pieces)
        if proof is not None and next(iter(verifier.verify_many([(t.theorem, proof)]))).ok:
            found[t.name] = proof
            t.status, t.solved_round, t.by = "solved", round_no, "composition"
            t.proofs.insert(0, proof)
    return found


def run(cfg: TTRLConfig, progress: Callable[[dict], None] | None = None, engine_factory=None) -> TTRLResult:
    """Run (or resume) the rounds. `engine_factory(model_dir)` replaces the real engine (tests)."""
    check_config(cfg)
    from gentzen import __version__
    from gentzen.io import atomic_write_json, read_jsonl_resumable
    from gentzen.models import checkpoint
    from gentzen.models.threads import set_threads
    from gentzen.train import replay
    from gentzen.train.interrupt import Interrupted
    from gentzen.train.seeds import derived_seed
    from gentzen.train.update import config_from, trains as update_trains
    from gentzen.train.interrupt import CtrlC as _CtrlC  # the name run() uses
    from gentzen.ttrl import scaleout
    from gentzen.ttrl.report import plot_runs

    say = progress or (lambda event: None)
    out = Path(cfg.out)
    set_threads(cfg.threads)
    meta = checkpoint.read_meta(cfg.model)
    x = float(meta.get("seconds") or 0.0)
    fmt = cfg.format or meta.get("format", "whole")
    from gentzen.shard import parse_shard, take

    shard = parse_shard(cfg.shard)
    targets = take(load_targets(cfg.theorems, cfg.limit), shard)  # before --out exists: a bad target leaves no folder
    out.mkdir(parents=True, exist_ok=True)
    state_file = out / "state.json"
    state = resume_state(state_file, cfg, PROVENANCE, ("rounds", "pool", "config", "phase"),
                         "a ttrl state file (written by gentzen ttrl)", "its rounds would not repeat: ")
    shard_info = None if shard is None else {"index": shard[0], "count": shard[1], "names": [t.name for t in targets]}
    if state and (out / "config.json").is_file():  # --shard or the Slurm task may differ on a resume: refuse
        import json

        old = json.loads((out / "config.json").read_text(encoding="utf-8")).get("shard")
        if old != shard_info:
            raise InputError(f"--out {out} holds shard {_shard_name(old)}, not {_shard_name(shard_info)}: "
                             "give the same --shard (or Slurm array task) to resume it")
    run_info = {
        "kind": "ttrl", "arm": cfg.arm, "model": cfg.model, "theorems": cfg.theorems, "targets": len(targets),
        "rounds": cfg.rounds, "budget": {"x_seconds": x, "multiple": parse_budget(cfg.budget),
                                         "seconds": cfg.seconds, "samples_per_target": cfg.samples_per_target},
        "seed": cfg.seed, "options": asdict(cfg), "command": _command(), "gentzen_version": __version__,
        "shard": shard_info}
    atomic_write_json(out / "config.json", run_info)
    if cfg.arm in ("sdpo", "grpo"):  # their own loops, translated into this run's files
        (arms.run_sdpo if cfg.arm == "sdpo" else arms.run_grpo)(cfg, out, targets, say)
        return _result(cfg, out, "done", len(targets))

    rounds_log = JsonlLog(out / "rounds.jsonl")
    done = state["rounds"] if state else 0
    finished = rounds_log.keep(lambda r: r.get("round", 0) <= done)
    pool = Pool.from_json(state["pool"]) if state else arms.build_pool(cfg, targets)
    phase = state["phase"] if state else ("ei" if cfg.arm == "ei-then-ttrl" else cfg.arm)
    history: list[int] = state["history"] if state else []
    models: dict[str, str] = state["models"] if state else {}
    cum = _cumulative(finished[-1] if finished else None)
    n_targets = len(pool.targets)
    matched = arms.matched_samples(cfg.match) if cfg.match else None
    limit_kind, limit = budget_limit(cfg, x)
    trains = arms.ARMS[cfg.arm].trains and update_trains(config_from(cfg, fmt, 0))
    source = replay.resolve(cfg.replay, cfg.model, cfg.replay_share, cfg.probe, {t.theorem for t in pool.targets},
                            say) if trains else replay.ReplaySource()
    verifier = scaleout.make(cfg.backend, cfg.verify_url, repl_cmd=cfg.repl_cmd or None)
    run_info.update(variants=pool.variant_report(), replay=source.describe())  # as the source reports them
    atomic_write_json(out / "config.json", run_info)
    say({"event": "start", "arm": cfg.arm, "targets": n_targets, "pool": pool.counts(), "rounds_done": done,
         "rounds": cfg.rounds, "x_seconds": x, "variants": run_info["variants"], "replay": run_info["replay"]})

    def model_of(group: str) -> str:
        return str(out / models[group]) if group in models else cfg.model

    stop, stopped = _CtrlC(), "done"
    with stop:
        for round_no in range(done + 1, cfg.rounds + 1):
            spent = cum["seconds"].get("total", 0.0) if limit_kind == "seconds" else \
                (cum["t_samples"] + cum["v_samples"]) / n_targets
            if limit_kind and spent >= limit:
                stopped = "budget"
                break
            active = pool.active(cfg.keep_solved)
            want = arms.plan(cfg, active, round_no, matched)
            if matched is not None and round_no > len(matched):
                stopped = "matched"
                break
            if not want:
                break  # nothing left to sample: every target solved
            clock = Clock()

            # 1. sample (rows already in the round's file were sampled before a kill)
            samples_file = out / "rounds" / f"round-{round_no:03d}.samples.jsonl"
            samples_file.parent.mkdir(exist_ok=True)
            rows: dict[str, dict] = {}
            for r in read_jsonl_resumable(samples_file):
                if r.get("name") in want and r.get("attempts") == want[r["name"]]:
                    rows.setdefault(r["name"], r)
            clock.charge(sum(r["sample_seconds"] for r in rows.values()), sum(r["check_seconds"] for r in rows.values()))
            groups: dict[str, list] = {}
            for it in active:
                if it.name in want:
                    groups.setdefault(it.target if cfg.fork else SHARED, []).append(it)
            log = JsonlLog(samples_file)
            for group, items in groups.items():
                todo = [it for it in items if it.name not in rows]
                if not todo:
                    continue
                with clock.loading():
                    engine = engine_factory(model_of(group)) if engine_factory else _engine(cfg, model_of(group))
                if hasattr(engine, "clear_cache"):  # no KV of another run: a resumed round samples alike
                    engine.clear_cache()
                if stop.requested:
                    verifier.close()
                    raise Interrupted(str(out), round_no - 1)
                for row in sample_items(cfg, engine, verifier, fmt, round_no, todo, want):
                    clock.charge(row["sample_seconds"], row["check_seconds"])
                    log.write(row)
                    rows[row["name"]] = row
                    say({"event": "item", "round": round_no, "done": len(rows), "total": len(want),
                         "solved": len(pool.solved()) + sum(1 for r in rows.values()
                                                             if r["kind"] == "target" and r["verified"])})
                    if stop.requested and len(rows) < len(want):  # every finished item is kept
                        verifier.close()
                        raise Interrupted(str(out), round_no - 1)
                engine.close()

            # 2. fold the rows into the pool (in pool order: the same on every resume)
            ordered = [rows[it.name] for it in active if it.name in rows]
            solved_before = set(pool.solved())
            for r in ordered:
                arms.update_item(pool.items[r["name"]], r, cfg, round_no, cfg.keep_solved, pool)

            # 3. composition: unsolved targets whose lemma variants are solved
            composed: dict[str, str] = {}
            if cfg.compose and pool.variants():
                with clock.checking():
                    composed = compose_targets(pool, verifier, round_no)
                if not cfg.keep_solved:
                    for name in composed:
                        pool.retire(name)

            # 4. one update per group on its proofs plus replay (GEM, fresh AdamW, under one pass), a
            #    checkpoint each; the forgetting probe of every update goes in the round's line
            loss = loss_first = None
            train_proofs = replayed = 0
            probes: list[dict] = []
            if trains:
                torch = require("torch", "train")
                from gentzen.train.update import update

                for group in sorted({it.target if cfg.fork else SHARED for it in pool.items.values()}):
                    g_rows = [r for r in ordered if (r["target"] if cfg.fork else SHARED) == group]
                    g_comp = {k: v for k, v in composed.items() if (k if cfg.fork else SHARED) == group}
                    kept = arms.buffered_targets(cfg, pool, lambda t, g=group: (t.name if cfg.fork else SHARED) == g)
                    records, n_replayed = arms.training_records(cfg, g_rows, pool.items, g_comp, source, round_no, kept)
                    if not records:
                        continue
                    with clock.loading():
                        model, tokenizer, m_meta = checkpoint.load_checkpoint(model_of(group), cfg.device)
                    seed = derived_seed(cfg.seed, round_no, group, "train")
                    torch.manual_seed(seed)
                    stats = update(model, tokenizer, records, config_from(cfg, fmt, seed), clock=clock,
                                   probe=source.probe)
                    train_proofs += len(records)
                    replayed += n_replayed
                    if stats.forgetting:
                        probes.append(stats.forgetting)
                    cum["updates"] += 1
                    loss, loss_first = stats.loss_last, stats.loss_first if loss_first is None else loss_first
                    where = f"checkpoints/round-{round_no}" + ("" if group == SHARED else f"/{group}")
                    with clock.loading():
                        checkpoint.save_checkpoint(out / where, model, tokenizer,
                                                   {**m_meta, "format": fmt, "ttrl": {"round": round_no, "arm": cfg.arm,
                                                                                      "group": group, "from": cfg.model}})
                    models[group] = where
                    del model

            # 5. the round's record; the round counts as finished once state.json says so
            split = clock.split()
            t_round = sum(r["attempts"] for r in ordered if r["kind"] == "target")
            v_round = sum(r["attempts"] for r in ordered if r["kind"] != "target")
            cum["t_samples"] += t_round
            cum["v_samples"] += v_round
            cum["tokens"] += sum(r["tokens"] for r in ordered)
            for k, v in split.items():
                cum["seconds"][k] = round(cum["seconds"].get(k, 0.0) + v, 4)
            solved = pool.solved()
            by_comp = [t.name for t in pool.targets if t.status == "solved" and t.by == "composition"]
            history.append(len(solved))
            record = {"round": round_no, "arm": cfg.arm, "phase": phase, "solved": solved,
                      "solved_by_composition": by_comp, "new": [n for n in solved if n not in solved_before],
                      "pool": pool.counts(), "rates": {r["name"]: round(r["verified"] / r["attempts"], 4)
                                                       for r in ordered if r["attempts"]},
                      "loss": loss, "loss_first": loss_first, "train_proofs": train_proofs, "replayed": replayed,
                      "forgetting": _mean_probe(probes),
                      "samples": {"targets": round(cum["t_samples"] / n_targets, 4),
                                  "variants": round(cum["v_samples"] / n_targets, 4)},
                      "samples_round": {"targets": t_round, "variants": v_round},
                      "samples_total": {"targets": cum["t_samples"], "variants": cum["v_samples"]},
                      "tokens": cum["tokens"], "updates": cum["updates"], "seconds": dict(cum["seconds"]),
                      "round_seconds": split}
            phase, added = arms.switch_phase(cfg, phase, history, pool)
            if added:
                record["switched"] = {"to": phase, "variants": added}
            rounds_log.write(record)
            _write_tables(out, pool, rows, cfg.arm)
            atomic_write_json(state_file, {"rounds": round_no, "pool": pool.to_json(), "phase": phase,
                                           "history": history, "models": models, "config": asdict(cfg)})
            done = round_no
            try:
                plot_runs([out], out / "curves.png")
            except Exception:  # noqa: BLE001 - a chart never costs a finished round
                pass
            say({"event": "round", **record})
            if stop.requested:
                verifier.close()
                raise Interrupted(str(out), done)
    verifier.close()
    return _result(cfg, out, stopped, n_targets)


def _mean_probe(probes: list[dict]) -> dict | None:
    """The round's forgetting probe: one update's, or the mean over --fork's updates (with their count)."""
    if not probes:
        return None
    if len(probes) == 1:
        return probes[0]
    return {"before": round(sum(p["before"] for p in probes) / len(probes), 6),
            "after": round(sum(p["after"] for p in probes) / len(probes), 6),
            "proofs": probes[0]["proofs"], "updates": len(probes)}


def _write_tables(out: Path, pool: Pool, rows: dict[str, dict], arm: str) -> None:
    """targets.jsonl (with the target's attempts of the last round it was sampled in), variants.jsonl
    and proofs.lean (every solved target's proof, under the user's name for it)."""
    from gentzen.io import atomic_write_jsonl, atomic_write_text, read_jsonl_resumable

    old = {r.get("name"): r.get("attempts") for r in read_jsonl_resumable(out / "targets.jsonl")}
    trows = []
    for t in pool.targets:
        row = t.row()
        got = rows.get(t.name, {}).get("attempts_detail")
        row["attempts"] = got if got is not None else (old.get(t.name) or [])
        row["variant_samples"] = sum(v.samples for v in pool.variants(t.name))
        trows.append(row)
    atomic_write_jsonl(out / "targets.jsonl", trows)
    from gentzen.ttrl.report import PROOFS, proofs_lean

    atomic_write_text(out / PROOFS, proofs_lean(trows, arm))
    atomic_write_jsonl(out / "variants.jsonl", [v.row() for v in pool.variants()])


def _engine(cfg: TTRLConfig, model: str):
    from gentzen.engines import EngineChoice, open_engine

    return open_engine(model, EngineChoice(cfg.engine, tuple(cfg.base_url), cfg.api_key_env), device=cfg.device,
                       threads=cfg.threads or None)


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

