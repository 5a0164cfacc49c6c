"""runs/plot_passk_time.py --lineage: successive runs' pass@k chained into one curve, a checkpoint that
was not continued dropped, and each run's `init` row (the model it continued) not counted twice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "runs" / "plot_passk_time.py"


def _run(tmp_path: Path, name: str, rows: list[dict]) -> Path:
    d = tmp_path / name
    d.mkdir()
    (d / "passk_time.json").write_text(json.dumps(rows))
    return d / "passk_time.json"


def test_lineage_chains_runs_and_drops_the_branch_not_continued(tmp_path):
    first = _run(tmp_path, "a", [{"checkpoint": "sft", "seconds": 100.0, "t/guided/pass@64": 0.5},
                                 {"checkpoint": "ei-round-001", "seconds": 150.0, "t/guided/pass@64": 0.6},
                                 {"checkpoint": "ei-round-002", "seconds": 200.0, "t/guided/pass@64": 0.6}])
    # the second run continued ei-round-001, not ei-round-002
    second = _run(tmp_path, "b", [{"checkpoint": "init", "seconds": 150.0, "t/guided/pass@64": 0.6},
                                  {"checkpoint": "sft", "seconds": 250.0, "t/guided/pass@64": 0.8}])
    dest = tmp_path / "out" / "lineage.json"
    r = subprocess.run([sys.executable, str(SCRIPT), "--lineage", str(dest), str(first), str(second)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    rows = json.loads(dest.read_text())
    assert [(x["run"], x["checkpoint"], x["seconds"]) for x in rows] == [
        ("a", "sft", 100.0), ("a", "ei-round-001", 150.0), ("b", "sft", 250.0)]


def test_lineage_without_runs_or_with_a_missing_one_is_a_usage_error(tmp_path):
    for args in (["--lineage", str(tmp_path / "x.json")],
                 ["--lineage", str(tmp_path / "x.json"), str(tmp_path / "nope.json")]):
        r = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)
        assert r.returncode == 2 and r.stderr.startswith("error: --lineage") and "Traceback" not in r.stderr
    assert not (tmp_path / "x.json").exists()
