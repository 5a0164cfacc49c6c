-- proofs found by `gentzen ttrl` (arm ttrl); check them with `gentzen verify` or Lean

-- ex_026: round 2, by sampling
example (p : Prop) (q : Prop) (r : Prop) : p ∨ q ∧ r ↔ (p ∨ q) ∧ (p ∨ r) := by
  constructor
  · intro n1
    constructor
    · rcases n1 with n2 | n3
      · exact Or.inl n2
      · have n4 : q := n3.1
        exact Or.inr n4
    · rcases n1 with n3 | n4
      · exact Or.inl n3
      · have n5 : r := n4.2
        exact Or.inr n5
  · intro n6
    have n7 : p ∨ q := n6.1
    rcases n7 with n8 | n9
    · exact Or.inl n8
    · have n10 : p ∨ ¬p := Classical.em p
      rcases n10 with n11 | n12
      · exact Or.inl n11
      · have n13 : q ∧ r := by
          constructor
          · exact n9
          have n14 : p ∨ r := n6.2
          rcases n14 with n14 | n15
          · have n16 : False := n12 n14
            exact False.elim n16
          · exact n15
        exact Or.inr n13

-- ex_033: round 3, by sampling
example (p : Prop) : p ∨ False ↔ p := by
  constructor
  · intro n1
    rcases n1 with n2 | n3
    · exact n2
    exact False.elim n3
  · intro n4
    exact Or.inl n4

-- ex_034: round 7, by sampling
example (p : Prop) : p ∧ False ↔ False := by
  constructor
  intro n1
  exact n1.2
  · intro n2
    exact False.elim n2

-- ex_039: round 4, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) : (P → R) → (S → Q) → (R → T) → (Q → R) → S → T := by
  intro n1
  intro n2
  intro n3
  intro n4
  intro n5
  have n6 : Q := n2 n5
  have n7 : R := n4 n6
  exact n3 n7

-- ex_042: round 7, by sampling
example (P : Prop) (Q : Prop) (R : Prop) : ((Q → P) → P) → (Q → R) → (R → P) → P := by
  intro n1
  intro n2
  intro n3
  apply Classical.byContradiction
  · intro n4
    have n5 : Q → P := by
      intro n6
      have n7 : R := n2 n6
      exact n3 n7
    have n8 : P := n1 n5
    exact n4 n8

-- ex_044: round 2, by sampling
example (P : Prop) (Q : Prop) (R : Prop) : (((P → Q → Q) → (P → Q) → Q) → R) → ((((P → P) → Q) → P → P → Q) → R) → (((P → P → Q) → (P → P) → Q) → R) → R := by
  intro n1
  intro n2
  intro n3
  have n4 : ((P → P) → Q) → P → P → Q := by
    intro n5
    intro n6
    intro n7
    have n8 : P → P := by
      intro n9
      exact n9
    exact n5 n8
  have n10 : R := n2 n4
  exact n10

-- ex_051: round 4, by sampling
example : True → False → True → False → True → False := by
  intro n1
  intro n2
  exact False.elim n2

-- ex_067: round 7, by sampling
example (P : Prop) : P → P ∧ True := by
  intro n1
  constructor
  · exact n1
  exact trivial

-- ex_068: round 2, by sampling
example (P : Prop) : False → P ∧ False := by
  intro n1
  exact False.elim n1

-- ex_075: round 7, by sampling
example (P : Prop) : P ↔ P ∧ True := by
  constructor
  · intro n1
    constructor
    · exact n1
    · exact trivial
  · intro n2
    exact n2.1

-- ex_076: round 8, by sampling
example (P : Prop) : False ↔ P ∧ False := by
  constructor
  intro n1
  have n2 : P := by
    exact False.elim n1
  exact ⟨n2, n1⟩
  intro n3
  exact n3.2

-- ex_074: round 3, by sampling
example (P : Prop) (Q : Prop) (R : Prop) : (P ↔ Q) → (Q ↔ R) → (P ↔ R) := by
  intro n1
  intro n2
  constructor
  intro n3
  have n4 : Q := n1.mp n3
  exact n2.mp n4
  · intro n5
    have n6 : Q := by
      exact n2.mpr n5
    exact n1.mpr n6

-- ex_087: round 2, by composition
example (C : Prop) (D : Prop) (E : Prop) (h1 : C ∧ ¬D) (h2 : ¬D ∧ C → E) : E := by
  have n1 : ¬D := by
    have n2 : C := h1.1
    intro n3
    have n4 : ¬D ∧ C := by
      constructor
      · intro n5
        have n6 : ¬D := by
          intro n7
          have n8 : ¬D := h1.2
          exact n8 n7
        exact n6 n5
      exact n2
    have n9 : ¬D := n4.1
    exact n9 n3
  have n10 : C := h1.1
  have n11 : ¬D ∧ C := by
    constructor
    · exact n1
    · exact n10
  exact h2 n11

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
      · exact Or.inr n5
    exact Or.inl n4
  · intro n8
    intro n9
    have n10 : P := n9.1
    have n11 : Q := n9.2
    rcases n8 with n12 | n13
    · exact n12 n10
    · exact n13 n11

-- fx_010: round 13, by sampling
example (P Q R S T U : Prop) (p : P) (h1 : P → Q) (h2 : Q → R) (h3 : Q → T) (h4 : S → T) (h5 : T → U) : U := by
  have n1 : T := by
    have n2 : Q := by
      apply Classical.byContradiction
      · intro n3
        have n4 : ¬P := mt h1 n3
        exact n4 p
    have n5 : T := by
      exact h3 n2
    exact n5
  exact h5 n1

-- fx_036: round 2, by sampling
example : ¬True ↔ False := by
  trivial

-- fx_037: round 1, by sampling
example : True ↔ ¬False := by
  · constructor
    · intro n1
      intro n2
      exact False.elim n2
    intro n3
    exact trivial

-- fx_041: round 2, by sampling
example (P : Prop) : P ∧ ¬P ↔ False := by
  constructor
  · intro n1
    have n2 : P := n1.1
    have n3 : ¬P := n1.2
    exact n3 n2
  intro n4
  exact False.elim n4

-- fx_039: round 6, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) (hPQ : P → Q) (hQT : Q → T) (hQR : Q → R) (hRS : R → S) (hTP : T → P) (hRT : R → T) : (Q ↔ R) ∧ (R ↔ T) := by
  constructor
  · constructor
    · intro n1
      have n2 : R := by
        exact hQR n1
      exact n2
    · intro n3
      have n4 : P := by
        have n5 : T := by
          exact hRT n3
        have n6 : P := by
          exact hTP n5
        exact n6
      exact hPQ n4
  · constructor
    · intro n7
      exact hRT n7
    · intro n8
      have n9 : R := by
        have n10 : Q := by
          have n11 : P := by
            exact hTP n8
          exact hPQ n11
        exact hQR n10
      exact n9

-- fx_048: round 6, by composition
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) (hR : R) (hPQ : P → Q) (hQT : Q → T) (hQR : Q → R) (hRS : R → S) (hTP : T → P) (hRT : R → T) : Q ∧ T := by
  have n1 : S := hRS hR
  have n2 : T := by
    exact hRT hR
  have n3 : P := by
    exact hTP n2
  have n4 : Q := hPQ n3
  exact ⟨n4, n2⟩

-- fx_049: round 5, by sampling
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

-- fx_061: round 3, by sampling
example {P Q R : Prop} (h : P ↔ Q) : P ∧ R ↔ Q ∧ R := by
  constructor
  · intro n1
    have n2 : P := n1.1
    have n3 : R := n1.2
    constructor
    · have n4 : P := by
        exact n2
      have n5 : Q := h.mp n4
      · exact n5
    · exact n3
  · intro n6
    have n7 : Q := n6.1
    constructor
    · have n8 : R := n6.2
      · have n9 : Q := by
          exact n7
        exact h.mpr n9
    · have n10 : R := n6.2
      exact n10
