"""Names bind as Lean binds them, and statements echo as written (issue 19, items 1 and 5).

The false statements of the issue (a second `p` shadowing the first, in the statement and against a
section `variable`) are rejected with Lean's `Type mismatch`, their goals print `p✝` where Lean does,
and `example`, `{}`/`⦃⦄` binders and binder order come back as written.
"""

from __future__ import annotations

import pytest

from gentzen.core.kernel import check_proof, start
from gentzen.core.reader.lean_file import lean_items
from gentzen.core.proof.theorem import StatementSyntaxError, parse_theorem
from gentzen.errors import ParseError

S3 = "theorem s3 (p : Prop) (hp : p) (p : Prop) : p := by"
MISMATCH = "Type mismatch\n  hp\nhas type\n  p✝\nbut is expected to have type\n  p"


def _file(text: str):
    (item,) = [it for it in lean_items(text) if it.judged]
    return item, item.check()


def test_a_shadowed_atom_is_an_atom_of_its_own_tactic_proof():
    res = check_proof(S3, S3 + "\n  exact hp\n")
    assert not res.ok and res.error.kind == "type_mismatch" and res.error.message == MISMATCH
    assert (res.error.line, res.error.column) == (2, 8)


def test_a_shadowed_atom_is_an_atom_of_its_own_term_proof():
    res = check_proof(S3, S3[: -len(" by")] + " hp")
    assert not res.ok and res.error.message == MISMATCH and res.error.column == S3.index(":= by") + 3


def test_the_goal_prints_the_shadowed_atom_as_lean_does():
    assert start(S3).render() == "p✝ : Prop\nhp : p✝\np : Prop\n⊢ p"
    # two shadowed: the newest shadowed one is p✝, the older p✝¹ (LocalContext.sanitizeNames)
    s = start("theorem t (p : Prop) (h1 : p) (p : Prop) (h2 : p) (p : Prop) : p := by")
    assert s.render() == "p✝¹ : Prop\nh1 : p✝¹\np✝ : Prop\nh2 : p✝\np : Prop\n⊢ p"


def test_a_valid_statement_with_shadowing_is_still_proved():
    thm = "theorem t (p : Prop) (hp : p) (p : Prop) : p → p✝ := by"
    with pytest.raises(ParseError):  # `p✝` is no name a user can write
        parse_theorem(thm)
    ok = "theorem t (p : Prop) (hp : p) (p : Prop) (hq : p) : p := by"
    assert check_proof(ok, ok + "\n  exact hq\n").ok
    assert check_proof(S3, S3 + "\n  assumption\n").ok is False  # hp proves p✝, not p


def test_implicit_and_strict_implicit_binders_shadow_too():
    for opener, closer in (("{", "}"), ("⦃", "⦄")):
        thm = f"theorem t {opener}p : Prop{closer} (hp : p) {opener}p : Prop{closer} : p := by"
        res = check_proof(thm, thm + "\n  exact hp\n")
        assert not res.ok and res.error.message == MISMATCH
        assert parse_theorem(thm).statement() == thm  # and they echo as written


def test_a_section_variable_rebound_by_the_declaration():
    text = "section\nvariable (p : Prop)\ntheorem s1 (hp : p) (p : Prop) (hp2 : p) : p := by\n  exact hp\nend\n"
    item, res = _file(text)
    assert not res.ok and res.error.kind == "type_mismatch" and res.error.message == MISMATCH
    assert (res.error.line, res.error.column) == (4, 8)
    assert start(item.parsed).render() == "p✝ : Prop\nhp : p✝\np : Prop\nhp2 : p\n⊢ p"
    good = text.replace("exact hp\n", "exact hp2\n")
    assert _file(good)[1].ok


def test_variables_the_header_rebinds_are_not_included():
    text = ("section\nvariable (p q r : Prop)\ntheorem wrong (p q : Prop) (hpq : p → q) (hp : p) : q := by\n"
            "  exact hpq hp\nend\n")
    item, res = _file(text)
    assert res.ok
    assert item.parsed.statement() == "theorem wrong (p q : Prop) (hpq : p → q) (hp : p) : q := by"
    # the TUI's prove-mode header is this statement (tui/file.py opens parse_theorem(item.theorem))
    assert parse_theorem(item.theorem).statement() == item.parsed.statement()
    assert start(item.parsed).render() == "p q : Prop\nhpq : p → q\nhp : p\n⊢ q"
    # a hypothesis variable is not pulled in by a binder that merely re-uses its name
    item2, _ = _file("section\nvariable (p : Prop) (h : p)\ntheorem t (q : Prop) (h : q) : q := by\n  exact h\nend\n")
    assert item2.parsed.statement() == "theorem t (q : Prop) (h : q) : q := by"


def test_example_echoes_as_example_and_implicit_binders_stay_implicit():
    ex = "example (p q : Prop) (hp : p) (hq : q) : p ∧ q := by"
    assert parse_theorem(ex).statement() == ex
    imp = "theorem t {p q : Prop} (hp : p) (hq : q) : p ∧ q := by"
    assert parse_theorem(imp).statement() == imp
    order = "theorem t (p : Prop) (hp : p) (q : Prop) (hq : q) : p ∧ q := by"
    assert parse_theorem(order).statement() == order
    assert start(order).render() == "p : Prop\nhp : p\nq : Prop\nhq : q\n⊢ p ∧ q"
    assert check_proof(ex, ex + "\n  exact ⟨hp, hq⟩\n").ok


def test_theorem_example_is_leans_parse_error():
    with pytest.raises(StatementSyntaxError, match="^line 1, column 8: unexpected token 'example'; expected identifier$"):
        parse_theorem("theorem example (p : Prop) : p → p := by")
    res = check_proof("theorem t (p : Prop) : p → p := by", "theorem example (p : Prop) : p → p := by\n  intro h\n  exact h\n")
    assert not res.ok and res.error.kind == "parse" and "unexpected token 'example'" in res.error.message
    item, res = _file("\n  theorem example (p : Prop) : p → p := fun h => h\n")
    assert not res.ok and res.error.kind == "parse"
    assert (res.error.line, res.error.column) == (2, 10)


def test_proof_names_that_reuse_an_atom_shadow_it():
    t = "theorem t (p q : Prop) (hp : p) : p → p := by"
    s = start(t).step("  intro p")
    assert s.render() == "p✝ q : Prop\nhp p : p✝\n⊢ p✝"
    assert s.step("  exact hp").solved and s.step("  exact p").solved
    # `p` is now a proof: as a proposition it is Lean's `type expected`, with the atom printed `p✝`
    err = s.step("  have h : p := hp").error
    assert err.kind == "type_mismatch" and err.message == "type expected, got\n  (p : p✝)"
    # `have p : p := …`: the type is read before the name is bound (it means the atom)
    assert start(t).step("  have p : p := hp").render() == "p✝ q : Prop\nhp p : p✝\n⊢ p✝ → p✝"
    box = start(t).step("  have p : p := by")
    assert box.open_goals[0].render() == "p q : Prop\nhp : p\n⊢ p"  # inside the box the name is not bound yet
    assert box.step("    exact hp").settle().render() == "p✝ q : Prop\nhp p : p✝\n⊢ p✝ → p✝"
    u = "theorem u (p q : Prop) (h : p ∨ q) : q ∨ p := by"
    alt = start(u).step("  cases h with").step("  | inl p =>")
    assert alt.open_goals[0].render() == "case inl\np✝ q : Prop\np : p✝\n⊢ q ∨ p✝"
    assert start(u).step("  obtain p | q := h").open_goals[1].render() == "case inr\np q✝ : Prop\nq : q✝\n⊢ q✝ ∨ p"
    assert check_proof(u, u + "\n  cases h with\n  | inl p => exact Or.inr p\n  | inr q => exact Or.inl q\n").ok
