"""Beam, best-first, DFS and MCTS: what each expands, in which order, under which budget."""

from __future__ import annotations

import math

import pytest

from gentzen.engines.fake import FakeEngine
from gentzen.errors import InputError
from gentzen.models.formats import header
from gentzen.search import beam, bestfirst, dfs, mcts
from gentzen.search.tree import length_normalised
from tests.unit.search_helpers import AND, LogprobEngine, random_script

HEAD = header(AND)
H1, H2 = "  have h1 : p := hp", "  have h2 : q := hq"  # both hold at the root, neither finishes


def test_bestfirst_budget_one_expands_exactly_one_node():
    eng = FakeEngine(random_script(5))
    res = bestfirst.run(AND, eng, bestfirst.BestFirstConfig(expansions=1, per_pop=4, seed=0))
    (a,) = res.attempts
    assert a.expansions == 1 and a.model_calls == 1
    assert len(eng.calls) == 1 and eng.calls[0].n == 4 and eng.calls[0].prompts == (HEAD,)
    assert len(a.events) == 4


def test_bestfirst_pops_the_best_length_normalised_state():
    # root: two holding lines; h2 has the better exp(logp / len^0.5), so its state is expanded next
    eng = LogprobEngine({HEAD: [H1 + "\n", H2 + "\n"]}, {H1: -8.0, H2: -2.0})
    eng.script[HEAD + H2 + "\n"] = ["  exact foo\n"]
    eng.script[HEAD + H1 + "\n"] = ["  exact foo\n"]
    bestfirst.run(AND, eng, bestfirst.BestFirstConfig(expansions=2, per_pop=2, seed=0))
    assert [c.prompts for c in eng.calls] == [(HEAD,), (HEAD + H2 + "\n",)]


def test_bestfirst_stops_at_its_budget():
    eng = FakeEngine(lambda p, i: f"  have h{len(p)}x{i} : p := hp\n")  # every line holds, none finishes
    res = bestfirst.run(AND, eng, bestfirst.BestFirstConfig(expansions=5, per_pop=2, seed=0, samples=2))
    assert [a.expansions for a in res.attempts] == [5, 5]


def test_length_normalised_score():
    assert length_normalised(0.0, 0, 0.5) == 1.0
    assert length_normalised(-4.0, 16, 0.5) == pytest.approx(math.exp(-1.0))
    assert length_normalised(-4.0, 16, 0.0) == pytest.approx(math.exp(-4.0))


LONG = "  have h2 : q := ((((hq))))"  # longer than H1, and more probable in total


@pytest.mark.parametrize("alpha,kept", [(0.0, H1), (0.5, LONG), (1.0, LONG)])
def test_beam_keeps_the_best_by_length_normalised_logprob(alpha, kept):
    logprobs = {H1: -5.0, LONG: -5.5}
    eng = LogprobEngine({HEAD: [H1 + "\n", LONG + "\n"]}, logprobs)
    eng.script[HEAD + H1 + "\n"] = ["  exact foo\n"]
    eng.script[HEAD + LONG + "\n"] = ["  exact foo\n"]
    scores = {ln: length_normalised(lp, len(ln) + 1, alpha) for ln, lp in logprobs.items()}
    assert max(scores, key=scores.get) == kept  # the case is what the parametrisation says
    beam.run(AND, eng, beam.BeamConfig(width=1, candidates=2, alpha=alpha, seed=0, max_lines=3))
    assert eng.calls[1].prompts == (HEAD + kept + "\n",)


def test_beam_width_bounds_the_frontier():
    eng = FakeEngine(random_script(9, [H1, H2, "  have h3 : p := hp", "  have h4 : q := hq", "  exact foo"]))
    beam.run(AND, eng, beam.BeamConfig(width=2, candidates=3, seed=0, max_lines=4))
    assert eng.calls[0].prompts == (HEAD,) and all(len(c.prompts) <= 2 for c in eng.calls)
    assert all(c.n == 3 for c in eng.calls)


def test_dfs_goes_deep_first_and_backtracks():
    # root: h1 (better) and h2; under h1 every line fails; DFS then backtracks to h2
    eng = LogprobEngine({HEAD: [H1 + "\n", H2 + "\n"]}, {H1: -1.0, H2: -9.0})
    eng.script[HEAD + H1 + "\n"] = ["  exact foo\n"]
    eng.script[HEAD + H2 + "\n"] = ["  exact ⟨hp, hq⟩\n"]
    res = dfs.run(AND, eng, dfs.DFSConfig(expansions=10, per_expansion=2, seed=0))
    assert [c.prompts[0] for c in eng.calls] == [HEAD, HEAD + H1 + "\n", HEAD + H2 + "\n"]
    assert res.attempts[0].ok and res.attempts[0].proof == H2 + "\n  exact ⟨hp, hq⟩"


def test_value_guided_dfs_follows_the_scorer():
    eng = LogprobEngine({HEAD: [H1 + "\n", H2 + "\n"]}, {H1: -1.0, H2: -9.0})
    eng.script[HEAD + H1 + "\n"] = ["  exact foo\n"]
    eng.script[HEAD + H2 + "\n"] = ["  exact foo\n"]
    prefers_h2 = lambda thm, states: [1.0 if "h2" in s.proof else 0.1 for s in states]
    dfs.run(AND, eng, dfs.DFSConfig(expansions=2, per_expansion=2, order="value", seed=0), scorer=prefers_h2)
    assert eng.calls[1].prompts[0] == HEAD + H2 + "\n"
    with pytest.raises(InputError, match="needs a value head"):
        dfs.run(AND, eng, dfs.DFSConfig(order="value"))


def test_randomised_dfs_order_depends_on_the_seed():
    firsts = set()
    for seed in range(8):
        eng = FakeEngine({HEAD: [H1 + "\n", H2 + "\n"], HEAD + H1 + "\n": ["  exact foo\n"],
                          HEAD + H2 + "\n": ["  exact foo\n"]})
        dfs.run(AND, eng, dfs.DFSConfig(expansions=2, per_expansion=2, order="random", seed=seed))
        firsts.add(eng.calls[1].prompts[0])
    assert firsts == {HEAD + H1 + "\n", HEAD + H2 + "\n"}


def test_progressive_widening_limit():
    assert [mcts.widening_limit(n) for n in range(9)] == [1, 2, 2, 2, 3, 3, 3, 3, 3]


def test_mcts_spends_its_budget_and_widens_the_root_slowly():
    eng = FakeEngine(random_script(4, [H1, H2, "  have h3 : p := hp", "  exact foo"]))
    res = mcts.run(AND, eng, mcts.MCTSConfig(expansions=16, seed=0))
    (a,) = res.attempts
    assert a.expansions == 16 == len(eng.calls) and not a.ok
    root_tries = sum(c.prompts == (HEAD,) for c in eng.calls)
    assert root_tries <= mcts.widening_limit(16)  # ⌈√(n+1)⌉ tries at the root, not one per iteration


def test_mcts_finds_a_proof_and_verifies_it():
    eng = FakeEngine(random_script(1))
    res = mcts.run(AND, eng, mcts.MCTSConfig(expansions=64, seed=0, samples=3))
    assert res.solved
    assert all(a.expansions <= 64 for a in res.attempts)


def test_lines_drawn_together_are_not_redraws_but_a_second_try_is():
    eng = FakeEngine({HEAD: ["  exact foo\n", "  exact hp\n", H1 + "\n"]})
    res = bestfirst.run(AND, eng, bestfirst.BestFirstConfig(expansions=1, per_pop=3, seed=0))
    assert [e["redraw"] for e in res.attempts[0].events] == [False, False, False]
    # MCTS comes back to the root after its first line there was rejected: that draw is a redraw
    eng = FakeEngine({HEAD: ["  exact foo\n", H1 + "\n"], HEAD + H1 + "\n": ["  exact foo\n"]})
    res = mcts.run(AND, eng, mcts.MCTSConfig(expansions=2, seed=0))
    assert [(e["line"], e["redraw"]) for e in res.attempts[0].events] == [("  exact foo", False), (H1, True)]
