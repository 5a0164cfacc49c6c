"""The term parser: Lean terms of the proof language (names, application, `⟨a, b⟩`, projections,
connectives, `fun`, `show … from`, term-mode `have`/`suffices`/`match`, `(t : φ)`, `∘`) from one
line of text to term nodes (terms.py), with Lean's precedences and error messages."""

from __future__ import annotations

import re

from gentzen.core.parsing.terms import Anon, App, Ascr, Comp, Conn, DotId, Fun, Have, Hyp, Id, Match, Proj, Show, SyntaxErr
from gentzen.core.text.words import DECL_END, TERM_KEYWORDS, check_name, tokenize


MAX_TERM_DEPTH = 400


BIN_PREC = {"and": 35, "or": 30, "imp": 25, "iff": 20, "comp": 90}


_RIGHT = {"and": 36, "or": 31, "imp": 26, "iff": 21}  # left slot; right slot = prec (iff: 21)


class _TermParser:
    def __init__(self, toks, end_col: int) -> None:
        self.toks, self.i, self.end_col, self.depth = toks, 0, end_col, 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def fail(self, expected: str = "term"):
        t = self.peek()
        if t is not None and t[1] == DECL_END:  # a line break the column rule ended a `have` at: Lean's parser
            t = self.toks[self.i + 1] if self.i + 1 < len(self.toks) else None  # stops at the next line's token
        if t is None:
            raise SyntaxErr("parse", f"unexpected end of input; expected {expected}", self.end_col)
        raise SyntaxErr("parse", f"unexpected token '{t[1]}'; expected {expected}", t[2], t[3])

    def term(self, min_prec: int = 0):
        self.depth += 1
        if self.depth > MAX_TERM_DEPTH:
            raise SyntaxErr("parse", f"term nested deeper than {MAX_TERM_DEPTH} levels", self.toks[self.i][2])
        t = self.peek()
        if t is not None and t[0] == "not":
            self.i += 1
            arg = self.term(40)
            lhs = Conn("not", (arg,), t[2], arg.end)
        elif t is not None and (t[0] == "lam" or t[0] == "kw" and t[1] in ("fun", "show", "have", "suffices", "match")):
            self.depth -= 1
            if t[1] in ("have", "suffices"):
                return self.have()
            if t[1] == "match":
                return self.match()
            return self.show() if t[1] == "show" else self.fun()  # all extend as far as possible
        else:
            lhs = self.app()
        while True:
            t = self.peek()
            if t is None or t[0] not in BIN_PREC:
                break
            p = BIN_PREC[t[0]]
            if p < min_prec:
                break
            self.i += 1
            if t[0] == "comp":  # `infixr:90 " ∘ "`
                rhs = self.term(90)
                lhs = Comp(lhs, rhs, lhs.col, rhs.end)
                continue
            rhs = self.term(21 if t[0] == "iff" else p)
            lhs = Conn(t[0], (lhs, rhs), lhs.col, rhs.end)
            if t[0] == "iff":
                nxt = self.peek()
                if nxt is not None and nxt[0] == "iff" and min_prec <= 20:
                    self.fail("term")
        self.depth -= 1
        return lhs

    def fun(self):
        """`fun`/`λ` binders `=>` (or `↦`) body (Term.fun / Term.basicFun, src/Lean/Parser/Term.lean)."""
        start = self.toks[self.i]
        self.i += 1
        binders = []
        while True:
            t = self.peek()
            if t is None:
                self.fail("'=>'")
            kind = t[0]
            if kind == "arrow" and binders:
                self.i += 1
                break
            if kind == "colon" and binders and all(not b[2] and b[1] is None for b in binders):
                # `fun x y : φ => t` (Term.basicFun: `many1 funBinder >> optType >> " =>"`): the type
                # belongs to every binder before it, as with parentheses
                self.i += 1
                ty = self.term(0)
                binders = [(b[0], ty, False, b[3]) for b in binders]
                a = self.peek()
                if a is None or a[0] != "arrow":
                    self.fail("'=>'")
                self.i += 1
                break
            if kind == "id" and "." not in t[1]:
                self.i += 1
                binders.append(((_binder_name(t[1], t[2]),), None, False, t[2]))
            elif kind == "la":  # an anonymous-constructor pattern `⟨a, b⟩`
                self.i += 1
                names = self._angle_names(self._not_fun_name, lambda: self.fail("',' or '⟩'"))
                binders.append((tuple(names), None, True, t[2]))
            elif kind == "lp":  # `(x y : φ)`
                self.i += 1
                names = self._names()
                c = self.peek()
                if not names or c is None or c[0] != "colon":
                    self.fail("':'" if names else "identifier")
                self.i += 1
                ty = self.term(0)
                c = self.peek()
                if c is None or c[0] != "rp":
                    self.fail("')'")
                self.i += 1
                binders.extend(((x,), ty, False, t[2]) for x in names)
            elif kind == "bar" and not binders:  # `fun | pat => t | …` is `fun x✝ => match x✝ with | …` (Term.matchAlts)
                alts = self._alternatives()
                hidden = Id("x✝", t[2], t[2])
                return Fun(((("x✝",), None, False, t[2]),), Match(hidden, alts, t[2], alts[-1][3].end), start[2],
                           alts[-1][3].end)
            else:
                self.fail("'=>'" if binders else "identifier")
        body = self.term(0)
        return Fun(tuple(binders), body, start[2], body.end)

    def have(self):
        """`have [h] [: φ] := v [;] b`, `suffices [h] : φ from v [;] b`; a line break before b is a `;` put
        in by the caller where Lean's column rule ends the declaration (layout.term_lines)."""
        start = self.toks[self.i]
        word = start[1]
        self.i += 1
        name = "this"
        t = self.peek()
        if t is not None and t[0] == "id" and "." not in t[1]:
            nxt = self.toks[self.i + 1] if self.i + 1 < len(self.toks) else None
            if nxt is not None and nxt[0] in ("colon", "assign") or word == "suffices" and nxt and nxt[1] == "from":
                name = _binder_name(t[1], t[2])
                self.i += 1
                t = self.peek()
        if t is not None and t[0] in ("la", "lp") or t is not None and t[0] == "id" and word == "have":
            raise SyntaxErr("unsupported", f"this form of term-mode `{word}` (patterns, binders) is outside "
                            "gentzen's proof language; Lean may accept it (check with `--backend repl` or "
                            "`--backend both`)", start[2], start[3])
        ty = None
        if t is not None and t[0] == "colon":
            self.i += 1
            ty = self.term(0)
        elif word == "suffices":
            self.fail("':'")
        t = self.peek()
        if t is not None and t[0] == "kw" and t[1] == "by":
            raise SyntaxErr("unsupported", f"`{word} … by …` inside a term is outside gentzen's proof language; "
                            "Lean may accept it (check with `--backend repl` or `--backend both`)", t[2], t[3])
        want = "assign" if word == "have" else "from"
        if t is None or (t[0] != want if want == "assign" else t[1] != "from"):
            self.fail("':='" if word == "have" else "'from'")
        self.i += 1
        val = self.term(0)
        t = self.peek()
        if t is not None and t[0] == "semi":
            self.i += 1
        body = self.term(0)
        return Have(word, name, ty, val, body, start[2], body.end)

    def match(self):
        """`match t with | pat => b | …`; a pattern is a constructor (`Or.inl`, `.inr`, `And.intro`, …) with names,
        or `⟨a, b⟩`; anything else is `unsupported`."""
        start = self.toks[self.i]
        self.i += 1
        scrut = self.term(0)
        t = self.peek()
        if t is not None and t[0] == "comma":
            raise SyntaxErr("unsupported", "`match` on several terms is outside gentzen's proof language; Lean may "
                            "accept it (check with `--backend repl` or `--backend both`)", t[2], t[3])
        if t is None or t[0] != "kw" or t[1] != "with":
            self.fail("'with'")
        self.i += 1
        alts = self._alternatives()
        return Match(scrut, alts, start[2], alts[-1][3].end)

    def _alternatives(self) -> tuple:
        alts = []
        while self.peek() is not None and self.peek()[0] == "bar":
            bar = self.toks[self.i]
            self.i += 1
            ctor, names = self._pattern(bar)
            a = self.peek()
            if a is not None and a[0] in ("lp", "la", "dot", "comma"):  # nested patterns: Lean's, not modelled
                raise SyntaxErr("unsupported", "nested `match` patterns are outside gentzen's proof language; Lean may "
                                "accept it (check with `--backend repl` or `--backend both`)", a[2], a[3])
            if a is None or a[0] != "arrow":
                self.fail("'=>'")
            self.i += 1
            body = self.term(0)
            alts.append((ctor, tuple(names), bar[2], body))
        if not alts:
            self.fail("'|'")
        return tuple(alts)

    def _pattern(self, bar):
        unsupported = SyntaxErr("unsupported", "this `match` pattern is outside gentzen's proof language; Lean may "
                                "accept it (check with `--backend repl` or `--backend both`)", bar[2], bar[3])

        def reject(_token=None):
            raise unsupported

        t = self.peek()
        if t is not None and t[0] == "la":
            self.i += 1
            return "⟨⟩", self._angle_names(reject, reject)
        if t is None or t[0] not in ("id", "dot"):
            raise unsupported
        self.i += 1
        ctor = t[1][1:] if t[0] == "dot" else t[1].split(".")[-1] if t[1].startswith(("Or.", "And.", "Iff.")) else None
        if ctor not in ("inl", "inr", "intro"):
            raise unsupported
        return ctor, self._names()

    def _names(self) -> list[str]:
        """The plain names that follow (`x y` of `(x y : φ)`, `a b` of `| inl a b`), as binder names."""
        names = []
        while self.peek() is not None and self.peek()[0] == "id" and "." not in self.peek()[1]:
            n = self.toks[self.i]
            self.i += 1
            names.append(_binder_name(n[1], n[2]))
        return names

    def _angle_names(self, bad_name, bad_close) -> list[str]:
        """The names of `⟨a, b, …⟩` after its `⟨`, through its `⟩`. Where something else stands,
        `bad_name(token)` or `bad_close()` raises: `fun` and `match` word those errors differently."""
        names = []
        while True:
            n = self.peek()
            if n is None or n[0] != "id" or "." in n[1]:
                bad_name(n)
            self.i += 1
            names.append(_binder_name(n[1], n[2]))
            n = self.peek()
            if n is not None and n[0] == "comma":
                self.i += 1
                continue
            if n is None or n[0] != "ra":
                bad_close()
            self.i += 1
            return names

    def _not_fun_name(self, n) -> None:
        """Raises for a token that stands where a `fun ⟨…⟩` binder expects a name."""
        if n is not None and n[0] in ("la", "lp", "dot"):  # `fun ⟨⟨a, b⟩, c⟩`: a nested pattern
            raise SyntaxErr("unsupported", "nested patterns in `fun` binders are outside gentzen's "
                            "proof language; Lean may accept it (check with `--backend repl` or "
                            "`--backend both`)", n[2], n[3])
        self.fail("identifier")

    def show(self):
        """`show φ from t` (Term.show); `show φ by tac` is outside the proof language."""
        start = self.toks[self.i]
        self.i += 1
        ty = self.term(0)
        t = self.peek()
        if t is not None and t[0] == "kw" and t[1] == "by":
            raise SyntaxErr("unsupported", "`show … by …` inside a term is outside gentzen's proof language; "
                            "Lean may accept it (check with `--backend repl` or `--backend both`)", t[2], t[3])
        if t is None or t[0] != "kw" or t[1] != "from":
            self.fail("'from'")
        self.i += 1
        body = self.term(0)
        return Show(ty, body, start[2], body.end)

    def app(self):
        head = self.arg()
        args = []
        while True:
            t = self.peek()
            if t is None:
                break
            kind = t[0]
            if kind == "lam" or kind == "kw" and t[1] == "fun":  # a trailing `fun` is the last argument
                args.append(self.fun())
                break
            if kind not in ("id", "lp", "la", "dot", "lq"):
                break
            args.append(self.arg())
        if not args:
            return head
        return App(head, tuple(args), head.col, args[-1].end)

    def arg(self):
        t = self.peek()
        if t is None:
            self.fail()
        kind = t[0]
        if kind == "id":
            self.i += 1
            node = Id(t[1], t[2], t[3])
        elif kind == "dot":
            self.i += 1
            node = DotId(t[1][1:], t[2], t[3])
        elif kind == "lp":
            self.i += 1
            inner = self.term(0)
            close = self.peek()
            if close is not None and close[0] == "colon":  # `(t : φ)`
                self.i += 1
                ty = self.term(0)
                close = self.peek()
                if close is None or close[0] != "rp":
                    self.fail("')'")
                self.i += 1
                node = Ascr(inner, ty, t[2], close[3])
            else:
                if close is None or close[0] != "rp":
                    self.fail("')'")
                self.i += 1
                node = _respan(inner, t[2], close[3])
        elif kind == "lq":  # `‹φ›`
            self.i += 1
            ty = self.term(0)
            close = self.peek()
            if close is None or close[0] != "rq":
                self.fail("'›'")
            self.i += 1
            node = Hyp(ty, t[2], close[3])
        elif kind == "la":
            self.i += 1
            if self.peek() is not None and self.peek()[0] == "ra":  # `⟨⟩` (True.intro, Unit.unit): Lean's, not modelled
                raise SyntaxErr("unsupported", "the empty anonymous constructor `⟨⟩` is outside gentzen's proof "
                                "language; Lean may accept it (check with `--backend repl` or `--backend both`)", t[2])
            items = [self.term(0)]
            while self.peek() is not None and self.peek()[0] == "comma":
                self.i += 1
                items.append(self.term(0))
            close = self.peek()
            if close is None or close[0] != "ra":
                self.fail("',' or '⟩'")
            self.i += 1
            node = Anon(tuple(items), t[2], close[3])
        elif kind == "kw" and t[1] in ("let", "match", "if", "do", "calc", "by", "have", "suffices", "show", "fun"):
            # term syntax of Lean (`let`, `match`, `by` …) in argument position: the kernel does not read it here
            raise SyntaxErr("unsupported", f"`{t[1]}` in this position of a term is outside gentzen's proof "
                            "language; Lean may accept it (check with `--backend repl` or `--backend both`)", t[2], t[3])
        else:
            self.fail()
        while True:
            p = self.peek()
            if p is None or p[0] != "proj" or p[2] != node.end:
                break
            self.i += 1
            node = Proj(node, p[1][1:], node.col, p[3])
        return node


def _binder_name(name: str, col: int) -> str:
    return name if name == "_" else check_name(name, col)


def _respan(node, col: int, end: int):
    """Parenthesised terms keep their own span for messages, but projections attach after `)`."""
    cls = type(node)
    fields = {f: getattr(node, f) for f in cls.__dataclass_fields__}
    fields["col"], fields["end"] = col, end
    return cls(**fields)


_IDENT_SRC = r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*"


_PLAIN_APP = re.compile(rf"{_IDENT_SRC}(?: {_IDENT_SRC})*")


def parse_term(text: str, base: int):
    if _PLAIN_APP.fullmatch(text):
        # the commonest terms (`h1 n1`, `Or.inr n2`, `trivial`): names separated by single spaces
        ids, pos = [], base
        for name in text.split(" "):
            if name in TERM_KEYWORDS:
                break
            ids.append(Id(name, pos, pos + len(name)))
            pos += len(name) + 1
        else:
            if len(ids) == 1:
                return ids[0]
            return App(ids[0], tuple(ids[1:]), base, base + len(text))
    toks = tokenize(text, base)
    p = _TermParser(toks, base + len(text))
    t = p.term(0)
    if p.peek() is not None:
        p.fail("end of tactic")
    return t
