/-!
# Lean's exact messages for a few wrong steps

The kernel reports errors "in Lean 4.32 wording" (docs/api-core.md). These `#guard_msgs`
checks pin that wording for the pinned toolchain: if Lean's text differs from the
docstring, `lake build GentzenTest` fails and shows the diff.

Only texts documented in shared/research/lean_facts.md §4 (REPL transcripts and Lean's own
`#guard_msgs` tests of 2025–2026) are checked, and each example uses every hypothesis, or has
an error, so that the unused-variables linter adds no warning to the captured messages.

NOT verified against a real v4.32.0 toolchain (none was available when this was written):
* `Unknown identifier` and `No goals to be solved`: the same text appears in many `#guard_msgs`
  tests of recent Lean versions (v4.2x and later, v4.34), so high confidence.
* `unsolved goals`: the goal layout (`case right`, merged `P Q : Prop`, `⊢`) is the REPL's
  (`proof_branching` test); high confidence.
* `Type mismatch`: seen in real Lean 4.26 output and in a recent third-party `#guard_msgs` test
  of tactic `exact` with the same layout; fairly high confidence, lower than the three above.
Not checked here because the text is less certain: `Application type mismatch`, the failure
message of `apply`, `introN` failures, parse errors, and the sorry warning (which would need
`sorry` in this file).
-/

namespace GentzenTest.Messages

/-- error: Unknown identifier `h3` -/
#guard_msgs in
example (P : Prop) : P := by
  exact h3

/-- error: No goals to be solved -/
#guard_msgs in
example (P : Prop) (h1 : P) : P := by
  exact h1
  exact h1

/--
error: unsolved goals
case right
P Q : Prop
h1 : P
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) : P ∧ Q := by
  constructor
  exact h1

/--
error: unsolved goals
P Q : Prop
h1 : P → Q
n1 : P
⊢ Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P → Q) : P → Q := by
  intro n1

/--
error: Type mismatch
  h1
has type
  P
but is expected to have type
  Q
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) : Q := by
  exact h1

/-
`left` applies `Or.inl`, whose new metavariables are `?a ?b ?h` (more than one), so
`appendParentTag` leaves the anonymous parent's goal tagged with the binder name `h`
(Lean/Meta/Tactic/Apply.lean). Derived from the source, not yet seen in a transcript.
-/
/--
error: unsolved goals
case h
P Q : Prop
h1 : P
⊢ P
-/
#guard_msgs in
example (P Q : Prop) (h1 : P) : P ∨ Q := by
  left

end GentzenTest.Messages
