import Gentzen.ND

/-!
# `import Gentzen.ND`: every rule macro against the core tactic it stands for

For each macro of `lean/Gentzen/ND.lean`: a proof with the macro, the same proof with core
tactics, and (where the macro leaves goals) two `#guard_msgs` blocks showing that the goals after
the macro and after its expansion print identically. Then every rule theorem used by name.

The blocks were produced by gentzen's kernel with `nd_import=True` (`tests/unit/test_nd_macros.py`
re-checks them), so `lake test` also compares the kernel with Lean. Not yet compiled against a real
toolchain (none on the machine that wrote it).
-/

namespace GentzenTest.ND

-- macro: and_intro
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  and_intro
  · reit h1
  · reit h2

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  constructor
  · exact h1
  · exact h2

/--
error: unsolved goals
case left
P Q : Prop
h1 : P
h2 : Q
⊢ P

case right
P Q : Prop
h1 : P
h2 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  and_intro

/--
error: unsolved goals
case left
P Q : Prop
h1 : P
h2 : Q
⊢ P

case right
P Q : Prop
h1 : P
h2 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  constructor

-- macro: iff_intro
example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  iff_intro
  · reit h1
  · reit h2

example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  constructor
  · exact h1
  · exact h2

/--
error: unsolved goals
case mp
P Q : Prop
h1 : P → Q
h2 : Q → P
⊢ P → Q

case mpr
P Q : Prop
h1 : P → Q
h2 : Q → P
⊢ Q → P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  iff_intro

/--
error: unsolved goals
case mp
P Q : Prop
h1 : P → Q
h2 : Q → P
⊢ P → Q

case mpr
P Q : Prop
h1 : P → Q
h2 : Q → P
⊢ Q → P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  constructor

-- macro: or_intro_left
example (P Q : Prop) (h1 : P) : P ∨ Q := by
  or_intro_left
  reit h1

example (P Q : Prop) (h1 : P) : P ∨ Q := by
  left
  exact h1

/--
error: unsolved goals
case h
P Q : Prop
h1 : P
⊢ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) : P ∨ Q := by
  or_intro_left

/--
error: unsolved goals
case h
P Q : Prop
h1 : P
⊢ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) : P ∨ Q := by
  left

-- macro: or_intro_right
example (P Q : Prop) (h1 : Q) : P ∨ Q := by
  or_intro_right
  reit h1

example (P Q : Prop) (h1 : Q) : P ∨ Q := by
  right
  exact h1

/--
error: unsolved goals
case h
P Q : Prop
h1 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : Q) : P ∨ Q := by
  or_intro_right

/--
error: unsolved goals
case h
P Q : Prop
h1 : Q
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : Q) : P ∨ Q := by
  right

-- macro: efq
example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  efq
  not_elim h2 h1

example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  exfalso
  exact h2 h1

/--
error: unsolved goals
P Q : Prop
h1 : P
h2 : ¬P
⊢ False
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  efq

/--
error: unsolved goals
P Q : Prop
h1 : P
h2 : ¬P
⊢ False
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : ¬P) : Q := by
  exfalso

-- macro: imp_intro
example (P Q : Prop) (h1 : P → Q) : P → Q := by
  imp_intro n1
  imp_elim h1 n1

example (P Q : Prop) (h1 : P → Q) : P → Q := by
  intro n1
  exact h1 n1

/--
error: unsolved goals
P Q : Prop
h1 : P → Q
n1 : P
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P → Q) : P → Q := by
  imp_intro n1

/--
error: unsolved goals
P Q : Prop
h1 : P → Q
n1 : P
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P → Q) : P → Q := by
  intro n1

-- macro: not_intro
example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  not_intro n1
  have n2 : Q := Gentzen.ND.imp_elim h1 n1
  not_elim h2 n2

example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  intro n1
  have n2 : Q := h1 n1
  exact h2 n2

/--
error: unsolved goals
P Q : Prop
h1 : P → Q
h2 : ¬Q
n1 : P
⊢ False
-/
#guard_msgs in
example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  not_intro n1

/--
error: unsolved goals
P Q : Prop
h1 : P → Q
h2 : ¬Q
n1 : P
⊢ False
-/
#guard_msgs in
example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  intro n1

-- macro: raa
example (P : Prop) (h1 : ¬¬P) : P := by
  raa n1
  not_elim h1 n1

example (P : Prop) (h1 : ¬¬P) : P := by
  apply Classical.byContradiction
  intro n1
  exact h1 n1

/--
error: unsolved goals
case h
P : Prop
h1 : ¬¬P
n1 : ¬P
⊢ False
-/
#guard_msgs in
example (P : Prop) (h1 : ¬¬P) : P := by
  raa n1

/--
error: unsolved goals
case h
P : Prop
h1 : ¬¬P
n1 : ¬P
⊢ False
-/
#guard_msgs in
example (P : Prop) (h1 : ¬¬P) : P := by
  apply Classical.byContradiction
  intro n1

-- macro: and_elim
example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  and_elim h1 with n1 n2
  exact ⟨n2, n1⟩

example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  obtain ⟨n1, n2⟩ := h1
  exact ⟨n2, n1⟩

/--
error: unsolved goals
case intro
P Q : Prop
n1 : P
n2 : Q
⊢ Q ∧ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  and_elim h1 with n1 n2

/--
error: unsolved goals
case intro
P Q : Prop
n1 : P
n2 : Q
⊢ Q ∧ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  obtain ⟨n1, n2⟩ := h1

-- macro: or_elim
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  or_elim h1 with n1 n2
  · or_intro_right
    reit n1
  · or_intro_left
    reit n2

example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  rcases h1 with n1 | n2
  · right
    exact n1
  · left
    exact n2

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
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  or_elim h1 with n1 n2

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
example (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by
  rcases h1 with n1 | n2

-- macro: imp_elim
example (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by
  imp_elim h1 h2

example (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by
  exact h1 h2

-- macro: not_elim
example (P : Prop) (h1 : ¬P) (h2 : P) : False := by
  not_elim h1 h2

example (P : Prop) (h1 : ¬P) (h2 : P) : False := by
  exact h1 h2

-- macro: reit
example (P : Prop) (h1 : P) : P := by
  reit h1

example (P : Prop) (h1 : P) : P := by
  exact h1

-- macro: true_intro
example : True := by
  true_intro

example : True := by
  exact trivial

-- macro: dne
example (P : Prop) (h1 : ¬¬P) : P := by
  dne h1

example (P : Prop) (h1 : ¬¬P) : P := by
  exact Classical.not_not.mp h1

-- theorems

example (P : Prop) (h1 : P) : P := by
  exact Gentzen.ND.reit h1

example (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by
  have n1 : Q := Gentzen.ND.imp_elim h1 h2
  exact n1

example (P : Prop) (h1 : P → False) : ¬P := by
  exact Gentzen.ND.not_intro h1

example (P : Prop) (h1 : ¬P) (h2 : P) : False := by
  exact Gentzen.ND.not_elim h1 h2

example (P : Prop) (h1 : False) : P := by
  exact Gentzen.ND.efq h1

example (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by
  exact Gentzen.ND.and_intro h1 h2

example (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  have n1 : P := Gentzen.ND.and_elim_left h1
  have n2 : Q := Gentzen.ND.and_elim_right h1
  exact ⟨n2, n1⟩

example (P Q : Prop) (h1 : P) : P ∨ Q := by
  exact Gentzen.ND.or_intro_left h1

example (P Q : Prop) (h1 : Q) : P ∨ Q := by
  exact Gentzen.ND.or_intro_right h1

example (P Q R : Prop) (h1 : P ∨ Q) (h2 : P → R) (h3 : Q → R) : R := by
  exact Gentzen.ND.or_elim h1 h2 h3

example (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  exact Gentzen.ND.modus_tollens h1 h2

example (P : Prop) (h1 : ¬P → False) : P := by
  exact Gentzen.ND.raa h1

example (P : Prop) (h1 : ¬¬P) : P := by
  exact Gentzen.ND.dne h1

example (P Q : Prop) (h1 : P → Q) (h2 : Q → P) : P ↔ Q := by
  exact Gentzen.ND.iff_intro h1 h2

example (P Q : Prop) (h1 : P ↔ Q) (h2 : P) : Q := by
  exact Gentzen.ND.iff_elim_left h1 h2

example (P Q : Prop) (h1 : P ↔ Q) (h2 : Q) : P := by
  exact Gentzen.ND.iff_elim_right h1 h2

example (P : Prop) : P ∨ ¬P := by
  exact Gentzen.ND.lem P

example (P Q : Prop) (h1 : P ∨ Q) (h2 : ¬P) : Q := by
  exact Gentzen.ND.disj_syll h1 h2

example : True := by
  exact Gentzen.ND.true_intro

-- a macro's error is its core tactic's: `exact h1`
/--
error: Type mismatch
  h1
has type
  P
but is expected to have type
  Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : Q) : Q := by
  reit h1

/--
error: Type mismatch
  h1
has type
  P
but is expected to have type
  Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) (h2 : Q) : Q := by
  exact h1

end GentzenTest.ND
