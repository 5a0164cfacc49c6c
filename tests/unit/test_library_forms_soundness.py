"""Issue 36: `∀ (p : Prop), φ` proved by a `fun` binding the propositions (core/reader/lean_statements.py), `simp` where
it closes the goal (core/steps/simp_closing.py), typed rcases patterns `(h : φ)` (RCasesPatt.typed: isDefEq, then the
written type), Mathlib's root `em` (`alias em := Classical.em`, Mathlib/Logic/Basic.lean) and a bullet around
`t1 <;> t2` (`cdotTk tacticSeqIndentGt`: the bullet's sequence holds the whole combination). Lean's behaviour for
each, and a soundness fuzz: random statements and scripts, every accepted one checked by a truth table.
"""

from __future__ import annotations

import random

from gentzen.core.reader.lean_file import lean_items

from tests.unit.test_library_tactics import _formula, _text, _valid

HEAD = "import Mathlib.Tactic\n\n"


def _judge(src: str):
    [r] = [it.check() for it in lean_items(src) if it.judged]
    return r


def test_root_em_exists_only_with_mathlib():
    src = "example (P : Prop) : ¬¬P → P := by\n  intro h\n  cases em P\n  · assumption\n  · contradiction\n"
    assert _judge(HEAD + src).ok
    r = _judge(src)  # core Lean has only `Classical.em`: never accepted without the import
    assert not r.ok and r.error.kind in ("unknown_identifier", "unsupported"), r.error
    assert _judge("open Classical\n\n" + src).ok  # `Classical.em` through the open namespace
    # with Mathlib and `open Classical` both `_root_.em` and `Classical.em` resolve: Lean's ambiguous overload
    r = _judge(HEAD + "open Classical\n\n" + src)
    assert not r.ok and r.error.kind == "unsupported" and "ambiguous" in r.error.message, r.error


def test_root_em_states_its_argument():
    assert _judge(HEAD + "example (P Q : Prop) : P ∨ ¬P := em P\n").ok
    r = _judge(HEAD + "example (P Q : Prop) : P ∨ ¬P := em Q\n")
    assert not r.ok and r.error.kind == "type_mismatch" and "em Q" in r.error.message, r.error
    # a declaration of the file named `em` is not Mathlib's: never resolved to it
    src = HEAD + "theorem em (p : Prop) : p ∨ ¬p := Classical.em p\n\nexample (P : Prop) : P ∨ ¬P := em P\n"
    rs = [it.check() for it in lean_items(src) if it.judged]
    assert not rs[1].ok and rs[1].error.kind == "unsupported", rs[1].error


def test_bullet_around_all_goals_combinator():
    base = "example (P Q : Prop) (h1 : P → P → Q) (hP : P) : Q ∧ Q := by\n  constructor\n  · apply h1 <;> {}\n" \
           "  · exact h1 hP hP\n"
    assert _judge(base.replace("{}", "assumption")).ok
    assert _judge(base.replace("{}", "assumption").replace("  · ", "  . ")).ok
    # the bullet focuses one goal: the second goal is not reached by `<;>`
    src = "example (P Q : Prop) (hP : P) (hQ : Q) : Q ∧ P := by\n  constructor\n  · constructor <;> assumption\n"
    assert not _judge(src).ok
    # a failure inside is Lean's, at the same place as without the bullet (two columns right)
    bad = "example (P Q : Prop) (h1 : P → P → Q) (hP : Q) : Q := by\n  {}apply h1 <;> assumption\n"
    r1, r2 = _judge(bad.format("")), _judge(bad.format("· "))
    assert not r1.ok and not r2.ok and r1.error.kind == r2.error.kind == "tactic_failed"
    assert r1.error.message == r2.error.message and r2.error.column == r1.error.column + 2, (r1.error, r2.error)
    # the bullet must close its goal (closeUsingOrAdmit): `skip` leaves it open
    r = _judge("example (P : Prop) (hP : P) : P ∧ P := by\n  · constructor <;> skip\n")
    assert not r.ok and r.error.kind == "unsolved_goals", r.error
    # `<;>` starting a line at the block's column combines with the tactic before it in Lean (its trailing parser has
    # no column check): never a parse error here
    r = _judge("example (P Q : Prop) (h1 : P → P → Q) (hP : P) : Q := by\n  apply h1\n  <;> assumption\n")
    assert not r.ok and r.error.kind == "unsupported", r.error
    # the rest of the line after `;` stays in the bullet's block
    assert _judge("example (P : Prop) (hP : P) : P ∧ P := by\n  · constructor <;> skip; exact hP; exact hP\n").ok


def test_simp_closes_with_literal_hypotheses_only():
    # TPiL, Tactics: `simp [*]` with `hp : p` rewrites p to True, then and/or/iff unit and self laws
    assert _judge("example (p q : Prop) (hp : p) : p ∧ q ↔ q := by\n  simp [*]\n").ok
    assert _judge("example (p q r : Prop) (hp : p) (hq : q) : p ∧ (q ∨ r) := by\n  simp [hp, hq]\n").ok
    assert _judge("example (p q : Prop) (hn : ¬q) : p ∨ q ↔ p := by\n  simp [*]\n").ok
    assert _judge("example (p : Prop) : p → p := by\n  simp\n").ok
    for src in ("example (p q r : Prop) (hp : p) (hq : q) : p ∧ r := by\n  simp [*]\n",  # leaves `r`: not modelled
                "example (p q : Prop) (h : p ∧ q) : p := by\n  simp [*]\n",  # a rule other than p = True
                "example (p q : Prop) (hp : p) : q := by\n  simp [hp, and_comm]\n",  # a library lemma
                "example (p : Prop) (hp : p) (hn : ¬p) : False := by\n  simp [*]\n",
                "example (p q : Prop) (hp : p) : p ∧ q ↔ q := by\n  simp only [*]\n"):
        r = _judge(src)
        assert not r.ok and r.error.kind == "unsupported", (src, r.error)


def test_typed_rcases_patterns():
    # Logic and Proof: `obtain ⟨(h2 : A), (h3 : B)⟩ := h1`; the hypothesis carries the written (defeq) type
    src = "example (A B : Prop) : A ∧ B → B ∧ A := by\nintro (h1 : A ∧ B)\nobtain ⟨(h2 : A), (h3 : B) ⟩ := h1\n" \
          "show B ∧ A\nexact ⟨h3, h2⟩\n"
    assert _judge(src).ok
    assert _judge("example (A B : Prop) (h : A ∧ B) : A := by\n  rcases h with (⟨a, b⟩ : A ∧ B)\n  exact a\n").ok
    src = "example (A B : Prop) : ¬A ∧ B → (A → False) := by\n  intro h1\n  obtain ⟨(h2 : A → False), h3⟩ := h1\n  exact {}\n"
    assert _judge(src.format("h2")).ok
    r = _judge(src.format("h3"))
    assert not r.ok and r.error.kind == "type_mismatch", r.error
    for bad in ("obtain ⟨(h2 : B), h3⟩ := h1\n  exact h3", "rcases h1 with (h : A ∧ B)\n  exact h.1"):
        r = _judge(f"example (A B : Prop) (h1 : A ∧ B) : A := by\n  {bad}\n")
        assert not r.ok and r.error.kind == "unsupported", (bad, r.error)


def test_file_lemma_with_premises_in_its_type():
    # Logic and Proof: `theorem and_commute {A B : Prop} : A ∧ B → B ∧ A` then `h2 (and_commute h1)`: elabAppArgs
    # goes on with the conclusion's `→` premises for the extra arguments
    lem = "theorem ac {A B : Prop} : A ∧ B → B ∧ A :=\nfun h ↦ And.intro (And.right h) (And.left h)\n\n"
    def last(src):
        return [it.check() for it in lean_items(lem + src) if it.judged][-1]
    assert last("example (C D E : Prop) (h1 : C ∧ ¬ D) (h2 : ¬ D ∧ C → E) : E := h2 (ac h1)\n").ok
    assert last("example (C D : Prop) (h1 : C ∧ D) : D ∧ C := ac h1\n").ok
    for bad in ("example (C D : Prop) (h1 : C ∧ D) : C ∧ D := ac h1\n", "example (C D : Prop) (h1 : C) : D ∧ C := ac h1\n"):
        r = last(bad)
        assert not r.ok and r.error.kind in ("type_mismatch", "unsupported"), (bad, r.error)


def test_forall_statement_proved_by_fun():
    # TPiL, Propositions and Proofs: `fun {p q : Prop}` takes the `∀ {p q : Prop}` binders, the rest is the proof
    assert _judge("theorem t1 : ∀ {p q : Prop}, p → q → p :=\n  fun {p q : Prop} (hp : p) (hq : q) => hp\n").ok
    assert _judge("theorem t1 : ∀ (p q : Prop), p → q → p :=\n  fun (p q : Prop) (hp : p) (hq : q) => hp\n").ok
    assert _judge("theorem t1 : ∀ a b : Prop, a → b → a :=\n  fun a b : Prop ↦ fun ha : a ↦ fun _ : b ↦ ha\n").ok
    r = _judge("theorem t1 : ∀ {p q : Prop}, p → q → p :=\n  fun {p q : Prop} (hp : p) (hq : q) => hq\n")
    assert not r.ok and r.error.kind == "type_mismatch" and (r.error.line, r.error.column) == (2, 40), r.error
    for src in ("theorem t1 : ∀ {p q : Prop}, p → q → p :=\n  fun {q p : Prop} (hp : p) (hq : q) => hp\n",  # renamed
                "theorem t1 : ∀ (p q : Prop), p → q → p :=\n  fun {p q : Prop} (hp : p) (hq : q) => hp\n",  # bracket
                "theorem t1 (p : Prop) : ∀ (p q : Prop), p → q → p :=\n  fun (p q : Prop) (hp : p) (hq : q) => hp\n"):
        r = _judge(src)
        assert not r.ok and r.error.kind == "unsupported", (src, r.error)


def test_no_false_forall_statement_is_accepted_by_fun():
    rng = random.Random(136)
    accepted = 0
    for _ in range(300):
        a, c = _formula(rng, 2), _formula(rng, 1)
        b = rng.choice((a, c, ("∨", a, c), ("∨", c, a), ("→", c, a)))
        body = rng.choice(("h", "Or.inl h", "Or.inr h", "fun _ => h", "h.elim"))
        src = f"theorem t : ∀ {{p q : Prop}}, {_text(a)} → {_text(b)} :=\n  fun {{p q : Prop}} (h : {_text(a)}) => {body}\n"
        if _judge(src).ok:
            assert _valid([a], b), src
            accepted += 1
    assert accepted >= 20, accepted


def _case(rng):
    a, b, c = _formula(rng, 2), _formula(rng, 1), _formula(rng, 1)
    if rng.random() < 0.5:  # `cases em φ with` and its two alternatives
        g, o = rng.sample((b, c), 2)
        hyps = [("→", a, rng.choice((g, g, o))), ("→", rng.choice((("¬", a), ("¬", a), a)), rng.choice((g, g, o)))]
        script = [f"cases em ({_text(a)}) with", rng.choice(("| inl h => exact h1 h", "| inl h => exact h2 h")),
                  rng.choice(("| inr h => exact h2 h", "| inr h => exact h2 h", "| inr h => exact h1 h"))]
        return hyps, rng.choice((g, g, o)), script
    if rng.random() < 0.3:  # typed rcases patterns, with the hypothesis's own type, a defeq one or another
        hyps = [rng.choice((("∧", a, b), ("∨", a, b), ("∧", ("¬", a), b)))]
        ta = rng.choice((a, b, ("→", a[1], "False") if a[0] == "¬" else a, hyps[0][1]))
        pat = "⟨(x : {}), y⟩" if hyps[0][0] == "∧" else "(x : {}) | y"
        script = [f"rcases h1 with {pat.format(_text(ta))}", rng.choice(("exact x", "exact y", "exact Or.inl x"))]
        if hyps[0][0] == "∨":
            script = script[:1] + ["· exact Or.inl x", "· exact Or.inr y"]
        return hyps, rng.choice((a, b, ta, ("∨", a, b))), script
    if rng.random() < 0.4:  # `simp [*]` / `simp [h1]` / `simp` with literal and other hypotheses
        hyps = [rng.choice(("p", ("¬", "p"), ("¬", "q"), "q", a)), rng.choice(("q", ("¬", "q"), "p", b))]
        return hyps, rng.choice((a, b, c, ("∨", a, "p"), ("↔", a, a))), [rng.choice(("simp [*]", "simp [h1]", "simp"))]
    # `· t1 <;> t2`
    hyps = [rng.choice((("→", a, ("→", c, b)), ("→", a, b), a)), rng.choice((a, c)), rng.choice((a, b, c))]
    script = [rng.choice(("· apply h1 <;> assumption", "· constructor <;> assumption", "· apply h1 <;> exact h2",
                          "· exact h1 <;> skip", "· constructor <;> exact h3"))]
    return hyps, rng.choice((b, ("∧", a, c), ("∧", b, b), ("∧", c, a), a)), script


def test_no_false_statement_is_accepted_with_simp_em_and_bullets():
    rng = random.Random(3636)
    accepted = rejected = 0
    for _ in range(700):
        hyps, goal, script = _case(rng)
        binders = " ".join(f"(h{i + 1} : {_text(h)})" for i, h in enumerate(hyps))
        src = f"{HEAD}example (p q : Prop) {binders} : {_text(goal)} := by\n" + "\n".join("  " + x for x in script) + "\n"
        if _judge(src).ok:
            assert _valid(hyps, goal), src
            accepted += 1
        else:
            rejected += 1
    assert accepted >= 60 and rejected >= 60, (accepted, rejected)
