"""runs/experiments/ttrl_variant_rates.py: the issue-21 (b) sanity check reads a ttrl run's per-round rates."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "runs" / "experiments" / "ttrl_variant_rates.py"


def test_rates_of_variants_sampled_again_and_the_targets_share(tmp_path):
    run = tmp_path / "ttrl"
    run.mkdir()
    rounds = [
        {"round": 1, "rates": {"t1": 0.0, "t1_v0001": 0.25, "t1_v0002": 0.0, "t1_v0003": 0.0},
         "samples": {"targets": 8.0, "variants": 24.0}},
        {"round": 2, "rates": {"t1": 0.0, "t1_v0001": 0.75, "t1_v0002": 0.0, "t1_v0003": 0.5},
         "samples": {"targets": 16.0, "variants": 48.0}},
    ]
    (run / "rounds.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rounds))
    out = json.loads(subprocess.run([sys.executable, str(SCRIPT), str(run)], capture_output=True, text=True,
                                    check=True).stdout)["ttrl"]
    assert out["variants"] == 3 and out["variants_never_solved"] == 1  # v0002
    assert out["share_of_samples_on_targets"] == 0.25
    assert out["variants_sampled_again"] == {"n": 3, "rate_first": round(0.25 / 3, 3), "rate_last": round(1.25 / 3, 3),
                                             "up": 2, "down": 0}
    assert out["trained_variants_next_round"] == [{"rounds": [1, 2], "variants": 1, "rate_before": 0.25,
                                                   "rate_after": 0.75}]


def test_usage_without_arguments():
    r = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True)
    assert r.returncode == 1 and "Usage" in r.stderr
