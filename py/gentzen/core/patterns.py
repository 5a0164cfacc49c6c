"""Parsing of the core tactics beyond the natural-deduction subset, and rcases-style destructuring.

`parse_core_tactic` reads `assumption`, `contradiction`, `trivial`, `show φ`, `intros`, `rintro`,
`rcases`/`obtain` with nested patterns, `cases h [with]`, `refine ⟨…⟩` and `intro` with `_`/`⟨…⟩`.
`destruct` is `RCases.rcasesCore` (Lean/Elab/Tactic/RCases.lean) on propositional hypotheses:
`cases` with the pattern's names, case tags from the constructors, `-` clears, `_` is inaccessible.
"""

from __future__ import annotations

from gentzen.core.formula import FALSE, Formula, Imp
from gentzen.core.goals import Goal, append_tag
from gentzen.core.term_parser import parse_term
from gentzen.core.terms import SyntaxErr, Tactic
from gentzen.core.words import check_name

CORE_WORDS = frozenset("assumption contradiction trivial show intros rintro rcases obtain cases refine".split())

# Constructors of the propositional inductives: (name, field binder names, field types).
# Init/Prelude.lean: `Or.inl (h : a)`, `Or.inr (h : b)`, `And.intro (left : a) (right : b)`,
# `True.intro`; Init/Core.lean: `Iff.intro (mp : a → b) (mpr : b → a)`; `False` has none.


def constructors(ty: Formula):
    """[(ctor, [(binder, type)])] of an inductive type, or None when `ty` is not one (atoms, →, ¬)."""
    k = ty.kind
    if k == "or":
        return [("inl", [("h", ty.args[0])]), ("inr", [("h", ty.args[1])])]
    if k == "and":
        return [("intro", [("left", ty.args[0]), ("right", ty.args[1])])]
    if k == "iff":
        a, b = ty.args
        return [("intro", [("mp", Imp(a, b)), ("mpr", Imp(b, a))])]
    if k == "true":
        return [("intro", [])]
    if k == "false":
        return []
    return None


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

    def med(self):
        """rcasesPatMed: pat ('|' pat)*"""
        start = self.col()
        items = [self.one()]
        self.ws()
        while self.i < len(self.s) and self.s[self.i] == "|":
            self.i += 1
            items.append(self.one())
            self.ws()
        if self.i < len(self.s) and self.s[self.i] == ":":
            raise SyntaxErr("unsupported", "typed rcases patterns `(p : φ)` are outside gentzen's proof language",
                            self.col())
        return items[0] if len(items) == 1 else ("alts", tuple(items), start)

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
            inner = self.med()
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
    """One line starting with a word of CORE_WORDS (or `intro` with patterns), at column `col`."""
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
        from gentzen.core.formula import parse_formula
        from gentzen.errors import ParseError
        if " from " in rest or rest.strip().startswith("from"):
            raise SyntaxErr("unsupported", "`show φ from t` as a tactic is outside gentzen's proof language", col)
        if not rest.strip():
            raise SyntaxErr("parse", "unexpected end of input; expected term", end)
        try:
            formula = parse_formula(rest, offset=rcol)
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
        if pat[0] == "one":
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
    return pat[0] in ("tuple", "alts") and any(_has(q, kinds) for q in pat[1])


def _has_hole(pat) -> bool:
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


# ---------------------------------------------------------------- rcases semantics


class PatternErr(Exception):
    def __init__(self, kind: str, message: str, col: int) -> None:
        super().__init__(message)
        self.kind, self.message, self.col = kind, message, col


def _as_alts(pat):
    return list(pat[1]) if pat[0] == "alts" else [pat]


def _as_tuple(pat):
    return list(pat[1]) if pat[0] == "tuple" else [pat]


_HOLE = ("one", "_", 0)


def _field_patterns(n: int, ps: list, ref: int) -> list:
    """`processConstructor`: one pattern per field; the last field takes a tuple of the rest (whose
    position, `ref`, is the pattern's they came from)."""
    out = []
    for i in range(n):
        if i < n - 1:
            out.append(ps[0] if ps else _HOLE)
            ps = ps[1:]
        else:
            out.append(_HOLE if not ps else ps[0] if len(ps) == 1 else ("tuple", tuple(ps), ref))
    return out


def _ctor_patterns(ctors, pat) -> list:
    """`processConstructors`: the conjunctive field patterns of each constructor."""
    ps = _as_alts(pat)
    out = []
    for i, (_name, fields) in enumerate(ctors):
        p = ps[0] if ps else _HOLE
        t = ps[1:]
        if i == len(ctors) - 1 and t:
            h, ref = [("alts", tuple(ps), pat[-1])], pat[-1]
        else:
            h, ref = _as_tuple(p), p[-1]
        out.append(_field_patterns(len(fields), h, ref))
        ps = t
    return out


def _name_of(pat) -> str | None:
    return pat[1] if pat[0] == "one" and pat[1] != "_" else None


def cases_on(goal: Goal, index: int, names_per_ctor=None):
    """`Lean.MVarId.cases` on the hypothesis at ctx[index]: [(ctor, goal, first field index)].

    The hypothesis is removed, each constructor's fields are appended (named from `names_per_ctor`,
    else inaccessible with the constructor's binder names) and the goal is tagged with the constructor.
    """
    name, ty, _inacc = goal.ctx[index]
    ctors = constructors(ty) if ty != "Prop" else None
    if ctors is None:
        return None
    base = goal.ctx[:index] + goal.ctx[index + 1:]
    out = []
    for i, (ctor, fields) in enumerate(ctors):
        given = names_per_ctor[i] if names_per_ctor is not None else []
        ctx = base
        for j, (binder, fty) in enumerate(fields):
            n = given[j] if j < len(given) else None
            ctx = ctx + ((n, fty, False) if n else (binder, fty, True),)
        out.append((ctor, Goal(ctx, goal.target, append_tag(goal.tag, ctor)), len(base)))
    return out


def destruct(goal: Goal, index: int, pat, shown_name) -> list[Goal]:
    """`rcasesCore` of `pat` against the hypothesis ctx[index] of `goal`; the resulting goals in order."""
    kind = pat[0]
    if kind == "one":
        return [goal]
    if kind == "clear":
        return [Goal(goal.ctx[:index] + goal.ctx[index + 1:], goal.target, goal.tag)]
    if kind == "alts" and len(pat[1]) == 1:
        return destruct(goal, index, pat[1][0], shown_name)
    name, ty, _ = goal.ctx[index]
    ctors = constructors(ty) if ty != "Prop" else None
    if ctors is None:
        from gentzen.core.formula import to_lean
        shown = "Prop" if ty == "Prop" else to_lean(Imp(ty.args[0], FALSE) if ty.kind == "not" else ty)
        raise PatternErr("tactic_failed", f"Tactic `rcases` failed: `{shown_name(goal, index)} : {shown}` is not "
                         "an inductive datatype", pat[-1])
    per_ctor = _ctor_patterns(ctors, pat)
    names = [[_name_of(p) for p in fields] for fields in per_ctor]
    out: list[Goal] = []
    for (ctor, g, first), fields in zip(cases_on(goal, index, names), per_ctor):
        entries = g.ctx[first:first + len(fields)]  # found by identity: casing a field shifts the later ones
        goals = [g]
        for entry, fpat in zip(entries, fields):  # rcasesContinue: fields left to right
            nxt = []
            for gg in goals:
                i = next(k for k, e in enumerate(gg.ctx) if e is entry)
                nxt.extend(destruct(gg, i, fpat, shown_name))
            goals = nxt
        out.extend(goals)
    return out
