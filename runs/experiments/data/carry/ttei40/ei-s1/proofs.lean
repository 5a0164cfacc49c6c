-- proofs found by `gentzen ttrl` (arm ei); check them with `gentzen verify` or Lean

-- uniform_s11_000000: round 6, by sampling
theorem uniform_s11_000000 (P Q R S : Prop) (h1 : R ∧ P ↔ ((P ↔ Q) ↔ P)) (h2 : (Q → R) → P ∧ S) (h3 : P) : S := by
  have n1 : Q → R := by
    intro n2
    apply Classical.byContradiction
    · intro n3
      have n4 : (P ↔ Q) ↔ P := by
        constructor
        · intro n5
          exact h3
        · intro n6
          constructor
          · intro n7
            exact n2
          · intro n8
            exact n6
      have n9 : R ∧ P := h1.mpr n4
      have n10 : R := n9.1
      exact n3 n10
  have n11 : P ∧ S := h2 n1
  exact n11.2

-- uniform_s11_000117: round 1, by sampling
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

-- uniform_s11_000721: round 8, by sampling
theorem uniform_s11_000721 (P Q R S : Prop) (h1 : (S ↔ S → P) ∧ (R ↔ P) ∧ (Q → S)) (h2 : R ∧ Q) : P ∨ P ↔ (S → R) → (S ↔ P) := by
  have n1 : Q := h2.2
  have n2 : (R ↔ P) ∧ (Q → S) := h1.2
  have n3 : R := h2.1
  have n4 : Q → S := n2.2
  have n5 : S := n4 n1
  constructor
  · intro n6
    · intro n7
      constructor
      · intro n8
        rcases n6 with n9 | n10
        · exact n9
        · exact n10
      · intro n11
        exact n5
  · intro n12
    have n13 : S → R := by
      intro n14
      exact n3
    have n15 : S ↔ P := n12 n13
    have n16 : P := n15.mp n5
    exact Or.inl n16

-- uniform_s11_000050: round 2, by sampling
theorem uniform_s11_000050 (Q R S : Prop) (h1 : R → R) (h2 : Q ∧ S) (h3 : R ∧ Q) (h4 : S) : Q ↔ R := by
  have n1 : Q := h2.1
  have n2 : R := h3.1
  constructor
  · intro n3
    exact n2
  · intro n4
    exact n1

-- uniform_s11_000596: round 4, by sampling
theorem uniform_s11_000596 (P Q R S : Prop) (h1 : (S ∨ R) ∧ (P ∨ Q)) (h2 : Q → S ↔ Q ∧ R) : R → S := by
  have n1 : S ∨ R := h1.1
  intro n2
  rcases n1 with n4 | n5
  · exact n4
  · have n6 : Q → S := by
      intro n7
      have n8 : S ∨ R := Or.inr n5
      have n9 : Q ∧ R := by
        exact ⟨n7, n5⟩
      have n10 : Q → S := h2.mpr n9
      exact n10 n7
    have n11 : Q ∧ R := h2.mp n6
    · have n12 : Q := n11.1
      exact n6 n12

-- uniform_s11_001930: round 2, by sampling
theorem uniform_s11_001930 (P Q R S : Prop) (h1 : ¬P ∨ (P ↔ R)) (h2 : Q ∨ Q) (h3 : Q ↔ P) (h4 : (¬S ↔ ¬P) ∧ (S → P ↔ P)) : ¬R ∨ Q ∧ P := by
  rcases h2 with n1 | n2
  · have n3 : P := h3.mp n1
    · have n4 : Q ∧ P := by
        exact ⟨n1, n3⟩
      exact Or.inr n4
  · have n5 : P := h3.mp n2
    have n6 : Q ∧ P := by
      exact ⟨n2, n5⟩
    exact Or.inr n6

-- uniform_s11_001077: round 5, by sampling
theorem uniform_s11_001077 (P Q S : Prop) (h1 : ¬¬(S ∨ P)) (h2 : S ∨ S ↔ Q ∨ P) : ¬¬S := by
  have n1 : S ∨ P := Classical.not_not.mp h1
  intro n2
  rcases n1 with n3 | n4
  · exact n2 n3
  · have n5 : Q ∨ P := Or.inr n4
    have n6 : S ∨ S := h2.mpr n5
    rcases n6 with n7 | n8
    · exact n2 n7
    · exact n2 n8

-- uniform_s11_002398: round 4, by sampling
theorem uniform_s11_002398 (P Q R S : Prop) (h1 : S → R) (h2 : (S → R ↔ R) ∧ (R ∧ S) ∧ (P → Q)) (h3 : ((R ↔ Q) → Q ∧ P) ∧ (R ∧ P ∨ Q)) (h4 : P → R) (h5 : R ↔ S) : (S → S ↔ Q ∧ Q) ∨ P := by
  have n1 : R ∧ P ∨ Q := h3.2
  rcases n1 with n2 | n3
  · have n4 : P := n2.2
    exact Or.inr n4
  · have n5 : (R ↔ Q) → Q ∧ Q := by
      intro n6
      exact ⟨n3, n3⟩
    have n7 : S → S ↔ Q ∧ Q := by
      constructor
      · intro n8
        exact ⟨n3, n3⟩
      · intro n9
        intro n10
        exact n10
    exact Or.inl n7

-- uniform_s11_001717: round 2, by sampling
theorem uniform_s11_001717 (P Q R S : Prop) (h1 : (R → R) → R ↔ ¬Q ∨ (S ↔ S)) (h2 : (P → P) ∧ Q → ¬S) (h3 : Q) (h4 : S → ¬S) : R := by
  have n1 : ¬Q ∨ (S ↔ S) := by
    have n2 : S ↔ S := by
      constructor
      · intro n3
        exact n3
      · intro n4
        exact n4
    exact Or.inr n2
  have n5 : (R → R) → R := h1.mpr n1
  have n6 : R := by
    have n7 : R → R := by
      intro n8
      exact n8
    exact n5 n7
  exact n6

-- uniform_s11_002977: round 2, by sampling
theorem uniform_s11_002977 (P Q R : Prop) (h1 : P) (h2 : ((Q ↔ P) ↔ Q ∨ Q) ↔ (Q ∨ Q) ∧ P) (h3 : R) (h4 : R → P) : Q := by
  apply Classical.byContradiction
  · intro n1
    have n2 : (Q ↔ P) ↔ Q ∨ Q := by
      constructor
      · intro n3
        have n4 : Q := n3.mpr h1
        exact Or.inl n4
      · intro n5
        constructor
        · intro n6
          exact h1
        · intro n7
          rcases n5 with n8 | n9
          · exact n8
          · exact n9
    have n10 : (Q ∨ Q) ∧ P := h2.mp n2
    have n11 : Q ∨ Q := n10.1
    rcases n11 with n12 | n13
    · exact n1 n12
    · exact n1 n13

-- uniform_s11_003155: round 1, by sampling
theorem uniform_s11_003155 (P Q R : Prop) (h1 : Q ∨ Q) (h2 : (R ↔ P) ↔ P) (h3 : Q) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : (R ↔ P) ∨ ¬(R ↔ P) := Classical.em (R ↔ P)
    rcases n2 with n3 | n4
    · have n5 : P := h2.mp n3
      have n6 : R := n3.mpr n5
      exact n1 n6
    · have n7 : ¬P := mt h2.mpr n4
      have n8 : R ↔ P := by
        constructor
        · intro n9
          have n10 : False := n1 n9
          exact False.elim n10
        · intro n11
          have n12 : False := n7 n11
          exact False.elim n12
      exact n4 n8

-- uniform_s11_003393: round 7, by sampling
theorem uniform_s11_003393 (P Q R S : Prop) (h1 : (Q → R) → Q ∨ P) (h2 : S ↔ P) : (Q ∨ S) ∨ (P ↔ S → P) := by
  have n1 : Q ∨ S := by
    have n2 : Q ∨ ¬Q := Classical.em Q
    rcases n2 with n3 | n4
    · exact Or.inl n3
    · have n5 : P := by
        have n6 : Q → R := by
          intro n7
          have n8 : False := n4 n7
          exact False.elim n8
        have n9 : Q ∨ P := h1 n6
        rcases n9 with n10 | n11
        · have n12 : False := n4 n10
          exact False.elim n12
        · exact n11
      have n13 : S := h2.mpr n5
      exact Or.inr n13
  exact Or.inl n1

-- uniform_s11_000359: round 4, by sampling
theorem uniform_s11_000359 (P Q R S : Prop) (h1 : (S ∧ P) ∧ (P → Q)) (h2 : P → P) (h3 : (R ↔ R ∨ Q) ∧ (S ↔ (Q ↔ P))) (h4 : S) : P → R := by
  have n1 : P → Q := h1.2
  have n2 : R ↔ R ∨ Q := h3.1
  intro n3
  have n4 : Q := n1 n3
  have n5 : R ∨ Q := Or.inr n4
  exact n2.mpr n5

-- uniform_s11_003671: round 13, by sampling
theorem uniform_s11_003671 (P Q R S : Prop) (h1 : ((S ↔ R) ↔ P ∨ R) → ¬¬P) (h2 : (Q ∨ R) ∨ (R → Q) ↔ (Q ∨ R) ∧ (R → P)) (h3 : S) : P ∨ P := by
  have n1 : ((S ↔ R) ↔ P ∨ R) ∨ ¬((S ↔ R) ↔ P ∨ R) := Classical.em ((S ↔ R) ↔ P ∨ R)
  rcases n1 with n2 | n3
  · have n4 : P := by
      have n5 : ¬¬P := h1 n2
      exact Classical.not_not.mp n5
    · exact Or.inl n4
  · have n6 : P := by
      apply Classical.byContradiction
      · intro n7
        have n8 : (S ↔ R) ↔ P ∨ R := by
          constructor
          · intro n9
            have n10 : R := n9.mp h3
            exact Or.inr n10
          · intro n11
            constructor
            intro n12
            rcases n11 with n13 | n14
            · have n15 : False := n7 n13
              exact False.elim n15
            · exact n14
            · intro n16
              exact h3
        exact n3 n8
    · exact Or.inl n6

-- uniform_s11_002290: round 7, by sampling
theorem uniform_s11_002290 (Q R S : Prop) (h1 : ¬¬Q) (h2 : (Q ↔ R) ∧ (Q ∨ Q)) (h3 : Q ∧ (Q ↔ R) → (R → S) ∧ (S → R)) : S := by
  have n1 : Q := Classical.not_not.mp h1
  have n2 : Q ↔ R := h2.1
  have n3 : Q ∧ R := by
    have n4 : R := n2.mp n1
    exact ⟨n1, n4⟩
  have n5 : R := n3.2
  have n6 : Q ∧ (Q ↔ R) := by
    constructor
    · exact n1
    · constructor
      · intro n7
        exact n5
      · intro n8
        exact n1
  have n9 : (R → S) ∧ (S → R) := h3 n6
  have n10 : R → S := n9.1
  exact n10 n5

-- uniform_s11_003767: round 11, by sampling
theorem uniform_s11_003767 (P Q R S : Prop) (h1 : R → R ∨ Q) (h2 : ¬P ↔ Q ∨ R) (h3 : Q) : (P ↔ S) ∨ S ∨ P := by
  have n1 : S ∨ ¬S := Classical.em S
  rcases n1 with n2 | n3
  · have n4 : S ∨ P := Or.inl n2
    exact Or.inr n4
  · have n5 : P ↔ S := by
      constructor
      · intro n6
        have n7 : Q ∨ R := Or.inl h3
        have n8 : ¬P := h2.mpr n7
        have n9 : False := n8 n6
        exact False.elim n9
      · intro n10
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
        intro n6
        apply Classical.byContradiction
        · intro n7
          have n8 : Q ∧ P → (S ↔ R) := by
            intro n9
            have n10 : Q := n9.1
            have n11 : False := n7 n10
            exact False.elim n11
          exact n3 n8
      · intro n12
        intro n13
        exact n13
    exact Or.inl n4

-- uniform_s11_003951: round 10, by sampling
theorem uniform_s11_003951 (P R S : Prop) (h1 : P → (P → R) ∧ (P ↔ P)) (h2 : ¬P ∧ (R → P) → R ∧ (P → S)) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : ¬P ∧ (R → P) := by
      constructor
      · intro n3
        have n4 : (P → R) ∧ (P ↔ P) := h1 n3
        have n5 : P → R := n4.1
        have n6 : R := n5 n3
        exact n1 n6
      · intro n7
        have n8 : False := n1 n7
        exact False.elim n8
    have n9 : R ∧ (P → S) := h2 n2
    have n10 : R := n9.1
    exact n1 n10

-- uniform_s11_000493: round 2, by sampling
theorem uniform_s11_000493 (P Q R S : Prop) (h1 : (Q ∨ S) ∧ (P ↔ R)) (h2 : P → R) (h3 : Q) (h4 : ¬(P ∨ P)) (h5 : (R ∧ P) ∧ (P → S) ↔ ¬P ∧ P ∧ Q) : (R ∨ (R ↔ P)) ∨ (R → P) ∨ (S → R) := by
  have n1 : R → P := by
    have n2 : P ↔ R := h1.2
    intro n3
    exact n2.mpr n3
  have n4 : (R → P) ∨ (S → R) := Or.inl n1
  exact Or.inr n4

-- uniform_s11_004012: round 6, by sampling
theorem uniform_s11_004012 (P Q R S : Prop) (h1 : R ↔ S) (h2 : Q → R) (h3 : (Q → S → P) ∧ R ∧ R) (h4 : Q ∨ P) : ¬¬(Q → P) := by
  have n1 : Q → P := by
    have n2 : Q → S → P := h3.1
    intro n3
    have n4 : R ∧ R := h3.2
    have n5 : R := n4.1
    have n6 : S := h1.mp n5
    rcases h4 with n7 | n8
    · have n9 : S → P := n2 n7
      exact n9 n6
    · exact n8
  have n10 : R ∧ R := h3.2
  have n11 : R := n10.1
  intro n12
  have n13 : Q → P := by
    intro n14
    exact n1 n14
  exact n12 n13

-- uniform_s11_001618: round 2, by sampling
theorem uniform_s11_001618 (P Q R S : Prop) (h1 : (Q → Q) → (S ∨ S) ∧ P ∧ P) (h2 : R) (h3 : (R ∨ S) ∨ (Q → S) → R) (h4 : P) (h5 : R ↔ R → R) : (R ∨ P) ∧ (R ∨ Q) → S := by
  intro n1
  have n2 : R ∨ Q := n1.2
  have n3 : S ∨ S := by
    have n4 : S := by
      have n5 : Q → Q := by
        intro n6
        exact n6
      have n7 : (S ∨ S) ∧ P ∧ P := h1 n5
      have n8 : S ∨ S := n7.1
      rcases n8 with n9 | n10
      · exact n9
      · exact n10
    exact Or.inl n4
  rcases n3 with n4 | n5
  · exact n4
  · exact n5

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
  have n10 : ¬R := mt n5.mpr n8
  have n11 : R := n5.mp n10
  exact n10 n11

-- uniform_s11_004100: round 5, by sampling
theorem uniform_s11_004100 (P Q R S : Prop) (h1 : ¬((S ↔ S) ∧ R ∧ R)) (h2 : (Q → P) → R) (h3 : R → P) (h4 : P → P) (h5 : R ∧ S → Q) : ¬(Q ∨ Q) → (P → S) → ¬S := by
  intro n1
  intro n2
  intro n3
  have n4 : Q → P := by
    intro n5
    have n6 : Q ∨ Q := Or.inl n5
    have n7 : False := n1 n6
    exact False.elim n7
  have n8 : R := h2 n4
  have n9 : (S ↔ S) ∧ R ∧ R := by
    constructor
    · constructor
      · intro n10
        exact n10
      · intro n11
        exact n11
    · exact ⟨n8, n8⟩
  exact h1 n9

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
    have n7 : Q → Q := by
      intro n8
      exact n8
    have n9 : S ∨ S := n3.mpr n7
    rcases n9 with n10 | n11
    · exact h4 n10
    · exact h4 n11

-- uniform_s11_004343: round 10, by sampling
theorem uniform_s11_004343 (P Q R S : Prop) (h1 : P → (R → Q ↔ R ∨ S)) (h2 : (P ↔ Q) → Q → R) (h3 : ¬(S → S) → ¬S ∨ ¬P) : ((Q ↔ P) → Q → S) ∨ (S → Q ↔ P → Q) := by
  have n1 : (S → Q ↔ P → Q) ∨ ¬(S → Q ↔ P → Q) := Classical.em (S → Q ↔ P → Q)
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : (Q ↔ P) → Q → S := by
      intro n5
      intro n6
      apply Classical.byContradiction
      · intro n7
        have n8 : S → Q ↔ P → Q := by
          constructor
          · intro n9
            intro n10
            exact n6
          · intro n11
            intro n12
            exact n6
        exact n3 n8
    exact Or.inl n4

-- uniform_s11_001875: round 11, by sampling
theorem uniform_s11_001875 (P R S : Prop) (h1 : R) (h2 : R → R → P ∧ P) (h3 : S ∨ ((R ↔ S) ↔ S ∨ R)) : S ∧ S := by
  have n1 : R → P ∧ P := h2 h1
  constructor
  · rcases h3 with n2 | n3
    · exact n2
    · have n4 : S ∨ R := Or.inr h1
      have n5 : R ↔ S := n3.mpr n4
      exact n5.mp h1
  · rcases h3 with n3 | n4
    · exact n3
    · have n6 : S ∨ R := Or.inr h1
      have n7 : R ↔ S := n4.mpr n6
      · have n8 : S ∨ R := n4.mp n7
        rcases n8 with n9 | n10
        · exact n9
        · exact n7.mp n10

-- uniform_s11_003563: round 6, by sampling
theorem uniform_s11_003563 (P Q R S : Prop) (h1 : (P → R) ∧ P) (h2 : S) (h3 : P ↔ Q) : ((S ↔ Q) ∧ S ∧ R) ∧ (P ∨ S) := by
  have n1 : P → R := h1.1
  have n2 : P := h1.2
  have n3 : Q := h3.mp n2
  constructor
  · constructor
    · constructor
      · intro n4
        exact n3
      · intro n5
        exact h2
    · constructor
      · exact h2
      · have n6 : P → R := by
          intro n7
          exact n1 n7
        exact n6 n2
  · exact Or.inl n2

-- uniform_s11_001887: round 3, by sampling
theorem uniform_s11_001887 (P Q S : Prop) (h1 : P ∨ S) (h2 : P) (h3 : (S → Q) ∧ (S → Q)) (h4 : Q → P ∨ P) : (Q ∨ S) ∨ (Q → S) := by
  have n1 : S → Q := h3.1
  have n2 : (Q ∨ S) ∨ ¬(Q ∨ S) := Classical.em (Q ∨ S)
  rcases n2 with n3 | n4
  · exact Or.inl n3
  · have n5 : Q → S := by
      intro n6
      have n7 : Q ∨ S := Or.inl n6
      have n8 : False := n4 n7
      exact False.elim n8
    exact Or.inr n5

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
          · intro n6
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
  have n1 : P := by
    rcases h3 with n1 | n2
    · exact n1
    · exact n2
  have n3 : S → P := by
    intro n4
    exact n1
  have n5 : ¬S ∧ (P → R) := h2.mp n3
  have n6 : ¬S := n5.1
  have n7 : P → R := n5.2
  exact n7 n1

-- uniform_s11_004696: round 6, by sampling
theorem uniform_s11_004696 (P Q R S : Prop) (h1 : (Q ↔ S) → R ↔ ¬(P ∨ P)) (h2 : S ∧ (Q → Q)) (h3 : ¬(Q ∧ R)) (h4 : S ∧ (Q → S)) (h5 : Q ↔ (S → R) → (Q ↔ P)) : (S ∨ Q → P → Q) ∨ ¬S ∧ R ∧ P := by
  have n1 : S := h2.1
  have n2 : S ∨ Q → P → Q := by
    intro n3
    intro n4
    apply Classical.byContradiction
    · intro n5
      have n6 : (Q ↔ S) → R := by
        intro n7
        have n8 : Q := n7.mpr n1
        have n9 : False := n5 n8
        exact False.elim n9
      have n10 : ¬(P ∨ P) := h1.mp n6
      have n11 : P ∨ P := Or.inl n4
      exact n10 n11
  exact Or.inl n2

-- uniform_s11_002381: round 12, by sampling
theorem uniform_s11_002381 (P Q R S : Prop) (h1 : (S ∧ P) ∧ R) (h2 : (Q → P) ∨ P) (h3 : Q ∨ P) (h4 : (S ∧ R → P → Q) ∨ (R ∧ Q) ∧ Q ∧ Q) (h5 : R) : Q := by
  have n1 : S ∧ P := h1.1
  have n2 : S := n1.1
  rcases h3 with n3 | n4
  · exact n3
  · rcases h4 with n6 | n7
    · have n8 : S ∧ R := ⟨n2, h5⟩
      have n9 : P → Q := n6 n8
      exact n9 n4
    · have n10 : Q ∧ Q := n7.2
      exact n10.1

-- uniform_s11_004038: round 11, by sampling
theorem uniform_s11_004038 (P Q R S : Prop) (h1 : (¬P ↔ (Q ↔ S)) → Q → S) (h2 : ¬R ↔ (R ↔ S)) : ¬S := by
  intro n1
  have n2 : ¬R ∨ ¬¬R := Classical.em (¬R)
  rcases n2 with n3 | n4
  · have n5 : R ↔ S := h2.mp n3
    have n6 : R := n5.mpr n1
    exact n3 n6
  · have n7 : ¬(R ↔ S) := mt h2.mpr n4
    have n8 : R := Classical.not_not.mp n4
    have n9 : R ↔ S := by
      constructor
      · intro n10
        exact n1
      · intro n11
        exact n8
    exact n7 n9

-- uniform_s11_004115: round 4, by sampling
theorem uniform_s11_004115 (P Q R S : Prop) (h1 : (Q → Q ↔ P → Q) → ¬R → ¬Q) (h2 : Q) (h3 : S ∧ S ∧ S) (h4 : (P ↔ R) ∧ S ↔ (S → R) → S → P) : P ∨ R := by
  have n1 : S := h3.1
  have n2 : Q → Q ↔ P → Q := by
    constructor
    · intro n3
      intro n4
      exact h2
    · intro n5
      intro n6
      exact n6
  have n7 : ¬R → ¬Q := h1 n2
  have n8 : R ∨ ¬R := Classical.em R
  rcases n8 with n9 | n10
  · exact Or.inr n9
  · have n11 : ¬Q := n7 n10
    have n12 : False := n11 h2
    have n13 : R := False.elim n12
    exact Or.inr n13

-- uniform_s11_004885: round 9, by sampling
theorem uniform_s11_004885 (P Q R S : Prop) (h1 : S ∧ S) (h2 : S ∨ S) (h3 : (S ∨ R) ∧ (S ∨ S)) (h4 : (R → R) → Q → R ↔ Q ∧ P → (Q ↔ P)) (h5 : ¬(R ∧ Q)) : ¬Q := by
  intro n1
  have n2 : R ∧ Q := by
    constructor
    · have n3 : R → R := by
        intro n4
        exact n4
      have n5 : Q ∧ P → (Q ↔ P) := by
        intro n6
        have n7 : P := n6.2
        constructor
        · intro n8
          exact n7
        · intro n9
          exact n1
      have n10 : (R → R) → Q → R := h4.mpr n5
      have n11 : R → R := by
        intro n12
        exact n12
      have n13 : Q → R := n10 n11
      exact n13 n1
    exact n1
  exact h5 n2

-- uniform_s11_004188: round 13, by sampling
theorem uniform_s11_004188 (P R S : Prop) (h1 : P ∧ R ↔ P ∨ S) (h2 : S ↔ P) (h3 : P) : (R ↔ S) ∧ (S ↔ R) := by
  have n1 : S := h2.mpr h3
  constructor
  · constructor
    · intro n2
      exact n1
    · intro n3
      have n4 : P ∨ S := Or.inl h3
      have n5 : P ∧ R := h1.mpr n4
      exact n5.2
  · constructor
    intro n6
    have n7 : P ∨ S := Or.inl h3
    have n8 : P ∧ R := h1.mpr n7
    exact n8.2
    · intro n9
      exact n1

-- uniform_s11_002587: round 12, by sampling
theorem uniform_s11_002587 (P Q R S : Prop) (h1 : P ↔ R) (h2 : Q ∨ (P → S)) (h3 : P ∧ R) (h4 : Q → (P ∨ S) ∧ P) (h5 : R → Q) : (S ↔ S) ∧ (Q ↔ S) → (P ↔ S ∧ Q) := by
  have n1 : P := h3.1
  have n2 : R := h3.2
  have n3 : Q := h5 n2
  intro n4
  constructor
  intro n5
  constructor
  have n6 : Q ↔ S := n4.2
  exact n6.mp n3
  exact n3
  · intro n7
    exact n1

-- uniform_s11_004929: round 6, by sampling
theorem uniform_s11_004929 (P Q R S : Prop) (h1 : P ∨ P) (h2 : S ∧ Q) (h3 : (S ∧ R ↔ (Q ↔ P)) ↔ (Q ∨ Q ↔ ¬Q)) (h4 : P → Q) : R ∧ R → ¬P := by
  have n1 : S := h2.1
  intro n2
  have n3 : R := n2.1
  intro n4
  have n5 : Q := h4 n4
  have n6 : S ∧ R ↔ (Q ↔ P) := by
    constructor
    intro n7
    constructor
    intro n8
    exact n4
    · intro n9
      exact n5
    intro n10
    exact ⟨n1, n3⟩
  have n11 : (Q ∨ Q ↔ ¬Q) := h3.mp n6
  have n12 : Q ∨ Q := Or.inl n5
  have n13 : ¬Q := n11.mp n12
  exact n13 n5

-- uniform_s11_002588: round 1, by sampling
theorem uniform_s11_002588 (P Q R S : Prop) (h1 : (P → Q) ∨ ¬S → R) (h2 : S) (h3 : (R ↔ S) → Q ∧ Q) (h4 : P) (h5 : Q ↔ P) : ((Q ∨ R) ∧ (Q → P)) ∧ ((S → S) → Q → P) := by
  constructor
  · constructor
    · have n1 : (P → Q) ∨ ¬S := by
        have n2 : P → Q := by
          have n3 : Q := h5.mpr h4
          intro n4
          exact n3
        exact Or.inl n2
      have n5 : R := h1 n1
      exact Or.inr n5
    · intro n6
      exact h4
  · intro n7
    intro n8
    exact h4

-- uniform_s11_004248: round 7, by sampling
theorem uniform_s11_004248 (P Q R S : Prop) (h1 : R ∨ P ↔ ¬R) (h2 : Q ↔ R) (h3 : S ∨ Q → (S ↔ Q)) : P ∨ Q := by
  have n1 : Q ∨ ¬Q := Classical.em Q
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : ¬R := mt h2.mpr n3
    have n5 : R ∨ P := h1.mpr n4
    rcases n5 with n6 | n7
    · have n8 : False := n4 n6
      have n9 : P := False.elim n8
      exact Or.inl n9
    · exact Or.inl n7

-- uniform_s11_005011: round 4, by sampling
theorem uniform_s11_005011 (P Q R S : Prop) (h1 : (R ∨ P) ∧ (P → S)) (h2 : ¬(Q → P)) (h3 : (R → ¬P) → ¬(S → P)) : Q ↔ R := by
  have n1 : R ∨ P := h1.1
  constructor
  · intro n2
    rcases n1 with n3 | n4
    · exact n3
    · have n5 : Q → P := by
        intro n6
        exact n4
      have n7 : False := h2 n5
      exact False.elim n7
  · intro n8
    apply Classical.byContradiction
    · intro n9
      have n10 : Q → P := by
        intro n11
        have n12 : False := n9 n11
        exact False.elim n12
      exact h2 n10

-- uniform_s11_004326: round 3, by sampling
theorem uniform_s11_004326 (P Q R S : Prop) (h1 : P ↔ S) (h2 : (R ∨ R) ∧ (P → S) ↔ (Q → Q) ∨ ¬R) : S → S ↔ R ∨ P := by
  constructor
  · intro n1
    have n2 : (R ∨ R) ∧ (P → S) := by
      constructor
      · have n3 : (Q → Q) ∨ ¬R := by
          have n4 : Q → Q := by
            intro n5
            exact n5
          exact Or.inl n4
        have n6 : (R ∨ R) ∧ (P → S) := h2.mpr n3
        have n7 : R ∨ R := n6.1
        rcases n7 with n8 | n9
        · exact Or.inl n8
        · exact Or.inr n9
      · intro n10
        have n11 : S := h1.mp n10
        exact n11
    have n12 : R ∨ R := n2.1
    rcases n12 with n13 | n14
    · exact Or.inl n13
    · exact Or.inl n14
  · intro n15
    intro n16
    exact n16

-- uniform_s11_002712: round 4, by sampling
theorem uniform_s11_002712 (P Q R S : Prop) (h1 : R ∨ P → R ↔ Q → P) (h2 : S) (h3 : P) : R ↔ Q ∨ R := by
  constructor
  · intro n1
    exact Or.inr n1
  · intro n2
    rcases n2 with n3 | n4
    · have n5 : R ∨ P → R := by
        intro n6
        rcases n6 with n7 | n8
        · exact n7
        · have n9 : Q → P := by
            intro n10
            exact n8
          have n11 : R ∨ P → R := h1.mpr n9
          · have n12 : R ∨ P := Or.inr n8
            exact n11 n12
      have n13 : R ∨ P := Or.inr h3
      exact n5 n13
    · exact n4

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
        · exact Or.inr n6
        · constructor
          · intro n8
            exact n8
          · intro n9
            exact n9
      have n10 : False := n3 n7
      exact False.elim n10
    exact Or.inl n4

-- uniform_s11_004351: round 3, by sampling
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
  · have n9 : P := n7.2
    have n10 : False := n1 n9
    have n11 : S := False.elim n10
    exact Or.inl n11
  rcases n8 with n9 | n10
  · exact Or.inr n9
  · exact Or.inl n10

-- uniform_s11_002815: round 3, by sampling
theorem uniform_s11_002815 (P Q R S : Prop) (h1 : R ∧ Q → S ∨ S) (h2 : S) (h3 : S → Q ↔ Q → P) : Q := by
  have n1 : Q → P := by
    intro n2
    have n3 : Q → P := by
      intro n4
      have n5 : S → Q := by
        intro n6
        exact n4
      have n7 : Q → P := h3.mp n5
      exact n7 n4
    exact n3 n2
  have n8 : Q → P := by
    exact n1
  have n9 : S → Q := h3.mpr n8
  exact n9 h2

-- uniform_s11_005107: round 1, by sampling
theorem uniform_s11_005107 (P Q R S : Prop) (h1 : P) (h2 : ¬(Q ∧ P) ∨ ((P ↔ Q) ↔ R → S)) (h3 : S → R) (h4 : P → Q) (h5 : P → R) : S ↔ R := by
  have n1 : Q := h4 h1
  constructor
  · intro n2
    exact h3 n2
  · intro n3
    have n4 : S := by
      rcases h2 with n4 | n5
      · have n6 : Q ∧ P := ⟨n1, h1⟩
        have n7 : False := n4 n6
        exact False.elim n7
      · have n8 : P ↔ Q := by
          constructor
          · intro n9
            exact n1
          · intro n10
            exact h1
        have n11 : R → S := n5.mp n8
        exact n11 n3
    exact n4

-- uniform_s11_001199: round 4, by sampling
theorem uniform_s11_001199 (P Q R S : Prop) (h1 : P ↔ S ∨ S) (h2 : Q → Q) (h3 : (P ∧ R → Q → R) ∧ R) (h4 : P → Q) (h5 : (R ↔ S) ∧ (P → R)) : P := by
  have n1 : R := h3.2
  have n2 : R ↔ S := h5.1
  have n3 : S := n2.mp n1
  have n4 : S ∨ S := Or.inl n3
  exact h1.mpr n4

-- uniform_s11_004450: round 4, by sampling
theorem uniform_s11_004450 (P Q R : Prop) (h1 : (P → P) → P) : (P → R ↔ R → Q) → (R → P ↔ R → Q) := by
  intro n1
  have n2 : P → P := by
    intro n3
    exact n3
  have n4 : P := h1 n2
  constructor
  · intro n5
    intro n6
    have n7 : P → R := by
      intro n8
      exact n6
    have n9 : R → Q := n1.mp n7
    exact n9 n6
  · intro n10
    intro n11
    exact n4

-- uniform_s11_002827: round 4, by sampling
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

-- uniform_s11_005185: round 2, by sampling
theorem uniform_s11_005185 (P Q R S : Prop) (h1 : P → R) (h2 : R → S) (h3 : ¬R ∨ P ∨ R ↔ (R ∨ S) ∧ (Q ∨ Q)) (h4 : R ∨ R ↔ ¬Q) : (¬R ↔ S → R) → (S → Q ↔ ¬S) := by
  intro n1
  constructor
  intro n2
  intro n3
  have n4 : R := by
    apply Classical.byContradiction
    · intro n5
      have n6 : S → R := n1.mp n5
      have n7 : R := n6 n3
      exact n5 n7
  have n8 : S → R := by
    intro n9
    exact n4
  have n10 : ¬R := n1.mpr n8
  exact n10 n4
  · intro n11
    intro n12
    have n13 : False := n11 n12
    exact False.elim n13

-- uniform_s11_002889: round 6, by sampling
theorem uniform_s11_002889 (P Q R S : Prop) (h1 : S → Q) (h2 : Q ∧ (R → P)) (h3 : S ↔ Q) (h4 : ((P → R) ∨ (S → S)) ∧ R ∧ (Q → R)) (h5 : R ↔ (P ↔ S)) : S ↔ P := by
  have n1 : R ∧ (Q → R) := h4.2
  have n2 : R := n1.1
  have n3 : P ↔ S := h5.mp n2
  constructor
  intro n4
  exact n3.mpr n4
  · intro n5
    exact n3.mp n5

-- uniform_s11_004533: round 8, by sampling
theorem uniform_s11_004533 (P Q R S : Prop) (h1 : ¬S) (h2 : P ∨ (S ∨ R) ∨ (S → P)) (h3 : P ∨ Q) (h4 : (R → S) ∧ ¬Q → (Q ↔ P) → ¬P) : S ∨ S → (P ↔ Q) := by
  intro n1
  constructor
  · intro n2
    rcases h3 with n3 | n4
    · have n5 : Q ↔ P := by
        constructor
        · intro n6
          exact n3
        intro n7
        rcases n1 with n8 | n9
        · have n10 : False := h1 n8
          exact False.elim n10
        · have n11 : False := h1 n9
          exact False.elim n11
      exact n5.mpr n3
    · exact n4
  · intro n12
    rcases h3 with n13 | n14
    · exact n13
    · rcases n1 with n9 | n10
      · have n15 : False := h1 n9
        exact False.elim n15
      · have n16 : False := h1 n10
        exact False.elim n16

-- uniform_s11_005241: round 1, by sampling
theorem uniform_s11_005241 (P Q R S : Prop) (h1 : Q ↔ P) (h2 : R ↔ S) (h3 : ¬¬Q → ¬(P ∧ R)) (h4 : R ∨ Q) (h5 : (R → Q ↔ (R ↔ Q)) → ¬(R ∧ R)) : Q ∨ R := by
  rcases h4 with n1 | n2
  · exact Or.inr n1
  · exact Or.inl n2

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

-- uniform_s11_005408: round 5, by sampling
theorem uniform_s11_005408 (P Q S : Prop) (h1 : Q ∧ Q) (h2 : (Q → Q) ∨ ¬S → (S → P) ∧ (S ↔ Q)) : S ∧ P := by
  have n1 : Q := h1.1
  constructor
  · apply Classical.byContradiction
    intro n2
    have n3 : (Q → Q) ∨ ¬S := by
      exact Or.inr n2
    have n4 : (S → P) ∧ (S ↔ Q) := h2 n3
    have n5 : S ↔ Q := n4.2
    have n6 : S := n5.mpr n1
    exact n2 n6
  · have n7 : (Q → Q) ∨ ¬S := by
      have n8 : Q → Q := by
        intro n9
        exact n9
      exact Or.inl n8
    have n10 : (S → P) ∧ (S ↔ Q) := h2 n7
    have n11 : S → P := n10.1
    have n12 : S ↔ Q := n10.2
    have n13 : S := n12.mpr n1
    exact n11 n13

-- uniform_s11_005423: round 2, by sampling
theorem uniform_s11_005423 (P Q R S : Prop) (h1 : (P → P) ∧ S) (h2 : R ∨ Q → ¬S) (h3 : ¬P) (h4 : (P → P) → S ∧ S) (h5 : ((S → P) → (P ↔ Q)) → (S ∨ S) ∧ (R → Q)) : ((R ↔ P) ↔ P ∨ R) → P := by
  have n1 : S := h1.2
  intro n2
  have n3 : P → P := by
    intro n4
    exact n4
  have n5 : ¬P ∨ ¬¬P := Classical.em (¬P)
  rcases n5 with n6 | n7
  · have n8 : R ↔ P := by
      constructor
      · intro n9
        have n10 : R ∨ Q := Or.inl n9
        have n11 : ¬S := h2 n10
        have n12 : False := n11 n1
        exact False.elim n12
      · intro n13
        have n14 : False := n6 n13
        exact False.elim n14
    · have n15 : P ∨ R := n2.mp n8
      rcases n15 with n15 | n16
      · exact n15
      · exact n8.mp n16
  · exact Classical.not_not.mp n7

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
    · have n9 : P := n4.2
      exact n8.mp n9

-- uniform_s11_004752: round 5, by sampling
theorem uniform_s11_004752 (P Q R S : Prop) (h1 : S → R → R ↔ (¬Q ↔ S ∨ Q)) (h2 : (P → R) ∧ P ∧ R) (h3 : P ∧ Q ∨ P ∨ S) (h4 : (Q ∨ P ↔ S ∧ Q) → ¬Q) (h5 : P ∧ R ∧ R ∨ ¬(Q → P)) : Q → Q ↔ ¬Q := by
  constructor
  · intro n1
    intro n2
    have n3 : S → R → R := by
      intro n4
      intro n5
      exact n5
    have n6 : ¬Q ↔ S ∨ Q := h1.mp n3
    have n7 : ¬Q := by
      intro n8
      have n9 : S ∨ Q := Or.inr n8
      have n10 : ¬Q := n6.mpr n9
      exact n10 n8
    exact n7 n2
  · intro n11
    intro n12
    exact n12

-- uniform_s11_003299: round 1, by sampling
theorem uniform_s11_003299 (Q R S : Prop) (h1 : Q) (h2 : Q ∧ S ↔ S ∧ Q → R ∧ R) (h3 : Q) : R ∨ S := by
  have n1 : S := by
    apply Classical.byContradiction
    · intro n2
      have n3 : S ∧ Q → R ∧ R := by
        intro n4
        have n5 : S := n4.1
        have n6 : False := n2 n5
        exact False.elim n6
      have n7 : Q ∧ S := h2.mpr n3
      have n8 : S ∧ Q := by
        have n9 : S := n7.2
        exact ⟨n9, h1⟩
      have n10 : S := n8.1
      exact n2 n10
  exact Or.inr n1

-- uniform_s11_005440: round 6, by sampling
theorem uniform_s11_005440 (P Q R S : Prop) (h1 : R ∧ ((R ↔ S) ↔ S → P)) (h2 : S ∧ (R ↔ Q)) : (S ↔ P) ∨ Q ∧ P := by
  have n1 : R := h1.1
  have n2 : (R ↔ S) ↔ S → P := h1.2
  have n3 : S ↔ P := by
    constructor
    · intro n4
      have n5 : S → P := by
        intro n6
        have n7 : R ↔ S := by
          constructor
          intro n8
          exact n6
          intro n9
          exact n1
        have n10 : S → P := n2.mp n7
        exact n10 n6
      exact n5 n4
    · intro n11
      have n12 : S → P := by
        intro n13
        exact n11
      have n14 : R ↔ S := n2.mpr n12
      exact n14.1 n1
  exact Or.inl n3

-- uniform_s11_005471: round 1, by sampling
theorem uniform_s11_005471 (P Q R S : Prop) (h1 : (R ∨ P) ∨ (R → Q)) (h2 : R ∨ S → P → P) (h3 : (R ↔ Q ∧ Q) → (R ∧ P) ∧ (Q ↔ R)) : R ∨ Q := by
  have n1 : R ∨ ¬R := Classical.em R
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q := by
      apply Classical.byContradiction
      intro n5
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
      have n14 : Q ↔ R := n12.2
      have n15 : R := n13.1
      exact n3 n15
    exact Or.inr n4

-- uniform_s11_003374: round 2, by sampling
theorem uniform_s11_003374 (P Q R S : Prop) (h1 : ¬(S ↔ Q)) (h2 : Q) (h3 : (P → S) ∨ (P → P)) : (P ∨ R → P ∧ R) → (R ↔ R ∧ P) := by
  intro n1
  constructor
  intro n2
  constructor
  exact n2
  · have n3 : P ∨ R := Or.inr n2
    have n4 : P ∧ R := n1 n3
    exact n4.1
  · intro n5
    exact n5.1

-- uniform_s11_005501: round 6, by sampling
theorem uniform_s11_005501 (P Q R S : Prop) (h1 : ((S ↔ R) → S → S) ∧ (¬P ∨ (P → S))) (h2 : (S → R) ∧ (S ∨ R)) (h3 : (¬R ↔ R ∨ R) ∨ (R → R) ∧ P) (h4 : Q ∨ P) : (S → R) → (R ↔ P) := by
  have n1 : S ∨ R := h2.2
  intro n2
  have n3 : ¬P ∨ (P → S) := h1.2
  constructor
  · intro n4
    rcases h3 with n5 | n6
    · have n7 : R ∨ R := Or.inl n4
      have n8 : ¬R := n5.mpr n7
      rcases n1 with n9 | n10
      · rcases n7 with n10 | n11
        · have n12 : False := n8 n10
          exact False.elim n12
        · have n13 : False := n8 n11
          exact False.elim n13
      · have n14 : False := n8 n10
        exact False.elim n14
    · exact n6.2
  · intro n15
    rcases n1 with n15 | n16
    exact n2 n15
    · exact n16

-- uniform_s11_005566: round 7, by sampling
theorem uniform_s11_005566 (P Q R S : Prop) (h1 : S ∧ Q) (h2 : (P ↔ R) ↔ (Q ↔ R)) (h3 : R → S ↔ Q) (h4 : (Q ∨ S) ∧ (Q → P)) (h5 : S ∧ R) : ¬(S → S) ↔ (¬Q ↔ R ∨ Q) := by
  have n1 : S := h1.1
  constructor
  · intro n2
    constructor
    · intro n3
      have n4 : S → S := by
        intro n5
        exact n5
      have n6 : False := n2 n4
      have n7 : Q := False.elim n6
      exact Or.inr n7
    · intro n8
      intro n9
      have n10 : S → S := by
        intro n11
        exact n11
      exact n2 n10
  · intro n12
    intro n13
    have n14 : Q := h1.2
    have n15 : R ∨ Q := Or.inr n14
    have n16 : ¬Q := n12.mpr n15
    exact n16 n14

-- uniform_s11_004973: round 6, by sampling
theorem uniform_s11_004973 (P Q R S : Prop) (h1 : ((R → S) ∨ S ∨ Q) ∧ (S → Q) ∧ (R ∨ P)) : (¬Q → ¬R) ∨ (S ∧ P ↔ S) := by
  have n1 : (S → Q) ∧ (R ∨ P) := h1.2
  have n2 : S → Q := n1.1
  have n3 : ¬Q → ¬R := by
    intro n4
    intro n5
    have n6 : S → Q := by
      intro n7
      exact n2 n7
    have n8 : ¬S := mt n2 n4
    rcases h1 with n9 | n10
    · have n11 : S := n9 n5
      · exact n8 n11
    rcases n10 with n11 | n12
    · exact n8 n11
    · exact n4 n12
  exact Or.inl n3

-- uniform_s11_004979: round 10, by sampling
theorem uniform_s11_004979 (P Q R S : Prop) (h1 : (P → Q) ∧ ¬Q) (h2 : S ∧ R) (h3 : P ∧ S → ¬P) : (Q → P ∨ S) → (S → P ↔ ¬R) := by
  have n1 : P → Q := h1.1
  have n2 : ¬Q := h1.2
  have n3 : S := h2.1
  have n4 : R := h2.2
  intro n5
  constructor
  intro n6
  have n7 : P := n6 n3
  have n8 : Q := n1 n7
  have n9 : False := n2 n8
  exact False.elim n9
  · intro n10
    have n11 : False := n10 n4
    exact False.elim n11

-- uniform_s11_005607: round 1, by sampling
theorem uniform_s11_005607 (P Q R S : Prop) (h1 : ¬P ∧ (S → Q)) (h2 : (S → R ↔ (S ↔ R)) ↔ (P ↔ R) ∨ (P → P)) (h3 : ¬S) (h4 : Q) : ¬R ∧ (S → P) := by
  have n1 : S → Q := h1.2
  constructor
  intro n2
  have n3 : (P ↔ R) ∨ (P → P) := by
    have n4 : P → P := by
      intro n5
      exact n5
    exact Or.inr n4
  have n6 : S → R ↔ (S ↔ R) := h2.mpr n3
  have n7 : S → R := by
    intro n8
    exact n2
  have n9 : S ↔ R := n6.mp n7
  have n10 : S := n9.mpr n2
  exact h3 n10
  · intro n11
    have n12 : False := h3 n11
    exact False.elim n12

-- uniform_s11_005092: round 1, by sampling
theorem uniform_s11_005092 (P Q R S : Prop) (h1 : (¬S ∨ Q ∨ S) ∨ ¬(Q ↔ P)) (h2 : P ↔ S) (h3 : (S ∨ P) ∨ ¬S) (h4 : (P → P) ∧ S ∧ S) (h5 : (¬R → P → Q) ∧ (¬Q ↔ S)) : ((P → R) → (R ↔ R)) ∧ (P ∨ R ↔ Q → P) := by
  have n1 : P → P := h4.1
  have n2 : S ∧ S := h4.2
  have n3 : S := n2.1
  have n4 : P := h2.mpr n3
  constructor
  · intro n5
    constructor
    · intro n6
      exact n6
    · intro n7
      exact n7
  · constructor
    · intro n8
      · intro n9
        exact n4
    · intro n10
      exact Or.inl n4

-- uniform_s11_003754: round 2, by sampling
theorem uniform_s11_003754 (P Q R S : Prop) (h1 : (Q ∨ Q) ∧ R ∧ Q ↔ Q ∨ S) (h2 : Q) : (P ∨ R) ∧ (S ∨ R) := by
  constructor
  · have n1 : Q ∨ S := Or.inl h2
    have n2 : Q := by
      exact h2
    · have n3 : Q ∨ S := Or.inl n2
      have n4 : (Q ∨ Q) ∧ R ∧ Q := h1.mpr n3
      have n5 : R ∧ Q := n4.2
      have n6 : R := n5.1
      · exact Or.inr n6
  · have n7 : Q ∨ Q := Or.inl h2
    have n8 : Q := by
      exact h2
    have n9 : R := by
      have n10 : (Q ∨ Q) ∧ R ∧ Q := by
        constructor
        exact Or.inl n8
        constructor
        have n11 : Q ∨ S := Or.inl n8
        have n12 : (Q ∨ Q) ∧ R ∧ Q := h1.mpr n11
        have n13 : R ∧ Q := n12.2
        exact n13.1
        exact n8
      have n14 : R ∧ Q := n10.2
      exact n14.1
    exact Or.inr n9

-- uniform_s11_005668: round 5, by sampling
theorem uniform_s11_005668 (P Q R S : Prop) (h1 : (S ↔ Q) ↔ ¬S) (h2 : (R → P) → ¬R) (h3 : S ∧ R ∨ ¬R) : Q ∧ (P ∨ R) → (¬S ↔ (R ↔ Q)) := by
  intro n1
  have n2 : Q := n1.1
  constructor
  · intro n3
    have n4 : S ↔ Q := h1.mpr n3
    have n5 : S := n4.mpr n2
    have n6 : False := n3 n5
    exact False.elim n6
  · intro n7
    intro n8
    have n9 : S ↔ Q := by
      constructor
      · intro n10
        exact n2
      · intro n11
        exact n8
    have n12 : ¬S := h1.mp n9
    exact n12 n8

-- uniform_s11_005695: round 4, by sampling
theorem uniform_s11_005695 (P Q R S : Prop) (h1 : P ∧ P ∨ ¬Q) (h2 : Q ∨ S) (h3 : ¬¬(R ∨ R)) (h4 : (P ↔ R) → S ∨ R) (h5 : (Q ↔ Q → Q) → (P ∨ Q) ∧ S ∧ Q) : ¬(Q ∨ R) ∨ ((R → Q) → Q ∧ S) := by
  have n1 : (R → Q) → Q ∧ S := by
    have n2 : R ∨ R := Classical.not_not.mp h3
    intro n3
    constructor
    · rcases n2 with n4 | n5
      exact n3 n4
      · exact n3 n5
    · have n6 : Q ↔ Q → Q := by
        constructor
        · intro n7
          · intro n8
            exact n8
        · intro n9
          rcases n2 with n10 | n11
          exact n3 n10
          · exact n3 n11
      have n12 : (P ∨ Q) ∧ S ∧ Q := h5 n6
      have n13 : S ∧ Q := n12.2
      exact n13.1
  exact Or.inr n1

-- uniform_s11_003894: round 2, by sampling
theorem uniform_s11_003894 (P Q R S : Prop) (h1 : P) (h2 : (R ∨ Q ↔ R → Q) ∨ (Q ↔ S → S)) (h3 : (P ∨ P) ∨ S ∧ S ↔ R) (h4 : R) : R ↔ Q := by
  constructor
  · intro n1
    rcases h2 with n2 | n3
    · have n4 : R ∨ Q := Or.inl n1
      have n5 : R → Q := n2.mp n4
      exact n5 h4
    · have n6 : S → S := by
        intro n7
        exact n7
      exact n3.mpr n6
  · intro n8
    exact h4

-- uniform_s11_005717: round 1, by sampling
theorem uniform_s11_005717 (P Q R S : Prop) (h1 : R ↔ P ∨ S) : (P ↔ R) ∨ (Q → S) := by
  have n1 : (Q → S) ∨ ¬(Q → S) := Classical.em (Q → S)
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : P ↔ R := by
      constructor
      · intro n5
        have n6 : P ∨ S := Or.inl n5
        exact h1.mpr n6
      · intro n7
        have n8 : P ∨ S := h1.mp n7
        rcases n8 with n9 | n10
        · exact n9
        · have n11 : Q → S := by
            intro n12
            exact n10
          have n13 : False := n3 n11
          exact False.elim n13
    exact Or.inl n4

-- uniform_s11_005270: round 1, by sampling
theorem uniform_s11_005270 (P Q R S : Prop) (h1 : R → Q) (h2 : P ↔ S) (h3 : P) : (P → Q) ∨ (S → Q) → (R ∨ Q ↔ (P ↔ P)) := by
  have n1 : S := h2.mp h3
  intro n2
  constructor
  · intro n3
    constructor
    · intro n4
      exact n4
    · intro n5
      exact n5
  · intro n6
    have n7 : S → Q := by
      intro n8
      rcases n2 with n9 | n10
      · exact n9 h3
      · exact n10 n8
    have n11 : Q := n7 n1
    exact Or.inr n11

-- uniform_s11_005348: round 6, by sampling
theorem uniform_s11_005348 (P Q R S : Prop) (h1 : R → P) (h2 : P ∧ R → R ∧ Q) (h3 : (P → S) ∧ S ∧ P ↔ ¬Q ∨ (R → P)) (h4 : Q ∧ Q) : (S → Q) ∧ Q → ¬P → Q → R := by
  intro n1
  have n2 : Q := n1.2
  intro n3
  intro n4
  apply Classical.byContradiction
  intro n5
  have n6 : ¬Q ∨ (R → P) := by
    have n7 : R → P := by
      intro n8
      have n9 : False := n5 n8
      exact False.elim n9
    exact Or.inr n7
  have n10 : (P → S) ∧ S ∧ P := h3.mpr n6
  have n11 : S ∧ P := n10.2
  have n12 : P := n11.2
  exact n3 n12

-- uniform_s11_005394: round 2, by sampling
theorem uniform_s11_005394 (P Q R S : Prop) (h1 : (Q → P ↔ R ∨ S) ∧ (R ∧ S ↔ S → R)) (h2 : Q → S) (h3 : S) (h4 : P → Q) : P ∧ (P ∨ Q) ∨ (P ∨ R → S → R) := by
  have n1 : P ∨ ¬P := Classical.em P
  rcases n1 with n2 | n3
  · have n4 : Q := h4 n2
    have n5 : P ∧ (P ∨ Q) := by
      constructor
      exact n2
      exact Or.inl n2
    exact Or.inl n5
  · have n6 : P ∨ R → S → R := by
      intro n7
      intro n8
      rcases n7 with n9 | n10
      · have n11 : False := n3 n9
        exact False.elim n11
      · exact n10
    exact Or.inr n6

-- uniform_s11_005736: round 2, by sampling
theorem uniform_s11_005736 (P Q R S : Prop) (h1 : (P ↔ S) ∧ (P → Q) ↔ (¬R ↔ (S ↔ P))) (h2 : S → Q) (h3 : ¬R) (h4 : ¬(Q ↔ R)) : ((S → Q) → (R ↔ Q)) → (S ∨ S ↔ ¬R) := by
  intro n1
  constructor
  · intro n2
    exact h3
  · intro n3
    have n4 : S := by
      apply Classical.byContradiction
      intro n5
      have n6 : Q ↔ R := by
        constructor
        · intro n7
          have n8 : S → Q := by
            intro n9
            exact n7
          have n10 : R ↔ Q := n1 n8
          exact n10.mpr n7
        · intro n11
          have n12 : False := n3 n11
          exact False.elim n12
      exact h4 n6
    exact Or.inl n4

-- uniform_s11_005417: round 3, by sampling
theorem uniform_s11_005417 (P Q R S : Prop) (h1 : (P → R) ∧ R → (R → S) → (P ↔ R)) (h2 : R ∧ R) (h3 : R ∨ Q → ¬P) : ¬S := by
  have n1 : R := h2.1
  intro n2
  have n3 : (P → R) ∧ R := by
    constructor
    · intro n4
      exact n1
    · exact n1
  have n5 : (R → S) → (P ↔ R) := h1 n3
  have n6 : R → S := by
    intro n7
    exact n2
  have n8 : P ↔ R := n5 n6
  have n9 : P := n8.mpr n1
  have n10 : P → R := by
    intro n11
    exact n1
  have n12 : R := n10 n9
  have n13 : R ∨ Q := Or.inl n12
  have n14 : ¬P := h3 n13
  exact n14 n9

-- uniform_s11_005793: round 2, by sampling
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
          have n7 : (S ↔ P) → P := by
            intro n8
            exact n6
          have n9 : False := h4 n7
          exact False.elim n9
      exact h1 n3
  exact Or.inl n1

-- uniform_s11_005642: round 6, by sampling
theorem uniform_s11_005642 (P Q R S : Prop) (h1 : ¬R) (h2 : P) : ((S ↔ R) ∨ S ∧ P) ∧ (Q ∨ S → S ∨ P) := by
  constructor
  · have n1 : S ∧ P ∨ ¬(S ∧ P) := Classical.em (S ∧ P)
    rcases n1 with n2 | n3
    · exact Or.inr n2
    · have n4 : S ↔ R := by
        constructor
        · intro n5
          have n6 : S ∧ P := ⟨n5, h2⟩
          have n7 : False := n3 n6
          exact False.elim n7
        · intro n8
          have n9 : False := h1 n8
          exact False.elim n9
      exact Or.inl n4
  · intro n10
    exact Or.inr h2

-- uniform_s11_005863: round 4, by sampling
theorem uniform_s11_005863 (P Q R S : Prop) (h1 : ((R → S) → Q ∧ P) ∧ Q) (h2 : (S → Q) → P ∨ S) : ¬¬(P ∧ Q) := by
  have n1 : (R → S) → Q ∧ P := h1.1
  have n2 : Q := h1.2
  intro n3
  have n4 : S → Q := by
    intro n5
    exact n2
  have n6 : P ∧ Q := by
    constructor
    have n7 : P ∨ S := h2 n4
    · rcases n7 with n8 | n9
      · exact n8
      · have n10 : R → S := by
          intro n11
          exact n9
        have n12 : Q ∧ P := n1 n10
        exact n12.2
    · exact n2
  exact n3 n6

-- uniform_s11_005876: round 2, by sampling
theorem uniform_s11_005876 (P Q R S : Prop) (h1 : P ∧ R → S ∧ S) (h2 : R → Q) (h3 : ¬S ∨ (R → S)) (h4 : (S → R) → (S ↔ S)) (h5 : (S → S ↔ S → R) ∧ ((Q ↔ Q) → R)) : Q ∧ (R → Q) ∧ (S ↔ S) := by
  have n1 : (Q ↔ Q) → R := h5.2
  constructor
  · have n2 : S → S ↔ S → R := by
      constructor
      intro n3
      intro n4
      have n5 : Q ↔ Q := by
        constructor
        · intro n6
          exact n6
        · intro n7
          exact n7
      exact n1 n5
      · intro n8
        intro n9
        exact n9
    have n10 : R := by
      have n11 : Q ↔ Q := by
        constructor
        · intro n12
          exact n12
        · intro n13
          exact n13
      exact n1 n11
    exact h2 n10
  · constructor
    · intro n14
      exact h2 n14
    · constructor
      · intro n15
        exact n15
      · intro n16
        exact n16

-- uniform_s11_005891: round 1, by sampling
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
      have n9 : S := h1.mp n8
      exact n9
    have n10 : Q ∧ Q := h4 n7
    have n11 : Q := n10.1
    exact n6 n11

-- uniform_s11_005934: round 10, by sampling
theorem uniform_s11_005934 (P Q R S : Prop) (h1 : (¬Q → (S ↔ R)) ∨ ¬Q ∧ ¬R) (h2 : ¬P ↔ S ∨ P) : R ∨ S ↔ Q → Q := by
  constructor
  · intro n1
    intro n2
    exact n2
  · intro n3
    have n4 : ¬P := by
      intro n5
      have n6 : S ∨ P := Or.inr n5
      have n7 : ¬P := h2.mpr n6
      exact n7 n5
    have n8 : S ∨ P := h2.mp n4
    rcases n8 with n9 | n10
    · exact Or.inr n9
    · have n11 : False := n4 n10
      have n12 : R := False.elim n11
      exact Or.inl n12

-- uniform_s11_005943: round 13, by sampling
theorem uniform_s11_005943 (P Q R S : Prop) (h1 : (¬Q ∨ R) ∨ (¬Q → R → R)) (h2 : Q) (h3 : P ∨ S ↔ R) (h4 : ((R ↔ R) → R) ∨ ((S → Q) → Q → S)) : R ∨ R := by
  have n1 : R := by
    rcases h4 with n1 | n2
    · have n3 : R ↔ R := by
        constructor
        · intro n4
          exact n4
        · intro n5
          exact n5
      exact n1 n3
    · have n6 : S → Q := by
        intro n7
        exact h2
      have n8 : R := by
        have n9 : Q → S := n2 n6
        have n10 : S := n9 h2
        have n11 : P ∨ S := Or.inr n10
        have n12 : R := h3.mp n11
        exact n12
      · exact n8
  exact Or.inl n1

-- uniform_s12_000314: round 2, by sampling
theorem uniform_s12_000314 (P R S : Prop) (h1 : S → P ↔ R) (h2 : P) (h3 : ¬¬(P → S)) : P → (S ↔ R) := by
  have n1 : P → S := Classical.not_not.mp h3
  intro n2
  have n3 : S := n1 n2
  constructor
  · intro n4
    have n5 : S → P := by
      intro n6
      exact n2
    exact h1.mp n5
  · intro n7
    exact n3

-- uniform_s12_000379: round 1, by sampling
theorem uniform_s12_000379 (P Q R S : Prop) (h1 : ¬Q) (h2 : (S ∨ S) ∨ (P ↔ R)) (h3 : P) (h4 : Q ↔ S) : R ↔ P := by
  have n1 : ¬S := mt h4.mpr h1
  constructor
  · intro n2
    exact h3
  · intro n3
    rcases h2 with n4 | n5
    · have n6 : S ∨ S := by
        rcases n4 with n5 | n6
        exact Or.inl n5
        exact Or.inl n6
      · rcases n6 with n7 | n8
        · have n9 : False := n1 n7
          exact False.elim n9
        · have n10 : False := n1 n8
          exact False.elim n10
    · exact n5.mp n3

-- uniform_s12_000589: round 2, by sampling
theorem uniform_s12_000589 (P Q R S : Prop) (h1 : Q ∧ (Q → R)) (h2 : R → S ↔ Q) (h3 : (S → Q ↔ (Q ↔ P)) → S) : ((R ↔ S) → (Q ↔ S)) ∨ ((P ↔ Q) ↔ R ∨ S) := by
  have n1 : Q := h1.1
  have n2 : Q → R := h1.2
  have n3 : R := n2 n1
  have n4 : (R ↔ S) → (Q ↔ S) := by
    intro n5
    have n6 : S := n5.mp n3
    constructor
    · intro n7
      exact n6
    · intro n8
      exact n1
  exact Or.inl n4

-- uniform_s12_000899: round 2, by sampling
theorem uniform_s12_000899 (P Q R S : Prop) (h1 : R → R) (h2 : R → (R → Q ↔ S → P)) (h3 : R) : ¬(Q ∧ R) → R ∨ Q → S := by
  intro n1
  intro n2
  apply Classical.byContradiction
  intro n3
  have n4 : R := by
    exact h3
  have n5 : R → Q ↔ S → P := h2 n4
  have n6 : S → P := by
    intro n7
    have n8 : False := n3 n7
    exact False.elim n8
  have n9 : R → Q := n5.mpr n6
  have n10 : Q := n9 n4
  have n11 : Q ∧ R := ⟨n10, h3⟩
  exact n1 n11

-- uniform_s12_000461: round 5, by sampling
theorem uniform_s12_000461 (P Q R S : Prop) (h1 : ((Q → S) → R → P) → R) (h2 : ¬¬(Q → Q)) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : ¬((Q → S) → R → P) := mt h1 n1
    have n3 : (Q → S) → R → P := by
      intro n4
      intro n5
      have n6 : False := n1 n5
      exact False.elim n6
    exact n2 n3

-- uniform_s12_001027: round 2, by sampling
theorem uniform_s12_001027 (P Q R S : Prop) (h1 : ¬(Q ↔ P) → ¬S → S → R) (h2 : ¬(Q → Q) → S) (h3 : ¬(S → Q ↔ P ∨ Q)) (h4 : P → S) : S → P := by
  intro n1
  apply Classical.byContradiction
  · intro n2
    have n3 : Q → Q := by
      intro n4
      exact n4
    have n5 : S → Q ↔ P ∨ Q := by
      constructor
      · intro n6
        have n7 : Q := n6 n1
        exact Or.inr n7
      · intro n8
        intro n9
        rcases n8 with n10 | n11
        · have n12 : False := n2 n10
          exact False.elim n12
        · exact n11
    exact h3 n5

-- uniform_s12_002023: round 10, by sampling
theorem uniform_s12_002023 (P Q R S : Prop) (h1 : ¬(S → S) ∨ (S → P)) (h2 : (Q ↔ Q) ∧ (Q → P) ↔ (Q → Q) → Q) (h3 : (Q ↔ P) ∨ (P ↔ R) → (P ↔ S) ∧ S) : Q := by
  apply Classical.byContradiction
  · intro n1
    have n2 : (Q ↔ Q) ∧ (Q → P) := by
      constructor
      · constructor
        · intro n3
          exact n3
        · intro n4
          exact n4
      · intro n5
        have n6 : False := n1 n5
        exact False.elim n6
    have n7 : (Q → Q) → Q := h2.mp n2
    have n8 : Q → Q := by
      intro n9
      exact n9
    have n10 : Q := n7 n8
    exact n1 n10

-- uniform_s12_002624: round 1, by sampling
theorem uniform_s12_002624 (P Q R S : Prop) (h1 : R ↔ (Q ↔ R)) : Q ∨ (S → P) := by
  have n1 : Q := by
    apply Classical.byContradiction
    · intro n2
      have n3 : R ∨ ¬R := Classical.em R
      rcases n3 with n4 | n5
      · have n6 : Q ↔ R := h1.mp n4
        have n7 : Q := n6.mpr n4
        exact n2 n7
      · have n8 : ¬(Q ↔ R) := mt h1.mpr n5
        · have n9 : Q ↔ R := by
            constructor
            · intro n10
              have n11 : False := n2 n10
              exact False.elim n11
            · intro n12
              have n13 : False := n5 n12
              exact False.elim n13
          exact n8 n9
  exact Or.inl n1

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
      intro n9
      exact n2

-- uniform_s12_002894: round 13, by sampling
theorem uniform_s12_002894 (P Q R S : Prop) (h1 : S ↔ S ∧ Q → (P ↔ S)) (h2 : S → R ↔ S → Q) (h3 : R ∨ S → R ↔ P) (h4 : R ↔ R) : (P ∧ S → S → R) → S ∨ P → S := by
  intro n1
  intro n2
  rcases n2 with n4 | n5
  · exact n4
  · apply Classical.byContradiction
    intro n6
    have n7 : ¬(S ∧ Q → (P ↔ S)) := mt h1.mpr n6
    have n8 : S ∧ Q → (P ↔ S) := by
      intro n9
      have n10 : S := n9.1
      constructor
      have n11 : False := n6 n10
      exact False.elim n11
      intro n12
      exact n5
    exact n7 n8

-- uniform_s12_001874: round 13, by sampling
theorem uniform_s12_001874 (P Q R S : Prop) (h1 : Q) (h2 : S → P ∧ P ↔ ¬P) : S → R := by
  intro n1
  have n2 : ¬P := by
    intro n3
    have n4 : S → P ∧ P := by
      intro n5
      exact ⟨n3, n3⟩
    have n6 : ¬P := h2.mp n4
    exact n6 n3
  have n7 : S → P ∧ P := h2.mpr n2
  have n8 : P ∧ P := n7 n1
  have n9 : P := n8.1
  have n10 : False := n2 n9
  exact False.elim n10

-- uniform_s12_000821: round 3, by sampling
theorem uniform_s12_000821 (P Q R S : Prop) (h1 : R ∧ Q) (h2 : (Q → S) → Q → S) (h3 : Q ↔ (P → P) → R → P) : P ↔ R := by
  have n1 : R := h1.1
  have n2 : Q := h1.2
  have n3 : (P → P) → R → P := h3.mp n2
  constructor
  · intro n4
    exact n1
  · intro n5
    have n6 : P → P := by
      intro n7
      exact n7
    have n8 : R → P := n3 n6
    exact n8 n1
