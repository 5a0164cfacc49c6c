"""Every sampler and search through the registry: exact compute against a scripted fake engine,
only verified proofs as successes, the token budget, and the registry's errors."""

from __future__ import annotations

import pytest

from gentzen.core.kernel import check_proof
from gentzen.engines.fake import FakeEngine
from gentzen.errors import InputError
from gentzen.search.methods import METHODS, get_method, make_config, run_method
from tests.unit.search_helpers import AND, MP, CountingEnv, LyingEnv, random_script

SEARCHES = [m for m in METHODS if m not in ("guided", "plain", "vdfs")]
SMALL = {"smc": {"particles": 3}, "beam": {"width": 2, "candidates": 3}, "bestfirst": {"expansions": 6},
         "dfs": {"expansions": 6}, "rdfs": {"expansions": 6}, "mcts": {"expansions": 8}}


def test_registry_names_every_method_and_rejects_unknown_ones():
    assert set(METHODS) >= {"guided", "plain", "smc", "beam", "bestfirst", "dfs", "rdfs", "mcts"}
    assert get_method("beam").step_level and not get_method("guided").step_level
    with pytest.raises(InputError, match="choose one of guided, plain, smc"):
        get_method("astar")
    with pytest.raises(InputError, match="has no option width"):
        make_config("bestfirst", samples=1, temperature=1.0, seed=0, fmt="whole", width=3)
    with pytest.raises(InputError, match="unknown format"):
        make_config("beam", samples=1, temperature=1.0, seed=0, fmt="wholes")
    with pytest.raises(InputError, match="needs a value head"):
        run_method("vdfs", AND, FakeEngine(["  exact hp\n"]), samples=1, temperature=1.0, seed=0, fmt="whole")


@pytest.mark.parametrize("fmt", ["whole", "state", "state+proof"])
@pytest.mark.parametrize("method", SEARCHES)
def test_searches_count_compute_exactly(method, fmt):
    for thm in (AND, MP):
        eng, env = FakeEngine(random_script(7)), CountingEnv()
        res = run_method(method, thm, eng, samples=3, temperature=1.0, seed=1, fmt=fmt, env=env, **SMALL[method])
        t = res.totals()
        assert t["attempts"] == 3
        assert t["tokens"] == eng.stats.generated_tokens
        assert t["model_calls"] == eng.stats.prompts == t["expansions"]  # one prompt per expanded state
        assert t["kernel_checks"] == env.steps + env.finishes + env.verifies
        assert sum(len(a.events) for a in res.attempts) == env.steps + env.finishes
        assert env.starts == 3  # one opened theorem per run; timed, not counted as a check
        for a in res.attempts:
            if fmt == "whole":  # the fake engine's rule: one token per character, the stop "\n" included
                assert a.tokens == sum(len(e["line"]) + 1 for e in a.events)
            assert a.sample_seconds >= 0 and a.check_seconds > 0 and a.other_seconds >= 0
            assert all(set(e) == {"line", "ok", "kind", "redraw"} for e in a.events)
            assert all((e["kind"] is None) == e["ok"] for e in a.events)
            if a.ok:
                assert check_proof(thm, a.proof).ok


@pytest.mark.parametrize("method", ["guided", "plain"])
def test_line_samplers_through_the_registry(method):
    eng = FakeEngine(random_script(3))
    res = run_method(method, AND, eng, samples=6, temperature=1.0, seed=0, fmt="whole")
    assert len(res.attempts) == 6  # no early stop: pass@k needs every attempt
    assert res.totals()["tokens"] == eng.stats.generated_tokens
    for a in res.attempts:
        assert a.tokens == sum(len(e["line"]) + 1 for e in a.events)
        assert a.redraws == sum(e["redraw"] for e in a.events)
        assert not a.ok or check_proof(AND, a.proof).ok


@pytest.mark.parametrize("method", SEARCHES)
def test_only_verified_proofs_are_successes(method):
    eng = FakeEngine(["  trust me\n"])
    res = run_method(method, AND, eng, samples=2, temperature=1.0, seed=0, fmt="whole", env=LyingEnv(),
                     **SMALL[method])
    assert not res.solved
    assert all(a.error is not None for a in res.attempts)
    assert any(a.proof == "  trust me" for a in res.attempts)  # it was tried, and refused


def test_a_found_proof_is_reported_with_its_compute():
    eng = FakeEngine(["  constructor\n", "  exact hp\n", "  exact hq\n"])
    res = run_method("bestfirst", AND, eng, samples=1, temperature=1.0, seed=0, fmt="whole", per_pop=1)
    (a,) = res.attempts
    assert a.ok and a.proof == "  constructor\n  exact hp\n  exact hq" and a.lines == 3
    assert (a.tokens, a.model_calls, a.expansions, a.kernel_checks) == (36, 3, 3, 4)


@pytest.mark.parametrize("method", ["guided", "plain", *SEARCHES])
def test_token_budget_stops_every_method(method):
    # lines that always hold and never finish: only the budget ends a run
    eng = FakeEngine(random_script(11, ["  have h1 : p := hp", "  have h2 : q := hq", "  have h3 : p := h1"]))
    budget = 200
    extra = {} if method in ("guided", "plain") else SMALL[method]
    res = run_method(method, AND, eng, samples=8, temperature=1.0, seed=0, fmt="whole", budget_tokens=budget, **extra)
    t = res.totals()
    assert len(res.attempts) == 8 and not res.solved
    # a budget is checked between engine calls: at most one call's worth past it
    assert budget <= t["tokens"] < budget + 8 * 16 * 8
    assert any(a.error is not None and a.error.kind == "budget" for a in res.attempts)


@pytest.mark.parametrize("method", ["smc", "beam", "bestfirst", "vdfs", "mcts"])
def test_a_scorer_is_charged_one_model_call_per_state(method):
    scored = []

    def scorer(thm, states):
        scored.append(len(states))
        return [0.5] * len(states)

    eng = FakeEngine(lambda p, i: f"  have h{len(p)}x{i} : p := hp\n")  # new states to score, always
    extra = {**SMALL.get(method, {}), **({"expansions": 6} if method == "vdfs" else {})}
    res = run_method(method, AND, eng, samples=2, temperature=1.0, seed=0, fmt="whole", scorer=scorer, **extra)
    assert sum(scored) > 0
    assert res.totals()["model_calls"] == eng.stats.prompts + sum(scored)
