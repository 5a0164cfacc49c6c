-- proofs found by `gentzen ttrl` (arm control); check them with `gentzen verify` or Lean

-- ex_039: round 8, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) : (P → R) → (S → Q) → (R → T) → (Q → R) → S → T := by
  intro n1
  intro n2
  intro n3
  intro n4
  intro n5
  have n6 : Q := n2 n5
  have n7 : R := n4 n6
  exact n3 n7

-- ex_068: round 3, by sampling
example (P : Prop) : False → P ∧ False := by
  exact False.elim

-- ex_087: round 3, by sampling
example (C : Prop) (D : Prop) (E : Prop) (h1 : C ∧ ¬D) (h2 : ¬D ∧ C → E) : E := by
  have n1 : C := h1.1
  have n2 : ¬D ∧ C := by
    have n3 : ¬D := h1.2
    constructor
    · exact n3
    · exact n1
  exact h2 n2

-- ex_120: round 3, by sampling
example (P : Prop) (Q : Prop) : ¬(P ∧ Q) ↔ ¬P ∨ ¬Q := by
  constructor
  · intro n1
    have n2 : P ∨ ¬P := Classical.em P
    rcases n2 with n3 | n4
    · have n5 : ¬Q := by
        intro n6
        have n7 : P ∧ Q := ⟨n3, n6⟩
        exact n1 n7
      exact Or.inr n5
    · exact Or.inl n4
  · intro n8
    intro n9
    have n10 : P := n9.1
    have n11 : Q := n9.2
    rcases n8 with n12 | n13
    · exact n12 n10
    · exact n13 n11

-- fx_010: round 2, by sampling
example (P Q R S T U : Prop) (p : P) (h1 : P → Q) (h2 : Q → R) (h3 : Q → T) (h4 : S → T) (h5 : T → U) : U := by
  have n1 : T := by
    apply Classical.byContradiction
    · intro n2
      have n3 : T := by
        have n4 : Q := by
          apply Classical.byContradiction
          · intro n5
            have n6 : ¬P := mt h1 n5
            exact n6 p
        have n7 : T := h3 n4
        exact n7
      exact n2 n3
  have n8 : U := h5 n1
  exact n8

-- fx_037: round 1, by sampling
example : True ↔ ¬False := by
  · constructor
    · intro n1
      intro n2
      exact False.elim n2
    intro n3
    exact trivial

-- fx_041: round 3, by sampling
example (P : Prop) : P ∧ ¬P ↔ False := by
  constructor
  · intro n1
    have n2 : P := n1.1
    have n3 : ¬P := n1.2
    exact n3 n2
  exact False.elim

-- fx_061: round 1, by sampling
example {P Q R : Prop} (h : P ↔ Q) : P ∧ R ↔ Q ∧ R := by
  constructor
  · intro n1
    have n2 : P := n1.1
    constructor
    · have n3 : Q := by
        exact h.mp n2
      · exact n3
    · exact n1.2
  · intro n4
    have n5 : Q := n4.1
    have n6 : R := n4.2
    constructor
    · have n7 : P → Q := by
        intro n8
        exact n5
      · have n9 : Q := by
          exact n5
        exact h.mpr n9
    · exact n6
