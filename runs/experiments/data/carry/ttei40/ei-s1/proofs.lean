-- proofs found by `gentzen ttrl` (arm ei); check them with `gentzen verify` or Lean

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

-- uniform_s11_005241: round 1, by sampling
theorem uniform_s11_005241 (P Q R S : Prop) (h1 : Q ↔ P) (h2 : R ↔ S) (h3 : ¬¬Q → ¬(P ∧ R)) (h4 : R ∨ Q) (h5 : (R → Q ↔ (R ↔ Q)) → ¬(R ∧ R)) : Q ∨ R := by
  rcases h4 with n1 | n2
  · exact Or.inr n1
  · exact Or.inl n2

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
