"""SDPO: self-distillation with checker feedback (test-time training on theorems the model fails).

Read top to bottom: config, checks, a group's sampling and checking, then `run`. Each iteration
samples a group of proofs (guided sampler), verifies them (kernel or Lean), and for every failed
proof builds a teacher prompt = the student prompt + the checker's feedback (+ a verified sibling);
the student is pulled toward the stop-gradient teacher on its own sample, token by token
(sdpo_loss.py), then the engine is synced to the new weights. `per-theorem` stops a theorem when
solved; `batch` adapts one model on the whole list. Logs: iterations.jsonl, results.jsonl; resumable.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from gentzen.config import option as _opt
from gentzen.errors import InputError, require
from gentzen.train.accounting import Clock, JsonlLog, Tally, resume_state
from gentzen.train.update import run_option
from gentzen.train.sdpo_loss import (  # noqa: F401 (the loss step, re-exported as sdpo's API)
    Sample, _response_logits, batch_response_logits, make_sample, sample_loss, sdpo_update)


@dataclass
class SDPOConfig:
    model: str = _opt("", "model directory to adapt (a gentzen model or any local HF causal LM) "
                          "(default: the shipped model, py/gentzen/assets/default_model)")
    theorems: str = _opt("", "JSONL of theorems (records with 'theorem'), e.g. `gentzen gen` output")
    out: str = _opt("", "run directory: iterations.jsonl, results.jsonl, state.json (and model/ when weights carry over)")
    mode: str = _opt("per-theorem", "per-theorem (sample, check, stop when solved, else one update) | batch (one model, all theorems)")
    iterations: int = _opt(4, "iterations per theorem (per-theorem) or over the list (batch)")
    group: int = _opt(8, "proofs sampled per theorem per iteration (n)")
    divergence: str = _opt("reverse", "per-token divergence: reverse (KL student‖teacher) | forward | jsd:α")
    topk: int = _opt(20, "student top-k tokens compared, plus one tail bucket (0: the full vocabulary)")
    ema: float = _opt(0.05, "teacher EMA rate after each step (0: frozen teacher, 1: the live student)")
    is_clip: float = _opt(2.0, "clip of the token-level importance weight p_now / p_sampler (0: off)")
    lora: str = _opt("", "train a LoRA adapter 'r:α' (e.g. 16:32) instead of all weights (empty: full fine-tuning)")
    backend: str = _opt("kernel", "verifier of the sampled proofs: kernel | repl | kimina | both")
    task: str = _opt("prop", "prop (gentzen's propositional theorems, guided line sampling) | lean (any Lean 4 "
                             "statement, whole proofs from any HF prover, checked by Lean)")
    lean_header: str = _opt("", "lean task: text put before every theorem (e.g. 'import Mathlib')")
    repl_cmd: str = _opt("", "lean task, and --backend repl|both: the REPL command (default `lake exe repl`, which "
                             "needs Lean; \"gentzen repl\" is gentzen's kernel-backed REPL, not Lean)")
    lean_url: str = _opt("", "lean task: a Kimina-compatible server URL instead of a REPL")
    max_tokens: int = _opt(1024, "lean task: longest sampled proof in tokens (a longer one is reported truncated)")
    lr: float = _opt(1e-4, "learning rate (AdamW; one optimizer per theorem in per-theorem mode)")
    steps: int = _opt(1, "optimizer steps per iteration on the iteration's failed samples")
    replay: str = _opt("", run_option("replay").metadata["help"] + " (task lean: none unless given)")
    replay_share: float = run_option("replay_share")
    probe: int = run_option("probe")
    carry: bool = _opt(False, "per-theorem: each theorem continues from the last one's weights (default: all start from --model)")
    temperature: float = _opt(1.0, "sampling temperature")
    feedback_chars: int = _opt(2000, "longest feedback block in characters")
    limit: int = _opt(0, "only the first N theorems (0: all)")
    seed: int = _opt(0, "seed of sampling and training")
    resume: bool = _opt(False, "continue OUT (after a kill or Ctrl-C): finished theorems / iterations are kept")
    threads: int = _opt(0, "torch CPU threads (0: gentzen's default)")
    device: str = _opt("cpu", "cpu | cuda | cuda:N")
    force: bool = _opt(False, "run even when the teacher gap is not positive (the teacher reads its feedback block "
                              "no better than the student: SDPO would distil toward a worse model)")


# What a resumed run must share with the run that started OUT.
PROVENANCE = ("model", "theorems", "mode", "iterations", "group", "divergence", "topk", "ema", "is_clip", "lora",
              "backend", "task", "lean_header", "max_tokens", "lr", "steps", "carry", "temperature", "feedback_chars", "limit", "seed",
              "replay", "replay_share", "probe")
MODES = ("per-theorem", "batch")


class Interrupted(KeyboardInterrupt):
    def __init__(self, out: str, done: str) -> None:
        super().__init__(f"interrupted: {done} saved in {out}; the same command with --resume continues")


def check_config(cfg: SDPOConfig) -> None:
    """Ranges and choices before any model loads (InputError)."""
    from gentzen.models.threads import check_threads
    from gentzen.repl.verify import BACKENDS
    from gentzen.train.divergence import parse_kind

    def need(ok: bool, message: str) -> None:
        if not ok:
            raise InputError(message)

    need(bool(cfg.model and cfg.theorems and cfg.out), "--model, --theorems and --out are required")
    need((Path(cfg.model) / "config.json").is_file(), f"--model {cfg.model}: not a model directory (no config.json)")
    need(Path(cfg.theorems).is_file(), f"--theorems {cfg.theorems}: no such file")
    from gentzen.train.replay import check_replay

    check_replay(cfg.replay, cfg.replay_share, cfg.probe)
    need(cfg.mode in MODES, f"--mode {cfg.mode!r}: choose per-theorem or batch")
    need(cfg.iterations >= 1, f"--iterations must be at least 1, got {cfg.iterations}")
    need(cfg.group >= 1, f"--group must be at least 1, got {cfg.group}")
    parse_kind(cfg.divergence)
    need(cfg.topk >= 0, f"--topk must be at least 0 (0: full vocabulary), got {cfg.topk}")
    need(0.0 <= cfg.ema <= 1.0, f"--ema must be in [0, 1], got {cfg.ema:g}")
    need(cfg.is_clip >= 0, f"--is-clip must be at least 0 (0: off), got {cfg.is_clip:g}")
    if cfg.lora:
        from gentzen.train.lora import parse_spec

        parse_spec(cfg.lora)
    need(cfg.backend in BACKENDS, f"--backend {cfg.backend!r}: choose one of {', '.join(BACKENDS)}")
    need(cfg.task in ("prop", "lean"), f"--task {cfg.task!r}: choose prop or lean")
    need(1 <= cfg.max_tokens <= 65536, f"--max-tokens must be in [1, 65536], got {cfg.max_tokens}")
    if cfg.task == "lean":
        from gentzen.train.lean_prover import require_lean

        require_lean(cfg.repl_cmd or None, cfg.lean_url or None)  # without Lean: one line, before any work
    need(cfg.lr > 0, f"--lr must be greater than 0, got {cfg.lr:g}")
    need(cfg.steps >= 1, f"--steps must be at least 1, got {cfg.steps}")
    need(cfg.temperature > 0, f"--temperature must be greater than 0 (SDPO learns from samples), got {cfg.temperature:g}")
    need(200 <= cfg.feedback_chars <= 20000, f"--feedback-chars must be in [200, 20000], got {cfg.feedback_chars}")
    need(cfg.limit >= 0, f"--limit must be at least 0, got {cfg.limit}")
    check_threads(cfg.threads)
    out = Path(cfg.out)
    need(not (out.exists() and not out.is_dir()), f"--out {out}: is an existing file; give a folder")
    if (out / "state.json").is_file() and not cfg.resume:
        raise InputError(f"--out {out} holds an SDPO run: pass --resume to continue it, or choose another --out")
    if cfg.task == "prop":  # last (it may ask a server): Lean or --repl-cmd for repl/both, a healthy Kimina
        from gentzen.repl.checkers import require_checker

        require_checker(cfg.backend, cfg.repl_cmd or None)


def load_theorems(cfg: SDPOConfig) -> list[str]:
    from gentzen.io import read_jsonl

    out = [rec["theorem"] for _, rec in read_jsonl(cfg.theorems) if isinstance(rec, dict) and rec.get("theorem")]
    out = out[:cfg.limit] if cfg.limit else out
    if not out:
        raise InputError(f"--theorems {cfg.theorems}: no records with a 'theorem'")
    return out


# -- sampling and checking one theorem ------------------------------------------------------------


def sample_group(cfg: SDPOConfig, engine, theorem: str, seed: int):
    """A group of guided samples; per-theorem mode stops the group at its first proof (the theorem
    is solved), batch mode samples whole groups (verified siblings teach the failed ones)."""
    from gentzen.search.methods import run_method

    return run_method("guided", theorem, engine, samples=cfg.group, temperature=cfg.temperature, seed=seed,
                      fmt="whole", stop_at_first=cfg.mode == "per-theorem")


def check_group(verifier, theorem: str, res, clock: Clock) -> list:
    """The verifier's verdict on each attempt's proof text (the sampler's own kernel check is not
    trusted alone: a solved theorem is one whose saved proof the chosen backend accepts)."""
    with clock.checking():
        return list(verifier.verify_many([(theorem, a.proof) for a in res.attempts]))


def failed_samples(cfg: SDPOConfig, tokenizer, theorem: str, res, verdicts):
    """The SDPO samples of a group's failed attempts, the verified proofs (siblings), and the
    verified proofs' teacher-gap items (teacher.gap_items)."""
    from gentzen.core.theorem import parse_theorem
    from gentzen.models.formats import build_prompt
    from gentzen.train.feedback import kernel_feedback, pick_sibling, teacher_prompt, verdict_feedback
    from gentzen.train.teacher import gap_items

    statement = parse_theorem(theorem).statement()
    student = build_prompt("whole", statement)
    ok = [(i, a.proof) for i, (a, v) in enumerate(zip(res.attempts, verdicts)) if v.ok]
    samples, feedbacks = [], []
    for i, (a, v) in enumerate(zip(res.attempts, verdicts)):
        if v.ok or not a.proof.strip():
            continue
        if v.checker == "kernel" and a.error is not None:
            fb = kernel_feedback(theorem, a.proof, a.error)
        else:
            fb = verdict_feedback(v, kernel_feedback(theorem, a.proof, a.error).state if a.error else "")
        feedbacks.append(fb)
        teacher = teacher_prompt(student, fb, pick_sibling(ok, i), cfg.feedback_chars)
        samples.append(make_sample(tokenizer, student, teacher, a.proof + "\n"))
    proofs = [p for _, p in ok]
    return samples, proofs, gap_items(student, proofs, feedbacks, cfg.feedback_chars)


def tally_group(tally: Tally, res, verdicts) -> None:
    for a, v in zip(res.attempts, verdicts):
        tally.samples += 1
        tally.tokens += a.tokens
        tally.model_calls += a.model_calls
        tally.kernel_checks += a.kernel_checks
        tally.verified += bool(v.ok)


def lean_group(cfg: SDPOConfig, engine, checker, tokenizer, theorem: str, seed: int, tally: Tally,
               clock: Clock) -> tuple[list[Sample], list[str]]:
    """The lean task's group: n whole proofs sampled from the statement's prompt, each parsed,
    pinned and checked by Lean; the failed ones' SDPO samples carry Lean's message as feedback."""
    from gentzen.train.feedback import Feedback, pick_sibling, teacher_prompt
    from gentzen.train.lean_prover import parse_output, prompt_for

    student = prompt_for(theorem, cfg.lean_header)
    with clock.sampling():
        outs = engine.generate([student], cfg.group, max_tokens=cfg.max_tokens, temperature=cfg.temperature,
                               stop=["```"], seed=seed)[0]
    results = []
    with clock.checking():
        for c in outs:
            results.append(checker.check(theorem, parse_output(c.text, c.finish_reason, student)))
    ok = [(i, c.text) for i, (c, r) in enumerate(zip(outs, results)) if r.ok]
    samples = []
    for i, (c, r) in enumerate(zip(outs, results)):
        tally.samples += 1
        tally.tokens += c.tokens
        tally.model_calls += 1
        tally.kernel_checks += 1
        tally.verified += bool(r.ok)
        if r.ok or not c.token_ids:
            continue
        teacher = teacher_prompt(student, Feedback(r.kind or "error", r.message or "", r.line), pick_sibling(ok, i),
                                 cfg.feedback_chars)
        samples.append(Sample(list(tokenizer(student)["input_ids"]), list(tokenizer(teacher)["input_ids"]),
                              list(c.token_ids)))
    return samples, [results[i].text for i, _ in ok]


def one_group(cfg: SDPOConfig, engine, verifier, tokenizer, theorem: str, seed: int, tally: Tally,
              clock: Clock):
    """Sample and check one theorem's group: (SDPO samples of the failed proofs, verified proofs,
    teacher-gap items; the lean task measures no gap)."""
    if cfg.task == "lean":
        return (*lean_group(cfg, engine, verifier, tokenizer, theorem, seed, tally, clock), [])
    res = sample_group(cfg, engine, theorem, seed)
    for a in res.attempts:
        clock.charge(a.sample_seconds, a.check_seconds)
    verdicts = check_group(verifier, theorem, res, clock)
    tally_group(tally, res, verdicts)
    return failed_samples(cfg, tokenizer, theorem, res, verdicts)


# -- the run --------------------------------------------------------------------------------------


@dataclass
class SDPOResult:
    out: str
    theorems: int
    solved: int
    totals: dict
    seconds: dict


def _load_student(cfg: SDPOConfig, path: str):
    from gentzen.models import checkpoint
    from gentzen.train.lora import add_lora, load_adapter

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
    from gentzen.train.lora import save_adapter

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
    from gentzen.train.ei import derived_seed
    from gentzen.train.sft import _CtrlC
    from gentzen.train.teacher import preflight, refusal, teacher_gap

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
    stop = _CtrlC()

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

