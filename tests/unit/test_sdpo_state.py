"""SDPO on the state format (the shipped model's): the group is sampled in the model's format, each failed
attempt gives one SDPO sample per written step (student: the step's state prompt; teacher: that prompt and
the attempt's feedback block), and each verified proof one teacher-gap item per step."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from gentzen.search.guided import SamplerConfig, sample
from gentzen.train.sdpo_config import SDPOConfig
from gentzen.train.sdpo_group import failed_samples, model_format

SHIPPED = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "assets" / "default_model"
THEOREM = "P ∧ Q ⊢ Q ∧ P"


class Script:
    """A fake engine in the state format: attempt 0 writes a proof, attempt 1 a wrong last step."""

    def __init__(self):
        self.calls = 0

    def generate(self, prompts, n, **kw):
        from gentzen.engines.base import Completion

        out = []
        for p in prompts:
            line = "exact ⟨n2, n1⟩" if "n2 : Q" in p else "have : Q := h1.2" if "n1 : P" in p else "have : P := h1.1"
            out.append([Completion(text=line + "\n", tokens=3, logprob=0.0, finish_reason="stop")])
        return out

    def close(self):
        pass


def _group():
    from gentzen.core.kernel import KernelError

    ok = sample(THEOREM, Script(), SamplerConfig(samples=1, format="state", stop_at_first=False))
    good = ok.attempts[0]
    assert good.ok and len(good.events) == 3
    bad = SimpleNamespace(**{**good.__dict__})
    bad.ok, bad.events = False, good.events[:2] + [{"line": "exact h1", "ok": False, "kind": "mismatch", "redraw": False}]
    bad.proof = "  have n1 : P := h1.1\n  have n2 : Q := h1.2\n  exact h1"
    bad.error = KernelError(3, 0, "mismatch", "type mismatch")
    verdicts = [SimpleNamespace(ok=True, checker="kernel"), SimpleNamespace(ok=False, checker="kernel")]
    return SimpleNamespace(attempts=[good, bad]), verdicts


@pytest.mark.requires_torch
def test_a_failed_attempt_gives_one_sample_per_step_under_its_state():
    from gentzen.models.tokenizer import load_tokenizer

    cfg = SDPOConfig(model=str(SHIPPED), theorems="t", out="o")
    assert model_format(cfg) == "state"
    tok = load_tokenizer(SHIPPED)
    res, verdicts = _group()
    samples, proofs, items = failed_samples(cfg, tok, THEOREM, res, verdicts)
    assert len(samples) == 3 and len(proofs) == 1 and len(items) == 3  # 3 steps each
    texts = [tok.decode(s.response_ids) for s in samples]
    assert texts == ["have : P := h1.1\n", "have : Q := h1.2\n", "exact h1\n"]
    for s, it in zip(samples, items):
        assert s.teacher_ids[:len(s.student_ids)] == s.student_ids and len(s.teacher_ids) > len(s.student_ids)
        assert it.teacher.startswith(it.student) and it.student in tok.decode(s.student_ids, skip_special_tokens=True)
    assert "n2 : Q" in items[2].student and "n2 : Q" not in items[1].student  # each step's own state
    assert "mismatch" in items[0].teacher or "type" in items[0].teacher  # the failed attempt's feedback


def test_the_lean_task_keeps_its_own_prompts():
    assert model_format(SDPOConfig(model=str(SHIPPED), theorems="t", out="o", task="lean")) == "whole"
