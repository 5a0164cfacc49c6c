"""search/names.py: a user's theorem sampled in h1…hn and its proof written back in the user's names."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.theorem import Theorem, parse_theorem
from gentzen.data.generate import GenConfig, generate
from gentzen.search.names import in_user_names, model_names

RECORDS = [r for r in generate(GenConfig(count=60, seed=5, max_lines=12)) if r["proof"]]
POOL = ["hp", "hq", "hpq", "hnq", "h", "h'", "h₁", "hab", "h_1", "h2", "h1", "n1", "x", "hr"]


def test_nothing_to_rename_for_h_names():
    assert model_names(Theorem.from_sequent("P → Q, ¬Q ⊢ ¬P")) is None


def test_renamed_statement_and_map_back():
    thm = parse_theorem("example (p q : Prop) (hpq : p → q) (hnq : ¬q) : ¬p := by")
    renamed, back = model_names(thm)
    assert renamed.statement() == "example (p q : Prop) (h1 : p → q) (h2 : ¬q) : ¬p := by"
    assert back == {"h1": "hpq", "h2": "hnq"}
    assert in_user_names("exact mt h1 h2", back) == "exact mt hpq hnq"


def test_an_atom_named_like_a_premise_is_left_alone():
    assert model_names(parse_theorem("example (h1 q : Prop) (hp : h1) : h1 := by")) is None


def test_a_name_the_proof_introduces_is_moved_out_of_the_way():
    back = {"h1": "hp", "h2": "hq"}
    out = in_user_names("intro hp\nexact h1 hp h2'", back)
    assert out == "intro hp_\nexact hp hp_ h2'"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RECORDS), st.randoms(use_true_random=False))
def test_every_generated_proof_checks_in_the_users_names(rec, rnd):
    # a reference proof in h1…hn, the statement renamed to user names drawn from POOL (some of them
    # h-names in other places, some equal to names the proof introduces): written back, it must check
    canonical = Theorem.from_sequent(rec["sequent"])
    assert check_proof(canonical, rec["proof"]).ok
    names = rnd.sample(POOL, len(canonical.hyps)) if len(canonical.hyps) <= len(POOL) else None
    if not names:
        return
    user = Theorem(canonical.name, canonical.atoms, tuple((n, f) for n, (_, f) in zip(names, canonical.hyps)),
                   canonical.goal)
    plan = model_names(user)
    if plan is None:  # the user's names are h1…hn already
        assert names == [f"h{i + 1}" for i in range(len(names))]
        return
    renamed, back = plan
    assert renamed.statement() == canonical.statement()
    proof = in_user_names(rec["proof"], back)
    assert check_proof(user, proof).ok, (user.statement(), proof)


def test_rename_identifiers_is_whole_word_and_one_pass():
    from gentzen.core.words import rename_identifiers

    text = "exact ⟨h1.1, h12, h1', h₁, Or.inl h1, h2 h1⟩ -- hp✝"
    assert rename_identifiers(text, {"h1": "h2", "h2": "h1", "inl": "x", "hp": "hq"}) == \
        "exact ⟨h2.1, h12, h1', h₁, Or.inl h2, h1 h2⟩ -- hq✝"
    assert rename_identifiers(text, {}) is text
