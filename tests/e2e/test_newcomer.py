"""What a newcomer trips on (issue 25), through the real CLI: a ttrl run's report names the user's
targets, how each was solved and where the proofs are; a resumed finished run says nothing is left;
GEM's loss is labelled; --model defaults to the shipped model (ttrl, train sdpo); an error writing
a file names the user's path, never the hidden temp file; Ctrl-C in prove and verify says what was
kept and how to go on; verify's .jsonl takes a block written at column 0 and refuses an ambiguous one."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_cli_core import ROOT, assert_no_traceback, gentzen

ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", COLUMNS="200")
# 8 samples: at 2, the issue-23 model solved none of the three (its pass@1 on modus tollens is 0.58, the
# previous model's 0.70; docs/results.md), and the report tests need one solved
# one round, which is the last: --final-update trains it anyway, so the update's loss line shows
SMALL = ["--rounds", "1", "--samples", "8", "--max-variants", "2", "--steps", "2", "--batch", "2", "--threads", "1",
         "--final-update"]
TARGETS = [{"theorem": "P → Q, ¬Q ⊢ ¬P"},  # no name: reports show the statement
           {"theorem": "P ∧ Q ⊢ Q ∧ P", "name": "and swap"},
           {"theorem": "theorem syllogism (P Q R : Prop) (h1 : P → Q) (h2 : Q → R) : P → R := by"},
           # one the model does not solve at 8 attempts: a round that solved every target trains nothing
           # (issue 39), and the loss label below needs an update
           {"theorem": "(P ↔ Q) ↔ R ⊢ P ↔ (Q ↔ R)", "name": "iff assoc"}]


@pytest.fixture(scope="module")
def ttrl_run(tmp_path_factory):
    pytest.importorskip("torch", reason="ttrl needs the train extra")
    d = tmp_path_factory.mktemp("newcomer")
    (d / "targets.jsonl").write_text("".join(json.dumps(t, ensure_ascii=False) + "\n" for t in TARGETS))
    r = gentzen("ttrl", str(d / "targets.jsonl"), "--out", str(d / "run"), *SMALL, timeout=600)  # no --model
    assert r.returncode == 0, r.stderr[-3000:]
    return d, r


def test_ttrl_defaults_to_the_shipped_model_and_labels_its_loss(ttrl_run):
    d, r = ttrl_run
    cfg = json.loads((d / "run" / "config.json").read_text())
    assert Path(cfg["model"]) == ROOT / "py" / "gentzen" / "assets" / "default_model"
    # the default --loss ce is a cross-entropy, labelled `loss` (`--loss gem` is labelled `gem-loss`: cli/options.py)
    rec = json.loads((d / "run" / "rounds.jsonl").read_text().splitlines()[0])
    assert rec["update"] == {"ran": True}, rec["update"]
    assert "; loss " in r.stderr and "gem-loss" not in r.stderr
    if "solved 0/" not in r.stdout:
        assert f"proofs: {d / 'run' / 'proofs.lean'}; which target was solved how: gentzen ttrl report" in r.stdout


def test_report_names_targets_how_they_were_solved_and_where_the_proofs_are(ttrl_run):
    d, _ = ttrl_run
    run = d / "run"
    r = gentzen("ttrl", "report", str(run))
    assert r.returncode == 0, r.stderr
    rows = {json.loads(x)["label"]: json.loads(x) for x in (run / "targets.jsonl").read_text().splitlines()}
    assert set(rows) == {"P → Q, ¬Q ⊢ ¬P", "and swap", "syllogism", "iff assoc"}  # the user's names, never t0000
    lines = r.stdout.split("\ntargets:", 1)[1].splitlines()[1:]
    for label, row in rows.items():
        line = next(x for x in lines if label in x)
        assert (f"round {row['round']} by {row['by']}" if row["solved"] else "unsolved") in line
    assert "t0000" not in r.stdout
    assert f"proofs: {run / 'proofs.lean'}" in r.stdout
    solved = [label for label, row in rows.items() if row["solved"]]
    assert solved, "the shipped model solved none of three easy targets: nothing to check in proofs.lean"
    lean = (run / "proofs.lean").read_text()
    for label in solved:
        assert f"-- {label}: round 1, by " in lean
    v = gentzen("verify", str(run / "proofs.lean"))
    assert v.returncode == 0 and f"{len(solved)}/{len(solved)} accepted" in v.stdout, v.stdout + v.stderr
    js = json.loads(gentzen("ttrl", "report", str(run), "--json").stdout)
    assert {t["target"] for t in js["targets"]} == set(rows)
    assert js["proofs"] == {f"ttrl:{run.name}": str(run / "proofs.lean")}


def test_resuming_a_finished_run_says_nothing_is_left(ttrl_run):
    d, _ = ttrl_run
    r = gentzen("ttrl", str(d / "targets.jsonl"), "--out", str(d / "run"), *SMALL, "--resume", timeout=300)
    assert r.returncode == 0, r.stderr
    assert "all 1 rounds already done, nothing left to run" in r.stderr and "rounds 2..1" not in r.stderr


def test_plot_error_names_the_users_path_not_the_temp_file(ttrl_run):
    d, _ = ttrl_run
    r = gentzen("ttrl", "report", str(d / "run"), "--plot", "/proc/nope.png")
    assert r.returncode == 2 and r.stderr.startswith("error: /proc/nope.png: "), r.stderr
    assert ".tmp" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert_no_traceback(r)


def test_train_sdpo_defaults_to_the_shipped_model(tmp_path):
    pytest.importorskip("torch", reason="train sdpo needs the train extra")
    (tmp_path / "one.jsonl").write_text('{"theorem": "P ∧ Q ⊢ Q ∧ P"}\n')
    # --force: whether the shipped model's teacher gap gate trips depends on whether its 2 samples prove the
    # theorem (they do with some seeds); what is tested here is the default model
    r = gentzen("train", "sdpo", "--theorems", str(tmp_path / "one.jsonl"), "--out", str(tmp_path / "s"),
                "--iterations", "1", "--group", "2", "--threads", "1", "--force", timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    state = json.loads((tmp_path / "s" / "state.json").read_text())
    assert Path(state["config"]["model"]) == ROOT / "py" / "gentzen" / "assets" / "default_model"


def _interrupt(args: list[str], ready, cwd: Path, timeout: float = 240) -> subprocess.CompletedProcess:
    """Start `gentzen ARGS`, send SIGINT (Ctrl-C) once `ready()` is true, and collect it."""
    p = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", *args], cwd=cwd, env=ENV, text=True,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    end = time.monotonic() + timeout
    while not ready() and p.poll() is None and time.monotonic() < end:
        time.sleep(0.05)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    return subprocess.CompletedProcess(args, p.returncode, out, err)


def _many_proofs(path: Path, n: int) -> None:
    rec = {"sequent": "P ∧ Q ⊢ Q ∧ P", "proof": "  have a : Q := h1.2\n  have b : P := h1.1\n  exact ⟨a, b⟩"}
    path.write_text("".join(json.dumps({"name": f"p{i}", **rec}, ensure_ascii=False) + "\n" for i in range(n)))


def test_ctrl_c_in_verify_keeps_the_verdicts_and_says_how_to_resume(tmp_path):
    _many_proofs(tmp_path / "many.jsonl", 40_000)
    out = tmp_path / "v.jsonl"
    r = _interrupt(["verify", "many.jsonl", "--quiet", "--out", "v.jsonl"],
                   lambda: out.is_file() and out.stat().st_size > 20_000, tmp_path)
    assert r.returncode == 130, r.stderr
    kept = len(out.read_text().splitlines())
    assert 0 < kept < 40_000
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith("error: interrupted after ") and "kept in v.jsonl" in line
    assert "run the same command again to resume" in line
    again = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "verify", "many.jsonl", "--quiet", "--out",
                            "v.jsonl"], cwd=tmp_path, env=ENV, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert "40000/40000 accepted" in again.stdout and "already in v.jsonl" in again.stdout


def test_ctrl_c_in_verify_without_out_says_nothing_was_kept(tmp_path):
    _many_proofs(tmp_path / "many.jsonl", 40_000)
    # no --out: nothing on disk to watch, so wait until it has printed verdicts (without --quiet)
    p = subprocess.Popen([sys.executable, "-m", "gentzen.cli.main", "verify", "many.jsonl"], cwd=tmp_path, env=ENV,
                         text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout.readline().startswith("ok")  # checking has begun
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=120)
    assert p.returncode == 130
    assert "nothing kept (no --out); give --out FILE" in err, err


def test_ctrl_c_in_prove_says_nothing_was_kept_and_how_to_go_on(tmp_path):
    pytest.importorskip("torch", reason="prove samples with the train extra")
    started = time.monotonic()
    # far more attempts than any machine draws in 12 s (this one draws about 400 a second), so the
    # interrupt always lands mid-run whether or not a proof has been found by then
    r = _interrupt(["prove", "(P → Q) → (Q → R) → P → R", "-k", "1000000"],
                   lambda: time.monotonic() - started > 12, tmp_path)
    assert r.returncode == 130, r.stderr
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith("error: interrupted") and "run the same command again" in line


def test_verify_jsonl_block_at_column_zero(tmp_path):
    f = tmp_path / "outs.jsonl"
    rows = [{"name": "one", "theorem": "P → Q, P ⊢ Q", "proof": "exact h1 h2"},
            {"name": "block", "sequent": "P ∧ Q ⊢ Q ∧ P", "proof": "constructor\n· exact h1.2\n· exact h1.1"},
            {"name": "wrong", "sequent": "P ∧ Q ⊢ Q ∧ P", "proof": "constructor\n· exact h1.1\n· exact h1.1"},
            {"name": "stripped", "sequent": "P ∧ Q ⊢ Q ∧ P",
             "proof": "constructor\n  · exact h1.2\n  · exact h1.1"}]
    f.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    r = gentzen("verify", str(f), "--json")
    got = {json.loads(x)["name"]: json.loads(x) for x in r.stdout.splitlines()}
    assert got["one"]["ok"] and got["block"]["ok"]  # the only reading: the block under `:= by`
    # positions stay the record's own: `· exact h1.1`, column 8 of proof line 2
    assert got["wrong"]["error"]["proof_line"] == 2 and got["wrong"]["error"]["proof_column"] == 8
    stripped = got["stripped"]
    assert not stripped["ok"] and stripped["checker"] == "reader"
    assert stripped["error"]["proof_line"] == 1 and "ambiguous" in stripped["error"]["message"]
    assert r.returncode == 1
