-- proofs found by `gentzen ttrl` (arm ei); check them with `gentzen verify` or Lean

-- uniform_s11_000117: round 2, by sampling
theorem uniform_s11_000117 (P Q R S : Prop) (h1 : S ∧ (Q → P ↔ P ∧ Q)) (h2 : R ∧ R ∨ (S ↔ Q) → ¬(S → R)) (h3 : ¬S ∨ (P ↔ S)) (h4 : Q ∧ (S → P)) : R ∧ P ↔ (R ↔ S) := by
  have n1 : S := h1.1
  constructor
  · intro n2
    have n3 : R := n2.1
    constructor
    · intro n4
      exact n1
    · intro n5
      exact n3
  · intro n6
    have n7 : R := n6.mpr n1
    constructor
    · exact n7
    · have n8 : S ∧ R := ⟨n1, n7⟩
      · rcases h3 with n11 | n12
        have n13 : False := n11 n1
        exact False.elim n13
        exact n12.mpr n1

-- uniform_s11_000050: round 2, by sampling
theorem uniform_s11_000050 (Q R S : Prop) (h1 : R → R) (h2 : Q ∧ S) (h3 : R ∧ Q) (h4 : S) : Q ↔ R := by
  have n1 : Q := h2.1
  have n2 : R := h3.1
  constructor
  · intro n3
    exact n2
  · intro n4
    exact n1

-- uniform_s11_001930: round 2, by sampling
theorem uniform_s11_001930 (P Q R S : Prop) (h1 : ¬P ∨ (P ↔ R)) (h2 : Q ∨ Q) (h3 : Q ↔ P) (h4 : (¬S ↔ ¬P) ∧ (S → P ↔ P)) : ¬R ∨ Q ∧ P := by
  rcases h2 with n1 | n2
  · have n3 : P := h3.mp n1
    · have n4 : Q ∧ P := by
        exact ⟨n1, n3⟩
      exact Or.inr n4
  · have n5 : P := h3.mp n2
    · have n6 : Q ∧ P := ⟨n2, n5⟩
      exact Or.inr n6

-- uniform_s11_002977: round 2, by sampling
theorem uniform_s11_002977 (P Q R : Prop) (h1 : P) (h2 : ((Q ↔ P) ↔ Q ∨ Q) ↔ (Q ∨ Q) ∧ P) (h3 : R) (h4 : R → P) : Q := by
  have n1 : (Q ↔ P) ↔ Q ∨ Q := by
    constructor
    · intro n2
      have n3 : Q := n2.mpr h1
      exact Or.inl n3
    · intro n4
      constructor
      · intro n5
        exact h1
      · intro n6
        rcases n4 with n7 | n8
        · exact n7
        · exact n8
  have n9 : (Q ∨ Q) ∧ P := h2.mp n1
  have n10 : Q ∨ Q := n9.1
  rcases n10 with n11 | n12
  · exact n11
  · exact n12

-- uniform_s11_003393: round 2, by sampling
theorem uniform_s11_003393 (P Q R S : Prop) (h1 : (Q → R) → Q ∨ P) (h2 : S ↔ P) : (Q ∨ S) ∨ (P ↔ S → P) := by
  have n1 : Q ∨ S := by
    have n2 : Q ∨ ¬Q := Classical.em Q
    rcases n2 with n3 | n4
    · exact Or.inl n3
    · have n5 : Q → R := by
        intro n6
        have n7 : False := n4 n6
        exact False.elim n7
      have n8 : Q ∨ P := h1 n5
      rcases n8 with n9 | n10
      · have n11 : False := n4 n9
        have n12 : S := False.elim n11
        exact Or.inr n12
      · have n13 : S := h2.mpr n10
        exact Or.inr n13
  exact Or.inl n1

-- uniform_s11_003671: round 2, by sampling
theorem uniform_s11_003671 (P Q R S : Prop) (h1 : ((S ↔ R) ↔ P ∨ R) → ¬¬P) (h2 : (Q ∨ R) ∨ (R → Q) ↔ (Q ∨ R) ∧ (R → P)) (h3 : S) : P ∨ P := by
  have n1 : P ∨ ¬P := Classical.em P
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : (S ↔ R) ↔ P ∨ R := by
      constructor
      · intro n5
        have n6 : R := n5.mp h3
        exact Or.inr n6
      · intro n7
        constructor
        · intro n8
          rcases n7 with n9 | n10
          · have n11 : False := n3 n9
            exact False.elim n11
          · exact n10
        · intro n12
          exact h3
    have n13 : ¬¬P := h1 n4
    have n14 : P := Classical.not_not.mp n13
    exact Or.inl n14

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

-- uniform_s11_002949: round 2, by sampling
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
  · have n10 : ¬R := mt n5.mpr n8
    have n11 : R := n5.mp n10
    exact n10 n11

-- uniform_s11_004357: round 3, by sampling
theorem uniform_s11_004357 (P Q R S : Prop) (h1 : ¬¬Q → (R → S) ∨ P) (h2 : ¬(P ∧ R ↔ S → S)) : ((S ↔ Q) ∨ S) ∨ Q := by
  have n1 : (Q ∨ S) ∨ ¬(Q ∨ S) := Classical.em (Q ∨ S)
  rcases n1 with n2 | n3
  · rcases n2 with n3 | n4
    · exact Or.inr n3
    · have n5 : (S ↔ Q) ∨ S := Or.inr n4
      exact Or.inl n5
  · have n6 : (S ↔ Q) ∨ S := by
      have n7 : S ↔ Q := by
        constructor
        · intro n8
          have n9 : Q ∨ S := Or.inr n8
          have n10 : False := n3 n9
          exact False.elim n10
        · intro n11
          have n12 : Q ∨ S := Or.inl n11
          have n13 : False := n3 n12
          exact False.elim n13
      exact Or.inl n7
    exact Or.inl n6

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

-- uniform_s11_003852: round 2, by sampling
theorem uniform_s11_003852 (P R S : Prop) (h1 : P ∨ P) (h2 : S → P ↔ ¬S ∧ (P → R)) (h3 : P ∨ P) : R := by
  have n1 : P := by
    rcases h3 with n1 | n2
    · exact n1
    · exact n2
  apply Classical.byContradiction
  · intro n3
    have n4 : S → P := by
      intro n5
      exact n1
    have n6 : ¬S ∧ (P → R) := h2.mp n4
    have n7 : ¬S := n6.1
    have n8 : P → R := n6.2
    have n9 : R := n8 n1
    exact n3 n9

-- uniform_s11_004720: round 3, by sampling
theorem uniform_s11_004720 (Q R S : Prop) (h1 : R ∧ S → R ∧ Q) (h2 : S → S) (h3 : Q ∧ Q) : (R ∨ S) ∧ (R → S) ∨ (R ∨ S ↔ R) := by
  have n1 : (R ∨ S) ∧ (R → S) ∨ ¬((R ∨ S) ∧ (R → S)) := Classical.em ((R ∨ S) ∧ (R → S))
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : R ∨ S ↔ R := by
      constructor
      · intro n5
        apply Classical.byContradiction
        intro n6
        have n7 : (R ∨ S) ∧ (R → S) := by
          constructor
          · rcases n5 with n7 | n8
            · have n9 : False := n6 n7
              have n10 : S := False.elim n9
              exact Or.inr n10
            · exact Or.inr n8
          · intro n11
            have n12 : False := n6 n11
            exact False.elim n12
        exact n3 n7
      · intro n13
        exact Or.inl n13
    exact Or.inr n4

-- uniform_s11_004038: round 2, by sampling
theorem uniform_s11_004038 (P Q R S : Prop) (h1 : (¬P ↔ (Q ↔ S)) → Q → S) (h2 : ¬R ↔ (R ↔ S)) : ¬S := by
  intro n1
  have n2 : R ↔ S := by
    constructor
    · intro n3
      exact n1
    · intro n4
      apply Classical.byContradiction
      intro n5
      have n6 : R ↔ S := h2.mp n5
      have n7 : R := n6.mpr n4
      exact n5 n7
  have n8 : R := n2.mpr n1
  have n9 : (R ↔ S) ∨ ¬(R ↔ S) := Classical.em (R ↔ S)
  rcases n9 with n10 | n11
  have n12 : ¬R := h2.mpr n10
  exact n12 n8
  · have n13 : R ↔ S := by
      constructor
      · intro n14
        exact n1
      · intro n15
        exact n8
    exact n11 n13

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

-- uniform_s11_002588: round 2, by sampling
theorem uniform_s11_002588 (P Q R S : Prop) (h1 : (P → Q) ∨ ¬S → R) (h2 : S) (h3 : (R ↔ S) → Q ∧ Q) (h4 : P) (h5 : Q ↔ P) : ((Q ∨ R) ∧ (Q → P)) ∧ ((S → S) → Q → P) := by
  constructor
  · constructor
    · have n1 : P → Q := by
        intro n2
        exact h5.mpr n2
      have n3 : Q := n1 h4
      exact Or.inl n3
    · intro n4
      exact h4
  · intro n5
    intro n6
    exact h4

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

-- uniform_s11_002827: round 2, by sampling
theorem uniform_s11_002827 (P Q R S : Prop) (h1 : P → S → P ↔ R) (h2 : S ∧ R) (h3 : P) (h4 : (R → P ↔ (Q ↔ R)) ↔ R) : P ∧ Q := by
  have n1 : R := h2.2
  have n2 : R → P ↔ (Q ↔ R) := h4.mpr n1
  constructor
  · exact h3
  · have n3 : R → P := by
      intro n4
      exact h3
    have n5 : Q ↔ R := n2.mp n3
    exact n5.mpr n1

-- uniform_s11_005241: round 2, by sampling
theorem uniform_s11_005241 (P Q R S : Prop) (h1 : Q ↔ P) (h2 : R ↔ S) (h3 : ¬¬Q → ¬(P ∧ R)) (h4 : R ∨ Q) (h5 : (R → Q ↔ (R ↔ Q)) → ¬(R ∧ R)) : Q ∨ R := by
  rcases h4 with n1 | n2
  · exact Or.inr n1
  · exact Or.inl n2

-- uniform_s11_001488: round 2, by sampling
theorem uniform_s11_001488 (P Q R S : Prop) (h1 : P ∧ (Q ↔ R)) (h2 : S ∧ (P → P)) : R → (S ↔ P) := by
  intro n1
  have n2 : S := h2.1
  constructor
  · intro n3
    have n4 : P → P := by
      intro n5
      exact n5
    exact h1.1
  · intro n6
    exact n2

-- uniform_s11_003110: round 3, by sampling
theorem uniform_s11_003110 (P Q R S : Prop) (h1 : R ∧ R) : S → (Q → P) ∨ R ∧ Q := by
  have n1 : R := h1.1
  intro n2
  have n3 : Q ∨ ¬Q := Classical.em Q
  rcases n3 with n4 | n5
  · have n6 : R ∧ Q := ⟨n1, n4⟩
    exact Or.inr n6
  · have n7 : Q → P := by
      intro n8
      have n9 : False := n5 n8
      exact False.elim n9
    exact Or.inl n7

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

-- uniform_s11_004979: round 2, by sampling
theorem uniform_s11_004979 (P Q R S : Prop) (h1 : (P → Q) ∧ ¬Q) (h2 : S ∧ R) (h3 : P ∧ S → ¬P) : (Q → P ∨ S) → (S → P ↔ ¬R) := by
  have n1 : S := h2.1
  have n2 : R := h2.2
  intro n3
  constructor
  intro n4
  have n5 : P := n4 n1
  intro n6
  have n7 : P ∧ S := ⟨n5, n1⟩
  have n8 : ¬P := h3 n7
  exact n8 n5
  · intro n9
    have n10 : False := n9 n2
    exact False.elim n10

-- uniform_s11_005092: round 2, by sampling
theorem uniform_s11_005092 (P Q R S : Prop) (h1 : (¬S ∨ Q ∨ S) ∨ ¬(Q ↔ P)) (h2 : P ↔ S) (h3 : (S ∨ P) ∨ ¬S) (h4 : (P → P) ∧ S ∧ S) (h5 : (¬R → P → Q) ∧ (¬Q ↔ S)) : ((P → R) → (R ↔ R)) ∧ (P ∨ R ↔ Q → P) := by
  have n1 : S ∧ S := h4.2
  have n2 : S := n1.1
  have n3 : P := h2.mpr n2
  constructor
  · intro n4
    have n5 : R := n4 n3
    constructor
    · intro n6
      exact n6
    · intro n7
      exact n7
  · constructor
    · intro n8
      intro n9
      exact n3
    · intro n10
      exact Or.inl n3

-- uniform_s11_003894: round 3, by sampling
theorem uniform_s11_003894 (P Q R S : Prop) (h1 : P) (h2 : (R ∨ Q ↔ R → Q) ∨ (Q ↔ S → S)) (h3 : (P ∨ P) ∨ S ∧ S ↔ R) (h4 : R) : R ↔ Q := by
  constructor
  · intro n1
    rcases h2 with n2 | n3
    · apply Classical.byContradiction
      intro n4
      have n5 : R ∨ Q := Or.inl n1
      have n6 : R → Q := n2.mp n5
      have n7 : Q := n6 n1
      exact n4 n7
    · have n8 : S → S := by
        intro n9
        exact n9
      exact n3.mpr n8
  · intro n10
    exact h4

-- uniform_s11_005717: round 3, by sampling
theorem uniform_s11_005717 (P Q R S : Prop) (h1 : R ↔ P ∨ S) : (P ↔ R) ∨ (Q → S) := by
  have n1 : (P ↔ R) ∨ ¬(P ↔ R) := Classical.em (P ↔ R)
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q → S := by
      intro n5
      apply Classical.byContradiction
      · intro n6
        have n7 : P ↔ R := by
          constructor
          · intro n8
            have n9 : P ∨ S := Or.inl n8
            exact h1.mpr n9
          · intro n10
            have n11 : P ∨ S := h1.mp n10
            rcases n11 with n12 | n13
            · exact n12
            · have n14 : False := n6 n13
              exact False.elim n14
        exact n3 n7
    exact Or.inr n4

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

-- uniform_s11_005394: round 3, by sampling
theorem uniform_s11_005394 (P Q R S : Prop) (h1 : (Q → P ↔ R ∨ S) ∧ (R ∧ S ↔ S → R)) (h2 : Q → S) (h3 : S) (h4 : P → Q) : P ∧ (P ∨ Q) ∨ (P ∨ R → S → R) := by
  have n1 : P ∧ (P ∨ Q) ∨ ¬(P ∧ (P ∨ Q)) := Classical.em (P ∧ (P ∨ Q))
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : P ∨ R → S → R := by
      intro n5
      intro n6
      rcases n5 with n7 | n8
      · have n9 : P ∧ (P ∨ Q) := by
          constructor
          · exact n7
          · exact Or.inl n7
        have n10 : False := n3 n9
        exact False.elim n10
      · exact n8
    exact Or.inr n4

-- uniform_s11_005736: round 3, by sampling
theorem uniform_s11_005736 (P Q R S : Prop) (h1 : (P ↔ S) ∧ (P → Q) ↔ (¬R ↔ (S ↔ P))) (h2 : S → Q) (h3 : ¬R) (h4 : ¬(Q ↔ R)) : ((S → Q) → (R ↔ Q)) → (S ∨ S ↔ ¬R) := by
  intro n1
  constructor
  · intro n2
    exact h3
  · intro n3
    have n4 : S := by
      have n5 : S → Q := by
        intro n6
        have n7 : Q := h2 n6
        exact n7
      have n8 : R ↔ Q := n1 n5
      apply Classical.byContradiction
      have n9 : ¬Q := mt n8.mpr h3
      · intro n10
        have n11 : Q ↔ R := by
          constructor
          · intro n12
            have n13 : False := n9 n12
            exact False.elim n13
          · intro n14
            have n15 : False := n3 n14
            exact False.elim n15
        exact h4 n11
    exact Or.inl n4

-- uniform_s11_005793: round 3, by sampling
theorem uniform_s11_005793 (P Q R S : Prop) (h1 : ¬(R ↔ P)) (h2 : ((S → P) → Q → R) → ¬(P ∨ P)) (h3 : (S ∨ S) ∨ Q) (h4 : ¬((S ↔ P) → P)) (h5 : ¬((S ↔ R) ↔ (S ↔ P))) : R ∨ P := by
  have n1 : R := by
    apply Classical.byContradiction
    · intro n2
      have n3 : (S ↔ P) → P := by
        intro n4
        have n5 : (S ↔ P) → P := by
          intro n6
          apply Classical.byContradiction
          intro n7
          have n8 : R ↔ P := by
            constructor
            intro n9
            have n10 : False := n2 n9
            exact False.elim n10
            intro n11
            have n12 : False := n7 n11
            exact False.elim n12
          exact h1 n8
        have n13 : False := h4 n5
        exact False.elim n13
      exact h4 n3
  exact Or.inl n1

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

-- uniform_s12_000899: round 3, by sampling
theorem uniform_s12_000899 (P Q R S : Prop) (h1 : R → R) (h2 : R → (R → Q ↔ S → P)) (h3 : R) : ¬(Q ∧ R) → R ∨ Q → S := by
  intro n1
  intro n2
  apply Classical.byContradiction
  intro n3
  have n4 : Q ∧ R := by
    constructor
    · rcases n2 with n6 | n7
      · have n8 : R → Q ↔ S → P := h2 n6
        · have n9 : S → P := by
            intro n10
            have n11 : False := n3 n10
            exact False.elim n11
          have n12 : R → Q := n8.mpr n9
          exact n12 n6
      · exact n7
    · exact h3
  exact n1 n4

-- uniform_s12_000471: round 3, by sampling
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
