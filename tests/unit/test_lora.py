"""LoRA on any local HF causal LM: per-architecture targets (never embeddings or head), peft's own
save format, save -> load gives identical logits, merged weights equal the adapted model."""

from __future__ import annotations

import json

import pytest

from gentzen.errors import InputError

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")
pytest.importorskip("peft")


def _qwen2_dir(tmp_path):
    """A tiny Qwen2 with random weights, created locally (no hub)."""
    cfg = transformers.Qwen2Config(vocab_size=128, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                                   num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=64)
    torch.manual_seed(0)
    transformers.Qwen2ForCausalLM(cfg).save_pretrained(tmp_path / "qwen2")
    return tmp_path / "qwen2"


def _load(path):
    return transformers.AutoModelForCausalLM.from_pretrained(str(path), local_files_only=True).eval()


def _randomize_adapter(model):
    # a fresh LoRA's B is zero (the adapter starts as the identity): make it do something
    g = torch.Generator().manual_seed(1)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if "lora_" in name:
                p.copy_(torch.randn(p.shape, generator=g) * 0.1)


IDS = torch.tensor([[1, 5, 9, 17, 33, 2, 7]])


def test_qwen2_targets_are_the_projections_never_embeddings_or_head(tmp_path):
    from gentzen.models.lora import target_modules

    model = _load(_qwen2_dir(tmp_path))
    t = target_modules(model)
    assert set(t) == {"q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"}
    assert "lm_head" not in t and "embed_tokens" not in t


def test_unknown_architecture_falls_back_to_its_linear_layers():
    from gentzen.models.lora import target_modules

    cfg = transformers.GPTJConfig(vocab_size=64, n_embd=32, n_layer=1, n_head=4, n_positions=32, rotary_dim=4)
    model = transformers.GPTJForCausalLM(cfg)
    t = target_modules(model)
    assert "lm_head" not in t and "wte" not in t
    assert {"q_proj", "k_proj", "v_proj", "out_proj", "fc_in", "fc_out"} <= set(t)


def test_save_then_load_gives_identical_logits(tmp_path):
    from gentzen.models.lora import add_lora, load_adapter, save_adapter

    path = _qwen2_dir(tmp_path)
    model = add_lora(_load(path), "4:8")
    _randomize_adapter(model)
    model.eval()
    with torch.no_grad():
        want = model(input_ids=IDS).logits
        base = _load(path)(input_ids=IDS).logits
    assert not torch.allclose(want, base)  # the adapter changes the model
    out = save_adapter(model, tmp_path / "adapter")
    assert (out / "adapter_config.json").is_file() and (out / "adapter_model.safetensors").is_file()
    conf = json.loads((out / "adapter_config.json").read_text())
    assert conf["r"] == 4 and conf["lora_alpha"] == 8 and not conf.get("modules_to_save")
    st = pytest.importorskip("safetensors.torch")
    keys = st.load_file(str(out / "adapter_model.safetensors")).keys()
    assert keys and all("lora_" in k for k in keys) and not any("embed" in k or "lm_head" in k for k in keys)
    loaded = load_adapter(_load(path), out).eval()
    with torch.no_grad():
        got = loaded(input_ids=IDS).logits
    assert torch.equal(got, want)


def test_merged_state_is_the_adapted_model(tmp_path):
    from gentzen.models.lora import add_lora, merged_state

    path = _qwen2_dir(tmp_path)
    model = add_lora(_load(path), "r=4,alpha=16")
    _randomize_adapter(model)
    model.eval()
    plain = _load(path)
    plain.load_state_dict(merged_state(model))
    with torch.no_grad():
        assert torch.allclose(plain(input_ids=IDS).logits, model(input_ids=IDS).logits, atol=1e-5)
    assert hasattr(model, "peft_config")  # merging a copy leaves the trained adapter in place


def test_gentzen_llama_gets_a_lora_too():
    from gentzen.models import formats
    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import train_tokenizer
    from gentzen.models.lora import add_lora
    from gentzen.train.samples import records

    tok = train_tokenizer(list(formats.corpus(records(), "whole")), vocab_size=300)
    model = add_lora(new_model("tiny", tok, seed=0), "2:4")
    trainable = [n for n, p in model.named_parameters() if p.requires_grad]
    assert trainable and all("lora_" in n for n in trainable)
    assert add_lora(model, "2:4") is model  # a second call keeps training the same adapter


@pytest.mark.parametrize("bad", ["0:4", "x:4", "4:0", "r=4,beta=2", "4:8:1"])
def test_bad_specs_are_input_errors(bad):
    from gentzen.models.lora import parse_spec

    with pytest.raises(InputError):
        parse_spec(bad)


def test_train_sft_with_lora_writes_the_merged_model_and_the_adapter(tmp_path):
    from gentzen.models import checkpoint
    from gentzen.models.lora import load_adapter
    from gentzen.train.samples import write_jsonl
    from gentzen.train.sft import SFTConfig, train

    data = str(write_jsonl(tmp_path / "data.jsonl"))
    base = dict(data=data, preset="tiny", seconds=0, vocab_size=400, batch_size=8, eval_every=0, threads=1)
    train(SFTConfig(out=str(tmp_path / "base"), max_steps=5, lr=3e-3, **base))
    train(SFTConfig(out=str(tmp_path / "lora"), init=str(tmp_path / "base"), max_steps=5, lr=3e-2, lora="4:8", **base))
    assert (tmp_path / "lora" / "adapter" / "adapter_config.json").is_file()
    merged, tok, meta = checkpoint.load_checkpoint(tmp_path / "lora")
    assert meta["config"]["lora"] == "4:8"
    plain, _, _ = checkpoint.load_checkpoint(tmp_path / "base")
    adapted = load_adapter(checkpoint.load_checkpoint(tmp_path / "base")[0], tmp_path / "lora" / "adapter").eval()
    ids = torch.tensor([tok("theorem t (P : Prop) (h : P) : P := by\n")["input_ids"]])
    with torch.no_grad():
        got, want, before = merged(input_ids=ids).logits, adapted(input_ids=ids).logits, plain(input_ids=ids).logits
    assert torch.allclose(got, want, atol=1e-5) and not torch.allclose(got, before, atol=1e-4)


def test_train_sft_lora_needs_init(tmp_path):
    from gentzen.train.sft import SFTConfig, check_config

    with pytest.raises(InputError, match="--init"):
        check_config(SFTConfig(data="d.jsonl", out=str(tmp_path / "o"), max_steps=1, lora="4:8"))
