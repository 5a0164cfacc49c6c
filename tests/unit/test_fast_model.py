"""The torch-only Llama (gentzen.models.fastllama) against transformers' LlamaForCausalLM.

Same tokens, same logits (allclose) and same greedy ids on the shipped model and on a random
local Llama with grouped-query attention, untied embeddings and another RoPE base; the fast path
is refused (and the engine falls back to transformers) for anything that is not a plain Llama.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gentzen.core.proof.theorem import Theorem
from gentzen.models.formats import build_prompt

pytestmark = pytest.mark.requires_torch
torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

SHIPPED = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "assets" / "default_model"
SEQUENTS = ["P → Q, ¬Q ⊢ ¬P", "P ∧ Q ⊢ Q ∧ P", "P ∨ Q ⊢ Q ∨ P", "(P → Q) → P ⊢ P",
            "⊢ P ∨ ¬P"]
PROMPTS = [build_prompt("whole", Theorem.from_sequent(s).statement()) for s in SEQUENTS]


@pytest.fixture(scope="module")
def random_llama(tmp_path_factory) -> Path:
    """A random Llama unlike the presets: 4 query heads on 2 KV heads, untied, rope base 500."""
    import transformers

    from gentzen.models.tokenizer import train_tokenizer

    d = tmp_path_factory.mktemp("rand") / "model"
    tok = train_tokenizer(PROMPTS * 4, vocab_size=320)
    cfg = transformers.LlamaConfig(vocab_size=len(tok), hidden_size=64, num_hidden_layers=3,
                                   num_attention_heads=4, num_key_value_heads=2, intermediate_size=96,
                                   max_position_embeddings=256, rope_theta=500.0, tie_word_embeddings=False,
                                   rms_norm_eps=1e-5, bos_token_id=tok.bos_token_id, eos_token_id=tok.eos_token_id,
                                   pad_token_id=tok.pad_token_id)
    torch.manual_seed(3)
    model = transformers.LlamaForCausalLM(cfg)
    with torch.no_grad():  # larger weights than the init, so greedy paths are not all one token
        for p in model.parameters():
            p.mul_(8.0) if p.dim() == 2 else None
    model.save_pretrained(d, safe_serialization=True)
    tok.save_pretrained(d)
    return d


def engines(path):
    from gentzen.engines.torch_engine import TorchEngine

    return (TorchEngine.from_pretrained(path, device="cpu", impl="fast"),
            TorchEngine.from_pretrained(path, device="cpu", impl="hf"))


@pytest.mark.parametrize("which", ["shipped", "random"])
def test_same_tokens_logits_and_greedy_ids(which, random_llama):
    path = SHIPPED if which == "shipped" else random_llama
    fast, hf = engines(path)
    assert (fast.impl, hf.impl) == ("fast", "hf")
    assert fast.eos_ids == hf.eos_ids
    texts = PROMPTS + ["  exact ⟨h1.2, h1.1⟩\n", "non-ascii ∀ ∃ 😀 and \t tabs"]
    for t in texts:
        assert fast.tokenizer(t)["input_ids"] == hf.tokenizer(t)["input_ids"]
        ids = hf.tokenizer(t)["input_ids"]
        for skip in (True, False):
            assert fast.tokenizer.decode(ids, skip_special_tokens=skip) == \
                hf.tokenizer.decode(ids, skip_special_tokens=skip)
    with torch.no_grad():
        for p in PROMPTS:
            x = torch.tensor([hf.tokenizer(p)["input_ids"]])
            a, b = fast.model(x).logits, hf.model(x).logits
            torch.testing.assert_close(a, b, atol=1e-4, rtol=1e-4)
    a = fast.generate(PROMPTS, 3, max_tokens=40, temperature=0, stop=["\n"])
    b = hf.generate(PROMPTS, 3, max_tokens=40, temperature=0, stop=["\n"])
    for ra, rb in zip(a, b):
        for ca, cb in zip(ra, rb):
            assert ca.token_ids == cb.token_ids and ca.text == cb.text and ca.finish_reason == cb.finish_reason
            assert ca.logprob == pytest.approx(cb.logprob, abs=1e-3)
    # no stop string, long decode: rows finish at different steps and are dropped from the batch
    a = fast.generate(PROMPTS, 2, max_tokens=60, temperature=0)
    b = hf.generate(PROMPTS, 2, max_tokens=60, temperature=0)
    assert [[c.token_ids for c in r] for r in a] == [[c.token_ids for c in r] for r in b]


def test_prefix_reuse_gives_the_logits_of_a_fresh_prefill():
    fast, _ = engines(SHIPPED)
    [[first]] = fast.generate(PROMPTS[:1], 1, max_tokens=40, temperature=0, stop=["\n"])
    nxt = PROMPTS[0] + first.text + "\n"
    fast.reset_stats()
    reused = fast.generate([nxt], 1, max_tokens=40, temperature=0, stop=["\n"])[0][0]
    assert fast.stats.prefill_tokens == fast.count_tokens(nxt) - fast.count_tokens(PROMPTS[0])
    kv_reused, logits_reused = cached(fast, nxt)
    fast.clear_cache()
    fresh = fast.generate([nxt], 1, max_tokens=40, temperature=0, stop=["\n"])[0][0]
    kv_fresh, logits_fresh = cached(fast, nxt)
    assert reused.token_ids == fresh.token_ids
    torch.testing.assert_close(logits_reused, logits_fresh, atol=1e-4, rtol=1e-4)
    for (k1, v1), (k2, v2) in zip(kv_reused, kv_fresh):
        torch.testing.assert_close(k1, k2, atol=1e-4, rtol=1e-4)
        torch.testing.assert_close(v1, v2, atol=1e-4, rtol=1e-4)


def cached(engine, prompt: str):
    entry = engine._cache.entries[tuple(engine.tokenizer(prompt)["input_ids"])]
    return entry.kv, entry.logits


def test_a_shared_prefix_is_reused_though_no_cached_prompt_is_a_prefix():
    """The state formats' next prompt inserts a line inside the last one: the cache finds the longest
    common prefix (not only a whole cached prompt) and gives the KV and logits of a fresh prefill,
    in a batch beside a prompt prefilled from nothing."""
    fast, _ = engines(SHIPPED)
    fast.clear_cache()
    a = "/-\nP Q : Prop\nh1 : P → Q\nh2 : P\n⊢ Q\n-/\n"
    b = "/-\nP Q : Prop\nh1 : P → Q\nh2 : P\nn1 : Q\n⊢ Q\n-/\n"
    other = PROMPTS[1]
    fast.generate([a], 1, max_tokens=4, temperature=0)
    fast.reset_stats()
    ids_a, ids_b = (fast.tokenizer(x)["input_ids"] for x in (a, b))
    shared = next(i for i, (x, y) in enumerate(zip(ids_a, ids_b)) if x != y)
    both = fast.generate([b, other], 1, max_tokens=20, temperature=0, stop=["\n"])
    # `other` shares only BOS with what is cached
    assert fast.stats.prefill_tokens == len(ids_b) - shared + fast.count_tokens(other) - 1
    kv_b, logits_b = cached(fast, b)
    fast.clear_cache()
    alone = fast.generate([b], 1, max_tokens=20, temperature=0, stop=["\n"])
    kv_fresh, logits_fresh = cached(fast, b)
    assert both[0][0].token_ids == alone[0][0].token_ids
    torch.testing.assert_close(logits_b, logits_fresh, atol=1e-4, rtol=1e-4)
    for (k1, v1), (k2, v2) in zip(kv_b, kv_fresh):
        torch.testing.assert_close(k1, k2, atol=1e-4, rtol=1e-4)
        torch.testing.assert_close(v1, v2, atol=1e-4, rtol=1e-4)


def test_sampling_is_seeded_and_matches_between_paths():
    fast, hf = engines(SHIPPED)
    a = fast.generate(PROMPTS, 4, max_tokens=32, temperature=1.0, stop=["\n"], seed=11)
    assert a == fast.generate(PROMPTS, 4, max_tokens=32, temperature=1.0, stop=["\n"], seed=11)
    b = hf.generate(PROMPTS, 4, max_tokens=32, temperature=1.0, stop=["\n"], seed=11)
    # same distribution and the same generator draws: the same samples up to float noise
    same = sum(ca.token_ids == cb.token_ids for ra, rb in zip(a, b) for ca, cb in zip(ra, rb))
    assert same >= 0.9 * len(PROMPTS) * 4


def test_fast_path_refuses_what_it_does_not_implement(tmp_path, random_llama):
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.errors import InputError
    from gentzen.models.fastllama import fast_path_problem

    assert fast_path_problem(SHIPPED) is None and fast_path_problem(random_llama) is None
    cases = {"qwen": {"model_type": "qwen2", "architectures": ["Qwen2ForCausalLM"]},
             "bias": {"attention_bias": True}, "rope": {"rope_scaling": {"rope_type": "linear", "factor": 2.0}}}
    for name, patch in cases.items():
        d = tmp_path / name
        shutil.copytree(random_llama, d)
        cfg = json.loads((d / "config.json").read_text())
        (d / "config.json").write_text(json.dumps({**cfg, **patch}))
        assert fast_path_problem(d)
    d = tmp_path / "adapter"
    shutil.copytree(random_llama, d)
    (d / "adapter_config.json").write_text("{}")
    assert "adapter" in fast_path_problem(d)
    with pytest.raises(InputError, match="fast path"):
        TorchEngine.from_pretrained(tmp_path / "bias", device="cpu", impl="fast")
    with pytest.raises(InputError, match="implementation"):
        TorchEngine.from_pretrained(random_llama, device="cpu", impl="nope")
    # a Llama with biases still runs: on transformers
    assert TorchEngine.from_pretrained(tmp_path / "bias", device="cpu").impl == "hf"


def test_loading_the_shipped_model_does_not_import_transformers():
    code = ("import sys; from gentzen.engines import load_engine; e = load_engine(sys.argv[1], device='cpu'); "
            "e.generate(['theorem t (P : Prop) (h1 : P) : P := by\\n'], 2, max_tokens=8); "
            "print(e.impl, 'transformers' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code, str(SHIPPED)], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["fast", "False"]
