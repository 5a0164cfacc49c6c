/-!
# Gentzen.ND: the natural-deduction rules by their textbook names

`import Gentzen.ND` (the one import gentzen's kernel allows in a proof file) gives

* each rule of the table in `docs/proof-language.md` as a theorem proved in Lean core,
  `Gentzen.ND.and_intro h1 h2`, `Gentzen.ND.imp_elim h a`, …, and
* the rule names as tactics, macros over core tactics, so a Fitch-style proof reads rule by rule:
  `and_intro` is `constructor`, `imp_intro x` is `intro x`, `or_elim h with x y` is
  `rcases h with x | y`, … The goals after a macro are exactly those of the core tactic it stands
  for; `lean/GentzenTest/ND.lean` checks each macro against it.

The kernel's copy of the macro table is `gentzen/core/nd.py` (`TACTIC_MACROS`, `THEOREM_TWINS`);
`tests/lean/test_lean_sources.py` checks that both name the same macros and theorems.
Core Lean only; not compiled on the machine that wrote it (no toolchain there): see docs/lean.md.

The theorems come first: a `macro "and_intro"` makes `and_intro` a keyword, so the theorem of the
same name must be declared before it (its full name `Gentzen.ND.and_intro` stays usable).
-/

namespace Gentzen.ND

-- rule: hypothesis / reiteration
theorem reit {a : Prop} (h : a) : a := h

-- rule: →E (MP)
theorem imp_elim {a b : Prop} (h : a → b) (ha : a) : b := h ha

-- rule: ¬I
theorem not_intro {a : Prop} (h : a → False) : ¬a := h

-- rule: ¬E
theorem not_elim {a : Prop} (hn : ¬a) (ha : a) : False := hn ha

-- rule: ⊥E (EFQ)
theorem efq {a : Prop} (h : False) : a := h.elim

-- rule: ∧I
theorem and_intro {a b : Prop} (left : a) (right : b) : a ∧ b := ⟨left, right⟩

-- rule: ∧E
theorem and_elim_left {a b : Prop} (h : a ∧ b) : a := h.1
theorem and_elim_right {a b : Prop} (h : a ∧ b) : b := h.2

-- rule: ∨I
theorem or_intro_left {a b : Prop} (h : a) : a ∨ b := Or.inl h
theorem or_intro_right {a b : Prop} (h : b) : a ∨ b := Or.inr h

-- rule: ∨E
theorem or_elim {a b c : Prop} (h : a ∨ b) (left : a → c) (right : b → c) : c := h.elim left right

-- rule: →/¬ MT
theorem modus_tollens {a b : Prop} (h : a → b) (hn : ¬b) : ¬a := fun ha => hn (h ha)

-- rule: RAA
theorem raa {a : Prop} (h : ¬a → False) : a := Classical.byContradiction h

-- rule: ¬¬E
theorem dne {a : Prop} (h : ¬¬a) : a := Classical.byContradiction h

-- rule: ↔I
theorem iff_intro {a b : Prop} (mp : a → b) (mpr : b → a) : a ↔ b := ⟨mp, mpr⟩

-- rule: ↔E
theorem iff_elim_left {a b : Prop} (h : a ↔ b) (ha : a) : b := h.mp ha
theorem iff_elim_right {a b : Prop} (h : a ↔ b) (hb : b) : a := h.mpr hb

-- rule: LEM
theorem lem (a : Prop) : a ∨ ¬a := Classical.em a

-- rule: DS
theorem disj_syll {a b : Prop} (h : a ∨ b) (na : ¬a) : b := h.resolve_left na

-- rule: ⊤I
theorem true_intro : True := trivial

/-! ## The rule names as tactics (each a macro over one core tactic, or two in `raa`) -/

/-- ∧I: `constructor` (goals `left`, `right`). -/
macro "and_intro" : tactic => `(tactic| constructor)
/-- ↔I: `constructor` (goals `mp`, `mpr`). -/
macro "iff_intro" : tactic => `(tactic| constructor)
/-- ∨I: `left`. -/
macro "or_intro_left" : tactic => `(tactic| left)
/-- ∨I: `right`. -/
macro "or_intro_right" : tactic => `(tactic| right)
/-- ⊥E: `exfalso`. -/
macro "efq" : tactic => `(tactic| exfalso)
/-- →I: `intro x`. -/
macro "imp_intro " x:ident : tactic => `(tactic| intro $x:ident)
/-- ¬I: `intro x` (the goal `¬φ` becomes `x : φ ⊢ False`). -/
macro "not_intro " x:ident : tactic => `(tactic| intro $x:ident)
/-- RAA: `apply Classical.byContradiction` then `intro x`. -/
macro "raa " x:ident : tactic => `(tactic| (apply Classical.byContradiction; intro $x:ident))
/-- ∧E: `obtain ⟨x, y⟩ := h`. -/
macro "and_elim " h:ident " with " x:ident ppSpace y:ident : tactic =>
  `(tactic| obtain ⟨$x:ident, $y:ident⟩ := $h:ident)
/-- ∨E: `rcases h with x | y` (goals `inl`, `inr`). -/
macro "or_elim " h:ident " with " x:ident ppSpace y:ident : tactic =>
  `(tactic| rcases $h:ident with $x:ident | $y:ident)
/-- →E closing the goal: `exact h a`. -/
macro "imp_elim " h:ident ppSpace a:ident : tactic => `(tactic| exact $h:ident $a:ident)
/-- ¬E closing a `False` goal: `exact n a`. -/
macro "not_elim " n:ident ppSpace a:ident : tactic => `(tactic| exact $n:ident $a:ident)
/-- Reiteration: `exact h`. -/
macro "reit " h:ident : tactic => `(tactic| exact $h:ident)
/-- ⊤I: `exact trivial`. -/
macro "true_intro" : tactic => `(tactic| exact trivial)
/-- ¬¬E: `exact Classical.not_not.mp h`. -/
macro "dne " h:ident : tactic => `(tactic| exact Classical.not_not.mp $h:ident)

end Gentzen.ND
