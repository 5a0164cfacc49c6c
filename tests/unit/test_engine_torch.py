"""TorchEngine on a tiny trained model: n completions, exact token counts and log-probs, stops, seeds, reuse."""

from __future__ import annotations

import pytest

from gentzen.models.formats import build_prompt
from gentzen.train.samples import records, write_jsonl

pytestmark = pytest.mark.requires_torch
PROMPTS = [build_prompt("whole", r["theorem"]) for r in records()[:4]]


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory):
    from gentzen.train.sft import SFTConfig, train

    d = tmp_path_factory.mktemp("tiny")
    train(SFTConfig(data=str(write_jsonl(d / "data.jsonl")), out=str(d / "model"), preset="tiny",
                    seconds=0, max_steps=120, vocab_size=400, batch_size=8, lr=3e-3, eval_every=0))
    return d / "model"


@pytest.fixture(scope="module", params=["fast", "hf"])
def engine(model_dir, request):
    """Both implementations behind TorchEngine: the torch-only Llama and transformers."""
    from gentzen.engines.torch_engine import TorchEngine

    eng = TorchEngine.from_pretrained(model_dir, device="cpu", impl=request.param)
    assert eng.impl == request.param
    return eng


def same(a, b) -> bool:
    """Equal completions; log-probs to float noise (batch shape changes the summation order)."""
    return a.token_ids == b.token_ids and a.text == b.text and a.finish_reason == b.finish_reason \
        and abs(a.logprob - b.logprob) < 1e-4


def score(engine, prompt: str, ids: list[int]) -> float:
    """Sum of log p(ids | prompt) by one teacher-forced forward pass."""
    import torch

    p = engine.tokenizer(prompt)["input_ids"]
    with torch.no_grad():
        logits = engine.model(torch.tensor([p + ids])).logits[0].float()
    logp = torch.log_softmax(logits[len(p) - 1:-1], dim=-1)
    return float(logp.gather(1, torch.tensor(ids)[:, None]).sum())


def test_n_completions_with_exact_token_counts_and_logprobs(engine):
    out = engine.generate(PROMPTS, 3, max_tokens=32, temperature=1.0, stop=["\n"], seed=0)
    assert [len(row) for row in out] == [3] * len(PROMPTS)
    for prompt, row in zip(PROMPTS, out):
        for c in row:
            assert "\n" not in c.text and c.tokens == len(c.token_ids) <= 32
            # the log-prob is exactly the model's score of the sampled ids, stop token included
            assert c.logprob == pytest.approx(score(engine, prompt, list(c.token_ids)), abs=1e-3)
            full = engine.tokenizer.decode(list(c.token_ids), skip_special_tokens=True)
            if c.finish_reason == "stop":
                assert full.startswith(c.text + "\n") and "\n" not in engine.tokenizer.decode(list(c.token_ids[:-1]))
            elif c.finish_reason == "eos":
                assert c.token_ids[-1] == engine.tokenizer.eos_token_id and full == c.text
            else:
                assert c.tokens == 32 and full == c.text


def test_greedy_matches_transformers_generate_and_batching(engine, model_dir):
    from gentzen.models.checkpoint import load_checkpoint

    hf, _, _ = load_checkpoint(model_dir)  # the reference is always transformers' own generate
    out = engine.generate(PROMPTS, 2, max_tokens=24, temperature=0, stop=["\n"])
    for prompt, row in zip(PROMPTS, out):
        ids = engine.tokenizer(prompt, return_tensors="pt")
        g = hf.generate(**ids, max_new_tokens=24, do_sample=False)
        ref = engine.tokenizer.decode(g[0, ids["input_ids"].shape[1]:], skip_special_tokens=True)
        assert same(row[0], row[1]) and row[0].text == ref.split("\n")[0]
        # alone or batched with other prompts, the same greedy line
        assert same(engine.generate([prompt], 1, max_tokens=24, temperature=0, stop=["\n"])[0][0], row[0])


def test_stop_strings_max_tokens_and_seeds(engine):
    [[c]] = engine.generate(PROMPTS[:1], 1, max_tokens=24, temperature=0, stop=[":"])
    assert c.finish_reason == "stop" and c.stop_reason == ":" and ":" not in c.text
    [[c]] = engine.generate(PROMPTS[:1], 1, max_tokens=2, temperature=0, stop=["\n"])
    assert (c.finish_reason, c.tokens) == ("length", 2)
    a = engine.generate(PROMPTS, 4, max_tokens=16, temperature=1.5, stop=["\n"], seed=7)
    b = engine.generate(PROMPTS, 4, max_tokens=16, temperature=1.5, stop=["\n"], seed=7)
    assert a == b


def test_prefix_reuse_runs_only_new_tokens(engine):
    engine.clear_cache()
    engine.reset_stats()
    prompt = PROMPTS[1]
    [[first]] = engine.generate([prompt], 1, max_tokens=24, temperature=0, stop=["\n"])
    cold = engine.stats.prefill_tokens
    assert cold == engine.count_tokens(prompt)
    engine.generate([prompt], 4, max_tokens=24, temperature=1.0, stop=["\n"], seed=1)  # a redraw
    assert engine.stats.prefill_tokens == cold
    nxt = prompt + first.text + "\n"  # the next line's prompt extends this one
    [[again]] = engine.generate([nxt], 1, max_tokens=24, temperature=0, stop=["\n"])
    assert engine.stats.prefill_tokens == cold + engine.count_tokens(nxt) - engine.count_tokens(prompt)
    engine.clear_cache()
    assert same(engine.generate([nxt], 1, max_tokens=24, temperature=0, stop=["\n"])[0][0], again)


def test_cached_prompts_own_their_tensors(engine):
    """A cached prompt's KV is a copy of its own tokens: a view of the batch's buffer would keep the whole
    buffer (every row, every column) alive for as long as the prompt stays cached."""
    engine.clear_cache()
    engine.generate(PROMPTS, 4, max_tokens=8, temperature=1.0, stop=["\n"], seed=0)
    assert len(engine._cache) == len(set(PROMPTS))
    for ids, entry in engine._cache.entries.items():
        for pair in entry.kv:
            for x in pair:
                assert x.shape[0] == 1 and x.shape[2] == len(ids)
                assert x.untyped_storage().nbytes() == x.numel() * x.element_size()
        assert entry.logits.untyped_storage().nbytes() == entry.logits.numel() * entry.logits.element_size()
