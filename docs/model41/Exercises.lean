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
  sorry

theorem curry : (p → (q → r)) ↔ (p ∧ q → r) := by
  sorry

example : p ∨ False ↔ p := by
  sorry

example : p ∧ False ↔ False := by
  sorry

theorem dm_classical : ¬(p ∧ q) → ¬p ∨ ¬q := by
  sorry

theorem iff_trans' (h1 : p ↔ q) (h2 : q ↔ r) : p ↔ r := by
  sorry

theorem iff_congr_and : (p ↔ q) → (r ↔ s) → (p ∧ r ↔ q ∧ s) := by
  sorry

-- not valid: no proof exists
theorem wrong : p → p ∧ q := by
  sorry

theorem partly (h : p ∧ q) : q ∧ p := by
  constructor
  · exact h.2
  · sorry
end

theorem chain6 (P Q R S T U : Prop) (hp : P) (h1 : P → Q) (h2 : Q → R) (h3 : R → S) (h4 : S → T) (h5 : T → U) : U := by
  sorry
