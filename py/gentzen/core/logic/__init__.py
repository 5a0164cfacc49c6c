"""Propositional logic without proofs: interned formulas with their Lean-notation parser and
printer, and sequents with classical validity and countermodels.
"""
