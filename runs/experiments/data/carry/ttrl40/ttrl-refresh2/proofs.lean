-- proofs found by `gentzen ttrl` (arm ttrl); check them with `gentzen verify` or Lean

-- uniform_s11_002977: round 1, by composition
theorem uniform_s11_002977 (P Q R : Prop) (h1 : P) (h2 : ((Q ↔ P) ↔ Q ∨ Q) ↔ (Q ∨ Q) ∧ P) (h3 : R) (h4 : R → P) : Q := by
  have n1 : Q ∨ Q := by
    have n2 : (Q ↔ P) ↔ Q ∨ Q := by
      constructor
      · intro n3
        have n4 : Q := by
          have n5 : P := by
            exact h1
          exact n3.mpr n5
        exact Or.inl n4
      · intro n6
        constructor
        · intro n7
          exact h1
        · intro n8
          rcases n6 with n9 | n10
          · exact n9
          · exact n10
    have n11 : (Q ∨ Q) ∧ P := h2.mp n2
    have n12 : Q ∨ Q := n11.1
    rcases n12 with n13 | n14
    exact Or.inl n13
    · exact Or.inl n14
  rcases n1 with n15 | n16
  · exact n15
  · exact n16

-- uniform_s11_003393: round 1, by composition
theorem uniform_s11_003393 (P Q R S : Prop) (h1 : (Q → R) → Q ∨ P) (h2 : S ↔ P) : (Q ∨ S) ∨ (P ↔ S → P) := by
  have n1 : Q ∨ S := by
    have n2 : Q ∨ ¬Q := Classical.em Q
    rcases n2 with n3 | n4
    · exact Or.inl n3
    · have n5 : S := by
        apply Classical.byContradiction
        · intro n6
          have n7 : Q → R := by
            intro n8
            have n9 : False := n4 n8
            exact False.elim n9
          have n10 : Q ∨ P := h1 n7
          rcases n10 with n11 | n12
          · exact n4 n11
          have n13 : S := h2.mpr n12
          · exact n6 n13
      exact Or.inr n5
  have n14 : Q ∨ S := by
    rcases n1 with n14 | n15
    · exact Or.inl n14
    · exact Or.inr n15
  exact Or.inl n14

-- uniform_s11_000493: round 1, by sampling
theorem uniform_s11_000493 (P Q R S : Prop) (h1 : (Q ∨ S) ∧ (P ↔ R)) (h2 : P → R) (h3 : Q) (h4 : ¬(P ∨ P)) (h5 : (R ∧ P) ∧ (P → S) ↔ ¬P ∧ P ∧ Q) : (R ∨ (R ↔ P)) ∨ (R → P) ∨ (S → R) := by
  have n1 : R ∨ ¬R := Classical.em R
  rcases n1 with n2 | n3
  · have n4 : R ∨ (R ↔ P) := Or.inl n2
    exact Or.inl n4
  · have n5 : R → P := by
      intro n6
      have n7 : False := n3 n6
      exact False.elim n7
    have n8 : R → P := by
      intro n9
      have n10 : False := n3 n9
      exact False.elim n10
    have n11 : (R → P) ∨ (S → R) := Or.inl n8
    exact Or.inr n11

-- uniform_s11_001618: round 1, by sampling
theorem uniform_s11_001618 (P Q R S : Prop) (h1 : (Q → Q) → (S ∨ S) ∧ P ∧ P) (h2 : R) (h3 : (R ∨ S) ∨ (Q → S) → R) (h4 : P) (h5 : R ↔ R → R) : (R ∨ P) ∧ (R ∨ Q) → S := by
  intro n1
  have n2 : R ∨ Q := n1.2
  have n3 : Q → Q := by
    intro n4
    exact n4
  have n5 : (S ∨ S) ∧ P ∧ P := h1 n3
  have n6 : P ∧ P := n5.2
  have n7 : S ∨ S := n5.1
  rcases n7 with n8 | n9
  · exact n8
  · exact n9

-- uniform_s11_002949: round 1, by composition
theorem uniform_s11_002949 (P R S : Prop) (h1 : S ∨ (R → P) → (¬R ↔ R)) : ¬P := by
  have n1 : R := by
    apply Classical.byContradiction
    · intro n2
      have n3 : S ∨ (R → P) := by
        have n4 : R → P := by
          intro n5
          have n6 : False := n2 n5
          exact False.elim n6
        exact Or.inr n4
      have n7 : ¬R ↔ R := h1 n3
      have n8 : R := n7.mp n2
      exact n2 n8
  intro n9
  have n10 : S ∨ (R → P) := by
    have n11 : R → P := by
      intro n12
      exact n9
    exact Or.inr n11
  have n13 : ¬R ↔ R := h1 n10
  have n14 : ¬R := n13.mpr n1
  exact n14 n1

-- uniform_s11_003498: round 1, by composition
theorem uniform_s11_003498 (P Q S : Prop) (h1 : P) (h2 : S → S → Q) (h3 : Q → P) (h4 : ¬S) (h5 : Q ∨ Q) : ¬P ↔ (S ∨ S ↔ Q → Q) := by
  have n1 : Q := by
    rcases h5 with n2 | n3
    · exact n2
    · exact n3
  constructor
  · intro n4
    have n5 : ¬Q := mt h3 n4
    constructor
    · intro n6
      · intro n7
        exact n7
    · intro n8
      have n9 : S := by
        have n10 : Q := by
          exact n1
        have n11 : False := n5 n10
        exact False.elim n11
      exact Or.inl n9
  · intro n12
    intro n13
    have n14 : Q → Q := by
      intro n15
      exact n15
    have n16 : S ∨ S := n12.mpr n14
    rcases n16 with n17 | n18
    · exact h4 n17
    · exact h4 n18

-- uniform_s11_001887: round 1, by sampling
theorem uniform_s11_001887 (P Q S : Prop) (h1 : P ∨ S) (h2 : P) (h3 : (S → Q) ∧ (S → Q)) (h4 : Q → P ∨ P) : (Q ∨ S) ∨ (Q → S) := by
  have n1 : (Q ∨ S) ∨ ¬(Q ∨ S) := Classical.em (Q ∨ S)
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q → S := by
      intro n5
      have n6 : P ∨ P := h4 n5
      apply Classical.byContradiction
      · intro n7
        have n8 : Q ∨ S := Or.inl n5
        exact n3 n8
    exact Or.inr n4

-- uniform_s11_003852: round 1, by composition
theorem uniform_s11_003852 (P R S : Prop) (h1 : P ∨ P) (h2 : S → P ↔ ¬S ∧ (P → R)) (h3 : P ∨ P) : R := by
  have n1 : P := by
    rcases h1 with n2 | n3
    · exact n2
    · exact n3
  apply Classical.byContradiction
  · intro n4
    have n5 : S → P := by
      intro n6
      exact n1
    have n7 : ¬S ∧ (P → R) := h2.mp n5
    have n8 : ¬S := n7.1
    have n9 : P → R := n7.2
    have n10 : R := n9 n1
    exact n4 n10
