"""Prompt formats: the whole-proof sequence, prompts at inference, state formats over a (fake or real) kernel."""

from __future__ import annotations

import importlib.util
import json

import pytest

from gentzen.errors import InputError
from gentzen.models import formats
from gentzen.train.samples import records

MT = next(r for r in records() if r["name"] == "mt")


def test_whole_is_one_sequence_per_proof():
    [ex] = formats.examples(MT, "whole")
    assert ex.eos
    assert [s.train for s in ex.segments] == [False, True, True, True]
    text = "".join(s.text for s in ex.segments)
    assert text == MT["theorem"].replace("theorem mt ", "theorem t ") + "\n" + MT["proof"]
    # every prefix that ends at a line is exactly the inference prompt for the next line
    assert formats.build_prompt("whole", MT["theorem"], "  intro n1\n") == text[:text.index("  have")]


def test_completion_to_line():
    assert formats.completion_to_line("whole", "  · exact h1\nrest") == "  · exact h1"
    assert formats.completion_to_line("state", "    exact h1  ") == "exact h1"
    assert formats.target("state", "    · exact h1") == "· exact h1\n"


class FakeState:
    """Stands in for the kernel's ProofState: 'renders' the steps taken so far."""

    def __init__(self, steps=()):
        self.steps = steps

    def render(self):
        return f"⊢ goal after {len(self.steps)} steps"

    def settle(self):
        return self

    def proof_text(self):
        return "\n".join(self.steps)

    def step(self, line):
        return FakeState(self.steps + (line,))


@pytest.mark.parametrize("fmt", ["state", "state+proof"])
def test_state_formats_with_fake_kernel(fmt):
    exs = formats.examples(MT, fmt, start=lambda thm, **kw: FakeState())
    assert len(exs) == 3 and not any(ex.eos for ex in exs)
    prompt, target = exs[1].segments
    assert "⊢ goal after 1 steps" in prompt.text and prompt.text.endswith("-/\n")
    # the environment names what a step introduces: the target leaves the name out
    if fmt == "state":
        assert target.text == "have : Q := h1 n1\n" and "theorem" not in prompt.text
    else:
        assert target.text == "  have : Q := h1 n1\n"
        assert prompt.text.startswith(formats.header(MT["theorem"]) + "  intro\n/-\n")


def test_state_prompts_show_only_the_current_goal():
    goals = "case left\nP : Prop\n⊢ P\n\ncase right\nP : Prop\n⊢ P ∨ P"
    assert formats.build_prompt("state", MT["theorem"], "", goals) == "/-\ncase left\nP : Prop\n⊢ P\n-/\n"


def test_unnamed_steps():
    assert formats.unnamed("  · intro n3") == "  · intro" and formats.introduced_name("  · intro n3") == "n3"
    assert formats.unnamed("  have n4 : P ∧ Q := ⟨h1, h2⟩") == "  have : P ∧ Q := ⟨h1, h2⟩"
    assert formats.unnamed("    have n5 : P := by") == "    have : P := by"
    for kept in ("  intro n1 n2", "  have := h1", "  exact n1", "  rcases h1 with n1 | n2"):
        assert formats.unnamed(kept) == kept and formats.introduced_name(kept) is None


def test_unknown_format_and_missing_state():
    with pytest.raises(InputError, match="unknown format"):
        formats.check_format("tree")
    with pytest.raises(ValueError, match="needs the proof state"):
        formats.build_prompt("state", MT["theorem"])


def test_read_records(tmp_path):
    f = tmp_path / "r.jsonl"
    f.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in records()) + "\n\n")
    assert len(formats.read_records(f)) == len(records())
    assert {r["split"] for r in formats.read_records(f, "dev")} == {"dev"}
    f.write_text('{"theorem": "x"}\n')
    with pytest.raises(InputError, match="line 1"):
        formats.read_records(f)


@pytest.mark.skipif(importlib.util.find_spec("gentzen.core.kernel") is None, reason="the kernel is not built yet")
@pytest.mark.parametrize("fmt", ["state", "state+proof"])
def test_state_formats_replay_in_the_kernel(fmt):
    for rec in records():
        exs = formats.examples(rec, fmt)
        assert len(exs) == rec["lines"]
        assert all("⊢" in ex.segments[0].text for ex in exs)


def test_header_hides_the_theorem_name():
    assert formats.header("theorem tb_modus_ponens (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by") == \
        "theorem t (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n"
    assert formats.header("example (P : Prop) (h : P) : P := by") == "example (P : Prop) (h : P) : P := by\n"
