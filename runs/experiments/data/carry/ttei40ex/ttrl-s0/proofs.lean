-- proofs found by `gentzen ttrl` (arm ttrl); check them with `gentzen verify` or Lean

-- ex_026: round 14, by sampling
example (p : Prop) (q : Prop) (r : Prop) : p ∨ q ∧ r ↔ (p ∨ q) ∧ (p ∨ r) := by
  constructor
  · intro n1
    constructor
    · rcases n1 with n4 | n5
      · exact Or.inl n4
      · have n6 : q := n5.1
        exact Or.inr n6
    · rcases n1 with n7 | n8
      · exact Or.inl n7
      · have n9 : r := n8.2
        · exact Or.inr n9
  · intro n10
    have n11 : p ∨ r := n10.2
    rcases n11 with n11 | n12
    · exact Or.inl n11
    · rcases n10 with n7 | n8
      · exact Or.inl n7
      · have n13 : q ∧ r := by
          constructor
          · exact n8
          exact n12
        exact Or.inr n13

-- ex_033: round 5, by sampling
example (p : Prop) : p ∨ False ↔ p := by
  constructor
  intro n1
  rcases n1 with n2 | n3
  · exact n2
  exact False.elim n3
  intro n4
  exact Or.inl n4

-- ex_034: round 7, by sampling
example (p : Prop) : p ∧ False ↔ False := by
  constructor
  intro n1
  have n2 : p := n1.1
  exact n1.2
  intro n3
  exact False.elim n3

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

-- ex_042: round 14, by sampling
example (P : Prop) (Q : Prop) (R : Prop) : ((Q → P) → P) → (Q → R) → (R → P) → P := by
  intro n1
  intro n2
  intro n3
  have n4 : Q → P := by
    intro n5
    have n6 : R := n2 n5
    exact n3 n6
  exact n1 n4

-- ex_051: round 6, by sampling
example : True → False → True → False → True → False := by
  intro n1
  intro n2
  exact False.elim n2

-- ex_067: round 4, by sampling
example (P : Prop) : P → P ∧ True := by
  intro n1
  constructor
  exact n1
  exact trivial

-- ex_068: round 1, by sampling
example (P : Prop) : False → P ∧ False := by
  exact False.elim

-- ex_075: round 2, by sampling
example (P : Prop) : P ↔ P ∧ True := by
  constructor
  intro n1
  constructor
  · exact n1
  exact trivial
  intro n2
  exact n2.1

-- ex_076: round 10, by sampling
example (P : Prop) : False ↔ P ∧ False := by
  constructor
  intro n1
  exact False.elim n1
  intro n2
  exact n2.2

-- ex_074: round 2, by sampling
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

-- ex_077: round 5, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) : (P ↔ Q) → (R ↔ S) → (P ∧ R ↔ Q ∧ S) := by
  intro n1
  intro n2
  constructor
  · intro n3
    constructor
    · have n4 : P := n3.1
      have n5 : Q := n1.mp n4
      · exact n5
    · have n6 : R := n3.2
      have n7 : S := n2.mp n6
      exact n7
  · intro n8
    constructor
    · have n9 : Q := n8.1
      exact n1.mpr n9
    · have n10 : S := n8.2
      exact n2.mpr n10

-- ex_087: round 2, by composition
example (C : Prop) (D : Prop) (E : Prop) (h1 : C ∧ ¬D) (h2 : ¬D ∧ C → E) : E := by
  have n1 : ¬D := by
    have n2 : C := h1.1
    have n3 : ¬D := h1.2
    intro n4
    exact n3 n4
  have n5 : C := h1.1
  have n6 : ¬D ∧ C := by
    constructor
    · intro n7
      exact n1 n7
    · exact n5
  exact h2 n6

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

-- fx_008: round 10, by sampling
example (P Q R : Prop) (h : P ∨ Q ∨ R → ¬(P ∧ Q ∧ R)) : (P ∨ Q) ∨ R → ¬((P ∧ Q) ∧ R) := by
  intro n1
  intro n2
  have n3 : P ∧ Q := n2.1
  have n4 : R := n2.2
  have n5 : P := n3.1
  have n6 : Q := n3.2
  have n7 : P ∨ Q ∨ R := Or.inl n5
  have n8 : ¬(P ∧ Q ∧ R) := h n7
  have n9 : P ∧ Q ∧ R := by
    constructor
    · exact n5
    · constructor
      · exact n6
      · exact n4
  exact n8 n9

-- fx_010: round 2, by composition
example (P Q R S T U : Prop) (p : P) (h1 : P → Q) (h2 : Q → R) (h3 : Q → T) (h4 : S → T) (h5 : T → U) : U := by
  have n1 : T := by
    apply Classical.byContradiction
    · intro n2
      have n3 : P := by
        exact p
      have n4 : Q := h1 n3
      have n5 : T := h3 n4
      exact n2 n5
  exact h5 n1

-- fx_037: round 1, by composition
example : True ↔ ¬False := by
  have n1 : ¬False := by
    · intro n2
      exact False.elim n2
  constructor
  · intro n3
    exact n1
  intro n4
  exact trivial

-- fx_041: round 1, by sampling
example (P : Prop) : P ∧ ¬P ↔ False := by
  constructor
  · intro n1
    have n2 : P := n1.1
    have n3 : ¬P := n1.2
    exact n3 n2
  exact False.elim

-- fx_039: round 3, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) (hPQ : P → Q) (hQT : Q → T) (hQR : Q → R) (hRS : R → S) (hTP : T → P) (hRT : R → T) : (Q ↔ R) ∧ (R ↔ T) := by
  constructor
  · constructor
    · intro n1
      have n2 : R := by
        have n3 : R := hQR n1
        exact n3
      exact n2
    · intro n4
      have n5 : T := hRT n4
      have n6 : P := hTP n5
      have n7 : Q := hPQ n6
      exact n7
  · constructor
    · intro n8
      exact hRT n8
    · intro n9
      have n10 : R := by
        have n11 : Q := by
          have n12 : P := hTP n9
          have n13 : Q := hPQ n12
          exact n13
        exact hQR n11
      exact n10

-- fx_048: round 1, by composition
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (T : Prop) (hR : R) (hPQ : P → Q) (hQT : Q → T) (hQR : Q → R) (hRS : R → S) (hTP : T → P) (hRT : R → T) : Q ∧ T := by
  constructor
  · have n1 : R := by
      exact hR
    apply Classical.byContradiction
    · intro n2
      have n3 : R := by
        exact n1
      have n4 : T := hRT n3
      have n5 : P := hTP n4
      have n6 : Q := hPQ n5
      exact n2 n6
  · have n7 : R := by
      exact hR
    exact hRT n7

-- fx_049: round 4, by sampling
example (P : Prop) (Q : Prop) (R : Prop) (S : Prop) (h : P → Q → R → S) : P ∧ Q ∧ R → S := by
  intro n1
  have n2 : P := n1.1
  have n3 : Q ∧ R := n1.2
  have n4 : Q := n3.1
  have n5 : R := n3.2
  apply Classical.byContradiction
  · intro n6
    have n7 : P := by
      exact n2
    have n8 : Q → R → S := h n7
    have n9 : R → S := n8 n4
    have n10 : S := n9 n5
    exact n6 n10

-- fx_061: round 3, by sampling
example {P Q R : Prop} (h : P ↔ Q) : P ∧ R ↔ Q ∧ R := by
  constructor
  · intro n1
    have n2 : P := n1.1
    have n3 : Q := h.mp n2
    have n4 : R := n1.2
    exact ⟨n3, n4⟩
  · intro n5
    constructor
    · have n6 : Q := n5.1
      exact h.mpr n6
    exact n5.2
