-- proofs found by `gentzen ttrl` (arm ttrl); check them with `gentzen verify` or Lean

-- uniform_s11_000000: round 34, by sampling
theorem uniform_s11_000000 (P Q R S : Prop) (h1 : R ∧ P ↔ ((P ↔ Q) ↔ P)) (h2 : (Q → R) → P ∧ S) (h3 : P) : S := by
  have n1 : Q → R := by
    intro n2
    have n3 : (P ↔ Q) ↔ P := by
      constructor
      · intro n4
        exact h3
      · intro n5
        constructor
        · intro n6
          exact n2
        · intro n7
          · exact n5
    have n8 : R ∧ P := h1.mpr n3
    exact n8.1
  have n9 : P ∧ S := h2 n1
  exact n9.2

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

-- uniform_s11_000571: round 3, by sampling
theorem uniform_s11_000571 (P Q R S : Prop) (h1 : ¬P) (h2 : R ∧ S → R → Q) (h3 : R → R → S) (h4 : R ∨ P) (h5 : P → Q) : ¬(R ∧ Q) ↔ (¬Q ↔ R) := by
  constructor
  · intro n1
    constructor
    · intro n2
      rcases h4 with n3 | n4
      · exact n3
      · have n5 : False := h1 n4
        exact False.elim n5
    · intro n6
      intro n7
      have n8 : R ∧ Q := by
        constructor
        · exact n6
        · exact n7
      exact n1 n8
  · intro n9
    intro n10
    have n11 : Q := n10.2
    have n12 : R := n10.1
    have n13 : R → S := h3 n12
    have n14 : ¬Q := n9.mpr n12
    exact n14 n11

-- uniform_s11_000721: round 18, by sampling
theorem uniform_s11_000721 (P Q R S : Prop) (h1 : (S ↔ S → P) ∧ (R ↔ P) ∧ (Q → S)) (h2 : R ∧ Q) : P ∨ P ↔ (S → R) → (S ↔ P) := by
  have n1 : S ↔ S → P := h1.1
  have n2 : (R ↔ P) ∧ (Q → S) := h1.2
  have n3 : R ↔ P := n2.1
  have n4 : R := h2.1
  have n5 : P := n3.mp n4
  constructor
  · intro n6
    · intro n7
      constructor
      intro n8
      exact n5
      · intro n9
        have n10 : S → P := by
          intro n11
          exact n9
        exact n1.mpr n10
  · intro n12
    exact Or.inl n5

-- uniform_s11_000050: round 1, by sampling
theorem uniform_s11_000050 (Q R S : Prop) (h1 : R → R) (h2 : Q ∧ S) (h3 : R ∧ Q) (h4 : S) : Q ↔ R := by
  constructor
  · intro n1
    · have n2 : R := by
        apply Classical.byContradiction
        · intro n3
          have n4 : R := h3.1
          exact n3 n4
      exact n2
  · intro n5
    exact h2.1

-- uniform_s11_000400: round 2, by sampling
theorem uniform_s11_000400 (P Q R S : Prop) (h1 : Q ∨ (S ∨ R ↔ R ∧ P)) (h2 : ¬(P ↔ S)) (h3 : Q) (h4 : (R → S) ∧ (Q → R)) : (Q ∧ R) ∧ ¬P := by
  have n1 : R → S := h4.1
  have n2 : Q → R := h4.2
  have n3 : R := n2 h3
  have n4 : S := n1 n3
  constructor
  · exact ⟨h3, n3⟩
  · intro n5
    have n6 : P ↔ S := by
      constructor
      · intro n7
        exact n4
      · intro n8
        exact n5
    exact h2 n6

-- uniform_s11_000596: round 10, by sampling
theorem uniform_s11_000596 (P Q R S : Prop) (h1 : (S ∨ R) ∧ (P ∨ Q)) (h2 : Q → S ↔ Q ∧ R) : R → S := by
  have n1 : S ∨ R := h1.1
  intro n2
  rcases n1 with n4 | n5
  · exact n4
  · have n6 : Q → S := by
      intro n7
      have n8 : Q ∧ R := ⟨n7, n5⟩
      have n9 : Q → S := h2.mpr n8
      exact n9 n7
    have n10 : Q ∧ R := h2.mp n6
    · have n11 : Q := n10.1
      exact n6 n11

-- uniform_s11_000874: round 18, by sampling
theorem uniform_s11_000874 (P Q R S : Prop) (h1 : ¬(R ∨ S) ↔ P) (h2 : S ∨ P) (h3 : R ∨ Q ↔ ¬Q) : P ∨ Q → R := by
  intro n1
  apply Classical.byContradiction
  · intro n2
    have n3 : Q ∨ ¬Q := Classical.em Q
    rcases n3 with n4 | n5
    · have n6 : R ∨ Q := by
        exact Or.inr n4
      · have n7 : ¬Q := h3.mp n6
        · exact n7 n4
    · have n8 : R ∨ Q := by
        rcases n1 with n6 | n7
        · have n9 : Q := by
            apply Classical.byContradiction
            · intro n10
              have n11 : R ∨ Q := h3.mpr n10
              rcases n11 with n12 | n13
              · exact n2 n12
              · exact n10 n13
          exact Or.inr n9
        exact Or.inr n7
      rcases n8 with n9 | n10
      · exact n2 n9
      · exact n5 n10

-- uniform_s11_001930: round 2, by sampling
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

-- uniform_s11_001035: round 5, by sampling
theorem uniform_s11_001035 (P Q R S : Prop) (h1 : ¬S) (h2 : P ↔ P) (h3 : ((R → R) → Q → S) ∧ (R ∨ Q → P ∧ P)) : (R → Q ↔ S) → R ∧ (R → P) := by
  intro n1
  have n2 : R ∨ Q → P ∧ P := h3.2
  constructor
  · apply Classical.byContradiction
    · intro n3
      have n4 : R → Q := by
        intro n5
        have n6 : False := n3 n5
        exact False.elim n6
      have n7 : S := n1.mp n4
      exact h1 n7
  · intro n8
    apply Classical.byContradiction
    · intro n9
      have n10 : R ∨ Q := Or.inl n8
      have n11 : P ∧ P := n2 n10
      have n12 : P := n11.1
      exact n9 n12

-- uniform_s11_001284: round 4, by sampling
theorem uniform_s11_001284 (P Q S : Prop) (h1 : S → Q) : P ∨ (Q ↔ P) ∨ P ∨ Q := by
  have n1 : (P ∨ Q) ∨ ¬(P ∨ Q) := Classical.em (P ∨ Q)
  rcases n1 with n2 | n3
  · rcases n2 with n4 | n5
    · exact Or.inl n4
    · have n6 : P ∨ Q := Or.inr n5
      · have n7 : (Q ↔ P) ∨ P ∨ Q := Or.inr n6
        exact Or.inr n7
  · have n8 : Q ↔ P := by
      constructor
      · intro n9
        have n10 : P ∨ Q := Or.inr n9
        have n11 : False := n3 n10
        exact False.elim n11
      · intro n12
        have n13 : P ∨ Q := Or.inl n12
        have n14 : False := n3 n13
        exact False.elim n14
    have n15 : (Q ↔ P) ∨ P ∨ Q := Or.inl n8
    exact Or.inr n15

-- uniform_s11_001077: round 3, by sampling
theorem uniform_s11_001077 (P Q S : Prop) (h1 : ¬¬(S ∨ P)) (h2 : S ∨ S ↔ Q ∨ P) : ¬¬S := by
  have n1 : S ∨ P := Classical.not_not.mp h1
  intro n2
  rcases n1 with n4 | n5
  · exact n2 n4
  · have n6 : S ∨ S := by
      have n7 : S := by
        have n8 : Q ∨ P := Or.inr n5
        have n9 : S ∨ S := h2.mpr n8
        rcases n9 with n11 | n12
        · exact n11
        · exact n12
      exact Or.inl n7
    · rcases n6 with n8 | n9
      · exact n2 n8
      · exact n2 n9

-- uniform_s11_002398: round 8, by sampling
theorem uniform_s11_002398 (P Q R S : Prop) (h1 : S → R) (h2 : (S → R ↔ R) ∧ (R ∧ S) ∧ (P → Q)) (h3 : ((R ↔ Q) → Q ∧ P) ∧ (R ∧ P ∨ Q)) (h4 : P → R) (h5 : R ↔ S) : (S → S ↔ Q ∧ Q) ∨ P := by
  have n1 : S := by
    have n2 : (R ∧ S) ∧ (P → Q) := h2.2
    have n3 : R ∧ S := n2.1
    exact n3.2
  have n4 : R ∧ P ∨ Q := h3.2
  rcases n4 with n6 | n7
  · have n8 : P := n6.2
    exact Or.inr n8
  · have n9 : S → S ↔ Q ∧ Q := by
      constructor
      intro n10
      exact ⟨n7, n7⟩
      intro n11
      intro n12
      exact n12
    exact Or.inl n9

-- uniform_s11_002437: round 21, by sampling
theorem uniform_s11_002437 (P Q R S : Prop) (h1 : ¬((P ↔ S) ∧ P ∧ Q)) (h2 : P → P) (h3 : P ∨ R → S) (h4 : ((R → R) ∧ P) ∧ (Q → Q ↔ Q → Q)) (h5 : (P ↔ P) ∨ R ∧ R) : (R ↔ S) ↔ S ∧ R := by
  have n1 : (R → R) ∧ P := h4.1
  constructor
  · intro n2
    have n3 : P := n1.2
    constructor
    · have n4 : P ∨ R := Or.inl n3
      have n5 : S := h3 n4
      · exact n5
    · have n6 : P ↔ P := by
        constructor
        · intro n7
          exact n7
        · intro n8
          exact n8
      · have n9 : P := by
          exact n3
        have n10 : P ∨ R := Or.inl n9
        have n11 : S := h3 n10
        exact n2.mpr n11
  · intro n12
    constructor
    · intro n13
      exact n12.1
    · intro n14
      have n15 : R := n12.2
      exact n15

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

-- uniform_s11_003155: round 3, by sampling
theorem uniform_s11_003155 (P Q R : Prop) (h1 : Q ∨ Q) (h2 : (R ↔ P) ↔ P) (h3 : Q) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : R ↔ P := by
      constructor
      · intro n3
        have n4 : False := n1 n3
        exact False.elim n4
      · intro n5
        have n6 : R ↔ P := h2.mpr n5
        exact n6.mpr n5
    have n7 : P := h2.mp n2
    have n8 : R := n2.mpr n7
    exact n1 n8

-- uniform_s11_003393: round 1, by sampling
theorem uniform_s11_003393 (P Q R S : Prop) (h1 : (Q → R) → Q ∨ P) (h2 : S ↔ P) : (Q ∨ S) ∨ (P ↔ S → P) := by
  have n1 : (Q ∨ S) ∨ ¬(Q ∨ S) := Classical.em (Q ∨ S)
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : P := by
      apply Classical.byContradiction
      · intro n5
        have n6 : Q → R := by
          intro n7
          have n8 : Q ∨ S := Or.inl n7
          have n9 : False := n3 n8
          exact False.elim n9
        have n10 : Q ∨ S := by
          have n11 : Q := by
            have n12 : Q ∨ P := h1 n6
            rcases n12 with n13 | n14
            · exact n13
            · have n15 : False := n5 n14
              exact False.elim n15
          exact Or.inl n11
        exact n3 n10
    have n16 : S := h2.mpr n4
    have n17 : P ↔ S → P := by
      constructor
      · intro n18
        · intro n19
          exact n4
      · intro n20
        exact n4
    exact Or.inr n17

-- uniform_s11_003468: round 7, by sampling
theorem uniform_s11_003468 (P Q R S : Prop) (h1 : P ∧ P) (h2 : ¬S ∨ R ∧ S) (h3 : Q ↔ R ∨ S → ¬S) : (R → Q ↔ S → Q) ∨ (R → Q) ∧ (Q → P) := by
  have n1 : R → Q ↔ S → Q := by
    constructor
    · intro n2
      · intro n3
        rcases h2 with n4 | n5
        · have n6 : False := n4 n3
          exact False.elim n6
        · have n7 : R := n5.1
          exact n2 n7
    · intro n8
      intro n9
      rcases h2 with n10 | n11
      · have n12 : Q := by
          have n13 : R ∨ S → ¬S := by
            intro n14
            exact n10
          exact h3.mpr n13
        · exact n12
      · have n15 : S := n11.2
        exact n8 n15
  exact Or.inl n1

-- uniform_s11_000359: round 3, by sampling
theorem uniform_s11_000359 (P Q R S : Prop) (h1 : (S ∧ P) ∧ (P → Q)) (h2 : P → P) (h3 : (R ↔ R ∨ Q) ∧ (S ↔ (Q ↔ P))) (h4 : S) : P → R := by
  have n1 : P → Q := h1.2
  have n2 : R ↔ R ∨ Q := h3.1
  intro n3
  have n4 : Q := n1 n3
  have n5 : R ∨ Q := Or.inr n4
  rcases n5 with n6 | n7
  · exact n6
  · have n8 : R ∨ Q := Or.inr n7
    · rcases n8 with n10 | n11
      · exact n10
      · have n12 : R ∨ Q := Or.inr n4
        have n13 : R := n2.mpr n12
        · exact n13

-- uniform_s11_002069: round 8, by composition
theorem uniform_s11_002069 (P Q R S : Prop) (h1 : P → R ↔ S) (h2 : S) (h3 : Q ∧ P ∧ P) : (R ↔ Q) ∧ (R ↔ S) := by
  have n1 : P → R := h1.mpr h2
  have n2 : Q := h3.1
  have n3 : P ∧ P := h3.2
  have n4 : P := n3.1
  have n5 : R := n1 n4
  constructor
  · constructor
    · intro n6
      exact n2
    · intro n7
      exact n5
  · constructor
    intro n8
    exact h2
    · intro n9
      exact n5

-- uniform_s11_003671: round 2, by sampling
theorem uniform_s11_003671 (P Q R S : Prop) (h1 : ((S ↔ R) ↔ P ∨ R) → ¬¬P) (h2 : (Q ∨ R) ∨ (R → Q) ↔ (Q ∨ R) ∧ (R → P)) (h3 : S) : P ∨ P := by
  have n1 : ¬¬P := by
    intro n2
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
    exact n12 n2
  have n13 : P := Classical.not_not.mp n1
  exact Or.inl n13

-- uniform_s11_003686: round 8, by sampling
theorem uniform_s11_003686 (P Q R S : Prop) (h1 : R ∧ (Q → P) ↔ P) (h2 : S) (h3 : P ∨ P) (h4 : S) (h5 : ¬(R → Q) ↔ S) : R := by
  have n1 : P := by
    rcases h3 with n1 | n2
    · exact n1
    · exact n2
  have n3 : R ∧ (Q → P) := h1.mpr n1
  exact n3.1

-- uniform_s11_002290: round 3, by sampling
theorem uniform_s11_002290 (Q R S : Prop) (h1 : ¬¬Q) (h2 : (Q ↔ R) ∧ (Q ∨ Q)) (h3 : Q ∧ (Q ↔ R) → (R → S) ∧ (S → R)) : S := by
  have n1 : Q := Classical.not_not.mp h1
  have n2 : Q ↔ R := h2.1
  have n3 : R := n2.mp n1
  have n4 : Q ∧ (Q ↔ R) := by
    constructor
    · exact n1
    · constructor
      · intro n5
        exact n3
      · intro n6
        exact n1
  have n7 : (R → S) ∧ (S → R) := h3 n4
  have n8 : R → S := n7.1
  exact n8 n3

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

-- uniform_s11_003877: round 12, by sampling
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
        intro n13
        exact n13
    exact Or.inl n4

-- uniform_s11_003951: round 4, by sampling
theorem uniform_s11_003951 (P R S : Prop) (h1 : P → (P → R) ∧ (P ↔ P)) (h2 : ¬P ∧ (R → P) → R ∧ (P → S)) : R := by
  have n1 : P → R := by
    intro n2
    have n3 : P → R := by
      intro n4
      have n5 : (P → R) ∧ (P ↔ P) := h1 n4
      have n6 : P → R := n5.1
      exact n6 n4
    exact n3 n2
  apply Classical.byContradiction
  · intro n7
    have n8 : ¬P ∧ (R → P) := by
      constructor
      · intro n9
        have n10 : R := n1 n9
        exact n7 n10
      · intro n11
        have n12 : False := n7 n11
        exact False.elim n12
    have n13 : R ∧ (P → S) := h2 n8
    have n14 : R := n13.1
    exact n7 n14

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

-- uniform_s11_004012: round 6, by sampling
theorem uniform_s11_004012 (P Q R S : Prop) (h1 : R ↔ S) (h2 : Q → R) (h3 : (Q → S → P) ∧ R ∧ R) (h4 : Q ∨ P) : ¬¬(Q → P) := by
  have n1 : Q → S → P := h3.1
  have n2 : R ∧ R := h3.2
  have n3 : R := n2.1
  have n4 : S := h1.mp n3
  intro n5
  have n6 : Q → P := by
    intro n7
    have n8 : Q → P := by
      intro n9
      have n10 : S → P := n1 n9
      have n11 : P := by
        exact n10 n4
      exact n11
    have n12 : False := n5 n8
    exact False.elim n12
  exact n5 n6

-- uniform_s11_002943: round 32, by composition
theorem uniform_s11_002943 (P Q R S : Prop) (h1 : (Q ∧ S ↔ P → Q) ↔ ¬(P ∧ P)) (h2 : R → R) : P ∨ S := by
  have n1 : P → Q := by
    intro n2
    apply Classical.byContradiction
    · intro n3
      have n4 : Q ∧ S ↔ P → Q := by
        constructor
        · intro n5
          have n6 : Q := n5.1
          have n7 : False := n3 n6
          exact False.elim n7
        · intro n8
          have n9 : Q := n8 n2
          have n10 : False := n3 n9
          exact False.elim n10
      have n11 : ¬(P ∧ P) := h1.mp n4
      have n12 : P → Q := by
        intro n13
        have n14 : P ∧ P := ⟨n2, n13⟩
        have n15 : False := n11 n14
        exact False.elim n15
      have n16 : Q := n12 n2
      exact n3 n16
  have n17 : P ∨ ¬P := Classical.em P
  rcases n17 with n18 | n19
  · exact Or.inl n18
  · have n20 : S := by
      apply Classical.byContradiction
      · intro n21
        have n22 : ¬(P ∧ P) := by
          intro n23
          have n24 : P := n23.1
          exact n19 n24
        have n25 : Q ∧ S ↔ P → Q := h1.mpr n22
        have n26 : P → Q := by
          intro n27
          have n28 : False := n19 n27
          exact False.elim n28
        have n29 : Q ∧ S := n25.mpr n26
        have n30 : S := n29.2
        exact n21 n30
    exact Or.inr n20

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

-- uniform_s11_004100: round 3, by sampling
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

-- uniform_s11_004153: round 8, by sampling
theorem uniform_s11_004153 (P Q R S : Prop) (h1 : ¬S ∧ ((S ↔ P) → R)) : (R ∨ P) ∨ R ∧ Q := by
  have n1 : ¬S := h1.1
  have n2 : R ∨ P := by
    have n3 : (S ↔ P) → R := h1.2
    have n4 : P ∨ ¬P := Classical.em P
    rcases n4 with n5 | n6
    exact Or.inr n5
    · have n7 : S ↔ P := by
        constructor
        · intro n8
          have n9 : False := n1 n8
          exact False.elim n9
        intro n10
        have n11 : False := n6 n10
        exact False.elim n11
      have n12 : R := n3 n7
      exact Or.inl n12
  rcases n2 with n3 | n4
  · have n13 : R ∨ P := Or.inl n3
    exact Or.inl n13
  · have n14 : R ∨ P := Or.inr n4
    exact Or.inl n14

-- uniform_s11_003107: round 12, by composition
theorem uniform_s11_003107 (P Q R S : Prop) (h1 : ¬P) (h2 : S) (h3 : R → (Q → S) ∨ P) (h4 : (Q → S) ∨ R) (h5 : P → Q ↔ R) : ((Q → P) → S → R) ∧ (Q ∨ R → S → R) := by
  have n1 : Q ∨ R := by
    have n2 : P → Q := by
      intro n3
      have n4 : False := h1 n3
      exact False.elim n4
    have n5 : R := by
      exact h5.mp n2
    exact Or.inr n5
  have n6 : R := by
    have n7 : P → Q := by
      intro n8
      have n9 : False := h1 n8
      exact False.elim n9
    exact h5.mp n7
  constructor
  · intro n10
    intro n11
    exact n6
  · intro n12
    · intro n13
      exact n6

-- uniform_s11_003168: round 1, by sampling
theorem uniform_s11_003168 (P Q R S : Prop) (h1 : Q) (h2 : P) (h3 : R) (h4 : Q ∨ (Q ↔ S)) (h5 : Q ∧ R → P → S) : ((P ∧ R) ∧ (S ↔ Q)) ∧ S := by
  constructor
  · constructor
    · exact ⟨h2, h3⟩
    · constructor
      · intro n1
        exact h1
      · intro n2
        apply Classical.byContradiction
        intro n3
        have n4 : Q ∧ R := ⟨n2, h3⟩
        have n5 : P → S := h5 n4
        have n6 : S := n5 h2
        exact n3 n6
  · have n7 : Q ∧ R := ⟨h1, h3⟩
    have n8 : P → S := h5 n7
    exact n8 h2

-- uniform_s11_003498: round 1, by sampling
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

-- uniform_s11_004343: round 5, by sampling
theorem uniform_s11_004343 (P Q R S : Prop) (h1 : P → (R → Q ↔ R ∨ S)) (h2 : (P ↔ Q) → Q → R) (h3 : ¬(S → S) → ¬S ∨ ¬P) : ((Q ↔ P) → Q → S) ∨ (S → Q ↔ P → Q) := by
  have n1 : (S → Q ↔ P → Q) ∨ ¬(S → Q ↔ P → Q) := Classical.em (S → Q ↔ P → Q)
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : (Q ↔ P) → Q → S := by
      intro n5
      intro n6
      have n7 : S → Q ↔ P → Q := by
        constructor
        · intro n8
          intro n9
          exact n6
        · intro n10
          intro n11
          exact n6
      have n12 : False := n3 n7
      exact False.elim n12
    exact Or.inl n4

-- uniform_s11_001875: round 15, by composition
theorem uniform_s11_001875 (P R S : Prop) (h1 : R) (h2 : R → R → P ∧ P) (h3 : S ∨ ((R ↔ S) ↔ S ∨ R)) : S ∧ S := by
  have n1 : P ∧ P := by
    constructor
    · have n2 : R → P ∧ P := by
        have n3 : R → P ∧ P := h2 h1
        intro n4
        have n5 : P ∧ P := n3 n4
        have n6 : P := n5.1
        exact ⟨n6, n6⟩
      have n7 : P ∧ P := n2 h1
      exact n7.1
    · have n8 : R → P ∧ P := by
        intro n9
        have n10 : R → P ∧ P := h2 n9
        have n11 : P ∧ P := n10 h1
        have n12 : P := n11.1
        exact ⟨n12, n12⟩
      have n13 : P ∧ P := n8 h1
      exact n13.1
  have n14 : P := n1.1
  have n15 : S ∨ R := by
    exact Or.inr h1
  constructor
  · rcases h3 with n16 | n17
    · exact n16
    · have n18 : R ↔ S := n17.mpr n15
      exact n18.mp h1
  · rcases h3 with n17 | n18
    · exact n17
    · have n19 : R ↔ S := n18.mpr n15
      · have n20 : S := n19.mp h1
        · exact n20

-- uniform_s11_004357: round 2, by composition
theorem uniform_s11_004357 (P Q R S : Prop) (h1 : ¬¬Q → (R → S) ∨ P) (h2 : ¬(P ∧ R ↔ S → S)) : ((S ↔ Q) ∨ S) ∨ Q := by
  have n1 : S → S := by
    intro n2
    exact n2
  have n3 : (Q ∨ S) ∨ ¬(Q ∨ S) := Classical.em (Q ∨ S)
  rcases n3 with n4 | n5
  · rcases n4 with n6 | n7
    · exact Or.inr n6
    · have n8 : (S ↔ Q) ∨ S := Or.inr n7
      exact Or.inl n8
  · have n9 : S ↔ Q := by
      constructor
      · intro n10
        have n11 : Q ∨ S := Or.inr n10
        have n12 : False := n5 n11
        exact False.elim n12
      · intro n13
        have n14 : Q ∨ S := Or.inl n13
        have n15 : False := n5 n14
        exact False.elim n15
    have n16 : (S ↔ Q) ∨ S := Or.inl n9
    exact Or.inl n16

-- uniform_s11_003563: round 2, by sampling
theorem uniform_s11_003563 (P Q R S : Prop) (h1 : (P → R) ∧ P) (h2 : S) (h3 : P ↔ Q) : ((S ↔ Q) ∧ S ∧ R) ∧ (P ∨ S) := by
  have n1 : P → R := h1.1
  have n2 : P := h1.2
  constructor
  · constructor
    · constructor
      · intro n3
        · have n4 : P → R := by
            intro n5
            exact n1 n5
          have n6 : P := by
            exact n2
          exact h3.mp n6
      · intro n7
        exact h2
    · constructor
      · exact h2
      exact n1 n2
  · exact Or.inl n2

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

-- uniform_s11_003618: round 12, by sampling
theorem uniform_s11_003618 (P Q R S : Prop) (h1 : (R → Q) ∨ ((S ↔ Q) → R ∧ S)) (h2 : (¬R → ¬Q) ∧ (P ∨ Q ∨ Q)) (h3 : S ∨ Q → R ∧ P ↔ ((P ↔ S) ↔ P → S)) : (R ↔ P) → P := by
  have n1 : P ∨ Q ∨ Q := h2.2
  have n2 : ¬R → ¬Q := h2.1
  intro n3
  apply Classical.byContradiction
  · intro n4
    have n5 : ¬R := mt n3.mp n4
    have n6 : ¬Q := n2 n5
    have n7 : Q ∨ Q := by
      rcases n1 with n7 | n8
      · have n9 : False := n4 n7
        have n10 : Q := False.elim n9
        exact Or.inl n10
      rcases n8 with n9 | n10
      · exact Or.inl n9
      · exact Or.inl n10
    rcases n7 with n8 | n9
    · exact n6 n8
    · exact n6 n9

-- uniform_s11_002084: round 24, by sampling
theorem uniform_s11_002084 (P Q R S : Prop) (h1 : P → P) (h2 : (Q ↔ (Q ↔ S)) ↔ (Q → R) → S ∧ R) (h3 : ¬R ∧ Q) : S := by
  have n1 : ¬R := h3.1
  have n2 : Q := h3.2
  have n3 : (Q → R) → S ∧ R := by
    intro n4
    have n5 : R := n4 n2
    have n6 : False := n1 n5
    exact False.elim n6
  have n7 : Q ↔ (Q ↔ S) := h2.mpr n3
  have n8 : Q ↔ S := n7.mp n2
  exact n8.mp n2

-- uniform_s11_004472: round 18, by sampling
theorem uniform_s11_004472 (P Q R S : Prop) (h1 : R) (h2 : R → S) (h3 : Q ↔ S) : (¬S ↔ (P ↔ R)) ∨ (P ∨ Q) ∧ Q ∧ P := by
  have n1 : P ∨ ¬P := Classical.em P
  rcases n1 with n2 | n3
  · have n4 : (P ∨ Q) ∧ Q ∧ P := by
      constructor
      exact Or.inl n2
      constructor
      · have n5 : R := by
          exact h1
        have n6 : S := h2 n5
        exact h3.mpr n6
      · exact n2
    exact Or.inr n4
  · have n7 : ¬S ↔ (P ↔ R) := by
      constructor
      · intro n8
        constructor
        · intro n9
          exact h1
        · intro n10
          have n11 : S := h2 n10
          have n12 : False := n8 n11
          exact False.elim n12
      intro n13
      have n14 : P := n13.mpr h1
      have n15 : False := n3 n14
      exact False.elim n15
    exact Or.inl n7

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

-- uniform_s11_004696: round 3, by sampling
theorem uniform_s11_004696 (P Q R S : Prop) (h1 : (Q ↔ S) → R ↔ ¬(P ∨ P)) (h2 : S ∧ (Q → Q)) (h3 : ¬(Q ∧ R)) (h4 : S ∧ (Q → S)) (h5 : Q ↔ (S → R) → (Q ↔ P)) : (S ∨ Q → P → Q) ∨ ¬S ∧ R ∧ P := by
  have n1 : S := h2.1
  have n2 : Q → P → Q := by
    intro n3
    intro n4
    exact n3
  have n5 : S ∨ Q → P → Q := by
    intro n6
    intro n7
    apply Classical.byContradiction
    · intro n8
      have n9 : (Q ↔ S) → R := by
        intro n10
        have n11 : Q := n10.mpr n1
        have n12 : False := n8 n11
        exact False.elim n12
      have n13 : ¬(P ∨ P) := h1.mp n9
      have n14 : P ∨ P := Or.inl n7
      exact n13 n14
  exact Or.inl n5

-- uniform_s11_004720: round 2, by sampling
theorem uniform_s11_004720 (Q R S : Prop) (h1 : R ∧ S → R ∧ Q) (h2 : S → S) (h3 : Q ∧ Q) : (R ∨ S) ∧ (R → S) ∨ (R ∨ S ↔ R) := by
  have n1 : (R ∨ S) ∧ (R → S) ∨ ¬((R ∨ S) ∧ (R → S)) := Classical.em ((R ∨ S) ∧ (R → S))
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : R ∨ S ↔ R := by
      constructor
      · intro n5
        rcases n5 with n6 | n7
        · exact n6
        · have n8 : (R ∨ S) ∧ (R → S) := by
            constructor
            · exact Or.inr n7
            · intro n9
              exact n7
          have n10 : False := n3 n8
          exact False.elim n10
      · intro n11
        exact Or.inl n11
    exact Or.inr n4

-- uniform_s11_002349: round 3, by sampling
theorem uniform_s11_002349 (P Q R S : Prop) (h1 : P) (h2 : (Q ∧ Q ∨ S ∧ P) ∧ ((R → Q) → (S ↔ P))) (h3 : P ∨ P) (h4 : P) (h5 : P) : P ∧ S := by
  have n1 : Q ∧ Q ∨ S ∧ P := h2.1
  constructor
  exact h5
  have n2 : (R → Q) → (S ↔ P) := h2.2
  · rcases n1 with n3 | n4
    · have n5 : Q := n3.1
      have n6 : R → Q := by
        intro n7
        exact n5
      have n8 : S ↔ P := n2 n6
      exact n8.mpr h1
    · exact n4.1
