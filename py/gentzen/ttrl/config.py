"""The options of a test-time RL run: one dataclass, whose field help is `gentzen ttrl --help`.

Defaults are the published loop: all depth-2 variants; 16 guided samples of every active target and
variant at T 1.0 (4 redraws per line, 24 per proof); variants above 75% leave as mastered; frontier
variants give up to 4 distinct proofs, repeated max(1, round(8 × (1 − rate))) times; one GEM update
per round (train/update.py), 90% of its mix replayed training proofs, under one pass, fresh AdamW.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from gentzen.config import option as _opt
from gentzen.errors import InputError
from gentzen.train.update import run_option

@dataclass(frozen=True)
class Arm:
    """What an arm samples at the start and whether it trains (arms.py says how)."""

    name: str
    variants: str   # "" none | "own" | "other" (at the start; ei-then-ttrl adds its own later)
    trains: bool


ARMS = {
    "ttrl": Arm("ttrl", "own", True),
    "ei": Arm("ei", "", True),
    "control": Arm("control", "", False),
    "unrelated": Arm("unrelated", "other", True),
    "ei-then-ttrl": Arm("ei-then-ttrl", "", True),
    "sdpo": Arm("sdpo", "", True),
    "grpo": Arm("grpo", "", True),
}


# The replayed share of each update's mix per arm, as the source sets it: its EI mixed 20,000 replayed proofs into
# a ~22k mix (~90%); its TTRL mixes were about 33–40% replay (issue 40; research/learning_audit.md §1). The
# arms that run another trainer keep that trainer's default (0.9); control trains nothing.
REPLAY_SHARE = {"ei": 0.9, "sdpo": 0.9, "grpo": 0.9, "control": 0.9,
                "ttrl": 0.35, "unrelated": 0.35, "ei-then-ttrl": 0.35}


def replay_share_of(cfg) -> float:
    """--replay-share, or the source's share for the run's arm when it is left at -1."""
    return cfg.replay_share if cfg.replay_share >= 0 else REPLAY_SHARE[cfg.arm]


@dataclass
class TTRLConfig:
    theorems: str = _opt("", "JSONL of target theorems (records with 'theorem', optional 'name')")
    model: str = _opt("", "model directory to start from (its gentzen.json `seconds` is the budget unit x) "
                          "(default: the shipped model, py/gentzen/assets/default_model)")
    arm: str = _opt("ttrl", "ttrl | ei | control | unrelated | ei-then-ttrl | sdpo | grpo")
    out: str = _opt("", "run directory (docs/run-dirs.md): config.json, rounds.jsonl, targets.jsonl, "
                        "variants.jsonl, checkpoints/round-N/, curves.png")
    rounds: int = _opt(8, "rounds at most (a budget may stop the run earlier)")
    budget: str = _opt("", "compute budget as a multiple of x, the model's own training time, e.g. 5x "
                           "(no round starts once it is spent; empty: none)")
    seconds: float = _opt(0.0, "compute budget in seconds of wall-clock, model loading excluded (0: none)")
    samples_per_target: float = _opt(0.0, "budget in samples per target, targets and variants together (0: none)")
    compose: bool = _opt(True, "after sampling, compose proofs of unsolved targets from solved lemma variants")
    engine: str = _opt("torch", "sampling engine: torch | vllm | openai (servers at --base-url; they serve the start "
                                "model, so an arm that trains runs one round with it)")
    base_url: list[str] = field(default_factory=list, metadata={
        "help": "--engine openai: a server's base URL (repeat: requests go to the least busy; errors are retried)"})
    api_key_env: str = _opt("", "--engine openai: the environment variable holding the servers' bearer key")
    shard: str = _opt("", "I/N: only targets I, I+N, … (or the Slurm array's task); each shard adapts its own copy "
                          "of the model, so sharded runs equal an unsharded one only with --fork or no training; "
                          "`gentzen ttrl report` joins the shards' run directories")
    backend: str = _opt("kernel", "verifier of sampled proofs: kernel | repl | kimina | both")
    verify_url: list[str] = field(default_factory=list, metadata={
        "help": "a Kimina-compatible server (repeat for several: proofs are spread over them, with retries); "
                "implies --backend kimina unless --backend both"})
    repl_cmd: str = _opt("", "repl/both: the REPL (default `lake exe repl`, which needs Lean; \"gentzen repl\" is "
                             "gentzen's kernel-backed REPL, not Lean)")
    samples: int = _opt(16, "samples of every active target and variant per round")
    target_samples: int = _opt(0, "samples of every unsolved target per round, its variants keeping --samples (0: "
                                  "--samples, as the source: a target is one item among its variants, ~11-25% of "
                                  "a round's samples with 8 variants; docs/ttrl.md)")
    temperature: float = _opt(1.0, "sampling temperature of the guided sampler")
    redraws_per_line: int = _opt(4, "guided sampler: redraws of one rejected line")
    redraws_per_proof: int = _opt(24, "guided sampler: redraws in one attempt")
    depth: int = _opt(2, "variant moves from each target (data/variants.py depth; the source: 2)")
    max_variants: int = _opt(0, "variants per target at most, spread over the kinds (0: all, as the source)")
    mastered: float = _opt(0.75, "a variant verified in more than this share of its samples leaves the pool")
    refresh: int = _opt(0, "an unsolved target whose live variants have all stayed unverified for this many rounds "
                           "of samples gets fresh ones (--max-variants of its variants never in the pool; the stalled "
                           "ones leave); 0: never, as the source (unsolved variants stay). ttrl, ei-then-ttrl")
    cut_lemmas: bool = _opt(False, "before each round an unsolved target gets the lemmas composition still lacks: "
                                   "Γ ⊢ ψ for each premise ψ of a solved variant proving its goal (or such a ψ) "
                                   "that Γ entails but no solved variant derives; one unproved after --refresh "
                                   "rounds of samples (2 when 0) gives way to its own cut pairs. Off: the source "
                                   "(variants from the statement alone). ttrl, ei-then-ttrl")
    keep: int = _opt(4, "distinct verified proofs an item contributes per round")
    repeat: int = _opt(8, "an item's proofs are repeated max(1, round(repeat × (1 − rate))) times")
    keep_solved: bool = _opt(False, "solved targets (and their variants) stay in the mix instead of leaving")
    fork: bool = _opt(False, "one adapted model per target (its variants train only it) instead of one shared model")
    patience: int = _opt(2, "ei-then-ttrl: switch to variants once EI's solved count has not grown for this many rounds")
    match: str = _opt("", "control: a ttrl run directory whose samples per round this run spends (matched compute)")
    buffer: bool = _opt(True, "ei and ei-then-ttrl arms: solved targets' proofs stay in every later update's mix")
    final_update: bool = _opt(False, "also update after the last round (--rounds reached or the budget spent): its "
                                     "checkpoint is saved, but no round samples from it, so its seconds solve nothing")
    replay: str = run_option("replay")
    replay_share: float = _opt(-1.0, "replayed share of each update's mix when --replay gives no N; -1: the source's "
                                     "share for the arm (REPLAY_SHARE: ei, sdpo, grpo 0.9; ttrl, unrelated, "
                                     "ei-then-ttrl 0.35; docs/ttrl.md)")
    probe: int = run_option("probe")
    loss: str = _opt("ce", "per-token loss of the update: ce | gem (the source: GEM; why CE here: docs/training.md)")
    beta: float = _opt(0.7, "GEM's β in (0, 1]")
    epochs: float = run_option("epochs")
    replay_rows: int = run_option("replay_rows")
    steps: int = run_option("steps")
    batch: int = run_option("batch")
    lr: float = run_option("lr")
    warmup: float = run_option("warmup")
    format: str = _opt("", "prompt format (default: the model's own)")
    limit: int = _opt(0, "only the first N targets (0: all)")
    seed: int = _opt(0, "seed of sampling, variant choice, replay and training")
    resume: bool = _opt(False, "continue OUT from its last finished round (after a kill or Ctrl-C)")
    threads: int = _opt(0, "torch CPU threads (0: gentzen's default)")
    batch_rows: int = _opt(64, "rows decoded together across targets and variants (each item's attempts are "
                               "the ones it gets alone); 1: one item at a time")
    device: str = _opt("cpu", "cpu | cuda | cuda:N")
    force: bool = _opt(False, "sdpo arm: run even when SDPO's teacher gap is not positive (train sdpo --force)")


# What a resumed run must share with the run that started OUT (else its rounds would not repeat).
PROVENANCE = ("theorems", "model", "arm", "compose", "engine", "samples", "target_samples", "temperature",
              "redraws_per_line", "redraws_per_proof", "depth", "max_variants", "mastered", "refresh", "cut_lemmas", "keep",
              "repeat", "keep_solved", "fork", "patience", "match", "buffer", "replay", "replay_share", "replay_rows",
              "probe", "loss", "beta", "epochs", "steps", "batch", "lr", "warmup", "format", "limit", "seed")


def parse_budget(spec: str) -> float:
    """'5x' -> 5.0; '' -> 0.0."""
    if not spec:
        return 0.0
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[xX×]\s*", spec)
    if not m or float(m.group(1)) <= 0:
        raise InputError(f"--budget must be a positive multiple of x such as 5x, got {spec!r}")
    return float(m.group(1))


def check_config(cfg: TTRLConfig) -> None:
    """Every option's range and choice, before torch loads or any time is spent (InputError).
    Long because the options are many: one flat check per option, no branching logic."""
    from gentzen.models.formats import check_format
    from gentzen.models.threads import check_threads
    from gentzen.repl.verify import BACKENDS
    from gentzen.train.losses import LOSSES
    from gentzen.train.replay import check_replay
    from gentzen.train.update import check_update_config, config_from

    def need(ok: bool, message: str) -> None:
        if not ok:
            raise InputError(message)

    need(bool(cfg.theorems and cfg.model and cfg.out), "THEOREMS, --model and --out are required")
    need(Path(cfg.theorems).is_file(), f"THEOREMS {cfg.theorems}: no such file")
    need((Path(cfg.model) / "config.json").is_file(), f"--model {cfg.model}: not a model directory (no config.json)")
    need(cfg.arm in ARMS, f"--arm {cfg.arm!r}: choose one of {', '.join(ARMS)}")
    need(cfg.batch_rows >= 1, f"--batch-rows must be at least 1 (1: one item at a time), got {cfg.batch_rows}")
    from gentzen.engines import EngineChoice
    from gentzen.shard import parse_shard

    EngineChoice(cfg.engine, tuple(cfg.base_url), cfg.api_key_env).check()
    parse_shard(cfg.shard)
    no_update = cfg.steps == 0 and cfg.epochs == 0  # train/update.py: --steps 0 alone sizes the update by --epochs
    need(cfg.engine != "openai" or cfg.rounds == 1 or no_update or not ARMS[cfg.arm].trains,
         f"--engine openai: the servers serve the start model, and arm {cfg.arm} updates all weights each round, "
         "which a server cannot load at runtime; give --rounds 1 or --epochs 0 --steps 0, or use --engine torch/vllm")
    need(cfg.engine != "openai" or cfg.arm != "sdpo", "--arm sdpo samples from the model it trains, in-process: "
         "use --engine torch")
    need(cfg.engine == "torch" or cfg.arm != "grpo", "--arm grpo samples from the model it trains with the torch "
         "engine (train grpo): use --engine torch")
    need(cfg.backend in BACKENDS, f"--backend {cfg.backend!r}: choose one of {', '.join(BACKENDS)}")
    need(cfg.rounds >= 1, f"--rounds must be at least 1, got {cfg.rounds}")
    multiple = parse_budget(cfg.budget)
    need(cfg.seconds >= 0, f"--seconds must be at least 0 (0: none), got {cfg.seconds:g}")
    need(cfg.samples_per_target >= 0, f"--samples-per-target must be at least 0, got {cfg.samples_per_target:g}")
    need(sum(bool(x) for x in (multiple, cfg.seconds, cfg.samples_per_target)) <= 1,
         "give at most one of --budget, --seconds and --samples-per-target")
    if multiple:
        from gentzen.models.checkpoint import read_meta

        need(float(read_meta(cfg.model).get("seconds") or 0) > 0,
             f"--budget {cfg.budget}: {cfg.model}/gentzen.json records no training `seconds` (x); use --seconds")
    need(cfg.arm != "grpo" or not (multiple or cfg.samples_per_target),
         "--arm grpo is budgeted by --rounds or --seconds (train grpo's own loop); drop --budget/--samples-per-target")
    need(cfg.arm != "grpo" or cfg.samples >= 2, "--arm grpo: --samples is the group size G, at least 2")
    need(cfg.samples >= 1, f"--samples must be at least 1, got {cfg.samples}")
    need(cfg.target_samples >= 0, f"--target-samples must be at least 0 (0: --samples), got {cfg.target_samples}")
    need(not cfg.target_samples or cfg.arm not in ("control", "grpo", "sdpo"),
         f"--target-samples sets a target's samples beside its variants'; arm {cfg.arm} "
         + ("samples targets alone (--samples, or --match's)" if cfg.arm == "control" else "samples with its own trainer"))
    need(cfg.temperature > 0, f"--temperature must be greater than 0, got {cfg.temperature:g}")
    need(cfg.redraws_per_line >= 0 and cfg.redraws_per_proof >= 0, "--redraws-per-line/--redraws-per-proof must be at least 0")
    need(1 <= cfg.depth <= 3, f"--depth must be 1, 2 or 3, got {cfg.depth}")
    need(cfg.max_variants >= 0, f"--max-variants must be at least 0 (0: all), got {cfg.max_variants}")
    need(0 < cfg.mastered <= 1, f"--mastered must be in (0, 1], got {cfg.mastered:g}")
    need(cfg.refresh >= 0, f"--refresh must be at least 0 (0: never), got {cfg.refresh}")
    need(not cfg.refresh or cfg.arm in ("ttrl", "ei-then-ttrl"),
         f"--refresh gives a target fresh variants of its own: arm ttrl or ei-then-ttrl, not {cfg.arm}")
    need(not cfg.cut_lemmas or cfg.arm in ("ttrl", "ei-then-ttrl"),
         f"--cut-lemmas gives a target lemmas of its own: arm ttrl or ei-then-ttrl, not {cfg.arm}")
    need(not cfg.cut_lemmas or cfg.compose, "--cut-lemmas feeds composition: drop --no-compose")
    need(cfg.keep >= 1, f"--keep must be at least 1, got {cfg.keep}")
    need(cfg.repeat >= 1, f"--repeat must be at least 1, got {cfg.repeat}")
    need(cfg.patience >= 1, f"--patience must be at least 1, got {cfg.patience}")
    need(not cfg.match or cfg.arm == "control", "--match pairs a control run with a ttrl run: use it with --arm control")
    need(not cfg.match or (Path(cfg.match) / "rounds.jsonl").is_file(),
         f"--match {cfg.match}: not a ttrl run directory (no rounds.jsonl)")
    need(not cfg.fork or cfg.arm in ("ttrl", "unrelated", "ei", "ei-then-ttrl"),
         f"--fork adapts one model per target; arm {cfg.arm} trains none of its own")
    need(cfg.replay_share == -1 or cfg.replay_share >= 0,
         f"--replay-share must be in [0, 1), or -1 for the arm's own share, got {cfg.replay_share:g}")
    check_replay(cfg.replay, replay_share_of(cfg), cfg.probe)
    need(cfg.loss in LOSSES, f"--loss {cfg.loss!r}: choose one of {', '.join(LOSSES)}")
    need(0 < cfg.beta <= 1, f"--beta must be in (0, 1], got {cfg.beta:g}")
    need(cfg.steps >= 0, f"--steps must be at least 0, got {cfg.steps}")
    need(cfg.batch >= 1, f"--batch must be at least 1, got {cfg.batch}")
    need(cfg.lr > 0, f"--lr must be greater than 0, got {cfg.lr:g}")
    check_update_config(config_from(cfg, "whole", 0))  # epochs, warm-up
    if cfg.format:
        check_format(cfg.format)
    need(cfg.limit >= 0, f"--limit must be at least 0, got {cfg.limit}")
    check_threads(cfg.threads)
    for url in cfg.verify_url:
        need(url.startswith(("http://", "https://")), f"--verify-url {url!r}: give an http(s):// URL")
    out = Path(cfg.out)
    need(not (out.exists() and not out.is_dir()), f"--out {out}: is an existing file; give a folder")
    if ((out / "state.json").is_file() or (out / "sdpo" / "state.json").is_file()) and not cfg.resume:
        raise InputError(f"--out {out} holds a ttrl run: pass --resume to continue it, or choose another --out")
    from gentzen.repl.checkers import require_checker

    # last (it may ask servers): the checker is there before any work, Lean (or --repl-cmd) for
    # repl/both, and every --verify-url healthy
    for url in cfg.verify_url or [None]:
        require_checker("both" if cfg.backend == "both" else "kimina" if url else cfg.backend,
                        cfg.repl_cmd or None, url)
