"""Weight sync: after a sync the torch engine (fast Llama path or transformers) samples exactly what
a fresh load of the updated weights samples, LoRA merged in; vLLM gets a new adapter name and id
per update and serves the latest one (requires_vllm: run in .venv-vllm)."""

from __future__ import annotations

import os

import pytest

from gentzen.models.formats import build_prompt
from gentzen.train.samples import records

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

PROMPTS = [build_prompt("whole", r["theorem"]) for r in records()[:4]]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    from gentzen.models import checkpoint, formats
    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import train_tokenizer

    torch.set_num_threads(1)
    d = tmp_path_factory.mktemp("sync")
    tok = train_tokenizer(list(formats.corpus(records(), "whole")), vocab_size=400)
    checkpoint.save_checkpoint(d / "v0", new_model("tiny", tok, seed=0), tok, {"format": "whole"})
    return d


def _greedy(engine):
    out = engine.generate(PROMPTS, 1, max_tokens=12, temperature=0, stop=["\n"])
    return [(c.text, c.token_ids) for (c,) in out], [c.logprob for (c,) in out]


def _train(model, tok, lr=3e-3):
    from gentzen.train.update import UpdateConfig, update

    return update(model, tok, records(), UpdateConfig(steps=8, batch=8, lr=lr)).model


def _fresh(path):
    from gentzen.engines.torch_engine import TorchEngine

    return TorchEngine.from_pretrained(path, device="cpu")


@pytest.mark.parametrize("lora", [None, "r=4,alpha=8"])
def test_fast_engine_after_sync_equals_a_fresh_load_of_the_updated_weights(saved, tmp_path, lora):
    from gentzen.engines.sync import Syncer
    from gentzen.models import checkpoint
    from gentzen.models.lora import merged_state

    engine = _fresh(saved / "v0")
    assert engine.impl == "fast"
    before_ids, before_lp = _greedy(engine)
    model, tok, meta = checkpoint.load_checkpoint(saved / "v0")
    model.train()
    if lora:
        from gentzen.models.lora import add_lora

        model = add_lora(model, lora)
    model = _train(model, tok, lr=3e-2 if lora else 3e-3)
    rep = Syncer(engine).sync(model)
    assert rep.engine == "torch-fast" and rep.version == 1
    got_ids, got_lp = _greedy(engine)
    assert got_lp != pytest.approx(before_lp, abs=1e-4)  # the update changed what is sampled

    plain, _, _ = checkpoint.load_checkpoint(saved / "v0")
    plain.load_state_dict(merged_state(model))
    checkpoint.save_checkpoint(tmp_path / "v1", plain, tok, meta)
    want_ids, want_lp = _greedy(_fresh(tmp_path / "v1"))
    assert got_ids == want_ids
    assert got_lp == pytest.approx(want_lp, abs=1e-4)


def test_hf_engine_holding_the_trained_object_serves_new_weights_after_sync(saved):
    from gentzen.engines.sync import Syncer
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models import checkpoint

    model, tok, _ = checkpoint.load_checkpoint(saved / "v0")
    engine = TorchEngine(model, tok)
    _, before = _greedy(engine)  # fills the prefix cache with KV of the old weights
    _train(model, tok)
    assert Syncer(engine).sync(model).engine == "torch-hf"
    _, after = _greedy(engine)
    ref = TorchEngine(model, tok)  # an empty cache: what the new weights give
    assert after == pytest.approx(_greedy(ref)[1], abs=1e-5)
    assert after != pytest.approx(before, abs=1e-4)


@pytest.mark.requires_vllm
@pytest.mark.slow
def test_vllm_two_updates_two_adapter_ids_and_the_second_is_served(saved, tmp_path):
    for k, v in {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_CPU_OMP_THREADS_BIND": "0-1",
                 "VLLM_CPU_NUM_OF_RESERVED_CPU": "0", "VLLM_NO_USAGE_STATS": "1"}.items():
        os.environ.setdefault(k, v)
    from gentzen.engines.sync import Syncer
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.engines.vllm_engine import VllmEngine
    from gentzen.models import checkpoint
    from gentzen.models.lora import add_lora

    v = VllmEngine(saved / "v0", enable_lora=True, max_lora_rank=8, max_model_len=512)
    try:
        model, tok, _ = checkpoint.load_checkpoint(saved / "v0")
        model = add_lora(model, "r=4,alpha=8")
        syncer = Syncer(v, tmp_path / "adapters")
        _train(model, tok, lr=3e-2)
        syncer.sync(model)
        first = (v._lora.lora_name, v._lora.lora_int_id)
        _train(model, tok, lr=3e-2)
        syncer.sync(model)
        second = (v._lora.lora_name, v._lora.lora_int_id)
        assert first[0] != second[0] and first[1] != second[1]
        got = _greedy(v)[0]
        want = _greedy(TorchEngine(model.eval(), tok))[0]  # the model after the second update
        assert got == want
    finally:
        v.close()


def test_bench_sync_reports_each_engine_beside_a_training_step():
    import json
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "bench", "sync", "--repeats", "1", "--no-vllm",
                        "--lora", "4:8"], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "OMP_NUM_THREADS": "1"})
    assert p.returncode == 0, p.stderr
    r = json.loads(p.stdout)
    for mode in ("full", "lora"):
        row = r[mode]
        assert row["train_step_s"] > 0 and row["sync_torch_hf_s"] >= 0 and row["sync_torch_fast_s"] > 0
    assert r["lora"]["trainable_parameters"] < r["full"]["trainable_parameters"] == r["parameters"]
    assert r["vllm"] == {"skipped": "--no-vllm"}
