-- proofs found by `gentzen ttrl` (arm control); check them with `gentzen verify` or Lean

-- uniform_s11_000000: round 11, by sampling
theorem uniform_s11_000000 (P Q R S : Prop) (h1 : R ∧ P ↔ ((P ↔ Q) ↔ P)) (h2 : (Q → R) → P ∧ S) (h3 : P) : S := by
  have n1 : Q → R := by
    intro n2
    apply Classical.byContradiction
    · intro n3
      have n4 : R ∧ P := by
        constructor
        · have n5 : (P ↔ Q) ↔ P := by
            constructor
            · intro n6
              exact h3
            · intro n7
              constructor
              · intro n8
                exact n2
              · intro n9
                exact n7
          have n10 : R ∧ P := h1.mpr n5
          exact n10.1
        · exact h3
      have n11 : R := n4.1
      exact n3 n11
  have n12 : P ∧ S := h2 n1
  exact n12.2

-- uniform_s11_000117: round 1, by sampling
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
    exact n7
    · rcases h3 with n9 | n10
      · have n11 : False := n9 n1
        exact False.elim n11
      · exact n10.mpr n1

-- uniform_s11_000213: round 8, by sampling
theorem uniform_s11_000213 (P Q R S : Prop) (h1 : Q) (h2 : ((P → Q) → P → Q) → S ∧ P) (h3 : ¬P → R) : (S → R ↔ S → P) → R := by
  intro n1
  have n2 : (P → Q) → P → Q := by
    intro n3
    intro n4
    exact h1
  have n5 : S ∧ P := h2 n2
  have n6 : S := n5.1
  have n7 : S → P := by
    intro n8
    have n9 : P := n5.2
    exact n9
  have n10 : S → R := n1.mpr n7
  exact n10 n6

-- uniform_s11_000721: round 3, by sampling
theorem uniform_s11_000721 (P Q R S : Prop) (h1 : (S ↔ S → P) ∧ (R ↔ P) ∧ (Q → S)) (h2 : R ∧ Q) : P ∨ P ↔ (S → R) → (S ↔ P) := by
  have n1 : S ↔ S → P := h1.1
  have n2 : R := h2.1
  have n3 : (R ↔ P) ∧ (Q → S) := h1.2
  have n4 : R ↔ P := n3.1
  have n5 : P := n4.mp n2
  constructor
  · intro n6
    · intro n7
      constructor
      · intro n8
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

-- uniform_s11_000400: round 9, by sampling
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

-- uniform_s11_000596: round 16, by sampling
theorem uniform_s11_000596 (P Q R S : Prop) (h1 : (S ∨ R) ∧ (P ∨ Q)) (h2 : Q → S ↔ Q ∧ R) : R → S := by
  intro n1
  have n2 : Q → S := by
    intro n3
    have n4 : S ∨ R := Or.inr n1
    have n5 : Q ∧ R := by
      exact ⟨n3, n1⟩
    have n6 : Q → S := h2.mpr n5
    exact n6 n3
  have n7 : Q ∧ R := h2.mp n2
  have n8 : Q := n7.1
  have n9 : S := n2 n8
  exact n9

-- uniform_s11_001930: round 2, by sampling
theorem uniform_s11_001930 (P Q R S : Prop) (h1 : ¬P ∨ (P ↔ R)) (h2 : Q ∨ Q) (h3 : Q ↔ P) (h4 : (¬S ↔ ¬P) ∧ (S → P ↔ P)) : ¬R ∨ Q ∧ P := by
  have n1 : S → P ↔ P := h4.2
  have n2 : Q ∧ P := by
    constructor
    · rcases h2 with n3 | n4
      · exact n3
      · exact n4
    · rcases h2 with n5 | n6
      · have n7 : P := h3.mp n5
        · exact n7
      · exact h3.mp n6
  exact Or.inr n2

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
    have n9 : R ∨ Q := Or.inl n8
    have n10 : P ∧ P := n2 n9
    exact n10.1

-- uniform_s11_001284: round 35, by sampling
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

-- uniform_s11_002398: round 25, by sampling
theorem uniform_s11_002398 (P Q R S : Prop) (h1 : S → R) (h2 : (S → R ↔ R) ∧ (R ∧ S) ∧ (P → Q)) (h3 : ((R ↔ Q) → Q ∧ P) ∧ (R ∧ P ∨ Q)) (h4 : P → R) (h5 : R ↔ S) : (S → S ↔ Q ∧ Q) ∨ P := by
  have n1 : (R ∧ S) ∧ (P → Q) := h2.2
  have n2 : P → Q := n1.2
  have n3 : R ∧ P ∨ Q := h3.2
  have n4 : R ∧ S := n1.1
  have n5 : R := n4.1
  have n6 : S → S ↔ Q ∧ Q := by
    constructor
    intro n7
    constructor
    · rcases n3 with n8 | n9
      · have n10 : P := n8.2
        exact n2 n10
      · exact n9
    · rcases n3 with n11 | n12
      · have n13 : P := n11.2
        exact n2 n13
      · exact n12
    · intro n14
      intro n15
      exact n15
  exact Or.inl n6

-- uniform_s11_001717: round 1, by sampling
theorem uniform_s11_001717 (P Q R S : Prop) (h1 : (R → R) → R ↔ ¬Q ∨ (S ↔ S)) (h2 : (P → P) ∧ Q → ¬S) (h3 : Q) (h4 : S → ¬S) : R := by
  have n1 : P → P := by
    intro n2
    exact n2
  have n3 : ¬Q ∨ (S ↔ S) := by
    have n4 : S ↔ S := by
      constructor
      · intro n5
        exact n5
      · intro n6
        exact n6
    exact Or.inr n4
  have n7 : (R → R) → R := h1.mpr n3
  have n8 : R → R := by
    intro n9
    exact n9
  have n10 : R := by
    exact n7 n8
  exact n10

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
  have n9 : Q := by
    have n10 : (Q ∨ Q) ∧ P := h2.mp n1
    have n11 : Q ∨ Q := n10.1
    rcases n11 with n12 | n13
    · exact n12
    · exact n13
  exact n9

-- uniform_s11_003155: round 2, by sampling
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

-- uniform_s11_000359: round 23, by sampling
theorem uniform_s11_000359 (P Q R S : Prop) (h1 : (S ∧ P) ∧ (P → Q)) (h2 : P → P) (h3 : (R ↔ R ∨ Q) ∧ (S ↔ (Q ↔ P))) (h4 : S) : P → R := by
  have n1 : P → Q := h1.2
  have n2 : R ↔ R ∨ Q := h3.1
  intro n3
  have n4 : Q := n1 n3
  have n5 : R ∨ Q := Or.inr n4
  exact n2.mpr n5

-- uniform_s11_002274: round 17, by sampling
theorem uniform_s11_002274 (P Q R S : Prop) (h1 : S ↔ R) (h2 : P → P) (h3 : ¬R) : (Q → P ∧ P) ∨ (Q → P ↔ R) := by
  have n1 : (Q → P ∧ P) ∨ ¬(Q → P ∧ P) := Classical.em (Q → P ∧ P)
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : Q → P ↔ R := by
      constructor
      · intro n5
        have n6 : Q → P ∧ P := by
          intro n7
          constructor
          exact n5 n7
          exact n5 n7
        have n8 : False := n3 n6
        exact False.elim n8
      · intro n9
        have n10 : False := h3 n9
        exact False.elim n10
    exact Or.inr n4

-- uniform_s11_003671: round 1, by sampling
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

-- uniform_s11_002290: round 4, by sampling
theorem uniform_s11_002290 (Q R S : Prop) (h1 : ¬¬Q) (h2 : (Q ↔ R) ∧ (Q ∨ Q)) (h3 : Q ∧ (Q ↔ R) → (R → S) ∧ (S → R)) : S := by
  have n1 : Q := Classical.not_not.mp h1
  have n2 : (Q ↔ R) ∧ (Q ∨ Q) := by
    have n3 : Q ↔ R := h2.1
    have n4 : R := n3.mp n1
    constructor
    · constructor
      · intro n5
        exact n4
      · intro n6
        exact n1
    · exact Or.inl n1
  have n7 : Q ↔ R := n2.1
  have n8 : R := n7.mp n1
  have n9 : Q ∧ (Q ↔ R) := by
    constructor
    · exact n1
    · constructor
      · intro n10
        exact n8
      · intro n11
        exact n1
  have n12 : (R → S) ∧ (S → R) := h3 n9
  have n13 : S → R := n12.2
  have n14 : R → S := n12.1
  exact n14 n8

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

-- uniform_s11_003951: round 2, by sampling
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

-- uniform_s11_004012: round 2, by sampling
theorem uniform_s11_004012 (P Q R S : Prop) (h1 : R ↔ S) (h2 : Q → R) (h3 : (Q → S → P) ∧ R ∧ R) (h4 : Q ∨ P) : ¬¬(Q → P) := by
  have n1 : Q → P := by
    have n2 : Q → S → P := h3.1
    have n3 : R ∧ R := h3.2
    have n4 : R := n3.1
    have n5 : S := h1.mp n4
    intro n6
    have n7 : S → P := n2 n6
    exact n7 n5
  have n8 : R ∧ R := h3.2
  have n9 : R := n8.1
  have n10 : S := h1.mp n9
  intro n11
  have n12 : Q → P := by
    intro n13
    have n14 : Q → P := by
      intro n15
      exact n1 n13
    have n16 : False := n11 n14
    exact False.elim n16
  exact n11 n12

-- uniform_s11_002943: round 59, by sampling
theorem uniform_s11_002943 (P Q R S : Prop) (h1 : (Q ∧ S ↔ P → Q) ↔ ¬(P ∧ P)) (h2 : R → R) : P ∨ S := by
  have n1 : P ∨ ¬P := Classical.em P
  rcases n1 with n2 | n3
  · exact Or.inl n2
  · have n4 : ¬(P ∧ P) := by
      intro n5
      have n6 : P := n5.1
      exact n3 n6
    have n7 : ¬(P ∧ P) := by
      intro n8
      exact n4 n8
    have n9 : Q ∧ S ↔ P → Q := h1.mpr n4
    have n10 : P → Q := by
      intro n11
      have n12 : False := n3 n11
      exact False.elim n12
    have n13 : Q ∧ S := n9.mpr n10
    have n14 : S := n13.2
    exact Or.inr n14

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

-- uniform_s11_004100: round 2, by sampling
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

-- uniform_s11_004343: round 4, by sampling
theorem uniform_s11_004343 (P Q R S : Prop) (h1 : P → (R → Q ↔ R ∨ S)) (h2 : (P ↔ Q) → Q → R) (h3 : ¬(S → S) → ¬S ∨ ¬P) : ((Q ↔ P) → Q → S) ∨ (S → Q ↔ P → Q) := by
  have n1 : (S → Q ↔ P → Q) ∨ ¬(S → Q ↔ P → Q) := Classical.em (S → Q ↔ P → Q)
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : (Q ↔ P) → Q → S := by
      intro n5
      intro n6
      have n7 : P := n5.mp n6
      apply Classical.byContradiction
      · intro n8
        have n9 : S → Q ↔ P → Q := by
          constructor
          · intro n10
            · intro n11
              exact n6
          · intro n12
            intro n13
            exact n6
        exact n3 n9
    exact Or.inl n4

-- uniform_s11_003520: round 19, by sampling
theorem uniform_s11_003520 (P Q R S : Prop) (h1 : Q) (h2 : (Q ↔ S) ∧ S → (Q → S) → S ∨ S) (h3 : R ∧ P ↔ (Q → Q) ∧ (R ↔ R)) (h4 : R) (h5 : S ∧ (S ∨ P) ∧ (Q ∨ P)) : (Q ↔ S) → P ∧ S := by
  intro n1
  constructor
  · have n2 : (Q → Q) ∧ (R ↔ R) := by
      constructor
      · intro n3
        · exact n3
      · constructor
        intro n4
        exact n4
        · intro n5
          exact n5
    have n6 : R ∧ P := h3.mpr n2
    exact n6.2
  · have n7 : (Q → Q) ∧ S := by
      have n8 : S := n1.mp h1
      constructor
      · intro n9
        exact n9
      exact n8
    exact n7.2

-- uniform_s11_001875: round 2, by sampling
theorem uniform_s11_001875 (P R S : Prop) (h1 : R) (h2 : R → R → P ∧ P) (h3 : S ∨ ((R ↔ S) ↔ S ∨ R)) : S ∧ S := by
  constructor
  · rcases h3 with n1 | n2
    · exact n1
    · have n3 : S ∨ R := Or.inr h1
      have n4 : R ↔ S := n2.mpr n3
      · rcases n3 with n8 | n9
        · exact n8
        exact n4.mp n9
  · rcases h3 with n6 | n7
    · exact n6
    · have n10 : S ∨ R := Or.inr h1
      have n11 : R ↔ S := n7.mpr n10
      rcases n10 with n11 | n12
      · exact n11
      exact n11.mp n12

-- uniform_s11_004357: round 3, by sampling
theorem uniform_s11_004357 (P Q R S : Prop) (h1 : ¬¬Q → (R → S) ∨ P) (h2 : ¬(P ∧ R ↔ S → S)) : ((S ↔ Q) ∨ S) ∨ Q := by
  have n1 : Q ∨ ¬Q := Classical.em Q
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : S ∨ ¬S := Classical.em S
    rcases n4 with n5 | n6
    · have n7 : (S ↔ Q) ∨ S := Or.inr n5
      exact Or.inl n7
    · have n8 : S ↔ Q := by
        constructor
        intro n9
        have n10 : False := n6 n9
        exact False.elim n10
        intro n11
        have n12 : False := n3 n11
        exact False.elim n12
      · have n13 : (S ↔ Q) ∨ S := Or.inl n8
        exact Or.inl n13

-- uniform_s11_003563: round 2, by sampling
theorem uniform_s11_003563 (P Q R S : Prop) (h1 : (P → R) ∧ P) (h2 : S) (h3 : P ↔ Q) : ((S ↔ Q) ∧ S ∧ R) ∧ (P ∨ S) := by
  have n1 : P := h1.2
  have n2 : Q := h3.mp n1
  constructor
  · constructor
    · constructor
      · intro n3
        exact n2
      · intro n4
        exact h2
    · constructor
      · exact h2
      · have n5 : P → R := by
          have n6 : P → R := h1.1
          have n7 : R := n6 n1
          intro n8
          exact n7
        exact n5 n1
  · exact Or.inl n1

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

-- uniform_s11_003618: round 15, by sampling
theorem uniform_s11_003618 (P Q R S : Prop) (h1 : (R → Q) ∨ ((S ↔ Q) → R ∧ S)) (h2 : (¬R → ¬Q) ∧ (P ∨ Q ∨ Q)) (h3 : S ∨ Q → R ∧ P ↔ ((P ↔ S) ↔ P → S)) : (R ↔ P) → P := by
  have n1 : P ∨ Q ∨ Q := h2.2
  have n2 : ¬R → ¬Q := h2.1
  intro n3
  apply Classical.byContradiction
  · intro n4
    have n5 : ¬R := by
      intro n6
      have n7 : P := n3.mp n6
      exact n4 n7
    have n8 : ¬R := by
      exact n5
    have n9 : ¬Q := n2 n8
    rcases n1 with n10 | n11
    · exact n4 n10
    · rcases n11 with n12 | n13
      · exact n9 n12
      · exact n9 n13

-- uniform_s11_002084: round 10, by sampling
theorem uniform_s11_002084 (P Q R S : Prop) (h1 : P → P) (h2 : (Q ↔ (Q ↔ S)) ↔ (Q → R) → S ∧ R) (h3 : ¬R ∧ Q) : S := by
  have n1 : ¬R := h3.1
  have n2 : Q := h3.2
  have n3 : (Q ↔ (Q ↔ S)) ∨ ¬(Q ↔ (Q ↔ S)) := Classical.em (Q ↔ (Q ↔ S))
  rcases n3 with n4 | n5
  · have n6 : Q ↔ S := n4.mp n2
    exact n6.mp n2
  · have n7 : ¬((Q → R) → S ∧ R) := mt h2.mpr n5
    · have n8 : (Q → R) → S ∧ R := by
        intro n9
        constructor
        have n10 : S ∧ R := by
          have n11 : R := n9 n2
          have n12 : False := n1 n11
          exact False.elim n12
        exact n10.1
        exact n9 n2
      have n13 : False := n7 n8
      exact False.elim n13

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

-- uniform_s11_003852: round 1, by sampling
theorem uniform_s11_003852 (P R S : Prop) (h1 : P ∨ P) (h2 : S → P ↔ ¬S ∧ (P → R)) (h3 : P ∨ P) : R := by
  have n1 : S → P := by
    intro n2
    have n3 : P := by
      rcases h1 with n4 | n5
      · exact n4
      · exact n5
    exact n3
  have n6 : ¬S ∧ (P → R) := h2.mp n1
  rcases h3 with n7 | n8
  have n9 : P → R := n6.2
  · exact n9 n7
  · apply Classical.byContradiction
    have n10 : P → R := n6.2
    have n11 : R := n10 n8
    · intro n12
      exact n12 n11

-- uniform_s11_004696: round 4, by sampling
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

-- uniform_s11_004720: round 3, by sampling
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
              exact n7
          · have n10 : False := n3 n8
            exact False.elim n10
      · intro n11
        exact Or.inl n11
    exact Or.inr n4

-- uniform_s11_002349: round 2, by sampling
theorem uniform_s11_002349 (P Q R S : Prop) (h1 : P) (h2 : (Q ∧ Q ∨ S ∧ P) ∧ ((R → Q) → (S ↔ P))) (h3 : P ∨ P) (h4 : P) (h5 : P) : P ∧ S := by
  have n1 : (R → Q) → (S ↔ P) := h2.2
  constructor
  · exact h5
  · rcases h2 with n3 | n4
    · have n5 : Q := n3.1
      have n6 : R → Q := by
        intro n7
        exact n5
      have n8 : S ↔ P := n1 n6
      have n9 : S := n8.mpr h5
      · exact n9
    · exact n4.1
