-- proofs found by `gentzen ttrl` (arm control); check them with `gentzen verify` or Lean

-- ex_026: round 42, by sampling
example (p : Prop) (q : Prop) (r : Prop) : p ∨ q ∧ r ↔ (p ∨ q) ∧ (p ∨ r) := by
  constructor
  · intro n1
    constructor
    · rcases n1 with n2 | n3
      · exact Or.inl n2
      · have n4 : r := n3.2
        have n5 : q := n3.1
        exact Or.inr n5
    · rcases n1 with n4 | n5
      · exact Or.inl n4
      · have n6 : q := n5.1
        have n7 : r := n5.2
        exact Or.inr n7
  · intro n8
    have n9 : p ∨ q := n8.1
    rcases n9 with n10 | n11
    · exact Or.inl n10
    · have n12 : p ∨ r := by
        have n13 : p ∨ r := n8.2
        rcases n13 with n14 | n15
        · exact Or.inl n14
        exact Or.inr n15
      rcases n12 with n13 | n14
      · exact Or.inl n13
      have n16 : q ∧ r := ⟨n11, n14⟩
      · exact Or.inr n16

-- ex_039: round 2, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) : (P → R) → (S → Q) → (R → T) → (Q → R) → S → T := by
  intro n1
  intro n2
  intro n3
  intro n4
  intro n5
  have n6 : Q := n2 n5
  have n7 : R := n4 n6
  exact n3 n7

-- ex_068: round 1, by sampling
example (P : Prop) : False → P ∧ False := by
  exact False.elim

-- ex_074: round 7, by sampling
example (P : Prop) (Q : Prop) (R : Prop) : (P ↔ Q) → (Q ↔ R) → (P ↔ R) := by
  intro n1
  intro n2
  constructor
  · intro n3
    have n4 : Q := n1.mp n3
    exact n2.mp n4
  · intro n5
    have n6 : Q := by
      exact n2.mpr n5
    exact n1.mpr n6

-- ex_087: round 2, by sampling
example (C : Prop) (D : Prop) (E : Prop) (h1 : C ∧ ¬D) (h2 : ¬D ∧ C → E) : E := by
  have n1 : C := h1.1
  have n2 : ¬D ∧ C := by
    have n3 : ¬D := h1.2
    constructor
    · exact n3
    · exact n1
  exact h2 n2

-- ex_120: round 2, by sampling
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
    have n2 : Q := by
      exact h1 p
    exact h3 n2
  exact h5 n1

-- fx_037: round 1, by sampling
example : True ↔ ¬False := by
  · constructor
    · intro n1
      intro n2
      exact False.elim n2
    intro n3
    exact trivial

-- fx_041: round 1, by sampling
example (P : Prop) : P ∧ ¬P ↔ False := by
  constructor
  · intro n1
    have n2 : P := n1.1
    have n3 : ¬P := n1.2
    exact n3 n2
  exact False.elim

-- fx_039: round 6, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) (hPQ : P → Q) (hQT : Q → T) (hQR : Q → R) (hRS : R → S) (hTP : T → P) (hRT : R → T) : (Q ↔ R) ∧ (R ↔ T) := by
  constructor
  · constructor
    · intro n1
      exact hQR n1
    · intro n2
      have n3 : T := by
        exact hRT n2
      have n4 : P := hTP n3
      exact hPQ n4
  · constructor
    · intro n5
      have n6 : T := hRT n5
      exact n6
    · intro n7
      have n8 : Q := by
        have n9 : P := by
          exact hTP n7
        exact hPQ n9
      exact hQR n8

-- fx_049: round 2, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (h : P → Q → R → S) : P ∧ Q ∧ R → S := by
  intro n1
  have n2 : P := n1.1
  have n3 : Q ∧ R := n1.2
  have n4 : Q := n3.1
  have n5 : R := n3.2
  have n6 : P := by
    exact n2
  have n7 : Q → R → S := h n6
  have n8 : R → S := n7 n4
  exact n8 n5

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
    constructor
    · have n6 : P := by
        exact h.mpr n5
      · exact n6
    · have n7 : R := n4.2
      · exact n7
