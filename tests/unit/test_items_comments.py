"""gentzen.core.text.comments: Lean comments blanked out, positions kept.

The rules are Lean 4's own, from `src/Lean/Parser/Basic.lean`: `whitespace` (a `--` comment runs to
the newline; `/-` opens a block comment unless followed by `-` or `!`, which make the doc-comment
tokens `/--` and `/-!`; the one character after `/-` is consumed before `finishCommentBlock`),
`finishCommentBlock` (nesting: `/-` opens a level, `-/` closes one), and `tokenFnAux`
(`"…"` string literals with `\\` escapes and `'c'` char literals are tokens, never scanned).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.core.text.comments import blank_comments, comment_spans, is_blank


def test_line_comment_to_end_of_line_newline_kept():
    text = "theorem t : P → P := by -- a note\n  intro h\n  exact h"
    out = blank_comments(text)
    assert out == "theorem t : P → P := by          \n  intro h\n  exact h"


def test_nested_block_comment():
    # finishCommentBlock counts nesting: the first `-/` only closes the inner comment.
    out = blank_comments("a /- x /- y -/ z -/ b")
    assert out.split() == ["a", "b"] and len(out) == len("a /- x /- y -/ z -/ b")


def test_character_after_block_opener_is_consumed():
    # whitespace: `/-` then `s.next` past the third character, so `/-/- … -/` is ONE level.
    assert blank_comments("/-/- x -/ y").strip() == "y"


def test_doc_and_module_doc_comments():
    spans = comment_spans("/-- doc -/ theorem t : P := h\n/-! module doc -/")
    assert [s.kind for s in spans] == ["doc", "moddoc"]
    assert blank_comments("/-- doc /- nested -/ still -/ x").strip() == "x"


def test_strings_and_chars_are_not_scanned():
    assert blank_comments('#eval "-- not a comment" -- one') == '#eval "-- not a comment"       '
    assert blank_comments("#eval '\"' -- c").rstrip() == "#eval '\"'"
    assert blank_comments('"a \\" -- still string" x') == '"a \\" -- still string" x'
    # an identifier's `'` is not a char literal: h' then a comment
    assert blank_comments("h' -- c").rstrip() == "h'"
    assert blank_comments("«a--b»") == "«a--b»"


def test_unterminated_block_runs_to_end():
    spans = comment_spans("x /- open\nstill")
    assert spans[-1].kind == "block" and not spans[-1].terminated
    assert blank_comments("x /- open\nstill") == "x        \n     "


def test_sorry_in_comment_is_blanked():
    proof = "  intro h -- TODO: no sorry here\n  /- sorry -/ exact h"
    assert "sorry" not in blank_comments(proof)
    assert "sorry" in proof


def test_is_blank():
    assert is_blank("  -- only\n/- a\n comment -/\n")
    assert not is_blank("-- c\ntheorem")


_pieces = st.sampled_from([
    "theorem", " ", "\n", "a", "h'", "-", "/", "--", "/-", "-/", "/--", "/-!", '"', "\\", "'",
    "x", "→", "«", "»", ":= by", "sorry", "\r\n", "r", "#",
])
_texts = st.lists(_pieces, max_size=40).map("".join)


@settings(max_examples=400, deadline=None)
@given(_texts)
def test_length_and_newlines_preserved(text):
    out = blank_comments(text)
    assert len(out) == len(text)
    assert [i for i, c in enumerate(out) if c == "\n"] == [i for i, c in enumerate(text) if c == "\n"]
    # every changed character became a space, and lies inside a reported comment span
    inside = set()
    for s in comment_spans(text):
        inside.update(range(s.start, s.end))
    for i, (a, b) in enumerate(zip(text, out)):
        if a != b:
            assert b == " " and i in inside


@settings(max_examples=400, deadline=None)
@given(_texts)
def test_idempotent(text):
    once = blank_comments(text)
    assert blank_comments(once) == once


_no_comment_pieces = st.sampled_from(["theorem", " ", "\n", "a", "-", "/", "x", "→", "(", ")", ":= by", "h'"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_no_comment_pieces, max_size=40).map("".join))
def test_text_without_comment_openers_unchanged(text):
    if "--" in text or "/-" in text:
        return  # pieces can join into an opener (`-` + `-`); those texts have comments
    assert blank_comments(text) == text
    assert comment_spans(text) == []


def _lean_finish_comment_block(text: str, i: int) -> int | None:
    """A line-by-line transliteration of Lean's `finishCommentBlock` (Parser/Basic.lean): the offset
    after the closing `-/`, or None for "unterminated comment"."""
    nesting = 1
    n = len(text)
    while True:
        if i >= n:
            return None
        curr = text[i]
        i += 1
        if curr == "-":
            if i >= n:
                return None
            if text[i] == "/":
                if nesting == 1:
                    return i + 1
                nesting, i = nesting - 1, i + 1
        elif curr == "/":
            if i >= n:
                return None
            if text[i] == "-":
                nesting, i = nesting + 1, i + 1


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(["-", "/", "a", " ", "\n", "-/", "/-"]), max_size=30).map("".join))
def test_block_end_matches_lean_finish_comment_block(body):
    text = "/- " + body   # `/-` plus the one character whitespace consumes, then finishCommentBlock
    spans = comment_spans(text)
    want = _lean_finish_comment_block(text, 3)
    assert spans[0].kind == "block"
    assert (spans[0].end if spans[0].terminated else None) == want
