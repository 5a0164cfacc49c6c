"""`gentzen gen --mix exercises` (issue 41, item 2's data): True/False operands, two-direction ↔, classical
implications and wide statements, each kernel-checked and held away from every evaluated statement's goal state."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.logic.formula import FALSE, TRUE, Atom, And, Iff, Imp, Not, Or
from gentzen.core.logic.sequent import Sequent, TruthTable, parse_sequent
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data import exercises as X
from gentzen.data.decontam import exercise_rows, leaks, state_held_out, state_key
from gentzen.data.generate import GenConfig
from gentzen.data.prover import ProverError
from gentzen.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
_CACHE: dict[int, list[dict]] = {}


def _records(seed: int, count: int = 30) -> list[dict]:
    if seed not in _CACHE:
        _CACHE[seed] = X.generate_exercises(GenConfig(count=count, seed=seed, mix="exercises", max_atoms=8))
    return _CACHE[seed]


def _seq(rec: dict) -> Sequent:
    thm = parse_theorem(rec["theorem"])
    return Sequent(tuple(f for _, f in thm.hyps), thm.goal)


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2))
def test_every_record_checks_in_the_kernel_and_is_of_its_kind_at_its_share(seed):
    recs = _records(seed)
    assert len(recs) == 30
    kinds = {}
    for r in recs:
        assert check_proof(parse_theorem(r["theorem"]), r["proof"]).ok, r["theorem"]
        assert X.of_kind(r["mix"], _seq(r), r["proof"]), r
        kinds[r["mix"]] = kinds.get(r["mix"], 0) + 1
    assert kinds == X.quotas(30) == {"constants": 11, "iff": 11, "classical": 4, "wide": 4}
    c = X.composition(recs)
    assert c["constant_operand"] >= kinds["constants"] and c["atoms_over_4"] >= kinds["wide"]
    iffs = [r for r in recs if r["mix"] == "iff"]
    assert sum(X.case_split(r["proof"]) for r in iffs) >= 2 * len(iffs) // 3  # two in three split cases
    assert all(len(parse_theorem(r["theorem"]).atoms) <= 8 for r in recs)
    assert X.generate_exercises(GenConfig(count=30, seed=seed, mix="exercises", max_atoms=8)) == recs  # seeded


@pytest.mark.parametrize("seed", [0, 1])
def test_no_record_is_or_reaches_an_evaluated_statement(seed):
    recs = _records(seed)
    assert leaks([r for r in recs if r["split"] == "train"]) == []
    assert leaks(recs, split="", hashed=False) == []  # dev/heldout records: no evaluated statement either
    held = {state_key(row["theorem"]) for row in exercise_rows()}
    assert held and not {state_key(r["sequent"]) for r in recs} & held


def test_the_generator_refuses_an_exercise_statement_it_draws(monkeypatch):
    """The filter is what keeps exercises out: a maker that draws only public exercise statements (the issue's
    `(True → False) → False`, `p ∨ False ↔ p`, in other names) gets none of them written."""
    drawn = [parse_sequent(t) for t in ("⊢ (True → False) → False", "⊢ A ∨ False ↔ A", "⊢ B ∧ False ↔ False")]
    assert all(state_held_out(s.premises, s.goal, "train") for s in drawn)
    fresh = parse_sequent("⊢ (True ∧ P) ∨ Q ↔ Q ∨ P")  # a train statement, no evaluated goal state
    assert state_held_out(fresh.premises, fresh.goal, "train") is None
    calls = iter(range(10**6))
    monkeypatch.setitem(X.MAKERS, "constants", lambda rng, cfg: (drawn + [fresh])[next(calls) % 4])
    monkeypatch.setattr(X, "PATIENCE", 50)
    monkeypatch.setattr(X, "quotas", lambda count: {"constants": count})
    out = X.generate_exercises(GenConfig(count=3, mix="exercises"))
    assert [r["sequent"] for r in out] == ["⊢ True ∧ P ∨ Q ↔ Q ∨ P"]  # stops short rather than leak


def test_a_proof_the_kernel_rejects_is_never_written(monkeypatch):
    real = X.prove

    def bad(seq, verify=False):
        res = real(seq, verify=verify)
        return type(res)("  exact trivial", 1, None)
    monkeypatch.setattr(X, "prove", bad)
    monkeypatch.setattr(X, "PATIENCE", 50)
    monkeypatch.setattr(X, "quotas", lambda count: {"constants": count})
    with pytest.raises(ProverError, match="kernel rejected"):
        X.generate_exercises(GenConfig(count=4, mix="exercises"))


_leaf = st.sampled_from([Atom("P"), Atom("Q"), TRUE, FALSE])
_formulas = st.recursive(_leaf, lambda f: st.one_of(f.map(Not), st.tuples(f, f).map(lambda t: And(*t)),
                                                      st.tuples(f, f).map(lambda t: Or(*t)),
                                                      st.tuples(f, f).map(lambda t: Imp(*t)),
                                                      st.tuples(f, f).map(lambda t: Iff(*t))), max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(_formulas)
def test_fold_keeps_the_meaning_and_leaves_no_constant_operand(f):
    g = X.fold(f)
    table = TruthTable(("P", "Q"))
    assert table.mask(f) == table.mask(g)
    assert not X.has_constant_operand(g)


def test_options_are_checked_and_the_cli_writes_the_mix(tmp_path):
    with pytest.raises(InputError, match="unknown --mix"):
        GenConfig(mix="exercise").check()
    with pytest.raises(InputError, match="--max-atoms"):
        GenConfig(mix="exercises", max_atoms=4).check()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "OMP_NUM_THREADS": "1"}
    out = tmp_path / "x.jsonl"
    r = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "gen", "--mix", "exercises", "-n", "12", "--out",
                        str(out), "--json"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["count"] == 12 and sum(s["mix"]["kinds"].values()) == 12
    bad = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "gen", "--mix", "exercises", "--style", "user",
                          "-n", "2"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "--mix exercises" in bad.stderr and "Traceback" not in bad.stderr
