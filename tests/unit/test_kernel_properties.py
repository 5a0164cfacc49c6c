"""Property tests of the kernel's soundness on random accepted proofs.

Random proofs come from the schematic corpus (every template instance is a valid proof); the
reference prover's proofs are covered by the theorem-set tests.
"""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from gentzen.bench.kernel import corpus, random_formula
from gentzen.core.elaboration.elab import PROP
from gentzen.core.kernel import StepError, check_proof, start
from gentzen.core.logic.sequent import countermodel
from gentzen.core.proof.theorem import Theorem


@given(st.integers(0, 10_000))
@settings(max_examples=40, deadline=None)
def test_every_derived_hypothesis_is_entailed_by_its_scope(seed):
    """A hypothesis a step derives (`have`, `obtain`, a closed box) follows from the hypotheses in scope.

    `intro` and `rcases` add assumptions instead; for those the step must keep the goal sound:
    if every new goal is a valid sequent, the goal it replaced is valid.
    """
    checked = 0
    for thm, proof in corpus(12, seed=seed):
        state = start(thm)
        for line in proof.split("\n"):
            old = state.settle().open_goals
            nxt = state.step(line, explicit=True)
            assert not isinstance(nxt, StepError), nxt.error
            new = nxt.settle().open_goals
            word = line.split()[0]
            if word in ("have", "obtain") and not line.rstrip().endswith(":= by"):
                scope = [ty for _, ty, _ in old[0].ctx if ty is not PROP]
                for _, ty, _ in new[0].ctx[len(old[0].ctx) - (word == "obtain"):]:
                    assert countermodel(scope, ty) is None, (thm.statement(), line, str(ty))
                    checked += 1
            if old and (len(new) != len(old) or new[: len(new) - len(old) + 1] != old[:1]):
                fresh = [g for g in new if g not in old]
                if all(countermodel([t for _, t, _ in g.ctx if t is not PROP], g.target) is None for g in fresh):
                    g0 = old[0]
                    assert countermodel([t for _, t, _ in g0.ctx if t is not PROP], g0.target) is None
            state = nxt
    assert checked > 0


@given(st.integers(0, 10_000), st.integers(0, 10_000))
@settings(max_examples=80, deadline=None)
def test_changing_the_statement_to_an_invalid_sequent_is_rejected(seed, seed2):
    rng = random.Random(seed2)
    for thm, proof in corpus(6, seed=seed):
        assert check_proof(thm, proof).ok
        for _ in range(5):
            goal = random_formula(rng, ["P", "Q", "R", "S"], rng.randint(1, 5))
            mutated = Theorem(thm.name, thm.atoms, thm.hyps, goal)
            if countermodel([f for _, f in thm.hyps], goal) is not None:
                assert not check_proof(mutated, proof).ok, (mutated.statement(), proof)
            hyps = list(thm.hyps)
            if hyps:
                i = rng.randrange(len(hyps))
                hyps[i] = (hyps[i][0], random_formula(rng, ["P", "Q", "R", "S"], rng.randint(1, 4)))
                m2 = Theorem(thm.name, thm.atoms, tuple(hyps), thm.goal)
                if countermodel([f for _, f in hyps], thm.goal) is not None:
                    assert not check_proof(m2, proof).ok, (m2.statement(), proof)


@given(st.lists(st.sampled_from(list("abcdefsorymintlL.#@[]_!?' 2\n") + ["sorry", "admit", "Lean.", "#eval",
                                                                         "open", "set_option", "axiom"]),
                max_size=30).map("".join))
@settings(max_examples=2000, deadline=None)
def test_forbidden_prefilter_never_hides_a_match(text):
    from gentzen.core.parsing.syntax import _FORBIDDEN_RE, find_forbidden

    m = _FORBIDDEN_RE.search(text)
    assert find_forbidden(text) == ((m.start(), m.group()) if m else None)


@given(st.lists(st.sampled_from(["h1", "n2", "Or.inr", "Classical.em", "P", "trivial", "x'", "a₁"]),
                min_size=1, max_size=5).map(" ".join), st.integers(0, 30))
@settings(max_examples=500, deadline=None)
def test_plain_application_fast_path_matches_the_parser(text, base):
    from gentzen.core.parsing import term_parser
    from gentzen.core.text import words

    parser = term_parser._TermParser(words.tokenize(text, base), base + len(text))
    assert repr(term_parser.parse_term(text, base)) == repr(parser.term(0))
