"""Lean 4 comments, found the way Lean's own tokenizer finds them, and blanked out.

`blank_comments` replaces every comment by spaces (newlines kept), so a reader can look for
structure (declarations, `sorry`, `:= by`) in the blanked text while line/column positions still
point into the original. The rules follow `Lean.Parser.whitespace` and `finishCommentBlock` in
Lean 4's `src/Lean/Parser/Basic.lean` and `tokenFnAux` (string/char literals, `«…»` names).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["CommentSpan", "comment_spans", "blank_comments", "is_blank"]


@dataclass(frozen=True)
class CommentSpan:
    start: int          # offset of the first character (`-` or `/`)
    end: int            # offset just past the comment (`\n` of a line comment is not part of it)
    kind: str           # "line" (`--`), "block" (`/- -/`), "doc" (`/-- -/`), "moddoc" (`/-! -/`)
    terminated: bool = True   # False for a block comment running to the end of the text

    @property
    def is_doc(self) -> bool:
        return self.kind in ("doc", "moddoc")


def _is_id_rest(c: str) -> bool:
    """Lean's `isIdRest` (Init/Meta): alphanumerics, `_ ' ! ?`, letter-like unicode, subscripts."""
    if c.isascii():
        return c.isalnum() or c in "_'!?"
    o = ord(c)
    if 0x3B1 <= o <= 0x3C9 and o != 0x3BB:          # α-ω except λ
        return True
    if 0x391 <= o <= 0x3A9 and o not in (0x3A0, 0x3A3):   # Α-Ω except Π, Σ
        return True
    return (0x3CA <= o <= 0x3FB or 0x1F00 <= o <= 0x1FFE or 0x2100 <= o <= 0x214F
            or 0x1D49C <= o <= 0x1D59F or 0x2080 <= o <= 0x209C or 0x1D62 <= o <= 0x1D6A
            or o == 0x2C7C or 0x207F == o)


def _finish_block(text: str, i: int) -> tuple[int, bool]:
    """Lean's `finishCommentBlock 1` from offset i: the end of the comment and whether it closed.

    `-/` closes a level, `/-` opens one; after a `-` or `/` that does not pair, scanning resumes at
    the next character (so `--/` closes, and `/-/` nests-then-scans as Lean does).
    """
    nesting = 1
    for m in _BLOCK_MARK.finditer(text, i):
        # each `-/` / `/-` consumes two characters; anything else is one step, as in Lean's loop
        if m.group() == "-/":
            nesting -= 1
            if nesting == 0:
                return m.end(), True
        else:
            nesting += 1
    return len(text), False


def _skip_string(text: str, i: int) -> int:
    """From just after an opening `"`: the offset past the closing quote (escapes skip one char)."""
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\\":
            i += 2
            continue
        i += 1
        if c == '"':
            return i
    return n


def _skip_raw_string(text: str, i: int) -> int:
    """`r"…"` / `r#"…"#` starting at i (the `r`): the offset past its closing quote and hashes."""
    n = len(text)
    j = i + 1
    hashes = 0
    while j < n and text[j] == "#":
        hashes += 1
        j += 1
    close = '"' + "#" * hashes
    k = text.find(close, j + 1)
    return n if k < 0 else k + len(close)


# Where something other than plain code may start: a comment, a string, a char or raw string
# literal, an escaped name. Everything between two hits is skipped in C.
_BLOCK_MARK = re.compile(r"-/|/-")
_INTERESTING = re.compile(r'''--|/-|"|'|«|r#*"''')


def comment_spans(text: str) -> list[CommentSpan]:
    """Every comment in `text`, in order. String, char, raw-string and `«…»` literals are not scanned."""
    spans: list[CommentSpan] = []
    n = len(text)
    i = 0
    literal_end = -1        # offset just past the last literal or comment: a token starts there
    search = _INTERESTING.search
    while True:
        m = search(text, i)
        if m is None:
            return spans
        i = m.start()
        tok = m.group()
        at_token_start = i == 0 or i == literal_end or not _is_id_rest(text[i - 1])
        if tok == "--":
            j = text.find("\n", i)
            j = n if j < 0 else j
            spans.append(CommentSpan(i, j, "line"))
            i = literal_end = j
        elif tok == "/-":
            third = text[i + 2] if i + 2 < n else ""
            if third in ("-", "!"):
                # `/--` and `/-!` are tokens whose body is read by the same finishCommentBlock.
                kind = "doc" if third == "-" else "moddoc"
                end, ok = _finish_block(text, i + 3)
            else:
                # whitespace: `/-` then one more character is consumed before finishCommentBlock,
                # which is why `/-/` does not open a second level.
                kind = "block"
                end, ok = _finish_block(text, i + 3) if i + 2 < n else (n, False)
            spans.append(CommentSpan(i, end, kind, ok))
            i = literal_end = end
        elif tok == '"':
            i = literal_end = _skip_string(text, i + 1)
        elif tok == "'":
            end = _char_literal_end(text, i) if at_token_start else None
            if end is None:
                i += 1
            else:
                i = literal_end = end
        elif tok == "«":
            j = text.find("»", i + 1)
            i = n if j < 0 else j + 1
        else:  # r"…" or r#"…"#
            if at_token_start:
                i = literal_end = _skip_raw_string(text, i)
            else:
                i += 1      # part of an identifier (`bar"…"`): the `"` is found next round


def _char_literal_end(text: str, i: int) -> int | None:
    """`'x'`, `'\\n'`, `'\\x41'`, `'\\u0041'` at i (Lean: `'` at a token start not followed by `'`)."""
    n = len(text)
    if i + 1 >= n or text[i + 1] == "'":
        return None
    if text[i + 1] == "\\":
        esc = text[i + 2] if i + 2 < n else ""
        j = i + 3 + (2 if esc == "x" else 4 if esc == "u" else 0)
    else:
        j = i + 2
    return j + 1 if j < n and text[j] == "'" else None


def _blank(segment: str) -> str:
    return "".join(ch if ch in "\n\r" else " " for ch in segment)


def blank_comments(text: str) -> str:
    """`text` with each comment's characters replaced by spaces; newlines (and `\\r`) are kept.

    The result has the same length and the same line/column of every remaining character.
    """
    spans = comment_spans(text)
    if not spans:
        return text
    out: list[str] = []
    at = 0
    for s in spans:
        out.append(text[at:s.start])
        out.append(_blank(text[s.start:s.end]))
        at = s.end
    out.append(text[at:])
    return "".join(out)


def is_blank(text: str) -> bool:
    """True when `text` holds nothing but whitespace and comments."""
    return not blank_comments(text).strip()
