"""Generator: valid, non-trivial, deduplicated, kernel-verified, split-disjoint, byte-identical."""

from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import parse_sequent
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.generate import GenConfig, dumps, generate, split_of


def _records(seed, **kw):
    return generate(GenConfig(count=40, seed=seed, **kw))


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_byte_identical_for_a_seed(seed):
    assert dumps(_records(seed)) == dumps(_records(seed))


def test_records_valid_verified_distinct():
    recs = _records(7, max_lines=12)
    assert len(recs) == 40
    keys = set()
    for r in recs:
        seq = parse_sequent(r["sequent"], atoms=tuple(r["atoms"]))
        assert seq.valid() and seq.goal not in seq.premises
        # statements declare the atoms they mention (default --declare mentioned)
        assert r["atoms"] == sorted(seq.atoms) and set(r["atoms"]) <= {"P", "Q", "R", "S"}
        thm = parse_theorem(r["theorem"])
        assert thm.atoms == tuple(r["atoms"]) and thm.name == r["name"]
        assert check_proof(thm, r["proof"]).ok and 1 <= r["lines"] <= 12
        assert r["split"] == split_of(seq.canonical())
        keys.add(seq.canonical())
    assert len(keys) == len(recs)


def test_splits_disjoint_on_canonical_statements():
    recs = _records(1) + _records(2) + generate(GenConfig(count=30, seed=3, family="schema"))
    by_key = {}
    for r in recs:
        key = parse_sequent(r["sequent"]).canonical()
        assert by_key.setdefault(key, r["split"]) == r["split"]
    # renaming atoms and reordering premises does not move a statement to another split
    assert split_of(parse_sequent("P → Q, P ⊢ Q").canonical()) == split_of(parse_sequent("R, R → S ⊢ S").canonical())


def test_schema_family_and_options():
    recs = generate(GenConfig(count=20, seed=5, family="schema", atoms=("A", "B", "C")))
    assert all(r["schema"] and set(r["atoms"]) <= {"A", "B", "C"} for r in recs)
    every = generate(GenConfig(count=10, seed=5, atoms=("A", "B", "C"), declare="all"))
    assert all(parse_theorem(r["theorem"]).atoms == ("A", "B", "C") for r in every)
    short = generate(GenConfig(count=20, seed=5, min_lines=3, max_lines=5, premises=(1, 2)))
    assert all(3 <= r["lines"] <= 5 and 1 <= len(parse_theorem(r["theorem"]).hyps) <= 2 for r in short)


def test_generation_stops_when_the_space_is_used_up(monkeypatch):
    # one atom, one premise and a 1-2-line proof: a handful of statements exist, far fewer than asked;
    # without the stall rule the draw would run to the full budget (count * 400 draws)
    import gentzen.data.generate as gen_mod
    monkeypatch.setattr(gen_mod, "STALL_PATIENCE", 2000)
    cfg = GenConfig(count=5000, atoms=("P",), premises=(0, 1), max_depth=1, min_lines=1, max_lines=2, seed=0)
    calls = {"n": 0}
    real = gen_mod._acceptable

    def counting(seq):
        calls["n"] += 1
        return real(seq)

    monkeypatch.setattr(gen_mod, "_acceptable", counting)
    recs = gen_mod.generate(cfg)
    assert 0 < len(recs) < 100
    assert len({r["sequent"] for r in recs}) == len(recs)
    assert calls["n"] < 2000 + 50 * len(recs) + 5000  # stopped by the stall rule, not the 2,000,000-draw budget
