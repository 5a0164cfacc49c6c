"""Lean's layout rules for tactics and terms spanning lines, as text: which physical lines form one tactic.

A term's arguments need only lie right of the column the enclosing parser saved (`checkColGt`,
src/Lean/Parser/Term.lean; a tactic block saves its column in `sepByIndent`, term-mode `have`/`suffices` save
their keyword's); the kernel joins such lines into one logical line and maps positions back.
"""

from __future__ import annotations

import re

from gentzen.core.text.words import DECL_END, LEAN_TACTICS, TERM_KEYWORDS

# Line ends after which a deeper line starts a block (a box, alternatives, a `case`), not a continuation.
_OPENS_BLOCK = (" by", ":= by", " with", "<;>")


# Line ends after which the term is unfinished, so a deeper line must continue it.
_NEEDS_MORE = (":=", ":", " exact", " apply", " refine", " refine'", " from", "=>", "↦", "(", "⟨", ",", "∧", "∨", "→",
               "↔", "¬", "∘", "<|", "$", " show", "exact", "apply", "refine", "fun", "λ")
# Line starts that can only continue a term (no tactic starts this way); `fun`/`λ` is a trailing argument.
_CONTINUES = tuple("(⟨[)⟩],:∧∨→↔∘¬↦") + ("<|", "$", "<;>", "=>", "fun ", "λ")
_FIRST_WORD = re.compile(r"[^\W\d][\w'!?.₀-₉]*")


def continues_term(content: str) -> bool:
    """Whether a line can continue the term before it: an argument (a name that is not a tactic or term
    keyword, `(`, `⟨`) or an infix operator; a tactic word starts the next tactic instead (a Lean token)."""
    if content.startswith(_CONTINUES) or content[:1] == "." and content[1:2].isalpha():
        return True
    m = _FIRST_WORD.match(content)
    return m is not None and m.group() not in LEAN_TACTICS and m.group() not in TERM_KEYWORDS and \
        m.group() not in _KERNEL_TACTICS


_KERNEL_TACTICS = frozenset("intro intros exact apply have exfalso constructor left right rcases obtain rintro refine "
                            "show cases assumption contradiction trivial".split())


_MATCH = re.compile(r"(?<![\w.'])match\s.*\swith(?![\w'])")


def deeper(lines: list[str]) -> bool:
    """Cheap test before `_continued`: whether a line is indented deeper than the tactic before it, where that
    tactic does not open a block (`… := by`, `… with`). Generated proofs have no such line."""
    prev = -1
    opens = True
    in_match = after_all = first = False
    for ln in lines:
        content = ln.lstrip(" ")
        if not content:
            continue
        col = len(ln) - len(content)
        if col > prev and not opens or after_all and content[:2] in ("· ", ". ") or first and content[:1] == "|":
            return True
        after_all = ln.rstrip().endswith("<;>")
        first = _FIRST_END.search(ln) is not None
        prev = col + 2 if content[:2] in ("· ", ". ") else col
        opens = ln.endswith(("by", " with")) and not _MATCH.search(ln) or \
            content[:1] == "|" and not in_match or \
            ln.endswith("=>") and content.lstrip("·. ").startswith(("case ", "next"))
        in_match = in_match and content[:1] == "|" or bool(_MATCH.search(ln))
    return False


def _tactic_col(ln: str) -> int:
    content = ln.lstrip(" ")
    col = len(ln) - len(content)
    return col + 2 if content[:2] in ("· ", ". ") else col


def continued(lines: list[str]) -> list[tuple[str, list[tuple[int, int, int]]]] | None:
    """Physical lines grouped into tactics, or None when every tactic is on one line (the common case).

    A line indented deeper than the tactic before it continues that tactic's term (`exact`, `apply`, `refine`,
    `have … :=` with the term on the next line): a term's arguments need only lie right of the tactic block's
    column (`checkColGt`, src/Lean/Parser/Term.lean; the block's position is saved by `withPosition` in
    `sepByIndent`). Lines after a `by`, a `with` or a trailing `<;>`, and after a `| alt =>`, `case … =>` or
    `next =>` line, are blocks; a line starting with `|` or a bullet is never a continuation, except the `| alt`
    lines of a `first` and a bullet after a trailing `<;>`. A `{ … }` block over lines, and that bullet, are
    joined with `;` between their tactics (`_block_separator`). Each group keeps (offset in the joined text,
    physical index, physical column) per line, to give positions back."""
    out: list[tuple[str, list[tuple[int, int, int]]]] = []
    last = -1  # the group of the last line with code
    decls: list[int] = []  # columns of the term-mode `have`/`suffices` of the group still being declared
    braces: list = []  # columns of the first tactics of the group's open `{ … }` blocks
    first_col = None  # the column of the group's first `| alt` line of a `first`
    for i, ln in enumerate(lines):
        content = ln.lstrip(" ")
        col = len(ln) - len(content)
        in_match = last >= 0 and _MATCH.search(out[last][0]) is not None  # a term `match … with`: `|` continues it
        # (a `}` closing a block has no column rule: it may sit left of the block's tactics)
        # `t <;>` then a bullet: `<;>`'s right side has no column rule, but the bullet's tactics
        # (tacticSeqIndentGt) must lie right of the block's column
        after_all = last >= 0 and out[last][0].rstrip(" ").endswith("<;>") and content[:2] in ("· ", ". ") and \
            col + 2 > _tactic_col(out[last][0])
        # `first` then `| alt` lines: `withPosition((colGe "| " tacticSeq)+)`, the position at the first `|`
        first_alt = last >= 0 and content[:1] == "|" and (
            first_col is None and _FIRST_END.search(out[last][0]) is not None or
            first_col is not None and col >= first_col)
        if last >= 0 and content and (col > _tactic_col(out[last][0]) or braces and content[:1] == "}" or
                                      after_all or first_alt) and \
                (content[:1] not in "|·" or in_match and content[:1] == "|" or after_all or first_alt) and \
                (not content.startswith(". ") or after_all) and "\t" not in ln:
            text, segs = out[last]
            tail = text.rstrip(" ")
            head = text.lstrip(" ")
            if head[:2] in ("· ", ". "):
                head = head[2:]
            sep = None
            if first_alt:
                first_col = col if first_col is None else first_col
                sep = " "
            elif first_col is not None:  # an alternative's tactics over lines: beyond the model (DECL_END)
                sep = DECL_END
            elif after_all:  # `t <;>` then `· tacs` on the next lines: the bullet's block is a sepByIndent too
                sep = " "
                rest = content[2:]
                braces.append(col + 2 + len(rest) - len(rest.lstrip(" ")))
            elif braces:
                sep = _block_separator(tail, content, col, braces, decls)
            elif in_match or not (tail.endswith(_OPENS_BLOCK) or tail == "by" or
                                  head.startswith(("|", "case ", "next"))) \
                    and (tail.endswith(_NEEDS_MORE) or continues_term(content) or decls and col <= decls[-1]):
                sep = " "
                if decls and col <= decls[-1]:  # the column rule ends a term-mode declaration (_term_lines)
                    while decls and col <= decls[-1]:
                        decls.pop()
                    sep = DECL_END
            if sep is not None:
                for k in range(last + 1, len(out)):  # blank (comment) lines between: part of the group
                    segs.append((-1, out[k][1][0][1], 0))  # (never an error's position)
                segs.append((len(tail) + 1, i, col))
                out[last] = (tail + sep + content, segs)
                decls.extend(col + m.start() for m in _DECL_WORD.finditer(content))
                if not after_all:
                    _braces(content, col, braces)
                del out[last + 1:]
                continue
        out.append((ln, [(0, i, 0)]))
        if content:
            last = len(out) - 1
            decls = [col + m.start() for m in _DECL_WORD.finditer(content) if m.start() > 0]
            braces = _braces(content, col, []) if content[:1] in "{·." else []
            first_col = None
    return out if len(out) < len(lines) else None


def _block_separator(tail: str, content: str, col: int, braces: list, decls: list) -> str:
    """What joins a line to a group inside `{ … }` or a bullet after `<;>` (both `sepByIndent`): a line at the
    column of the block's first tactic is the next tactic (checkColEq: a `;`), a deeper one continues a tactic's
    term, a `}` closes. What needs more of Lean's parser than this (a term-mode `have` ended by its column rule, a
    line left of the block, a tactic word deeper than it) gets DECL_END, which the combinators call unsupported."""
    if content[:1] == "}" or braces[-1] is None:
        braces[-1] = col if braces[-1] is None else braces[-1]
        sep = " "
    elif col == braces[-1]:
        sep = DECL_END if tail.endswith(_NEEDS_MORE) else " " if tail.endswith((";", "{")) else ";"
    elif col > braces[-1] and (tail.endswith(_NEEDS_MORE) or continues_term(content)):
        sep = DECL_END if decls and col <= decls[-1] else " "
    else:
        sep = DECL_END
    while decls and col <= decls[-1]:
        decls.pop()
    return sep


def _braces(content: str, col: int, stack: list) -> list:
    """The columns of the first tactics of the `{ … }` blocks still open after `content` (at column `col`),
    pushed on `stack`: None where the `{` ends the line (the next line's column is the block's)."""
    for k, c in enumerate(content):
        if c == "{":
            rest = content[k + 1:]
            stack.append(col + k + 1 + len(rest) - len(rest.lstrip(" ")) if rest.strip() else None)
        elif c == "}" and stack:
            stack.pop()
    return stack


_FIRST_END = re.compile(r"(?<![\w.'])first\s*$")


_DECL_WORD = re.compile(r"(?<![\w.'])(?:have|suffices)(?![\w'!?])")


def term_lines(src: str, first_col: int) -> str:
    """A term over several lines as one line, offsets kept: each line break becomes a space, or a `;` where it
    ends a term-mode `have`/`suffices` declaration. Their parsers save the keyword's position
    (`withPosition("have" haveDecl) optSemicolon(term)`, src/Lean/Parser/Term.lean), and a term's arguments must
    lie to the right of it (`checkColGt`): a line starting at or left of the keyword's column starts the body.
    Inside brackets opened after the keyword the rule is off (`(`, `⟨` parse their contents `withoutPosition`),
    and a declaration inside brackets ends with them."""
    if "have" not in src and "suffices" not in src:
        return src.replace("\n", " ")
    out = []
    open_decls: list[tuple[int, int]] = []  # (column, bracket depth) of each declaration still being declared
    depth = 0
    lines = src.split("\n")
    for i, ln in enumerate(lines):
        base = first_col if i == 0 else 0
        words = {m.start(): m for m in _DECL_WORD.finditer(ln)}
        for k, c in enumerate(ln):
            if k in words:
                open_decls.append((base + k, depth))
            if c in _OPEN:
                depth += 1
            elif c in _CLOSE:
                depth -= 1
                while open_decls and open_decls[-1][1] > depth:
                    open_decls.pop()
        out.append(ln)
        if i == len(lines) - 1:
            break
        nxt = next((x for x in lines[i + 1:] if x.strip()), None)
        indent = len(nxt) - len(nxt.lstrip(" ")) if nxt is not None else -1
        if open_decls and open_decls[-1][1] == depth and 0 <= indent <= open_decls[-1][0]:
            while open_decls and open_decls[-1][1] == depth and indent <= open_decls[-1][0]:
                open_decls.pop()
            out.append(DECL_END)
        else:
            out.append(" ")
    return "".join(out)


_OPEN, _CLOSE = frozenset("(⟨[{‹"), frozenset(")⟩]}›")
