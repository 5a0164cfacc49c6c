"""The phases of one ttrl round: sample the active items, compose, train, write the round's files.

`Run` holds what a run carries from round to round (the pool, the adapted models, cumulative
counts); run.py's loop calls `sample_round`, `fold_and_compose`, `train_round` and `finish_round`
in turn. Items are sampled in the model's atom and premise names and kept in the user's (names.py).
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gentzen.train.accounting import Clock, JsonlLog
from gentzen.ttrl import arms
from gentzen.ttrl.config import TTRLConfig
from gentzen.ttrl.pool import Pool

SHARED = "shared"  # the group name of the one adapted model (without --fork)


class StopTraining(Exception):
    """Raised from an update's step callback after Ctrl-C: the update in flight is dropped (never saved)."""


@dataclass
class Run:
    cfg: TTRLConfig
    out: Path
    fmt: str
    pool: Pool
    phase: str
    history: list[int]
    models: dict[str, str]   # group -> checkpoint folder (relative to out) of its last update
    cum: dict                # cumulative samples, tokens, updates, seconds (the last record's)
    verifier: object
    source: object           # replay.ReplaySource
    trains: bool
    say: object
    engine_factory: object = None
    stop: object = None      # the _CtrlC guard: `requested` after the first Ctrl-C
    done: int = 0            # rounds finished
    first: int = 0           # rounds finished before this process started (a resume)
    x: float = 0.0           # the model's cumulative training seconds (--budget's unit)
    model_digest: str = ""   # --model's weights (checkpoint.weights_digest): a resume must start from the same
    started: float = field(default_factory=time.monotonic)

    @property
    def n_targets(self) -> int:
        return len(self.pool.targets)

    def model_of(self, group: str) -> str:
        return str(self.out / self.models[group]) if group in self.models else self.cfg.model

    def group_of(self, target: str) -> str:
        return target if self.cfg.fork else SHARED

    def samples_file(self, round_no: int) -> Path:
        return self.out / "rounds" / f"round-{round_no:03d}.samples.jsonl"


def item_row(cfg: TTRLConfig, verifier, round_no: int, item, res) -> dict:
    """One item's sampled attempts as its row: the sampler checks every line with the kernel; what
    it accepts is verified again by the run's backend (the sampler's kernel alone is not the judge
    with Lean)."""
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


def sample_items(cfg: TTRLConfig, engine, verifier, fmt: str, round_no: int, todo: list, want: dict[str, int]):
    """The items' attempts (k = want[name] each), yielded as each item finishes: guided sampling
    decodes across items (--batch-rows), each item's attempts the ones it gets alone, in the model's
    names (the proofs come back in the user's, kernel-checked against the statement as written)."""
    from gentzen.train.seeds import derived_seed
    from gentzen.search.prompts import run_many_in_model_names

    jobs = [(it, it.theorem, derived_seed(cfg.seed, round_no, it.name), want[it.name]) for it in todo]
    for it, res in run_many_in_model_names("guided", jobs, engine, temperature=cfg.temperature, fmt=fmt,
                                           batch_rows=cfg.batch_rows, redraws_per_line=cfg.redraws_per_line,
                                           redraws_per_proof=cfg.redraws_per_proof):
        yield item_row(cfg, verifier, round_no, it, res)


def sample_round(run: Run, round_no: int, active: list, want: dict[str, int], clock: Clock) -> dict[str, dict]:
    """Every active item's row of this round (rows already in the round's file were sampled before a
    kill and are kept); returns name -> row. Ctrl-C stops after the item in flight (`run.stop`)."""
    from gentzen.io import read_jsonl_resumable

    cfg, samples_file = run.cfg, run.samples_file(round_no)
    samples_file.parent.mkdir(exist_ok=True)
    rows: dict[str, dict] = {}
    for r in read_jsonl_resumable(samples_file):
        if r.get("name") in want and r.get("attempts") == want[r["name"]]:
            rows.setdefault(r["name"], r)
    clock.charge(sum(r["sample_seconds"] for r in rows.values()), sum(r["check_seconds"] for r in rows.values()))
    # one stream per model sampled from: --fork's groups share the base model until their first
    # update, and sampling them together fills the batch (each item's attempts depend on its seed alone)
    groups: dict[str, list] = {}
    for it in active:
        if it.name in want:
            groups.setdefault(run.model_of(run.group_of(it.target)), []).append(it)
    log, t0, resumed = JsonlLog(samples_file), time.monotonic(), len(rows)
    for model, items in groups.items():
        todo = [it for it in items if it.name not in rows]
        if not todo:
            continue
        with clock.loading():
            engine = run.engine_factory(model) if run.engine_factory else _engine(cfg, model)
        if hasattr(engine, "clear_cache"):  # no KV of another run: a resumed round samples alike
            engine.clear_cache()
        if run.stop.requested:
            return rows
        for row in sample_items(cfg, engine, run.verifier, run.fmt, round_no, todo, want):
            clock.charge(row["sample_seconds"], row["check_seconds"])
            log.write(row)
            rows[row["name"]] = row
            done_now = len(rows) - resumed
            # items decode together, so the first ones finish late: no estimate before a tenth is done
            eta = (time.monotonic() - t0) / done_now * (len(want) - len(rows)) \
                if done_now >= max(2, (len(want) - resumed) / 10) else None
            run.say({"event": "item", "round": round_no, "done": len(rows), "total": len(want), "eta": eta,
                     "solved": len(run.pool.solved()) + sum(1 for r in rows.values()
                                                            if r["kind"] == "target" and r["verified"])})
            if run.stop.requested and len(rows) < len(want):  # every finished item is kept
                return rows
        engine.close()
    return rows


def fold_and_compose(run: Run, round_no: int, active: list, rows: dict[str, dict], clock: Clock):
    """Fold the rows into the pool (in pool order: the same on every resume), then compose proofs of
    unsolved targets from solved lemma variants. Returns (ordered rows, solved before, composed)."""
    cfg, pool = run.cfg, run.pool
    ordered = [rows[it.name] for it in active if it.name in rows]
    solved_before = set(pool.solved())
    for r in ordered:
        arms.update_item(pool.items[r["name"]], r, cfg, round_no, cfg.keep_solved, pool)
    composed: dict[str, str] = {}
    if cfg.compose and pool.variants():
        with clock.checking():
            composed = compose_targets(pool, run.verifier, round_no)
        if not cfg.keep_solved:
            for name in composed:
                pool.retire(name)
    return ordered, solved_before, composed


def compose_targets(pool: Pool, verifier, round_no: int) -> dict[str, str]:
    """Unsolved targets proved by cut composition of their solved variants (kernel-checked while
    composed, then verified by the run's backend): name -> proof."""
    from gentzen.core.proof.theorem import parse_theorem
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


@dataclass
class Trained:
    """What a round's updates did: the record's training fields."""
    update: dict                              # {"ran": bool, "why": reason when it did not}
    loss: float | None = None
    loss_first: float | None = None
    train_proofs: int = 0
    replayed: int = 0
    train_tokens: int = 0  # tokens the updates ran through the model (the update's cost, load-independent)
    probes: list = field(default_factory=list)


def train_round(run: Run, round_no: int, ordered: list[dict], composed: dict[str, str], clock: Clock, *,
                last: bool = False) -> Trained:
    """One update per group on its proofs plus replay (a fresh AdamW, under one pass) and a checkpoint
    each; none when the arm does not train, every target is solved (nothing left to learn for) or this is
    the `last` round (no round would sample from the update; ttrl --final-update trains it anyway).
    Ctrl-C during an update raises StopTraining at once (the update in flight is not saved)."""
    cfg, pool = run.cfg, run.pool
    if not run.trains:
        return Trained({"ran": False, "why": f"arm {cfg.arm} does not train" if not arms.ARMS[cfg.arm].trains
                        else "--epochs 0 --steps 0"})
    if all(t.status == "solved" for t in pool.targets):
        return Trained({"ran": False, "why": "every target solved: nothing left to learn"})
    if last:
        return Trained({"ran": False, "why": "the last round: no round samples from its update (--final-update)"})
    out = Trained({"ran": False, "why": "no verified proof to learn from"})
    for group in sorted({run.group_of(it.target) for it in pool.items.values()}):
        g_rows = [r for r in ordered if run.group_of(r["target"]) == group]
        g_comp = {k: v for k, v in composed.items() if run.group_of(k) == group}
        kept = arms.buffered_targets(cfg, pool, lambda t, g=group: run.group_of(t.name) == g)
        records, n_replayed = arms.training_records(cfg, g_rows, pool.items, g_comp, run.source, round_no, kept)
        if records:
            _update_group(run, round_no, group, records, n_replayed, clock, out)
            out.update = {"ran": True}
            out.train_proofs += len(records)
            out.replayed += n_replayed
    return out


def _update_group(run: Run, round_no: int, group: str, records: list[dict], replayed: int, clock: Clock,
                  out: Trained) -> None:
    """One group's update on `records` (the last `replayed` of them replay) and its checkpoint
    (checkpoints/round-N[/group]); its stats go into `out`."""
    from gentzen.errors import require
    from gentzen.models import checkpoint
    from gentzen.train.seeds import derived_seed
    from gentzen.train.update import config_from, planned_steps, update

    torch = require("torch", "train")
    cfg = run.cfg
    with clock.loading():
        model, tokenizer, m_meta = checkpoint.load_checkpoint(run.model_of(group), cfg.device)
    seed = derived_seed(cfg.seed, round_no, group, "train")
    torch.manual_seed(seed)
    ucfg = config_from(cfg, run.fmt, seed)
    total, first = planned_steps(ucfg, len(records)), []

    def on_step(ev: dict) -> None:  # between optimizer steps: the safe point for Ctrl-C
        step, now = ev["step"], time.monotonic()
        if step == 1:  # timed from step 1's end: the probe and the encoding come before it
            first.append(now)
        run.say({"event": "train_step", "round": round_no, "step": step, "total": total,
                 "eta": (now - first[0]) / (step - 1) * (total - step) if step > 1 else None})
        if run.stop.requested and step < total:
            raise StopTraining

    if run.stop.requested:  # Ctrl-C while the model loaded: no update starts
        raise StopTraining
    with _stop_at_once(run.stop):
        stats = update(model, tokenizer, records, ucfg, clock=clock, probe=run.source.probe, on_step=on_step,
                       replayed=replayed)
    out.train_tokens += stats.tokens
    if stats.forgetting:
        out.probes.append(stats.forgetting)
    run.cum["updates"] += 1
    out.loss, out.loss_first = stats.loss_last, stats.loss_first if out.loss_first is None else out.loss_first
    where = f"checkpoints/round-{round_no}" + ("" if group == SHARED else f"/{group}")
    with clock.loading():
        checkpoint.save_checkpoint(run.out / where, model, tokenizer,
                                   {**m_meta, "format": run.fmt, "ttrl": {"round": round_no, "arm": cfg.arm,
                                                                          "group": group, "from": cfg.model}})
    run.models[group] = where


@contextmanager
def _stop_at_once(stop):
    """While an update runs, Ctrl-C raises StopTraining at once rather than after the optimizer step in
    flight (a step takes seconds on a CPU): the update is dropped unsaved, so any point of it is safe."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handle(signum, frame) -> None:
        stop.requested = True
        raise StopTraining

    old = signal.signal(signal.SIGINT, handle)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def round_record(run: Run, round_no: int, ordered: list[dict], solved_before: set, trained: Trained,
                 clock: Clock) -> dict:
    """The round's line of rounds.jsonl (cumulative counts updated in run.cum)."""
    cum, pool = run.cum, run.pool
    split = clock.split()
    t_round = sum(r["attempts"] for r in ordered if r["kind"] == "target")
    v_round = sum(r["attempts"] for r in ordered if r["kind"] != "target")
    cum["t_samples"] += t_round
    cum["v_samples"] += v_round
    cum["tokens"] += sum(r["tokens"] for r in ordered)
    for k, v in split.items():
        cum["seconds"][k] = round(cum["seconds"].get(k, 0.0) + v, 4)
    solved = pool.solved()
    n = run.n_targets
    return {"round": round_no, "arm": run.cfg.arm, "phase": run.phase, "solved": solved,
            "solved_by_composition": [t.name for t in pool.targets if t.status == "solved" and t.by == "composition"],
            "new": [x for x in solved if x not in solved_before], "pool": pool.counts(),
            "rates": {r["name"]: round(r["verified"] / r["attempts"], 4) for r in ordered if r["attempts"]},
            "update": trained.update, "loss": trained.loss, "loss_first": trained.loss_first,
            "train_proofs": trained.train_proofs, "replayed": trained.replayed, "train_tokens": trained.train_tokens,
            "forgetting": mean_probe(trained.probes),
            "samples": {"targets": round(cum["t_samples"] / n, 4), "variants": round(cum["v_samples"] / n, 4)},
            "samples_round": {"targets": t_round, "variants": v_round},
            "samples_total": {"targets": cum["t_samples"], "variants": cum["v_samples"]},
            "tokens": cum["tokens"], "updates": cum["updates"], "seconds": dict(cum["seconds"]), "round_seconds": split}


def finish_round(run: Run, round_no: int, record: dict, rows: dict[str, dict]) -> None:
    """Write rounds.jsonl's line, the tables, state.json (the round counts as finished once it says
    so) and the chart."""
    from gentzen.io import atomic_write_json
    from gentzen.ttrl.report import plot_runs

    run.history.append(len(record["solved"]))
    run.phase, added = arms.switch_phase(run.cfg, run.phase, run.history, run.pool)
    if added:
        record["switched"] = {"to": run.phase, "variants": added}
    JsonlLog(run.out / "rounds.jsonl").write(record)
    write_tables(run.out, run.pool, rows, run.cfg.arm)
    atomic_write_json(run.out / "state.json", {"rounds": round_no, "pool": run.pool.to_json(), "phase": run.phase,
                                               "history": run.history, "models": run.models,
                                               "model_digest": run.model_digest, "config": asdict(run.cfg)})
    try:
        plot_runs([run.out], run.out / "curves.png")
    except Exception:  # noqa: BLE001 - a chart never costs a finished round
        pass


def mean_probe(probes: list[dict]) -> dict | None:
    """The round's forgetting probe: one update's, or the mean over --fork's updates (with their count)."""
    if not probes:
        return None
    if len(probes) == 1:
        return probes[0]
    return {"before": round(sum(p["before"] for p in probes) / len(probes), 6),
            "after": round(sum(p["after"] for p in probes) / len(probes), 6),
            "proofs": probes[0]["proofs"], "updates": len(probes)}


def write_tables(out: Path, pool: Pool, rows: dict[str, dict], arm: str) -> None:
    """targets.jsonl (with the target's attempts of the last round it was sampled in), variants.jsonl
    and proofs.lean (every solved target's proof, under the user's name for it)."""
    from gentzen.io import atomic_write_jsonl, atomic_write_text, read_jsonl_resumable
    from gentzen.ttrl.report import PROOFS, proofs_lean

    old = {r.get("name"): r.get("attempts") for r in read_jsonl_resumable(out / "targets.jsonl")}
    trows = []
    for t in pool.targets:
        row = t.row()
        got = rows.get(t.name, {}).get("attempts_detail")
        row["attempts"] = got if got is not None else (old.get(t.name) or [])
        row["variant_samples"] = sum(v.samples for v in pool.variants(t.name))
        trows.append(row)
    atomic_write_jsonl(out / "targets.jsonl", trows)
    atomic_write_text(out / PROOFS, proofs_lean(trows, arm))
    atomic_write_jsonl(out / "variants.jsonl", [v.row() for v in pool.variants()])


def _engine(cfg: TTRLConfig, model: str):
    from gentzen.engines import EngineChoice, open_engine

    return open_engine(model, EngineChoice(cfg.engine, tuple(cfg.base_url), cfg.api_key_env), device=cfg.device,
                       threads=cfg.threads or None)
