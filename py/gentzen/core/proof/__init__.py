"""The proof as the kernel holds it: the pinned statement (theorem.py), the Markov proof state,
goals rendered as Lean prints them, the kernel's answers, and whole-proof checking.
"""
