/-!
# The core tactics beyond the natural-deduction subset, as the kernel runs them

One example per tactic of issue 9 (`assumption`, `contradiction`, `trivial`, `show`, `intros`,
`intro _`, `intro ⟨a, b⟩`, `rintro`, nested `rcases`/`obtain` patterns, `cases`, `cases … with`,
`refine ⟨?_, ?_⟩`, `exact absurd`, `<;>`), and `#guard_msgs` blocks that pin the goals after a step
(shown through the `unsolved goals` error of a proof that stops there) and failure texts.

Every block was produced by gentzen's kernel (`tests/unit/test_kernel_tactics_core.py` re-checks
that the kernel still prints exactly these texts), so `lake test` compares the kernel with real Lean:
case tags (`inl.intro`, `refine_1`), inaccessible names (`a✝`, `h✝`, `left✝`), hypothesis order.
The texts are reconstructions from Lean's sources (listed in docs/kernel.md); not yet compiled
against a real toolchain (none on the machine that wrote it).
-/

namespace GentzenTest.CoreTactics

-- tactic: assumption
example (Q : Prop) (h1 : Q) : Q := by
  assumption

example (P : Prop) (h1 : ¬P) : P → False := by
  assumption

-- `Tactic `assumption` failed` and the goal (lean_facts.md §4.4)
/--
error: Tactic `assumption` failed

P Q : Prop
h1 : P
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) : Q := by
  assumption

-- tactic: contradiction
example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  contradiction

example (P : Prop) (h1 : False) : P := by
  contradiction

example (P : Prop) (h1 : ¬True) : P := by
  contradiction

/--
error: Tactic `contradiction` failed

P Q R : Prop
h1 : P
h2 : Q
⊢ R
-/
#guard_msgs in
example (P Q R : Prop) (h1 : P) (h2 : Q) : R := by
  contradiction

-- tactic: trivial
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  trivial

example : True := by
  trivial

-- tactic: show (the target is printed as written)
/--
error: unsolved goals
P : Prop
h1 : P
⊢ ¬P → False
-/
#guard_msgs in
example (P : Prop) (h1 : P) : ¬¬P := by
  show ¬P → False

example (P : Prop) (h1 : P) : ¬¬P := by
  show ¬P → False
  intro n1
  exact n1 h1

-- `show` focuses the first goal it matches
/--
error: unsolved goals
case right
P Q : Prop
h1 : P
h2 : Q
⊢ Q

case left
P Q : Prop
h1 : P
h2 : Q
⊢ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  constructor
  show Q

-- tactic: intros (inaccessible names; `¬` is not unfolded)
/--
error: unsolved goals
P Q : Prop
a✝¹ : P
a✝ : Q
⊢ ¬P
-/
#guard_msgs in
example (P Q : Prop) : P → Q → ¬P := by
  intros

example (P Q : Prop) : P → Q → P := by
  intros
  assumption

-- tactic: intro _
/--
error: unsolved goals
P Q : Prop
a✝ : P
n1 : Q
⊢ P
-/
#guard_msgs in
example (P Q : Prop) : P → Q → P := by
  intro _ n1

example (P : Prop) : P → P := by
  intro _
  assumption

-- tactic: intro ⟨a, b⟩ (a `match`: no case tag)
/--
error: unsolved goals
P Q : Prop
n1 : P
n2 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) : P ∧ Q → Q := by
  intro ⟨n1, n2⟩

example (P Q : Prop) : P ∧ Q → Q ∧ P := by
  intro ⟨n1, n2⟩
  exact ⟨n2, n1⟩

-- tactic: rintro (tags from `cases`)
/--
error: unsolved goals
case intro
P Q : Prop
n1 : P
n2 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) : P ∧ Q → Q := by
  rintro ⟨n1, n2⟩

/--
error: unsolved goals
case inl
P Q : Prop
n1 : P
⊢ Q ∨ P

case inr
P Q : Prop
n2 : Q
⊢ Q ∨ P
-/
#guard_msgs in
example (P Q : Prop) : P ∨ Q → Q ∨ P := by
  rintro (n1 | n2)

example (P Q : Prop) : P ∨ Q → Q ∨ P := by
  rintro (n1 | n2)
  · exact Or.inr n1
  · exact Or.inl n2

-- tactic: rcases with nested patterns
/--
error: unsolved goals
case inl.intro
P Q R : Prop
n1 : P
n2 : Q
⊢ R ∨ P

case inr
P Q R : Prop
n3 : R
⊢ R ∨ P
-/
#guard_msgs in
example (P Q R : Prop) (h1 : P ∧ Q ∨ R) : R ∨ P := by
  rcases h1 with ⟨n1, n2⟩ | n3

example (P Q R : Prop) (h1 : P ∧ Q ∨ R) : R ∨ P := by
  rcases h1 with ⟨n1, -⟩ | n3
  · exact Or.inr n1
  · exact Or.inl n3

/--
error: unsolved goals
case inl
P Q R : Prop
n1 : P
⊢ R ∨ Q ∨ P

case inr.inl
P Q R : Prop
n2 : Q
⊢ R ∨ Q ∨ P

case inr.inr
P Q R : Prop
n3 : R
⊢ R ∨ Q ∨ P
-/
#guard_msgs in
example (P Q R : Prop) (h1 : P ∨ Q ∨ R) : R ∨ Q ∨ P := by
  rcases h1 with n1 | n2 | n3

-- `Tactic `rcases` failed` on a non-inductive hypothesis (Lean/Elab/Tactic/RCases.lean)
/--
error: Tactic `rcases` failed: `h1 : P` is not an inductive datatype
-/
#guard_msgs in
example (P : Prop) (h1 : P) : P := by
  rcases h1 with ⟨n1, n2⟩

-- tactic: obtain (`_` keeps the field, inaccessible)
/--
error: unsolved goals
case intro
P Q : Prop
n1 : P
right✝ : Q
⊢ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P ∧ Q) : P := by
  obtain ⟨n1, _⟩ := h1

/--
error: unsolved goals
case intro.intro
P Q R : Prop
n1 : P
n2 : Q
n3 : R
⊢ R
-/
#guard_msgs in
example (P Q R : Prop) (h1 : P ∧ Q ∧ R) : R := by
  obtain ⟨n1, n2, n3⟩ := h1

example (P Q R : Prop) (h1 : P ∧ Q ∧ R) : R := by
  obtain ⟨-, -, n3⟩ := h1
  exact n3

-- tactic: cases (fields named as the constructor's binders, inaccessible)
/--
error: unsolved goals
case inl
P Q : Prop
h✝ : P
⊢ Q ∨ P

case inr
P Q : Prop
h✝ : Q
⊢ Q ∨ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  cases h1

/--
error: unsolved goals
case intro
P Q : Prop
left✝ : P
right✝ : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P ∧ Q) : Q := by
  cases h1

example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  cases h1
  · right; assumption
  · left; assumption

-- tactic: cases … with
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  cases h1 with
  | inl n1 => exact Or.inr n1
  | inr n2 => exact Or.inl n2

example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  cases h1 with
  | inl n1 =>
    right
    exact n1
  | inr n2 => exact Or.inl n2

-- a missing alternative (Elab/Tactic/Induction.lean, `evalAlts`)
/--
error: Alternative `inr` has not been provided
-/
#guard_msgs in
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  cases h1 with
  | inl n1 => exact Or.inr n1

-- `cases` on a hypothesis that is no inductive type (`getInductiveValFromMajor`; the type is shown in whnf)
/--
error: Tactic `cases` failed: major premise type is not an inductive type
  P → False

Explanation: the `cases` tactic is for constructor-based reasoning as well as for applying custom cases principles with a 'using' clause or a registered '@[cases_eliminator]' theorem. The above type neither is an inductive type nor has a registered theorem.

P : Prop
h1 : ¬P
⊢ P
-/
#guard_msgs in
example (P : Prop) (h1 : ¬P) : P := by
  cases h1

-- all alternatives on the `cases` line; `;` inside an alternative belongs to it
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  cases h1 with | inl n1 => exact Or.inr n1 | inr n2 => exact Or.inl n2

example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  cases h1 with | inl n1 => right; exact n1 | inr n2 => left; exact n2

-- tactic: refine ⟨?_, ?_⟩ (`tagUntaggedGoals`: `refine_1`, `refine_2`)
/--
error: unsolved goals
case refine_1
P Q : Prop
h1 : P
h2 : Q
⊢ P

case refine_2
P Q : Prop
h1 : P
h2 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  refine ⟨?_, ?_⟩

-- one `?_`: the goal keeps the parent's tag
/--
error: unsolved goals
P Q : Prop
h1 : P
h2 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  refine ⟨h1, ?_⟩

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  refine ⟨?_, ?_⟩
  · exact h1
  · exact h2

-- tactic: exact absurd
example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  exact absurd h1 h2

-- tactic: <;>
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  constructor <;> assumption

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  apply And.intro <;> assumption

end GentzenTest.CoreTactics
