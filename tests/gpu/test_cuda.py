"""GPU checks (run where a CUDA device exists; skipped with the reason elsewhere).

The same code paths as on CPU, on `cuda`: a training step, greedy sampling that matches the CPU
engine on one checkpoint, and the guided sampler end to end.
"""

from __future__ import annotations

import pytest

from gentzen.models.formats import build_prompt
from gentzen.train.samples import records, write_jsonl

pytestmark = [pytest.mark.requires_gpu, pytest.mark.requires_torch]


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    from gentzen.train.sft import SFTConfig, train

    d = tmp_path_factory.mktemp("gpu")
    train(SFTConfig(data=str(write_jsonl(d / "data.jsonl")), out=str(d / "model"), preset="tiny", seconds=0,
                    max_steps=60, vocab_size=400, batch_size=8, lr=3e-3, eval_every=0, device="cuda"))
    return d / "model"


def test_cuda_greedy_matches_cpu(model_dir):
    from gentzen.engines.torch_engine import TorchEngine

    prompts = [build_prompt("whole", r["theorem"]) for r in records()[:4]]
    gpu = TorchEngine.from_pretrained(model_dir, device="cuda")
    cpu = TorchEngine.from_pretrained(model_dir, device="cpu")
    a = gpu.generate(prompts, 1, max_tokens=32, temperature=0.0, stop=["\n"])
    b = cpu.generate(prompts, 1, max_tokens=32, temperature=0.0, stop=["\n"])
    assert [x[0].text for x in a] == [x[0].text for x in b]


def test_guided_sampler_on_cuda(model_dir):
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.search.guided import SamplerConfig, sample

    eng = TorchEngine.from_pretrained(model_dir, device="cuda")
    res = sample(records()[0]["theorem"], eng, SamplerConfig(samples=4, stop_at_first=False))
    assert len(res.attempts) == 4 and res.totals()["tokens"] > 0
