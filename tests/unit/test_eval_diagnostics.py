"""Diagnostics of attempts: invalid-line shares, rejection categories from real kernel errors, repeats."""

from __future__ import annotations

import pytest

from gentzen.core.kernel import StepError, start
from gentzen.core.proof.theorem import Theorem
from gentzen.engines.fake import FakeEngine
from gentzen.eval.diagnostics import category, diagnose
from gentzen.search.guided import SamplerConfig, sample

THM = Theorem.from_sequent("P → Q, P ⊢ Q", name="mp")


@pytest.mark.parametrize("line,kind,cat", [
    ("  exact h7", "unknown_identifier", "wrong citation"),
    ("  exact h2", "type_mismatch", "wrong citation"),
    ("  intro x", "tactic_failed", "wrong rule"),
    ("  exact (", "parse", "outside the grammar"),
    ("  simp", "unsupported", "outside the grammar"),
])
def test_real_kernel_errors_fall_in_their_category(line, kind, cat):
    res = start(THM).step(line)
    assert isinstance(res, StepError) and res.error.kind == kind
    assert category(kind) == cat


def test_other_kinds_and_unknown_are_other():
    for kind in ("unsolved_goals", "no_goals", "forbidden", "budget", None, "something new"):
        assert category(kind) == "other"


def ev(line, ok, kind=None, redraw=False):
    return {"line": line, "ok": ok, "kind": kind, "redraw": redraw}


def test_diagnose_counts_by_hand():
    attempts = [
        # solved after a redraw that first repeated the rejected line (refused unchecked)
        {"ok": True, "redraws": 2, "events": [ev("a", False, "type_mismatch"), ev("a", False, "type_mismatch", True),
                                              ev("b", True, None, True)]},
        # clean success
        {"ok": True, "redraws": 0, "events": [ev("b", True)]},
        # a failure: one bad parse line
        {"ok": False, "redraws": 0, "error": {"kind": "parse"}, "events": [ev("c", True), ev("(", False, "parse")]},
    ]
    d = diagnose(attempts)
    assert d["samples_with_invalid_line"] == pytest.approx(2 / 3, abs=1e-4)
    assert d["checked_lines"] == 5  # the repeated "a" was not checked
    assert d["checked_lines_invalid"] == pytest.approx(2 / 5)
    assert d["solved_needing_redraw"] == 0.5
    assert d["rejection_kinds"] == {"type_mismatch": 1, "parse": 1}
    assert d["rejection_categories"] == {"wrong citation": 0.5, "wrong rule": 0.0, "outside the grammar": 0.5,
                                         "other": 0.0}
    assert d["redraws"] == 2 and d["redraws_repeating_rejected_line"] == 0.5


def test_diagnose_real_guided_attempt():
    texts = iter(["  exact h2\n", "  exact h2\n", "  exact h1 h2\n"])
    res = sample(THM, FakeEngine(lambda p, i: next(texts)), SamplerConfig(samples=1))
    d = diagnose([a.to_dict() for a in res.attempts])
    assert d["solved"] == 1 and d["solved_needing_redraw"] == 1.0
    assert d["redraws"] == 2 and d["redraws_repeating_rejected_line"] == 0.5
    assert d["checked_lines"] == 2 and d["checked_lines_invalid"] == 0.5


def test_diagnose_without_events_falls_back_to_errors():
    d = diagnose([{"ok": False, "redraws": 0, "error": {"kind": "unknown_identifier"}},
                  {"ok": False, "redraws": 0, "error": {"kind": "unsolved_goals"}}])
    assert d["samples_with_invalid_line"] == 0.5 and d["checked_lines_invalid"] is None
    assert d["rejection_categories"]["wrong citation"] == 0.5


def test_search_attempts_check_every_line():
    # a search interleaves many states' lines: a repeated text is a fresh, checked line there
    att = {"ok": False, "redraws": 0, "events": [ev("a", False, "parse"), ev("a", False, "parse", True),
                                                 ev("b", True)]}
    d = diagnose([att], sequential=False)
    assert d["checked_lines"] == 3 and d["checked_lines_invalid"] == pytest.approx(2 / 3, abs=1e-4)
    assert d["redraws"] == 1 and d["redraws_repeating_rejected_line"] is None
    assert diagnose([att])["checked_lines"] == 2  # the line samplers refuse the repeat unchecked
