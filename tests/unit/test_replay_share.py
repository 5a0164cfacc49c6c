"""The replayed share of an update's mix per ttrl arm, as the source sets it (EI ~90%: 20,000 of ~22k; TTRL
about 33–40%), an explicit --replay-share over it, and the mix it makes."""

from __future__ import annotations

import pytest

from pathlib import Path

from gentzen.errors import InputError
from gentzen.train.replay import ReplaySource
from gentzen.ttrl.config import REPLAY_SHARE, TTRLConfig, check_config, replay_share_of

SHIPPED = Path(__file__).resolve().parents[2] / "py" / "gentzen" / "assets" / "default_model"


def test_each_arm_gets_its_sources_share_unless_one_is_given():
    assert replay_share_of(TTRLConfig(arm="ei")) == 0.9
    for arm in ("ttrl", "unrelated", "ei-then-ttrl"):
        assert 0.33 <= replay_share_of(TTRLConfig(arm=arm)) <= 0.40
    assert replay_share_of(TTRLConfig(arm="ttrl", replay_share=0.5)) == 0.5
    assert replay_share_of(TTRLConfig(arm="ei", replay_share=0.0)) == 0.0  # no replay, asked for
    assert set(REPLAY_SHARE) >= {"ttrl", "ei", "control", "unrelated", "ei-then-ttrl", "sdpo", "grpo"}


def test_the_share_sizes_the_mix():
    pool = [{"theorem": f"r{i}", "proof": "p"} for i in range(1000)]
    own = [{"theorem": f"o{i}", "proof": "p"} for i in range(20)]
    for arm, replayed in (("ei", 180), ("ttrl", 11)):  # 20 × 0.9/0.1; 20 × 0.35/0.65 = 10.8
        recs, k = ReplaySource("x", 0, replay_share_of(TTRLConfig(arm=arm)), pool).mix(own, 0)
        assert k == replayed and len(recs) == 20 + replayed


@pytest.mark.parametrize("share", [-0.5, 1.0])
def test_a_share_out_of_range_is_refused(tmp_path, share):
    t = tmp_path / "t.jsonl"
    t.write_text('{"theorem": "P ⊢ P"}\n')
    with pytest.raises(InputError, match="replay-share"):
        check_config(TTRLConfig(theorems=str(t), out=str(tmp_path / "o"), replay_share=share,
                                model=str(SHIPPED)))
