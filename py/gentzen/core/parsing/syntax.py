"""The tactic-line parser: one proof line (optional bullet, then one tactic) to a small immutable
Tactic value, cached by text since sampled proofs repeat lines. Terms inside a tactic go to
term_parser.py; the core tactics beyond the subset to patterns.py, the ND rule macros to nd.py."""

from __future__ import annotations

import re

from gentzen.core.logic.formula import parse_formula, trim_cache
from gentzen.core.steps.library_tactics import parse_library, scope_sensitive
from gentzen.core.steps.simp_closing import parse_simp
from gentzen.core.elaboration.nd import parse_nd_tactic
from gentzen.core.parsing.patterns import parse_core_tactic
from gentzen.core.parsing.term_parser import parse_term
from gentzen.core.parsing.terms import Line, SyntaxErr, Tactic
from gentzen.core.text.words import LEAN_TACTICS, check_name, find_forbidden
from gentzen.errors import LimitError, ParseError

# (the term forms and words, re-exported for callers outside core/ that import them from here)
from gentzen.core.parsing.terms import (Anon, App, Ascr, Comp, Conn, DotId, Fun, Have, Id, Match,  # noqa: F401
                                Proj, Show)
from gentzen.core.text.words import (DECL_END, FORBIDDEN, KEYWORDS, MAYBE_KEYWORDS, RESERVED,  # noqa: F401
                                TERM_KEYWORDS, _FORBIDDEN_RE, is_lean_ident, tokenize)


# ---------------------------------------------------------------- tactic lines

# Bounded cache: a full cache evicts its oldest entries in small batches (formula.trim_cache), never
# clearing everything at once (a clear of 200k entries stalled one step for ~150 ms). Keys (col, content)
# hold parsed lines; keys that are a raw line's text hold what the kernel prepared from it (`remember_line`).
_LINE_CACHE: dict = {}
_CACHE_MAX = 200_000


def remember_line(raw: str, prepared: tuple) -> None:
    """Keep the kernel's preparation of a raw proof line (state.ProofState._step) in the bounded cache."""
    if len(_LINE_CACHE) >= _CACHE_MAX:
        trim_cache(_LINE_CACHE)
    _LINE_CACHE[raw] = prepared


def parse_line(content: str, col: int) -> Line:
    """Parse one tactic line (`content` has no leading indentation; it starts at column `col`)."""
    if "sorry" in content or scope_sensitive(content):  # never cached: parsed under holes() it must not reach a later, plain check
        return _parse_line(content, col)
    key = (col, content)
    hit = _LINE_CACHE.get(key)
    if hit is not None:
        return hit
    line = _parse_line(content, col)
    if len(_LINE_CACHE) >= _CACHE_MAX:
        trim_cache(_LINE_CACHE)
    _LINE_CACHE[key] = line
    return line


def _parse_line(content: str, col: int) -> Line:
    bad = find_forbidden(content)
    if bad is not None:
        c, word = bad
        raise SyntaxErr("forbidden", f"`{word}` is not allowed in a proof", col + c, col + c + len(word))
    if content.startswith(("· ", ". ")) or content in ("·", "."):
        rest = content[1:]
        inner = rest.lstrip(" ")
        if not inner:
            raise SyntaxErr("parse", "unexpected end of input; expected tactic", col + len(content))
        icol = col + 1 + (len(rest) - len(inner))
        return Line(_parse_tactic(inner, icol), bullet_col=col)
    return Line(_parse_tactic(content, col))


def _names(text: str, base: int) -> tuple[str, ...]:
    out = []
    pos = 0
    for part in text.split(" "):
        if part:
            out.append(check_name(part, base + pos))
        pos += len(part) + 1
    return tuple(out)


_TYPED_INTRO = re.compile(r"\(\s*([^\W\d][\w'!?₀-₉]*)\s*:\s*([^()]*(?:\([^()]*\)[^()]*)*)\)")


def _typed_intro(rest: str) -> list | None:
    """`intro`'s arguments when every one is `(name : φ)` (Lean's `intro` takes several): their matches, else None."""
    out, pos = [], 0
    while pos < len(rest):
        if rest[pos] == " ":
            pos += 1
            continue
        m = _TYPED_INTRO.match(rest, pos)
        if m is None:
            return None
        out.append(m)
        pos = m.end()
    return out or None
_CORE_WORDS = frozenset("assumption contradiction trivial show intros rintro rcases obtain cases refine".split())
_LIB_WORDS = frozenset(("cases'", "by_contra", "tauto", "apply", "rw", "rwa", "rfl", "change", "clear", "rename"))
_ND_WORDS = frozenset("and_intro iff_intro or_intro_left or_intro_right efq imp_intro not_intro raa and_elim "
                      "or_elim imp_elim not_elim reit true_intro dne".split())


def _parse_tactic(s: str, col: int) -> Tactic:
    """One tactic line `s` at column `col` as a Tactic (SyntaxErr where it cannot be read).
    Long because it is one dispatch over the tactic words, each branch reading that tactic's arguments."""
    end = col + len(s)
    word = s.split(" ", 1)[0]
    rest = s[len(word):]
    if word == "sorry" and not rest.strip():  # only under core.holes (the REPL): else forbidden before this
        return Tactic("sorry", col, col + 5)
    if word in _LIB_WORDS and (word != "apply" or " at " in s):  # core/steps/library_tactics.py
        lib = parse_library(word, s, col)
        if lib is not None:
            return lib
    if word == "simp":  # core/steps/simp_closing.py: the closing forms; the others stay outside the language
        simp = parse_simp(s, col)
        if simp is not None:
            return simp
    rcol = col + len(word)
    typed = _typed_intro(rest) if word == "intro" and "(" in rest else None
    if typed is not None:  # `intro (h : φ) (h' : ψ)` (evalIntro, introStep with a type: defeq to the binder's)
        names, phis = [], []
        for m in typed:
            try:
                phis.append(parse_formula(m.group(2), lean=True))
            except ParseError as e:
                raise SyntaxErr("unsupported", f"`intro ({m.group(1)} : …)`: {e.message}", col) from None
            names.append(check_name(m.group(1), rcol + m.start(1)))
        return Tactic("intro", col, end, names=tuple(names), formula=phis[0] if len(phis) == 1 else tuple(phis))
    if word in _CORE_WORDS or word == "intro" and any(p == "_" or p[0] in "⟨(" for p in rest.split()):
        return parse_core_tactic("intro_pat" if word == "intro" else word, s, col)
    if word in _ND_WORDS:  # `import Gentzen.ND` rule macros; the kernel refuses them without the import
        return parse_nd_tactic(word, s, col)
    if word == "intro":
        names = _names(rest, rcol)
        return Tactic("intro", col, end, names=names)
    if word in ("exfalso", "constructor", "left", "right"):
        if rest.strip():
            raise SyntaxErr("parse", f"unexpected token after `{word}`", rcol + len(rest) - len(rest.lstrip()))
        return Tactic(word, col, end)
    if word in ("exact", "apply"):
        if not rest.strip():
            raise SyntaxErr("parse", "unexpected end of input; expected term", end)
        lead = len(rest) - len(rest.lstrip(" "))
        return Tactic(word, col, end, term=parse_term(rest.strip(" "), rcol + lead))
    if word == "have" and rest.lstrip(" ")[:1] in "⟨(":  # `have ⟨a, b⟩ := h` (a `match`): not modelled
        raise SyntaxErr("unsupported", "`have` with a pattern is outside gentzen's proof language; Lean may accept it "
                        "(check with `--backend repl` or `--backend both`)", rcol + len(rest) - len(rest.lstrip(" ")))
    if word == "have":
        i = s.find(":=")
        if i < 0:
            raise SyntaxErr("parse", "expected ':=' in `have` (the proof language requires a value)", end)
        head = s[4:i]
        c = head.find(":")
        if c < 0:  # `have h := t`: the type is inferred (Term.haveIdDecl, src/Lean/Parser/Term.lean)
            names = _names(head, col + 4)
            if len(names) > 1:
                raise SyntaxErr("unsupported", "`have` with binders is outside gentzen's proof language", col + 4)
            body = s[i + 2:]
            bcol = col + i + 2 + (len(body) - len(body.lstrip(" ")))
            if body.strip() == "by" or body.strip().startswith("by "):
                raise SyntaxErr("unsupported", "`have … := by` without a type is outside gentzen's proof language; "
                                "give the type (`have h : φ := by`)", bcol)
            if not body.strip():
                raise SyntaxErr("parse", "unexpected end of input; expected term", end)
            return Tactic("have", col, end, names=names, formula=None, term=parse_term(body.strip(" "), bcol))
        names = _names(head[:c], col + 4)
        if len(names) > 1:
            raise SyntaxErr("parse", "unexpected identifier; expected ':'", col + 4)
        try:
            formula = parse_formula(head[c + 1:], offset=col + 4 + c + 1, lean=True)
        except LimitError as e:  # a gentzen limit, not a Lean error: never `parse`
            raise SyntaxErr("unsupported", f"{e.message} (a limit of gentzen's kernel, not of Lean)", col + 4 + c + 1) \
                from None
        except ParseError as e:
            kind = "unknown_identifier" if e.message.startswith("Unknown") else "parse"
            raise SyntaxErr(kind, e.message, e.column if e.column is not None else col) from None
        body = s[i + 2:]
        bcol = col + i + 2 + (len(body) - len(body.lstrip(" ")))
        if body.strip() == "by":
            return Tactic("have_by", col, end, names=names, formula=formula, by_col=bcol)
        if body.strip().startswith("by "):  # a one-line nested `by`: its first tactics follow on this line
            tail = body.lstrip(" ")[2:]
            icol = bcol + 2 + (len(tail) - len(tail.lstrip(" ")))
            return Tactic("have_by", col, end, names=names, formula=formula, by_col=bcol, inline=tail.strip(" "),
                          inline_col=icol)
        if not body.strip():
            raise SyntaxErr("parse", "unexpected end of input; expected term", end)
        return Tactic("have", col, end, names=names, formula=formula, term=parse_term(body.strip(" "), bcol))
    if word in LEAN_TACTICS:
        raise SyntaxErr("unsupported", f"`{word}` is a Lean tactic outside gentzen's proof language; Lean may "
                        "accept it (check with `--backend repl` or `--backend both`)", col, col + len(word))
    if "\t" in s:
        raise SyntaxErr("parse", "tabs are not allowed; please configure your editor to expand them",
                        col + s.index("\t"))
    raise SyntaxErr("parse", f"unknown tactic `{word}`" if word else "unexpected end of input; expected tactic",
                    col, col + len(word))
