"""--report-to: a run's JSONL logs mirrored into TensorBoard / wandb (offline) with the libraries' writers,
read back with the libraries; the record stays the JSONL. Skipped (with the reason) without a library."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gentzen.errors import InputError
from gentzen.tracker import check_report_to, open_tracker, scalars

ROUNDS = [{"round": 1, "loss": 0.5, "solved": ["a"], "samples": {"targets": 4.0}, "seconds": {"total": 1.5}, "ok": True},
          {"round": 2, "loss": 0.25, "solved": ["a", "b"], "samples": {"targets": 8.0}, "seconds": {"total": 3.0}, "ok": False}]


def _write(path: Path, recs: list[dict], torn: str = "") -> None:
    with open(path, "a", encoding="utf-8") as f:
        f.write("".join(json.dumps(r) + "\n" for r in recs) + torn)


def test_scalars_flatten_numbers_and_leave_out_the_rest():
    assert scalars(ROUNDS[0]) == {"round": 1.0, "loss": 0.5, "samples/targets": 4.0, "seconds/total": 1.5, "ok": 1.0}


def test_unknown_tracker_is_an_input_error():
    with pytest.raises(InputError, match="--report-to 'mlflow'"):
        check_report_to("mlflow")
    assert open_tracker("none", "/nonexistent", {}) is None


def test_tensorboard_event_files_read_back(tmp_path):
    pytest.importorskip("tensorboard", reason="the tensorboard extra is not installed")
    pytest.importorskip("torch", reason="TensorBoard's writer is torch's SummaryWriter (train extra)")
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    log = tmp_path / "rounds.jsonl"
    tracker = open_tracker("tensorboard", tmp_path, {"rounds": ("rounds.jsonl", "round")})
    _write(log, ROUNDS[:1], torn='{"round": 2, "lo')  # a torn line waits until it is complete
    tracker.poll()
    log.write_text(json.dumps(ROUNDS[0]) + "\n" + json.dumps(ROUNDS[1]) + "\n")
    tracker.close()
    acc = EventAccumulator(str(tmp_path / "tensorboard"))
    acc.Reload()
    assert "rounds/loss" in acc.Tags()["scalars"]
    assert [(e.step, e.value) for e in acc.Scalars("rounds/loss")] == [(1, 0.5), (2, 0.25)]
    assert [e.value for e in acc.Scalars("rounds/samples/targets")] == [4.0, 8.0]


def test_wandb_offline_run_reads_back(tmp_path, monkeypatch):
    pytest.importorskip("wandb", reason="the wandb extra is not installed")
    monkeypatch.setenv("WANDB_MODE", "offline")
    monkeypatch.setenv("WANDB_DIR", str(tmp_path))
    _write(tmp_path / "rounds.jsonl", ROUNDS)
    tracker = open_tracker("wandb", tmp_path, {"rounds": ("rounds.jsonl", "round")})
    tracker.close()
    files = list((tmp_path / "wandb").glob("offline-run-*/run-*.wandb"))
    assert len(files) == 1
    history = _wandb_history(files[0])
    assert [(h["rounds/step"], h["rounds/loss"]) for h in history] == [(1, 0.5), (2, 0.25)]


def _wandb_history(path: Path) -> list[dict]:
    """The history rows of an offline wandb run file: its records (a LevelDB-style log after a 7-byte
    `:W&B` header, 32 KiB blocks, 7-byte chunk headers) parsed with wandb's own protobuf schema."""
    import struct

    from wandb.proto import wandb_internal_pb2

    data = path.read_bytes()
    assert data[:4] == b":W&B"
    pos, block, payload, rows = 7, 32768, b"", []
    while pos + 7 <= len(data):
        if block - pos % block < 7:  # a block's tail too short for a header is padding
            pos += block - pos % block
            continue
        _crc, length, kind = struct.unpack("<IHB", data[pos:pos + 7])
        payload += data[pos + 7:pos + 7 + length]
        pos += 7 + length
        if kind in (1, 4):  # FULL or LAST: one record is complete
            rec = wandb_internal_pb2.Record()
            rec.ParseFromString(payload)
            payload = b""
            if rec.WhichOneof("record_type") == "history":
                row = {item.key or "/".join(item.nested_key): json.loads(item.value_json) for item in rec.history.item}
                rows.append({k: v for k, v in row.items() if k.startswith("rounds/")})
        elif kind == 0:
            break
    return rows


def _cli(*args: str, extra_path: str = ""):
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(x for x in (str(root / "py"), extra_path) if x),
               OMP_NUM_THREADS="1", GENTZEN_THREADS="1", WANDB_MODE="offline")
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *args], capture_output=True, text=True,
                          timeout=300, env=env)


def test_cli_report_to_mistakes_are_one_line_errors(tmp_path):
    pytest.importorskip("torch", reason="train sft needs the train extra")
    from gentzen.train.samples import write_jsonl

    data = write_jsonl(tmp_path / "data.jsonl")
    r = _cli("train", "sft", "--data", str(data), "--out", str(tmp_path / "m"), "--max-steps", "1",
             "--report-to", "mlflow")
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert r.returncode == 2 and len(lines) == 1 and "--report-to 'mlflow'" in lines[0], r.stderr


def test_cli_train_sft_writes_tensorboard_events_of_its_log(tmp_path):
    tb = pytest.importorskip("tensorboard", reason="the tensorboard extra is not installed")
    pytest.importorskip("torch", reason="train sft needs the train extra")
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator

    from gentzen.train.samples import write_jsonl

    data = write_jsonl(tmp_path / "data.jsonl")
    out = tmp_path / "m"
    r = _cli("train", "sft", "--data", str(data), "--out", str(out), "--preset", "tiny", "--seconds", "0",
             "--max-steps", "4", "--vocab-size", "400", "--eval-every", "0", "--report-to", "tensorboard",
             extra_path=str(Path(tb.__file__).parents[1]))
    assert r.returncode == 0, r.stderr[-2000:]
    log = [json.loads(x) for x in (out / "log.jsonl").read_text().splitlines()]
    acc = EventAccumulator(str(out / "tensorboard"))
    acc.Reload()
    steps = [x for x in log if "loss" in x and "step" in x]
    assert steps and [(e.step, round(e.value, 5)) for e in acc.Scalars("sft/loss")] == \
        [(x["step"], round(x["loss"], 5)) for x in steps]
