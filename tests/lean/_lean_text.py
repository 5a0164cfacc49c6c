"""Helpers for reading Lean source text in tests: strip comments, list forbidden constructs.

Shared by test_lean_sources.py and test_export.py; no Lean toolchain needed.
"""

from __future__ import annotations

import re

# Anything that would let a file prove more than core Lean allows, or leave core Lean.
FORBIDDEN = ("sorry", "admit", "axiom", "native_decide", "#eval", "set_option", "open", "macro",
             "macro_rules", "syntax", "elab", "unsafe", "implemented_by", "extern", "opaque",
             "instance", "decide", "partial", "noncomputable", "attribute")
TOP_LEVEL = ("import", "namespace", "end", "example", "theorem", "#guard_msgs")
TACTICS = ("intro", "have", "exact", "apply", "exfalso", "constructor", "left", "right", "rcases",
           "obtain")


def strip_comments(text: str) -> str:
    """`text` with `/- … -/` (nested, including doc comments) and `-- …` replaced by spaces,
    keeping line breaks so line numbers and columns stay put."""
    out: list[str] = []
    i, depth, n = 0, 0, len(text)
    while i < n:
        two = text[i:i + 2]
        if two == "/-":
            depth, i = depth + 1, i + 2
            out.append("  ")
        elif depth and two == "-/":
            depth, i = depth - 1, i + 2
            out.append("  ")
        elif depth:
            out.append("\n" if text[i] == "\n" else " ")
            i += 1
        elif two == "--":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def forbidden_constructs(text: str, allowed_imports: tuple[str, ...] = ()) -> list[str]:
    """Problems in a Lean source: forbidden words, imports outside `allowed_imports` (module
    prefixes), top-level commands outside TOP_LEVEL, `@[...]` attributes."""
    code = strip_comments(text)
    problems: list[str] = []
    for lineno, line in enumerate(code.split("\n"), 1):
        for word in FORBIDDEN:
            if re.search(rf"(?<![\w.#]){re.escape(word)}(?![\w'])", line):
                problems.append(f"line {lineno}: forbidden `{word}`")
        if "@[" in line:
            problems.append(f"line {lineno}: attribute")
        if line and not line[0].isspace():
            head = line.split()[0]
            if head not in TOP_LEVEL:
                problems.append(f"line {lineno}: top-level `{head}` not allowed")
            if head == "import":
                mod = line.split()[1] if len(line.split()) > 1 else ""
                if not any(mod == p or mod.startswith(p + ".") for p in allowed_imports):
                    problems.append(f"line {lineno}: import `{mod}` not allowed")
    return problems


def tactic_heads(text: str) -> list[tuple[int, str]]:
    """(line, first word) of every indented code line, a leading `·` bullet skipped."""
    heads = []
    for lineno, line in enumerate(strip_comments(text).split("\n"), 1):
        if line.startswith(" ") and line.strip():
            body = line.strip()
            body = body[1:].strip() if body.startswith("·") else body
            heads.append((lineno, re.split(r"[\s⟨]", body, maxsplit=1)[0]))
    return heads
