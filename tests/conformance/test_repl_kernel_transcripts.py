"""The kernel-backed REPL (`python -m gentzen.repl.kernel_server`) against recorded Lean sessions.

Propositional sessions must come back byte for byte; every other session must get exactly one
well-formed reply per request, through the same ReplProcess a Lean REPL would be driven by.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gentzen.repl import protocol as P
from gentzen.repl.process import ReplProcess

SERVER = [sys.executable, "-m", "gentzen.repl.kernel_server"]
# sessions whose theorems are propositional (the rest use Nat/Int/def, outside the kernel)
EXACT = ["proof_branching", "proof_branching2", "unknown_environment", "import_lean"]
# Lean's `sorry` sessions with a propositional statement in place of their Int/Nat one (derived by hand from
# the recorded replies: tests/fixtures/repl_prop_sessions/README.md)
PROP_SESSIONS = Path(__file__).parents[1] / "fixtures" / "repl_prop_sessions"
DERIVED = ["have_by_sorry", "sorry_hypotheses", "dup_sorries", "term_sorry", "tactic_sorry"]


def _requests(path):
    blocks = [b for b in path.read_text(encoding="utf-8").split("\n\n") if b.strip()]
    return ["".join(line.rstrip() for line in b.split("\n")) for b in blocks]


@pytest.fixture(scope="module")
def server():
    with ReplProcess(SERVER, timeout=30) as proc:
        yield proc


@pytest.mark.parametrize("name", EXACT)
def test_propositional_sessions_byte_for_byte(name, transcripts_dir):
    expected = (transcripts_dir / f"{name}.expected.out").read_text(encoding="utf-8")
    with ReplProcess(SERVER, timeout=30) as proc:  # fresh ids, as a fresh `lake exe repl`
        out = "".join(P.dumps(proc.send(json.loads(r))) for r in _requests(transcripts_dir / f"{name}.in"))
    assert out == expected


@pytest.mark.parametrize("name", DERIVED)
def test_sorry_sessions_byte_for_byte(name):
    expected = (PROP_SESSIONS / f"{name}.expected.out").read_text(encoding="utf-8")
    with ReplProcess(SERVER, timeout=30) as proc:
        out = "".join(P.dumps(proc.send(json.loads(r))) for r in _requests(PROP_SESSIONS / f"{name}.in"))
    assert out == expected


def test_raw_stdout_is_byte_identical(transcripts_dir, tmp_path):
    import subprocess

    name = "proof_branching"
    res = subprocess.run(SERVER, input=(transcripts_dir / f"{name}.in").read_bytes(),
                         capture_output=True, timeout=60)
    assert res.returncode == 0 and res.stderr == b""
    assert res.stdout == (transcripts_dir / f"{name}.expected.out").read_bytes()


def test_every_session_gets_well_formed_replies(transcripts_dir):
    # one long-lived server for all sessions: nothing outside the subset may crash it
    with ReplProcess(SERVER, timeout=30) as proc:
        for f in sorted(transcripts_dir.glob("*.in")):
            if not (transcripts_dir / f"{f.stem}.expected.out").exists():
                continue
            for text in _requests(f):
                reply = proc.send(json.loads(text))
                assert isinstance(reply, (P.CommandResponse, P.ProofStepResponse, P.Error)), f.name
            assert proc.starts == 1, f"server restarted during {f.name}"
