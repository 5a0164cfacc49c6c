-- proofs found by `gentzen ttrl` (arm ei); check them with `gentzen verify` or Lean

-- uniform_s11_000117: round 2, by sampling
theorem uniform_s11_000117 (P Q R S : Prop) (h1 : S ∧ (Q → P ↔ P ∧ Q)) (h2 : R ∧ R ∨ (S ↔ Q) → ¬(S → R)) (h3 : ¬S ∨ (P ↔ S)) (h4 : Q ∧ (S → P)) : R ∧ P ↔ (R ↔ S) := by
  have n1 : S := h1.1
  have n2 : S → P := h4.2
  have n3 : P := n2 n1
  constructor
  · intro n4
    have n5 : R := n4.1
    constructor
    · intro n6
      exact n1
    · intro n7
      exact n5
  · intro n8
    have n9 : R := n8.mpr n1
    exact ⟨n9, n3⟩

-- uniform_s11_000050: round 2, by sampling
theorem uniform_s11_000050 (Q R S : Prop) (h1 : R → R) (h2 : Q ∧ S) (h3 : R ∧ Q) (h4 : S) : Q ↔ R := by
  have n1 : Q := h2.1
  have n2 : R := h3.1
  constructor
  intro n3
  exact n2
  · intro n4
    exact n1

-- uniform_s11_001930: round 4, by sampling
theorem uniform_s11_001930 (P Q R S : Prop) (h1 : ¬P ∨ (P ↔ R)) (h2 : Q ∨ Q) (h3 : Q ↔ P) (h4 : (¬S ↔ ¬P) ∧ (S → P ↔ P)) : ¬R ∨ Q ∧ P := by
  rcases h2 with n1 | n2
  · have n3 : P := h3.mp n1
    · have n4 : Q ∧ P := by
        exact ⟨n1, n3⟩
      exact Or.inr n4
  · have n5 : Q ∧ P := by
      have n6 : P := h3.mp n2
      exact ⟨n2, n6⟩
    exact Or.inr n5

-- uniform_s11_002977: round 2, by sampling
theorem uniform_s11_002977 (P Q R : Prop) (h1 : P) (h2 : ((Q ↔ P) ↔ Q ∨ Q) ↔ (Q ∨ Q) ∧ P) (h3 : R) (h4 : R → P) : Q := by
  have n1 : (Q ↔ P) ↔ Q ∨ Q := by
    constructor
    · intro n2
      have n3 : Q := by
        exact n2.mpr h1
      exact Or.inl n3
    · intro n4
      constructor
      · intro n5
        exact h1
      · intro n6
        rcases n4 with n7 | n8
        · exact n7
        · exact n8
  have n9 : Q ∨ Q := by
    have n10 : (Q ∨ Q) ∧ P := h2.mp n1
    have n11 : Q ∨ Q := n10.1
    rcases n11 with n12 | n13
    exact Or.inl n12
    exact Or.inl n13
  rcases n9 with n10 | n11
  · exact n10
  · exact n11

-- uniform_s11_003393: round 4, by sampling
theorem uniform_s11_003393 (P Q R S : Prop) (h1 : (Q → R) → Q ∨ P) (h2 : S ↔ P) : (Q ∨ S) ∨ (P ↔ S → P) := by
  have n1 : Q ∨ ¬Q := Classical.em Q
  rcases n1 with n2 | n3
  · have n4 : Q ∨ S := Or.inl n2
    exact Or.inl n4
  · have n5 : P ↔ S → P := by
      constructor
      · intro n6
        intro n7
        exact n6
      · intro n8
        apply Classical.byContradiction
        · intro n9
          have n10 : Q → R := by
            intro n11
            have n12 : False := n3 n11
            exact False.elim n12
          have n13 : Q ∨ P := h1 n10
          rcases n13 with n14 | n15
          · exact n3 n14
          · exact n9 n15
    exact Or.inr n5

-- uniform_s11_003671: round 4, by sampling
theorem uniform_s11_003671 (P Q R S : Prop) (h1 : ((S ↔ R) ↔ P ∨ R) → ¬¬P) (h2 : (Q ∨ R) ∨ (R → Q) ↔ (Q ∨ R) ∧ (R → P)) (h3 : S) : P ∨ P := by
  have n1 : P := by
    apply Classical.byContradiction
    · intro n2
      have n3 : (S ↔ R) ↔ P ∨ R := by
        constructor
        · intro n4
          have n5 : R := n4.mp h3
          exact Or.inr n5
        · intro n6
          constructor
          · intro n7
            rcases n6 with n8 | n9
            · have n10 : False := n2 n8
              exact False.elim n10
            · exact n9
          · intro n11
            exact h3
      have n12 : ¬¬P := h1 n3
      have n13 : P := Classical.not_not.mp n12
      exact n2 n13
  exact Or.inl n1

-- uniform_s11_003767: round 1, by sampling
theorem uniform_s11_003767 (P Q R S : Prop) (h1 : R → R ∨ Q) (h2 : ¬P ↔ Q ∨ R) (h3 : Q) : (P ↔ S) ∨ S ∨ P := by
  have n1 : S ∨ ¬S := Classical.em S
  rcases n1 with n2 | n3
  · have n4 : S ∨ P := Or.inl n2
    exact Or.inr n4
  · have n5 : P ↔ S := by
      constructor
      intro n6
      have n7 : Q ∨ R := Or.inl h3
      have n8 : ¬P := h2.mpr n7
      have n9 : False := n8 n6
      exact False.elim n9
      intro n10
      have n11 : False := n3 n10
      exact False.elim n11
    exact Or.inl n5

-- uniform_s11_003877: round 5, by sampling
theorem uniform_s11_003877 (P Q R S : Prop) : (P → P ↔ P → Q) ∨ (Q ∧ P → (S ↔ R)) := by
  have n1 : (Q ∧ P → (S ↔ R)) ∨ ¬(Q ∧ P → (S ↔ R)) := Classical.em (Q ∧ P → (S ↔ R))
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : P → P ↔ P → Q := by
      constructor
      · intro n5
        · intro n6
          apply Classical.byContradiction
          · intro n7
            have n8 : Q ∧ P → (S ↔ R) := by
              intro n9
              have n10 : Q := n9.1
              have n11 : False := n7 n10
              exact False.elim n11
            exact n3 n8
      · intro n12
        · intro n13
          exact n13
    exact Or.inl n4

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

-- uniform_s11_002949: round 3, by sampling
theorem uniform_s11_002949 (P R S : Prop) (h1 : S ∨ (R → P) → (¬R ↔ R)) : ¬P := by
  intro n1
  have n2 : S ∨ (R → P) := by
    have n3 : R → P := by
      intro n4
      exact n1
    exact Or.inr n3
  have n5 : ¬R ↔ R := h1 n2
  have n6 : ¬R ∨ ¬¬R := Classical.em (¬R)
  rcases n6 with n7 | n8
  · have n9 : R := n5.mp n7
    exact n7 n9
  have n10 : R := Classical.not_not.mp n8
  have n11 : ¬R := n5.mpr n10
  exact n11 n10

-- uniform_s11_003498: round 2, by sampling
theorem uniform_s11_003498 (P Q S : Prop) (h1 : P) (h2 : S → S → Q) (h3 : Q → P) (h4 : ¬S) (h5 : Q ∨ Q) : ¬P ↔ (S ∨ S ↔ Q → Q) := by
  constructor
  · intro n1
    have n2 : False := n1 h1
    exact False.elim n2
  · intro n3
    intro n4
    have n5 : Q → Q := by
      intro n6
      exact n6
    have n7 : S ∨ S := n3.mpr n5
    rcases n7 with n8 | n9
    · exact h4 n8
    · exact h4 n9

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

-- uniform_s11_004622: round 1, by sampling
theorem uniform_s11_004622 (P Q R S : Prop) (h1 : (Q → R) → R ∨ P) (h2 : (¬S ↔ Q → R) ∨ (R → S) ∨ P ∧ S) (h3 : ¬(P → P ↔ (R ↔ Q))) (h4 : R ↔ S) (h5 : ¬S) : R ∨ Q := by
  have n1 : ¬R := mt h4.mp h5
  have n2 : Q := by
    apply Classical.byContradiction
    · intro n3
      have n4 : P → P ↔ (R ↔ Q) := by
        constructor
        · intro n5
          constructor
          intro n6
          have n7 : False := n1 n6
          exact False.elim n7
          · intro n8
            have n9 : False := n3 n8
            exact False.elim n9
        · intro n10
          intro n11
          exact n11
      exact h3 n4
  exact Or.inr n2

-- uniform_s11_003852: round 4, by sampling
theorem uniform_s11_003852 (P R S : Prop) (h1 : P ∨ P) (h2 : S → P ↔ ¬S ∧ (P → R)) (h3 : P ∨ P) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : S → P := by
      intro n3
      apply Classical.byContradiction
      · intro n4
        have n5 : S → P := by
          intro n6
          rcases h3 with n7 | n8
          · exact n7
          · exact n8
        have n9 : P := n5 n3
        exact n4 n9
    have n10 : ¬S ∧ (P → R) := h2.mp n2
    have n11 : P → R := n10.2
    have n12 : ¬S := n10.1
    rcases h3 with n13 | n14
    have n15 : R := n11 n13
    · exact n1 n15
    · have n16 : R := n11 n14
      · exact n1 n16

-- uniform_s11_004720: round 3, by sampling
theorem uniform_s11_004720 (Q R S : Prop) (h1 : R ∧ S → R ∧ Q) (h2 : S → S) (h3 : Q ∧ Q) : (R ∨ S) ∧ (R → S) ∨ (R ∨ S ↔ R) := by
  have n1 : Q := h3.1
  have n2 : (R ∨ S) ∧ (R → S) ∨ ¬((R ∨ S) ∧ (R → S)) := Classical.em ((R ∨ S) ∧ (R → S))
  rcases n2 with n3 | n4
  · exact Or.inl n3
  · have n5 : R ∨ S ↔ R := by
      constructor
      · intro n6
        rcases n6 with n7 | n8
        · exact n7
        · have n9 : (R ∨ S) ∧ (R → S) := by
            constructor
            · exact Or.inr n8
            intro n10
            exact n8
          have n11 : False := n4 n9
          exact False.elim n11
      · intro n12
        exact Or.inl n12
    exact Or.inr n5

-- uniform_s11_004115: round 1, by sampling
theorem uniform_s11_004115 (P Q R S : Prop) (h1 : (Q → Q ↔ P → Q) → ¬R → ¬Q) (h2 : Q) (h3 : S ∧ S ∧ S) (h4 : (P ↔ R) ∧ S ↔ (S → R) → S → P) : P ∨ R := by
  have n1 : R := by
    apply Classical.byContradiction
    · intro n2
      have n3 : Q → Q ↔ P → Q := by
        constructor
        · intro n4
          intro n5
          exact h2
        · intro n6
          intro n7
          exact n7
      have n8 : ¬R → ¬Q := h1 n3
      have n9 : ¬R := by
        intro n10
        exact n2 n10
      have n11 : ¬Q := n8 n9
      exact n11 h2
  exact Or.inr n1

-- uniform_s11_004885: round 3, by sampling
theorem uniform_s11_004885 (P Q R S : Prop) (h1 : S ∧ S) (h2 : S ∨ S) (h3 : (S ∨ R) ∧ (S ∨ S)) (h4 : (R → R) → Q → R ↔ Q ∧ P → (Q ↔ P)) (h5 : ¬(R ∧ Q)) : ¬Q := by
  intro n1
  have n2 : R ∧ Q := by
    constructor
    · apply Classical.byContradiction
      · intro n3
        have n4 : R → R := by
          intro n5
          exact n5
        have n6 : Q ∧ P → (Q ↔ P) := by
          intro n7
          have n8 : P := n7.2
          constructor
          · intro n9
            exact n8
          · intro n10
            exact n1
        have n11 : (R → R) → Q → R := h4.mpr n6
        have n12 : R → R := by
          intro n13
          exact n13
        have n14 : Q → R := n11 n12
        have n15 : R := n14 n1
        exact n3 n15
    · exact n1
  exact h5 n2

-- uniform_s11_004913: round 3, by sampling
theorem uniform_s11_004913 (P Q R S : Prop) (h1 : ¬(P ∨ R)) (h2 : S → Q) (h3 : R ↔ R) : ((R → R) → (P ↔ Q)) → Q ∨ (S ↔ R) := by
  intro n1
  have n2 : Q ∨ ¬Q := Classical.em Q
  rcases n2 with n3 | n4
  · exact Or.inl n3
  · have n5 : S ↔ R := by
      constructor
      · intro n6
        have n7 : Q := h2 n6
        have n8 : False := n4 n7
        exact False.elim n8
      intro n9
      have n10 : P ∨ R := Or.inr n9
      have n11 : False := h1 n10
      exact False.elim n11
    exact Or.inr n5

-- uniform_s11_004188: round 5, by sampling
theorem uniform_s11_004188 (P R S : Prop) (h1 : P ∧ R ↔ P ∨ S) (h2 : S ↔ P) (h3 : P) : (R ↔ S) ∧ (S ↔ R) := by
  have n1 : S := h2.mpr h3
  constructor
  · constructor
    · intro n2
      exact n1
    · intro n3
      apply Classical.byContradiction
      · intro n4
        have n5 : P ∨ S := Or.inl h3
        have n6 : P ∧ R := h1.mpr n5
        have n7 : R := n6.2
        exact n4 n7
  · constructor
    · intro n8
      have n9 : P ∨ S := Or.inl h3
      have n10 : P ∧ R := h1.mpr n9
      exact n10.2
    · intro n11
      exact n1

-- uniform_s11_002588: round 3, by sampling
theorem uniform_s11_002588 (P Q R S : Prop) (h1 : (P → Q) ∨ ¬S → R) (h2 : S) (h3 : (R ↔ S) → Q ∧ Q) (h4 : P) (h5 : Q ↔ P) : ((Q ∨ R) ∧ (Q → P)) ∧ ((S → S) → Q → P) := by
  constructor
  · constructor
    · have n1 : Q := by
        have n2 : Q := h5.mpr h4
        exact n2
      · exact Or.inl n1
    · intro n3
      exact h4
  · intro n4
    intro n5
    exact h4

-- uniform_s11_004248: round 6, by sampling
theorem uniform_s11_004248 (P Q R S : Prop) (h1 : R ∨ P ↔ ¬R) (h2 : Q ↔ R) (h3 : S ∨ Q → (S ↔ Q)) : P ∨ Q := by
  have n1 : P ∨ ¬P := Classical.em P
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q := by
      have n5 : R := by
        apply Classical.byContradiction
        · intro n6
          have n7 : R ∨ P := h1.mpr n6
          rcases n7 with n8 | n9
          · exact n6 n8
          · exact n3 n9
      have n10 : R ∨ P := Or.inl n5
      have n11 : ¬R := h1.mp n10
      have n12 : False := n11 n5
      exact False.elim n12
    exact Or.inr n4

-- uniform_s11_005011: round 3, by sampling
theorem uniform_s11_005011 (P Q R S : Prop) (h1 : (R ∨ P) ∧ (P → S)) (h2 : ¬(Q → P)) (h3 : (R → ¬P) → ¬(S → P)) : Q ↔ R := by
  have n1 : R ∨ P := h1.1
  constructor
  · intro n2
    apply Classical.byContradiction
    · intro n3
      have n4 : Q → P := by
        intro n5
        apply Classical.byContradiction
        intro n6
        have n7 : Q → P := by
          intro n8
          rcases n1 with n9 | n10
          · have n11 : False := n3 n9
            exact False.elim n11
          · exact n10
        exact h2 n7
      exact h2 n4
  · intro n12
    apply Classical.byContradiction
    intro n13
    have n14 : Q → P := by
      intro n15
      have n16 : False := n13 n15
      exact False.elim n16
    exact h2 n14

-- uniform_s11_002712: round 1, by sampling
theorem uniform_s11_002712 (P Q R S : Prop) (h1 : R ∨ P → R ↔ Q → P) (h2 : S) (h3 : P) : R ↔ Q ∨ R := by
  constructor
  · intro n1
    exact Or.inr n1
  · intro n2
    have n3 : R := by
      rcases n2 with n4 | n5
      · have n6 : Q → P := by
          intro n7
          exact h3
        have n8 : R ∨ P → R := h1.mpr n6
        · have n9 : R ∨ P := Or.inr h3
          have n10 : R := n8 n9
          · exact n10
      · exact n5
    exact n3

-- uniform_s11_005073: round 1, by sampling
theorem uniform_s11_005073 (P Q R S : Prop) (h1 : (R ↔ Q) ∨ Q ∨ R) (h2 : (¬P → (R ↔ P)) ∨ R ∧ (P → S)) (h3 : ¬(S ∧ Q) → R) : ((R → R) → P → S) ∨ (Q ∨ P) ∧ (P ↔ P) := by
  have n1 : (Q ∨ P) ∧ (P ↔ P) ∨ ¬((Q ∨ P) ∧ (P ↔ P)) := Classical.em ((Q ∨ P) ∧ (P ↔ P))
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : (R → R) → P → S := by
      intro n5
      intro n6
      have n7 : (Q ∨ P) ∧ (P ↔ P) := by
        constructor
        exact Or.inr n6
        · constructor
          · intro n8
            exact n8
          · intro n9
            exact n9
      have n10 : False := n3 n7
      exact False.elim n10
    exact Or.inl n4

-- uniform_s11_004351: round 1, by sampling
theorem uniform_s11_004351 (P Q R S : Prop) (h1 : ¬R) (h2 : P ∨ (P → R) ↔ S ∧ P ∨ Q ∨ S) (h3 : (S ∧ R → P → Q) ∨ P) : ¬P → S ∨ Q := by
  intro n1
  have n2 : P ∨ (P → R) := by
    have n3 : P → R := by
      intro n4
      have n5 : False := n1 n4
      exact False.elim n5
    exact Or.inr n3
  have n6 : S ∧ P ∨ Q ∨ S := h2.mp n2
  rcases n6 with n7 | n8
  · have n9 : S := n7.1
    exact Or.inl n9
  rcases n8 with n9 | n10
  · exact Or.inr n9
  · exact Or.inl n10

-- uniform_s11_002815: round 1, by sampling
theorem uniform_s11_002815 (P Q R S : Prop) (h1 : R ∧ Q → S ∨ S) (h2 : S) (h3 : S → Q ↔ Q → P) : Q := by
  have n1 : Q → P := by
    intro n2
    have n3 : S → Q := by
      intro n4
      exact n2
    have n5 : Q → P := h3.mp n3
    exact n5 n2
  have n6 : S → Q := h3.mpr n1
  exact n6 h2

-- uniform_s11_001199: round 6, by sampling
theorem uniform_s11_001199 (P Q R S : Prop) (h1 : P ↔ S ∨ S) (h2 : Q → Q) (h3 : (P ∧ R → Q → R) ∧ R) (h4 : P → Q) (h5 : (R ↔ S) ∧ (P → R)) : P := by
  have n1 : R ↔ S := h5.1
  have n2 : R := h3.2
  have n3 : S := n1.mp n2
  have n4 : S ∨ S := Or.inl n3
  exact h1.mpr n4

-- uniform_s11_005185: round 4, by sampling
theorem uniform_s11_005185 (P Q R S : Prop) (h1 : P → R) (h2 : R → S) (h3 : ¬R ∨ P ∨ R ↔ (R ∨ S) ∧ (Q ∨ Q)) (h4 : R ∨ R ↔ ¬Q) : (¬R ↔ S → R) → (S → Q ↔ ¬S) := by
  intro n1
  constructor
  · intro n2
    intro n3
    have n4 : ¬R ∨ ¬¬R := Classical.em (¬R)
    rcases n4 with n5 | n6
    · have n7 : S → R := n1.mp n5
      have n8 : R := n7 n3
      exact n5 n8
    · have n9 : ¬(S → R) := mt n1.mpr n6
      have n10 : R := Classical.not_not.mp n6
      have n11 : R ∨ S := Or.inl n10
      have n12 : S → R := by
        intro n13
        exact n10
      exact n9 n12
  · intro n14
    intro n15
    have n16 : False := n14 n15
    exact False.elim n16

-- uniform_s11_004533: round 2, by sampling
theorem uniform_s11_004533 (P Q R S : Prop) (h1 : ¬S) (h2 : P ∨ (S ∨ R) ∨ (S → P)) (h3 : P ∨ Q) (h4 : (R → S) ∧ ¬Q → (Q ↔ P) → ¬P) : S ∨ S → (P ↔ Q) := by
  intro n1
  constructor
  intro n2
  rcases h2 with n3 | n4
  · apply Classical.byContradiction
    · intro n5
      rcases n1 with n6 | n7
      · exact h1 n6
      · exact h1 n7
  · rcases n4 with n6 | n7
    · rcases n1 with n8 | n9
      · have n10 : False := h1 n8
        exact False.elim n10
      · have n11 : False := h1 n9
        exact False.elim n11
    · rcases n1 with n10 | n11
      · have n12 : False := h1 n10
        exact False.elim n12
      · have n13 : False := h1 n11
        exact False.elim n13
  · intro n14
    rcases n1 with n14 | n15
    · have n16 : False := h1 n14
      exact False.elim n16
    · have n17 : False := h1 n15
      exact False.elim n17

-- uniform_s11_005241: round 2, by sampling
theorem uniform_s11_005241 (P Q R S : Prop) (h1 : Q ↔ P) (h2 : R ↔ S) (h3 : ¬¬Q → ¬(P ∧ R)) (h4 : R ∨ Q) (h5 : (R → Q ↔ (R ↔ Q)) → ¬(R ∧ R)) : Q ∨ R := by
  have n1 : Q ∨ ¬Q := Classical.em Q
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : R ∨ ¬R := Classical.em R
    rcases n4 with n5 | n6
    · exact Or.inr n5
    · have n7 : R := by
        apply Classical.byContradiction
        · intro n8
          rcases h4 with n9 | n10
          · exact n8 n9
          · exact n3 n10
      · have n11 : False := n6 n7
        have n12 : Q := False.elim n11
        exact Or.inl n12

-- uniform_s11_001488: round 2, by sampling
theorem uniform_s11_001488 (P Q R S : Prop) (h1 : P ∧ (Q ↔ R)) (h2 : S ∧ (P → P)) : R → (S ↔ P) := by
  have n1 : P := h1.1
  intro n2
  have n3 : S := h2.1
  constructor
  · intro n4
    exact n1
  · intro n5
    exact n3

-- uniform_s11_003274: round 1, by sampling
theorem uniform_s11_003274 (P Q R S : Prop) (h1 : Q ∨ (P ↔ S) ∧ P) (h2 : ¬((R ↔ R) → R ∨ Q)) : P → P → S := by
  intro n1
  intro n2
  rcases h1 with n3 | n4
  · have n5 : (R ↔ R) → R ∨ Q := by
      intro n6
      exact Or.inr n3
    have n7 : False := h2 n5
    exact False.elim n7
  · have n8 : P ↔ S := n4.1
    exact n8.mp n2

-- uniform_s11_003299: round 2, by sampling
theorem uniform_s11_003299 (Q R S : Prop) (h1 : Q) (h2 : Q ∧ S ↔ S ∧ Q → R ∧ R) (h3 : Q) : R ∨ S := by
  have n1 : S ∨ ¬S := Classical.em S
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : S := by
      have n5 : S ∧ Q → R ∧ R := by
        intro n6
        have n7 : S := n6.1
        have n8 : False := n3 n7
        exact False.elim n8
      have n9 : Q ∧ S := h2.mpr n5
      exact n9.2
    exact Or.inr n4

-- uniform_s11_005440: round 4, by sampling
theorem uniform_s11_005440 (P Q R S : Prop) (h1 : R ∧ ((R ↔ S) ↔ S → P)) (h2 : S ∧ (R ↔ Q)) : (S ↔ P) ∨ Q ∧ P := by
  have n1 : R := h1.1
  have n2 : (R ↔ S) ↔ S → P := h1.2
  have n3 : S ↔ P := by
    constructor
    · intro n4
      have n5 : R ↔ S := by
        constructor
        intro n6
        exact n4
        · intro n7
          exact n1
      have n8 : S → P := n2.mp n5
      exact n8 n4
    · intro n9
      have n10 : S → P := by
        intro n11
        exact n9
      have n12 : R ↔ S := n2.mpr n10
      exact n12.mp n1
  exact Or.inl n3

-- uniform_s11_005471: round 1, by sampling
theorem uniform_s11_005471 (P Q R S : Prop) (h1 : (R ∨ P) ∨ (R → Q)) (h2 : R ∨ S → P → P) (h3 : (R ↔ Q ∧ Q) → (R ∧ P) ∧ (Q ↔ R)) : R ∨ Q := by
  have n1 : R ∨ ¬R := Classical.em R
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q := by
      apply Classical.byContradiction
      · intro n5
        have n6 : R ↔ Q ∧ Q := by
          constructor
          · intro n7
            have n8 : False := n3 n7
            exact False.elim n8
          · intro n9
            have n10 : Q := n9.1
            have n11 : False := n5 n10
            exact False.elim n11
        have n12 : (R ∧ P) ∧ (Q ↔ R) := h3 n6
        have n13 : R ∧ P := n12.1
        have n14 : R := n13.1
        exact n3 n14
    exact Or.inr n4

-- uniform_s11_003374: round 1, by sampling
theorem uniform_s11_003374 (P Q R S : Prop) (h1 : ¬(S ↔ Q)) (h2 : Q) (h3 : (P → S) ∨ (P → P)) : (P ∨ R → P ∧ R) → (R ↔ R ∧ P) := by
  intro n1
  constructor
  · intro n2
    constructor
    exact n2
    · have n3 : P ∨ R := Or.inr n2
      have n4 : P ∧ R := n1 n3
      exact n4.1
  · intro n5
    exact n5.1

-- uniform_s11_001788: round 4, by sampling
theorem uniform_s11_001788 (P Q R S : Prop) (h1 : P ∧ (¬P ∨ R)) (h2 : P ∨ S) (h3 : S ∨ Q) (h4 : (P → S) ∨ (S → R)) (h5 : S → Q) : R := by
  have n1 : P := h1.1
  have n2 : ¬P ∨ R := h1.2
  rcases n2 with n3 | n4
  · have n5 : False := n3 n1
    exact False.elim n5
  · exact n4

-- uniform_s11_005092: round 2, by sampling
theorem uniform_s11_005092 (P Q R S : Prop) (h1 : (¬S ∨ Q ∨ S) ∨ ¬(Q ↔ P)) (h2 : P ↔ S) (h3 : (S ∨ P) ∨ ¬S) (h4 : (P → P) ∧ S ∧ S) (h5 : (¬R → P → Q) ∧ (¬Q ↔ S)) : ((P → R) → (R ↔ R)) ∧ (P ∨ R ↔ Q → P) := by
  have n1 : S ∧ S := h4.2
  have n2 : S := n1.1
  have n3 : P := h2.mpr n2
  constructor
  · intro n4
    · constructor
      · intro n5
        exact n5
      · intro n6
        exact n6
  · constructor
    · intro n7
      · intro n8
        exact n3
    · intro n9
      exact Or.inl n3

-- uniform_s11_003894: round 2, by sampling
theorem uniform_s11_003894 (P Q R S : Prop) (h1 : P) (h2 : (R ∨ Q ↔ R → Q) ∨ (Q ↔ S → S)) (h3 : (P ∨ P) ∨ S ∧ S ↔ R) (h4 : R) : R ↔ Q := by
  constructor
  · intro n1
    rcases h2 with n2 | n3
    · have n4 : R ∨ Q := Or.inl n1
      have n5 : R → Q := n2.mp n4
      exact n5 n1
    · have n6 : S → S := by
        intro n7
        exact n7
      exact n3.mpr n6
  · intro n8
    exact h4

-- uniform_s11_005270: round 1, by sampling
theorem uniform_s11_005270 (P Q R S : Prop) (h1 : R → Q) (h2 : P ↔ S) (h3 : P) : (P → Q) ∨ (S → Q) → (R ∨ Q ↔ (P ↔ P)) := by
  intro n1
  constructor
  intro n2
  constructor
  · intro n3
    exact n3
  · intro n4
    exact n4
  · intro n5
    have n6 : Q := by
      apply Classical.byContradiction
      intro n7
      have n8 : S := by
        have n9 : P := by
          exact h3
        have n10 : S := h2.mp n9
        exact n10
      rcases n1 with n9 | n10
      · have n11 : Q := n9 h3
        exact n7 n11
      · have n12 : Q := n10 n8
        exact n7 n12
    exact Or.inr n6

-- uniform_s11_005394: round 5, by sampling
theorem uniform_s11_005394 (P Q R S : Prop) (h1 : (Q → P ↔ R ∨ S) ∧ (R ∧ S ↔ S → R)) (h2 : Q → S) (h3 : S) (h4 : P → Q) : P ∧ (P ∨ Q) ∨ (P ∨ R → S → R) := by
  have n1 : P ∨ ¬P := Classical.em P
  rcases n1 with n2 | n3
  · have n4 : Q := h4 n2
    have n5 : P ∧ (P ∨ Q) := by
      constructor
      · exact n2
      · exact Or.inl n2
    exact Or.inl n5
  · have n6 : P ∨ R → S → R := by
      intro n7
      intro n8
      rcases n7 with n9 | n10
      · have n11 : False := n3 n9
        exact False.elim n11
      · exact n10
    exact Or.inr n6

-- uniform_s11_005793: round 3, by sampling
theorem uniform_s11_005793 (P Q R S : Prop) (h1 : ¬(R ↔ P)) (h2 : ((S → P) → Q → R) → ¬(P ∨ P)) (h3 : (S ∨ S) ∨ Q) (h4 : ¬((S ↔ P) → P)) (h5 : ¬((S ↔ R) ↔ (S ↔ P))) : R ∨ P := by
  have n1 : R := by
    apply Classical.byContradiction
    · intro n2
      have n3 : R ↔ P := by
        constructor
        · intro n4
          have n5 : False := n2 n4
          exact False.elim n5
        · intro n6
          apply Classical.byContradiction
          · intro n7
            have n8 : (S ↔ P) → P := by
              intro n9
              exact n6
            exact h4 n8
      exact h1 n3
  exact Or.inl n1

-- uniform_s11_005891: round 2, by sampling
theorem uniform_s11_005891 (P Q R S : Prop) (h1 : P ↔ S) (h2 : S → P ↔ S ∨ Q) (h3 : ¬R) (h4 : (P → S) → Q ∧ Q) : (S → S ↔ (Q ↔ Q)) ∧ ¬¬Q := by
  constructor
  · constructor
    · intro n1
      constructor
      · intro n2
        exact n2
      · intro n3
        exact n3
    · intro n4
      intro n5
      exact n5
  · intro n6
    have n7 : P → S := by
      intro n8
      have n9 : S → P := by
        intro n10
        exact n8
      have n11 : P → S := by
        intro n12
        have n13 : S := h1.mp n12
        exact n13
      exact n11 n8
    have n14 : Q ∧ Q := h4 n7
    have n15 : Q := n14.1
    exact n6 n15

-- uniform_s12_000314: round 1, by sampling
theorem uniform_s12_000314 (P R S : Prop) (h1 : S → P ↔ R) (h2 : P) (h3 : ¬¬(P → S)) : P → (S ↔ R) := by
  have n1 : P → S := Classical.not_not.mp h3
  intro n2
  constructor
  intro n3
  have n4 : S → P := by
    intro n5
    exact n2
  exact h1.mp n4
  · intro n6
    have n7 : P → S := by
      intro n8
      have n9 : S → P := by
        intro n10
        exact n8
      have n11 : R := h1.mp n9
      have n12 : P → S := by
        intro n13
        exact n1 n13
      exact n12 n8
    exact n7 n2

-- uniform_s12_000379: round 1, by sampling
theorem uniform_s12_000379 (P Q R S : Prop) (h1 : ¬Q) (h2 : (S ∨ S) ∨ (P ↔ R)) (h3 : P) (h4 : Q ↔ S) : R ↔ P := by
  have n1 : ¬S := mt h4.mpr h1
  constructor
  · intro n2
    exact h3
  · intro n3
    rcases h2 with n4 | n5
    · rcases n4 with n6 | n7
      · have n8 : False := n1 n6
        exact False.elim n8
      · have n9 : False := n1 n7
        exact False.elim n9
    · exact n5.mp n3

-- uniform_s12_000589: round 2, by sampling
theorem uniform_s12_000589 (P Q R S : Prop) (h1 : Q ∧ (Q → R)) (h2 : R → S ↔ Q) (h3 : (S → Q ↔ (Q ↔ P)) → S) : ((R ↔ S) → (Q ↔ S)) ∨ ((P ↔ Q) ↔ R ∨ S) := by
  have n1 : Q := h1.1
  have n2 : Q → R := h1.2
  have n3 : (R ↔ S) → (Q ↔ S) := by
    have n4 : R := n2 n1
    intro n5
    have n6 : S := n5.mp n4
    constructor
    · intro n7
      exact n6
    · intro n8
      exact n1
  exact Or.inl n3

-- uniform_s12_000461: round 2, by sampling
theorem uniform_s12_000461 (P Q R S : Prop) (h1 : ((Q → S) → R → P) → R) (h2 : ¬¬(Q → Q)) : R := by
  have n1 : Q → Q := Classical.not_not.mp h2
  apply Classical.byContradiction
  · intro n2
    have n3 : ¬((Q → S) → R → P) := mt h1 n2
    have n4 : (Q → S) → R → P := by
      intro n5
      intro n6
      have n7 : False := n2 n6
      exact False.elim n7
    exact n3 n4

-- uniform_s12_000471: round 2, by sampling
theorem uniform_s12_000471 (P Q R S : Prop) (h1 : R ∧ P) (h2 : P → S → S) (h3 : Q → R) (h4 : S ∧ S → ¬(R ↔ S)) (h5 : (R → P ↔ P ∨ S) ∧ (S → R → Q)) : ¬S := by
  have n1 : R := h1.1
  intro n2
  have n3 : S ∧ S := ⟨n2, n2⟩
  have n4 : ¬(R ↔ S) := h4 n3
  have n5 : R ↔ S := by
    constructor
    · intro n6
      exact n2
    · intro n7
      exact n1
  exact n4 n5

-- uniform_s12_001027: round 3, by sampling
theorem uniform_s12_001027 (P Q R S : Prop) (h1 : ¬(Q ↔ P) → ¬S → S → R) (h2 : ¬(Q → Q) → S) (h3 : ¬(S → Q ↔ P ∨ Q)) (h4 : P → S) : S → P := by
  intro n1
  have n2 : Q → Q := by
    intro n3
    exact n3
  apply Classical.byContradiction
  · intro n4
    have n5 : S → Q ↔ P ∨ Q := by
      constructor
      · intro n6
        have n7 : Q := n6 n1
        exact Or.inr n7
      · intro n8
        intro n9
        rcases n8 with n10 | n11
        · have n12 : False := n4 n10
          exact False.elim n12
        · exact n11
    exact h3 n5

-- uniform_s12_001467: round 2, by sampling
theorem uniform_s12_001467 (P Q R S : Prop) (h1 : ¬P ∨ (S → S)) (h2 : P) (h3 : (¬Q → P) ∧ ((S ∨ R) ∨ P)) (h4 : S ∧ R) : (S → R ↔ P → P) ∧ (P → R ↔ S) := by
  have n1 : S := h4.1
  have n2 : R := h4.2
  constructor
  · constructor
    · intro n3
      · intro n4
        exact n4
    · intro n5
      intro n6
      exact n2
  · constructor
    · intro n7
      exact n1
    · intro n8
      · intro n9
        exact n2
