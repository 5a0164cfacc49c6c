"""The hand-derived propositional `sorry` sessions (tests/fixtures/repl_prop_sessions) against Lean's own
REPL: checks the derivation the kernel-backed REPL's conformance test relies on. Skipped without Lean."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gentzen.repl import protocol as P

pytestmark = pytest.mark.requires_lean

SESSIONS = Path(__file__).parents[1] / "fixtures" / "repl_prop_sessions"


@pytest.mark.parametrize("name", ["have_by_sorry", "sorry_hypotheses", "dup_sorries", "term_sorry",
                                  "tactic_sorry"])
def test_derived_session_is_what_lean_answers(name):
    from gentzen.repl.process import ReplProcess
    from gentzen.repl.verify import repl_command

    argv, cwd = repl_command("lake")
    blocks = [b for b in (SESSIONS / f"{name}.in").read_text(encoding="utf-8").split("\n\n") if b.strip()]
    with ReplProcess(argv, cwd=cwd, timeout=300) as proc:
        out = "".join(P.dumps(proc.send(json.loads(b))) for b in blocks)
    assert out == (SESSIONS / f"{name}.expected.out").read_text(encoding="utf-8")
