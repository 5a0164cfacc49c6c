"""`import Gentzen.ND`: the rule tactics and theorems of lean/Gentzen/ND.lean in the kernel.

Without the import every name is what Lean makes of it then (an unknown tactic, an unknown
identifier); with it (`check_proof(…, nd_import=True)`, `start(…, nd_import=True)`) a macro prints
exactly the goals of the core tactic it expands to, and a rule theorem elaborates like its core
twin but is printed under its own name. lean/GentzenTest/ND.lean holds the same pairs for `lake test`.
"""

from __future__ import annotations

import pytest

from gentzen.core.kernel import StepError, check_proof, start
from gentzen.core.elaboration.nd import TACTIC_MACROS, THEOREM_TWINS, THEOREMS
from gentzen.core.proof.theorem import Theorem


def run(seq: str, *lines: str, nd: bool = True, **kw):
    return check_proof(Theorem.from_sequent(seq), "\n".join("  " + ln for ln in lines), nd_import=nd, **kw)


def goals(seq: str, *lines: str, nd: bool = True) -> list[str]:
    s = start(Theorem.from_sequent(seq), nd_import=nd)
    for ln in lines:
        s = s.step("  " + ln, explicit=True)
        assert not isinstance(s, StepError), s.error
    return s.goals


# (macro line, core lines it stands for, sequent): the goals after both must be the same
PAIRS = [
    ("and_intro", ["constructor"], "P, Q ⊢ P ∧ Q"),
    ("iff_intro", ["constructor"], "P → Q, Q → P ⊢ P ↔ Q"),
    ("or_intro_left", ["left"], "P ⊢ P ∨ Q"),
    ("or_intro_right", ["right"], "Q ⊢ P ∨ Q"),
    ("efq", ["exfalso"], "P, ¬P ⊢ Q"),
    ("imp_intro n1", ["intro n1"], "⊢ P → P"),
    ("not_intro n1", ["intro n1"], "P → Q, ¬Q ⊢ ¬P"),
    ("raa n1", ["apply Classical.byContradiction", "intro n1"], "¬¬P ⊢ P"),
    ("and_elim h1 with n1 n2", ["obtain ⟨n1, n2⟩ := h1"], "P ∧ Q ⊢ Q ∧ P"),
    ("or_elim h1 with n1 n2", ["rcases h1 with n1 | n2"], "P ∨ Q ⊢ Q ∨ P"),
    ("imp_elim h1 h2", ["exact h1 h2"], "P → Q, P ⊢ Q"),
    ("not_elim h1 h2", ["exact h1 h2"], "¬P, P ⊢ False"),
    ("reit h1", ["exact h1"], "P ⊢ P"),
    ("true_intro", ["exact trivial"], "⊢ True"),
    ("dne h1", ["exact Classical.not_not.mp h1"], "¬¬P ⊢ P"),
]


def test_every_macro_is_paired():
    assert {p[0].split()[0] for p in PAIRS} == set(TACTIC_MACROS)


@pytest.mark.parametrize("macro,core,seq", PAIRS, ids=[p[0].split()[0] for p in PAIRS])
def test_macro_prints_the_goals_of_its_core_tactic(macro, core, seq):
    assert goals(seq, macro) == goals(seq, *core, nd=False)


@pytest.mark.parametrize("macro,core,seq", PAIRS, ids=[p[0].split()[0] for p in PAIRS])
def test_macro_is_an_unknown_tactic_without_the_import(macro, core, seq):
    e = run(seq, macro, nd=False).error
    word = macro.split()[0]
    assert (e.kind, e.line, e.column, e.message) == ("parse", 2, 2, f"unknown tactic `{word}`")


def test_macro_errors_are_the_core_tactics_errors():
    for macro, core in (("reit h1", "exact h1"), ("imp_elim h1 h2", "exact h1 h2"), ("or_intro_left", "left")):
        a, b = run("P, Q → P ⊢ Q", macro).error, run("P, Q → P ⊢ Q", core, nd=False).error
        assert (a.kind, a.message) == (b.kind, b.message)
    e = run("P ⊢ P", "and_elim h1 with a b").error
    assert e.kind == "tactic_failed" and e.message == "Tactic `rcases` failed: `h1 : P` is not an inductive datatype"


def test_a_fitch_style_proof_reads_rule_by_rule():
    proof = ["or_elim h1 with n1 n2", "· or_intro_right", "  reit n1", "· or_intro_left", "  reit n2"]
    assert run("P ∨ Q ⊢ Q ∨ P", *proof).ok
    assert run("P → Q, ¬Q ⊢ ¬P", "not_intro n1", "have n2 : Q := Gentzen.ND.imp_elim h1 n1", "not_elim h2 n2").ok
    assert run("¬¬P ⊢ P", "raa n1", "not_elim h1 n1").ok
    assert run("P, Q ⊢ P ∧ Q", "and_intro", "· reit h1", "· reit h2", strict_nd=True).ok  # rule macros: ND steps


def test_macro_arguments_are_checked():
    assert run("P ⊢ P", "reit").error.kind == "parse"
    assert run("P ∧ Q ⊢ P", "and_elim h1 n1 n2").error.kind == "parse"
    assert run("⊢ P → P", "imp_intro efq").error.kind == "unsupported"  # a keyword under the import
    assert run("⊢ P → P → P", "imp_intro a b").error.kind == "parse"  # `macro "imp_intro " x:ident`: one name


THEOREM_USES = [
    ("reit", "P ⊢ P", "exact Gentzen.ND.reit h1"),
    ("imp_elim", "P → Q, P ⊢ Q", "exact Gentzen.ND.imp_elim h1 h2"),
    ("not_intro", "P → False ⊢ ¬P", "exact Gentzen.ND.not_intro h1"),
    ("not_elim", "¬P, P ⊢ False", "exact Gentzen.ND.not_elim h1 h2"),
    ("efq", "False ⊢ P", "exact Gentzen.ND.efq h1"),
    ("and_intro", "P, Q ⊢ P ∧ Q", "exact Gentzen.ND.and_intro h1 h2"),
    ("and_elim_left", "P ∧ Q ⊢ P", "exact Gentzen.ND.and_elim_left h1"),
    ("and_elim_right", "P ∧ Q ⊢ Q", "exact Gentzen.ND.and_elim_right h1"),
    ("or_intro_left", "P ⊢ P ∨ Q", "exact Gentzen.ND.or_intro_left h1"),
    ("or_intro_right", "Q ⊢ P ∨ Q", "exact Gentzen.ND.or_intro_right h1"),
    ("or_elim", "P ∨ Q, P → R, Q → R ⊢ R", "exact Gentzen.ND.or_elim h1 h2 h3"),
    ("modus_tollens", "P → Q, ¬Q ⊢ ¬P", "exact Gentzen.ND.modus_tollens h1 h2"),
    ("raa", "¬P → False ⊢ P", "exact Gentzen.ND.raa h1"),
    ("dne", "¬¬P ⊢ P", "exact Gentzen.ND.dne h1"),
    ("iff_intro", "P → Q, Q → P ⊢ P ↔ Q", "exact Gentzen.ND.iff_intro h1 h2"),
    ("iff_elim_left", "P ↔ Q, P ⊢ Q", "exact Gentzen.ND.iff_elim_left h1 h2"),
    ("iff_elim_right", "P ↔ Q, Q ⊢ P", "exact Gentzen.ND.iff_elim_right h1 h2"),
    ("lem", "⊢ P ∨ ¬P", "exact Gentzen.ND.lem P"),
    ("disj_syll", "P ∨ Q, ¬P ⊢ Q", "exact Gentzen.ND.disj_syll h1 h2"),
    ("true_intro", "⊢ True", "exact Gentzen.ND.true_intro"),
]


def test_every_theorem_is_used():
    assert {t[0] for t in THEOREM_USES} == set(THEOREMS) == set(THEOREM_TWINS) | {"imp_elim", "not_elim"}


@pytest.mark.parametrize("name,seq,line", THEOREM_USES, ids=[t[0] for t in THEOREM_USES])
def test_theorem_accepted_with_the_import_and_unknown_without(name, seq, line):
    assert run(seq, line).ok, run(seq, line).error
    e = run(seq, line, nd=False).error
    assert (e.kind, e.column, e.message) == ("unknown_identifier", 8, f"Unknown identifier `Gentzen.ND.{name}`")


def test_theorem_misuse_is_printed_under_its_own_name():
    e = run("P, Q ⊢ P ∧ Q", "exact Gentzen.ND.and_intro h1 h1").error
    assert e.kind == "type_mismatch" and e.message == (
        "Application type mismatch: The argument\n  h1\nhas type\n  P\nbut is expected to have type\n  Q\n"
        "in the application\n  Gentzen.ND.and_intro h1 h1")
    # not_elim's conclusion is `False`, whatever the goal (no twin with that signature in core)
    assert run("P → Q, P ⊢ Q", "exact Gentzen.ND.not_elim h1 h2").error.kind == "type_mismatch"
    assert run("P, P ⊢ Q", "exact Gentzen.ND.imp_elim h1 h2").error.kind == "type_mismatch"
    assert run("P ⊢ P", "exact Gentzen.ND.nope h1").error.kind == "unknown_identifier"


def test_term_mode_proofs_see_the_import():
    t = Theorem.from_sequent("P, Q ⊢ P ∧ Q")
    text = t.statement()[: -len(" by")] + " Gentzen.ND.and_intro h1 h2"
    assert check_proof(t, text, nd_import=True).ok
    assert check_proof(t, text).error.kind == "unknown_identifier"


_REWRITES = [  # core step → the rule macro that stands for it (only where the macro is that exact tactic)
    (r"^(\s*(?:· )?)intro (\w+)$", r"\1imp_intro \2"),
    (r"^(\s*(?:· )?)rcases (\w+) with (\w+) \| (\w+)$", r"\1or_elim \2 with \3 \4"),
    (r"^(\s*(?:· )?)obtain ⟨(\w+), (\w+)⟩ := (\w+)$", r"\1and_elim \4 with \2 \3"),
    (r"^(\s*(?:· )?)exact (\w+)$", r"\1reit \2"),
    (r"^(\s*(?:· )?)exact (\w+) (\w+)$", r"\1imp_elim \2 \3"),
    (r"^(\s*(?:· )?)exfalso$", r"\1efq"),
    (r"^(\s*(?:· )?)left$", r"\1or_intro_left"),
    (r"^(\s*(?:· )?)right$", r"\1or_intro_right"),
]


def test_rewriting_core_steps_into_rule_macros_changes_no_goal():
    """On the benchmark corpus, every step rewritten into its rule macro gives the same states (goals, tags,
    names) and the same verdict as the core step, under `import Gentzen.ND`."""
    import re

    from hypothesis import given, settings, strategies as st

    from gentzen.bench.kernel import corpus

    @given(st.integers(0, 10_000))
    @settings(max_examples=30, deadline=None)
    def check(seed):
        rewritten = 0
        for thm, proof in corpus(8, seed=seed):
            a, b = start(thm, nd_import=True), start(thm, nd_import=True)
            for line in proof.split("\n"):
                macro = line
                for pat, rep in _REWRITES:
                    macro = re.sub(pat, rep, macro)
                rewritten += macro != line
                a, b = a.step(line, explicit=True), b.step(macro, explicit=True)
                assert isinstance(a, StepError) == isinstance(b, StepError), (line, macro)
                if isinstance(a, StepError):
                    assert (a.error.kind, a.error.message) == (b.error.kind, b.error.message)
                    break
                assert a.goals == b.goals, (line, macro)
            else:
                assert a.finish() == b.finish()
        assert rewritten > 0

    check()
