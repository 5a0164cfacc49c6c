"""The search environment: the kernel in process and the REPL bridge in tactic mode (`gentzen repl`
as a real subprocess) give the same searches the same proofs, in every prompt format."""

from __future__ import annotations

import pytest

from gentzen.engines.fake import FakeEngine
from gentzen.search.env import KernelEnv, ReplEnv, lean_kind, make_env
from gentzen.search.methods import run_method
from gentzen.errors import InputError
from tests.unit.search_helpers import AND, MP, random_script

SMALL = {"smc": {"particles": 3}, "beam": {"width": 2, "candidates": 3}, "bestfirst": {"expansions": 6},
         "dfs": {"expansions": 6}, "rdfs": {"expansions": 6}, "mcts": {"expansions": 10}}


@pytest.fixture(scope="module")
def repl_env():
    env = ReplEnv()  # `python -m gentzen.repl.kernel_server`: the protocol over pipes, one child
    yield env
    env.close()


def _view(res):
    # successes in full; failures by what was drawn (a failed `state` text is laid out differently)
    return [(a.ok, a.proof if a.ok else None, a.tokens, a.model_calls,
             [(e["line"], e["ok"]) for e in a.events]) for a in res.attempts]


@pytest.mark.parametrize("fmt", ["whole", "state", "state+proof"])
def test_repl_subprocess_finds_the_same_proofs_as_the_kernel(repl_env, fmt):
    solved = 0
    for method, extra in SMALL.items():
        for thm in (AND, MP):
            for seed in (0, 1):
                kw = dict(samples=2, temperature=1.0, seed=seed, fmt=fmt, **extra)
                via_kernel = run_method(method, thm, FakeEngine(random_script(seed)), env=KernelEnv(), **kw)
                via_repl = run_method(method, thm, FakeEngine(random_script(seed)), env=repl_env, **kw)
                assert _view(via_repl) == _view(via_kernel), (method, thm, seed)
                solved += sum(a.ok for a in via_repl.attempts)
    assert repl_env.proc.pid is not None  # the requests really went to a child process
    assert solved > 0


def test_repl_env_verifies_the_whole_text_through_the_repl(repl_env):
    assert repl_env.verify(AND, "  exact ⟨hp, hq⟩") is None
    err = repl_env.verify(AND, "  exact hp")
    assert err is not None and err.kind == "lean_error"
    assert repl_env.verify(AND, "  sorry").kind == "forbidden"  # screened before the REPL sees it


def test_repl_env_lays_out_state_format_steps(repl_env):
    assert repl_env.layout(AND, "constructor\nexact hp\nexact hq") == "  constructor\n  exact hp\n  exact hq"


def test_lean_messages_map_to_kernel_kinds():
    assert lean_kind("Unknown identifier `foo`") == "unknown_identifier"
    assert lean_kind("Type mismatch\n  hq\nhas type\n  q") == "type_mismatch"
    assert lean_kind("<input>:1:1: unknown tactic") == "parse"
    assert lean_kind("Tactic `introN` failed: no binders") == "tactic_failed"


def test_make_env_names_the_choices():
    assert make_env("kernel").name == "kernel"
    with pytest.raises(InputError, match="kernel or repl"):
        make_env("lean")
