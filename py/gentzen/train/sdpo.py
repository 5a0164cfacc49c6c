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
from gentzen.train.sdpo_group import model_format, one_group, preflight
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


class _Session:
    """What one SDPO run holds while it runs (model, engine, verifier, logs, totals) and the steps
    both modes share: one update with replay and sync, the teacher-gap check, an iteration's log."""

    def __init__(self, cfg: SDPOConfig, torch, say, out: Path, theorems: list[str], state: dict | None) -> None:
        from gentzen.engines.sync import Syncer
        from gentzen.repl.verify import make_verifier
        from gentzen.train import replay
        from gentzen.train.update import UpdateConfig

        self.cfg, self.torch, self.say, self.out, self.theorems = cfg, torch, say, out, theorems
        self.state_file = out / "state.json"
        self.it_log, self.res_log = JsonlLog(out / "iterations.jsonl"), JsonlLog(out / "results.jsonl")
        self.mark = state["done"] if state else 0  # theorems finished (per-theorem) or iterations (batch)
        mark = self.mark
        keep = (lambda r: r.get("theorem_index", 0) < mark) if cfg.mode == "per-theorem" else \
            (lambda r: r.get("iteration", 0) <= mark)
        earlier = self.it_log.keep(keep)  # finished work of an interrupted run counts in the totals
        self.results = {r["index"]: r for r in self.res_log.keep(lambda r: r.get("index", -1) < mark
                                                                 if cfg.mode == "per-theorem" else True)}
        carried = (cfg.carry or cfg.mode == "batch") and state is not None and (out / "model").is_dir()
        if cfg.task == "lean":
            from gentzen.train.lean_prover import LeanChecker

            self.verifier = LeanChecker(cfg.lean_header, cfg.repl_cmd or None, cfg.lean_url or None)
        else:
            self.verifier = make_verifier(cfg.backend, repl_cmd=cfg.repl_cmd or None)
        self.checker = getattr(self.verifier, "checker", "kernel")  # recorded with every verdict: who judged it
        self.totals, self.seconds = Tally(), {}
        for r in earlier:
            self.totals.add(Tally.from_dict(r.get("tally", {})))
            for k, v in r.get("seconds", {}).items():
                self.seconds[k] = round(self.seconds.get(k, 0.0) + v, 4)
        self.model, self.tokenizer, self.meta = _load_student(cfg, str(out / "model") if carried else cfg.model)
        self.base_state = None if cfg.carry or cfg.mode == "batch" else \
            {k: v.detach().clone() for k, v in self.model.state_dict().items()}
        self.engine = _engine(self.model, self.tokenizer)
        self.syncer = Syncer(self.engine, out / "adapters")
        # replay and the forgetting probe around every update (train/replay.py; a lean-task HF model has no data of its own)
        self.source = replay.resolve(cfg.replay or ("none" if cfg.task == "lean" else ""), cfg.model, cfg.replay_share,
                                     cfg.probe, set(theorems), say)
        self.ucfg = UpdateConfig(lr=cfg.lr, seed=cfg.seed, format=model_format(cfg))
        self.gaps: list[tuple[float, int]] = []  # (gap, proofs) of every measured iteration
        self.teacher = None  # the stop-gradient teacher of the theorem (per-theorem) or the run (batch)
        self.model_digest = ""  # --model's weights (checkpoint.weights_digest), recorded for a resume

    def save_state(self, done: int) -> None:
        from gentzen.io import atomic_write_json

        atomic_write_json(self.state_file, {"done": done, "model_digest": self.model_digest,
                                            "config": asdict(self.cfg)})

    def gate(self, gap, proofs: int, where: str) -> None:
        """SDPO helps only when the teacher out-reads the student: refuse otherwise (unless --force)."""
        from gentzen.train.teacher import refusal

        if gap is not None and gap <= 0 and not self.cfg.force:
            raise InputError(refusal(gap, proofs, where))

    def measure(self, record: dict, items: list) -> None:
        """The iteration's teacher gap on its verified proofs (None without any), into its record."""
        from gentzen.train.teacher import teacher_gap

        gap = teacher_gap(self.torch, self.model, self.teacher, self.tokenizer, items)
        record["teacher_gap"] = None if gap is None else round(gap, 4)
        if gap is not None:
            self.gaps.append((gap, len(items)))

    def log_iteration(self, record: dict, clock: Clock, tally: Tally) -> None:
        split = clock.split()
        self.it_log.write({**record, "tally": tally.to_dict(), "seconds": split})
        self.totals.add(tally)
        for k, v in split.items():
            self.seconds[k] = round(self.seconds.get(k, 0.0) + v, 4)
        self.say({"event": "iteration", **record})

    def optimizer(self):
        return self.torch.optim.AdamW([p for p in self.model.parameters() if p.requires_grad], lr=self.cfg.lr,
                                      betas=(0.9, 0.95), weight_decay=0.0)

    def update(self, samples: list, opt, record: dict, tally: Tally, clock: Clock, replay_seed: int) -> None:
        """One SDPO update on the failed samples, the replayed share after it, the engine synced;
        the forgetting probe around them. Its numbers go into `record` and `tally`."""
        from gentzen.train import replay

        cfg, model, tokenizer, source, ucfg = self.cfg, self.model, self.tokenizer, self.source, self.ucfg
        before = replay.probe_before(model, tokenizer, source, ucfg, clock)
        with clock.training():
            stats = sdpo_update(self.torch, model, self.teacher, samples, opt, cfg)
            stats["replayed"] = replay.replay_update(model, tokenizer, source, len(samples), ucfg, replay_seed)
            rep = self.syncer.sync(model)
        stats["forgetting"] = replay.probe_after(model, tokenizer, source, ucfg, before, clock)
        tally.train_steps, tally.train_tokens, tally.train_proofs = cfg.steps, stats["train_tokens"], len(samples)
        record.update(stats, sync_seconds=round(rep.seconds, 6), sync=rep.engine)


def _per_theorem(s: _Session, stop) -> None:
    """Each theorem from --model (or the last one's weights with --carry): sample and check a group,
    stop when solved, else one update; the gap is judged over the run so far after each theorem."""
    from gentzen.train.divergence import make_teacher
    from gentzen.train.seeds import derived_seed

    cfg, out = s.cfg, s.out
    for ti in range(s.mark, len(s.theorems)):
        if stop.requested:
            raise Interrupted(str(out), f"{ti} finished theorem(s)")
        theorem = s.theorems[ti]
        if s.base_state is not None and ti > s.mark:  # every theorem starts from --model
            s.model.load_state_dict(s.base_state)
            s.syncer.sync(s.model)
        s.teacher = make_teacher(s.model)
        opt = s.optimizer()
        s.torch.manual_seed(derived_seed(cfg.seed, ti, "train"))
        row = {"index": ti, "theorem": theorem, "solved": False, "proof": None, "iterations": 0,
               "samples": 0, "tokens": 0, "checker": s.checker}
        for it in range(1, cfg.iterations + 1):
            clock, tally = Clock(), Tally(targets=1)
            samples, proofs, items = one_group(cfg, s.engine, s.verifier, s.tokenizer, theorem,
                                               derived_seed(cfg.seed, ti, it), tally, clock)
            record = {"theorem_index": ti, "iteration": it, "verified": len(proofs), "checker": s.checker}
            s.measure(record, items)
            row["iterations"], row["samples"] = it, row["samples"] + tally.samples
            row["tokens"] += tally.tokens
            if proofs:
                tally.solved = 1
                row["solved"], row["proof"] = True, proofs[0]
                s.log_iteration(record, clock, tally)
                break
            if it < cfg.iterations and samples:  # the last iteration's update would not be sampled from
                s.update(samples, opt, record, tally, clock, derived_seed(cfg.seed, ti, it, "replay"))
            s.log_iteration(record, clock, tally)
            if stop.requested:
                break
        if stop.requested and not row["solved"] and row["iterations"] < cfg.iterations:
            s.it_log.keep(lambda r, ti=ti: r.get("theorem_index") != ti)  # redone on resume
            raise Interrupted(str(out), f"{ti} finished theorem(s)")
        s.res_log.write(row)
        s.results[ti] = row
        if cfg.carry:
            _save(cfg, out, s.model, s.tokenizer, s.meta)
        s.save_state(ti + 1)
        gaps = s.gaps
        mean = sum(g * n for g, n in gaps) / max(1, sum(n for _, n in gaps)) if gaps else None
        s.say({"event": "theorem", "index": ti, "solved": row["solved"],
               "solved_total": sum(r["solved"] for r in s.results.values()), "done": ti + 1,
               "total": len(s.theorems), "teacher_gap": mean})
        # each theorem is one short run from --model: its gap is judged over the run so far
        s.gate(mean, sum(n for _, n in gaps), f"over {ti + 1} theorem(s)")


def _batch(s: _Session, stop) -> None:
    """One model adapted on the whole list: each iteration samples every unsolved theorem, then one
    update on all their failed samples; the gap is judged every iteration."""
    from gentzen.train.divergence import make_teacher
    from gentzen.train.seeds import derived_seed

    cfg, out, theorems = s.cfg, s.out, s.theorems
    s.teacher = make_teacher(s.model)
    opt = s.optimizer()
    for it in range(s.mark + 1, cfg.iterations + 1):
        if stop.requested:
            raise Interrupted(str(out), f"{it - 1} finished iteration(s)")
        s.torch.manual_seed(derived_seed(cfg.seed, it, "train"))
        clock = Clock()
        todo = [i for i in range(len(theorems)) if not s.results.get(i, {}).get("solved")]
        tally, samples, items = Tally(targets=len(todo)), [], []
        for i in todo:
            got, proofs, its = one_group(cfg, s.engine, s.verifier, s.tokenizer, theorems[i],
                                         derived_seed(cfg.seed, i, it), tally, clock)
            samples += got
            items += its
            if proofs:
                tally.solved += 1
                s.results[i] = {"index": i, "theorem": theorems[i], "solved": True, "proof": proofs[0],
                                "iterations": it, "checker": s.checker}
                s.res_log.write(s.results[i])
        record = {"iteration": it, "targets": len(todo), "verified": tally.verified, "checker": s.checker}
        s.measure(record, items)  # before this iteration's update, as the samples were drawn
        if samples and it < cfg.iterations:
            s.update(samples, opt, record, tally, clock, derived_seed(cfg.seed, it, "replay"))
            _save(cfg, out, s.model, s.tokenizer, s.meta)
        s.log_iteration(record, clock, tally)
        s.save_state(it)
        s.gate(record["teacher_gap"], len(items), f"iteration {it}")


def run(cfg: SDPOConfig, progress: Callable[[dict], None] | None = None) -> SDPOResult:
    check_config(cfg)
    torch = require("torch", "train")
    from gentzen.io import atomic_write_json
    from gentzen.models.threads import set_threads
    from gentzen.train.interrupt import CtrlC

    say = progress or (lambda ev: None)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    set_threads(cfg.threads)
    theorems = load_theorems(cfg)
    from gentzen.models.checkpoint import weights_digest

    digest = weights_digest(cfg.model)  # a moved model resumes, a replaced one is refused
    state = resume_state(out / "state.json", cfg, PROVENANCE, ("done", "config"),
                         "an SDPO state file (written by train sdpo)", model_digest=digest)
    s = _Session(cfg, torch, say, out, theorems, state)
    s.model_digest = digest
    stop = CtrlC()
    if state is None and cfg.task == "prop":  # the gap before the first update; state.json only once it passes
        gap0 = preflight(torch, cfg, s.engine, s.verifier, s.model, s.model, s.tokenizer, theorems)
        atomic_write_json(out / "teacher_gap.json", {**gap0, "force": cfg.force})
        say({"event": "teacher_gap", **gap0})
        s.gate(gap0["teacher_gap"], gap0["proofs"], "before training")
    if state is None:
        s.save_state(0)
    say({"event": "start", "theorems": len(theorems), "done": s.mark, "mode": cfg.mode,
         "replay": s.source.describe()})
    with stop:
        (_per_theorem if cfg.mode == "per-theorem" else _batch)(s, stop)
    s.verifier.close()
    solved = sum(1 for r in s.results.values() if r.get("solved"))
    return SDPOResult(str(out), len(theorems), solved, s.totals.to_dict(), s.seconds)
