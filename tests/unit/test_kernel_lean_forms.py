"""The forms of issue 22, read as Lean reads them: for each an accepted proof, its false version rejected,
and the goals or messages Lean prints. Sources (Lean 4 core, read through the research search tool):
  `fun x : T =>`        src/Lean/Parser/Term.lean (`basicFun`: `many1 funBinder >> optType >> " =>"`)
  term `have`/`suffices` src/Lean/Parser/Term.lean (`withPosition("have" haveDecl) optSemicolon(term)`),
                        src/Lean/Elab/BuiltinNotation.lean (`suffices` is `have … := b; v`)
  terms over lines      `checkColGt` against the block position `sepByIndent` saves (Parser/Term.lean)
  `apply e`             Lean/Elab/Tactic/ElabTerm.lean (`elabTermForApply`, mayPostpone), Meta/Tactic/Apply.lean
  combinators, `case`   src/Lean/Elab/Tactic/BuiltinTactic.lean (evalFirst, evalAllGoals, evalAnyGoals, evalCase,
                        findTag?, renameInaccessibles, evalTacticSeqBracketed, evalParen, done), src/Init/Tactics.lean
                        (`try` = `first | t | skip`, `repeat`), src/Init/ByCases.lean (`by_cases`: `pos`/`neg`)
  `open Classical`      src/Init/Classical.lean (`em`, `byContradiction`, `byCases`); name resolution ResolveName.lean
  autoImplicit          src/Lean/Elab/Term.lean (`withAutoBoundImplicit`)
  `#guard_msgs`         src/Lean/Elab/GuardMsgs.lean
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gentzen.core.kernel import check_proof, start
from gentzen.core.reader.lean_file import lean_items
from gentzen.core.proof.theorem import parse_theorem

ROOT = Path(__file__).resolve().parents[2]


def chk(stmt: str, body: str, **kw):
    return check_proof(parse_theorem(stmt), body, **kw)


def term(stmt: str, body: str, **kw):
    return check_proof(parse_theorem(stmt), stmt[: -len(" by")] + body, **kw)


AND = "theorem t (p q : Prop) : p ∧ q → q ∧ p := by"


@pytest.mark.parametrize("good,bad", [
    ("\n  fun h : p ∧ q => ⟨h.right, h.left⟩", "\n  fun h : p ∧ q => ⟨h.left, h.right⟩"),
    ("\n  λ h : p ∧ q ↦ ⟨h.2, h.1⟩", "\n  λ h : q ∧ p ↦ ⟨h.1, h.2⟩"),
    ("\n  fun ⟨hp, hq⟩ => ⟨hq, hp⟩", "\n  fun ⟨hp, hq⟩ => ⟨hp, hq⟩"),
])
def test_fun_binder_types_without_parentheses(good, bad):
    assert term(AND, good).ok
    r = term(AND, bad)
    assert not r.ok and r.error.kind == "type_mismatch"


def test_nested_fun_patterns_are_unsupported_not_parse_errors():
    r = term("theorem t (p q r : Prop) : (p ∧ q) ∧ r → p := by", "\n  fun ⟨⟨hp, _⟩, _⟩ => hp")
    assert r.error.kind == "unsupported"
    r = term("theorem t (p q : Prop) : p ∨ q → q ∨ p := by", "\n  fun | .inl h => .inr h | .inr h => .inl h")
    assert r.ok   # read since (test_fun_with_match_alternatives)


HAVE = "theorem t (p q : Prop) (h : p ∧ q) : q ∧ p := by"


@pytest.mark.parametrize("body", [
    "\n  have hp : p := h.left\n  have hq : q := h.right\n  show q ∧ p from And.intro hq hp",
    "\n  have hp : p := h.left\n  suffices hq : q from And.intro hq hp\n  show q from And.right h",
    "\n  have hp : p :=\n    h.left\n  have hq : q := h.right\n  And.intro hq hp",
    "\n  have hp := h.left\n  ⟨h.right, hp⟩",
])
def test_term_mode_have_suffices_show_over_lines(body):
    assert term(HAVE, body).ok
    false = term(HAVE.replace(": q ∧ p", ": q ∧ q"), body)
    assert not false.ok


def test_term_mode_have_body_error_is_at_its_physical_position():
    r = term(HAVE, "\n  have hp : p := h.left\n  have hq : q := h.right\n  And.intro hp hq")
    assert (r.error.kind, r.error.line, r.error.column) == ("type_mismatch", 4, 12)


def test_tactic_term_on_the_next_lines():
    stmt = "theorem t (p q r : Prop) : (p → q) → (q → r) → p → r := by"
    assert chk(stmt, "  intro hpq hqr hp\n  exact\n    hqr (hpq hp)").ok
    assert chk(stmt, "  intro hpq hqr hp\n  apply hqr\n  exact hpq\n    hp").ok
    r = chk(stmt, "  intro hpq hqr hp\n  exact hqr\n    (hpq hqr)")
    assert (r.error.kind, r.error.line, r.error.column) == ("type_mismatch", 4, 9)  # `hqr`, on its own line


def test_a_deeper_tactic_word_is_still_a_parse_error():
    r = chk("theorem t (p : Prop) (h : p) : p := by", "  exact h\n    exact h")
    assert r.error.kind == "parse"


def test_term_have_inside_exact_over_lines():
    stmt = "theorem t (p q r : Prop) : p ∧ (q ∨ r) → (p ∧ q) ∨ (p ∧ r) := by"
    body = ("  intro h\n  exact\n    have hp : p := h.left\n    have hqr : q ∨ r := h.right\n"
            "    hqr.elim (fun hq => Or.inl ⟨hp, hq⟩)\n      (fun hr => Or.{} ⟨hp, hr⟩)")
    assert chk(stmt, body.format("inr")).ok
    r = chk(stmt, body.format("inl"))
    assert (r.error.kind, r.error.line, r.error.column) == ("type_mismatch", 7, 29)


def test_apply_with_implicit_arguments_fixed_by_the_goal():
    assert chk("theorem t (p q : Prop) (hp : p) : p ∨ q := by", "  apply Or.inl hp").ok
    assert chk("theorem t (p q : Prop) (hp : p) (hnp : ¬p) : q := by", "  apply absurd hp hnp").ok
    r = chk("theorem t (p q : Prop) (hq : q) : p ∨ q := by", "  apply Or.inl hq")
    assert not r.ok and r.error.kind == "unsupported"   # Lean: `apply` failed; the kernel does not model it


def test_have_without_type_keeps_leans_error():
    r = chk("theorem t (p q : Prop) (hp : p) : p ∨ q := by", "  have h := Or.inl hp\n  exact h")
    assert r.error.kind == "type_mismatch" and r.error.message.startswith("don't know how to synthesize")


OR = "theorem t (p q : Prop) (hp : p) (hq : q) : p ∧ q := by"


@pytest.mark.parametrize("good,bad", [
    ("  constructor <;> (try assumption)", "  constructor <;> (try exact hp)"),
    ("  constructor\n  case left => exact hp\n  case right => exact hq", "  constructor\n  case left => exact hq"),
    ("  constructor\n  case right => exact hq\n  exact hp", "  constructor\n  case right => exact hp\n  exact hp"),
    ("  constructor\n  next => exact hp\n  next => exact hq", "  constructor\n  next => exact hq\n  next => exact hq"),
    ("  constructor\n  { exact hp }\n  { exact hq }", "  constructor\n  { exact hq }\n  { exact hq }"),
    ("  (constructor; exact hp; exact hq)", "  (constructor; exact hp)"),
    ("  constructor\n  all_goals assumption", "  constructor\n  all_goals exact hp"),
    ("  constructor\n  any_goals exact hp\n  exact hq", "  constructor\n  any_goals exact hp"),
    ("  repeat (first | assumption | constructor)", "  repeat constructor"),
    ("  first | exact hp | constructor\n  exact hp\n  exact hq", "  first | exact hp | exact hq"),
    ("  try exact hq\n  exact ⟨hp, hq⟩", "  try exact ⟨hp, hq⟩\n  exact ⟨hp, hq⟩"),
    ("  exact ⟨hp, hq⟩\n  done", "  constructor\n  done"),
    ("  constructor\n  case left =>\n    exact hp\n  case right =>\n    exact hq",
     "  constructor\n  case left =>\n    exact hq\n  case right =>\n    exact hq"),
])
def test_combinators_and_focusing(good, bad):
    assert chk(OR, good).ok, chk(OR, good).error
    r = chk(OR, bad)
    assert not r.ok and r.error.kind != "unsupported", r


def test_combinator_messages():
    assert chk(OR, "  constructor\n  done").error.message == (
        "unsolved goals\ncase left\np q : Prop\nhp : p\nhq : q\n⊢ p\n\ncase right\np q : Prop\nhp : p\nhq : q\n⊢ q")
    r = chk(OR, "  constructor\n  case foo => exact hp")
    assert r.error.message == "Case tag 'foo' not found.\n\nAvailable tags: 'left', 'right'"
    r = chk(OR, "  exact ⟨hp, hq⟩\n  case foo => exact hp")
    assert r.error.kind == "no_goals"
    r = chk(OR, "  constructor\n  any_goals exact hp\n  any_goals exact hp")
    assert r.error.message == "failed on all goals"
    r = chk(OR, "  constructor\n  case left =>\n    skip")
    assert (r.error.kind, r.error.line, r.error.column) == ("unsolved_goals", 3, 12)  # at `=>` (withCaseRef)


def test_by_cases_goals():
    s = start(parse_theorem("theorem t (p q : Prop) (hq : q) : q := by")).step("by_cases h : p")
    assert s.goals == ["case pos\np q : Prop\nhq : q\nh : p\n⊢ q", "case neg\np q : Prop\nhq : q\nh : ¬p\n⊢ q"]
    s = start(parse_theorem("theorem t (p q : Prop) (hq : q) : q := by")).step("by_cases p")
    assert s.goals[1] == "case neg\np q : Prop\nhq : q\nh✝ : ¬p\n⊢ q"
    s = s.step("case neg hn => exact hq")
    assert s.goals == ["case pos\np q : Prop\nhq : q\nh✝ : p\n⊢ q"]
    assert chk("theorem t (p : Prop) : p ∨ ¬p := by",
               "  by_cases h : p\n  · exact Or.inl h\n  · exact Or.inr h").ok
    assert not chk("theorem t (p : Prop) : p ∨ ¬p := by",
                   "  by_cases h : p\n  · exact Or.inr h\n  · exact Or.inr h").ok


def test_nomatch_on_false():
    assert chk("theorem t (p : Prop) (h : False) : p := by", "  nomatch h").ok
    assert chk("theorem t (p : Prop) (h : p) : p := by", "  nomatch h").error.kind == "unsupported"


def test_open_classical_names_without_a_blanket_downgrade():
    em = "theorem t (p : Prop) : p ∨ ¬p := by"
    assert term(em, " em p", opens=("Classical",)).ok
    assert term(em, " em p").error.kind == "unsupported"            # without the open: not modelled
    r = term("theorem t (p q : Prop) : p ∨ ¬p := by", " em q", opens=("Classical",))
    assert r.error.kind == "type_mismatch"                           # a definite error stays definite
    r = term(em, " foo p", opens=("Classical",))
    assert r.error.kind == "unsupported" and "Unknown identifier `foo`" in r.error.message
    dne = "theorem t (p : Prop) : ¬¬p → p := by"
    assert term(dne, "\n  fun h : ¬¬p => byContradiction (fun hn : ¬p => h hn)", opens=("Classical",)).ok
    peirce = "theorem t (p q : Prop) : ((p → q) → p) → p := by"
    body = "\n  fun h => byCases (fun hp : p => hp) (fun hnp : ¬p => h (fun hp : p => absurd hp hnp))"
    assert term(peirce, body, opens=("Classical",)).ok
    assert not term(peirce.replace("→ p := by", "→ q := by"), body, opens=("Classical",)).ok


def test_file_opens_reach_the_kernel():
    items = lean_items("section\nopen Classical\nvariable (p : Prop)\nexample : p ∨ ¬p := em p\nend\n"
                       "open Nat\nexample (q : Prop) (h : q) : q := h\n")
    assert [it.check().ok for it in items] == [True, True]
    assert items[1].opens == ("Nat",) and items[1].caveat is None


def test_auto_bound_implicit_atoms():
    items = lean_items("example : ¬(a ↔ ¬a) :=\n  fun h => have hna : ¬a := fun ha => h.mp ha ha\n    hna (h.mpr hna)\n"
                       "example (h : A) : A := h\n"
                       "theorem t2 (h : A ∧ B) : B ∧ A := ⟨h.1, h.2⟩\n")
    a, sort_u, false = (it.check() for it in items)
    assert a.ok
    assert sort_u.error.kind == "unsupported" and "Sort u_1" in sort_u.error.message
    assert false.error.kind == "type_mismatch"
    assert items[2].theorem.startswith("theorem t2 {A : Prop} {B : Prop} (h : A ∧ B)")


def test_guard_msgs_is_the_verdict():
    doc = "/--\nerror: Type mismatch\n  h\nhas type\n  A\nbut is expected to have type\n  B\n-/\n#guard_msgs in\n"
    good, = lean_items(doc + "example (A B : Prop) (h : A) : B := by\n  exact h\n")
    # the file passes in Lean, but the declaration is no theorem: never `ok` (issue 38)
    r = good.check()
    assert not r.ok and r.error.kind == "expected_error" and "Type mismatch" in r.error.message
    wrong, = lean_items(doc + "example (A B : Prop) (h : B) : B := by\n  exact h\n")
    r = wrong.check()
    assert r.error.kind == "guard_msgs" and "(no messages)" in r.error.message
    several, = lean_items("/--\nerror: x\n---\nerror: y\n-/\n#guard_msgs in\nexample (A : Prop) (h : A) : A := h\n")
    assert several.check().error.kind == "unsupported"


def test_project_lean_files_verify():
    for path in sorted((ROOT / "lean" / "GentzenTest").glob("*.lean")):
        bad = [(it.name, it.check().error) for it in lean_items(path.read_text(encoding="utf-8"))
               if it.judged and not it.check().ok and it.check().error.kind != "expected_error"]
        assert not bad, (path.name, bad)


def test_cases_on_a_term_generalizes_it():
    t = "theorem t (p q : Prop) (h : p → q) : ¬p ∨ q := by"
    good = "  cases Classical.em p with\n  | inl hp => exact Or.inr (h hp)\n  | inr hnp => exact Or.inl hnp"
    assert chk(t, good).ok
    assert not chk(t, good.replace("Or.inl hnp", "Or.inr hnp")).ok
    s = start(parse_theorem(t)).step("cases (Classical.em p)")
    assert s.goals == ["case inl\np q : Prop\nh : p → q\nh✝ : p\n⊢ ¬p ∨ q", "case inr\np q : Prop\nh : p → q\nh✝ : ¬p\n⊢ ¬p ∨ q"]


def test_field_notation_on_a_compound_term():
    t = "theorem t (p q r : Prop) : p ∧ (q ∨ r) → (p ∧ q) ∨ (p ∧ r) := by"
    body = "\n  fun h => h.2.elim (fun hq => Or.inl ⟨h.1, hq⟩) (fun hr => Or.{} ⟨h.1, hr⟩)"
    assert term(t, body.format("inr")).ok
    assert term(t, body.format("inl")).error.kind == "type_mismatch"
    t2 = "theorem t (p q r : Prop) (h : p → q ∨ r) (hp : p) : r ∨ q := by"
    assert chk(t2, "  exact (h hp).elim Or.inr Or.inl").ok


def test_or_intro_left_with_a_hole():
    t = "theorem t (p q : Prop) (hp : p) : p ∨ q := by"
    assert chk(t, "  exact Or.intro_left _ hp").ok and chk(t, "  exact Or.intro_left q hp").ok
    assert chk(t, "  exact Or.intro_right _ hp").error.kind == "type_mismatch"


def test_intro_with_a_type():
    t = "theorem t (p q : Prop) : ¬p → p → q := by"
    assert start(parse_theorem(t)).step("intro (h : p → False)").goals == ["p q : Prop\nh : p → False\n⊢ p → q"]
    assert chk(t, "  intro (h : ¬p)\n  intro (hp : p)\n  exact absurd hp h").ok
    r = chk(t, "  intro (h : ¬p)\n  intro (hp : q)")
    assert r.error.message == "type mismatch at `intro hp`\nhas type\n  p\nbut is expected to have type\n  q"


def test_statements_quantified_over_propositions():
    text = ("theorem a : ∀ (p q : Prop), p ∧ q → q ∧ p := by\n  intro x y h\n  exact ⟨h.2, h.1⟩\n"
            "theorem b : ∀ p q : Prop, p ∧ q → q ∧ p := by\n  intro x y\n  intro h\n  exact ⟨h.1, h.2⟩\n"
            "theorem c : ∀ (p q : Prop), p ∧ q → q ∧ p := by\n  intro p q h\n  skip\n")
    a, b, c = lean_items(text)
    assert a.check().ok
    assert b.check().error.kind == "type_mismatch"
    e = c.check().error
    assert (e.kind, e.line, e.column) == ("unsolved_goals", 8, 45)   # at the file's own `by`
    assert e.message == "unsolved goals\np q : Prop\nh : p ∧ q\n⊢ q ∧ p"
    other, = lean_items("theorem d : ∀ (p : Prop), p → p := by\n  exact fun p hp => hp\n")
    assert other.check().error.kind == "unsupported"    # the bound proposition is not introduced first


def test_apply_with_some_arguments_leaves_the_rest_as_goals():
    t = parse_theorem("theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by")
    assert start(t).step("apply Or.elim h").goals == ["case left\np q : Prop\nh : p ∨ q\n⊢ p → q ∨ p",
                                                      "case right\np q : Prop\nh : p ∨ q\n⊢ q → q ∨ p"]
    body = "  apply Or.elim h\n  · intro hp\n    exact Or.{}\n  · intro hq\n    exact Or.inl hq"
    assert check_proof(t, body.format("inr hp")).ok
    assert check_proof(t, body.format("inl hp")).error.kind == "type_mismatch"
    t2 = parse_theorem("theorem t (p q : Prop) (hp : p) (hnp : ¬p) : q := by")
    assert start(t2).step("apply absurd hp").goals == ["p q : Prop\nhp : p\nhnp : ¬p\n⊢ ¬p"]


def test_a_refused_import_makes_only_name_and_syntax_errors_unsupported():
    text = ("import Mathlib.Logic.Basic\n"
            "example (p : Prop) (h : ¬¬p) : p := not_not.mp h\n"
            "example (p q : Prop) (h : p) : q := h\n"
            "example (p : Prop) (h : p) : p := by\n  tauto_like\n")
    items = [it for it in lean_items(text) if it.judged]
    kinds = [it.check().error.kind for it in items]
    assert kinds == ["unsupported", "type_mismatch", "unsupported"]


def test_pattern_have_and_multiline_braces_are_unsupported_not_parse_errors():
    t = "theorem t (p q : Prop) (h : p ∧ q) : p := by"
    assert chk(t, "  have ⟨a, b⟩ := h\n  exact a").error.kind == "unsupported"
    assert chk(t, "  have a : p := by {\n    exact h.1\n  }\n  exact a").error.kind == "unsupported"


def test_specialize_and_rename_i():
    t = parse_theorem("theorem t (p q r : Prop) (h : p → q → r) (hp : p) (hq : q) : r := by")
    s = start(t).step("specialize h hp")
    assert s.goals == ["p q r : Prop\nhp : p\nhq : q\nh : q → r\n⊢ r"]
    assert check_proof(t, "  specialize h hp hq\n  exact h").ok
    assert check_proof(t, "  specialize h hq").error.kind == "type_mismatch"
    t2 = parse_theorem("theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by")
    body = "  cases h\n  · rename_i hp\n    exact Or.inr hp\n  · rename_i hq\n    exact Or.{} hq"
    assert check_proof(t2, body.format("inl")).ok
    assert check_proof(t2, body.format("inr")).error.kind == "type_mismatch"


def test_auto_implicit_follows_set_option():
    text = ("set_option autoImplicit false in\nexample (h : A ∧ B) : B ∧ A := ⟨h.2, h.1⟩\n"
            "section\nset_option autoImplicit false\nexample (h : A ∧ B) : B ∧ A := ⟨h.2, h.1⟩\nend\n"
            "example (h : A ∧ B) : B ∧ A := ⟨h.2, h.1⟩\n")
    a, b, c = (it.check() for it in lean_items(text))
    assert (a.error.kind, a.error.line, a.error.column, a.error.message) == (
        "unknown_identifier", 2, 13, "Unknown identifier `A`")
    assert b.error.kind == "unknown_identifier" and c.ok


def test_a_local_named_like_a_rejected_theorem_is_not_a_citation():
    text = ("theorem hp (p : Prop) (h : p) : p ∧ p := ⟨h, h.1⟩\n"
            "example (q : Prop) : q → q := by\n  intro hp\n  exact hp\n")
    bad, ok = lean_items(text)
    assert not bad.check().ok and ok.check().ok


def test_an_ambiguous_name_under_two_opens_is_unsupported():
    r = term("theorem t (p : Prop) (h : False) : p := by", " elim h", opens=("False", "Not"))
    assert r.error.kind == "unsupported" and "ambiguous" in r.error.message
    assert term("theorem t (p : Prop) (h : False) : p := by", " elim h", opens=("False",)).ok


def test_term_mode_match():
    t = "theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by"
    body = "\n  match h with\n  | Or.inl hp => Or.inr hp\n  | .inr hq => Or.{} hq"
    assert term(t, body.format("inl")).ok
    r = term(t, body.format("inr"))
    assert (r.error.kind, r.error.line) == ("type_mismatch", 4)
    assert term(t, "\n  match h with\n  | Or.inl hp => Or.inr hp").error.kind == "unsupported"  # a missing case
    t2 = "theorem t (p q : Prop) (h : p ∧ q) : q ∧ p := by"
    assert term(t2, "\n  match h with\n  | ⟨hp, hq⟩ => ⟨hq, hp⟩").ok
    assert chk(t, "  exact match h with\n    | Or.inl hp => Or.inr hp\n    | Or.inr hq => Or.inl hq").ok


def test_semicolon_inside_a_term_have_belongs_to_the_term():
    t = "theorem t (p q : Prop) (h : p ∨ q) : q ∨ p := by"
    assert chk(t, "  exact have x : q ∨ p := h.elim Or.inr Or.inl; x").ok
    assert chk(t, "  exact have x : p ∨ q := h; x").error.kind == "type_mismatch"
    assert chk(t, "  have x : q ∨ p := h.elim Or.inr Or.inl; exact x").ok   # a tactic `have`: `;` separates
    r = chk(t, "  exact match h with\n    | Or.inl hp => Or.inr hp\n    | Or.inr hq => Or.inl hq", strict_nd=True)
    assert r.error.kind == "unsupported" and "strict_nd" in r.error.message


def test_fun_with_match_alternatives():
    t = "theorem t (p q : Prop) : p ∨ q → q ∨ p := by"
    assert term(t, " fun | .inl h => .inr h | .inr h => .inl h").ok
    assert term(t, " fun | .inl h => .inl h | .inr h => .inl h").error.kind == "type_mismatch"
    assert term(t, " fun | .inl (.inl h) => h").error.kind == "unsupported"
