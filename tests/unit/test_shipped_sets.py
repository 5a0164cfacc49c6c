"""Every shipped reference proof passes the kernel; the sets are complete and consistent."""

import pytest

from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import parse_sequent
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.sets import build_item, list_sets, load_set, set_paths

ITEMS = [(name, it) for name in set_paths() for it in load_set(name)]


def test_sizes():
    sizes = {r["set"]: r["items"] for r in list_sets()}
    assert sizes["pelletier"] == 17 and sizes["textbook"] >= 60


@pytest.mark.parametrize("name,item", ITEMS, ids=[it["name"] for _, it in ITEMS])
def test_reference_proof_checks(name, item):
    thm = parse_theorem(item["theorem"])
    assert thm.sequent.goal == parse_sequent(item["sequent"]).goal
    assert item["source"] and item["proof"]
    assert check_proof(thm, item["proof"]).ok
    assert item["lines"] == len(item["proof"].split("\n"))


def test_build_is_deterministic():
    for _, it in ITEMS[::15]:
        assert build_item(it) == it
