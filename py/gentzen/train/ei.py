"""Expert iteration: sample proofs of target theorems, keep the verified ones, fine-tune on them, repeat.

Read top to bottom, cleanrl-style: config, checks, then `run`: each round loads the last round's
model, samples K attempts per target (any registered method), keeps up to 4 distinct verified
proofs per theorem in a buffer every later round trains on too, repeats them by how rarely they were
found, mixes in replayed proofs of the model's own training data (`replay.py`, 90% of the mix),
trains under one pass with a fresh AdamW (`update.py`), probes forgetting and saves a checkpoint.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gentzen.config import option as _opt
from gentzen.errors import InputError, require
from gentzen.train.accounting import Clock, JsonlLog, Tally, resume_state, sampled_rows
from gentzen.train.interrupt import Interrupted
from gentzen.train.replay import check_replay
from gentzen.train.seeds import derived_seed
from gentzen.train.targets import load_targets
from gentzen.train.update import UpdateConfig, check_update_config, config_from, planned_steps, run_option, update


@dataclass
class EIConfig:
    model: str = _opt("", "model directory to start from (an SFT model) "
                          "(default: the shipped model, py/gentzen/assets/default_model)")
    targets: str = _opt("", "JSONL of target theorems (records with 'theorem'; e.g. `gentzen gen` output)")
    out: str = _opt("", "run directory: round-NNN/ models, round-NNN.samples.jsonl (what each target's "
                        "attempts found), rounds.jsonl, steps.jsonl, state.json")
    rounds: int = _opt(1, "rounds of sample -> filter -> fine-tune")
    samples: int = _opt(16, "attempts per target per round (K)")
    method: str = _opt("guided", "how proofs are sampled: guided | plain | smc | beam | bestfirst | dfs | rdfs | mcts")
    temperature: float = _opt(1.0, "sampling temperature")
    redraws_per_line: int = _opt(4, "guided sampler: redraws of one rejected line (the source's sampler: 4)")
    redraws_per_proof: int = _opt(24, "guided sampler: redraws in one attempt (the source's sampler: 24)")
    loss: str = _opt("ce", "per-token loss: ce | gem (the source's recipe is GEM; measured here, GEM on the 90% replay "
                           "pulls a CE-trained model off its data and learned less: docs/training.md)")
    beta: float = _opt(0.7, "GEM's β in (0, 1] (1: CE's gradient)")
    weights: str = _opt("none", "per-step CAT weights: none | ua | pass_at_n | bfs | guided")
    budget: int = _opt(0, "the weights' budget n for ua, pass_at_n, bfs (0: the samples K); guided weights "
                          "use the guided sampler's redraws (--redraws-per-line, --redraws-per-proof)")
    replay: str = run_option("replay")
    replay_share: float = run_option("replay_share")
    probe: int = run_option("probe")
    epochs: float = run_option("epochs")
    replay_rows: int = run_option("replay_rows")
    steps: int = run_option("steps")
    batch: int = run_option("batch")
    lr: float = run_option("lr")
    warmup: float = run_option("warmup")
    buffer: bool = _opt(True, "found proofs stay in every later round's mix (the source's at-scale run)")
    format: str = _opt("", "prompt format: whole | state | state+proof (default: the model's own)")
    split: str = _opt("", "only targets of this split (gen writes train/dev/heldout; empty: every record)")
    limit: int = _opt(0, "only the first N targets (0: all)")
    keep: int = _opt(4, "distinct verified proofs kept per theorem per round")
    repeat: int = _opt(8, "a theorem's proofs are repeated max(1, round(repeat × (1 − its solve rate))) times")
    seconds: float = _opt(0.0, "time budget: no new round starts after this many seconds (0: no limit)")
    seed: int = _opt(0, "seed of sampling (per round and theorem), replay draws and training")
    resume: bool = _opt(False, "continue OUT from its last finished round (after a kill or Ctrl-C)")
    threads: int = _opt(0, "torch CPU threads (0: gentzen's default)")
    batch_rows: int = _opt(64, "guided/plain: rows decoded together across targets (each target's attempts "
                               "are the ones it gets alone); 1: one target at a time")
    device: str = _opt("cpu", "cpu | cuda | cuda:N")
    lora: str = _opt("", "train a LoRA adapter 'r:α' each round instead of all weights; the round's model is "
                         "saved merged, its adapter in round-NNN/adapter (empty: full fine-tuning)")
    engine: str = _opt("torch", "sampling engine: torch | vllm (each round's model loaded from its saved directory) | "
                                "openai (servers at --base-url serving --model; they cannot load a round's retrained "
                                "weights, so with openai a run has one round)")
    base_url: list[str] = field(default_factory=list, metadata={
        "help": "--engine openai: a server's base URL (repeat: requests go to the least busy; errors are retried)"})
    api_key_env: str = _opt("", "--engine openai: the environment variable holding the servers' bearer key")


@dataclass
class EIResult:
    out: str
    rounds: int            # rounds finished, this run and earlier ones
    model: str             # the last finished round's model directory
    stopped: str           # "done" | "budget"
    totals: dict           # Tally of every round, summed, with solve rates
    seconds: dict          # Clock split of every round, summed


# What a resumed run must share with the run that started OUT (else its rounds would not repeat).
PROVENANCE = ("model", "targets", "samples", "method", "temperature", "redraws_per_line", "redraws_per_proof",
              "loss", "beta", "weights", "budget", "replay", "replay_share", "replay_rows", "probe", "epochs", "steps",
              "batch", "lr", "warmup", "buffer", "format", "split", "limit", "keep", "repeat", "seed", "lora")


def engine_choice(cfg: EIConfig):
    from gentzen.engines import EngineChoice

    return EngineChoice(cfg.engine, tuple(cfg.base_url), cfg.api_key_env)


def check_config(cfg: EIConfig) -> None:
    """Every option's range and choice, before torch loads or any time is spent (InputError)."""
    from gentzen.models.formats import check_format
    from gentzen.models.threads import check_threads
    from gentzen.search.methods import get_method

    def need(ok: bool, message: str) -> None:
        if not ok:
            raise InputError(message)

    need(cfg.engine in ("torch", "vllm", "openai"), f"--engine {cfg.engine!r}: choose torch, vllm or openai")
    need(cfg.batch_rows >= 1, f"--batch-rows must be at least 1 (1: one target at a time), got {cfg.batch_rows}")
    engine_choice(cfg).check()
    need(cfg.engine != "openai" or cfg.rounds == 1,
         "--engine openai: the servers serve --model, and each round retrains all weights (LoRA merged), which a "
         "server cannot load at runtime; give --rounds 1, or use --engine torch")

    need(bool(cfg.model and cfg.targets and cfg.out), "--model, --targets and --out are required")
    need((Path(cfg.model) / "config.json").is_file(), f"--model {cfg.model}: not a model directory (no config.json)")
    need(Path(cfg.targets).is_file(), f"--targets {cfg.targets}: no such file")
    need(cfg.rounds >= 1, f"--rounds must be at least 1, got {cfg.rounds}")
    need(cfg.samples >= 1, f"--samples must be at least 1, got {cfg.samples}")
    get_method(cfg.method)
    need(cfg.method != "vdfs", "--method vdfs needs a value head, which train ei does not take; use dfs or bestfirst")
    need(cfg.temperature >= 0, f"--temperature must be at least 0, got {cfg.temperature:g}")
    need(cfg.budget >= 0, f"--budget must be at least 0 (0: the samples K), got {cfg.budget}")
    need(cfg.redraws_per_line >= 0 and cfg.redraws_per_proof >= 0, "--redraws-per-line/--redraws-per-proof must be at least 0")
    check_replay(cfg.replay, cfg.replay_share, cfg.probe)
    if cfg.format:
        check_format(cfg.format)
    need(cfg.limit >= 0, f"--limit must be at least 0, got {cfg.limit}")
    need(cfg.keep >= 1, f"--keep must be at least 1, got {cfg.keep}")
    need(cfg.repeat >= 1, f"--repeat must be at least 1, got {cfg.repeat}")
    need(cfg.seconds >= 0, f"--seconds must be at least 0 (0: no limit), got {cfg.seconds:g}")
    check_threads(cfg.threads)
    check_update_config(update_config(cfg, "whole", 0))
    out = Path(cfg.out)
    need(not (out.exists() and not out.is_dir()), f"--out {out}: is an existing file; give a folder")
    if (out / "state.json").is_file() and not cfg.resume:
        raise InputError(f"--out {out} holds an expert-iteration run: pass --resume to continue it, or choose another --out")


def update_config(cfg: EIConfig, fmt: str, seed: int) -> UpdateConfig:
    """The fine-tuning step's config; the weights' budget follows the sampler they model."""
    if cfg.weights == "guided":  # plain sampling: no redraws, CE weights
        redraws = (cfg.redraws_per_line, cfg.redraws_per_proof) if cfg.method == "guided" else (0, 0)
        budget = {"redraws_per_line": redraws[0], "redraws_per_proof": redraws[1]}
    else:
        budget = {"n": cfg.budget or cfg.samples}
    return config_from(cfg, fmt, seed, weights=cfg.weights, weight_budget=budget, lora=cfg.lora or None)


def _stopped_in_training(out: Path, round_no: int, sampled: int, samples_file: Path) -> Interrupted:
    """Ctrl-C between a round's optimizer steps: the update is dropped, the round's samples are kept."""
    e = Interrupted(str(out), round_no - 1)
    e.args = (f"interrupted during round {round_no}'s training: {round_no - 1} finished round(s) saved in {out}, and "
              f"round {round_no}'s {sampled} sampled target(s) in {samples_file} (its update was dropped unsaved: "
              "--resume trains it again from them); the same command with --resume continues",)
    return e


def repeats(solve_rate: float, repeat: int) -> int:
    """How often a theorem's proofs enter the round's training set: rarely found proofs count more."""
    return max(1, round(repeat * (1.0 - solve_rate)))


def fold_buffer(buffer: dict[int, dict], rows: dict[int, dict], keep: int) -> None:
    """Fold a round's rows into the found-proof buffer (index -> {theorem, proofs, rate}): this
    round's proofs first, earlier ones after, up to `keep`; a buffered theorem not found this round
    keeps its proofs at rate 0 (repeated most: the model has lost it)."""
    for i, row in rows.items():
        old = buffer.get(i)
        if not row["proofs"] and old is None:
            continue
        proofs = list(dict.fromkeys([*row["proofs"], *(old["proofs"] if old else [])]))[:keep]
        buffer[i] = {"theorem": row["theorem"], "proofs": proofs,
                     "rate": row["verified"] / max(row["attempts"], 1)}


def sample_theorems(cfg: EIConfig, engine, fmt: str, round_no: int, todo: list[tuple[int, str]]):
    """The targets' attempts this round, yielded as each target finishes: (index, the line the
    round's samples file keeps). Guided and plain decode across targets (--batch-rows), each
    target's attempts the ones it gets alone; the searches run one target after another."""
    from gentzen.search.compute import Compute
    from gentzen.search.prompts import run_many_in_model_names

    redraws = {"redraws_per_line": cfg.redraws_per_line, "redraws_per_proof": cfg.redraws_per_proof} \
        if cfg.method == "guided" else {}
    theorems = dict(todo)
    jobs = [(i, theorem, derived_seed(cfg.seed, round_no, i), cfg.samples) for i, theorem in todo]
    # sampled in the model's names (premises h1…hn, atoms P, Q, R, S), kept in the user's (prove --names model)
    for i, res in run_many_in_model_names(cfg.method, jobs, engine, temperature=cfg.temperature, fmt=fmt,
                                          batch_rows=cfg.batch_rows, **redraws):
        proofs: list[str] = []
        for a in res.attempts:
            if a.ok and a.proof not in proofs and len(proofs) < cfg.keep:
                proofs.append(a.proof)
        c = Compute.of(res.attempts)
        yield i, {"round": round_no, "index": i, "theorem": theorems[i], "attempts": len(res.attempts),
                  "verified": sum(a.ok for a in res.attempts), "proofs": proofs, "tokens": c.tokens,
                  "model_calls": c.model_calls, "kernel_checks": c.kernel_checks,
                  "sample_seconds": round(c.sample_seconds, 6), "check_seconds": round(c.check_seconds, 6)}


def run(cfg: EIConfig, progress: Callable[[dict], None] | None = None) -> EIResult:
    """Expert iteration: every round samples the targets, builds the round's training set, fine-tunes and saves.
    Long because the resume bookkeeping, the round's tally, the Ctrl-C points and the checkpoint
    share the loop's counters and read in the order they happen (the steps themselves are helpers:
    sample_theorems, fold_buffer, update)."""
    check_config(cfg)
    torch = require("torch", "train")
    from gentzen.engines import open_engine
    from gentzen.io import atomic_write_json, read_jsonl_resumable
    from gentzen.models import checkpoint
    from gentzen.models.threads import set_threads
    from gentzen.train import replay
    from gentzen.train.interrupt import CtrlC as _CtrlC  # the name run() uses

    say = progress or (lambda event: None)
    targets = load_targets(cfg)
    from gentzen.search.prompts import refuse_past_context  # a target past the model's context: one error

    refuse_past_context(cfg.model, cfg.format, [(f"--targets {cfg.targets}: target {i + 1}", t)
                                                for i, t in enumerate(targets)])
    # the replay data (the model's own by default) is found or regenerated before OUT is touched
    source = replay.resolve(cfg.replay, cfg.model, cfg.replay_share, cfg.probe, set(targets), say)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    set_threads(cfg.threads)
    fmt = cfg.format or checkpoint.read_meta(cfg.model).get("format", "whole")

    # Resume: the last finished round's model; logs keep only finished rounds' lines
    state_file, rounds_log, steps_log = out / "state.json", JsonlLog(out / "rounds.jsonl"), JsonlLog(out / "steps.jsonl")
    digest = checkpoint.weights_digest(cfg.model)  # a moved model resumes, a replaced one is refused
    state = resume_state(state_file, cfg, PROVENANCE, ("rounds", "model", "config"),
                         "an expert-iteration state file (written by train ei)", "its rounds would not repeat: ", digest)
    done = state["rounds"] if state else 0
    current = str(out / state["model"]) if state and state["model"] else cfg.model
    if state is None:  # from now on OUT is this run's: a later start needs --resume and the same settings
        atomic_write_json(state_file, {"rounds": 0, "model": None, "model_digest": digest, "config": asdict(cfg)})
    finished = rounds_log.keep(lambda r: r.get("round", 0) <= done)
    steps_log.keep(lambda r: r.get("round", 0) <= done)
    buffer: dict[int, dict] = {}  # found proofs of finished rounds, rebuilt from their samples files
    for r in range(1, done + 1):
        fold_buffer(buffer, {x["index"]: x for x in read_jsonl_resumable(out / f"round-{r:03d}.samples.jsonl")},
                    cfg.keep)
    totals = Tally()
    seconds = dict.fromkeys(("sampling", "checking", "training", "other", "total", "loading"), 0.0)
    for r in finished:
        totals.add(Tally.from_dict(r["tally"]))
        for k in seconds:
            seconds[k] += r["seconds"].get(k, 0.0)
    say({"event": "start", "targets": len(targets), "format": fmt, "rounds_done": done, "rounds": cfg.rounds,
         "model": current, "replay": source.describe()})

    stop = _CtrlC()  # the first Ctrl-C ends the run at the next theorem or after the round's training
    stopped = "done"
    with stop:
        for round_no in range(done + 1, cfg.rounds + 1):
            if cfg.seconds and seconds["total"] >= cfg.seconds:
                stopped = "budget"
                break
            clock, tally = Clock(), Tally(targets=len(targets))

            # 1. sample K attempts per target with the last round's model (kept per theorem, so a
            #    killed round resumes at the theorem it was on)
            samples_file = out / f"round-{round_no:03d}.samples.jsonl"
            rows = sampled_rows(samples_file, targets)
            earlier = list(rows.values())  # sampled before a kill: their sampling/checking time counts
            clock.charge(sum(r["sample_seconds"] for r in earlier), sum(r["check_seconds"] for r in earlier))
            todo = [i for i in range(len(targets)) if i not in rows]
            if todo:
                with clock.loading():
                    engine = open_engine(current, engine_choice(cfg), device=cfg.device, threads=cfg.threads or None)
                samples_log = JsonlLog(samples_file)
                if hasattr(engine, "clear_cache"):  # no KV of another run: a resumed round samples alike
                    engine.clear_cache()
                if stop.requested:
                    raise Interrupted(str(out), round_no - 1)
                t0, resumed = time.monotonic(), len(rows)
                for i, row in sample_theorems(cfg, engine, fmt, round_no, [(i, targets[i]) for i in todo]):
                    clock.charge(row["sample_seconds"], row["check_seconds"])
                    samples_log.write(row)
                    rows[i] = row
                    n = len(rows) - resumed  # targets decode together: no estimate before a tenth is done
                    eta = (time.monotonic() - t0) / n * (len(targets) - len(rows)) if n >= len(todo) / 10 else None
                    say({"event": "theorem", "round": round_no, "done": len(rows), "total": len(targets),
                         "solved": sum(1 for r in rows.values() if r["verified"]), "eta": eta})
                    if stop.requested and len(rows) < len(targets):  # every finished target is kept
                        raise Interrupted(str(out), round_no - 1)
                engine.close()

            # 2. the round's training set: found proofs (this round's, and with --buffer every earlier
            #    round's) repeated by rarity, plus the replayed share of the model's own training data
            solved = []
            for i in sorted(rows):
                row = rows[i]
                tally.samples += row["attempts"]
                tally.tokens += row["tokens"]
                tally.model_calls += row["model_calls"]
                tally.kernel_checks += row["kernel_checks"]
                tally.verified += row["verified"]
                if row["proofs"]:
                    solved.append(i)
            tally.solved = len(solved)
            if not cfg.buffer:
                buffer = {}
            fold_buffer(buffer, rows, cfg.keep)
            own = [{"theorem": b["theorem"], "proof": p} for _, b in sorted(buffer.items())
                   for p in b["proofs"] * repeats(b["rate"], cfg.repeat)]
            train_records, replayed = source.mix(own, derived_seed(cfg.seed, round_no, "replay"))
            tally.train_proofs = len(train_records)

            # 3. fine-tune S steps of B proofs with a fresh AdamW, then save the round atomically
            with clock.loading():
                model, tokenizer, meta = checkpoint.load_checkpoint(current, cfg.device)
            train_seed = derived_seed(cfg.seed, round_no, "train")
            torch.manual_seed(train_seed)

            ucfg = update_config(cfg, fmt, train_seed)
            n_steps, t_step1 = planned_steps(ucfg, len(train_records)), []  # ETA from step 1's end (after the probe)

            def log_step(ev: dict) -> None:
                steps_log.write({"round": round_no, **{k: (round(v, 6) if isinstance(v, float) else v)
                                                       for k, v in ev.items()}})
                step, now = ev["step"], time.monotonic()
                if step == 1:
                    t_step1.append(now)
                eta = (now - t_step1[0]) / (step - 1) * (n_steps - step) if step > 1 else None
                say({"event": "train_step", "round": round_no, "step": step, "total": n_steps, "eta": eta})
                if stop.requested and step < n_steps:  # between optimizer steps: the safe point
                    raise _stopped_in_training(out, round_no, len(rows), samples_file)

            stats = update(model, tokenizer, train_records, ucfg, clock=clock, on_step=log_step, probe=source.probe,
                           replayed=replayed)
            tally.train_steps, tally.train_tokens = stats.steps, stats.tokens
            split = clock.split()
            record = {"round": round_no, "model": f"round-{round_no:03d}", "tally": tally.to_dict(),
                      "seconds": split, "solved_indices": solved, "replayed": replayed,
                      "distinct_proofs": sum(len(rows[i]["proofs"]) for i in solved),
                      "buffer": {"theorems": len(buffer), "proofs": sum(len(b["proofs"]) for b in buffer.values())},
                      "forgetting": stats.forgetting, "lr": ucfg.lr,
                      "loss_first": stats.loss_first, "loss_last": stats.loss_last,
                      "ce_first": stats.ce_first, "ce_last": stats.ce_last, "mean_weight": stats.mean_weight}
            # the checkpoint's "seconds" and training_seconds.cumulative are its whole training time (every SFT
            # slice + every EI round, loading excluded): TTRL's compute unit x reads it
            spent = sum(split.get(k, 0.0) for k in ("sampling", "checking", "training", "other"))
            before = checkpoint.training_seconds(meta)
            spent_total = {**(meta.get("training_seconds") or {}), "cumulative": round(before + spent, 2)}
            spent_total["ei"] = round(float(spent_total.get("ei") or 0) + spent, 2)
            meta = {**meta, "seconds": round(before + spent, 2), "training_seconds": spent_total,
                    "sft_seconds": meta.get("sft_seconds", meta.get("seconds")),
                    "format": fmt, "ei": {"round": round_no, "from": str(cfg.model), "config": asdict(cfg),
                                                 "tally": tally.to_dict()}}
            with clock.loading():
                trained = stats.model if stats.model is not None else model
                if hasattr(trained, "peft_config"):  # LoRA: the merged weights, the adapter beside them
                    import copy

                    trained = copy.deepcopy(trained).merge_and_unload()
                checkpoint.save_checkpoint(out / record["model"], trained, tokenizer, meta,
                                           {"round": round_no, "torch_rng": torch.get_rng_state(),
                                            "python_rng": random.getstate()})
                if hasattr(stats.model, "peft_config"):
                    from gentzen.models.lora import save_adapter

                    save_adapter(stats.model, out / record["model"] / "adapter")
            rounds_log.write(record)  # the round counts as finished once state.json says so
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

    res_totals = totals.to_dict()
    return EIResult(out=str(out), rounds=done, model=current, stopped=stopped, totals=res_totals,
                    seconds={k: round(v, 4) for k, v in seconds.items()})

