"""`gentzen train sdpo`'s teacher gap through the real CLI on a tiny model that never saw a feedback
block (`train sft --teacher-share 0`): measured before training, refused in one line naming the
fix, and with --force the run proceeds and logs the gap every iteration."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from gentzen.train.samples import write_jsonl

pytestmark = pytest.mark.requires_torch

ENV = {**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


def _cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *map(str, args)], capture_output=True,
                          text=True, env=ENV, timeout=600)


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    root = tmp_path_factory.mktemp("gap")
    data = write_jsonl(root / "d.jsonl")
    p = _cli("train", "sft", "--data", data, "--out", root / "m", "--preset", "tiny", "--seconds", 0,
             "--max-steps", 120, "--vocab-size", 400, "--batch-size", 8, "--lr", 3e-3, "--eval-every", 0,
             "--threads", 1, "--teacher-share", 0)
    assert p.returncode == 0, p.stderr
    assert json.loads((root / "m" / "gentzen.json").read_text())["teacher_sequences"] == 0
    (root / "t.jsonl").write_text("".join(data.read_text().splitlines(keepends=True)[:4]))
    return root


def test_a_teacher_that_never_saw_feedback_is_refused_in_one_line(tiny):
    out = tiny / "refused"
    p = _cli("train", "sdpo", "--model", tiny / "m", "--theorems", tiny / "t.jsonl", "--out", out,
             "--iterations", 2, "--group", 3, "--threads", 1)
    assert p.returncode == 2, p.stderr
    err = [ln for ln in p.stderr.splitlines() if ln.startswith("error:")]
    assert len(err) == 1 and "Traceback" not in p.stderr
    assert "teacher gap" in err[0] and "--teacher-share" in err[0] and "--force" in err[0]
    gap = json.loads((out / "teacher_gap.json").read_text())
    assert gap["proofs"] > 0 and gap["teacher_gap"] <= 0 and f"{gap['teacher_gap']:+.2f}" in err[0]
    assert not (out / "state.json").exists()  # nothing ran: the same command with --force starts afresh


def test_force_proceeds_and_logs_the_gap_every_iteration(tiny):
    out = tiny / "forced"
    p = _cli("train", "sdpo", "--model", tiny / "m", "--theorems", tiny / "t.jsonl", "--out", out, "--mode",
             "batch", "--iterations", 2, "--group", 3, "--threads", 1, "--force", "--json")
    assert p.returncode == 0, p.stderr
    assert "teacher gap before training:" in p.stderr and "teacher gap" in p.stderr.splitlines()[-1]
    assert json.loads((out / "teacher_gap.json").read_text())["force"] is True
    its = [json.loads(x) for x in (out / "iterations.jsonl").read_text().splitlines()]
    assert [i["iteration"] for i in its] == [1, 2] and all("teacher_gap" in i for i in its)
    assert all(i["teacher_gap"] is None or isinstance(i["teacher_gap"], float) for i in its)
    assert any(i["teacher_gap"] is not None for i in its) or all(i["verified"] == 0 for i in its)
