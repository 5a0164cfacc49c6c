-- proofs found by `gentzen ttrl` (arm ei); check them with `gentzen verify` or Lean

-- ex_026: round 4, by sampling
example (p : Prop) (q : Prop) (r : Prop) : p ∨ q ∧ r ↔ (p ∨ q) ∧ (p ∨ r) := by
  constructor
  · intro n1
    constructor
    · rcases n1 with n2 | n3
      · exact Or.inl n2
      · have n4 : q := n3.1
        exact Or.inr n4
    · rcases n1 with n4 | n5
      · exact Or.inl n4
      · have n6 : q := n5.1
        have n7 : r := n5.2
        exact Or.inr n7
  · intro n8
    have n9 : p ∨ r := n8.2
    have n10 : p ∨ q := n8.1
    rcases n10 with n11 | n12
    · exact Or.inl n11
    · rcases n9 with n12 | n13
      · exact Or.inl n12
      · have n14 : q ∧ r := ⟨n12, n13⟩
        exact Or.inr n14

-- ex_067: round 4, by sampling
example (P : Prop) : P → P ∧ True := by
  intro n1
  constructor
  · exact n1
  constructor

-- ex_068: round 1, by sampling
example (P : Prop) : False → P ∧ False := by
  exact False.elim

-- ex_075: round 3, by sampling
example (P : Prop) : P ↔ P ∧ True := by
  constructor
  intro n1
  constructor
  · exact n1
  exact trivial
  intro n2
  exact n2.1

-- ex_087: round 2, by sampling
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
      · exact Or.inr n5
    · exact Or.inl n4
  · intro n8
    intro n9
    have n10 : P := n9.1
    have n11 : Q := n9.2
    rcases n8 with n12 | n13
    · exact n12 n10
    · exact n13 n11

-- fx_010: round 3, by sampling
example (P Q R S T U : Prop) (p : P) (h1 : P → Q) (h2 : Q → R) (h3 : Q → T) (h4 : S → T) (h5 : T → U) : U := by
  have n1 : T := by
    have n2 : Q := by
      have n3 : P := by
        exact p
      exact h1 n3
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

-- fx_039: round 14, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) (hPQ : P → Q) (hQT : Q → T) (hQR : Q → R) (hRS : R → S) (hTP : T → P) (hRT : R → T) : (Q ↔ R) ∧ (R ↔ T) := by
  constructor
  · constructor
    · intro n1
      exact hQR n1
    · intro n2
      have n3 : T := hRT n2
      have n4 : P := by
        exact hTP n3
      exact hPQ n4
  · constructor
    · intro n5
      exact hRT n5
    · intro n6
      have n7 : Q := by
        have n8 : P := hTP n6
        exact hPQ n8
      exact hQR n7

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
