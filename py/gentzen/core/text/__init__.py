"""The text of a proof before any parsing: Lean's comments, its tokens and words (identifier
rules, forbidden constructs) and its layout rules (which physical lines form one tactic).
"""
