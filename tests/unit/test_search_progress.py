"""search/progress.py: the reporting sampler draws exactly what `guided.sample` draws, and the stderr
progress stays silent for short searches and is rate-limited for long ones."""

from __future__ import annotations

import io

from gentzen.core.proof.theorem import Theorem
from gentzen.engines.fake import FakeEngine
from gentzen.search.guided import SamplerConfig, sample
from gentzen.search.names import sample_in_model_names
from gentzen.search.progress import StderrProgress, sample_reporting

THM = Theorem.from_sequent("P → Q, ¬Q ⊢ ¬P", name="mt")
LINES = ["  exact h2\n", "  intro h3\n", "  exact h2 (h1 h3)\n", "  exact h1\n", "\n"]


def _engine():
    return FakeEngine(lambda prompt, i: LINES[(len(prompt) * 7 + i) % len(LINES)])


def test_the_same_attempts_as_guided_sample_and_a_report_per_round():
    cfg = SamplerConfig(samples=6, seed=3, stop_at_first=False)
    want = sample(THM, _engine(), cfg)
    seen = []
    got = sample_reporting(THM, _engine(), cfg, on_round=lambda done, total: seen.append((done, total)))
    assert [a.to_dict() | {"sample_seconds": 0, "check_seconds": 0, "other_seconds": 0} for a in got.attempts] == \
        [a.to_dict() | {"sample_seconds": 0, "check_seconds": 0, "other_seconds": 0} for a in want.attempts]
    assert seen and seen[-1] == (6, 6) and all(t == 6 for _, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)  # finished attempts only grow


def test_names_take_the_reporting_sampler():
    thm = Theorem.from_sequent("p → q, ¬q ⊢ ¬p", name="mt")
    calls = []
    res = sample_in_model_names(thm, _engine(), SamplerConfig(samples=2, seed=0),
                                sampler=lambda t, e, c, verbose=False: calls.append(t) or sample(t, e, c))
    assert len(calls) == 1 and calls[0].atoms == ("P", "Q") and res.theorem == thm


class _Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def test_progress_is_silent_for_two_seconds_then_rate_limited():
    clock, out = _Clock(), io.StringIO()
    p = StderrProgress(out, after=2.0, every=5.0, clock=clock)
    for t in (0.5, 1.9):
        clock.t = t
        p(1, 64)
    assert out.getvalue() == ""  # a quick search prints nothing
    clock.t = 2.5
    p(3, 64)
    clock.t = 4.0
    p(5, 64)  # within 5 s of the last line: not shown
    clock.t = 8.0
    p(9, 64)
    p.close()
    assert out.getvalue() == ("searching: 3/64 attempts finished, 2 s\n"
                              "searching: 9/64 attempts finished, 8 s\n")
