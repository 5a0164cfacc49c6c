"""`gentzen bench loops`: the real learning loops' sampling rate against the engine's raw decode rate.

On a fixed generated set (made in process with a fixed seed) it runs one real round each of `eval`
guided and plain, `train ei` and `ttrl` (control and ttrl arms), and reports per loop: generated and
prefill tokens/s, attempts/s, model calls per attempt, the kernel's share and update seconds, each rate
also as a ratio of the raw batch-64 decode rate of `bench sampler` measured in the same run, and the
whole round's attempts per wall-clock and CPU second (engine start, sampling, update and saving).
With `--engine vllm` the CPU seconds are the whole process tree's: vLLM decodes in child processes.
"""

from __future__ import annotations

import contextlib
import json
import os
import platform
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from gentzen.errors import InputError, require
from gentzen.models import SHIPPED_MODEL

LOOPS = ("eval-guided", "eval-plain", "ei", "ttrl-control", "ttrl")


@dataclass
class LoopsBenchConfig:
    """What `gentzen bench loops` runs (field docs are the CLI's --help)."""

    model: str = field(default="", metadata={"help": "Model directory (default: the shipped model)."})
    theorems: int = field(default=12, metadata={"help": "Generated theorems (targets) every loop runs on."})
    lines: str = field(default="8-14", metadata={"help": "Their reference proof lengths, a range a-b."})
    gen_seed: int = field(default=0, metadata={"help": "Seed of `gentzen gen` making the set."})
    samples: int = field(default=16, metadata={"help": "Attempts per theorem (and per TTRL variant) per round."})
    variants: int = field(default=2, metadata={"help": "ttrl arm: variants per target (its --max-variants)."})
    steps: int = field(default=4, metadata={"help": "Optimizer steps of each EI / TTRL update (--steps)."})
    probe: int = field(default=20, metadata={"help": "Forgetting-probe proofs of each update (--probe)."})
    seed: int = field(default=0, metadata={"help": "Sampling seed."})
    threads: int = field(default=1, metadata={"help": "torch CPU threads."})
    batch: int = field(default=64, metadata={"help": "Rows of the raw decode measurement."})
    length: int = field(default=48, metadata={"help": "Tokens per row of the raw decode measurement."})
    repeats: int = field(default=3, metadata={"help": "Repeats of the raw decode measurement (best kept)."})
    loops: str = field(default=",".join(LOOPS), metadata={"help": "Loops to run, comma-separated: "
                                                            + ", ".join(LOOPS) + "."})
    engine: str = field(default="torch", metadata={"help": "Sampling engine of every loop: torch | vllm."})
    device: str = field(default="cpu", metadata={"help": "Where the torch engine and the updates run: cpu | cuda."})


def check_config(cfg: LoopsBenchConfig) -> list[str]:
    """Validate before any work; returns the loops to run."""
    from gentzen.data.generate import parse_range
    from gentzen.models.threads import check_threads

    loops = [x.strip() for x in cfg.loops.split(",") if x.strip()]
    bad = [x for x in loops if x not in LOOPS]
    if bad or not loops:
        raise InputError(f"--loops takes some of {', '.join(LOOPS)}, got {cfg.loops!r}")
    for name in ("theorems", "samples", "steps", "batch", "length", "repeats", "threads"):
        if getattr(cfg, name) < 1:
            raise InputError(f"--{name} must be at least 1, got {getattr(cfg, name)}")
    if cfg.variants < 0 or cfg.probe < 0:
        raise InputError("--variants and --probe must be 0 or more")
    lo, hi = parse_range(cfg.lines)
    if lo < 1:
        raise InputError(f"--lines must be a range a-b with 1 <= a <= b, got {cfg.lines!r}")
    check_threads(cfg.threads)
    if cfg.device not in ("cpu", "cuda"):
        raise InputError(f"--device must be cpu or cuda, got {cfg.device!r}")
    if cfg.engine not in ("torch", "vllm"):
        raise InputError(f"--engine must be torch or vllm, got {cfg.engine!r}")
    if cfg.model and not (Path(cfg.model) / "config.json").is_file():
        raise InputError(f"--model {cfg.model} is not a model directory (no config.json)")
    return loops


def tree_cpu_seconds() -> float:
    """CPU seconds of this process and of every live descendant, each with its reaped children's: vLLM's
    engine core and workers are child processes, whose work `time.process_time` does not see."""
    import psutil  # a dependency of vllm, so present wherever this clock is used

    me = psutil.Process()
    total = 0.0
    for p in [me, *me.children(recursive=True)]:
        try:
            t = p.cpu_times()
        except psutil.Error:  # exited meanwhile: its time is now its parent's children_*
            continue
        total += t.user + t.system + t.children_user + t.children_system
    return total


def cpu_clock(engine: str):
    """The CPU clock the figures use: this process's for the in-process torch engine, the process tree's
    for vllm."""
    return tree_cpu_seconds if engine == "vllm" else time.process_time


class _Watched:
    """An engine whose calls are timed: the sampling wall-clock runs from its first call's start to its
    last call's end (the kernel checks between calls included), its stats are the engine's own."""

    def __init__(self, engine, clock=time.process_time) -> None:
        self.engine, self.first, self.last, self.clock = engine, None, None, clock
        self.cpu_first = self.cpu_last = 0.0

    def _start(self) -> None:
        if self.first is None:
            self.first, self.cpu_first = time.perf_counter(), self.clock()

    def _end(self) -> None:
        self.last, self.cpu_last = time.perf_counter(), self.clock()

    def generate(self, prompts, n=1, **kw):
        self._start()
        try:
            return self.engine.generate(prompts, n, **kw)
        finally:
            self._end()

    def generate_stream(self, pull, **kw):
        self._start()
        try:
            yield from self.engine.generate_stream(pull, **kw)
        finally:
            self._end()

    def __getattr__(self, name):
        return getattr(self.engine, name)


@contextlib.contextmanager
def _watch_engines(clock=time.process_time):
    """Every engine `gentzen.engines.open_engine` opens meanwhile, watched (the loops open their own)."""
    import gentzen.engines as engines

    opened: list[_Watched] = []
    real = engines.open_engine

    def open_watched(*a, **k):
        opened.append(_Watched(real(*a, **k), clock))
        return opened[-1]

    engines.open_engine = open_watched
    try:
        yield opened
    finally:
        engines.open_engine = real


def _figures(opened: list, attempts: int, check_seconds: float, update_seconds: float | None, raw: float) -> dict:
    """One loop's rates from the engines it opened (their stats) and its own counts."""
    from gentzen.engines.base import EngineStats

    stats, wall, cpu = EngineStats(), 0.0, 0.0
    for w in opened:
        stats.add(w.engine.stats)
        wall += (w.last - w.first) if w.first is not None else 0.0
        cpu += (w.cpu_last - w.cpu_first) if w.first is not None else 0.0
    wall, cpu = max(wall, 1e-9), max(cpu, 1e-9)
    rates = {"generated_tokens_per_second": stats.generated_tokens / wall,
             "prefill_tokens_per_second": stats.prefill_tokens / wall,
             "attempts_per_second": attempts / wall}
    out = {"sampling_seconds": round(wall, 3), "sampling_cpu_seconds": round(cpu, 3), "attempts": attempts,
           "generated_tokens": stats.generated_tokens,
           "prompt_tokens": stats.prompt_tokens, "prefill_tokens": stats.prefill_tokens,
           "engine_calls": stats.calls, "model_calls": stats.prompts,
           **{k: round(v, 2) for k, v in rates.items()},
           "model_calls_per_attempt": round(stats.prompts / max(attempts, 1), 2),
           "kernel_share": round(check_seconds / wall, 4),
           "update_seconds": None if update_seconds is None else round(update_seconds, 3),
           # attempts/s against raw tokens/s is attempts per raw-decoded token
           "ratio_to_raw_decode": {k: round(v / raw["wall"], 4) for k, v in rates.items()},
           # the same per CPU-second of this process, against the raw rate per CPU-second: on a shared
           # machine the other jobs' load changes wall-clock rates from minute to minute, less these
           "generated_tokens_per_cpu_second": round(stats.generated_tokens / cpu, 2),
           "attempts_per_cpu_second": round(attempts / cpu, 3),
           "cpu_ratio_to_raw_decode": {"generated_tokens": round(stats.generated_tokens / cpu / raw["cpu"], 4),
                                       "prefill_tokens": round(stats.prefill_tokens / cpu / raw["cpu"], 4)}}
    return out


def _eval_loop(cfg: LoopsBenchConfig, method: str, theorem_file: Path, model: str, raw: float) -> dict:
    from gentzen.eval.run import EvalConfig, run_eval

    ecfg = EvalConfig(set=str(theorem_file), model=model, methods=(method,), samples=cfg.samples, ks=(1,),
                      seeds=(cfg.seed,), threads=cfg.threads, engine=cfg.engine, device=cfg.device)
    with _watch_engines(cpu_clock(cfg.engine)) as opened:
        summary = run_eval(ecfg, None)
    c = summary["methods"][method]["compute"]
    fig = _figures(opened, cfg.theorems * cfg.samples, c["check_seconds"], None, raw)
    fig["solved"] = sum(summary["methods"][method]["solved"].values())
    return fig


def _ei_loop(cfg: LoopsBenchConfig, theorem_file: Path, model: str, tmp: Path, raw: float) -> dict:
    from gentzen.train.ei import EIConfig, run

    out = tmp / "ei"
    ecfg = EIConfig(model=model, targets=str(theorem_file), out=str(out), rounds=1, samples=cfg.samples,
                    steps=cfg.steps, probe=cfg.probe, seed=cfg.seed, threads=cfg.threads, engine=cfg.engine,
                    device=cfg.device)
    with _watch_engines(cpu_clock(cfg.engine)) as opened:
        run(ecfg)
    rec = json.loads((out / "rounds.jsonl").read_text().splitlines()[-1])
    fig = _figures(opened, rec["tally"]["samples"], rec["seconds"]["checking"], rec["seconds"]["training"], raw)
    fig["solved"] = rec["tally"]["solved"]
    return fig


def _ttrl_loop(cfg: LoopsBenchConfig, arm: str, theorem_file: Path, model: str, tmp: Path, raw: float) -> dict:
    from gentzen.ttrl.config import TTRLConfig
    from gentzen.ttrl.run import run

    out = tmp / arm
    tcfg = TTRLConfig(theorems=str(theorem_file), model=model, arm=arm, out=str(out), rounds=1, samples=cfg.samples,
                      max_variants=cfg.variants, steps=cfg.steps, probe=cfg.probe, seed=cfg.seed,
                      threads=cfg.threads, engine=cfg.engine, device=cfg.device)
    with _watch_engines(cpu_clock(cfg.engine)) as opened:
        run(tcfg)
    rec = json.loads((out / "rounds.jsonl").read_text().splitlines()[-1])
    split = rec["round_seconds"]
    attempts = rec["samples_round"]["targets"] + rec["samples_round"]["variants"]
    fig = _figures(opened, attempts, split.get("checking", 0.0), split.get("training", 0.0), raw)
    fig["solved"] = len(rec["solved"])
    return fig


def raw_decode_rate(cfg: LoopsBenchConfig, model: str) -> dict:
    """`bench sampler`'s raw decode figure (batch × length tokens of one prompt, EOS ignored, prefill
    included, best of repeats), per wall-clock second and per CPU-second of this process."""
    from gentzen.bench.sampler import _prompt
    from gentzen.engines import EngineChoice, open_engine

    if cfg.engine == "vllm":
        return _vllm_raw_decode(cfg, model, _prompt())
    engine = open_engine(model, EngineChoice(cfg.engine), device=cfg.device, threads=cfg.threads)
    eos, engine.eos_ids = engine.eos_ids, set()
    try:
        engine.generate([_prompt()], 1, max_tokens=4, seed=cfg.seed)  # warm-up
        best = {"wall": 0.0, "cpu": 0.0}
        for r in range(cfg.repeats):
            engine.clear_cache()
            t0, c0 = time.perf_counter(), time.process_time()
            out = engine.generate([_prompt()], cfg.batch, max_tokens=cfg.length, temperature=1.0, seed=cfg.seed + r)
            tokens = sum(c.tokens for c in out[0])
            best["wall"] = max(best["wall"], tokens / (time.perf_counter() - t0))
            best["cpu"] = max(best["cpu"], tokens / max(time.process_time() - c0, 1e-9))
        return best
    finally:
        engine.eos_ids = eos
        engine.close()


def _vllm_raw_decode(cfg: LoopsBenchConfig, model: str, prompt: str) -> dict:
    """The same raw decode through vLLM's offline engine (n = batch samples of one prompt, EOS ignored),
    per wall-clock second and per CPU-second of the process tree (vLLM decodes in child processes)."""
    from gentzen.engines.vllm_engine import VllmEngine

    engine = VllmEngine(model)
    try:
        sp = engine.vllm.SamplingParams(n=cfg.batch, max_tokens=cfg.length, temperature=1.0, ignore_eos=True,
                                        seed=cfg.seed)
        engine.llm.generate([prompt], sp, use_tqdm=False)  # warm-up
        best = {"wall": 0.0, "cpu": 0.0}
        for _ in range(cfg.repeats):
            engine.llm.reset_prefix_cache()
            t0, c0 = time.perf_counter(), tree_cpu_seconds()
            outs = engine.llm.generate([prompt], sp, use_tqdm=False)
            tokens = sum(len(c.token_ids) for c in outs[0].outputs)
            best["wall"] = max(best["wall"], tokens / (time.perf_counter() - t0))
            best["cpu"] = max(best["cpu"], tokens / max(tree_cpu_seconds() - c0, 1e-9))
        return best
    finally:
        engine.close()


def theorem_set(cfg: LoopsBenchConfig, path: Path) -> Path:
    """The fixed set: `gentzen gen --count THEOREMS --seed GEN_SEED --min/max-lines` in process."""
    from gentzen.data.generate import GenConfig, dumps, generate, parse_range

    lo, hi = parse_range(cfg.lines)
    records = generate(GenConfig(count=cfg.theorems, seed=cfg.gen_seed, min_lines=lo, max_lines=hi))
    path.write_text(dumps(records), encoding="utf-8")
    return path


def bench_loops(cfg: LoopsBenchConfig, progress=None) -> dict:
    loops = check_config(cfg)
    say = progress or (lambda msg: None)
    torch = require("torch", "train")
    if cfg.engine == "vllm":
        from gentzen.engines.vllm_engine import set_env

        if cfg.device == "cpu":  # vLLM's CPU backend binds its threads to cores: as many as torch's --threads
            os.environ.setdefault("VLLM_CPU_OMP_THREADS_BIND", "0" if cfg.threads == 1 else f"0-{cfg.threads - 1}")
        set_env()  # before the first import: its logs on stderr, not in the JSON on stdout
        try:
            import vllm  # noqa: F401 - only whether it imports
        except Exception as e:  # ImportError, or a broken install raising something else
            raise InputError(f"--engine vllm: vllm is not importable here ({type(e).__name__}); build "
                             ".venv-vllm with scripts/vllm-venv.sh and run "
                             "`.venv-vllm/bin/gentzen bench loops --engine vllm`") from None
    if cfg.device == "cuda" and not torch.cuda.is_available():
        raise InputError("--device cuda: torch sees no CUDA device here (runs/gpu_bench_loops.sh is for a GPU machine)")
    model = cfg.model or str(SHIPPED_MODEL)
    result: dict = {"python": platform.python_version(), "torch": torch.__version__, "cpus": os.cpu_count(),
                    "loadavg_at_start": [round(x, 2) for x in os.getloadavg()], "model": cfg.model or "shipped",
                    "config": asdict(cfg),
                    "cpu_clock": "process tree" if cfg.engine == "vllm" else "this process"}
    with tempfile.TemporaryDirectory(prefix="gentzen-loops-") as tmp_name:
        tmp = Path(tmp_name)
        thm = theorem_set(cfg, tmp / "theorems.jsonl")
        say(f"raw decode: batch {cfg.batch} x {cfg.length} tokens")
        raw = raw_decode_rate(cfg, model)
        result["raw_decode_tokens_per_second"] = round(raw["wall"], 1)
        result["raw_decode_tokens_per_cpu_second"] = round(raw["cpu"], 1)
        result["loops"] = {}
        for name in loops:
            say(f"{name}: one round on {cfg.theorems} theorems, {cfg.samples} attempts each")
            clock = cpu_clock(cfg.engine)
            t0, c0 = time.perf_counter(), clock()
            if name.startswith("eval-"):
                fig = _eval_loop(cfg, name[5:], thm, model, raw)
            elif name == "ei":
                fig = _ei_loop(cfg, thm, model, tmp, raw)
            else:
                fig = _ttrl_loop(cfg, "control" if name == "ttrl-control" else "ttrl", thm, model, tmp, raw)
            fig.setdefault("wall_seconds", round(time.perf_counter() - t0, 3))
            if "attempts" in fig:  # the whole round (engine start, sampling, update, saving) per wall and CPU second
                fig["round_cpu_seconds"] = round(clock() - c0, 3)
                fig["round_attempts_per_second"] = round(fig["attempts"] / max(fig["wall_seconds"], 1e-9), 3)
                fig["round_attempts_per_cpu_second"] = round(fig["attempts"] / max(fig["round_cpu_seconds"], 1e-9), 3)
            result["loops"][name] = fig
    if cfg.engine == "vllm":  # its version and the CPU settings its engines started with
        import vllm

        result["vllm"] = {"version": vllm.__version__,
                          **{k: v for k, v in sorted(os.environ.items()) if k.startswith("VLLM_CPU_")}}
    result["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    return result


__all__ = ["LOOPS", "LoopsBenchConfig", "bench_loops", "check_config"]
