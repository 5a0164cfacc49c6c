"""Syntax of proof lines: a tokenizer, the term parser, and the tactic-line parser.

A line parses to a small immutable Tactic value (cached by text, since sampled proofs repeat
lines). Terms are Lean terms restricted to the proof language: names, application, `⟨a, b⟩`,
projections `.1/.2/.left/.right/.mp/.mpr`, and the connectives (a Prop is a term too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gentzen.core.formula import Formula, parse_formula, trim_cache
from gentzen.errors import LimitError, ParseError

MAX_TERM_DEPTH = 400
FORBIDDEN = ("sorry", "admit", "axiom", "native_decide", "#eval", "set_option", "import", "open",
             "macro", "macro_rules", "syntax", "elab", "unsafe", "implemented_by", "theorem", "lemma",
             "def", "example", "instance", "#print", "#check", "#exit", "run_cmd", "attribute",
             "@[", "local", "notation", "infix", "prefix", "postfix", "decreasing_by", "termination_by",
             # meta-level escapes that could add axioms or close goals without saying `sorry`/`axiom`
             "run_tac", "run_elab", "run_meta", "by_elab", "sorryAx", "ofReduceBool", "trustCompiler")
_FORBIDDEN_RE = re.compile(
    r"(?<![\w.'])(?:" + "|".join(re.escape(w) for w in FORBIDDEN if w[0].isalpha()) + r")(?![\w'])"
    r"|#eval|#print|#check|#exit|@\[|(?<![\w.'])Lean\.[\w.]+")
# Lean tactics that exist but are outside the proof language: reported as `unsupported`, not as
# Lean errors, because Lean itself might accept them.
LEAN_TACTICS = frozenset("""assumption contradiction trivial cases induction by_cases refine refine' show
    intros rintro simp simp_all omega decide rfl exists exact? apply? suffices calc match fun let
    case next all_goals any_goals first try repeat focus done skip rw rewrite unfold specialize
    generalize subst injection exists use tauto by_contra push_neg contrapose aesop norm_num
    false_or_by_contra absurd nofun nomatch and_intros iterate change
    solve_by_elim solve_by_elim* apply_assumption apply_rules rw? simp? simpa rwa symm subst_vars injections
    exact_mod_cast norm_cast push_cast grind split clear rename_i revert replace refine' let haveI letI
    infer_instance ac_rfl funext ext congr conv delta with_reducible unhygienic solve stop fail done exists
    simp_arith dsimp show_term constructor_matching exact? rename induction fun_induction""".split())
# (core Lean 4 tactics, src/Init/Tactics.lean and src/Lean/Elab/Tactic/: a word outside this list and the
# proof language is Lean's `unknown tactic`; `solve_by_elim`, `apply_assumption` and `apply_rules` moved
# into core in 2024, src/Init/Tactics.lean.)

_TOKEN = re.compile(
    r"""(?P<ws>[ ]+)
      |(?P<assign>:=)|(?P<colon>:)|(?P<comma>,)|(?P<bar>\|)|(?P<semi>;|\u2063)
      |(?P<lp>\()|(?P<rp>\))|(?P<la>⟨)|(?P<ra>⟩)
      |(?P<not>¬|~)|(?P<and>∧|/\\)|(?P<or>∨|\\/)|(?P<iff>↔|<->)|(?P<imp>→|->)
      |(?P<proj>\.(?:[0-9]+|[^\W\d][\w']*))
      |(?P<arrow>=>|↦)|(?P<comp>∘)|(?P<lam>λ)
      |(?P<id>[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*)
    """, re.VERBOSE)

# The end of a term-mode `have`/`suffices` declaration that Lean finds by its column rule, where a term spread over
# lines is read as one line (U+2063, never in source text after the kernel's preparation; not a tactic `;`).
DECL_END = "\u2063"
BIN_PREC = {"and": 35, "or": 30, "imp": 25, "iff": 20, "comp": 90}
# Words that end an application or start a term form (Lean tokens, never identifiers).
TERM_KEYWORDS = frozenset("fun show from by have at with then else if let do match suffices calc".split())
_RIGHT = {"and": 36, "or": 31, "imp": 26, "iff": 21}  # left slot; right slot = prec (iff: 21)


# ---------------------------------------------------------------- term AST

@dataclass(slots=True, eq=False)
class Id:
    name: str
    col: int
    end: int


@dataclass(slots=True, eq=False)
class App:
    fn: object
    args: tuple
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Anon:
    items: tuple
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Proj:
    term: object
    field: str
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Conn:
    """A connective applied to terms: the term is a Prop (op: not/and/or/imp/iff)."""
    op: str
    args: tuple
    col: int
    end: int


@dataclass(slots=True, eq=False)
class DotId:
    """`.inl`, `.intro`: a constant resolved in the namespace of the expected type's head (Lean's
    dotted identifier notation, `Term.dotIdent` in src/Lean/Parser/Term.lean)."""
    name: str
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Fun:
    """`fun x y => t`, `λ x => t`, `fun (x : φ) => t`, `fun ⟨a, b⟩ => t` (`Term.fun`, src/Lean/Parser/Term.lean).

    binders: tuple of (names, type term or None, is_pattern, col); a pattern binder `⟨a, b⟩` has names (a, b).
    """
    binders: tuple
    body: object
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Show:
    """`show φ from t` (`Term.show`)."""
    ty: object
    body: object
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Have:
    """Term-mode `have h : φ := v; b` and `suffices h : φ from v; b` (`Term.have`, `Term.suffices`,
    src/Lean/Parser/Term.lean: `withPosition("have" haveDecl) optSemicolon(term)`): `h : φ` is in scope in b
    (have) or in v (suffices, which is `have h : φ := b; v`)."""
    kind: str            # have | suffices
    name: str
    ty: object           # None: `have h := v`, the type is v's
    val: object
    body: object
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Match:
    """Term-mode `match t with | pat => b | …` (`Term.match`), patterns `Or.inl x`/`.inr x`/`⟨a, b⟩`/`And.intro a b`:
    alts are (constructor, names, column, body)."""
    scrut: object
    alts: tuple
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Ascr:
    """`(t : φ)`: type ascription (`Term.typeAscription`)."""
    term: object
    ty: object
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Comp:
    """`f ∘ g` (`Function.comp`, `infixr:90 " ∘ "` in src/Init/Prelude.lean... Init/Core.lean)."""
    f: object
    g: object
    col: int
    end: int


@dataclass(slots=True, eq=False)
class Tactic:
    """One parsed tactic: `kind` and its fields (names, formula, term)."""
    kind: str            # intro have have_by exact apply exfalso constructor left right rcases obtain
    col: int
    end: int
    names: tuple = ()
    formula: Formula | None = None
    term: object = None
    target: str | None = None     # rcases/obtain: the hypothesis name
    target_col: int = 0
    by_col: int = 0               # have_by: column of `by`
    inline: str | None = None     # have_by: the tactics after `by` on the same line (one-line nested `by`)
    inline_col: int = 0


@dataclass(slots=True, eq=False)
class Line:
    """A parsed line: optional bullet, then one tactic."""
    tactic: Tactic
    bullet_col: int | None = None


class SyntaxErr(Exception):
    def __init__(self, kind: str, message: str, col: int, end: int | None = None) -> None:
        super().__init__(message)
        self.kind, self.message, self.col, self.end = kind, message, col, (col if end is None else end)


def tokenize(text: str, base: int) -> list[tuple[str, str, int, int]]:
    toks = []
    pos, n = 0, len(text)
    match = _TOKEN.match
    while pos < n:
        m = match(text, pos)
        if m is None:
            if text[pos] == "\t":
                raise SyntaxErr("parse", "tabs are not allowed; please configure your editor to expand them", base + pos)
            # A character outside the proof language's terms (`<|`, `$`, `=`, `∀`, `@`, …): Lean has many
            # more term forms, so this is not evidence that Lean's parser fails.
            op = re.match(r"[^\w\s()⟨⟩,]+", text[pos:])
            tok = op.group() if op else text[pos]
            raise SyntaxErr("unsupported", f"`{tok}` in a term is outside gentzen's proof language; Lean may accept "
                            "it (check with `--backend repl` or `--backend both`)", base + pos, base + pos + len(tok))
        kind = m.lastgroup
        if kind != "ws":
            if kind == "proj" and (pos == 0 or text[pos - 1] in " (⟨,"):
                if text[pos + 1].isdigit():
                    raise SyntaxErr("parse", "unexpected token '.'; expected term", base + pos)
                kind = "dot"  # `.inl hp`: dotted identifier notation at a term's start
            elif kind == "id" and m.group() in TERM_KEYWORDS:
                kind = "kw"
            toks.append((kind, m.group(), base + pos, base + m.end()))
        pos = m.end()
    return toks


class _TermParser:
    def __init__(self, toks, end_col: int) -> None:
        self.toks, self.i, self.end_col, self.depth = toks, 0, end_col, 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def fail(self, expected: str = "term"):
        t = self.peek()
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
                names = []
                while True:
                    n = self.peek()
                    if n is not None and n[0] in ("la", "lp", "dot"):  # `fun ⟨⟨a, b⟩, c⟩`: a nested pattern
                        raise SyntaxErr("unsupported", "nested patterns in `fun` binders are outside gentzen's "
                                        "proof language; Lean may accept it (check with `--backend repl` or "
                                        "`--backend both`)", n[2], n[3])
                    if n is None or n[0] != "id" or "." in n[1]:
                        self.fail("identifier")
                    self.i += 1
                    names.append(_binder_name(n[1], n[2]))
                    n = self.peek()
                    if n is not None and n[0] == "comma":
                        self.i += 1
                        continue
                    if n is None or n[0] != "ra":
                        self.fail("',' or '⟩'")
                    self.i += 1
                    break
                binders.append((tuple(names), None, True, t[2]))
            elif kind == "lp":  # `(x y : φ)`
                self.i += 1
                names = []
                while self.peek() is not None and self.peek()[0] == "id" and "." not in self.peek()[1]:
                    n = self.toks[self.i]
                    self.i += 1
                    names.append(_binder_name(n[1], n[2]))
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
        in by the caller where Lean's column rule ends the declaration (kernel._term_lines)."""
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
        t = self.peek()
        names = []
        if t is not None and t[0] == "la":
            self.i += 1
            ctor = "⟨⟩"
            while True:
                n = self.peek()
                if n is None or n[0] != "id" or "." in n[1]:
                    raise unsupported
                self.i += 1
                names.append(_binder_name(n[1], n[2]))
                n = self.peek()
                if n is not None and n[0] == "comma":
                    self.i += 1
                    continue
                if n is None or n[0] != "ra":
                    raise unsupported
                self.i += 1
                return ctor, names
        if t is None or t[0] not in ("id", "dot"):
            raise unsupported
        self.i += 1
        ctor = t[1][1:] if t[0] == "dot" else t[1].split(".")[-1] if t[1].startswith(("Or.", "And.", "Iff.")) else None
        if ctor not in ("inl", "inr", "intro"):
            raise unsupported
        while self.peek() is not None and self.peek()[0] == "id" and "." not in self.peek()[1]:
            n = self.toks[self.i]
            self.i += 1
            names.append(_binder_name(n[1], n[2]))
        return ctor, names

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
            if kind not in ("id", "lp", "la", "dot"):
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
        elif kind == "la":
            self.i += 1
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


# ---------------------------------------------------------------- tactic lines

_NAME = re.compile(r"[^\W\d][\w'!?₀-₉]*")
# Bounded cache: a full cache evicts its oldest entries in small batches (formula.trim_cache), never
# clearing everything at once (a clear of 200k entries stalled one step for ~150 ms). Keys (col, content)
# hold parsed lines; keys that are a raw line's text hold what the kernel prepared from it (`remember_line`).
_LINE_CACHE: dict = {}
_CACHE_MAX = 200_000


def remember_line(raw: str, prepared: tuple) -> None:
    """Keep the kernel's preparation of a raw proof line (kernel.ProofState._step) in the bounded cache."""
    if len(_LINE_CACHE) >= _CACHE_MAX:
        trim_cache(_LINE_CACHE)
    _LINE_CACHE[raw] = prepared


_FORBIDDEN_WORDS = frozenset(w for w in FORBIDDEN if w[0].isalpha())
_COMPONENT = re.compile(r"[^\W\d][\w']*")


def find_forbidden(text: str) -> tuple[int, str] | None:
    """(column, word) of the first forbidden construct, or None.

    A cheap prefilter first: the full pattern can only match a forbidden word that is a whole
    identifier component, or text with `#`, `@[` or `Lean.`; most proof text has none of these.
    """
    if "#" not in text and "@[" not in text and "Lean." not in text \
            and _FORBIDDEN_WORDS.isdisjoint(_COMPONENT.findall(text)):
        return None
    m = _FORBIDDEN_RE.search(text)
    return (m.start(), m.group()) if m else None


def parse_line(content: str, col: int) -> Line:
    """Parse one tactic line (`content` has no leading indentation; it starts at column `col`)."""
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


# Lean keywords: never identifiers.
KEYWORDS = frozenset("""fun λ have show from by at with then else if do let match in this suffices calc
    Prop Type Sort theorem lemma example def where structure class instance namespace section end open
    import variable universe sorry admit mut return for unless try catch finally break continue
    nomatch nofun forall exists Σ Π deriving""".split())
# Tactic names: whether Lean reads them as identifiers depends on position, so the proof language
# simply never introduces a hypothesis called like a tactic.
RESERVED = KEYWORDS | LEAN_TACTICS | frozenset(
    "intro exact apply exfalso constructor left right rcases obtain".split())


# Identifier-like words that are (or may be) Lean tokens outside the leading position of a tactic, so
# Lean does not read them as identifiers (`intro using` is a parse error). The list errs on the side of
# caution: rejecting a name Lean would accept is harmless, accepting one it cannot parse is not.
MAYBE_KEYWORDS = frozenset("""using generalizing only at with from in then else do fun let have show by
    this rec mut where deriving extends instance for unless return try catch finally break continue
    while repeat structural config discharger disch says to hiding renaming export prelude include omit
    private protected noncomputable partial mutual inductive coinductive class structure abbrev opaque
    axiom lemma theorem def example scoped local attribute namespace section end universe variable
    nat_lit from_eq Type Sort Prop True False forall exists fun_induction""".split())


def _lean_id_first(c: str) -> bool:
    """`Lean.isIdFirst` (Init/Meta/Defs.lean): ASCII letter, `_`, or `isLetterLike`."""
    return ("a" <= c <= "z") or ("A" <= c <= "Z") or c == "_" or _letter_like(c)


def _lean_id_rest(c: str) -> bool:
    """`Lean.isIdRest`: ASCII alphanumeric, `_ ' ! ?`, `isLetterLike` or `isSubScriptAlnum`."""
    if ("a" <= c <= "z") or ("A" <= c <= "Z") or ("0" <= c <= "9") or c in "_'!?":
        return True
    v = ord(c)
    return _letter_like(c) or 0x2080 <= v <= 0x2089 or 0x2090 <= v <= 0x209C or 0x1D62 <= v <= 0x1D6A


def _letter_like(c: str) -> bool:
    # `Lean.isLetterLike`: Greek without λ/Π/Σ, Coptic, polytonic Greek, the letter-like block and
    # mathematical alphanumerics. (Later Lean versions may add Latin-1 letters; we do not, conservatively.)
    v = ord(c)
    return ((0x3B1 <= v <= 0x3C9 and v != 0x3BB) or (0x391 <= v <= 0x3A9 and v not in (0x3A0, 0x3A3))
            or 0x3CA <= v <= 0x3FB or 0x1F00 <= v <= 0x1FFE or 0x2100 <= v <= 0x214F
            or 0x1D49C <= v <= 0x1D59F)


def is_lean_ident(name: str) -> bool:
    """A single-component Lean identifier (no dots, no «»)."""
    return bool(name) and _lean_id_first(name[0]) and all(_lean_id_rest(c) for c in name[1:])


def check_name(name: str, col: int) -> str:
    if name == "_":
        # Lean reads `_` as a hole: `intro _`/`have _` make an inaccessible hypothesis, never one called `_`
        raise SyntaxErr("unsupported", "`_` (an inaccessible name) is outside the proof language; name the "
                        "hypothesis", col, col + 1)
    if not _NAME.fullmatch(name) or not is_lean_ident(name):
        raise SyntaxErr("parse", f"unexpected token '{name}'; expected identifier", col)
    if name in MAYBE_KEYWORDS and name not in KEYWORDS:
        raise SyntaxErr("unsupported", f"`{name}` is a Lean keyword (or may be one); the proof language does not "
                        "use it as a hypothesis name", col, col + len(name))
    if name in RESERVED:
        raise SyntaxErr("parse" if name in KEYWORDS else "unsupported",
                        f"unexpected token '{name}'; expected identifier" if name in KEYWORDS else
                        f"`{name}` names a tactic; the proof language does not use it as a hypothesis name", col)
    return name


def _names(text: str, base: int) -> tuple[str, ...]:
    out = []
    pos = 0
    for part in text.split(" "):
        if part:
            out.append(check_name(part, base + pos))
        pos += len(part) + 1
    return tuple(out)


_TYPED_INTRO = re.compile(r"\(\s*([^\W\d][\w'!?₀-₉]*)\s*:\s*([^()]*(?:\([^()]*\)[^()]*)*)\)")
_CORE_WORDS = frozenset("assumption contradiction trivial show intros rintro rcases obtain cases refine".split())
_ND_WORDS = frozenset("and_intro iff_intro or_intro_left or_intro_right efq imp_intro not_intro raa and_elim "
                      "or_elim imp_elim not_elim reit true_intro dne".split())


def _parse_tactic(s: str, col: int) -> Tactic:
    end = col + len(s)
    word = s.split(" ", 1)[0]
    rest = s[len(word):]
    rcol = col + len(word)
    typed = _TYPED_INTRO.fullmatch(rest.strip(" ")) if word == "intro" and "(" in rest else None
    if typed is not None:  # `intro (h : φ)` (evalIntro, introStep with a type: defeq to the binder's)
        try:
            phi = parse_formula(typed.group(2))
        except ParseError as e:
            raise SyntaxErr("unsupported", f"`intro ({typed.group(1)} : …)`: {e.message}", col) from None
        name = check_name(typed.group(1), rcol + rest.index(typed.group(1)))
        return Tactic("intro", col, end, names=(name,), formula=phi)
    if word in _CORE_WORDS or word == "intro" and any(p == "_" or p[0] in "⟨(" for p in rest.split()):
        from gentzen.core.patterns import parse_core_tactic  # the core tactics beyond the ND subset
        return parse_core_tactic("intro_pat" if word == "intro" else word, s, col)
    if word in _ND_WORDS:  # `import Gentzen.ND` rule macros; the kernel refuses them without the import
        from gentzen.core.nd import parse_nd_tactic
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
            formula = parse_formula(head[c + 1:], offset=col + 4 + c + 1)
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
