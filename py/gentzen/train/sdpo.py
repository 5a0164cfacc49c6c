"""SDPO: self-distillation with checker feedback (test-time training on theorems the model fails).

The loop: each iteration samples and checks a group (sdpo_group.py), the student is pulled toward
the stop-gradient teacher on its own failed samples (sdpo_loss.py), then the engine is synced to the
new weights. `per-theorem` stops a theorem when solved; `batch` adapts one model on the whole list.
Options: sdpo_config.py. Logs: iterations.jsonl, results.jsonl; resumable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from gentzen.errors import InputError, require
from gentzen.train.accounting import Clock, JsonlLog, Tally, resume_state
from gentzen.train.sdpo_config import PROVENANCE, SDPOConfig, check_config, load_theorems
from gentzen.train.sdpo_group import one_group, preflight
from gentzen.train.sdpo_loss import sdpo_update


class Interrupted(KeyboardInterrupt):
    def __init__(self, out: str, done: str) -> None:
        super().__init__(f"interrupted: {done} saved in {out}; the same command with --resume continues")


@dataclass
class SDPOResult:
    out: str
    theorems: int
    solved: int
    totals: dict
    seconds: dict


def _load_student(cfg: SDPOConfig, path: str):
    from gentzen.models import checkpoint
    from gentzen.models.lora import add_lora, load_adapter

    adapter = Path(path) / "adapter"
    model, tokenizer, meta = checkpoint.load_checkpoint(path if not adapter.is_dir() else cfg.model, cfg.device)
    if adapter.is_dir():  # a resumed LoRA run: the base plus the saved adapter
        model = load_adapter(model, adapter, trainable=True)
    elif cfg.lora:
        model = add_lora(model, cfg.lora)
    if not cfg.lora:
        for p in model.parameters():
            p.requires_grad_(True)
    return model, tokenizer, meta


def _engine(model, tokenizer):
    from gentzen.engines.sync import fast_engine_for
    from gentzen.engines.torch_engine import TorchEngine

    return fast_engine_for(model, tokenizer) or TorchEngine(model, tokenizer)


def _save(cfg: SDPOConfig, out: Path, model, tokenizer, meta: dict) -> None:
    from gentzen.models import checkpoint
    from gentzen.models.lora import save_adapter

    if hasattr(model, "peft_config"):
        save_adapter(model, out / "model" / "adapter")
    else:
        checkpoint.save_checkpoint(out / "model", model, tokenizer, {**meta, "sdpo": asdict(cfg)})


def run(cfg: SDPOConfig, progress: Callable[[dict], None] | None = None) -> SDPOResult:
    check_config(cfg)
    torch = require("torch", "train")
    from gentzen.engines.sync import Syncer
    from gentzen.io import atomic_write_json
    from gentzen.models.threads import set_threads
    from gentzen.repl.verify import make_verifier
    from gentzen.train.divergence import make_teacher
    from gentzen.train.interrupt import CtrlC
    from gentzen.train.seeds import derived_seed
    from gentzen.train.teacher import refusal, teacher_gap

    say = progress or (lambda ev: None)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    set_threads(cfg.threads)
    theorems = load_theorems(cfg)
    state_file, it_log, res_log = out / "state.json", JsonlLog(out / "iterations.jsonl"), JsonlLog(out / "results.jsonl")
    state = resume_state(state_file, cfg, PROVENANCE, ("done", "config"), "an SDPO state file (written by train sdpo)")
    progress_mark = state["done"] if state else 0  # theorems finished (per-theorem) or iterations (batch)
    keep = (lambda r: r.get("theorem_index", 0) < progress_mark) if cfg.mode == "per-theorem" else \
        (lambda r: r.get("iteration", 0) <= progress_mark)
    earlier = it_log.keep(keep)  # finished work of an interrupted run counts in the totals
    results = {r["index"]: r for r in res_log.keep(lambda r: r.get("index", -1) < progress_mark
                                                  if cfg.mode == "per-theorem" else True)}
    carried = (cfg.carry or cfg.mode == "batch") and state is not None and (out / "model").is_dir()
    if cfg.task == "lean":
        from gentzen.train.lean_prover import LeanChecker

        verifier = LeanChecker(cfg.lean_header, cfg.repl_cmd or None, cfg.lean_url or None)
    else:
        verifier = make_verifier(cfg.backend, repl_cmd=cfg.repl_cmd or None)
    checker = getattr(verifier, "checker", "kernel")  # recorded with every verdict: who judged it
    totals, seconds = Tally(), {}
    for r in earlier:
        totals.add(Tally.from_dict(r.get("tally", {})))
        for k, v in r.get("seconds", {}).items():
            seconds[k] = round(seconds.get(k, 0.0) + v, 4)
    stop = CtrlC()

    def save_state(done: int) -> None:
        atomic_write_json(state_file, {"done": done, "config": asdict(cfg)})

    model, tokenizer, meta = _load_student(cfg, str(out / "model") if carried else cfg.model)
    base_state = None if cfg.carry or cfg.mode == "batch" else {k: v.detach().clone() for k, v in model.state_dict().items()}
    engine = _engine(model, tokenizer)
    syncer = Syncer(engine, out / "adapters")
    # replay and the forgetting probe around every update (train/replay.py; a lean-task HF model has no data of its own)
    from gentzen.train import replay
    from gentzen.train.update import UpdateConfig

    source = replay.resolve(cfg.replay or ("none" if cfg.task == "lean" else ""), cfg.model, cfg.replay_share,
                            cfg.probe, set(theorems), say)
    ucfg = UpdateConfig(lr=cfg.lr, seed=cfg.seed)
    gaps: list[tuple[float, int]] = []  # (gap, proofs) of every measured iteration

    def gate(gap, proofs: int, where: str) -> None:
        """SDPO helps only when the teacher out-reads the student: refuse otherwise (unless --force)."""
        if gap is not None and gap <= 0 and not cfg.force:
            raise InputError(refusal(gap, proofs, where))

    if state is None and cfg.task == "prop":  # the gap before the first update; state.json only once it passes
        gap0 = preflight(torch, cfg, engine, verifier, model, model, tokenizer, theorems)
        atomic_write_json(out / "teacher_gap.json", {**gap0, "force": cfg.force})
        say({"event": "teacher_gap", **gap0})
        gate(gap0["teacher_gap"], gap0["proofs"], "before training")
    if state is None:
        save_state(0)
    say({"event": "start", "theorems": len(theorems), "done": progress_mark, "mode": cfg.mode,
         "replay": source.describe()})

    def measure(record: dict, items: list) -> None:
        """The iteration's teacher gap on its verified proofs (None without any), into its record."""
        gap = teacher_gap(torch, model, teacher, tokenizer, items)
        record["teacher_gap"] = None if gap is None else round(gap, 4)
        if gap is not None:
            gaps.append((gap, len(items)))

    def log_iteration(record: dict, clock: Clock, tally: Tally) -> None:
        split = clock.split()
        it_log.write({**record, "tally": tally.to_dict(), "seconds": split})
        totals.add(tally)
        for k, v in split.items():
            seconds[k] = round(seconds.get(k, 0.0) + v, 4)
        say({"event": "iteration", **record})

    with stop:
        if cfg.mode == "per-theorem":
            for ti in range(progress_mark, len(theorems)):
                if stop.requested:
                    raise Interrupted(str(out), f"{ti} finished theorem(s)")
                theorem = theorems[ti]
                if base_state is not None and ti > progress_mark:  # every theorem starts from --model
                    model.load_state_dict(base_state)
                    syncer.sync(model)
                teacher = make_teacher(model)
                opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.lr,
                                        betas=(0.9, 0.95), weight_decay=0.0)
                torch.manual_seed(derived_seed(cfg.seed, ti, "train"))
                row = {"index": ti, "theorem": theorem, "solved": False, "proof": None, "iterations": 0,
                       "samples": 0, "tokens": 0, "checker": checker}
                for it in range(1, cfg.iterations + 1):
                    clock, tally = Clock(), Tally(targets=1)
                    samples, proofs, items = one_group(cfg, engine, verifier, tokenizer, theorem,
                                                       derived_seed(cfg.seed, ti, it), tally, clock)
                    record = {"theorem_index": ti, "iteration": it, "verified": len(proofs), "checker": checker}
                    measure(record, items)
                    row["iterations"], row["samples"] = it, row["samples"] + tally.samples
                    row["tokens"] += tally.tokens
                    if proofs:
                        tally.solved = 1
                        row["solved"], row["proof"] = True, proofs[0]
                        log_iteration(record, clock, tally)
                        break
                    if it < cfg.iterations and samples:  # the last iteration's update would not be sampled from
                        before = replay.probe_before(model, tokenizer, source, ucfg, clock)
                        with clock.training():
                            stats = sdpo_update(torch, model, teacher, samples, opt, cfg)
                            stats["replayed"] = replay.replay_update(model, tokenizer, source, len(samples), ucfg,
                                                                     derived_seed(cfg.seed, ti, it, "replay"))
                            rep = syncer.sync(model)
                        stats["forgetting"] = replay.probe_after(model, tokenizer, source, ucfg, before, clock)
                        tally.train_steps, tally.train_tokens, tally.train_proofs = cfg.steps, stats["train_tokens"], len(samples)
                        record.update(stats, sync_seconds=round(rep.seconds, 6), sync=rep.engine)
                    log_iteration(record, clock, tally)
                    if stop.requested:
                        break
                if stop.requested and not row["solved"] and row["iterations"] < cfg.iterations:
                    it_log.keep(lambda r, ti=ti: r.get("theorem_index") != ti)  # redone on resume
                    raise Interrupted(str(out), f"{ti} finished theorem(s)")
                res_log.write(row)
                results[ti] = row
                if cfg.carry:
                    _save(cfg, out, model, tokenizer, meta)
                save_state(ti + 1)
                mean = sum(g * n for g, n in gaps) / max(1, sum(n for _, n in gaps)) if gaps else None
                say({"event": "theorem", "index": ti, "solved": row["solved"],
                     "solved_total": sum(r["solved"] for r in results.values()), "done": ti + 1,
                     "total": len(theorems), "teacher_gap": mean})
                # each theorem is one short run from --model: its gap is judged over the run so far
                gate(mean, sum(n for _, n in gaps), f"over {ti + 1} theorem(s)")
        else:
            teacher = make_teacher(model)
            opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=cfg.lr,
                                    betas=(0.9, 0.95), weight_decay=0.0)
            for it in range(progress_mark + 1, cfg.iterations + 1):
                if stop.requested:
                    raise Interrupted(str(out), f"{it - 1} finished iteration(s)")
                torch.manual_seed(derived_seed(cfg.seed, it, "train"))
                clock = Clock()
                todo = [i for i in range(len(theorems)) if not results.get(i, {}).get("solved")]
                tally, samples, items = Tally(targets=len(todo)), [], []
                for i in todo:
                    got, proofs, its = one_group(cfg, engine, verifier, tokenizer, theorems[i],
                                                 derived_seed(cfg.seed, i, it), tally, clock)
                    samples += got
                    items += its
                    if proofs:
                        tally.solved += 1
                        results[i] = {"index": i, "theorem": theorems[i], "solved": True, "proof": proofs[0],
                                      "iterations": it, "checker": checker}
                        res_log.write(results[i])
                record = {"iteration": it, "targets": len(todo), "verified": tally.verified, "checker": checker}
                measure(record, items)  # before this iteration's update, as the samples were drawn
                if samples and it < cfg.iterations:
                    before = replay.probe_before(model, tokenizer, source, ucfg, clock)
                    with clock.training():
                        stats = sdpo_update(torch, model, teacher, samples, opt, cfg)
                        stats["replayed"] = replay.replay_update(model, tokenizer, source, len(samples), ucfg,
                                                                 derived_seed(cfg.seed, it, "replay"))
                        rep = syncer.sync(model)
                    stats["forgetting"] = replay.probe_after(model, tokenizer, source, ucfg, before, clock)
                    tally.train_steps, tally.train_tokens, tally.train_proofs = cfg.steps, stats["train_tokens"], len(samples)
                    record.update(stats, sync_seconds=round(rep.seconds, 6), sync=rep.engine)
                    _save(cfg, out, model, tokenizer, meta)
                log_iteration(record, clock, tally)
                save_state(it)
                gate(record["teacher_gap"], len(items), f"iteration {it}")
    verifier.close()
    solved = sum(1 for r in results.values() if r.get("solved"))
    return SDPOResult(str(out), len(theorems), solved, totals.to_dict(), seconds)

