"""GRPO: sample a group of G attempts per target, reward each 1/0 by the kernel, and push the model
toward the attempts that beat their group's mean (Shao et al. 2024, DeepSeekMath §4.1).

Read top to bottom, cleanrl-style: config, then `run` (the advantage and clipped-loss math are
grpo_loss.py's): each round samples G attempts per target, normalises rewards within each group,
takes clipped policy-gradient steps with a fresh AdamW, then replays the model's own data through
the shared update (`update.py`, `replay.py`), probes forgetting and saves a checkpoint; a resumable
run folder like `train ei`'s.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gentzen.config import option as _opt
from gentzen.errors import InputError, require
from gentzen.train.accounting import Clock, JsonlLog, Tally, resume_state, sampled_rows
from gentzen.train.grpo_loss import policy_update, round_sequences
from gentzen.train.interrupt import CtrlC, Interrupted
from gentzen.train.replay import check_replay
from gentzen.train.seeds import derived_seed
from gentzen.train.targets import load_targets
from gentzen.train.update import UpdateConfig, check_update_config, run_option


@dataclass
class GRPOConfig:
    model: str = _opt("", "model directory to start from (default: the shipped model, py/gentzen/assets/default_model)")
    targets: str = _opt("", "JSONL of target theorems (records with 'theorem'; e.g. `gentzen gen` output)")
    out: str = _opt("", "run directory: round-NNN/ models, round-NNN.samples.jsonl (every attempt and its reward), "
                        "rounds.jsonl, steps.jsonl, state.json")
    rounds: int = _opt(1, "rounds of sample -> reward -> policy update")
    group: int = _opt(8, "attempts per target per round, the group G (TRL GRPOConfig.num_generations: 8)")
    method: str = _opt("plain", "how attempts are sampled: plain (the policy's own samples, as GRPO assumes) | guided "
                                "(kernel-checked redraws: a filtered policy, the ratio is then only approximate)")
    temperature: float = _opt(1.0, "sampling temperature (TRL: 1.0; the old log-probs are the model's at temperature 1)")
    clip: float = _opt(0.2, "clip range ε of the importance ratio (PPO, DeepSeekMath, TRL epsilon: 0.2)")
    kl_coef: float = _opt(0.0, "weight of the KL to the start model, k3 estimator (TRL beta, DAPO, Dr. GRPO: 0; "
                               "DeepSeekMath: 0.04)")
    iterations: int = _opt(1, "policy-gradient passes over a round's groups, μ (DeepSeekMath and TRL num_iterations: 1)")
    std_eps: float = _opt(1e-4, "ε in the advantage (r − mean) / (std + ε) (TRL: 1e-4)")
    backend: str = _opt("kernel", "judge of the reward: kernel | repl | kimina | both (what the sampler's kernel "
                                  "accepts is verified again by this; its verdict is the 1/0 reward)")
    verify_url: list[str] = field(default_factory=list, metadata={
        "help": "a Kimina-compatible server (repeat for several: proofs are spread over them, with retries); "
                "implies --backend kimina unless --backend both"})
    repl_cmd: str = _opt("", "repl/both: the REPL (default `lake exe repl`, which needs Lean)")
    replay: str = run_option("replay")
    replay_share: float = run_option("replay_share")
    probe: int = run_option("probe")
    epochs: float = run_option("epochs")
    steps: int = run_option("steps")
    batch: int = run_option("batch")
    lr: float = _opt(1e-4, "peak learning rate of the policy update (AdamW, fresh each round; linear warm-up, "
                           "cosine decay to 10%); not the EI update's 3e-4, which was measured for CE on found proofs")
    warmup: float = run_option("warmup")
    split: str = _opt("", "only targets of this split (gen writes train/dev/heldout; empty: every record)")
    limit: int = _opt(0, "only the first N targets (0: all)")
    seconds: float = _opt(0.0, "time budget: no new round starts after this many seconds (0: no limit)")
    seed: int = _opt(0, "seed of sampling (per round and theorem), replay draws and training")
    resume: bool = _opt(False, "continue OUT from its last finished round (after a kill or Ctrl-C)")
    threads: int = _opt(0, "torch CPU threads (0: gentzen's default)")
    device: str = _opt("cpu", "cpu | cuda | cuda:N")


@dataclass
class GRPOResult:
    out: str
    rounds: int
    model: str
    stopped: str          # "done" | "budget"
    totals: dict
    seconds: dict


PROVENANCE = ("model", "targets", "group", "method", "temperature", "clip", "kl_coef", "iterations", "std_eps",
              "replay", "replay_share", "probe", "epochs", "steps", "batch", "lr", "warmup", "split", "limit", "seed")


def check_config(cfg: GRPOConfig) -> None:
    """Every option's range and choice, before torch loads (InputError)."""
    from gentzen.models.threads import check_threads

    def need(ok: bool, message: str) -> None:
        if not ok:
            raise InputError(message)

    need(bool(cfg.model and cfg.targets and cfg.out), "--model, --targets and --out are required")
    need((Path(cfg.model) / "config.json").is_file(), f"--model {cfg.model}: not a model directory (no config.json)")
    need(Path(cfg.targets).is_file(), f"--targets {cfg.targets}: no such file")
    need(cfg.rounds >= 1, f"--rounds must be at least 1, got {cfg.rounds}")
    need(cfg.group >= 2, f"--group must be at least 2 (a group of one has no relative advantage), got {cfg.group}")
    need(cfg.method in ("plain", "guided"), f"--method {cfg.method!r}: choose plain or guided")
    need(cfg.temperature > 0, f"--temperature must be greater than 0, got {cfg.temperature:g}")
    need(0 < cfg.clip < 1, f"--clip must be in (0, 1), got {cfg.clip:g}")
    need(cfg.kl_coef >= 0, f"--kl-coef must be at least 0, got {cfg.kl_coef:g}")
    need(cfg.iterations >= 1, f"--iterations must be at least 1, got {cfg.iterations}")
    need(cfg.std_eps > 0, f"--std-eps must be greater than 0, got {cfg.std_eps:g}")
    from gentzen.repl.verify import BACKENDS

    need(cfg.backend in BACKENDS, f"--backend {cfg.backend!r}: choose one of {', '.join(BACKENDS)}")
    check_replay(cfg.replay, cfg.replay_share, cfg.probe)
    need(cfg.limit >= 0, f"--limit must be at least 0, got {cfg.limit}")
    need(cfg.seconds >= 0, f"--seconds must be at least 0 (0: no limit), got {cfg.seconds:g}")
    check_threads(cfg.threads)
    check_update_config(update_config(cfg, 0))
    out = Path(cfg.out)
    need(not (out.exists() and not out.is_dir()), f"--out {out}: is an existing file; give a folder")
    if (out / "state.json").is_file() and not cfg.resume:
        raise InputError(f"--out {out} holds a GRPO run: pass --resume to continue it, or choose another --out")


def model_format(cfg: GRPOConfig) -> str:
    """The prompt format of the model the run starts from (whole | state | state+proof)."""
    from gentzen.models.checkpoint import read_meta

    return read_meta(cfg.model).get("format", "whole") if cfg.model else "whole"


def update_config(cfg: GRPOConfig, seed: int) -> UpdateConfig:
    """The shared update's config: the replay step, and the batch size and lr schedule of GRPO's own steps,
    in the model's own format."""
    return UpdateConfig(epochs=cfg.epochs, steps=cfg.steps, batch=cfg.batch, lr=cfg.lr, warmup=cfg.warmup,
                        loss="ce", format=model_format(cfg), seed=seed)


def sample_target(cfg: GRPOConfig, engine, verifier, round_no: int, index: int, theorem: str,
                  fmt: str = "whole") -> dict:
    """G attempts at one target (all of them: no stop at the first proof), each with its 0/1 reward:
    1 when the sampler's kernel accepted it and the run's verifier (the kernel, or Lean) accepts it again.
    In the state formats each attempt also keeps the steps the model wrote (grpo_loss.written_steps)."""
    import time

    from gentzen.search.compute import Compute
    from gentzen.search.methods import run_method
    from gentzen.train.grpo_loss import written_steps

    res = run_method(cfg.method, theorem, engine, samples=cfg.group, temperature=cfg.temperature,
                     seed=derived_seed(cfg.seed, round_no, index), fmt=fmt, stop_at_first=False)
    accepted = [k for k, a in enumerate(res.attempts) if a.ok]
    t0 = time.perf_counter()
    verdicts = list(verifier.verify_many([(theorem, res.attempts[k].proof) for k in accepted])) if accepted else []
    ok = {k for k, v in zip(accepted, verdicts) if v.ok}
    c = Compute.of(res.attempts)
    return {"round": round_no, "index": index, "theorem": theorem,
            "attempts": [{"proof": a.proof, "reward": 1.0 if k in ok else 0.0,
                          **({"steps": written_steps(a)} if fmt != "whole" else {})} for k, a in enumerate(res.attempts)],
            "verified": len(ok), "tokens": c.tokens, "model_calls": c.model_calls,
            "kernel_checks": c.kernel_checks, "sample_seconds": round(c.sample_seconds, 6),
            "check_seconds": round(c.check_seconds + time.perf_counter() - t0, 6),
            "verdicts": [{"checker": getattr(v, "checker", "kernel"), "status": v.status} for v in verdicts]}


# -- the run --------------------------------------------------------------------------------------


def _sample_round(cfg: GRPOConfig, current: str, verifier, round_no: int, targets: list[str], rows: dict,
                  samples_file: Path, clock: Clock, stop, say) -> None:
    """G attempts of every target not yet in `rows` with the round's model, each kept in the samples
    file as it finishes (a kill resumes at the next target); Ctrl-C stops between targets."""
    from gentzen.engines import EngineChoice, open_engine

    todo = [i for i in range(len(targets)) if i not in rows]
    if not todo:
        return
    with clock.loading():
        engine = open_engine(current, EngineChoice("torch"), device=cfg.device, threads=cfg.threads or None)
    samples_log = JsonlLog(samples_file)
    for i in todo:
        if stop.requested:
            engine.close()
            raise Interrupted(str(samples_file.parent), round_no - 1)
        if hasattr(engine, "clear_cache"):
            engine.clear_cache()
        row = sample_target(cfg, engine, verifier, round_no, i, targets[i], model_format(cfg))
        clock.charge(row["sample_seconds"], row["check_seconds"])
        samples_log.write(row)
        rows[i] = row
        say({"event": "theorem", "round": round_no, "done": len(rows), "total": len(targets),
             "solved": sum(1 for r in rows.values() if r["verified"])})
    engine.close()


def _train_round(torch, cfg: GRPOConfig, model, ref_model, tokenizer, ordered: list[dict], source, round_no: int,
                 clock: Clock, steps_log: JsonlLog):
    """Policy-gradient steps on the groups with a signal, then the replayed share through the shared
    update, the forgetting probe around both: (sequences, policy stats, replayed, forgetting)."""
    from gentzen.train import replay

    train_seed = derived_seed(cfg.seed, round_no, "train")
    torch.manual_seed(train_seed)
    ucfg = update_config(cfg, train_seed)
    seqs = round_sequences(tokenizer, ordered, cfg.std_eps, ucfg.max_len, ucfg.format)
    before = replay.probe_before(model, tokenizer, source, ucfg, clock) if seqs else None
    policy = {"steps": 0, "loss_before": None, "loss_after": None, "tokens": 0}
    replayed = 0
    if seqs:
        with clock.training():
            policy = policy_update(torch, model, ref_model, tokenizer, seqs, cfg, ucfg, lambda ev: steps_log.write(
                {"round": round_no, **{k: (round(v, 6) if isinstance(v, float) else v) for k, v in ev.items()}}))
            replayed = replay.replay_update(model, tokenizer, source, len(seqs), ucfg,
                                            derived_seed(cfg.seed, round_no, "replay"))
    forgetting = replay.probe_after(model, tokenizer, source, ucfg, before, clock)
    return seqs, policy, replayed, forgetting


def run(cfg: GRPOConfig, progress: Callable[[dict], None] | None = None) -> GRPOResult:
    """Every round: sample (_sample_round), train (_train_round), record and checkpoint. Long because
    the resume bookkeeping, the round's tally, its record and the checkpoint share the loop's
    counters and read in the order they happen."""
    check_config(cfg)
    torch = require("torch", "train")
    from gentzen.io import atomic_write_json
    from gentzen.models import checkpoint
    from gentzen.models.threads import set_threads
    from gentzen.train import replay

    say = progress or (lambda event: None)
    targets = load_targets(cfg)
    from gentzen.repl.scaleout import make as make_verifier

    verifier = make_verifier(cfg.backend, cfg.verify_url, repl_cmd=cfg.repl_cmd or None)  # Lean missing: before OUT
    source = replay.resolve(cfg.replay, cfg.model, cfg.replay_share, cfg.probe, set(targets), say)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    set_threads(cfg.threads)

    state_file, rounds_log, steps_log = out / "state.json", JsonlLog(out / "rounds.jsonl"), JsonlLog(out / "steps.jsonl")
    digest = checkpoint.weights_digest(cfg.model)  # a moved model resumes, a replaced one is refused
    state = resume_state(state_file, cfg, PROVENANCE, ("rounds", "model", "config"),
                         "a GRPO state file (written by train grpo)", "its rounds would not repeat: ", digest)
    done = state["rounds"] if state else 0
    current = str(out / state["model"]) if state and state["model"] else cfg.model
    if state is None:
        atomic_write_json(state_file, {"rounds": 0, "model": None, "model_digest": digest, "config": asdict(cfg)})
    finished = rounds_log.keep(lambda r: r.get("round", 0) <= done)
    steps_log.keep(lambda r: r.get("round", 0) <= done)
    totals = Tally()
    seconds = dict.fromkeys(("sampling", "checking", "training", "other", "total", "loading"), 0.0)
    for r in finished:
        totals.add(Tally.from_dict(r["tally"]))
        for k in seconds:
            seconds[k] += r["seconds"].get(k, 0.0)
    say({"event": "start", "targets": len(targets), "rounds_done": done, "rounds": cfg.rounds, "model": current,
         "group": cfg.group, "replay": source.describe()})
    ref_model = None
    if cfg.kl_coef > 0:  # the start model, fixed for the whole run
        ref_model = checkpoint.load_checkpoint(cfg.model, cfg.device)[0].eval()

    from contextlib import closing

    stop, stopped = CtrlC(), "done"
    with stop, closing(verifier):  # the verifier's REPL processes or HTTP clients end with the run
        for round_no in range(done + 1, cfg.rounds + 1):
            if cfg.seconds and seconds["total"] >= cfg.seconds:
                stopped = "budget"
                break
            clock, tally = Clock(), Tally(targets=len(targets))

            # 1. G attempts per target with the last round's model, kept per theorem (a kill resumes there)
            samples_file = out / f"round-{round_no:03d}.samples.jsonl"
            rows = sampled_rows(samples_file, targets)
            clock.charge(sum(r["sample_seconds"] for r in rows.values()), sum(r["check_seconds"] for r in rows.values()))
            _sample_round(cfg, current, verifier, round_no, targets, rows, samples_file, clock, stop, say)
            ordered = [rows[i] for i in sorted(rows)]
            for key in ("tokens", "model_calls", "kernel_checks", "verified"):
                setattr(tally, key, sum(row[key] for row in ordered))
            tally.samples = sum(len(row["attempts"]) for row in ordered)
            solved = [row["index"] for row in ordered if row["verified"]]
            tally.solved = len(solved)
            mixed = sum(1 for row in ordered if 0 < row["verified"] < len(row["attempts"]))

            # 2. policy-gradient steps on the groups with a signal, then the replayed share through the shared update
            with clock.loading():
                model, tokenizer, meta = checkpoint.load_checkpoint(current, cfg.device)
            seqs, policy, replayed, forgetting = _train_round(torch, cfg, model, ref_model, tokenizer, ordered, source,
                                                              round_no, clock, steps_log)
            tally.train_steps, tally.train_tokens, tally.train_proofs = policy["steps"], policy["tokens"], len(seqs) + replayed
            split = clock.split()
            record = {"round": round_no, "model": f"round-{round_no:03d}", "tally": tally.to_dict(), "seconds": split,
                      "solved_indices": solved, "groups_with_signal": mixed, "sequences": len(seqs),
                      "replayed": replayed, "forgetting": forgetting, "lr": cfg.lr,
                      "loss_before": policy["loss_before"], "loss_after": policy["loss_after"]}
            spent = sum(split.get(k, 0.0) for k in ("sampling", "checking", "training", "other"))
            meta = {**meta, "seconds": round(float(meta.get("seconds") or 0) + spent, 2),
                    "sft_seconds": meta.get("sft_seconds", meta.get("seconds")), "format": model_format(cfg),
                    "grpo": {"round": round_no, "from": str(cfg.model), "config": asdict(cfg), "tally": tally.to_dict()}}
            with clock.loading():
                checkpoint.save_checkpoint(out / record["model"], model, tokenizer, meta,
                                           {"round": round_no, "torch_rng": torch.get_rng_state(),
                                            "python_rng": random.getstate()})
            rounds_log.write(record)
            atomic_write_json(state_file, {"rounds": round_no, "model": record["model"], "model_digest": digest,
                                            "config": asdict(cfg)})
            current = str(out / record["model"])
            totals.add(tally)
            for k in seconds:
                seconds[k] += split.get(k, 0.0)
            done = round_no
            say({"event": "round", **record})
            if stop.requested:
                raise Interrupted(str(out), done)
    return GRPOResult(out=str(out), rounds=done, model=current, stopped=stopped, totals=totals.to_dict(),
                      seconds={k: round(v, 4) for k, v in seconds.items()})
