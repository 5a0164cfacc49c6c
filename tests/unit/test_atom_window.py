"""The atom window (search/atom_window.py): a goal over more than four atoms is shown through four, in the
letters and premise names of the training statements, and every line is checked in the goal's own names."""

from __future__ import annotations

from gentzen.core.kernel import start
from gentzen.core.proof.theorem import parse_theorem
from gentzen.engines.fake import FakeEngine
from gentzen.models.formats import goals_block
from gentzen.search.atom_window import MODEL_ATOMS, window
from gentzen.search.guided import SamplerConfig, sample
from gentzen.search.names import MODEL_ATOMS as NAMES_ATOMS

C6 = ("theorem c6 (A B C D E F : Prop) (h1 : A → B) (h2 : B → C) (h3 : C → D) (h4 : D → E) (h5 : E → F) : "
      "A → F := by")


def test_the_window_shows_four_atoms_near_the_goal_and_maps_back():
    st = start(parse_theorem(C6), auto_names=True).step("intro n1")
    shown, back = window(st.open_goals[0])
    # the target F, the step back to it (E → F), the known fact A, then D → E: four atoms, renamed P Q R S
    assert shown == "P Q R S : Prop\nh1 : Q → R\nh2 : R → S\nn1 : P\n⊢ S"
    assert back == {"P": "A", "Q": "D", "R": "E", "S": "F", "h1": "h4", "h2": "h5"}
    assert window(start(parse_theorem("P → Q, Q → R ⊢ P → R")).open_goals[0]) is None  # few atoms: no window
    assert MODEL_ATOMS == NAMES_ATOMS


def test_the_sampler_prompts_through_the_window_and_the_kernel_judges_the_line_in_real_names():
    prompts, lines = [], iter(["intro n1", "have n2 : Q := h1 n1", "exact h2 n2"])

    def script(prompt, i):
        prompts.append(prompt)
        return next(lines, "") + "\n"

    thm = parse_theorem("theorem t (A B C D E : Prop) (h7 : A → B) (h8 : B → C) (h9 : D → E) : A → C := by")
    (a,) = sample(thm, FakeEngine(script), SamplerConfig(samples=1, format="state")).attempts
    assert a.ok and a.proof == "  intro n1\n  have n2 : B := h7 n1\n  exact h8 n2"
    assert prompts[1] == goals_block("P Q R : Prop\nh1 : P → Q\nh2 : Q → R\nn1 : P\n⊢ R")  # D, E and h9 hidden
    seen = []
    sample(thm, FakeEngine(lambda p, i: seen.append(p) or "intro n1\n"),
           SamplerConfig(samples=1, format="state", atom_window=False, max_lines=1))
    assert seen == [goals_block(start(thm, auto_names=True).render())]  # --all-atoms: the goal as it is


def test_a_to_false_is_shown_as_not_and_the_line_is_checked_against_the_goal_as_written():
    from gentzen.search.atom_window import as_trained

    thm = parse_theorem("theorem t (P Q : Prop) : (P → False) → P → Q := by")
    goal = start(thm, auto_names=True).step("intro n1").open_goals[0]
    assert as_trained(goal).render() == "P Q : Prop\nn1 : ¬P\n⊢ P → Q"
    plain = start(parse_theorem("theorem t (P : Prop) (h : ¬P) : P → False ∨ P := by")).open_goals[0]
    assert as_trained(plain).render() == "P : Prop\nh : ¬P\n⊢ P → False ∨ P"  # `False ∨ P` is no `→ False`
    prompts, lines = [], iter(["intro n1", "intro n2", "exact absurd n2 n1"])

    def script(prompt, i):
        prompts.append(prompt)
        return next(lines, "") + "\n"

    (a,) = sample(thm, FakeEngine(script), SamplerConfig(samples=1, format="state")).attempts
    assert a.ok and a.proof == "  intro n1\n  intro n2\n  exact absurd n2 n1"
    assert prompts[0] == goals_block("P Q : Prop\n⊢ ¬P → P → Q")
    seen = []
    sample(thm, FakeEngine(lambda p, i: seen.append(p) or "intro n1\n"),
           SamplerConfig(samples=1, format="state", show_not=False, max_lines=1))
    assert seen[0] == goals_block("P Q : Prop\n⊢ (P → False) → P → Q")
