-- proofs found by `gentzen ttrl` (arm ttrl); check them with `gentzen verify` or Lean

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

-- uniform_s11_000571: round 4, by composition
theorem uniform_s11_000571 (P Q R S : Prop) (h1 : ¬P) (h2 : R ∧ S → R → Q) (h3 : R → R → S) (h4 : R ∨ P) (h5 : P → Q) : ¬(R ∧ Q) ↔ (¬Q ↔ R) := by
  have n1 : R → S := by
    intro n2
    rcases h4 with n3 | n4
    · have n5 : R → S := h3 n3
      exact n5 n3
    · have n6 : False := h1 n4
      exact False.elim n6
  have n7 : R := by
    rcases h4 with n8 | n9
    · exact n8
    · have n10 : False := h1 n9
      exact False.elim n10
  constructor
  · intro n11
    constructor
    · intro n12
      exact n7
    · intro n13
      intro n14
      have n15 : R ∧ Q := by
        constructor
        exact n13
        exact n14
      exact n11 n15
  · intro n16
    have n17 : ¬Q := n16.mpr n7
    intro n18
    have n19 : Q := n18.2
    exact n17 n19

-- uniform_s11_000213: round 2, by composition
theorem uniform_s11_000213 (P Q R S : Prop) (h1 : Q) (h2 : ((P → Q) → P → Q) → S ∧ P) (h3 : ¬P → R) : (S → R ↔ S → P) → R := by
  have n1 : S ∧ P := by
    constructor
    · have n2 : (P → Q) → P → Q := by
        intro n3
        intro n4
        exact h1
      have n5 : S ∧ P := h2 n2
      exact n5.1
    · apply Classical.byContradiction
      · intro n6
        have n7 : R := h3 n6
        have n8 : (P → Q) → P → Q := by
          intro n9
          intro n10
          exact h1
        have n11 : S ∧ P := h2 n8
        have n12 : P := n11.2
        exact n6 n12
  have n13 : S := n1.1
  have n14 : P := n1.2
  intro n15
  have n16 : S → R := by
    intro n17
    have n18 : S → P := by
      intro n19
      exact n14
    have n20 : S → R := n15.mpr n18
    exact n20 n17
  exact n16 n13

-- uniform_s11_000721: round 15, by composition
theorem uniform_s11_000721 (P Q R S : Prop) (h1 : (S ↔ S → P) ∧ (R ↔ P) ∧ (Q → S)) (h2 : R ∧ Q) : P ∨ P ↔ (S → R) → (S ↔ P) := by
  have n1 : S ↔ S → P := by
    have n2 : S ↔ S → P := h1.1
    have n3 : R := h2.1
    constructor
    · intro n4
      intro n5
      have n6 : S → P := n2.mp n5
      exact n6 n5
    · intro n7
      have n8 : S := by
        exact n2.mpr n7
      exact n8
  have n9 : P ∨ P := by
    have n10 : R := h2.1
    have n11 : R ↔ P := by
      have n12 : Q := h2.2
      have n13 : (R ↔ P) ∧ (Q → S) := h1.2
      have n14 : R ↔ P := n13.1
      have n15 : P := n14.mp n10
      constructor
      · intro n16
        exact n15
      · intro n17
        exact n10
    have n18 : P := n11.mp n10
    exact Or.inl n18
  have n19 : R := h2.1
  have n20 : Q := h2.2
  constructor
  · intro n21
    intro n22
    constructor
    · intro n23
      rcases n21 with n24 | n25
      · exact n24
      exact n25
    intro n26
    rcases n21 with n27 | n28
    · have n29 : S → P := by
        intro n30
        exact n27
      exact n1.mpr n29
    · have n31 : S → P := by
        intro n32
        exact n28
      exact n1.mpr n31
  · intro n33
    have n34 : S → R := by
      intro n35
      exact n19
    rcases n9 with n34 | n34
    · exact Or.inl n34
    · exact Or.inl n34

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

-- uniform_s11_000781: round 21, by composition
theorem uniform_s11_000781 (P Q R S : Prop) (h1 : Q ∨ R → S) (h2 : ((Q → P) ∧ (S ↔ Q)) ∧ R) (h3 : S ∨ S ↔ S ∧ P) : (R → P) ∧ Q ↔ P ∨ (S → S) := by
  have n1 : S ∨ S := by
    have n2 : R := h2.2
    have n3 : S := by
      have n4 : Q ∨ R := by
        exact Or.inr n2
      exact h1 n4
    exact Or.inl n3
  have n5 : S ↔ Q := by
    have n6 : (Q → P) ∧ (S ↔ Q) := h2.1
    have n7 : S ↔ Q := n6.2
    constructor
    · intro n8
      have n9 : Q := n7.mp n8
      exact n9
    · intro n10
      exact n7.mpr n10
  have n11 : Q := by
    have n12 : Q ∨ R := by
      have n13 : R := h2.2
      exact Or.inr n13
    rcases n12 with n13 | n14
    · exact n13
    · have n15 : Q := by
        have n16 : Q ∨ R := by
          exact Or.inr n14
        rcases n16 with n17 | n18
        · exact n17
        · have n19 : Q ∨ R := Or.inr n18
          have n20 : S := h1 n19
          · have n21 : Q := n5.mp n20
            · exact n21
      · exact n15
  have n22 : (R → P) ∧ Q := by
    have n23 : R := h2.2
    constructor
    · intro n24
      · have n25 : Q ∨ R := Or.inr n24
        have n26 : S := h1 n25
        have n27 : S ∨ S := Or.inl n26
        have n28 : S ∧ P := h3.mp n27
        exact n28.2
    · have n29 : Q ∨ R := Or.inr n23
      have n30 : S := h1 n29
      · have n31 : Q := by
          have n32 : Q := n5.mp n30
          exact n32
        · exact n31
  have n33 : R := h2.2
  have n34 : R → P := n22.1
  have n35 : P := n34 n33
  constructor
  · intro n36
    have n37 : S → S := by
      intro n38
      exact n38
    exact Or.inr n37
  · intro n39
    constructor
    · intro n40
      exact n35
    · exact n11

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

-- uniform_s11_000596: round 5, by sampling
theorem uniform_s11_000596 (P Q R S : Prop) (h1 : (S ∨ R) ∧ (P ∨ Q)) (h2 : Q → S ↔ Q ∧ R) : R → S := by
  have n1 : S ∨ R := h1.1
  intro n2
  have n3 : Q → S := by
    intro n4
    rcases n1 with n5 | n6
    · exact n5
    · have n7 : Q → S := by
        intro n8
        have n9 : Q ∧ R := ⟨n8, n6⟩
        have n10 : Q → S := h2.mpr n9
        exact n10 n8
      exact n7 n4
  have n11 : Q ∧ R := h2.mp n3
  have n12 : Q := n11.1
  have n13 : S := n3 n12
  exact n13

-- uniform_s11_000874: round 7, by sampling
theorem uniform_s11_000874 (P Q R S : Prop) (h1 : ¬(R ∨ S) ↔ P) (h2 : S ∨ P) (h3 : R ∨ Q ↔ ¬Q) : P ∨ Q → R := by
  intro n1
  apply Classical.byContradiction
  · intro n2
    have n3 : R ∨ Q := by
      have n4 : Q := by
        rcases n1 with n4 | n5
        · apply Classical.byContradiction
          · intro n6
            have n7 : R ∨ Q := h3.mpr n6
            rcases n7 with n8 | n9
            · exact n2 n8
            · exact n6 n9
        · exact n5
      exact Or.inr n4
    have n10 : ¬Q := h3.mp n3
    rcases n3 with n11 | n12
    · exact n2 n11
    · exact n10 n12

-- uniform_s11_000911: round 13, by sampling
theorem uniform_s11_000911 (P Q R S : Prop) (h1 : Q → Q) (h2 : S → S ∧ ¬Q) (h3 : Q ∨ P ↔ S) (h4 : Q ∨ P → Q → P ↔ P → S ∨ S) : S → P ∨ R := by
  intro n1
  have n2 : Q ∨ P := h3.mpr n1
  rcases n2 with n3 | n4
  · have n5 : Q ∨ P := Or.inl n3
    rcases n5 with n6 | n7
    · have n8 : Q ∨ P := Or.inl n6
      · have n9 : S := h3.mp n8
        have n10 : S ∧ ¬Q := h2 n9
        have n11 : ¬Q := n10.2
        have n12 : False := n11 n6
        have n13 : P := False.elim n12
        exact Or.inl n13
    exact Or.inl n7
  · exact Or.inl n4

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

-- uniform_s11_001035: round 2, by composition
theorem uniform_s11_001035 (P Q R S : Prop) (h1 : ¬S) (h2 : P ↔ P) (h3 : ((R → R) → Q → S) ∧ (R ∨ Q → P ∧ P)) : (R → Q ↔ S) → R ∧ (R → P) := by
  have n1 : R → P := by
    have n2 :R ∨ Q → P ∧ P := h3.2
    intro n3
    have n4 : R ∨ Q := Or.inl n3
    have n5 : P ∧ P := n2 n4
    exact n5.1
  intro n6
  constructor
  · have n7 : R → P := by
      intro n8
      have n9 : P := by
        exact n1 n8
      exact n9
    · apply Classical.byContradiction
      · intro n10
        have n11 : R ∨ ¬R := Classical.em R
        rcases n11 with n12 | n13
        · exact n10 n12
        · have n14 : R → Q := by
            intro n15
            have n16 : False := n13 n15
            exact False.elim n16
          · have n17 : S := n6.mp n14
            have n18 : R := by
              have n19 : False := h1 n17
              exact False.elim n19
            · exact n10 n18
  · intro n20
    exact n1 n20

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

-- uniform_s11_001287: round 18, by composition
theorem uniform_s11_001287 (P Q R S : Prop) (h1 : Q → (S ∧ R ↔ P)) (h2 : (P ↔ R) ∨ Q) (h3 : (P ∨ (Q ↔ P)) ∧ ((Q → Q) → (Q ↔ P))) (h4 : Q) : R := by
  have n1 : Q ↔ P := by
    have n2 : P ∨ (Q ↔ P) := h3.1
    constructor
    · intro n3
      rcases h2 with n4 | n5
      · rcases n2 with n5 | n6
        · exact n5
        · have n7 : P := n6.mp n3
          · exact n7
      · rcases n2 with n7 | n8
        · exact n7
        · exact n8.mp n5
    · intro n9
      exact h4
  have n10 : P := n1.mp h4
  have n11 : P ↔ R := by
    constructor
    · intro n12
      rcases h2 with n13 | n14
      · exact n13.mp n12
      · have n15 : S ∧ R ↔ P := h1 n14
        · have n16 : S ∧ R := n15.mpr n12
          exact n16.2
    · intro n17
      exact n10
  exact n11.mp n10

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

-- uniform_s11_002398: round 11, by sampling
theorem uniform_s11_002398 (P Q R S : Prop) (h1 : S → R) (h2 : (S → R ↔ R) ∧ (R ∧ S) ∧ (P → Q)) (h3 : ((R ↔ Q) → Q ∧ P) ∧ (R ∧ P ∨ Q)) (h4 : P → R) (h5 : R ↔ S) : (S → S ↔ Q ∧ Q) ∨ P := by
  have n1 : (R ∧ S) ∧ (P → Q) := h2.2
  have n2 : P → Q := n1.2
  have n3 : R ∧ P ∨ Q := h3.2
  rcases n3 with n4 | n5
  · have n6 : P := n4.2
    · exact Or.inr n6
  · have n7 : S → S ↔ Q ∧ Q := by
      constructor
      · intro n8
        exact ⟨n5, n5⟩
      · intro n9
        intro n10
        exact n10
    exact Or.inl n7

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

-- uniform_s11_003468: round 5, by sampling
theorem uniform_s11_003468 (P Q R S : Prop) (h1 : P ∧ P) (h2 : ¬S ∨ R ∧ S) (h3 : Q ↔ R ∨ S → ¬S) : (R → Q ↔ S → Q) ∨ (R → Q) ∧ (Q → P) := by
  have n1 : R → Q ↔ S → Q := by
    constructor
    · intro n2
      intro n3
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

-- uniform_s11_000359: round 4, by sampling
theorem uniform_s11_000359 (P Q R S : Prop) (h1 : (S ∧ P) ∧ (P → Q)) (h2 : P → P) (h3 : (R ↔ R ∨ Q) ∧ (S ↔ (Q ↔ P))) (h4 : S) : P → R := by
  have n1 : S ∧ P := h1.1
  have n2 : P → Q := h1.2
  have n3 : R ↔ R ∨ Q := h3.1
  intro n4
  have n5 : Q := n2 n4
  have n6 : R ∨ Q := Or.inr n5
  rcases n6 with n7 | n8
  · exact n7
  · have n9 : R ∨ Q := Or.inr n8
    have n10 : R := n3.mpr n9
    · exact n10

-- uniform_s11_002069: round 4, by composition
theorem uniform_s11_002069 (P Q R S : Prop) (h1 : P → R ↔ S) (h2 : S) (h3 : Q ∧ P ∧ P) : (R ↔ Q) ∧ (R ↔ S) := by
  have n1 : P ∧ P := by
    have n2 : P ∧ P := h3.2
    have n3 : P := n2.1
    exact ⟨n3, n3⟩
  have n4 : P → R := h1.mpr h2
  have n5 : R := by
    have n6 : P ∧ P := h3.2
    have n7 : P := n6.1
    have n8 : R := n4 n7
    exact n8
  have n9 : Q := h3.1
  constructor
  · constructor
    · intro n10
      exact n9
    · intro n11
      exact n5
  · constructor
    · intro n12
      exact h2
    · intro n13
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

-- uniform_s11_003686: round 7, by composition
theorem uniform_s11_003686 (P Q R S : Prop) (h1 : R ∧ (Q → P) ↔ P) (h2 : S) (h3 : P ∨ P) (h4 : S) (h5 : ¬(R → Q) ↔ S) : R := by
  have n1 : (P ∨ P) ∨ ¬(P ∨ P) := Classical.em (P ∨ P)
  rcases n1 with n2 | n3
  · have n4 : P := by
      rcases n2 with n3 | n4
      · exact n3
      · exact n4
    · apply Classical.byContradiction
      have n5 : R ∧ (Q → P) := h1.mpr n4
      · intro n6
        have n7 : R := n5.1
        exact n6 n7
  · apply Classical.byContradiction
    · intro n8
      have n9 : P ∨ P := by
        have n10 : P := by
          rcases h3 with n9 | n10
          · exact n9
          · exact n10
        exact Or.inl n10
      exact n3 n9

-- uniform_s11_002290: round 2, by composition
theorem uniform_s11_002290 (Q R S : Prop) (h1 : ¬¬Q) (h2 : (Q ↔ R) ∧ (Q ∨ Q)) (h3 : Q ∧ (Q ↔ R) → (R → S) ∧ (S → R)) : S := by
  have n1 : R → S := by
    have n2 : Q := Classical.not_not.mp h1
    have n3 : Q ↔ R := h2.1
    intro n4
    have n5 : Q ∧ (Q ↔ R) := by
      constructor
      · exact n2
      · constructor
        · intro n6
          exact n4
        · intro n7
          exact n2
    have n8 : (R → S) ∧ (S → R) := h3 n5
    have n9 : R → S := n8.1
    exact n9 n4
  have n10 : Q ↔ R := by
    have n11 : Q ↔ R := h2.1
    constructor
    · intro n12
      exact n11.mp n12
    · intro n13
      exact n11.mpr n13
  have n14 : Q ∨ Q := by
    have n15 : Q := Classical.not_not.mp h1
    exact Or.inl n15
  have n16 : Q := by
    exact Classical.not_not.mp h1
  have n17 : R := n10.mp n16
  exact n1 n17

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

-- uniform_s11_003877: round 6, by sampling
theorem uniform_s11_003877 (P Q R S : Prop) : (P → P ↔ P → Q) ∨ (Q ∧ P → (S ↔ R)) := by
  have n1 : (P → P ↔ P → Q) ∨ ¬(P → P ↔ P → Q) := Classical.em (P → P ↔ P → Q)
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q ∧ P → (S ↔ R) := by
      intro n5
      have n6 : Q := n5.1
      have n7 : P → P ↔ P → Q := by
        constructor
        · intro n8
          intro n9
          exact n6
        · intro n10
          intro n11
          exact n11
      have n12 : False := n3 n7
      exact False.elim n12
    exact Or.inr n4

-- uniform_s11_003926: round 7, by composition
theorem uniform_s11_003926 (P Q R S : Prop) (h1 : Q) (h2 : (¬Q → R ∨ P) → R ∨ P ∧ P) (h3 : Q) : ¬Q → R ↔ (Q → R) ∨ P ∨ S := by
  have n1 : R ∨ P ∧ P := by
    have n2 : ¬Q → R ∨ P := by
      intro n3
      have n4 : False := n3 h1
      exact False.elim n4
    have n5 : R ∨ P ∧ P := h2 n2
    rcases n5 with n6 | n7
    · exact Or.inl n6
    · have n8 : P := n7.1
      have n9 : P ∧ P := by
        exact ⟨ n8, n8⟩
      exact Or.inr n9
  have n10 : ¬Q → R ∨ P := by
    intro n11
    have n12 : False := n11 h1
    exact False.elim n12
  have n13 : (Q → R) ∨ P ∨ S := by
    have n14 : Q → R ∨ P := by
      intro n15
      have n16 : ¬Q → R ∨ P := by
        intro n17
        have n18 : False := n17 n15
        exact False.elim n18
      have n19 : R ∨ P ∧ P := h2 n16
      rcases n19 with n20 | n21
      · exact Or.inl n20
      have n22 : P := n21.1
      exact Or.inr n22
    have n23 : R ∨ P := n14 h1
    rcases n23 with n24 | n25
    · have n26 : Q → R := by
        intro n27
        exact n24
      exact Or.inl n26
    · have n28 : P ∨ S := Or.inl n25
      exact Or.inr n28
  constructor
  · intro n29
    rcases n1 with n30 | n31
    · have n32 : Q → R := by
        intro n33
        exact n30
      exact Or.inl n32
    · have n34 : P := n31.1
      · have n35 : P ∨ S := Or.inl n34
        exact Or.inr n35
  · intro n36
    intro n37
    have n38 : False := n37 h1
    exact False.elim n38

-- uniform_s11_003951: round 2, by composition
theorem uniform_s11_003951 (P R S : Prop) (h1 : P → (P → R) ∧ (P ↔ P)) (h2 : ¬P ∧ (R → P) → R ∧ (P → S)) : R := by
  have n1 : P → R := by
    intro n2
    have n3 : (P → R) ∧ (P ↔ P) := h1 n2
    have n4 : P → R := n3.1
    exact n4 n2
  have n5 : P ↔ P := by
    constructor
    · intro n6
      exact n6
    · intro n7
      exact n7
  apply Classical.byContradiction
  · intro n8
    have n9 : ¬P := mt n1 n8
    have n10 : R → P := by
      intro n11
      have n12 : False := n8 n11
      exact False.elim n12
    have n13 : R ∧ (R → P) := by
      constructor
      · have n14 : ¬P ∧ (R → P) := by
          constructor
          · exact n9
          · intro n15
            have n16 : False := n8 n15
            exact False.elim n16
        have n17 : R ∧ (P → S) := h2 n14
        exact n17.1
      · intro n18
        have n19 : False := n8 n18
        exact False.elim n19
    have n20 : R := n13.1
    exact n8 n20

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

-- uniform_s11_002863: round 16, by sampling
theorem uniform_s11_002863 (P Q R S : Prop) (h1 : (P ↔ S) ↔ R) (h2 : (S ∧ S ↔ R) → (Q → R) → Q) (h3 : P → S ∧ S) (h4 : (S → P) ∨ P → P) : S ∨ P := by
  have n1 : S := by
    · apply Classical.byContradiction
      · intro n2
        have n3 : (S → P) ∨ P := by
          have n4 : S → P := by
            intro n5
            have n6 : False := n2 n5
            exact False.elim n6
          exact Or.inl n4
        have n7 : P := h4 n3
        have n8 : S ∧ S := h3 n7
        have n9 : S := n8.1
        exact n2 n9
  exact Or.inl n1

-- uniform_s11_004012: round 2, by composition
theorem uniform_s11_004012 (P Q R S : Prop) (h1 : R ↔ S) (h2 : Q → R) (h3 : (Q → S → P) ∧ R ∧ R) (h4 : Q ∨ P) : ¬¬(Q → P) := by
  have n1 : P := by
    have n2 : Q → S → P := h3.1
    have n3 : R ∧ R := h3.2
    have n4 : R := n3.1
    have n5 : S := h1.mp n4
    rcases h4 with n6 | n7
    have n8 : S → P := n2 n6
    exact n8 n5
    · exact n7
  have n9 : Q → S → P := by
    have n10 : R ∧ R := h3.2
    have n11 : Q → S → P := h3.1
    intro n12
    intro n13
    apply Classical.byContradiction
    · intro n14
      rcases h4 with n15 | n16
      · have n17 : S → P := n11 n15
        have n18 : P := n17 n13
        exact n14 n18
      · exact n14 n16
  intro n19
  have n20 : Q → P := by
    intro n21
    exact n1
  exact n19 n20

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
  have n4 : Q ∨ Q := by
    have n5 : Q := by
      apply Classical.byContradiction
      · intro n6
        have n7 : Q → P := by
          intro n8
          have n9 : False := n6 n8
          exact False.elim n9
        have n10 : R := h2 n7
        have n11 : (S ↔ S) ∧ R ∧ R := by
          constructor
          · constructor
            · intro n12
              exact n12
            · intro n13
              exact n13
          exact ⟨n10, n10⟩
        exact h1 n11
    exact Or.inl n5
  exact n1 n4

-- uniform_s11_004153: round 4, by composition
theorem uniform_s11_004153 (P Q R S : Prop) (h1 : ¬S ∧ ((S ↔ P) → R)) : (R ∨ P) ∨ R ∧ Q := by
  have n1 : ¬S := h1.1
  have n2 : (S ↔ P) → R := by
    have n3 : ¬S := h1.1
    intro n4
    have n5 : ¬P := mt n4.mpr n3
    have n6 : (S ↔ P) → R := h1.2
    have n7 : S ↔ P := by
      constructor
      · intro n8
        have n9 : False := n3 n8
        exact False.elim n9
      · intro n10
        have n11 : False := n5 n10
        exact False.elim n11
    exact n6 n7
  have n12 : R ∨ P := by
    have n13 : P ∨ ¬P := Classical.em P
    rcases n13 with n14 | n15
    · exact Or.inr n14
    · have n16 : S ↔ P := by
        constructor
        · intro n17
          have n18 : False := n1 n17
          exact False.elim n18
        · intro n19
          have n20 : False := n15 n19
          exact False.elim n20
      have n21 : R := n2 n16
      exact Or.inl n21
  rcases n12 with n22 | n23
  · have n24 : R ∨ P := Or.inl n22
    exact Or.inl n24
  · have n25 : R ∨ P := Or.inr n23
    exact Or.inl n25

-- uniform_s11_003107: round 29, by composition
theorem uniform_s11_003107 (P Q R S : Prop) (h1 : ¬P) (h2 : S) (h3 : R → (Q → S) ∨ P) (h4 : (Q → S) ∨ R) (h5 : P → Q ↔ R) : ((Q → P) → S → R) ∧ (Q ∨ R → S → R) := by
  constructor
  · intro n1
    · intro n2
      · have n3 : P → Q := by
          intro n4
          have n5 : False := h1 n4
          exact False.elim n5
        exact h5.mp n3
  · intro n6
    intro n7
    · have n8 : P → Q := by
        intro n9
        have n10 : False := h1 n9
        exact False.elim n10
      exact h5.mp n8

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

-- uniform_s11_004343: round 3, by sampling
theorem uniform_s11_004343 (P Q R S : Prop) (h1 : P → (R → Q ↔ R ∨ S)) (h2 : (P ↔ Q) → Q → R) (h3 : ¬(S → S) → ¬S ∨ ¬P) : ((Q ↔ P) → Q → S) ∨ (S → Q ↔ P → Q) := by
  have n1 : (S → Q ↔ P → Q) ∨ ¬(S → Q ↔ P → Q) := Classical.em (S → Q ↔ P → Q)
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : (Q ↔ P) → Q → S := by
      intro n5
      intro n6
      have n7 : P := n5.mp n6
      have n8 : S → Q ↔ P → Q := by
        constructor
        · intro n9
          · intro n10
            exact n6
        · intro n11
          intro n12
          exact n6
      have n13 : False := n3 n8
      exact False.elim n13
    exact Or.inl n4

-- uniform_s11_003520: round 15, by sampling
theorem uniform_s11_003520 (P Q R S : Prop) (h1 : Q) (h2 : (Q ↔ S) ∧ S → (Q → S) → S ∨ S) (h3 : R ∧ P ↔ (Q → Q) ∧ (R ↔ R)) (h4 : R) (h5 : S ∧ (S ∨ P) ∧ (Q ∨ P)) : (Q ↔ S) → P ∧ S := by
  have n1 : S := h5.1
  intro n2
  constructor
  · have n3 : S ∧ (Q ∨ P) := by
      constructor
      exact n1
      exact Or.inl h1
    · have n4 : (Q → Q) ∧ (R ↔ R) := by
        have n5 : Q ∨ P := n3.2
        constructor
        · intro n6
          exact n6
        constructor
        intro n7
        exact n7
        intro n8
        exact n8
      have n9 : R ∧ P := h3.mpr n4
      exact n9.2
  exact n1

-- uniform_s11_001875: round 3, by sampling
theorem uniform_s11_001875 (P R S : Prop) (h1 : R) (h2 : R → R → P ∧ P) (h3 : S ∨ ((R ↔ S) ↔ S ∨ R)) : S ∧ S := by
  constructor
  · rcases h3 with n2 | n3
    · exact n2
    · have n4 : S ∨ R := Or.inr h1
      have n5 : R ↔ S := n3.mpr n4
      exact n5.mp h1
  · rcases h3 with n4 | n5
    · exact n4
    · have n6 : S ∨ R := Or.inr h1
      have n7 : R ↔ S := n5.mpr n6
      exact n7.mp h1

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

-- uniform_s11_004386: round 9, by composition
theorem uniform_s11_004386 (P Q R S : Prop) (h1 : ((P → P) → ¬S) → (P → P) ∧ S) (h2 : S → R) (h3 : (S → R ↔ (S ↔ Q)) ∨ (R ∨ S ↔ R → Q)) : Q := by
  have n1 : P → P := by
    intro n2
    exact n2
  have n3 : S := by
    rcases h3 with n4 | n5
    · have n6 : S := by
        apply Classical.byContradiction
        · intro n7
          have n8 : (P → P) → ¬S := by
            intro n9
            exact n7
          have n10 : (P → P) ∧ S := h1 n8
          have n11 : S := n10.2
          exact n7 n11
      · exact n6
    · apply Classical.byContradiction
      · intro n12
        have n13 : (P → P) → ¬S := by
          intro n14
          exact n12
        have n15 : (P → P) ∧ S := h1 n13
        have n16 : S := n15.2
        exact n12 n16
  have n17 : R → Q := by
    have n18 : R := h2 n3
    intro n19
    rcases h3 with n20 | n21
    · have n22 : S → R := by
        intro n23
        exact n19
      have n24 : S ↔ Q := n20.mp n22
      exact n24.mp n3
    · have n25 : R → Q := by
        intro n26
        have n27 : R ∨ S := Or.inl n26
        have n28 : R → Q := n21.mp n27
        exact n28 n26
      exact n25 n19
  have n29 : S := by
    apply Classical.byContradiction
    · intro n30
      have n31 : (P → P) → ¬S := by
        intro n32
        exact n30
      have n33 : (P → P) ∧ S := h1 n31
      have n34 : S := n33.2
      exact n30 n34
  have n35 : R := h2 n29
  exact n17 n35

-- uniform_s11_003618: round 13, by sampling
theorem uniform_s11_003618 (P Q R S : Prop) (h1 : (R → Q) ∨ ((S ↔ Q) → R ∧ S)) (h2 : (¬R → ¬Q) ∧ (P ∨ Q ∨ Q)) (h3 : S ∨ Q → R ∧ P ↔ ((P ↔ S) ↔ P → S)) : (R ↔ P) → P := by
  have n1 : ¬R → ¬Q := h2.1
  intro n2
  have n3 : P ∨ Q ∨ Q := h2.2
  rcases n3 with n4 | n5
  · exact n4
  · apply Classical.byContradiction
    intro n6
    have n7 : ¬R := by
      intro n8
      have n9 : P := n2.mp n8
      exact n6 n9
    have n10 : ¬Q := n1 n7
    rcases n5 with n11 | n12
    · exact n10 n11
    · exact n10 n12

-- uniform_s11_004472: round 8, by sampling
theorem uniform_s11_004472 (P Q R S : Prop) (h1 : R) (h2 : R → S) (h3 : Q ↔ S) : (¬S ↔ (P ↔ R)) ∨ (P ∨ Q) ∧ Q ∧ P := by
  have n1 : S := h2 h1
  have n2 : (P ∨ Q) ∧ Q ∧ P ∨ ¬((P ∨ Q) ∧ Q ∧ P) := Classical.em ((P ∨ Q) ∧ Q ∧ P)
  rcases n2 with n3 | n4
  · exact Or.inr n3
  · have n5 : ¬S ↔ (P ↔ R) := by
      constructor
      intro n6
      have n7 : False := n6 n1
      exact False.elim n7
      · intro n8
        have n9 : P := n8.mpr h1
        intro n10
        have n11 : (P ∨ Q) ∧ Q ∧ P := by
          constructor
          exact Or.inl n9
          constructor
          exact h3.mpr n10
          exact n9
        exact n4 n11
    exact Or.inl n5

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
