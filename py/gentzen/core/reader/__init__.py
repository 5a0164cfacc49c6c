"""User files as proof items: `.jsonl` records and ordinary Lean files, every declaration
judged with the context the file gives it (scopes, variables, names, earlier lemmas).
"""
