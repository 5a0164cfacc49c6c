"""The guided sampler with a scripted fake engine: only kernel-verified successes, exact compute counts."""

from __future__ import annotations

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import Theorem
from gentzen.engines.fake import FakeEngine
from gentzen.models.formats import header
from gentzen.search.guided import SamplerConfig, sample

THM = Theorem.from_sequent("P → Q, P ⊢ Q", name="mp")
HEAD = header(THM.statement())  # the prompt hides the theorem's name


def script(prompt: str, i: int) -> str:
    if prompt == HEAD:
        return ["  exact h2\n", "  exact h1 h2\n"][min(i, 1)]
    raise AssertionError(prompt)


def test_guided_redraws_and_counts_exactly():
    eng = FakeEngine(script)
    res = sample(THM, eng, SamplerConfig(samples=1, guided=True))
    (a,) = res.attempts
    assert a.ok and a.proof == "  exact h1 h2"
    assert check_proof(THM, a.proof).ok
    assert a.tokens == len("  exact h2\n") + len("  exact h1 h2\n")
    assert (a.model_calls, a.kernel_checks, a.redraws, a.lines) == (2, 3, 1, 1)
    assert a.sample_seconds >= 0 and a.check_seconds > 0
    assert eng.stats.generated_tokens == a.tokens


def test_plain_sampling_stops_at_the_first_bad_line():
    res = sample(THM, FakeEngine(script), SamplerConfig(samples=1, guided=False))
    (a,) = res.attempts
    assert not a.ok and a.error.kind == "type_mismatch"
    assert (a.tokens, a.model_calls, a.kernel_checks, a.redraws) == (len("  exact h2\n"), 1, 1, 0)
    assert res.closest() is a and res.proof is None


def test_redraw_budgets_and_banned_repeats():
    eng = FakeEngine(lambda p, i: "  exact h2\n")  # always the same wrong line
    cfg = SamplerConfig(samples=1, guided=True, redraws_per_line=3, redraws_per_proof=10, ban_repeats=True)
    (a,) = sample(THM, eng, cfg).attempts
    assert not a.ok
    assert a.model_calls == 4 and a.redraws == 3
    assert a.kernel_checks == 1  # repeats of a rejected line are rejected without a check
    cfg.ban_repeats = False
    (b,) = sample(THM, FakeEngine(lambda p, i: "  exact h2\n"), cfg).attempts
    assert b.kernel_checks == 4


def test_forbidden_or_fake_success_is_never_a_success():
    eng = FakeEngine(lambda p, i: "  exact sorry\n")
    res = sample(THM, eng, SamplerConfig(samples=3))
    assert not res.solved and all(a.error.kind == "forbidden" for a in res.attempts)


def test_k_attempts_are_batched_in_lockstep():
    eng = FakeEngine(lambda p, i: "  exact h1 h2\n")
    res = sample(THM, eng, SamplerConfig(samples=4, stop_at_first=False))
    assert all(a.ok for a in res.attempts)
    assert len(eng.calls) == 1 and len(eng.calls[0].prompts) == 4
    assert res.totals()["attempts"] == 4


def test_state_format_prompts_show_goals():
    seen = []

    def script2(prompt, i):
        seen.append(prompt)
        return "intro n1\n" if "⊢ P → P" in prompt else "exact n1\n"

    thm = Theorem.from_sequent("⊢ P → P")
    res = sample(thm, FakeEngine(script2), SamplerConfig(samples=1, format="state"))
    assert res.solved and res.proof == "  intro n1\n  exact n1"
    assert seen[0].startswith("/-\nP : Prop\n⊢ P → P\n-/")


def test_a_line_back_to_a_state_already_on_the_path_is_redrawn_unless_loops_are_kept():
    # `have h3 : P := h2` leaves the state as it was (P is already a hypothesis): a loop, never expanded
    lines = iter(["  have h3 : P := h2\n", "  exact h1 h2\n"] * 2)
    eng = FakeEngine(lambda prompt, i: next(lines))
    (a,) = sample(THM, eng, SamplerConfig(samples=1)).attempts
    assert a.ok and a.proof == "  exact h1 h2" and a.redraws == 1 and a.lines == 1
    assert [e["kind"] for e in a.events] == ["loop", None]
    (b,) = sample(THM, eng, SamplerConfig(samples=1, prune_loops=False)).attempts
    assert b.ok and b.proof == "  have h3 : P := h2\n  exact h1 h2" and b.redraws == 0


def test_a_have_box_no_easier_than_one_it_is_inside_is_redrawn_unless_loops_are_kept():
    # `have h3 : Q := by` inside the proof of Q from the same hypotheses: a proof of the box would prove Q where
    # it stands, so the box only nests the same work; `have h3 : P ∨ Q := by` is new work and is kept
    lines = iter(["  have h3 : Q := by\n", "  have h3 : P ∨ Q := by\n", "    exact Or.inl h2\n", "  exact h1 h2\n"])
    (a,) = sample(THM, FakeEngine(lambda prompt, i: next(lines)), SamplerConfig(samples=1)).attempts
    assert a.ok and [e["kind"] for e in a.events] == ["loop", None, None, None] and a.redraws == 1
    assert a.proof == "  have h3 : P ∨ Q := by\n    exact Or.inl h2\n  exact h1 h2"
    lines = iter(["  have h3 : Q := by\n", "    exact h1 h2\n", "  exact h3\n"])
    (b,) = sample(THM, FakeEngine(lambda prompt, i: next(lines)), SamplerConfig(samples=1, prune_loops=False)).attempts
    assert b.ok and b.redraws == 0 and b.proof == "  have h3 : Q := by\n    exact h1 h2\n  exact h3"


def test_a_nested_box_is_a_loop_only_from_no_more_hypotheses():
    from gentzen.core.kernel import start
    from gentzen.search.refuse import goal_key, reopens_goal

    thm = Theorem.from_sequent("¬(A ∧ B), ¬(¬A ∨ ¬B) ⊢ False")
    state = start(thm, auto_names=True)
    root = goal_key(state.frames[0].goals[0].ctx, state.frames[0].goals[0].target)
    seen = []
    for line in ["have : A ∧ B := by", "constructor", "· apply Classical.byContradiction", "intro",
                 "have : A ∧ B := by", "constructor", "· apply Classical.byContradiction", "intro",
                 "have : A ∧ B := by"]:
        state = state.step(line)
        seen.append(reopens_goal(state, root))
    # the second box has ¬A besides (new work); the third has nothing the second lacks
    assert seen == [False] * 8 + [True]
    assert reopens_goal(start(thm, auto_names=True).step("have : False := by"), root)


def test_a_line_that_blows_a_formula_up_is_refused_so_the_prompt_stays_printable():
    # `have := And.intro n n` infers `φ ∧ φ`: each line doubles a hypothesis; 24 such lines unchecked make a goal of
    # 2^25 symbols (seconds to print, each line twice as long); refused past MAX_FORMULA_SIZE, the attempt ends at once
    import re
    import time

    from gentzen.search.refuse import MAX_FORMULA_SIZE

    def script(prompt, i):
        last = max(re.findall(r"\bn(\d+) :", prompt), key=int, default=None)
        return f"have := And.intro {'h2' if last is None else f'n{last}'} {'h2' if last is None else f'n{last}'}\n"

    t0 = time.perf_counter()
    (a,) = sample(THM, FakeEngine(script), SamplerConfig(samples=1, format="state", max_lines=24)).attempts
    assert time.perf_counter() - t0 < 2.0
    # the k-th line's hypothesis has 2^(k+1) - 1 symbols: accepted while that is at most MAX_FORMULA_SIZE
    assert not a.ok and a.error.kind == "too_large"
    assert 2 ** (a.lines + 1) - 1 <= MAX_FORMULA_SIZE < 2 ** (a.lines + 2) - 1
