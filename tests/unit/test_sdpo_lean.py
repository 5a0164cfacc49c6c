"""The lean task: prover output parsed (last ```lean block, truncation), statement pinned, forbidden
words screened, success = no error and no sorry from the checker; checked here through the
REPL protocol against `gentzen repl` (kernel-backed: the same protocol Lean's REPL speaks)."""

from __future__ import annotations

import pytest

from gentzen.core.kernel import check_proof
from gentzen.engines.fake import FakeEngine
from gentzen.errors import InputError
from gentzen.train.accounting import Clock, Tally
from gentzen.train.lean_prover import (
    LeanChecker, lean_ok, missing_lean, parse_output, pin, prompt_for, require_lean)

ST = "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by"


def test_the_last_block_is_taken_and_a_cut_off_block_is_truncated():
    out = "```lean\ntheorem x : True := by\n  trivial\n```\nbetter:\n```lean4\n  exact h1 h2\n```\n"
    assert parse_output(out).code == "  exact h1 h2\n"
    p = parse_output("  exact h1", "length", prompt_for(ST))
    assert p.truncated and p.code.endswith("exact h1")
    assert not parse_output("  exact h1 h2\n", "stop", prompt_for(ST)).truncated
    assert parse_output("no code here").code is None


@pytest.mark.parametrize("code,ok", [
    (ST + "\n  exact h1 h2\n", True),
    ("theorem mp (P Q : Prop) (h1 : P → Q)\n    (h2 : P) : Q := by\n  exact h1 h2\n", True),  # re-wrapped
    ("  exact h1 h2\n", True),                                                              # proof only
    ("theorem mp (P Q : Prop) (h1 : P → Q) (h2 : Q) : Q := by\n  exact h2\n", False),        # changed statement
    (ST + "\n  sorry\n", False),
    (ST + "\n  exact h1 h2\ntheorem extra : False := by\n  sorry\n", False),
    ("axiom bad : False\n" + ST + "\n  exact bad.elim\n", False),
    (ST + "\n", False),
])
def test_pinning(code, ok):
    body, why = pin(ST, code)
    assert (body is not None) == ok, why


def test_lean_ok_fails_on_errors_and_sorry_warnings_only():
    assert lean_ok([{"severity": "info", "data": "x", "pos": {"line": 1}}])[0]
    assert not lean_ok([{"severity": "error", "data": "x", "pos": {"line": 2}}])[0]
    assert lean_ok([{"severity": "warning", "data": "declaration uses 'sorry'", "pos": {"line": 1}}])[1] == "sorry"


def test_checker_over_the_repl_protocol():
    c = LeanChecker(repl_cmd="gentzen repl")
    try:
        good = c.check(ST, parse_output("  exact h1 h2\n", "stop", prompt_for(ST)))
        bad = c.check(ST, parse_output("  exact h2\n", "stop", prompt_for(ST)))
    finally:
        c.close()
    assert good.ok and check_proof(ST, good.text).ok  # what was sent re-verifies on its own
    assert not bad.ok and bad.kind == "lean_error" and "Type mismatch" in bad.message and bad.line == 2


def test_lean_group_reports_only_proofs_the_checker_accepted():
    from gentzen.train.sdpo_config import SDPOConfig
    from gentzen.train.sdpo_group import lean_group

    engine = FakeEngine(["  exact h2\n```", "  exact h1 h2\n```", "  exact h1"])
    c = LeanChecker(repl_cmd="gentzen repl")
    tally = Tally(targets=1)
    try:
        samples, proofs = lean_group(SDPOConfig(group=3, max_tokens=64), engine, c, None, ST, 0, tally, Clock())
    finally:
        c.close()
    assert tally.samples == 3 and tally.verified == 1 and len(proofs) == 1
    assert check_proof(ST, proofs[0]).ok
    assert samples == []  # the fake engine gives no token ids: nothing to distil


def test_without_lean_the_lean_task_says_so_in_one_line(monkeypatch):
    import gentzen.repl.project as project

    monkeypatch.setattr(project, "missing_lean", lambda: "`lake` is not on PATH")
    why = missing_lean(None, None)
    assert why is not None and "\n" not in why and "lake" in why
    with pytest.raises(InputError):
        require_lean(None, None)
    assert missing_lean("gentzen repl", None) is None and missing_lean(None, "http://x") is None
