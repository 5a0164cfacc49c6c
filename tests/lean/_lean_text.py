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
# The core tactics of issue 9 beyond the natural-deduction subset (docs/proof-language.md, "Core tactics").
CORE_TACTICS = ("assumption", "contradiction", "trivial", "show", "intros", "rintro", "cases", "refine")


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


def forbidden_constructs(text: str, allowed_imports: tuple[str, ...] = (), allowed: tuple[str, ...] = ()) -> list[str]:
    """Problems in a Lean source: forbidden words, imports outside `allowed_imports` (module
    prefixes), top-level commands outside TOP_LEVEL, `@[...]` attributes. `allowed` lifts the ban on
    some words and top-level commands (lean/Gentzen/ND.lean may declare `macro`s)."""
    code = strip_comments(text)
    problems: list[str] = []
    for lineno, line in enumerate(code.split("\n"), 1):
        for word in FORBIDDEN:
            if word in allowed:
                continue
            if re.search(rf"(?<![\w.#]){re.escape(word)}(?![\w'])", line):
                problems.append(f"line {lineno}: forbidden `{word}`")
        if "@[" in line:
            problems.append(f"line {lineno}: attribute")
        if line and not line[0].isspace():
            head = line.split()[0]
            if head not in TOP_LEVEL and head not in allowed:
                problems.append(f"line {lineno}: top-level `{head}` not allowed")
            if head == "import":
                mod = line.split()[1] if len(line.split()) > 1 else ""
                if not any(mod == p or mod.startswith(p + ".") for p in allowed_imports):
                    problems.append(f"line {lineno}: import `{mod}` not allowed")
    return problems


def tactic_heads(text: str) -> list[tuple[int, str]]:
    """(line, first word) of every tactic of every indented code line: a leading `·` bullet and a
    `| ctor x =>` alternative head are skipped, `t1; t2` and `t1 <;> t2` give both."""
    heads = []
    for lineno, line in enumerate(strip_comments(text).split("\n"), 1):
        if line.startswith(" ") and line.strip():
            body = line.strip()
            body = body[1:].strip() if body.startswith("·") else body
            if body.startswith("|"):
                body = body.split("=>", 1)[1].strip() if "=>" in body else ""
            for piece in re.split(r"<;>|;", body):
                if piece.strip():
                    heads.append((lineno, re.split(r"[\s⟨]", piece.strip(), maxsplit=1)[0]))
    return heads


def guarded_examples(text: str) -> list[tuple[str | None, str]]:
    """(expected error text or None, example text) of each top-level `example`: the text of the
    `/-- error: … -/ #guard_msgs in` block right above it, if any. Examples run to the next blank line."""
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("example"):
            j = i
            while j < len(lines) and lines[j].strip():
                j += 1
            expected = None
            if i >= 1 and lines[i - 1] == "#guard_msgs in":
                k = i - 2
                while k >= 0 and not lines[k].startswith("/--"):
                    k -= 1
                doc = "\n".join(lines[k:i - 1])
                body = doc[len("/--"):].rsplit("-/", 1)[0].strip()  # `/-- error: … -/` or on its own lines
                expected = body[len("error: "):] if body.startswith("error: ") else body
            out.append((expected, "\n".join(lines[i:j])))
            i = j
        else:
            i += 1
    return out
