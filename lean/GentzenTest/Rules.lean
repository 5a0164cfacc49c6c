/-!
# One example per rule and alias of the proof language

Each row of the rules table in `docs/proof-language.md` has a `-- rule: <name>` section
below (tests/lean/test_lean_sources.py checks that every row and every lemma the table
names appear here). Every `example` must elaborate with no error for `lake build
GentzenTest` (or `lake test`) to succeed, so a rule the kernel accepts but Lean rejects
shows up as a build failure.

Every hypothesis is used, so the unused-variables linter stays quiet.
Not yet compiled against a real toolchain (none on the machine that wrote it).
-/

namespace GentzenTest.Rules

-- rule: hypothesis / reiteration
example (P : Prop) (h1 : P) : P := by
  exact h1

example (P : Prop) (h1 : P) : P := by
  exact id h1

-- rule: →I
example (P Q : Prop) (h1 : P → Q) : P → Q := by
  intro n1
  exact h1 n1

-- several binders at once
example (P Q : Prop) : P → Q → P ∧ Q := by
  intro n1 n2
  exact ⟨n1, n2⟩

-- rule: →E (MP)
example (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by
  have n1 : Q := h1 h2
  exact n1

example (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by
  exact h1 h2

-- nested terms
example (P Q R : Prop) (h1 : Q → R) (h2 : P → Q) (h3 : P) : R := by
  exact h1 (h2 h3)

-- `have` with no name introduces `this`
example (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by
  have : Q := h1 h2
  exact this

-- rule: ¬I
example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  intro n1
  have n2 : Q := h1 n1
  exact h2 n2

-- rule: ¬E
example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  have n1 : False := h2 h1
  exact False.elim n1

example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  exact absurd h1 h2

example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  exact Not.elim h2 h1

-- rule: ⊥E (EFQ)
example (P : Prop) (h1 : False) : P := by
  exact False.elim h1

example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  exfalso
  exact h2 h1

-- rule: ∧I
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  exact ⟨h1, h2⟩

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  have n1 : P ∧ Q := ⟨h1, h2⟩
  exact n1

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  exact And.intro h1 h2

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  constructor
  · exact h1
  · exact h2

-- rule: ∧E
example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  have n1 : P := h1.1
  have n2 : Q := h1.2
  exact ⟨n2, n1⟩

example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  have n1 : P := h1.left
  have n2 : Q := h1.right
  exact ⟨n2, n1⟩

example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  have n1 : P := And.left h1
  have n2 : Q := And.right h1
  exact ⟨n2, n1⟩

example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  obtain ⟨n1, n2⟩ := h1
  exact ⟨n2, n1⟩

-- rule: ∨I
example (P Q : Prop) (h1 : P) : P ∨ Q := by
  have n1 : P ∨ Q := Or.inl h1
  exact n1

example (P Q : Prop) (h1 : Q) : P ∨ Q := by
  have n1 : P ∨ Q := Or.inr h1
  exact n1

example (P Q : Prop) (h1 : P) : P ∨ Q := by
  exact Or.inl h1

example (P Q : Prop) (h1 : P) : P ∨ Q := by
  left
  exact h1

example (P Q : Prop) (h1 : Q) : P ∨ Q := by
  right
  exact h1

-- rule: ∨E
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  rcases h1 with n1 | n2
  · exact Or.inr n1
  · exact Or.inl n2

example (P Q R : Prop) (h1 : P ∨ Q) (h2 : P → R) (h3 : Q → R) : R := by
  exact Or.elim h1 h2 h3

-- rule: →/¬ MT
example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  have n1 : ¬P := mt h1 h2
  exact n1

-- rule: RAA
example (P : Prop) (h1 : ¬¬P) : P := by
  apply Classical.byContradiction
  intro n1
  exact h1 n1

example (P : Prop) (h1 : ¬P → False) : P := by
  exact Classical.byContradiction h1

-- rule: ¬¬E
example (P : Prop) (h1 : ¬¬P) : P := by
  have n1 : P := Classical.not_not.mp h1
  exact n1

-- ¬¬I, two spellings
example (P : Prop) (h1 : P) : ¬¬P := by
  exact Classical.not_not.mpr h1

example (P : Prop) (h1 : P) : ¬¬P := by
  exact not_not_intro h1

-- rule: ↔I
example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  constructor
  · intro n1
    exact h1 n1
  · intro n2
    exact h2 n2

example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  exact ⟨h1, h2⟩

example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  exact Iff.intro h1 h2

-- rule: ↔E
example (P Q : Prop) (h1 : P ↔ Q) (h2 : P) : Q := by
  have n1 : Q := h1.mp h2
  exact n1

example (P Q : Prop) (h1 : P ↔ Q) (h2 : Q) : P := by
  have n1 : P := h1.mpr h2
  exact n1

example (P Q : Prop) (h1 : P ↔ Q) (h2 : P) (h3 : Q) : Q ∧ P := by
  have n1 : Q := h1.1 h2
  have n2 : P := h1.2 h3
  exact ⟨n1, n2⟩

example (P Q : Prop) (h1 : P ↔ Q) (h2 : P) (h3 : Q) : Q ∧ P := by
  have n1 : Q := Iff.mp h1 h2
  have n2 : P := Iff.mpr h1 h3
  exact ⟨n1, n2⟩

-- rule: LEM
example (P : Prop) : P ∨ ¬P := by
  have n1 : P ∨ ¬P := Classical.em P
  exact n1

-- rule: DS
example (P Q : Prop) (h1 : P ∨ Q) (h2 : ¬P) : Q := by
  exact Or.resolve_left h1 h2

example (P Q : Prop) (h1 : P ∨ Q) (h2 : ¬Q) : P := by
  exact Or.resolve_right h1 h2

-- rule: ⊤I
example : True := by
  exact trivial

example : True := by
  exact True.intro

-- rule: box (sub-proof)
example (P Q R : Prop) (h1 : P → Q) (h2 : Q → R) : P → R := by
  have n1 : P → R := by
    intro n2
    have n3 : Q := h1 n2
    exact h2 n3
  exact n1

/-! ## Types are compared as Lean compares them: `¬φ` is `φ → False` -/

example (P : Prop) (h1 : ¬P) : P → False := by
  exact h1

example (P : Prop) (h1 : P → False) : ¬P := by
  exact h1

/-! ## Reusing a name shadows the old hypothesis (it prints as `h2✝`) -/

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  have h2 : P ∧ Q := ⟨h1, h2⟩
  exact h2

/-! ## The worked examples of docs/proof-language.md, verbatim -/

theorem modus_tollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  intro n1
  have n2 : Q := h1 n1
  exact h2 n2

theorem or_comm' (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  rcases h1 with n1 | n2
  · exact Or.inr n1
  · exact Or.inl n2

theorem dne (P : Prop) (h1 : ¬¬P) : P := by
  apply Classical.byContradiction
  intro n1
  exact h1 n1

end GentzenTest.Rules
