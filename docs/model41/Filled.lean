/-! Propositional exercises, a sheet in the style of the courses the public set comes from. -/

section
variable (p q r s : Prop)

-- already proved: kept byte for byte
theorem and_swap (h : p ∧ q) : q ∧ p := by
  exact ⟨h.2, h.1⟩

example : p ∨ q → q ∨ p := by
  intro h
  cases h with
  | inl hp => exact Or.inr hp
  | inr hq => exact Or.inl hq

theorem distrib : p ∨ (q ∧ r) ↔ (p ∨ q) ∧ (p ∨ r) := by
  constructor
  · intro n1
    constructor
    · rcases n1 with n2 | n3
      · exact Or.inl n2
      · have n4 : q := n3.1
        exact Or.inr n4
    · rcases n1 with n4 | n5
      · exact Or.inl n4
      · have n6 : r := n5.2
        exact Or.inr n6
  · intro n1
    have n2 : p ∨ q := n1.1
    have n3 : p ∨ r := n1.2
    rcases n3 with n4 | n5
    · exact Or.inl n4
    · rcases n2 with n5 | n6
      · exact Or.inl n5
      · have n7 : q ∧ r := ⟨n6, n5⟩
        exact Or.inr n7

theorem curry : (p → (q → r)) ↔ (p ∧ q → r) := by
  constructor
  · intro n1
    intro n2
    have n3 : q := n2.2
    have n4 : p := n2.1
    have n5 : q → r := n1 n4
    exact n5 n3
  · intro n1
    intro n2
    intro n3
    have n4 : p ∧ q := ⟨n2, n3⟩
    exact n1 n4

example : p ∨ False ↔ p := by
  constructor
  · intro n1
    rcases n1 with n2 | n3
    · exact n2
    · exact False.elim n3
  · intro n1
    exact Or.inl n1

example : p ∧ False ↔ False := by
  constructor
  · intro n1
    exact n1.2
  · intro n1
    exact False.elim n1

theorem dm_classical : ¬(p ∧ q) → ¬p ∨ ¬q := by
  intro n1
  have n2 : p ∨ ¬p := Classical.em p
  rcases n2 with n3 | n4
  · have n5 : ¬q := by
      intro n6
      have n7 : p ∧ q := ⟨n3, n6⟩
      exact n1 n7
    exact Or.inr n5
  · exact Or.inl n4

theorem iff_trans' (h1 : p ↔ q) (h2 : q ↔ r) : p ↔ r := by
  constructor
  · intro n1
    have n2 : q := h1.mp n1
    exact h2.mp n2
  · intro n1
    have n2 : q := h2.mpr n1
    exact h1.mpr n2

theorem iff_congr_and : (p ↔ q) → (r ↔ s) → (p ∧ r ↔ q ∧ s) := by
  intro h1 h2
  constructor
  · intro n1
    have n2 : r := n1.2
    have n3 : s := h2.mp n2
    have n4 : p := n1.1
    have n5 : q := h1.mp n4
    exact ⟨n5, n3⟩
  · intro n1
    have n2 : s := n1.2
    constructor
    · have n3 : p := by
        have n4 : q := n1.1
        exact h1.mpr n4
      exact n3
    exact h2.mpr n2

-- not valid: no proof exists
theorem wrong : p → p ∧ q := by
  sorry

theorem partly (h : p ∧ q) : q ∧ p := by
  constructor
  · exact h.2
  · exact h.1
end

theorem chain6 (P Q R S T U : Prop) (hp : P) (h1 : P → Q) (h2 : Q → R) (h3 : R → S) (h4 : S → T) (h5 : T → U) : U := by
  have n1 : P ∨ ¬P := Or.inl hp
  rcases n1 with n2 | n3
  · have n4 : S := by
      have n5 : R := by
        have n6 : Q := h1 n2
        have n7 : R := h2 n6
        exact n7
      exact h3 n5
    · have n8 : T := h4 n4
      exact h5 n8
  · have n9 : False := n3 hp
    exact False.elim n9
