"""Parsing of the core tactics beyond the natural-deduction subset and of their rcases patterns.

`parse_core_tactic` reads `assumption`, `contradiction`, `trivial`, `show φ`, `intros`, `rintro`,
`rcases`/`obtain` with nested patterns, `cases h [with]`, `refine ⟨…⟩` and `intro` with `_`/`⟨…⟩`.
What a pattern does to a goal is destruct.py.
"""

from __future__ import annotations

from gentzen.core.logic.formula import parse_formula
from gentzen.core.parsing.term_parser import parse_term
from gentzen.core.parsing.terms import SyntaxErr, Tactic
from gentzen.core.text.words import check_name
from gentzen.errors import ParseError

CORE_WORDS = frozenset("assumption contradiction trivial show intros rintro rcases obtain cases refine".split())

# ---------------------------------------------------------------- patterns
# ("one", name, col) with name "_" for a hole, ("clear", col), ("tuple", items, col), ("alts", items, col)


class _PatParser:
    """rcasesPatLo / rcasesPat of Init/RCases.lean, without type ascriptions and `@`."""

    def __init__(self, text: str, base: int) -> None:
        self.s, self.i, self.base = text, 0, base

    def ws(self) -> None:
        while self.i < len(self.s) and self.s[self.i] == " ":
            self.i += 1

    def col(self) -> int:
        return self.base + self.i

    def fail(self, what: str = "rcases pattern"):
        if self.i >= len(self.s):
            raise SyntaxErr("parse", f"unexpected end of input; expected {what}", self.col())
        raise SyntaxErr("parse", f"unexpected token '{self.s[self.i]}'; expected {what}", self.col())

    def med(self, typed: bool = False):
        """rcasesPatMed: pat ('|' pat)*; inside `( … )` rcasesPatLo: that, then optionally ` : term`."""
        start = self.col()
        items = [self.one()]
        self.ws()
        while self.i < len(self.s) and self.s[self.i] == "|":
            self.i += 1
            items.append(self.one())
            self.ws()
        pat = items[0] if len(items) == 1 else ("alts", tuple(items), start)
        if self.i < len(self.s) and self.s[self.i] == ":":
            if not typed:
                raise SyntaxErr("unsupported", "typed rcases patterns `(p : φ)` are outside gentzen's proof language",
                                self.col())
            return self.typed(pat, start)
        return pat

    def typed(self, pat, start):
        """`(pat : φ)` (RCasesPatt.typed): φ up to the `)` closing the pattern's parenthesis."""
        self.i += 1
        depth, j = 0, self.i
        while j < len(self.s) and (depth or self.s[j] != ")"):
            depth += self.s[j] in "(⟨[" and 1 or self.s[j] in ")⟩]" and -1 or 0
            j += 1
        try:
            phi = parse_formula(self.s[self.i:j], lean=True)
        except ParseError:
            raise SyntaxErr("unsupported", "this typed rcases pattern `(p : φ)` is outside gentzen's proof language",
                            self.col()) from None
        self.i = j
        return ("typed", pat, phi, start)

    def one(self):
        self.ws()
        if self.i >= len(self.s):
            self.fail()
        c, start = self.s[self.i], self.col()
        if c == "⟨":
            self.i += 1
            items = []
            self.ws()
            if self.i < len(self.s) and self.s[self.i] == "⟩":
                self.i += 1
                return ("tuple", (), start)
            while True:
                items.append(self.med())
                self.ws()
                if self.i < len(self.s) and self.s[self.i] == ",":
                    self.i += 1
                    continue
                if self.i < len(self.s) and self.s[self.i] == "⟩":
                    self.i += 1
                    return ("tuple", tuple(items), start)
                self.fail("',' or '⟩'")
        if c == "(":
            self.i += 1
            inner = self.med(typed=True)
            self.ws()
            if self.i >= len(self.s) or self.s[self.i] != ")":
                self.fail("')'")
            self.i += 1
            return inner
        if c == "-":
            self.i += 1
            return ("clear", start)
        if c == "@":
            raise SyntaxErr("unsupported", "`@` patterns are outside gentzen's proof language", start)
        j = self.i
        while j < len(self.s) and self.s[j] not in " ,⟩⟨|()-:":
            j += 1
        name = self.s[self.i:j]
        if not name:
            self.fail()
        self.i = j
        if name != "_":
            check_name(name, start)
        return ("one", name, start)


def parse_pattern(text: str, base: int, *, alts: bool = True):
    p = _PatParser(text, base)
    pat = p.med() if alts else p.one()
    p.ws()
    if p.i != len(text):
        p.fail("end of pattern")
    return pat


def pattern_names(pat) -> list[str]:
    if pat[0] == "typed":
        return pattern_names(pat[1])
    if pat[0] == "one":
        return [] if pat[1] == "_" else [pat[1]]
    if pat[0] in ("tuple", "alts"):
        return [n for q in pat[1] for n in pattern_names(q)]
    return []


# ---------------------------------------------------------------- tactic lines


def _split_top(text: str, sep: str) -> list[tuple[str, int]]:
    """Split at `sep` outside ⟨⟩ and (); each piece with its offset in `text`."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "⟨(":
            depth += 1
        elif c in "⟩)":
            depth -= 1
        elif c == sep and depth == 0:
            out.append((text[start:i], start))
            start = i + 1
    out.append((text[start:], start))
    return out


def _lead(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def parse_core_tactic(word: str, s: str, col: int) -> Tactic:
    """One line starting with a word of CORE_WORDS (or `intro` with patterns), at column `col`.
    Long because it is one dispatch over the words of CORE_WORDS, each branch reading that tactic's syntax."""
    kind = word
    if word == "intro_pat":  # `intro` with `_` or `⟨…⟩` among its arguments
        word = "intro"
    end = col + len(s)
    rest = s[len(word):]
    rcol = col + len(word)
    if word in ("assumption", "contradiction", "trivial"):
        if rest.strip():
            raise SyntaxErr("parse", f"unexpected token after `{word}`", rcol + _lead(rest))
        return Tactic(word, col, end)
    if word == "show":
        if " from " in rest or rest.strip().startswith("from"):
            raise SyntaxErr("unsupported", "`show φ from t` as a tactic is outside gentzen's proof language", col)
        if not rest.strip():
            raise SyntaxErr("parse", "unexpected end of input; expected term", end)
        try:
            formula = parse_formula(rest, offset=rcol, lean=True)
        except ParseError as e:
            ekind = "unknown_identifier" if e.message.startswith("Unknown") else "parse"
            raise SyntaxErr(ekind, e.message, e.column if e.column is not None else rcol) from None
        return Tactic("show", col, end, formula=formula)
    if word in ("intros", "intro", "rintro"):
        pats = []
        for piece, off in _split_top(rest, " "):
            if not piece:
                continue
            pcol = rcol + off
            if piece[0] == ":" or piece.startswith("(") and ":" in piece:
                raise SyntaxErr("unsupported", f"type ascriptions in `{word}` are outside gentzen's proof language",
                                pcol)
            if word == "rintro" and piece[0] == "|":
                raise SyntaxErr("unsupported", "a top-level `|` in `rintro` needs parentheses, `rintro (a | b)`",
                                pcol)
            if word == "rintro" and piece[0] == "(" and "|" not in piece and " " in piece.strip("()"):
                raise SyntaxErr("unsupported", "`rintro (a b)` groups are outside gentzen's proof language", pcol)
            if word == "intros":
                if piece != "_":
                    check_name(piece, pcol)
                pats.append(("one", piece, pcol))
            elif word == "intro" and (piece.startswith("⟨") or piece == "_" or piece[0] not in "(|-"):
                pat = parse_pattern(piece, pcol, alts=False)
                if pat[0] not in ("one", "tuple") or _has(pat, ("clear", "alts")) or (
                        pat[0] == "tuple" and _has_hole(pat)):
                    raise SyntaxErr("unsupported", "`intro` takes names, `_` and anonymous-constructor patterns "
                                    "of names here; use `rintro` for `-`, `_` and `|` patterns", pcol)
                pats.append(pat)
            else:
                if word == "intro":
                    raise SyntaxErr("unsupported", "`intro` takes names, `_` and `⟨…⟩` patterns here; use "
                                    "`rintro` for `(a | b)`", pcol)
                pats.append(parse_pattern(piece, pcol, alts=False))
        if word == "rintro" and not pats:
            raise SyntaxErr("parse", "unexpected end of input; expected rintro pattern", end)
        return Tactic(kind, col, end, names=tuple(n for p in pats for n in pattern_names(p)), term=tuple(pats))
    if word in ("rcases", "obtain"):
        if word == "rcases":
            head, sep, pat_text = rest.partition(" with ")
            target = head.strip()
            if not sep or not pat_text.strip():
                raise SyntaxErr("unsupported", "`rcases h` needs `with` and a pattern in gentzen's proof language",
                                rcol)
            tcol = rcol + _lead(head)
            pcol = rcol + len(head) + len(" with ")
        else:
            pat_text, sep, tail = rest.partition(":=")
            target = tail.strip()
            if not sep or not pat_text.strip():
                raise SyntaxErr("unsupported", "`obtain` needs a pattern and `:= h` in gentzen's proof language",
                                rcol)
            tcol = rcol + len(pat_text) + 2 + _lead(tail)
            pcol = rcol
        if not target or " " in target or not _is_name(target):
            raise SyntaxErr("unsupported", f"`{word}` on a term other than a hypothesis name is outside gentzen's "
                            "proof language", tcol)
        if len(_split_top(pat_text, ":")) > 1:
            raise SyntaxErr("unsupported", f"a typed `{word}` pattern (`… : φ`) is outside gentzen's proof language",
                            pcol)
        pat = parse_pattern(pat_text.rstrip(" ") if word == "rcases" else pat_text, pcol)
        if pat[0] == "one" or pat[0] == "typed" and pat[1][0] == "one":
            # rcasesCore leaves the hypothesis as it is for a bare name (RCases.lean, `.one`): not modelled
            raise SyntaxErr("unsupported", f"`{word}` with a single name as its pattern is outside gentzen's proof "
                            "language; use `⟨…⟩` or `… | …`", pat[-1])
        return Tactic(word, col, end, names=tuple(pattern_names(pat)), term=pat, target=target, target_col=tcol)
    if word == "cases":
        head, sep, tail = rest.partition(" with")
        target = head.strip()
        tcol = rcol + _lead(head)
        term = None
        if not target or " " in target or not _is_name(target):
            if not target or ":" in target or target.startswith("h :"):
                raise SyntaxErr("unsupported", "this `cases` form is outside gentzen's proof language", tcol)
            # `cases em p with …`: a term, generalized first (`generalizeTargets`, Elab/Tactic/Induction.lean)
            term, target = parse_term(target, tcol), None
        if sep:
            if tail.strip():  # the alternatives on this line: the kernel runs them after `cases`
                return Tactic("cases_with", col, end, target=target, target_col=tcol, inline=tail.strip(" "),
                              inline_col=rcol + len(head) + 5 + _lead(tail), term=term)
            return Tactic("cases_with", col, end, target=target, target_col=tcol, term=term)
        return Tactic("cases", col, end, target=target, target_col=tcol, term=term)
    if word == "refine":
        body = rest.strip(" ")
        bcol = rcol + _lead(rest)
        if not (body.startswith("⟨") and body.endswith("⟩")) or "?_" not in body:
            raise SyntaxErr("unsupported", "`refine` is in gentzen's proof language only as `refine ⟨…⟩` with `?_` "
                            "holes", bcol)
        return Tactic("refine", col, end, term=_refine_items(body, bcol))
    raise AssertionError(word)


def _has(pat, kinds) -> bool:
    if pat[0] in kinds:
        return True
    if pat[0] == "typed":
        return _has(pat[1], kinds)
    return pat[0] in ("tuple", "alts") and any(_has(q, kinds) for q in pat[1])


def _has_hole(pat) -> bool:
    if pat[0] == "typed":
        return _has_hole(pat[1])
    if pat[0] == "one":
        return pat[1] == "_"
    return pat[0] in ("tuple", "alts") and any(_has_hole(q) for q in pat[1])


def _is_name(text: str) -> bool:
    try:
        check_name(text, 0)
    except SyntaxErr:
        return False
    return True


def _refine_items(body: str, bcol: int):
    """`⟨a, ?_, ⟨?_, b⟩⟩` → ("anon", [item], col, end) with items "hole" | term | nested anon."""
    inner = body[1:-1]
    items = []
    for piece, off in _split_top(inner, ","):
        text = piece.strip(" ")
        pcol = bcol + 1 + off + _lead(piece)
        if not text:
            raise SyntaxErr("parse", "unexpected token; expected term", pcol)
        if text == "?_":
            items.append(("hole", pcol))
        elif text.startswith("⟨") and text.endswith("⟩") and "?_" in text:
            items.append(_refine_items(text, pcol))
        elif "?" in text:
            raise SyntaxErr("unsupported", "named holes `?x` and holes inside terms are outside gentzen's proof "
                            "language", pcol)
        else:
            items.append(("term", parse_term(text, pcol)))
    return ("anon", tuple(items), bcol, bcol + len(body))
