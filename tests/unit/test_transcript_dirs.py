"""Where the transcript tests find the REPL's recorded sessions (issue 22 item 4): ../shared, or the REPL
package Lake fetches (`.lake/packages/REPL/test`), and a skip that says where it looked otherwise."""

from __future__ import annotations

from conftest import ROOT, TRANSCRIPT_DIRS, find_transcripts


def _session(d):
    d.mkdir(parents=True)
    (d / "proof_branching.in").write_text("{}\n", encoding="utf-8")
    (d / "proof_branching.expected.out").write_text("{}\n", encoding="utf-8")


def test_lake_package_directories_are_searched():
    assert ROOT / ".lake" / "packages" / "REPL" / "test" in TRANSCRIPT_DIRS
    assert ROOT / ".lake" / "packages" / "repl" / "test" in TRANSCRIPT_DIRS


def test_first_directory_with_sessions_wins(tmp_path):
    empty, lake = tmp_path / "shared" / "repl-transcripts", tmp_path / ".lake" / "packages" / "REPL" / "test"
    empty.mkdir(parents=True)
    _session(lake)
    assert find_transcripts([empty, lake]) == lake


def test_none_when_no_directory_has_sessions(tmp_path):
    half = tmp_path / "half"
    half.mkdir()
    (half / "proof_branching.in").write_text("{}\n", encoding="utf-8")  # no expected output: not a session
    assert find_transcripts([half, tmp_path / "missing"]) is None
