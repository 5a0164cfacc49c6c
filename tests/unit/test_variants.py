"""Variants: valid, consistent, non-trivial, deduplicated by (premise set, goal), with chains."""

from hypothesis import given, settings, strategies as st

from gentzen.core.logic.sequent import parse_sequent
from gentzen.data.generate import GenConfig, generate
from gentzen.data.variants import KINDS, report, variants

TARGETS = generate(GenConfig(count=12, seed=11, min_lines=5, max_lines=14))


@settings(max_examples=12, deadline=None)
@given(st.sampled_from(TARGETS))
def test_every_variant_valid_and_distinct(rec):
    seq = parse_sequent(rec["sequent"], atoms=tuple(rec["atoms"]))
    vs = variants(seq, target=rec["name"])
    keys = set()
    for v in vs:
        s = parse_sequent(v["sequent"], atoms=tuple(v["atoms"]))
        assert s.valid() and s.goal not in s.premises
        key = (frozenset(s.premises), s.goal)
        assert key not in keys and key != (frozenset(seq.premises), seq.goal)
        keys.add(key)
        assert v["target"] == rec["name"] and v["kind"] in KINDS and 1 <= len(v["chain"]) <= 2


def test_lemma_cut_pairs_and_report():
    seq = parse_sequent("P → Q, Q → R, P ⊢ R")
    vs = variants(seq, depth=1)
    texts = {v["sequent"] for v in vs}
    assert "P → Q, Q → R, P ⊢ Q" in texts and "P → Q, Q → R, P, Q ⊢ R" in texts
    rep = report({"t": vs})
    assert rep["per_target"]["min"] == len(vs) and abs(sum(rep["kinds"].values()) - 1) < 0.01
