-- proofs found by `gentzen ttrl` (arm ttrl); check them with `gentzen verify` or Lean

-- uniform_s11_000000: round 17, by composition
theorem uniform_s11_000000 (P Q R S : Prop) (h1 : R ∧ P ↔ ((P ↔ Q) ↔ P)) (h2 : (Q → R) → P ∧ S) (h3 : P) : S := by
  have n1 : Q → R := by
    intro n2
    have n3 : R ∧ P := by
      constructor
      have n4 : P := by
        exact h3
      · have n5 : (P ↔ Q) ↔ P := by
          constructor
          · intro n6
            exact n4
          intro n7
          constructor
          · intro n8
            exact n2
          · intro n9
            exact n7
        have n10 : R ∧ P := h1.mpr n5
        exact n10.1
      exact h3
    exact n3.1
  have n11 : Q → R := by
    intro n12
    exact n1 n12
  have n13 : P ∧ S := h2 n11
  exact n13.2

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

-- uniform_s11_000571: round 16, by sampling
theorem uniform_s11_000571 (P Q R S : Prop) (h1 : ¬P) (h2 : R ∧ S → R → Q) (h3 : R → R → S) (h4 : R ∨ P) (h5 : P → Q) : ¬(R ∧ Q) ↔ (¬Q ↔ R) := by
  have n1 : R := by
    rcases h4 with n1 | n2
    · exact n1
    · have n3 : False := h1 n2
      exact False.elim n3
  constructor
  · intro n4
    constructor
    · intro n5
      · exact n1
    · intro n6
      · intro n7
        have n8 : R ∧ Q := by
          constructor
          · exact n1
          · exact n7
        exact n4 n8
  · intro n9
    have n10 : ¬Q := n9.mpr n1
    intro n11
    have n12 : Q := n11.2
    exact n10 n12

-- uniform_s11_000213: round 5, by composition
theorem uniform_s11_000213 (P Q R S : Prop) (h1 : Q) (h2 : ((P → Q) → P → Q) → S ∧ P) (h3 : ¬P → R) : (S → R ↔ S → P) → R := by
  have n1 : (P → Q) → P → Q := by
    intro n2
    intro n3
    exact h1
  have n4 : S ∧ P := by
    constructor
    · have n5 : (P → Q) → P → Q := by
        intro n6
        intro n7
        exact h1
      have n8 : S ∧ P := h2 n5
      exact n8.1
    · have n9 : (P → Q) → P → Q := by
        intro n10
        intro n11
        exact h1
      have n12 : S ∧ P := h2 n9
      exact n12.2
  have n13 : P := by
    apply Classical.byContradiction
    · intro n14
      have n15 : R := h3 n14
      have n16 : (P → Q) → P → Q := by
        intro n17
        intro n18
        exact h1
      have n19 : S ∧ P := h2 n16
      have n20 : P := n19.2
      exact n14 n20
  have n21 : S := n4.1
  intro n22
  have n23 : S → P := by
    intro n24
    exact n13
  have n25 : S → R := n22.mpr n23
  exact n25 n21

-- uniform_s11_000721: round 3, by composition
theorem uniform_s11_000721 (P Q R S : Prop) (h1 : (S ↔ S → P) ∧ (R ↔ P) ∧ (Q → S)) (h2 : R ∧ Q) : P ∨ P ↔ (S → R) → (S ↔ P) := by
  have n1 : P := by
    have n2 : S ↔ S → P := h1.1
    have n3 : R := h2.1
    have n4 : S → P := by
      intro n5
      have n6 : S → P := n2.mp n5
      exact n6 n5
    have n7 : S := n2.mpr n4
    exact n4 n7
  have n8 : S ↔ S → P := by
    have n9 : S ↔ S → P := h1.1
    constructor
    · intro n10
      intro n11
      have n12 : S → P := n9.mp n11
      exact n12 n11
    · intro n13
      have n14 : S ↔ S → P := by
        constructor
        intro n15
        · intro n16
          exact n13 n16
        intro n17
        exact n9.mpr n17
      exact n14.mpr n13
  constructor
  · intro n18
    intro n19
    constructor
    · intro n20
      exact n1
    · intro n21
      rcases n18 with n22 | n23
      · have n24 : S → P := by
          intro n25
          exact n22
        exact n8.mpr n24
      · have n26 : R ∨ ¬R := Classical.em R
        · rcases n26 with n27 | n28
          · have n29 : S → P := by
              intro n30
              exact n23
            exact n8.mpr n29
          · have n31 : S → P := by
              intro n32
              exact n23
            exact n8.mpr n31
  · intro n33
    · exact Or.inl n1

-- uniform_s11_000050: round 1, by composition
theorem uniform_s11_000050 (Q R S : Prop) (h1 : R → R) (h2 : Q ∧ S) (h3 : R ∧ Q) (h4 : S) : Q ↔ R := by
  have n1 : Q := h2.1
  constructor
  · intro n2
    have n3 : R := by
      have n4 : R := h3.1
      exact n4
    exact n3
  · intro n5
    exact n1

-- uniform_s11_000781: round 14, by composition
theorem uniform_s11_000781 (P Q R S : Prop) (h1 : Q ∨ R → S) (h2 : ((Q → P) ∧ (S ↔ Q)) ∧ R) (h3 : S ∨ S ↔ S ∧ P) : (R → P) ∧ Q ↔ P ∨ (S → S) := by
  have n1 : S ∨ S := by
    have n2 : S := by
      have n3 : Q ∨ R := by
        have n4 : R := h2.2
        exact Or.inr n4
      have n5 : S := h1 n3
      exact n5
    exact Or.inl n2
  have n6 : P ∨ (S → S) := by
    have n7 : (Q → P) ∧ (S ↔ Q) := h2.1
    have n8 : S ↔ Q := n7.2
    have n9 : S → S := by
      intro n10
      exact n10
    exact Or.inr n9
  have n11 : S := by
    have n12 : Q ∨ R := by
      have n13 : R := by
        have n14 : R := h2.2
        exact n14
      exact Or.inr n13
    have n15 : S := h1 n12
    exact n15
  have n16 : Q := by
    have n17 : (Q → P) ∧ (S ↔ Q) := h2.1
    have n18 : Q → P := n17.1
    have n19 : S ↔ Q := n17.2
    have n20 : S ∧ P := by
      constructor
      · have n21 : Q := by
          have n22 : Q := n19.mp n11
          exact n22
        exact n11
      · have n23 : Q := n19.mp n11
        exact n18 n23
    have n24 : S := n20.1
    exact n19.mp n24
  have n25 : (R → P) ∧ Q := by
    have n26 : (Q → P) ∧ (S ↔ Q) := h2.1
    have n27 : Q → P := n26.1
    constructor
    · intro n28
      · have n29 : Q → P := by
          intro n30
          exact n27 n30
        exact n29 n16
    · exact n16
  have n31 : R → P := n25.1
  have n32 : Q := n25.2
  constructor
  · intro n33
    have n34 : S → S := by
      intro n35
      exact n35
    exact Or.inr n34
  · intro n36
    constructor
    · exact n31
    · exact n32

-- uniform_s11_000400: round 3, by sampling
theorem uniform_s11_000400 (P Q R S : Prop) (h1 : Q ∨ (S ∨ R ↔ R ∧ P)) (h2 : ¬(P ↔ S)) (h3 : Q) (h4 : (R → S) ∧ (Q → R)) : (Q ∧ R) ∧ ¬P := by
  have n1 : R → S := h4.1
  have n2 : Q → R := h4.2
  have n3 : R := n2 h3
  constructor
  · exact ⟨h3, n3⟩
  · intro n4
    have n5 : P ↔ S := by
      constructor
      · intro n6
        have n7 : R → S := by
          intro n8
          exact n1 n8
        exact n7 n3
      · intro n9
        exact n4
    exact h2 n5

-- uniform_s11_000596: round 3, by sampling
theorem uniform_s11_000596 (P Q R S : Prop) (h1 : (S ∨ R) ∧ (P ∨ Q)) (h2 : Q → S ↔ Q ∧ R) : R → S := by
  have n1 : S ∨ R := h1.1
  intro n2
  have n3 : Q → S := by
    intro n4
    apply Classical.byContradiction
    intro n5
    have n6 : Q ∧ R := by
      exact ⟨n4, n2⟩
    have n7 : Q → S := h2.mpr n6
    have n8 : S := n7 n4
    exact n5 n8
  have n9 : Q ∧ R := h2.mp n3
  have n10 : Q := n9.1
  exact n3 n10

-- uniform_s11_000874: round 32, by composition
theorem uniform_s11_000874 (P Q R S : Prop) (h1 : ¬(R ∨ S) ↔ P) (h2 : S ∨ P) (h3 : R ∨ Q ↔ ¬Q) : P ∨ Q → R := by
  have n1 : ¬Q := by
    intro n2
    have n3 : R ∨ Q := by
      exact Or.inr n2
    have n4 : ¬Q := h3.mp n3
    exact n4 n2
  have n5 : R ∨ S := by
    have n6 : R ∨ Q := by
      have n7 : R ∨ ¬R := Classical.em R
      rcases n7 with n8 | n9
      · exact Or.inl n8
      · have n10 : Q := by
          apply Classical.byContradiction
          · intro n11
            have n12 : R ∨ Q := h3.mpr n11
            rcases n12 with n13 | n14
            · exact n9 n13
            · exact n11 n14
        · exact Or.inr n10
    rcases n6 with n15 | n8
    · exact Or.inl n15
    · have n16 : S := by
        have n17 : R ∨ Q := by
          exact Or.inr n8
        have n18 : ¬Q := h3.mp n17
        have n19 : False := n18 n8
        exact False.elim n19
      · exact Or.inr n16
  have n20 : R ∨ Q := by
    have n21 : R ∨ ¬R := Classical.em R
    rcases n21 with n22 | n23
    · exact Or.inl n22
    · have n24 : Q := by
        apply Classical.byContradiction
        · intro n25
          have n26 : R ∨ Q := h3.mpr n25
          rcases n26 with n27 | n28
          · exact n23 n27
          · exact n25 n28
      · exact Or.inr n24
  intro n29
  rcases n29 with n30 | n31
  rcases n20 with n31 | n32
  · exact n31
  · have n33 : False := n1 n32
    exact False.elim n33
  · have n34 : False := n1 n31
    exact False.elim n34

-- uniform_s11_001930: round 2, by sampling
theorem uniform_s11_001930 (P Q R S : Prop) (h1 : ¬P ∨ (P ↔ R)) (h2 : Q ∨ Q) (h3 : Q ↔ P) (h4 : (¬S ↔ ¬P) ∧ (S → P ↔ P)) : ¬R ∨ Q ∧ P := by
  have n1 : Q := by
    rcases h1 with n1 | n2
    · have n3 : ¬S ↔ ¬P := h4.1
      · rcases h2 with n6 | n7
        · exact n6
        · exact n7
    · rcases h2 with n5 | n6
      · exact n5
      · exact n6
  have n8 : P := h3.mp n1
  have n9 : Q ∧ P := by
    exact ⟨n1, n8⟩
  exact Or.inr n9

-- uniform_s11_001035: round 4, by sampling
theorem uniform_s11_001035 (P Q R S : Prop) (h1 : ¬S) (h2 : P ↔ P) (h3 : ((R → R) → Q → S) ∧ (R ∨ Q → P ∧ P)) : (R → Q ↔ S) → R ∧ (R → P) := by
  have n1 : R ∨ Q → P ∧ P := h3.2
  intro n2
  constructor
  · apply Classical.byContradiction
    · intro n3
      have n4 : R → Q := by
        intro n5
        have n6 : False := n3 n5
        exact False.elim n6
      have n7 : S := by
        exact n2.mp n4
      exact h1 n7
  · intro n8
    · have n9 : R ∨ Q := Or.inl n8
      have n10 : P ∧ P := n1 n9
      exact n10.1

-- uniform_s11_001284: round 2, by sampling
theorem uniform_s11_001284 (P Q S : Prop) (h1 : S → Q) : P ∨ (Q ↔ P) ∨ P ∨ Q := by
  have n1 : (P ∨ Q) ∨ ¬(P ∨ Q) := Classical.em (P ∨ Q)
  rcases n1 with n2 | n3
  · have n4 : (Q ↔ P) ∨ P ∨ Q := Or.inr n2
    exact Or.inr n4
  · have n5 : Q ↔ P := by
      constructor
      · intro n6
        have n7 : P ∨ Q := Or.inr n6
        have n8 : False := n3 n7
        exact False.elim n8
      · intro n9
        have n10 : P ∨ Q := Or.inl n9
        have n11 : False := n3 n10
        exact False.elim n11
    have n12 : (Q ↔ P) ∨ P ∨ Q := Or.inl n5
    exact Or.inr n12

-- uniform_s11_001077: round 2, by composition
theorem uniform_s11_001077 (P Q S : Prop) (h1 : ¬¬(S ∨ P)) (h2 : S ∨ S ↔ Q ∨ P) : ¬¬S := by
  have n1 : S ∨ P := by
    have n2 : S ∨ P := Classical.not_not.mp h1
    rcases n2 with n3 | n4
    · exact Or.inl n3
    · exact Or.inr n4
  intro n5
  have n6 : ¬S ∨ ¬¬S := Or.inl n5
  rcases n6 with n7 | n8
  · have n9 : S ∨ S := by
      rcases n1 with n8 | n9
      · exact Or.inl n8
      · have n10 : Q ∨ P := Or.inr n9
        have n11 : S ∨ S := h2.mpr n10
        rcases n11 with n12 | n13
        · exact Or.inl n12
        · exact Or.inl n13
    · rcases n9 with n12 | n13
      · exact n7 n12
      · have n14 : S ∨ S := Or.inr n13
        · rcases n14 with n15 | n16
          · exact n7 n15
          · exact n7 n16
  · have n17 : S := Classical.not_not.mp n8
    exact n5 n17

-- uniform_s11_002398: round 2, by sampling
theorem uniform_s11_002398 (P Q R S : Prop) (h1 : S → R) (h2 : (S → R ↔ R) ∧ (R ∧ S) ∧ (P → Q)) (h3 : ((R ↔ Q) → Q ∧ P) ∧ (R ∧ P ∨ Q)) (h4 : P → R) (h5 : R ↔ S) : (S → S ↔ Q ∧ Q) ∨ P := by
  have n1 : R ∧ P ∨ Q := h3.2
  rcases n1 with n2 | n3
  · have n4 : P := n2.2
    · exact Or.inr n4
  · have n5 : S → S := by
      intro n6
      exact n6
    have n7 : S → S ↔ Q ∧ Q := by
      constructor
      · intro n8
        exact ⟨n3, n3⟩
      · intro n9
        intro n10
        exact n10
    exact Or.inl n7

-- uniform_s11_001717: round 10, by composition
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
  have n6 : R → R := by
    intro n7
    exact n7
  exact n5 n6

-- uniform_s11_002977: round 1, by sampling
theorem uniform_s11_002977 (P Q R : Prop) (h1 : P) (h2 : ((Q ↔ P) ↔ Q ∨ Q) ↔ (Q ∨ Q) ∧ P) (h3 : R) (h4 : R → P) : Q := by
  have n1 : (Q ↔ P) ↔ Q ∨ Q := by
    constructor
    · intro n2
      have n3 : Q := by
        exact n2.mpr h1
      exact Or.inl n3
    · intro n4
      constructor
      intro n5
      exact h1
      · intro n6
        rcases n4 with n8 | n9
        · exact n8
        · exact n9
  have n10 : (Q ∨ Q) ∧ P := h2.mp n1
  have n11 : Q ∨ Q := n10.1
  rcases n11 with n12 | n13
  · exact n12
  · exact n13

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

-- uniform_s11_003393: round 2, by sampling
theorem uniform_s11_003393 (P Q R S : Prop) (h1 : (Q → R) → Q ∨ P) (h2 : S ↔ P) : (Q ∨ S) ∨ (P ↔ S → P) := by
  have n1 : Q ∨ ¬Q := Classical.em Q
  rcases n1 with n2 | n3
  · have n4 : Q ∨ S := Or.inl n2
    exact Or.inl n4
  · have n5 : P ↔ S → P := by
      constructor
      · intro n6
        · intro n7
          exact n6
      · intro n8
        apply Classical.byContradiction
        intro n9
        have n10 : ¬S := mt h2.mp n9
        have n11 : Q → R := by
          intro n12
          have n13 : False := n3 n12
          exact False.elim n13
        have n14 : Q ∨ P := h1 n11
        rcases n14 with n14 | n15
        · exact n3 n14
        · exact n9 n15
    exact Or.inr n5

-- uniform_s11_000359: round 4, by composition
theorem uniform_s11_000359 (P Q R S : Prop) (h1 : (S ∧ P) ∧ (P → Q)) (h2 : P → P) (h3 : (R ↔ R ∨ Q) ∧ (S ↔ (Q ↔ P))) (h4 : S) : P → R := by
  have n1 : R ∨ Q := by
    have n2 : S ∧ P := h1.1
    have n3 : P := n2.2
    have n4 : P → Q := h1.2
    have n5 : Q := n4 n3
    exact Or.inr n5
  have n6 : R := by
    have n7 : R ↔ R ∨ Q := h3.1
    rcases n1 with n7 | n8
    exact n7
    · have n9 : R ∨ Q := by
        exact Or.inr n8
      · rcases n9 with n10 | n11
        · exact n10
        · apply Classical.byContradiction
          intro n12
          have n13 : ¬R ∨ ¬¬R := Classical.em (¬R)
          rcases n13 with n14 | n15
          · have n16 : ¬(R ∨ Q) := mt n7.mpr n14
            · have n17 : R ∨ Q := by
                exact Or.inr n11
              exact n16 n17
          · have n18 : R := Classical.not_not.mp n15
            exact n12 n18
  intro n19
  exact n6

-- uniform_s11_002069: round 17, by composition
theorem uniform_s11_002069 (P Q R S : Prop) (h1 : P → R ↔ S) (h2 : S) (h3 : Q ∧ P ∧ P) : (R ↔ Q) ∧ (R ↔ S) := by
  have n1 : P → R := by
    intro n2
    apply Classical.byContradiction
    intro n3
    have n4 : R := by
      have n5 : S := by
        exact h2
      have n6 : S → R := by
        intro n7
        have n8 : P → R := h1.mpr n7
        exact n8 n2
      exact n6 n5
    exact n3 n4
  have n9 : Q := h3.1
  have n10 : P ∧ P := h3.2
  have n11 : P := n10.1
  constructor
  have n12 : R := n1 n11
  · constructor
    · intro n13
      exact n9
    · intro n14
      exact n12
  · constructor
    · intro n15
      exact h2
    · intro n16
      have n17 : Q ∧ P ∧ P := by
        constructor
        exact n9
        exact ⟨n11, n11⟩
      have n18 : S → R := by
        intro n19
        have n20 : Q ∧ P ∧ P := by
          constructor
          exact n9
          exact ⟨n11, n11⟩
        have n21 : P → R := by
          intro n22
          have n23 : R := n1 n22
          exact n23
        exact n21 n11
      exact n18 n16

-- uniform_s11_003644: round 12, by composition
theorem uniform_s11_003644 (P Q R S : Prop) (h1 : (S ∨ S ↔ R → R) → P) (h2 : ¬¬S ↔ R) (h3 : P → (Q → P) ∧ (Q ∨ P)) (h4 : (¬R ↔ S → Q) → ¬(S ∨ S)) (h5 : R) : R ↔ Q := by
  have n1 : R → R := by
    intro n2
    exact n2
  have n3 : ¬¬S := by
    have n4 : ¬¬S := h2.mpr h5
    have n5 : S := Classical.not_not.mp n4
    intro n6
    exact n6 n5
  have n7 : S := Classical.not_not.mp n3
  constructor
  · intro n8
    apply Classical.byContradiction
    · intro n9
      have n10 : ¬R ↔ S → Q := by
        constructor
        · intro n11
          have n12 : False := n11 n8
          exact False.elim n12
        · intro n13
          have n14 : Q := n13 n7
          have n15 : False := n9 n14
          exact False.elim n15
      have n16 : ¬(S ∨ S) := h4 n10
      have n17 : S → Q := by
        intro n18
        have n19 : S ∨ S := Or.inl n18
        have n20 : False := n16 n19
        exact False.elim n20
      have n21 : ¬R := n10.mpr n17
      exact n21 n8
  · intro n22
    exact h5

-- uniform_s11_002274: round 26, by sampling
theorem uniform_s11_002274 (P Q R S : Prop) (h1 : S ↔ R) (h2 : P → P) (h3 : ¬R) : (Q → P ∧ P) ∨ (Q → P ↔ R) := by
  have n1 : (Q → P) ∨ ¬(Q → P) := Classical.em (Q → P)
  rcases n1 with n2 | n3
  · have n4 : (Q → P ↔ R) ∨ ¬(Q → P ↔ R) := Classical.em (Q → P ↔ R)
    rcases n4 with n5 | n6
    · exact Or.inr n5
    · have n7 : Q → P ∧ P := by
        intro n8
        constructor
        have n9 : P := n2 n8
        exact n9
        have n10 : P := n2 n8
        · exact n10
      exact Or.inl n7
  · have n11 : Q → P ↔ R := by
      constructor
      · intro n12
        have n13 : False := n3 n12
        exact False.elim n13
      · intro n14
        have n15 : False := h3 n14
        exact False.elim n15
    exact Or.inr n11

-- uniform_s11_003671: round 2, by composition
theorem uniform_s11_003671 (P Q R S : Prop) (h1 : ((S ↔ R) ↔ P ∨ R) → ¬¬P) (h2 : (Q ∨ R) ∨ (R → Q) ↔ (Q ∨ R) ∧ (R → P)) (h3 : S) : P ∨ P := by
  have n1 : R → P := by
    intro n2
    have n3 : (S ↔ R) ↔ P ∨ R := by
      constructor
      · intro n4
        exact Or.inr n2
      · intro n5
        constructor
        · intro n6
          exact n2
        · intro n7
          exact h3
    have n8 : ¬¬P := h1 n3
    have n9 : P := Classical.not_not.mp n8
    exact n9
  have n10 : P := by
    apply Classical.byContradiction
    · intro n11
      have n12 : (S ↔ R) ↔ P ∨ R := by
        constructor
        · intro n13
          have n14 : R := by
            exact n13.mp h3
          exact Or.inr n14
        · intro n15
          constructor
          · intro n16
            rcases n15 with n17 | n18
            · have n19 : False := n11 n17
              exact False.elim n19
            · exact n18
          · intro n20
            exact h3
      have n21 : ¬¬P := h1 n12
      have n22 : P := Classical.not_not.mp n21
      exact n11 n22
  exact Or.inl n10

-- uniform_s11_002290: round 2, by sampling
theorem uniform_s11_002290 (Q R S : Prop) (h1 : ¬¬Q) (h2 : (Q ↔ R) ∧ (Q ∨ Q)) (h3 : Q ∧ (Q ↔ R) → (R → S) ∧ (S → R)) : S := by
  have n1 : Q ↔ R := h2.1
  have n2 : Q := Classical.not_not.mp h1
  have n3 : R := n1.mp n2
  have n4 : Q ∧ (Q ↔ R) := by
    constructor
    · exact n2
    · constructor
      · intro n5
        exact n3
      · intro n6
        exact n2
  have n7 : (R → S) ∧ (S → R) := h3 n4
  have n8 : S → R := n7.2
  have n9 : R → S := n7.1
  exact n9 n3

-- uniform_s11_003767: round 2, by sampling
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

-- uniform_s11_003877: round 2, by sampling
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

-- uniform_s11_003926: round 5, by composition
theorem uniform_s11_003926 (P Q R S : Prop) (h1 : Q) (h2 : (¬Q → R ∨ P) → R ∨ P ∧ P) (h3 : Q) : ¬Q → R ↔ (Q → R) ∨ P ∨ S := by
  have n1 : R ∨ P ∧ P := by
    have n2 : ¬Q → R ∨ P := by
      intro n3
      have n4 : False := n3 h1
      exact False.elim n4
    have n5 : R ∨ P ∧ P := h2 n2
    exact n5
  constructor
  · intro n6
    have n7 : P ∨ ¬P := Classical.em P
    rcases n7 with n8 | n9
    · have n10 : P ∨ S := Or.inl n8
      exact Or.inr n10
    · have n11 : Q → R := by
        intro n12
        rcases n1 with n13 | n14
        · exact n13
        · have n15 : P := n14.1
          have n16 : False := n9 n15
          exact False.elim n16
      exact Or.inl n11
  · intro n17
    intro n18
    have n19 : False := n18 h1
    exact False.elim n19

-- uniform_s11_003951: round 2, by sampling
theorem uniform_s11_003951 (P R S : Prop) (h1 : P → (P → R) ∧ (P ↔ P)) (h2 : ¬P ∧ (R → P) → R ∧ (P → S)) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : ¬P ∧ (R → P) := by
      constructor
      · intro n3
        have n4 : (P → R) ∧ (P ↔ P) := h1 n3
        have n5 : P ↔ P := n4.2
        have n6 : P → R := n4.1
        have n7 : R := n6 n3
        exact n1 n7
      · intro n8
        have n9 : False := n1 n8
        exact False.elim n9
    have n10 : R ∧ (P → S) := h2 n2
    have n11 : R := n10.1
    exact n1 n11

-- uniform_s11_000493: round 1, by sampling
theorem uniform_s11_000493 (P Q R S : Prop) (h1 : (Q ∨ S) ∧ (P ↔ R)) (h2 : P → R) (h3 : Q) (h4 : ¬(P ∨ P)) (h5 : (R ∧ P) ∧ (P → S) ↔ ¬P ∧ P ∧ Q) : (R ∨ (R ↔ P)) ∨ (R → P) ∨ (S → R) := by
  have n1 : (R → P) ∨ (S → R) := by
    have n2 : (S → R) ∨ ¬(S → R) := Classical.em (S → R)
    rcases n2 with n3 | n4
    · exact Or.inr n3
    · have n5 : R → P := by
        intro n6
        apply Classical.byContradiction
        · intro n7
          have n8 : P → S := by
            intro n9
            have n10 : False := n7 n9
            exact False.elim n10
          have n11 : S → R := by
            intro n12
            exact n6
          exact n4 n11
      exact Or.inl n5
  exact Or.inr n1

-- uniform_s11_002863: round 2, by composition
theorem uniform_s11_002863 (P Q R S : Prop) (h1 : (P ↔ S) ↔ R) (h2 : (S ∧ S ↔ R) → (Q → R) → Q) (h3 : P → S ∧ S) (h4 : (S → P) ∨ P → P) : S ∨ P := by
  have n1 : S ∨ ¬S := Classical.em S
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : P := by
      apply Classical.byContradiction
      · intro n5
        have n6 : (S → P) ∨ P := by
          have n7 : (S → P) := by
            intro n8
            have n9 : False := n3 n8
            exact False.elim n9
          exact Or.inl n7
        have n10 : P := h4 n6
        exact n5 n10
    exact Or.inr n4

-- uniform_s11_004012: round 1, by sampling
theorem uniform_s11_004012 (P Q R S : Prop) (h1 : R ↔ S) (h2 : Q → R) (h3 : (Q → S → P) ∧ R ∧ R) (h4 : Q ∨ P) : ¬¬(Q → P) := by
  have n1 : Q → P := by
    have n2 : Q → S → P := h3.1
    have n3 : R ∧ R := h3.2
    have n4 : R := n3.1
    have n5 : S := h1.mp n4
    intro n6
    have n7 : S → P := n2 n6
    exact n7 n5
  intro n8
  have n9 : (Q → P) ∧ R := by
    constructor
    · intro n10
      have n11 : P := n1 n10
      exact n11
    · apply Classical.byContradiction
      intro n12
      have n13 : Q → P := by
        intro n14
        exact n1 n14
      exact n8 n13
  have n15 : R := n9.2
  have n16 : Q → P := by
    intro n17
    exact n1 n17
  exact n8 n16

-- uniform_s11_001618: round 1, by sampling
theorem uniform_s11_001618 (P Q R S : Prop) (h1 : (Q → Q) → (S ∨ S) ∧ P ∧ P) (h2 : R) (h3 : (R ∨ S) ∨ (Q → S) → R) (h4 : P) (h5 : R ↔ R → R) : (R ∨ P) ∧ (R ∨ Q) → S := by
  intro n1
  have n2 : R ∨ Q := n1.2
  have n3 : Q → Q := by
    intro n4
    exact n4
  have n5 : (S ∨ S) ∧ P ∧ P := h1 n3
  have n6 : S ∨ S := n5.1
  rcases n6 with n7 | n8
  · exact n7
  · exact n8

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

-- uniform_s11_004100: round 2, by composition
theorem uniform_s11_004100 (P Q R S : Prop) (h1 : ¬((S ↔ S) ∧ R ∧ R)) (h2 : (Q → P) → R) (h3 : R → P) (h4 : P → P) (h5 : R ∧ S → Q) : ¬(Q ∨ Q) → (P → S) → ¬S := by
  intro n1
  intro n2
  intro n3
  have n4 : Q → P := by
    intro n5
    apply Classical.byContradiction
    · intro n6
      have n7 : Q ∨ Q := Or.inl n5
      exact n1 n7
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

-- uniform_s11_004153: round 4, by sampling
theorem uniform_s11_004153 (P Q R S : Prop) (h1 : ¬S ∧ ((S ↔ P) → R)) : (R ∨ P) ∨ R ∧ Q := by
  have n1 : ¬S := h1.1
  have n2 : R ∨ P := by
    have n3 : R ∨ ¬R := Classical.em R
    rcases n3 with n4 | n5
    · exact Or.inl n4
    · have n6 : P := by
        have n7 : (S ↔ P) → R := h1.2
        have n8 : ¬(S ↔ P) := mt n7 n5
        apply Classical.byContradiction
        · intro n9
          have n10 : S ↔ P := by
            constructor
            · intro n11
              have n12 : False := n1 n11
              exact False.elim n12
            · intro n13
              have n14 : False := n9 n13
              exact False.elim n14
          exact n8 n10
      · exact Or.inr n6
  rcases n2 with n3 | n4
  · have n15 : R ∨ P := Or.inl n3
    exact Or.inl n15
  · have n16 : R ∨ P := Or.inr n4
    exact Or.inl n16

-- uniform_s11_003107: round 15, by sampling
theorem uniform_s11_003107 (P Q R S : Prop) (h1 : ¬P) (h2 : S) (h3 : R → (Q → S) ∨ P) (h4 : (Q → S) ∨ R) (h5 : P → Q ↔ R) : ((Q → P) → S → R) ∧ (Q ∨ R → S → R) := by
  have n1 : R → (Q → S) := by
    intro n2
    intro n3
    exact h2
  have n4 : R := by
    have n5 : P → Q := by
      intro n6
      have n7 : False := h1 n6
      exact False.elim n7
    have n8 : R := h5.mp n5
    exact n8
  constructor
  · intro n9
    intro n10
    exact n4
  · intro n11
    intro n12
    exact n4

-- uniform_s11_003168: round 3, by sampling
theorem uniform_s11_003168 (P Q R S : Prop) (h1 : Q) (h2 : P) (h3 : R) (h4 : Q ∨ (Q ↔ S)) (h5 : Q ∧ R → P → S) : ((P ∧ R) ∧ (S ↔ Q)) ∧ S := by
  constructor
  · constructor
    · exact ⟨h2, h3⟩
    · constructor
      · intro n1
        exact h1
      · intro n2
        rcases h4 with n3 | n4
        · have n5 : Q ∧ R := ⟨n2, h3⟩
          have n6 : P → S := h5 n5
          exact n6 h2
        · exact n4.mp n2
  · rcases h4 with n3 | n4
    · have n7 : Q ∧ R := ⟨n3, h3⟩
      have n8 : P → S := h5 n7
      have n9 : S := n8 h2
      · exact n9
    · exact n4.mp h1

-- uniform_s11_003498: round 4, by composition
theorem uniform_s11_003498 (P Q S : Prop) (h1 : P) (h2 : S → S → Q) (h3 : Q → P) (h4 : ¬S) (h5 : Q ∨ Q) : ¬P ↔ (S ∨ S ↔ Q → Q) := by
  have n1 : Q := by
    rcases h5 with n2 | n3
    · exact n2
    · exact n3
  constructor
  · intro n4
    have n5 : False := n4 h1
    exact False.elim n5
  · intro n6
    intro n7
    have n8 : Q → Q := by
      intro n9
      exact n9
    have n10 : S ∨ S := n6.mpr n8
    rcases n10 with n11 | n12
    · exact h4 n11
    · exact h4 n12

-- uniform_s11_004343: round 6, by sampling
theorem uniform_s11_004343 (P Q R S : Prop) (h1 : P → (R → Q ↔ R ∨ S)) (h2 : (P ↔ Q) → Q → R) (h3 : ¬(S → S) → ¬S ∨ ¬P) : ((Q ↔ P) → Q → S) ∨ (S → Q ↔ P → Q) := by
  have n1 : (S → Q ↔ P → Q) ∨ ¬(S → Q ↔ P → Q) := Classical.em (S → Q ↔ P → Q)
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : (Q ↔ P) → Q → S := by
      intro n5
      intro n6
      have n7 : P ↔ Q := by
        constructor
        · intro n8
          exact n6
        · intro n9
          exact n5.mp n9
      apply Classical.byContradiction
      intro n10
      have n11 : S → Q ↔ P → Q := by
        constructor
        · intro n12
          intro n13
          exact n6
        · intro n14
          intro n15
          exact n6
      exact n3 n11
    exact Or.inl n4

-- uniform_s11_001875: round 4, by composition
theorem uniform_s11_001875 (P R S : Prop) (h1 : R) (h2 : R → R → P ∧ P) (h3 : S ∨ ((R ↔ S) ↔ S ∨ R)) : S ∧ S := by
  have n1 : R → P ∧ P := by
    intro n2
    constructor
    have n3 : R → P ∧ P := h2 n2
    have n4 : P ∧ P := n3 h1
    exact n4.1
    have n5 : R → P ∧ P := h2 n2
    have n6 : P ∧ P := n5 n2
    exact n6.1
  have n7 : (R ↔ S) ↔ S ∨ R := by
    constructor
    · intro n8
      exact Or.inr h1
    · intro n9
      constructor
      · intro n10
        rcases h3 with n11 | n12
        · exact n11
        · have n13 : R ↔ S := n12.mpr n9
          · exact n13.mp h1
      · intro n14
        exact h1
  constructor
  · have n15 : R ↔ S := by
      constructor
      · intro n16
        have n17 : S ∨ R := Or.inr h1
        have n18 : R ↔ S := n7.mpr n17
        exact n18.mp n16
      · intro n19
        exact h1
    · have n20 : R := by
        exact h1
      exact n15.mp n20
  · have n21 : R ↔ S := by
      constructor
      · intro n22
        have n23 : S ∨ R := Or.inr h1
        have n24 : R ↔ S := n7.mpr n23
        exact n24.mp h1
      · intro n25
        exact h1
    have n26 : R → S := by
      intro n27
      exact n21.mp n27
    exact n26 h1

-- uniform_s11_004357: round 5, by composition
theorem uniform_s11_004357 (P Q R S : Prop) (h1 : ¬¬Q → (R → S) ∨ P) (h2 : ¬(P ∧ R ↔ S → S)) : ((S ↔ Q) ∨ S) ∨ Q := by
  have n1 : S → S := by
    intro n2
    exact n2
  have n3 : Q ∨ ¬Q := Classical.em Q
  rcases n3 with n4 | n5
  · exact Or.inr n4
  · have n6 : S ∨ ¬S := Classical.em S
    rcases n6 with n7 | n8
    · have n9 : (S ↔ Q) ∨ S := Or.inr n7
      exact Or.inl n9
    · have n10 : S ↔ Q := by
        constructor
        · intro n11
          have n12 : False := n8 n11
          exact False.elim n12
        intro n13
        have n14 : False := n5 n13
        exact False.elim n14
      have n15 : (S ↔ Q) ∨ S := Or.inl n10
      exact Or.inl n15

-- uniform_s11_003563: round 2, by sampling
theorem uniform_s11_003563 (P Q R S : Prop) (h1 : (P → R) ∧ P) (h2 : S) (h3 : P ↔ Q) : ((S ↔ Q) ∧ S ∧ R) ∧ (P ∨ S) := by
  have n1 : P → R := h1.1
  have n2 : P := h1.2
  constructor
  · constructor
    have n3 : Q := h3.mp n2
    · constructor
      · intro n4
        exact n3
      · intro n5
        exact h2
    have n6 : Q := h3.mp n2
    · constructor
      · exact h2
      have n7 : P → R := by
        intro n8
        exact n1 n8
      exact n7 n2
  · exact Or.inl n2

-- uniform_s11_001887: round 3, by sampling
theorem uniform_s11_001887 (P Q S : Prop) (h1 : P ∨ S) (h2 : P) (h3 : (S → Q) ∧ (S → Q)) (h4 : Q → P ∨ P) : (Q ∨ S) ∨ (Q → S) := by
  have n1 : (Q ∨ S) ∨ ¬(Q ∨ S) := Classical.em (Q ∨ S)
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q → S := by
      intro n5
      have n6 : Q ∨ S := Or.inl n5
      have n7 : False := n3 n6
      exact False.elim n7
    exact Or.inr n4

-- uniform_s11_004386: round 4, by composition
theorem uniform_s11_004386 (P Q R S : Prop) (h1 : ((P → P) → ¬S) → (P → P) ∧ S) (h2 : S → R) (h3 : (S → R ↔ (S ↔ Q)) ∨ (R ∨ S ↔ R → Q)) : Q := by
  have n1 : S := by
    apply Classical.byContradiction
    · intro n2
      have n3 : (P → P) → ¬S := by
        intro n4
        exact n2
      have n5 : (P → P) ∧ S := h1 n3
      have n6 : P → P := n5.1
      have n7 : S := n5.2
      exact n2 n7
  have n8 : P → P := by
    intro n9
    exact n9
  have n10 : R := h2 n1
  rcases h3 with n11 | n12
  · have n13 : S → R := by
      intro n14
      exact n10
    have n15 : S ↔ Q := n11.mp n13
    exact n15.mp n1
  · have n16 : R → Q := by
      intro n17
      have n18 : R ∨ S := Or.inl n17
      have n19 : R → Q := n12.mp n18
      exact n19 n17
    exact n16 n10

-- uniform_s11_003618: round 29, by sampling
theorem uniform_s11_003618 (P Q R S : Prop) (h1 : (R → Q) ∨ ((S ↔ Q) → R ∧ S)) (h2 : (¬R → ¬Q) ∧ (P ∨ Q ∨ Q)) (h3 : S ∨ Q → R ∧ P ↔ ((P ↔ S) ↔ P → S)) : (R ↔ P) → P := by
  have n1 : ¬R → ¬Q := h2.1
  have n2 : P ∨ Q ∨ Q := h2.2
  intro n3
  rcases n2 with n4 | n5
  · exact n4
  rcases n5 with n6 | n7
  · apply Classical.byContradiction
    intro n8
    have n9 : ¬R := mt n3.mp n8
    have n10 : ¬Q := n1 n9
    exact n10 n6
  · apply Classical.byContradiction
    intro n11
    have n12 : ¬R := mt n3.mp n11
    have n13 : ¬Q := n1 n12
    exact n13 n7

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

-- uniform_s11_003852: round 1, by composition
theorem uniform_s11_003852 (P R S : Prop) (h1 : P ∨ P) (h2 : S → P ↔ ¬S ∧ (P → R)) (h3 : P ∨ P) : R := by
  have n1 : P → R := by
    intro n2
    have n3 : (S → P) → ¬S := by
      intro n4
      intro n5
      have n6 : S → P := by
        intro n7
        exact n2
      have n8 : ¬S ∧ (P → R) := h2.mp n6
      have n9 : ¬S := n8.1
      exact n9 n5
    have n10 : S → P := by
      intro n11
      exact n2
    have n12 : ¬S ∧ (P → R) := h2.mp n10
    have n13 : ¬S := n12.1
    have n14 : P → R := n12.2
    exact n14 n2
  rcases h1 with n15 | n16
  · have n17 : R := n1 n15
    · exact n17
  · have n18 : P → R := by
      intro n19
      exact n1 n19
    · exact n18 n16

-- uniform_s11_004720: round 6, by sampling
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
            exact Or.inr n7
            · intro n9
              · exact n7
          have n10 : False := n3 n8
          exact False.elim n10
      · intro n11
        exact Or.inl n11
    exact Or.inr n4

-- uniform_s11_002349: round 1, by composition
theorem uniform_s11_002349 (P Q R S : Prop) (h1 : P) (h2 : (Q ∧ Q ∨ S ∧ P) ∧ ((R → Q) → (S ↔ P))) (h3 : P ∨ P) (h4 : P) (h5 : P) : P ∧ S := by
  have n1 : Q ∧ Q ∨ S ∧ P := h2.1
  have n2 : (R → Q) → (S ↔ P) := h2.2
  constructor
  · exact h1
  · rcases n1 with n3 | n4
    · have n5 : Q := n3.1
      have n6 : R → Q := by
        intro n7
        exact n5
      have n8 : S ↔ P := n2 n6
      exact n8.mpr h1
    · exact n4.1
