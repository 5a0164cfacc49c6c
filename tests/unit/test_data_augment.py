"""Augmentation: renamed and one-line records keep their proofs' shape and every one verifies."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.augment import augment, main, one_liners, renamed
from gentzen.data.generate import GenConfig, generate
from gentzen.train.samples import records

GEN = generate(GenConfig(count=40, seed=5))


def test_renamed_records_verify_and_use_new_names():
    rng = random.Random(0)
    for rec in records() + GEN:
        new = renamed(rec, rng)
        assert new is not None, rec["name"]
        assert check_proof(new["theorem"], new["proof"]).ok
        old_t, new_t = parse_theorem(rec["theorem"]), parse_theorem(new["theorem"])
        assert len(new_t.atoms) == len(old_t.atoms) and len(new_t.hyps) == len(old_t.hyps)
        assert not {h for h, _ in new_t.hyps} & {h for h, _ in old_t.hyps}  # h1, h2 … are all gone
        assert new["proof"].count("\n") == rec["proof"].count("\n") and new["split"] == rec["split"]
        assert re.sub(r"[A-Za-z_][A-Za-z0-9_']*", "x", new["proof"]) == re.sub(r"[A-Za-z_][A-Za-z0-9_']*", "x", rec["proof"])


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, len(GEN) - 1))
def test_every_augmented_record_verifies(seed, i):
    rng = random.Random(seed)
    made = [r for r in [renamed(GEN[i], rng)] + one_liners(GEN[i], rng) if r is not None]
    assert made
    for r in made:
        assert check_proof(r["theorem"], r["proof"]).ok, r


def test_one_liners_cover_premise_goal_true_and_false():
    rng = random.Random(1)
    kinds = {r["augment"]: r for rec in records() for r in one_liners(rec, rng)}
    assert set(kinds) == {"premise_goal", "true_goal", "false_premise"}
    assert kinds["premise_goal"]["proof"].strip().startswith("exact h") and kinds["premise_goal"]["lines"] == 1
    assert parse_theorem(kinds["true_goal"]["theorem"]).goal is not None


def test_augment_keeps_every_record_and_the_cli_writes_jsonl(tmp_path):
    from gentzen.train.samples import write_jsonl

    out = list(augment(records(), seed=0, rename_share=1.0, one_line_share=1.0))
    assert [r for r in out if "augment" not in r] == records()
    src = write_jsonl(tmp_path / "in.jsonl")
    assert main([str(src), str(tmp_path / "out.jsonl"), "--rename", "1", "--one-line", "0"]) == 0
    assert len((tmp_path / "out.jsonl").read_text().splitlines()) == 2 * len(records())
