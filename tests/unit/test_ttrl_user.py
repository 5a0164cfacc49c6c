"""The ttrl loop as a new user meets it (scripted engine, no torch): targets in the user's own names are
sampled in the model's (P, Q, …; h1…hn) and proved in the user's; a round with every target solved
runs no update and says so; Ctrl-C, once or twice, ends with a message naming what was kept; a
statement past the model's context is refused before sampling; --budget reads the cumulative x."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

import pytest

from gentzen.engines.fake import FakeEngine
from gentzen.errors import InputError
from gentzen.train.ei import Interrupted
from gentzen.ttrl.config import TTRLConfig
from gentzen.ttrl.run import run

RAIN = "rain → wet, rain ⊢ wet"


def _cfg(tmp: Path, theorems: list[str], meta: dict | None = None, model_cfg: dict | None = None, **kw) -> TTRLConfig:
    model = tmp / "model"
    model.mkdir(exist_ok=True)
    (model / "config.json").write_text(json.dumps(model_cfg or {}))
    (model / "gentzen.json").write_text(json.dumps(meta or {"seconds": 10.0, "format": "whole"}))
    data = tmp / "t.jsonl"
    data.write_text("".join(json.dumps({"theorem": t}) + "\n" for t in theorems))
    base = dict(theorems=str(data), model=str(model), out=str(tmp / "run"), rounds=2, samples=2, arm="ei",
                steps=0, epochs=0, redraws_per_line=0, redraws_per_proof=0)
    base.update(kw)
    return TTRLConfig(**base)


def _model_names_only(prompts: list[str]):
    """An engine that proves `h1 h2`-style statements only when they are written in the model's names
    (P, Q; h1, h2): what the shipped model does far more often than in the user's names."""
    def script(prompt: str, i: int) -> str:
        prompts.append(prompt)
        if "(P Q : Prop) (h1 : P → Q) (h2 : P) : Q" in prompt and prompt.count("\n") == 1:
            return "  exact h1 h2\n"
        return "  exact nope\n"
    return lambda model: FakeEngine(script)


def test_user_atom_names_are_sampled_in_the_models_and_proved_in_the_users(tmp_path):
    prompts: list[str] = []
    cfg = _cfg(tmp_path, [RAIN, "example (rain wet : Prop) (hr : rain → wet) (r : rain) : wet := by"], rounds=1)
    res = run(cfg, engine_factory=_model_names_only(prompts))
    assert res.solved == 2
    assert prompts and not any("rain" in p for p in prompts)  # the model saw P, Q, h1, h2 only
    targets = [json.loads(x) for x in (Path(cfg.out) / "targets.jsonl").read_text().splitlines()]
    proofs = {t["label"]: t["proof"] for t in targets}
    assert proofs == {RAIN: "  exact h1 h2", "example": "  exact hr r"}  # the user's premise names
    lean = (Path(cfg.out) / "proofs.lean").read_text()
    assert "(rain wet : Prop)" in lean and "exact hr r" in lean


def test_a_round_with_every_target_solved_runs_no_update(tmp_path):
    cfg = _cfg(tmp_path, [RAIN], rounds=3, steps=5, replay="none", probe=0)  # training on: the round still has nothing to learn for
    run(cfg, engine_factory=_model_names_only([]))
    rounds = [json.loads(x) for x in (Path(cfg.out) / "rounds.jsonl").read_text().splitlines()]
    assert len(rounds) == 1 and rounds[0]["solved"] == ["t0000"]
    assert rounds[0]["update"] == {"ran": False, "why": "every target solved: nothing left to learn"}
    assert rounds[0]["updates"] == 0 and not (Path(cfg.out) / "checkpoints").exists()


def test_an_arm_that_does_not_train_says_so(tmp_path):
    cfg = _cfg(tmp_path, ["P ⊢ P ∧ P"], rounds=1, arm="control")
    run(cfg, engine_factory=_model_names_only([]))
    rec = json.loads((Path(cfg.out) / "rounds.jsonl").read_text().splitlines()[0])
    assert rec["update"] == {"ran": False, "why": "arm control does not train"}


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_once_or_twice_names_what_was_kept(tmp_path, presses):
    """Ctrl-C while the second item samples: once stops after it; twice stops at once. Both say what
    was kept and how to resume, never a bare `interrupted`."""
    sent = []

    def script(prompt: str, i: int) -> str:
        if "(h1 : Q)" in prompt and not sent:  # the second target's first draw
            for _ in range(presses):
                sent.append(1)
                os.kill(os.getpid(), signal.SIGINT)
        return "  exact nope\n"

    cfg = _cfg(tmp_path, ["P ⊢ P ∧ P", "Q ⊢ Q ∨ Q", "R ⊢ R ∧ R"], batch_rows=1)
    with pytest.raises(Interrupted) as info:
        run(cfg, engine_factory=lambda model: FakeEngine(script))
    text = str(info.value)
    assert text.startswith("interrupted during sampling of round 1: 0 finished round(s) saved in")
    assert "--resume continues" in text
    kept = len((Path(cfg.out) / "rounds" / "round-001.samples.jsonl").read_text().splitlines())
    assert f"round 1's {kept} sampled item(s)" in text and kept == (2 if presses == 1 else 1)
    res = run(TTRLConfig(**{**cfg.__dict__, "resume": True}), engine_factory=lambda model: FakeEngine(script))
    assert res.rounds == 2


def test_a_statement_past_the_models_context_is_refused_before_sampling(tmp_path):
    pytest.importorskip("transformers")

    shipped = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "assets" / "default_model"
    long_goal = " ∧ ".join(["P"] * 600)
    cfg = _cfg(tmp_path, ["P ⊢ P", f"P ⊢ {long_goal}"], rounds=1)
    cfg.model = str(shipped)
    with pytest.raises(InputError, match=r"t.jsonl: target t0001 \(theorem t0001 \(P : Prop\) \(h1 : P\) : P ∧ P[^)]*…\): its prompt is [\d,]+ tokens, and the model's context is "
                                         r"1,024"):
        run(cfg, engine_factory=_model_names_only([]))
    assert not Path(cfg.out).exists()  # refused before --out was made


def test_budget_multiples_read_the_cumulative_training_seconds(tmp_path):
    meta = {"seconds": 100.0, "format": "whole", "training_seconds": {"sft": 100.0, "total": 100.0,
                                                                      "cumulative": 400.0}}
    cfg = _cfg(tmp_path, ["P ⊢ P ∧ P"], meta=meta, rounds=1, budget="2x")
    run(cfg, engine_factory=_model_names_only([]))
    info = json.loads((Path(cfg.out) / "config.json").read_text())
    assert info["budget"]["x_seconds"] == 400.0  # not the last slice's 100
