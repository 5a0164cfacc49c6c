"""`gentzen bench sampler`: what sampling costs, as ratios measured in one run.

Five sections: tokens/s per intra-op thread count, idle and beside a CPU-bound process (the shipped
model and a random `base`-preset one); TorchEngine (fast and transformers paths) vs transformers'
`generate` vs vLLM at equal model, batch and length; the kernel's share of guided sampling's
wall-clock; guided sampling one theorem at a time vs across theorems (search/batch.py); wall-clock
per solved theorem of the `state` prompt format against `whole`.
"""

from __future__ import annotations

import contextlib
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from gentzen.errors import InputError, require
from gentzen.models import SHIPPED_MODEL as SHIPPED  # one definition (models/__init__.py)



@dataclass
class SamplerBenchConfig:
    """What `gentzen bench sampler` measures (field docs are the CLI's --help)."""

    model: str = field(default="", metadata={"help": "Model directory (default: the shipped model)."})
    threads: str = field(default="1,2,4", metadata={"help": "Intra-op thread counts to compare, comma-separated."})
    batch: int = field(default=8, metadata={"help": "Rows decoded together in the throughput sections."})
    length: int = field(default=48, metadata={"help": "Tokens sampled per row in the throughput sections."})
    repeats: int = field(default=3, metadata={"help": "Timed repeats per throughput figure (the best is kept)."})
    busy: bool = field(default=True, metadata={"help": "Also measure beside a CPU-bound background process."})
    base: bool = field(default=True, metadata={"help": "Also measure a random `base`-preset model (~7M)."})
    theorem_set: str = field(default="textbook", metadata={"help": "Theorems of the guided and format sections: "
                                                           "a shipped set or a JSONL file of records with `theorem`."})
    theorems: int = field(default=20, metadata={"help": "How many of them (the first N)."})
    samples: int = field(default=8, metadata={"help": "Attempts per theorem in those sections."})
    whole_model: str = field(default="", metadata={"help": "A `whole`-format model (default: --model)."})
    state_model: str = field(default="", metadata={"help": "A `state`-format model, for the format comparison."})
    seed: int = field(default=0, metadata={"help": "Sampling seed."})
    batch_rows: int = field(default=64, metadata={"help": "Rows in flight when sampling across theorems "
                                                  "(against one theorem at a time)."})


def check_config(cfg: SamplerBenchConfig) -> list[int]:
    """Validate before any work; returns the thread counts."""
    try:
        counts = [int(x) for x in cfg.threads.split(",") if x.strip()]
    except ValueError:
        raise InputError(f"--threads takes comma-separated integers, got {cfg.threads!r}") from None
    if not counts or any(n < 1 or n > 256 for n in counts):
        raise InputError(f"--threads needs counts between 1 and 256, got {cfg.threads!r}")
    for name in ("batch", "length", "repeats", "theorems", "samples", "batch_rows"):
        if getattr(cfg, name) < 1:
            raise InputError(f"--{name} must be at least 1, got {getattr(cfg, name)}")
    if cfg.theorem_set.endswith(".jsonl") and not Path(cfg.theorem_set).is_file():
        raise InputError(f"--theorem-set {cfg.theorem_set}: no such file")
    if not cfg.theorem_set.endswith(".jsonl"):
        from gentzen.data.sets import set_paths

        if cfg.theorem_set not in set_paths():
            raise InputError(f"--theorem-set: no shipped set {cfg.theorem_set!r} (have: {', '.join(set_paths())})")
    for flag, path in (("--model", cfg.model), ("--whole-model", cfg.whole_model), ("--state-model", cfg.state_model)):
        if path and not (Path(path) / "config.json").is_file():
            raise InputError(f"{flag} {path} is not a model directory (no config.json)")
    return counts


@contextlib.contextmanager
def cpu_hog():
    """One CPU-bound process beside the measurement (another job on the machine), killed after.
    Its own session: with Linux's scheduler autogroups, a process of the same session would share
    this one's CPU allotment and halve it on a busy machine whatever the thread count."""
    p = subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
    try:
        time.sleep(0.3)  # let it get scheduled
        yield
    finally:
        p.kill()
        p.wait()


def _prompt() -> str:
    from gentzen.core.proof.theorem import Theorem
    from gentzen.models.formats import build_prompt

    return build_prompt("whole", Theorem.from_sequent("P → Q, Q → R, P ⊢ R").statement())


def engine_tokens_per_second(engine, prompt: str, batch: int, length: int, repeats: int, seed: int) -> float:
    """Decode throughput of `engine` for `batch` rows of `length` tokens each (EOS ignored, so every
    row runs the full length), prefill included; the best of `repeats` runs."""
    eos, engine.eos_ids = engine.eos_ids, set()
    try:
        engine.generate([prompt], 1, max_tokens=4, seed=seed)  # warm-up
        best = 0.0
        for r in range(repeats):
            engine.clear_cache()
            t0 = time.perf_counter()
            out = engine.generate([prompt], batch, max_tokens=length, temperature=1.0, seed=seed + r)
            dt = time.perf_counter() - t0
            best = max(best, sum(c.tokens for c in out[0]) / dt)
        return best
    finally:
        engine.eos_ids = eos


def hf_generate_tokens_per_second(model, tokenizer, prompt: str, batch: int, length: int, repeats: int) -> float:
    """The same workload through transformers' own `generate` (sampling, all filters off)."""
    torch = require("torch", "train")
    ids = tokenizer(prompt, return_tensors="pt")["input_ids"].repeat(batch, 1)
    kw = dict(do_sample=True, temperature=1.0, top_k=0, top_p=1.0, max_new_tokens=length, min_new_tokens=length,
              pad_token_id=tokenizer.pad_token_id, attention_mask=torch.ones_like(ids))
    with torch.inference_mode():
        model.generate(ids, **{**kw, "max_new_tokens": 4, "min_new_tokens": 4})
        best = 0.0
        for _ in range(repeats):
            t0 = time.perf_counter()
            g = model.generate(ids, **kw)
            best = max(best, (g.shape[1] - ids.shape[1]) * batch / (time.perf_counter() - t0))
    return best


def _base_model_dir(tmp: str) -> str:
    """A random `base`-preset Llama saved as a standard model directory, with the shipped tokenizer."""
    from gentzen.models.checkpoint import save_checkpoint
    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import load_tokenizer

    tok = load_tokenizer(SHIPPED)
    out = Path(tmp) / "base"
    save_checkpoint(out, new_model("base", tok, seed=0), tok, {"preset": "base", "random": True})
    return str(out)


def threads_section(cfg: SamplerBenchConfig, counts: list[int], models: dict[str, str], say) -> dict:
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models.threads import set_threads

    torch = require("torch", "train")
    prompt, res = _prompt(), {}
    before = torch.get_num_threads()
    for name, path in models.items():
        engine = TorchEngine.from_pretrained(path, device="cpu")
        row: dict = {"impl": engine.impl}
        loads = ["idle", "busy"] if cfg.busy else ["idle"]
        for n in counts:
            torch.set_num_threads(n)
            # idle and busy alternate run by run, so a change in the machine's other load between
            # them shows in both rather than in one
            for r in range(cfg.repeats):
                for load in loads:
                    say(f"threads: {name}, {n} thread(s), {load}, run {r + 1}/{cfg.repeats}")
                    with cpu_hog() if load == "busy" else contextlib.nullcontext():
                        tps = engine_tokens_per_second(engine, prompt, cfg.batch, cfg.length, 1, cfg.seed + r)
                    row[f"{load}_{n}"] = round(max(row.get(f"{load}_{n}", 0.0), tps), 1)
        for load in loads:
            row[f"{load}_best_threads"] = max(counts, key=lambda n: row[f"{load}_{n}"])
        if cfg.busy:  # the slowdown another job causes, per thread count
            row["busy_slowdown"] = {n: round(row[f"idle_{n}"] / row[f"busy_{n}"], 2) for n in counts}
        res[name] = row
    torch.set_num_threads(before)
    set_threads()
    return {"tokens_per_second": res, "batch": cfg.batch, "length": cfg.length,
            "note": "tokens/s of TorchEngine, best of repeats; busy = beside one `while True: pass` process"}


def engines_section(cfg: SamplerBenchConfig, path: str, say) -> dict:
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models.checkpoint import load_checkpoint

    prompt, res = _prompt(), {}
    say("engines: TorchEngine fast path")
    res["torch_fast"] = engine_tokens_per_second(TorchEngine.from_pretrained(path, device="cpu"), prompt,
                                                 cfg.batch, cfg.length, cfg.repeats, cfg.seed)
    say("engines: TorchEngine on transformers")
    res["torch_hf"] = engine_tokens_per_second(TorchEngine.from_pretrained(path, device="cpu", impl="hf"), prompt,
                                               cfg.batch, cfg.length, cfg.repeats, cfg.seed)
    say("engines: transformers generate")
    model, tok, _ = load_checkpoint(path, "cpu")
    res["hf_generate"] = hf_generate_tokens_per_second(model, tok, prompt, cfg.batch, cfg.length, cfg.repeats)
    out = {k: round(v, 1) for k, v in res.items()}
    out["vllm"] = _vllm(cfg, path, prompt, say)
    out["ratios"] = {"torch_fast/hf_generate": round(res["torch_fast"] / res["hf_generate"], 2),
                     "torch_hf/hf_generate": round(res["torch_hf"] / res["hf_generate"], 2),
                     "torch_fast/torch_hf": round(res["torch_fast"] / res["torch_hf"], 2)}
    if isinstance(out["vllm"], (int, float)):
        out["ratios"]["torch_fast/vllm"] = round(res["torch_fast"] / out["vllm"], 2)
    out.update(batch=cfg.batch, length=cfg.length, threads=require("torch", "train").get_num_threads(),
               unit="tokens/s, prefill included, EOS ignored so every row samples `length` tokens")
    return out


def _vllm(cfg: SamplerBenchConfig, path: str, prompt: str, say):
    from gentzen.engines.vllm_engine import set_env

    set_env()  # before the first import: its logs on stderr, not in the JSON on stdout
    try:
        import vllm  # noqa: F401 - only whether it imports
    except Exception as e:  # ImportError, or a broken install raising something else
        return {"skipped": f"vllm is not importable in this Python ({sys.executable}: {type(e).__name__}: {e}); "
                           "build .venv-vllm with scripts/vllm-venv.sh and run `.venv-vllm/bin/gentzen bench sampler`"}
    from gentzen.engines.vllm_engine import VllmEngine

    say("engines: vLLM")
    engine = VllmEngine(path)
    sp = engine.vllm.SamplingParams(n=cfg.batch, max_tokens=cfg.length, temperature=1.0, ignore_eos=True, seed=cfg.seed)
    engine.llm.generate([prompt], sp, use_tqdm=False)  # warm-up
    best = 0.0
    for _ in range(cfg.repeats):
        engine.llm.reset_prefix_cache()
        t0 = time.perf_counter()
        outs = engine.llm.generate([prompt], sp, use_tqdm=False)
        best = max(best, sum(len(c.token_ids) for c in outs[0].outputs) / (time.perf_counter() - t0))
    engine.close()
    return round(best, 1)


class _Timed:
    """Wraps an object so calls to `name` are timed (the tokenizer's encode, the runner's prefill)."""

    def __init__(self, inner, name: str) -> None:
        self._inner, self._name, self.seconds = inner, name, 0.0

    def __call__(self, *a, **k):
        t0 = time.perf_counter()
        try:
            return self._inner(*a, **k)
        finally:
            self.seconds += time.perf_counter() - t0

    def __getattr__(self, attr):
        if attr == self._name:
            f = getattr(self._inner, attr)

            def timed(*a, **k):
                t0 = time.perf_counter()
                try:
                    return f(*a, **k)
                finally:
                    self.seconds += time.perf_counter() - t0
            return timed
        return getattr(self._inner, attr)


def run_guided(engine, records: list[dict], fmt: str, samples: int, seed: int) -> dict:
    """Guided sampling over `records` with wall-clock split into where it went."""
    from gentzen.search.guided import SamplerConfig, sample

    engine.clear_cache()
    engine.reset_stats()
    tok, runner = engine.tokenizer, engine._runner
    fast = engine.impl == "fast"  # the fast path prefills a call's prompts in batches
    engine.tokenizer = _Timed(tok, "encode_batch" if hasattr(tok, "encode_batch") else "__call__")
    engine._runner = _Timed(runner, "prefill_rows" if fast else "prefill")
    solved = check = 0.0
    t0 = time.perf_counter()
    try:
        for i, r in enumerate(records):
            res = sample(r["theorem"], engine, SamplerConfig(samples=samples, format=fmt, seed=seed + i))
            solved += res.solved
            check += sum(a.check_seconds for a in res.attempts)
        wall = time.perf_counter() - t0
        encode, prefill = engine.tokenizer.seconds, engine._runner.seconds
    finally:
        engine.tokenizer, engine._runner = tok, runner
    s = engine.stats
    decode = s.seconds - encode - prefill
    split = {"prompt_encoding": encode, "prefill": prefill, "decoding": decode, "checking": check,
             "python_between_calls": wall - s.seconds - check}
    return {"format": fmt, "theorems": len(records), "solved": int(solved), "wall_seconds": round(wall, 3),
            "seconds_per_solved": round(wall / solved, 3) if solved else None,
            "seconds": {k: round(v, 3) for k, v in split.items()},
            "share": {k: round(v / wall, 3) for k, v in split.items()},
            "model_calls": s.calls, "prompt_tokens": s.prompt_tokens, "prefill_tokens": s.prefill_tokens,
            "generated_tokens": s.generated_tokens,
            "ms_per_model_call": round(1000 * s.seconds / max(1, s.calls), 3)}


def guided_section(cfg: SamplerBenchConfig, path: str, records: list[dict], say) -> dict:
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models.checkpoint import read_meta

    say(f"guided: kernel share on {len(records)} theorems of {cfg.theorem_set}")
    fmt = read_meta(path).get("format", "whole")
    r = run_guided(TorchEngine.from_pretrained(path, device="cpu"), records, fmt, cfg.samples, cfg.seed)
    return {"kernel_share": r["share"]["checking"], "target": 0.05, **r}


def across_section(cfg: SamplerBenchConfig, path: str, records: list[dict], say) -> dict:
    """Guided sampling of the theorems one at a time (batch_rows 1) and across them: wall-clock,
    tokens/s, and whether every attempt came out the same (it should: per-row seeds)."""
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models.checkpoint import read_meta
    from gentzen.search.batch import sample_many
    from gentzen.search.guided import SamplerConfig

    say(f"across: guided sampling of {len(records)} theorems, batch_rows 1 vs {cfg.batch_rows}")
    engine = TorchEngine.from_pretrained(path, device="cpu")
    scfg = SamplerConfig(samples=cfg.samples, format=read_meta(path).get("format", "whole"), seed=cfg.seed)
    out, seen = {}, {}
    for rows in (1, cfg.batch_rows, 1):  # one at a time twice: before and after, against drift in load
        engine.clear_cache()
        engine.reset_stats()
        t0 = time.perf_counter()
        res = dict(sample_many([(i, r["theorem"], scfg) for i, r in enumerate(records)], engine, batch_rows=rows))
        wall = time.perf_counter() - t0
        seen.setdefault(rows, [(a.ok, a.proof, a.tokens) for i in sorted(res) for a in res[i].attempts])
        fig = {"wall_seconds": round(wall, 3), "tokens": engine.stats.generated_tokens,
               "tokens_per_second": round(engine.stats.generated_tokens / wall, 1), "model_calls": engine.stats.calls,
               "rows_per_call": round(engine.stats.sequences / max(1, engine.stats.calls), 1),
               "solved": sum(r.solved for r in res.values())}
        out.setdefault(f"rows_{rows}", []).append(fig)
    one = min(f["wall_seconds"] for f in out["rows_1"])
    return {**out, "speedup": round(one / out[f"rows_{cfg.batch_rows}"][0]["wall_seconds"], 2),
            "same_attempts": seen[1] == seen[cfg.batch_rows]}


def formats_section(cfg: SamplerBenchConfig, path: str, records: list[dict], say) -> dict:
    from gentzen.engines.torch_engine import TorchEngine

    out: dict = {}
    say("formats: one model on whole and state prompts (per-call cost, same weights)")
    same = TorchEngine.from_pretrained(path, device="cpu")
    w = run_guided(same, records, "whole", cfg.samples, cfg.seed)
    s = run_guided(same, records, "state", cfg.samples, cfg.seed)
    out["same_model"] = {"model": path, "whole": w, "state": s,
                         "state/whole ms per model call": round(s["ms_per_model_call"] / w["ms_per_model_call"], 2),
                         "note": "one model on both prompt formats: per-call costs only; a model trained on "
                                 "one format solves little in the other"}
    if not cfg.state_model:
        out["trained_pair"] = {"skipped": "no --state-model given (train one with `gentzen train sft --format state`)"}
        return out
    say("formats: state-format model vs whole-format model")
    if cfg.whole_model and cfg.whole_model != path:
        w = run_guided(TorchEngine.from_pretrained(cfg.whole_model, device="cpu"), records, "whole",
                       cfg.samples, cfg.seed)
    st = run_guided(TorchEngine.from_pretrained(cfg.state_model, device="cpu"), records, "state",
                    cfg.samples, cfg.seed)
    ratio = (st["seconds_per_solved"] / w["seconds_per_solved"]
             if st["seconds_per_solved"] and w["seconds_per_solved"] else None)
    out["trained_pair"] = {"whole_model": cfg.whole_model or path, "state_model": cfg.state_model,
                           "whole": w, "state": st, "target": 1.5,
                           "state/whole seconds per solved": round(ratio, 2) if ratio else None,
                           "state/whole ms per model call": round(st["ms_per_model_call"] / w["ms_per_model_call"], 2)}
    return out


def bench_sampler(cfg: SamplerBenchConfig, progress=None) -> dict:
    from gentzen.data.sets import load_set
    from gentzen.models.formats import read_records
    from gentzen.models.threads import set_threads

    counts = check_config(cfg)
    say = progress or (lambda msg: None)
    path = cfg.model or str(SHIPPED)
    torch = require("torch", "train")
    set_threads()
    records = (read_records(cfg.theorem_set) if cfg.theorem_set.endswith(".jsonl")
               else load_set(cfg.theorem_set))[:cfg.theorems]
    with tempfile.TemporaryDirectory(prefix="gentzen-bench-") as tmp:
        models = {"model": path}
        if cfg.base:
            say("building a random base-preset model")
            models["base_random"] = _base_model_dir(tmp)
        result = {
            "python": platform.python_version(), "torch": torch.__version__, "cpus": os.cpu_count(),
            "loadavg_at_start": [round(x, 2) for x in os.getloadavg()],
            "model": path, "default_threads": set_threads(), "theorem_set": cfg.theorem_set,
            "threads": threads_section(cfg, counts, models, say),
        }
    result["engines"] = engines_section(cfg, path, say)
    result["guided"] = guided_section(cfg, path, records, say)
    result["across"] = across_section(cfg, path, records, say)
    result["formats"] = formats_section(cfg, path, records, say)
    result["loadavg_at_end"] = [round(x, 2) for x in os.getloadavg()]
    return result


__all__ = ["SamplerBenchConfig", "bench_sampler", "check_config"]
