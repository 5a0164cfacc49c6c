"""One proof line before it runs: comments blanked, `t1; t2` and one-line `| alt => t` split at their
columns, a line parsed into a Failure-raising form, the auto-name spelled out (`have :` → `have nK :`),
and a failure's shadowed atoms printed as Lean prints them (`p✝`)."""

from __future__ import annotations

import re

from gentzen.core.steps.combinators import split_top, takes_rest
from gentzen.core.text.comments import blank_comments, comment_spans
from gentzen.core.steps.frames import Failure
from gentzen.core.proof.goals import Goal, show_atoms
from gentzen.core.parsing.syntax import parse_line
from gentzen.core.parsing.terms import SyntaxErr, Tactic


_NO_TACTIC = Tactic("combinator", 0, 0)  # what `_run` answers for a combinator line (nothing to rename)


def _parse(content: str, col: int):
    try:
        return parse_line(content, col)
    except SyntaxErr as e:
        raise Failure(e.kind, e.message, e.col, e.end) from None


def _parent_col(frames) -> int:
    for fr in reversed(frames[:-1]):
        if fr.column is not None:
            return fr.column
    return 0


def _alternatives_inline(content: str) -> bool:
    """A `cases h with | … => …` line: its `;` separate tactics inside an alternative, not on the line."""
    body = content[2:] if content.startswith(("· ", ". ")) else content
    return body.startswith("cases ") and " with " in body and "=>" in body


def _split_alternatives(text: str, col: int) -> list[tuple[str, int]]:
    """`| inl a => t | inr b => t'` → each `| ctor … => t` with its column; a `|` inside ⟨⟩/() stays."""
    out, depth, start = [], 0, None
    for i, c in enumerate(text):
        if c in "⟨(":
            depth += 1
        elif c in "⟩)":
            depth -= 1
        elif c == "|" and depth == 0:
            if start is not None:
                out.append((text[start:i].rstrip(" "), col + start))
            start = i
    if start is None or text[:text.index("|")].strip():
        raise Failure("parse", "expected '|' (an alternative `| ctor names => …` of `cases … with`)", col)
    out.append((text[start:].rstrip(" "), col + start))
    for piece, pcol in out:
        if "=>" not in piece:
            raise Failure("unsupported", "a `|` inside an alternative's tactic on a one-line `cases … with` is "
                          "outside gentzen's proof language; put each alternative on its own line", pcol)
    return out


def _rename_line(content: str, tac, name: str) -> str:
    """With auto_names, spell out the name the environment assigned (`have :` → `have nK :`)."""
    if tac.kind in ("have", "have_by") and not tac.names:
        i = content.index("have") + 4
        return content[:i] + f" {name}" + content[i:]
    if tac.kind == "intro" and not tac.names:
        return content + f" {name}"
    return content


def _as_lean(f: Failure, goal: Goal) -> Failure:
    """The failure with its message printing shadowed atoms as Lean does in this goal (`p✝`, not the id)."""
    if "✝" not in f.message:
        return f
    return Failure(f.kind, show_atoms(f.message, goal.ctx), f.col, f.end, f.line)


def _blank(text: str) -> str:
    """`text` with its comments (`--`, nested `/- -/`, doc comments) as spaces, columns kept
    (`whitespace` in src/Lean/Parser/Basic.lean); an unterminated block comment is Lean's parse error."""
    spans = comment_spans(text)
    if not spans:
        return text
    last = spans[-1]
    if not last.terminated:
        raise Failure("parse", "unterminated comment", _col_of(text, len(text)))
    return blank_comments(text)


def _col_of(text: str, pos: int) -> int:
    return pos - (text.rfind("\n", 0, pos) + 1)


_TERM_DECL = re.compile(r"(?:^|\s)(?:exact|apply|refine|from|:=|=>|↦)\s+(?:.*\s)?(?:have|suffices)\s")


def _split_semicolons(content: str, col: int) -> list[tuple[str, int]]:
    """`t1; t2;` → [(t1, col1), (t2, col2)]: `;` but not the one inside `<;>` or brackets; a trailing `;` is allowed.
    `try t1; t2` is `try (t1; t2)` (`try`, `repeat`, `case … =>` … take a tactic sequence: the rest of the line)."""
    pieces = split_top(content, ";") if "(" in content or "{" in content else None
    if pieces is None:
        pieces, start = [], 0
        n = len(content)
        i = content.find(";")
        while i >= 0:
            if not (i > 0 and content[i - 1] == "<" and i + 1 < n and content[i + 1] == ">"):
                pieces.append((start, i))
                start = i + 1
            i = content.find(";", i + 1)
        pieces.append((start, n))
    n = len(content)
    for k, (a, _b) in enumerate(pieces):
        if takes_rest(content[a:].lstrip(" ")):
            pieces = pieces[:k] + [(a, n)]
            break
    if "have" in content or "suffices" in content:
        # `exact have h : φ := v; b`: the term parser takes the `;` (`have haveDecl optSemicolon(term)`)
        merged: list = []
        for a, b in pieces:
            if merged and _TERM_DECL.search(content[merged[-1][0]: merged[-1][1]]):
                merged[-1] = (merged[-1][0], b)
            else:
                merged.append((a, b))
        pieces = merged
    out = []
    for k, (a, b) in enumerate(pieces):
        chunk = content[a:b]
        text = chunk.strip(" ")
        if not text:
            if k == len(pieces) - 1 and k > 0:
                break  # trailing `;`
            raise Failure("parse", "unexpected token ';'; expected tactic", col + (b if b < n else a))
        out.append((text, col + a + len(chunk) - len(chunk.lstrip(" "))))
    return out


def _line_col(text: str, pos: int) -> tuple[int, int]:
    return text.count("\n", 0, pos) + 1, _col_of(text, pos)
