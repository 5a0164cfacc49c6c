"""SDPO's options and their checks: one dataclass, whose field help is `gentzen train sdpo --help`.

`check_config` validates every range and choice before any model loads; `load_theorems` reads the
--theorems file. The loop (sdpo.py), a group's sampling (sdpo_group.py) and the loss read this config.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gentzen.config import option as _opt
from gentzen.errors import InputError
from gentzen.train.update import run_option


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
        from gentzen.models.lora import parse_spec

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
