-- proofs found by `gentzen ttrl` (arm control); check them with `gentzen verify` or Lean

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

-- uniform_s11_000050: round 1, by sampling
theorem uniform_s11_000050 (Q R S : Prop) (h1 : R → R) (h2 : Q ∧ S) (h3 : R ∧ Q) (h4 : S) : Q ↔ R := by
  constructor
  · intro n1
    have n2 : S ↔ R := by
      have n3 : R := h3.1
      constructor
      · intro n4
        exact n3
      · intro n5
        exact h4
    exact n2.mp h4
  · intro n6
    exact h2.1

-- uniform_s11_000400: round 5, by sampling
theorem uniform_s11_000400 (P Q R S : Prop) (h1 : Q ∨ (S ∨ R ↔ R ∧ P)) (h2 : ¬(P ↔ S)) (h3 : Q) (h4 : (R → S) ∧ (Q → R)) : (Q ∧ R) ∧ ¬P := by
  have n1 : Q → R := h4.2
  have n2 : R := n1 h3
  have n3 : R → S := h4.1
  have n4 : S := n3 n2
  constructor
  · exact ⟨h3, n2⟩
  · intro n5
    have n6 : P ↔ S := by
      constructor
      · intro n7
        exact n4
      · intro n8
        exact n5
    exact h2 n6

-- uniform_s11_000596: round 9, by sampling
theorem uniform_s11_000596 (P Q R S : Prop) (h1 : (S ∨ R) ∧ (P ∨ Q)) (h2 : Q → S ↔ Q ∧ R) : R → S := by
  have n1 : S ∨ R := h1.1
  intro n2
  rcases n1 with n3 | n4
  · exact n3
  · have n5 : Q → S := by
      intro n6
      have n7 : S ∨ R := Or.inr n4
      have n8 : Q ∧ R := ⟨n6, n4⟩
      have n9 : Q → S := h2.mpr n8
      exact n9 n6
    · have n10 : Q := by
        have n11 : Q ∧ R := h2.mp n5
        exact n11.1
      · exact n5 n10

-- uniform_s11_001930: round 2, by sampling
theorem uniform_s11_001930 (P Q R S : Prop) (h1 : ¬P ∨ (P ↔ R)) (h2 : Q ∨ Q) (h3 : Q ↔ P) (h4 : (¬S ↔ ¬P) ∧ (S → P ↔ P)) : ¬R ∨ Q ∧ P := by
  have n1 : S → P ↔ P := h4.2
  have n2 : Q ∧ P := by
    have n3 : ¬S ↔ ¬P := h4.1
    constructor
    · rcases h2 with n3 | n4
      · exact n3
      · exact n4
    · have n5 : S → P := by
        intro n6
        apply Classical.byContradiction
        · intro n7
          have n8 : ¬S := n3.mpr n7
          exact n8 n6
      exact n1.mp n5
  exact Or.inr n2

-- uniform_s11_001035: round 5, by sampling
theorem uniform_s11_001035 (P Q R S : Prop) (h1 : ¬S) (h2 : P ↔ P) (h3 : ((R → R) → Q → S) ∧ (R ∨ Q → P ∧ P)) : (R → Q ↔ S) → R ∧ (R → P) := by
  intro n1
  have n2 : R ∨ Q → P ∧ P := h3.2
  constructor
  · apply Classical.byContradiction
    · intro n3
      have n4 : ¬S := by
        exact h1
      have n5 : R → Q := by
        intro n6
        have n7 : False := n3 n6
        exact False.elim n7
      have n8 : S := n1.mp n5
      exact n4 n8
  · intro n9
    have n10 : R ∨ Q := Or.inl n9
    have n11 : P ∧ P := n2 n10
    exact n11.1

-- uniform_s11_001284: round 6, by sampling
theorem uniform_s11_001284 (P Q S : Prop) (h1 : S → Q) : P ∨ (Q ↔ P) ∨ P ∨ Q := by
  have n1 : (P ∨ Q) ∨ ¬(P ∨ Q) := Classical.em (P ∨ Q)
  rcases n1 with n2 | n3
  · have n4 : (Q ↔ P) ∨ P ∨ Q := Or.inr n2
    exact Or.inr n4
  · have n5 : P ∨ ¬P := Classical.em P
    rcases n5 with n6 | n7
    · exact Or.inl n6
    · have n8 : Q ↔ P := by
        constructor
        · intro n9
          have n10 : P ∨ Q := Or.inr n9
          have n11 : False := n3 n10
          exact False.elim n11
        · intro n12
          have n13 : False := n7 n12
          exact False.elim n13
      have n14 : (Q ↔ P) ∨ P ∨ Q := Or.inl n8
      exact Or.inr n14

-- uniform_s11_002398: round 4, by sampling
theorem uniform_s11_002398 (P Q R S : Prop) (h1 : S → R) (h2 : (S → R ↔ R) ∧ (R ∧ S) ∧ (P → Q)) (h3 : ((R ↔ Q) → Q ∧ P) ∧ (R ∧ P ∨ Q)) (h4 : P → R) (h5 : R ↔ S) : (S → S ↔ Q ∧ Q) ∨ P := by
  have n1 : S := by
    have n2 : (R ∧ S) ∧ (P → Q) := h2.2
    have n3 : R ∧ S := n2.1
    exact n3.2
  have n4 : R ∧ P ∨ Q := h3.2
  rcases n4 with n5 | n6
  · have n7 : P := n5.2
    exact Or.inr n7
  · have n8 : S → S ↔ Q ∧ Q := by
      constructor
      · intro n9
        exact ⟨n6, n6⟩
      · intro n10
        intro n11
        exact n11
    exact Or.inl n8

-- uniform_s11_001717: round 18, by sampling
theorem uniform_s11_001717 (P Q R S : Prop) (h1 : (R → R) → R ↔ ¬Q ∨ (S ↔ S)) (h2 : (P → P) ∧ Q → ¬S) (h3 : Q) (h4 : S → ¬S) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : ¬Q ∨ (S ↔ S) := by
      have n3 : (S ↔ S) ∧ Q := by
        constructor
        · constructor
          · intro n4
            exact n4
          · intro n5
            exact n5
        · exact h3
      have n6 : S ↔ S := by
        constructor
        · intro n7
          exact n7
        · intro n8
          exact n8
      exact Or.inr n6
    have n9 : (R → R) → R := h1.mpr n2
    have n10 : ¬(R → R) := mt n9 n1
    have n11 : R → R := by
      intro n12
      exact n12
    exact n10 n11

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

-- uniform_s11_003393: round 1, by sampling
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
      · exact Or.inl n9
      · have n11 : S := h2.mpr n10
        exact Or.inr n11
  exact Or.inl n1

-- uniform_s11_000359: round 2, by sampling
theorem uniform_s11_000359 (P Q R S : Prop) (h1 : (S ∧ P) ∧ (P → Q)) (h2 : P → P) (h3 : (R ↔ R ∨ Q) ∧ (S ↔ (Q ↔ P))) (h4 : S) : P → R := by
  have n1 : P → Q := h1.2
  have n2 : R ↔ R ∨ Q := h3.1
  intro n3
  have n4 : Q := n1 n3
  have n5 : R ∨ Q := Or.inr n4
  have n6 : R := by
    exact n2.mpr n5
  exact n6

-- uniform_s11_003671: round 20, by sampling
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
            · intro n12
              rcases n11 with n13 | n13
              · have n14 : False := n7 n13
                exact False.elim n14
              · exact n13
            · intro n15
              exact h3
        exact n3 n8
    · exact Or.inl n6

-- uniform_s11_003767: round 1, by sampling
theorem uniform_s11_003767 (P Q R S : Prop) (h1 : R → R ∨ Q) (h2 : ¬P ↔ Q ∨ R) (h3 : Q) : (P ↔ S) ∨ S ∨ P := by
  have n1 : (S ∨ P) ∨ ¬(S ∨ P) := Classical.em (S ∨ P)
  rcases n1 with n2 | n3
  · exact Or.inr n2
  · have n4 : P ↔ S := by
      constructor
      · intro n5
        have n6 : S ∨ P := Or.inr n5
        have n7 : False := n3 n6
        exact False.elim n7
      · intro n8
        have n9 : S ∨ P := Or.inl n8
        have n10 : False := n3 n9
        exact False.elim n10
    exact Or.inl n4

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

-- uniform_s11_003951: round 1, by sampling
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

-- uniform_s11_002949: round 1, by sampling
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

-- uniform_s11_004100: round 1, by sampling
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
          constructor
          intro n12
          exact n12
          · intro n13
            exact n13
          · exact ⟨n10, n10⟩
        exact h1 n11
    exact Or.inl n5
  exact n1 n4

-- uniform_s11_003168: round 2, by sampling
theorem uniform_s11_003168 (P Q R S : Prop) (h1 : Q) (h2 : P) (h3 : R) (h4 : Q ∨ (Q ↔ S)) (h5 : Q ∧ R → P → S) : ((P ∧ R) ∧ (S ↔ Q)) ∧ S := by
  constructor
  · constructor
    · exact ⟨h2, h3⟩
    · constructor
      · intro n1
        exact h1
      · intro n2
        rcases h4 with n3 | n4
        · have n5 : Q ∧ R := ⟨n3, h3⟩
          have n6 : P → S := h5 n5
          exact n6 h2
        · exact n4.mp n2
  · have n7 : Q ∨ (Q ↔ S) := Or.inl h1
    have n8 : Q ∧ R := ⟨h1, h3⟩
    have n9 : P → S := h5 n8
    exact n9 h2

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

-- uniform_s11_004343: round 3, by sampling
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

-- uniform_s11_003520: round 12, by sampling
theorem uniform_s11_003520 (P Q R S : Prop) (h1 : Q) (h2 : (Q ↔ S) ∧ S → (Q → S) → S ∨ S) (h3 : R ∧ P ↔ (Q → Q) ∧ (R ↔ R)) (h4 : R) (h5 : S ∧ (S ∨ P) ∧ (Q ∨ P)) : (Q ↔ S) → P ∧ S := by
  have n1 : S := h5.1
  intro n2
  constructor
  · have n3 : (Q → Q) ∧ (R ↔ R) := by
      constructor
      · intro n4
        exact n4
      · constructor
        · intro n5
          exact n5
        · intro n6
          exact n6
    have n7 : R ∧ P := h3.mpr n3
    exact n7.2
  · exact n1

-- uniform_s11_001875: round 2, by sampling
theorem uniform_s11_001875 (P R S : Prop) (h1 : R) (h2 : R → R → P ∧ P) (h3 : S ∨ ((R ↔ S) ↔ S ∨ R)) : S ∧ S := by
  constructor
  · rcases h3 with n2 | n3
    · exact n2
    · apply Classical.byContradiction
      · intro n4
        have n5 : S ∨ R := by
          have n6 : R := by
            exact h1
          exact Or.inr n6
        have n7 : R ↔ S := n3.mpr n5
        have n8 : S := n7.mp h1
        exact n4 n8
  · rcases h3 with n5 | n6
    · exact n5
    · have n9 : S ∨ R := Or.inr h1
      have n10 : R ↔ S := n6.mpr n9
      · rcases n9 with n11 | n12
        · exact n11
        · exact n10.mp n12

-- uniform_s11_004357: round 18, by sampling
theorem uniform_s11_004357 (P Q R S : Prop) (h1 : ¬¬Q → (R → S) ∨ P) (h2 : ¬(P ∧ R ↔ S → S)) : ((S ↔ Q) ∨ S) ∨ Q := by
  have n1 : (Q ∨ S) ∨ ¬(Q ∨ S) := Classical.em (Q ∨ S)
  rcases n1 with n2 | n3
  · rcases n2 with n7 | n8
    · exact Or.inr n7
    · have n9 : (S ↔ Q) ∨ S := Or.inr n8
      exact Or.inl n9
  · have n10 : S ↔ Q := by
      constructor
      · intro n11
        have n12 : Q ∨ S := Or.inr n11
        have n13 : False := n3 n12
        exact False.elim n13
      · intro n14
        have n15 : Q ∨ S := Or.inl n14
        have n16 : False := n3 n15
        exact False.elim n16
    have n17 : (S ↔ Q) ∨ S := by
      exact Or.inl n10
    exact Or.inl n17

-- uniform_s11_003563: round 1, by sampling
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

-- uniform_s11_003852: round 1, by sampling
theorem uniform_s11_003852 (P R S : Prop) (h1 : P ∨ P) (h2 : S → P ↔ ¬S ∧ (P → R)) (h3 : P ∨ P) : R := by
  apply Classical.byContradiction
  · intro n1
    have n2 : S → P := by
      intro n3
      rcases h3 with n4 | n5
      · exact n4
      · exact n5
    have n6 : ¬S ∧ (P → R) := h2.mp n2
    have n7 : ¬S := n6.1
    have n8 : P → R := n6.2
    have n9 : ¬P := mt n8 n1
    rcases h3 with n10 | n11
    · exact n9 n10
    · exact n9 n11

-- uniform_s11_004696: round 11, by sampling
theorem uniform_s11_004696 (P Q R S : Prop) (h1 : (Q ↔ S) → R ↔ ¬(P ∨ P)) (h2 : S ∧ (Q → Q)) (h3 : ¬(Q ∧ R)) (h4 : S ∧ (Q → S)) (h5 : Q ↔ (S → R) → (Q ↔ P)) : (S ∨ Q → P → Q) ∨ ¬S ∧ R ∧ P := by
  have n1 : S ∨ Q → P → Q := by
    have n2 : S := h2.1
    intro n3
    intro n4
    apply Classical.byContradiction
    · intro n5
      have n6 : Q ↔ S := by
        constructor
        · intro n7
          exact n2
        · intro n8
          have n9 : (Q ↔ S) → R := by
            intro n10
            have n11 : Q := n10.mpr n2
            have n12 : False := n5 n11
            exact False.elim n12
          have n13 : ¬(P ∨ P) := h1.mp n9
          have n14 : P ∨ P := Or.inl n4
          have n15 : False := n13 n14
          exact False.elim n15
      have n16 : Q := n6.mpr n2
      exact n5 n16
  exact Or.inl n1

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
              · exact n7
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
      exact n8.mpr h5
    exact n4.1
