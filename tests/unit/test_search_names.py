"""search/names.py: a user's theorem sampled in h1…hn and its proof written back in the user's names."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.data.generate import GenConfig, generate
from gentzen.core.proof.goals import rename_atoms
from gentzen.core.text.words import rename_identifiers
from gentzen.search.names import MODEL_ATOMS, in_user_names, model_names

RECORDS = [r for r in generate(GenConfig(count=60, seed=5, max_lines=12)) if r["proof"]]
POOL = ["hp", "hq", "hpq", "hnq", "h", "h'", "h₁", "hab", "h_1", "h2", "h1", "n1", "x", "hr"]
ATOMS = ["p", "q", "r", "s", "a", "b", "x", "A", "B", "P", "Q", "R", "S", "p'", "φ"]


def test_nothing_to_rename_for_h_names():
    assert model_names(Theorem.from_sequent("P → Q, ¬Q ⊢ ¬P")) is None


def test_renamed_statement_and_map_back():
    thm = parse_theorem("example (p q : Prop) (hpq : p → q) (hnq : ¬q) : ¬p := by")
    renamed, back = model_names(thm)
    assert renamed.statement() == "example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by"
    assert back == {"P": "p", "Q": "q", "h1": "hpq", "h2": "hnq"}
    assert in_user_names("have : Q ∨ ¬Q := Classical.em Q\nexact mt h1 h2", back) == \
        "have : q ∨ ¬q := Classical.em q\nexact mt hpq hnq"
    hyps_only, back = model_names(thm, atoms=False)
    assert hyps_only.statement() == "example (p q : Prop) (h1 : p → q) (h2 : ¬q) : ¬p := by"
    assert back == {"h1": "hpq", "h2": "hnq"}


def test_atoms_are_renamed_in_binder_order_and_only_when_outside_p_to_s():
    assert model_names(parse_theorem("theorem t (Q P : Prop) (h1 : Q) : Q ∨ P := by")) is None
    # T and U are outside the training data's atoms: renamed, like a and b
    renamed, back = model_names(parse_theorem("theorem t (S T : Prop) (h1 : T) : T ∨ S := by"))
    assert renamed.statement() == "theorem t (P Q : Prop) (h1 : Q) : Q ∨ P := by"
    assert back == {"P": "S", "Q": "T"}
    renamed, back = model_names(parse_theorem("theorem t {b a : Prop} (h1 : a ∧ b) : b := by"))
    assert renamed.statement() == "theorem t {P Q : Prop} (h1 : Q ∧ P) : P := by"
    assert back == {"P": "b", "Q": "a"}
    # a user's atom named like a model atom, elsewhere: one pass each way
    renamed, back = model_names(parse_theorem("theorem t (p P : Prop) (h : p → P) : p → P := by"))
    assert renamed.statement() == "theorem t (P Q : Prop) (h1 : P → Q) : P → Q := by"
    assert in_user_names("intro n1\nexact h1 n1", back) == "intro n1\nexact h n1"
    assert model_names(parse_theorem("theorem t (a b c d e : Prop) (h1 : a) : a := by")) is None  # 5 > P…S


def test_an_atom_named_like_a_premise_is_left_alone():
    assert model_names(parse_theorem("example (h1 q : Prop) (hp : h1) : h1 := by")) is None


def test_a_name_the_proof_introduces_is_moved_out_of_the_way():
    back = {"h1": "hp", "h2": "hq"}
    out = in_user_names("intro hp\nexact h1 hp h2'", back)
    assert out == "intro hp_\nexact hp hp_ h2'"


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(RECORDS), st.randoms(use_true_random=False))
def test_every_generated_proof_checks_in_the_users_names(rec, rnd):
    # a reference proof in h1…hn, the statement renamed to user names drawn from POOL (some of them
    # h-names in other places, some equal to names the proof introduces) and atoms from ATOMS (some
    # model atoms in other places): written back, it must check
    canonical = Theorem.from_sequent(rec["sequent"])
    assert check_proof(canonical, rec["proof"]).ok
    atoms = rnd.sample(ATOMS, len(canonical.atoms))
    free = [n for n in POOL if n not in atoms]  # a premise named like an atom would shadow it
    if len(canonical.hyps) > len(free):
        return
    names = rnd.sample(free, len(canonical.hyps))
    to_user = dict(zip(canonical.atoms, atoms))
    user = Theorem(canonical.name, tuple(atoms), tuple((n, rename_atoms(f, to_user)) for n, (_, f) in
                                                          zip(names, canonical.hyps)), rename_atoms(canonical.goal, to_user))
    plan = model_names(user)
    if plan is None:  # the user's names are h1…hn already, and the atoms P…S (or too many to rename)
        assert names == [f"h{i + 1}" for i in range(len(names))]
        assert set(atoms) <= set(MODEL_ATOMS) or len(atoms) > len(MODEL_ATOMS)
        return
    renamed, back = plan
    # the model's statement is the canonical one with its atoms in binder order P, Q, R, …
    atoms_renamed = not set(atoms) <= set(MODEL_ATOMS) and len(atoms) <= len(MODEL_ATOMS)
    to_model = {c: MODEL_ATOMS[i] for i, c in enumerate(canonical.atoms)} if atoms_renamed else dict(to_user)
    model_proof = rename_identifiers(rec["proof"], to_model)
    assert check_proof(renamed, model_proof).ok, (renamed.statement(), model_proof)
    proof = in_user_names(model_proof, back)
    assert check_proof(user, proof).ok, (user.statement(), proof)


def test_rename_identifiers_is_whole_word_and_one_pass():
    from gentzen.core.text.words import rename_identifiers

    text = "exact ⟨h1.1, h12, h1', h₁, Or.inl h1, h2 h1⟩ -- hp✝"
    assert rename_identifiers(text, {"h1": "h2", "h2": "h1", "inl": "x", "hp": "hq"}) == \
        "exact ⟨h2.1, h12, h1', h₁, Or.inl h2, h1 h2⟩ -- hq✝"
    assert rename_identifiers(text, {}) is text
