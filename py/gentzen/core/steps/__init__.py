"""What a step does: each tactic on the main goal, the combinators, rcases destructuring, and how
a line runs inside the proof state's open blocks (bullets, `have … := by`, `<;>`).
"""
