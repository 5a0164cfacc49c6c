"""`gentzen ttrl` through the real CLI on a tiny model: every arm runs 2 rounds on 8 targets, a
SIGKILLed run resumes to the same per-round solved sets and counts as an uninterrupted one, Ctrl-C
stops after saving, control spends the samples of the run it matches, `ttrl report` compares them,
and bad options are one-line errors before any work."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gentzen.train.samples import write_jsonl

pytestmark = pytest.mark.requires_torch

ENV = {**os.environ, "OMP_NUM_THREADS": "1", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
SMALL = ["--rounds", "2", "--samples", "3", "--max-variants", "3", "--steps", "3", "--batch", "4",
         "--threads", "1", "--seed", "5"]


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    """A tiny SFT model on the sample proofs, 8 of them as targets, and one uninterrupted ttrl run."""
    from gentzen.train.sft import SFTConfig, train

    root = tmp_path_factory.mktemp("ttrl")
    data = write_jsonl(root / "d.jsonl")
    (root / "t8.jsonl").write_text("".join(data.read_text().splitlines(keepends=True)[:8]))
    train(SFTConfig(data=str(data), out=str(root / "m"), preset="tiny", seconds=0, max_steps=120, vocab_size=400,
                    batch_size=8, lr=3e-3, eval_every=0, threads=1, resume=False))
    full = _ttrl(root, root / "full")
    assert full.returncode == 0, full.stderr
    return root


def _args(root: Path, out: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "gentzen.cli.main", "ttrl", str(root / "t8.jsonl"), "--model", str(root / "m"),
            "--out", str(out), *SMALL, *extra]


def _ttrl(root: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(_args(root, out, *extra), capture_output=True, text=True, env=ENV, timeout=400)


def _rows(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines() if x.strip()]


def _decided(out: Path) -> list[dict]:
    """What each round decided (solved sets, pool, rates, counts, losses): everything but wall-clock."""
    return [{k: v for k, v in r.items() if k not in ("seconds", "round_seconds")} for r in _rows(out / "rounds.jsonl")]


def test_ttrl_run_directory(setup):
    out = setup / "full"
    rounds = _rows(out / "rounds.jsonl")
    assert [r["round"] for r in rounds] == [1, 2]
    for r in rounds:
        s = r["seconds"]
        assert abs(s["sampling"] + s["checking"] + s["training"] + s["other"] - s["total"]) < 1e-2
        assert r["samples_total"]["variants"] > 0 and r["samples_round"]["targets"] > 0
    assert rounds[1]["samples"]["targets"] > rounds[0]["samples"]["targets"]  # cumulative
    targets = _rows(out / "targets.jsonl")
    assert len(targets) == 8 and all(len(t["attempts"]) == 3 for t in targets)
    assert {t["name"] for t in targets if t["solved"]} == set(rounds[-1]["solved"])
    variants = _rows(out / "variants.jsonl")
    assert variants and {v["status"] for v in variants} <= {"untried", "frontier", "unsolved", "mastered", "retired"}
    trained = [r["round"] for r in rounds if r["loss"] is not None]
    for n in trained:
        assert (out / "checkpoints" / f"round-{n}" / "config.json").is_file()
    assert trained, "the tiny model solved nothing: no update was exercised"
    assert (out / "curves.png").stat().st_size > 1000
    cfg = json.loads((out / "config.json").read_text())
    assert cfg["kind"] == "ttrl" and cfg["arm"] == "ttrl" and cfg["targets"] == 8
    # every verdict names its checker: the run's backend (kernel) re-verified each sampler-accepted proof
    samples = _rows(out / "rounds" / "round-001.samples.jsonl")
    verdicts = [v for r in samples for v in r["verdicts"]]
    assert verdicts and {v["checker"] for v in verdicts} == {"kernel"}
    assert all(r["verified"] == sum(v["status"] == "accepted" for v in r["verdicts"]) for r in samples)
    assert {a["checker"] for t in targets for a in t["attempts"]} == {"kernel"}


@pytest.mark.parametrize("arm, extra", [
    # the tiny model never saw a feedback block: the sdpo arm runs past its teacher-gap refusal
    ("ei", []), ("unrelated", []), ("ei-then-ttrl", ["--patience", "1"]), ("sdpo", ["--force"]), ("ttrl", ["--fork"]),
])
def test_each_arm_runs_two_rounds(setup, arm, extra):
    out = setup / f"arm-{arm}{'-fork' if extra == ['--fork'] else ''}"
    res = _ttrl(setup, out, "--arm", arm, *extra)
    assert res.returncode == 0, res.stderr
    rounds = _rows(out / "rounds.jsonl")
    assert [r["round"] for r in rounds] == [1, 2], res.stderr
    assert all(r["arm"] == arm for r in rounds)
    if arm in ("ei", "sdpo"):
        assert all(r["samples"]["variants"] == 0 for r in rounds)
    if arm == "unrelated":
        variants = _rows(out / "variants.jsonl")
        assert variants and all(v["origin"] != v["target"] for v in variants)
    if arm == "ei-then-ttrl":
        assert rounds[0]["phase"] == "ei" and rounds[0]["samples"]["variants"] == 0
    if extra == ["--fork"]:
        trained = [r["round"] for r in rounds if r["loss"] is not None]
        assert trained and any((out / "checkpoints" / f"round-{n}").is_dir() for n in trained)
        assert not (out / "checkpoints" / f"round-{trained[0]}" / "config.json").exists()  # one model per target
    assert "round 2" in res.stderr or arm == "sdpo"


def test_the_last_round_trains_nothing_unless_asked(setup):
    # --rounds 2: round 2's update would train a model no round samples from (its seconds would count against
    # the arm at matched wall-clock for nothing); --final-update trains it anyway
    for extra, last_ran in (((), False), (("--final-update",), True)):
        out = setup / f"last-{bool(extra)}"
        res = _ttrl(setup, out, "--arm", "ei", *extra)
        assert res.returncode == 0, res.stderr
        rounds = _rows(out / "rounds.jsonl")
        assert rounds[0]["update"]["ran"] and rounds[-1]["update"]["ran"] is last_ran, rounds[-1]["update"]
        assert (out / "checkpoints" / "round-2").is_dir() is last_ran
        if not last_ran:
            assert "last round" in rounds[-1]["update"]["why"] and rounds[-1]["round_seconds"]["training"] == 0


def test_replay_rows_train_fewer_tokens_on_the_same_mix(setup):
    # --replay-rows 1: the same update mix (own proofs and replayed ones), one line of each replayed proof trained
    from gentzen.train.sft import SFTConfig, train

    state = setup / "m-state"  # a state-format model: a whole-format proof is one row, so there is nothing to cut
    train(SFTConfig(data=str(setup / "d.jsonl"), out=str(state), preset="tiny", seconds=0, max_steps=200,
                    vocab_size=400, batch_size=8, lr=3e-3, eval_every=0, threads=1, resume=False, format="state"))
    tokens = {}
    for k in ("0", "1"):
        out = setup / f"replay-rows-{k}"
        # one pass over the mix (not 3 steps of it): every record trains, so the tokens compare whole mixes
        res = _ttrl(setup, out, "--arm", "ei", "--model", str(state), "--steps", "0", "--epochs", "1", "--replay-rows", k)
        assert res.returncode == 0, res.stderr
        first = _rows(out / "rounds.jsonl")[0]
        assert first["update"]["ran"] and first["replayed"] > 0, (first["update"], first["solved"], res.stderr[-800:])
        tokens[k] = (first["train_proofs"], first["replayed"], first["train_tokens"])
    assert tokens["1"][:2] == tokens["0"][:2] and 0 < tokens["1"][2] < tokens["0"][2], tokens
    res = _ttrl(setup, setup / "replay-rows-1", "--arm", "ei", "--model", str(state), "--steps", "0", "--epochs", "1",
                "--replay-rows", "2", "--resume")
    assert res.returncode == 2 and "replay_rows 1 -> 2" in res.stderr and "Traceback" not in res.stderr


def test_control_matches_the_ttrl_run(setup):
    out = setup / "control"
    res = _ttrl(setup, out, "--arm", "control", "--match", str(setup / "full"), "--rounds", "4")
    assert res.returncode == 0, res.stderr
    t, c = _rows(setup / "full" / "rounds.jsonl"), _rows(out / "rounds.jsonl")
    assert len(c) == len(t)  # the paired run had 2 rounds: control stops there
    for rt, rc in zip(t, c):
        assert rc["samples_round"]["targets"] == rt["samples_round"]["targets"] + rt["samples_round"]["variants"]
        assert rc["samples"]["targets"] == pytest.approx(rt["samples"]["targets"] + rt["samples"]["variants"], abs=1e-3)
        assert rc["updates"] == 0 and rc["loss"] is None
    assert not (out / "checkpoints").exists()
    rep = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "ttrl", "report", str(setup / "full"), str(out),
                          "--json", "--plot", str(setup / "cmp.png")], capture_output=True, text=True, env=ENV)
    assert rep.returncode == 0, rep.stderr
    got = json.loads(rep.stdout)
    assert [r["arm"] for r in got["runs"]] == ["ttrl", "control"]
    solved_t, solved_c = set(t[-1]["solved"]), set(c[-1]["solved"])
    assert set(got["union"]) == solved_t | solved_c and set(got["intersection"]) == solved_t & solved_c
    assert sorted(got["only"]["ttrl:full - control:control"]) == sorted(solved_t - solved_c)
    assert got["runs"][0]["solved_at_matched"] == len(solved_t)  # both reached the same samples per target
    assert (setup / "cmp.png").stat().st_size > 1000
    table = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "ttrl", "report", str(setup / "full"), str(out)],
                           capture_output=True, text=True, env=ENV)
    assert table.returncode == 0 and "union:" in table.stdout


def _interrupt(root: Path, out: Path, sig: int) -> subprocess.Popen:
    """Start the run and send `sig` once round 2 has sampled 3 of its items (mid-round)."""
    proc = subprocess.Popen(_args(root, out), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    samples, deadline = out / "rounds" / "round-002.samples.jsonl", time.monotonic() + 300
    while time.monotonic() < deadline and proc.poll() is None:
        if samples.is_file() and len(samples.read_text().splitlines()) >= 3:
            proc.send_signal(sig)
            break
        time.sleep(0.01)
    proc.communicate(timeout=120)
    state = json.loads((out / "state.json").read_text())
    assert state["rounds"] == 1, "the signal did not land in round 2"
    return proc


def test_sigkill_mid_round_resumes_to_the_same_rounds(setup):
    out = setup / "killed"
    proc = _interrupt(setup, out, signal.SIGKILL)
    assert proc.returncode == -signal.SIGKILL
    assert len(_rows(out / "rounds.jsonl")) == 1
    again = _ttrl(setup, out)
    assert again.returncode == 2 and "--resume" in again.stderr  # no silent overwrite
    res = _ttrl(setup, out, "--resume")
    assert res.returncode == 0, res.stderr
    assert _decided(out) == _decided(setup / "full")
    strip = lambda rows: [{k: v for k, v in r.items() if k != "attempts"} for r in rows]  # noqa: E731
    assert strip(_rows(out / "targets.jsonl")) == strip(_rows(setup / "full" / "targets.jsonl"))


def test_ctrl_c_stops_after_saving(setup):
    out = setup / "ctrlc"
    proc = _interrupt(setup, out, signal.SIGINT)
    assert proc.returncode == 130
    res = _ttrl(setup, out, "--resume")
    assert res.returncode == 0, res.stderr
    assert _decided(out) == _decided(setup / "full")


@pytest.mark.parametrize("extra, message", [
    (["--arm", "dpo"], "--arm"), (["--budget", "five"], "--budget"), (["--samples", "0"], "--samples"),
    (["--arm", "control", "--match", "/nonexistent"], "--match"), (["--budget", "2x", "--seconds", "9"], "at most one"),
])
def test_bad_options_are_one_line_errors(setup, extra, message):
    res = _ttrl(setup, setup / "bad", *extra)
    assert res.returncode == 2 and message in res.stderr and len(res.stderr.strip().splitlines()) == 1
    assert not (setup / "bad" / "rounds.jsonl").exists()
