"""Term elaboration: the type of a proof term in a context with Lean's messages, the constants
of the proof language, the rule names of `import Gentzen.ND` and earlier theorems as lemmas.
"""
