"""ttrl --fork samples every target group that still has the same model in one stream (issue 35):
before their first update all forks are the base model, so one engine call batches them all."""

from __future__ import annotations

import json

from gentzen.engines.fake import FakeEngine
from gentzen.ttrl.config import TTRLConfig
from gentzen.ttrl.run import run
from tests.unit.test_ttrl_loop import _files

THEOREMS = ("theorem chain (P Q R : Prop) (h1 : P → Q) (h2 : Q → R) (h3 : P) : R := by",
            "theorem swap (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by")


def test_fork_groups_on_one_model_share_one_engine(tmp_path):
    model, data = _files(tmp_path, THEOREMS)
    opened: list[str] = []

    def factory(path):
        opened.append(path)
        return FakeEngine(lambda prompt, i: "  exact h9\n")

    cfg = TTRLConfig(theorems=str(data), model=str(model), out=str(tmp_path / "run"), rounds=1, samples=2,
                     steps=0, epochs=0, max_variants=1, redraws_per_line=0, redraws_per_proof=0, fork=True)
    run(cfg, engine_factory=factory)
    assert opened == [str(model)]  # two targets' groups, one model, one engine
    rows = (tmp_path / "run" / "rounds" / "round-001.samples.jsonl").read_text().splitlines()
    assert {json.loads(r)["target"] for r in rows} == {"chain", "swap"}
