"""The value head: trained on the shipped (frozen) model's own partial proofs, it reports a held-out
pairwise accuracy, reloads, and serves as the scorer of smc, beam, bestfirst, vdfs and mcts."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gentzen.engines.fake import FakeEngine
from gentzen.search.methods import run_method
from gentzen.search.value import pairwise_accuracy
from tests.unit.search_helpers import AND

pytestmark = pytest.mark.requires_torch


def _data(tmp_path):
    from gentzen.data.sets import load_set

    # easy and hard textbook exercises: the model finishes some paths and not others
    recs = load_set("textbook")[:14]
    path = tmp_path / "thms.jsonl"
    path.write_text("".join(json.dumps({"theorem": r["theorem"]}) + "\n" for r in recs))
    return path


@pytest.fixture(scope="module")
def head_dir(tmp_path_factory):
    from gentzen.train.value import ValueConfig, train

    tmp = tmp_path_factory.mktemp("value")
    events = []
    res = train(ValueConfig(data=str(_data(tmp)), out=str(tmp / "vh"), samples=4, epochs=60, held_out=0.4,
                            threads=1), progress=events.append)
    assert res.states > 0 and 0 < res.positives < res.states
    assert sum(e["event"] == "sampled" for e in events) == 14
    return tmp / "vh", res


def test_training_writes_a_head_and_its_metrics(head_dir):
    path, res = head_dir
    meta = json.loads((path / "value.json").read_text())
    assert meta["states"] == res.states and meta["features"] == 128
    assert res.held_out_pairs == meta["held_out_pairs"]
    if res.held_out_pairs:
        assert 0.0 <= res.held_out_accuracy <= 1.0
    # resuming samples nothing again: every theorem's states are already on disk
    lines = (path / "states.jsonl").read_text().splitlines()
    assert len(lines) == 14


def test_the_head_scores_states_and_steers_every_scored_search(head_dir):
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.search.env import KernelEnv
    from gentzen.search.value import ValueHead

    vh = ValueHead.load(head_dir[0])
    env = KernelEnv()
    root = env.start(AND)
    after = env.step(root, "  constructor").state
    scores = vh(parse_theorem(AND), [root, after])
    assert len(scores) == 2 and all(0.0 < s < 1.0 for s in scores)
    calls = []

    def scorer(thm, states):
        calls.append(len(states))
        return vh(thm, states)

    for method, extra in {"smc": {"particles": 2}, "beam": {"width": 2, "candidates": 2},
                          "bestfirst": {"expansions": 4}, "vdfs": {"expansions": 4}, "mcts": {"expansions": 6}}.items():
        calls.clear()
        always = FakeEngine(lambda p, i: f"  have h{len(p)}x{i} : p := hp\n")  # new states to score
        res = run_method(method, AND, always, samples=1, temperature=1.0, seed=0, fmt="whole",
                         scorer=scorer, **extra)
        assert calls, method  # the head was asked
        assert all(not a.ok or a.error is None for a in res.attempts)


def test_pairwise_accuracy_by_hand():
    # theorem a: pos 0.9 vs negs 0.2, 0.95 -> 1 + 0; theorem b: pos 0.5 vs neg 0.5 -> a tie, 0.5
    acc, pairs = pairwise_accuracy([0.9, 0.2, 0.95, 0.5, 0.5], [1, 0, 0, 1, 0], ["a", "a", "a", "b", "b"])
    assert pairs == 3 and acc == pytest.approx(1.5 / 3)
    assert pairwise_accuracy([0.3], [1], ["a"]) == (None, 0)


def test_cli_trains_a_value_head_and_rejects_bad_options(tmp_path):
    cmd = [sys.executable, "-m", "gentzen.cli.main", "train", "value"]
    bad = subprocess.run(cmd + ["--data", "textbook", "--out", str(tmp_path / "x"), "--held-out", "2"],
                         capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and bad.stderr.strip().splitlines()[-1].startswith("error: --held-out")
    missing = subprocess.run(cmd + ["--data", str(tmp_path / "none.jsonl"), "--out", str(tmp_path / "x")],
                             capture_output=True, text=True, timeout=120)
    assert missing.returncode == 2 and "neither a shipped set" in missing.stderr
    ok = subprocess.run(cmd + ["--data", str(_data(tmp_path)), "--out", str(tmp_path / "vh"), "--limit", "14",
                               "--samples", "2", "--epochs", "20", "--held-out", "0.4", "--threads", "1", "--json"],
                        capture_output=True, text=True, timeout=600)
    assert ok.returncode == 0, ok.stderr
    out = json.loads(ok.stdout)
    assert out["theorems"] == 14 and (tmp_path / "vh" / "value_head.pt").is_file()
