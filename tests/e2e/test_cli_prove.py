"""End-to-end `gentzen prove`: the reference prover, and the shipped model on a textbook theorem."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem

from test_cli_core import assert_no_traceback, gentzen

MODEL = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "assets" / "default_model"


def test_reference_proves_and_refutes():
    r = gentzen("prove", "--method", "reference", "--json", "(P → Q) → P ⊢ P")
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    assert check_proof(parse_theorem(rec["theorem"]), rec["proof"]).ok
    r = gentzen("prove", "--method", "reference", "--json", "P → Q ⊢ Q")
    assert r.returncode == 1 and json.loads(r.stdout)["countermodel"] == {"P": False, "Q": False}


@pytest.mark.parametrize("args", [["P ⊢"], ["--method", "magic", "P ⊢ P"], ["--model", "/nonexistent", "P ⊢ P"],
                                  ["--names", "mine", "P ⊢ P"]])
def test_bad_input_exit_2(args):
    r = gentzen("prove", *args)
    assert r.returncode == 2
    assert_no_traceback(r)


@pytest.mark.requires_torch
def test_shipped_model_proves_a_textbook_theorem():
    if not (MODEL / "config.json").exists():
        pytest.fail(f"the shipped model is missing at {MODEL}")
    r = gentzen("prove", "--json", "-k", "16", "--seed", "0", "P → Q, ¬Q ⊢ ¬P", timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    rec = json.loads(r.stdout)
    assert rec["ok"] and check_proof(parse_theorem(rec["theorem"]), rec["proof"]).ok
    assert rec["totals"]["tokens"] > 0 and rec["totals"]["kernel_checks"] > 0


@pytest.mark.requires_torch
def test_a_students_names_come_back_in_the_proof():
    # sampled as h1/h2 (--names model, the default), returned in hpq/hnq and kernel-checked as written
    stmt = "example (p q : Prop) (hpq : p → q) (hnq : ¬q) : ¬p := by"
    r = gentzen("prove", "--json", "-k", "64", "--seed", "0", stmt, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    rec = json.loads(r.stdout)
    assert rec["theorem"] == stmt and check_proof(parse_theorem(stmt), rec["proof"]).ok
    assert "hpq" in rec["proof"] and "hnq" in rec["proof"]  # ¬p needs both premises, cited by the user's names


@pytest.mark.requires_torch
def test_an_iff_is_proved_one_direction_at_a_time():
    # the default (--split-iff): K/2 attempts per direction, joined under `constructor`; --whole-iff samples the
    # whole statement; both proofs kernel-checked as written, neither over K attempts
    stmt = "example (P Q R : Prop) : P ∧ Q → R ↔ P → Q → R := by"
    for flag, first in (("--split-iff", "constructor"), ("--whole-iff", None)):
        r = gentzen("prove", "--json", "-k", "16", "--seed", "0", flag, stmt, timeout=300)
        rec = json.loads(r.stdout)
        assert rec["totals"]["attempts"] <= 16
        if flag == "--split-iff":
            assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
            assert check_proof(parse_theorem(stmt), rec["proof"]).ok
            assert rec["proof"].split("\n")[0].strip() == first
