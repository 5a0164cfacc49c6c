"""The state format as the source describes it: the settled state (a closed `have … := by` box's lemma
is shown), only the current goal, names assigned by the environment; training pairs, the guided
sampler and both search environments (kernel in process, `gentzen repl` as a subprocess) agree."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof, start
from gentzen.data.generate import GenConfig, generate
from gentzen.engines.fake import FakeEngine
from gentzen.models import formats
from gentzen.search.env import KernelEnv, ReplEnv
from gentzen.search.guided import SamplerConfig, sample

HYP = re.compile(r"(?<![\w'.])[hn]\d+\b")
BOX = {"name": "box", "theorem": "theorem box (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by",
       "proof": "  have n1 : Q ∧ P := by\n    exact ⟨h2, h1⟩\n  exact ⟨n1.2, n1.1⟩"}


def _cited(line: str) -> set[str]:
    """Hypotheses a target line uses (not the ones its own patterns introduce)."""
    if re.match(r"\s*(·\s+)?(rcases|cases)\b", line):
        line = line.split(" with ", 1)[0]
    elif re.match(r"\s*(·\s+)?obtain\b", line):
        line = line.split(":=", 1)[1]
    elif ":=" in line:
        line = line.split(":=", 1)[1]
    return set(HYP.findall(line))


def _shown(prompt: str) -> set[str]:
    """Hypotheses the prompt's goal block shows (`n1 n2 : P` lines)."""
    block = prompt[prompt.rindex("/-"):]
    return {n for ln in block.splitlines() if " : " in ln for n in ln.split(" : ", 1)[0].split()}


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10_000))
def test_no_training_pair_cites_a_hypothesis_its_prompt_does_not_show(seed):
    recs = generate(GenConfig(count=25, seed=seed, min_lines=3, max_lines=12))
    pairs = boxes = 0
    for rec in recs:
        for fmt in ("state", "state+proof"):
            for ex in formats.examples(rec, fmt):
                prompt, target = (s.text for s in ex.segments)
                missing = _cited(target) - _shown(prompt)
                assert not missing, (rec["proof"], prompt, target)
                # the environment names what the step introduces: no written name is left
                assert formats.introduced_name(target.rstrip("\n")) is None, target
                pairs += 1
        boxes += ":= by" in rec["proof"]
    assert pairs > 100 and boxes > 0  # the property ran over real `have … := by` boxes


def test_the_state_after_a_closed_have_box_shows_its_lemma():
    exs = formats.examples(BOX, "state")
    prompt, target = exs[-1].segments
    assert target.text == "exact ⟨n1.2, n1.1⟩\n"
    assert "n1 : Q ∧ P" in prompt.text  # render() without settle() left it out
    assert prompt.text.count("⊢") == 1  # the current goal only, not the enclosing block's too


def test_prompts_show_only_the_current_goal():
    rec = {"name": "two", "theorem": "theorem two (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by",
           "proof": "  constructor\n  · exact h1\n  · exact h2"}
    prompts = [ex.segments[0].text for ex in formats.examples(rec, "state")]
    assert "case left" in prompts[1] and "case right" not in prompts[1] and prompts[1].count("⊢") == 1


@pytest.fixture(scope="module")
def repl_env():
    env = ReplEnv()  # `python -m gentzen.repl.kernel_server` over pipes
    yield env
    env.close()


def test_kernel_and_repl_environments_print_the_same_states(repl_env):
    kernel = KernelEnv()
    recs = generate(GenConfig(count=20, seed=5, min_lines=4, max_lines=12)) + [BOX]
    steps = 0
    for rec in recs:
        sk, sr = kernel.start(rec["theorem"]), repl_env.start(rec["theorem"])
        assert sk.goals == sr.goals
        for line in formats.proof_lines(rec["proof"]):
            ok, orr = kernel.step(sk, line), repl_env.step(sr, line)
            assert ok.state is not None and orr.state is not None, line
            sk, sr = ok.state, orr.state
            assert sk.goals == sr.goals, (rec["proof"], line)
            steps += 1
        assert sk.solved and sr.solved
    assert steps > 60


def test_both_environments_name_unnamed_steps_alike():
    """The state format's own steps (unindented, names left out) through KernelEnv and ReplEnv with
    auto_names: the REPL gets each line with the kernel's fresh name written out; same states."""
    kernel, repl = KernelEnv(auto_names=True), ReplEnv(auto_names=True)
    try:
        recs = generate(GenConfig(count=12, seed=9, min_lines=4, max_lines=12)) + [BOX]
        unnamed = 0
        for rec in recs:
            sk, sr = kernel.start(rec["theorem"]), repl.start(rec["theorem"])
            for ex in formats.examples(rec, "state"):
                line = ex.segments[1].text.rstrip("\n")
                unnamed += line.split()[-1] == "intro" or line.lstrip("· ").startswith("have :")
                ok, orr = kernel.step(sk, line), repl.step(sr, line)
                assert ok.state is not None and orr.state is not None, (line, orr.error)
                sk, sr = ok.state, orr.state
                assert sk.goals == sr.goals and "✝" not in sk.goals, (rec["proof"], line)
            assert sk.solved and sr.solved
            assert check_proof(rec["theorem"], repl.layout(rec["theorem"], sr.proof)).ok
        assert unnamed > 10
    finally:
        repl.close()


@pytest.mark.parametrize("fmt", ["state", "state+proof"])
def test_the_sampler_asks_exactly_the_training_prompts_and_the_environment_names_steps(fmt):
    recs = generate(GenConfig(count=15, seed=3, min_lines=3, max_lines=10)) + [BOX]
    for rec in recs:
        answers = {ex.segments[0].text: [ex.segments[1].text] for ex in formats.examples(rec, fmt)}
        eng = FakeEngine(answers)  # raises on any prompt no training pair has
        res = sample(rec["theorem"], eng, SamplerConfig(samples=1, format=fmt, seed=0))
        (a,) = res.attempts
        assert a.ok and a.redraws == 0, (rec["proof"], a.events)
        assert check_proof(rec["theorem"], a.proof).ok  # the filled names are accepted
        assert len(eng.calls) == len(answers)


def test_environment_assigned_names_are_fresh():
    thm = "theorem t (P Q : Prop) (n1 : P) (h2 : P → Q) : P → (Q → P) ∧ Q := by"
    state = start(thm, auto_names=formats.names_by_env("state"))
    seen = {"P", "Q", "n1", "h2"}
    for step in ("intro", "have : Q := h2 n1", "constructor", "· intro", "exact n1", "· exact n3"):
        nxt = state.step(step)
        assert not hasattr(nxt, "error"), (step, nxt)
        name = formats.introduced_name(nxt.proof_text().rsplit("\n", 1)[-1])
        if name is not None:
            assert name not in seen, name
            seen.add(name)
        state = nxt
    assert state.solved and check_proof(thm, state.proof_text()).ok
    assert seen >= {"n2", "n3", "n4"}


def test_an_unnamed_have_is_cited_as_this_and_the_state_shows_its_assigned_name():
    rec = {"name": "anon", "theorem": "theorem anon (p q : Prop) (hp : p) (hq : q) : p ∧ q := by",
           "proof": "  have : p := hp\n  have : q := hq\n  exact ⟨hp, this⟩"}
    exs = formats.examples(rec, "state")
    prompt, target = (s.text for s in exs[-1].segments)
    assert target == "exact ⟨hp, n2⟩\n"  # the second `have :` shadows the first `this`, as in Lean
    assert "n2 : q" in prompt


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_every_user_style_record_gives_state_pairs_citing_only_shown_names(seed):
    from gentzen.data.userstyle import generate_user

    recs = generate_user(GenConfig(count=60, seed=seed, max_lines=8, style="user"))
    anon = 0
    for rec in recs:
        anon += bool(re.search(r"^\s*(?:·\s+)?have\s*:", rec["proof"], re.M))
        for ex in formats.examples(rec, "state"):  # raised "Unknown identifier `this`" before
            prompt, target = (s.text for s in ex.segments)
            assert not re.search(r"\bthis\b", target) or "this :" in prompt, (rec["proof"], target)
    assert anon > 0  # the property ran over unnamed `have`s
