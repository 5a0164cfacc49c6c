"""Terms and tactic lines to immutable values: the term nodes (terms.py), the term parser, the
tactic-line parser and the core tactics' rcases patterns.
"""
