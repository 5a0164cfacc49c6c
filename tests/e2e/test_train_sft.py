"""SFT end to end on a tiny model: the loss falls, checkpoints reload and sample identically, runs resume, the CLI works."""

from __future__ import annotations

import json

import pytest

from gentzen.train.samples import write_jsonl

pytestmark = pytest.mark.requires_torch


def tiny(data, out, **kw):
    from gentzen.train.sft import SFTConfig

    base = dict(data=str(data), out=str(out), preset="tiny", seconds=0, max_steps=60, vocab_size=400,
                batch_size=8, lr=3e-3, eval_every=30)
    return SFTConfig(**{**base, **kw})


def test_sft_lowers_loss_and_writes_a_model_dir(tmp_path):
    from gentzen.train.sft import train

    events = []
    res = train(tiny(write_jsonl(tmp_path / "d.jsonl"), tmp_path / "m"), progress=events.append)
    first = next(e for e in events if e["event"] == "step")
    assert res.steps == 60 and res.train_loss < 0.5 * first["loss"]
    assert res.eval_loss is not None and res.tokens_seen > 0
    meta = json.loads((tmp_path / "m" / "gentzen.json").read_text())
    assert meta["format"] == "whole" and meta["steps"] == 60 and meta["tokens_seen"] == res.tokens_seen
    for name in ("model.safetensors", "tokenizer.json", "config.json", "loss.png", "train_state.pt"):
        assert (tmp_path / "m" / name).is_file()
    assert not list(tmp_path.glob(".m.*"))  # no temp directories left behind


def test_resume_continues_where_it_stopped(tmp_path):
    from gentzen.train.sft import train

    data = write_jsonl(tmp_path / "d.jsonl")
    train(tiny(data, tmp_path / "m", max_steps=20))
    res = train(tiny(data, tmp_path / "m", max_steps=40, force=True))  # a longer budget: --force, recorded
    assert res.steps == 40
    meta = json.loads((tmp_path / "m" / "gentzen.json").read_text())
    assert meta["resumed_with_changes"] == [{"at_step": 20, "changes": [{"field": "max_steps", "was": 20, "now": 40}]}]
    log = [json.loads(x) for x in (tmp_path / "m" / "log.jsonl").read_text().splitlines()]
    assert [h["step"] for h in log if "loss" in h] == list(range(1, 41))


def test_checkpoint_reload_samples_identically(tmp_path):
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.models.checkpoint import load_checkpoint, save_checkpoint
    from gentzen.train.sft import train

    train(tiny(write_jsonl(tmp_path / "d.jsonl"), tmp_path / "m", max_steps=30))
    model, tok, meta = load_checkpoint(tmp_path / "m")
    save_checkpoint(tmp_path / "copy", model, tok, meta)  # a round trip through save as well
    prompts = ["theorem t (P Q : Prop) (h1 : P) : P ∨ Q := by\n", "theorem u (P : Prop) : P → P := by\n"]
    runs = [TorchEngine.from_pretrained(tmp_path / d).generate(prompts, 4, max_tokens=20, temperature=1.0,
                                                                 stop=["\n"], seed=3) for d in ("m", "copy")]
    assert runs[0] == runs[1]


def test_cli_train_sft(tmp_path):
    import typer
    from typer.testing import CliRunner

    from gentzen.cli.train import register

    app = typer.Typer()
    app.callback()(lambda: None)
    register(app)
    runner = CliRunner()
    helptext = runner.invoke(app, ["train", "sft", "--help"]).output
    assert "--seconds" in helptext and "time budget" in helptext
    data = write_jsonl(tmp_path / "d.jsonl")
    r = runner.invoke(app, ["train", "sft", "--data", str(data), "--out", str(tmp_path / "m"), "--preset", "tiny",
                            "--seconds", "0", "--max-steps", "5", "--vocab-size", "400", "--no-resume"])
    assert r.exit_code == 0, r.output
    assert "5 steps" in r.output and (tmp_path / "m" / "command.txt").is_file()
    # the default --teacher-share 0.25 adds SDPO teacher-format sequences (4 of the 11 train records here)
    assert "4 of them teacher-format" in r.output
    assert json.loads((tmp_path / "m" / "gentzen.json").read_text())["teacher_sequences"] == 4
