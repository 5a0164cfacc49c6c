"""Propositional formulas: interned syntax trees and a Lean-notation parser.

Formulas are hash-consed, so structural equality is identity (`a is b`). Parsing is iterative, so a
formula nested 100,000 deep neither overflows the stack nor takes quadratic time. Printing (Lean 4's
pretty-printer), atoms, subformulas and evaluation are in formula_text.py, re-exported here.
"""

from __future__ import annotations

import re
from itertools import islice
import sys

from gentzen.core.logic.formula_text import (MAX_PREC, NOT_SLOT, PREC, SLOTS, SYMBOL, atoms_of,  # noqa: F401
                                       evaluate, subformulas, to_lean)
from gentzen.errors import LimitError, ParseError


MAX_FORMULA_CHARS = 10_000_000


class Formula:
    """An interned propositional formula. Build with the constructors below, never directly."""

    __slots__ = ("kind", "args", "name", "unf", "size", "text", "_atoms", "__weakref__")

    kind: str
    args: tuple
    name: str | None
    unf: "Formula"  # the formula with every ¬a unfolded to a → False (Lean's defeq here)
    size: int

    def __repr__(self) -> str:
        return f"Formula({str(self)!r})"

    def __str__(self) -> str:
        return to_lean(self)

    def __reduce__(self):  # pickle by text; interning is re-established on load
        return (parse_formula, (to_lean(self),))

    @property
    def prec(self) -> int:
        return PREC[self.kind]

    def atoms(self) -> set[str]:
        return atoms_of(self)

    def atom_names(self) -> tuple[str, ...]:
        """Sorted atom names (cached)."""
        if self._atoms is None:
            self._atoms = tuple(sorted(atoms_of(self)))
        return self._atoms


_TABLE: dict[tuple, Formula] = {}


def _make(kind: str, args: tuple, name: str | None = None) -> Formula:
    key = (kind, name) if name is not None else (kind,) + args
    f = _TABLE.get(key)
    if f is not None:
        return f
    f = object.__new__(Formula)
    f.kind, f.args, f.name = kind, args, name
    f.size = 1 + sum(a.size for a in args)
    f.text = None
    f._atoms = None
    _TABLE[key] = f
    if kind == "not":
        f.unf = _make("imp", (args[0].unf, FALSE))
    elif args:
        ua = tuple(a.unf for a in args)
        f.unf = f if all(u is a for u, a in zip(ua, args)) else _make(kind, ua)
    else:
        f.unf = f
    return f


TRUE = _make("true", (), None)
FALSE = _make("false", (), None)


def Atom(name: str) -> Formula:
    return _make("atom", (), name)


def Not(a: Formula) -> Formula:
    return _make("not", (a,))


def And(a: Formula, b: Formula) -> Formula:
    return _make("and", (a, b))


def Or(a: Formula, b: Formula) -> Formula:
    return _make("or", (a, b))


def Imp(a: Formula, b: Formula) -> Formula:
    return _make("imp", (a, b))


def Iff(a: Formula, b: Formula) -> Formula:
    return _make("iff", (a, b))


BINARY = {"and": And, "or": Or, "imp": Imp, "iff": Iff}


def defeq(a: Formula, b: Formula) -> bool:
    """Lean's definitional equality on these formulas: ¬φ unfolds to φ → False, nothing else."""
    return a.unf is b.unf


# ---------------------------------------------------------------- parsing

_TOKEN = re.compile(
    r"""(?P<ws>[ \t\r\n]+)
      |(?P<lp>\()|(?P<rp>\))
      |(?P<not>¬|~)
      |(?P<and>∧|/\\)
      |(?P<or>∨|\\/)
      |(?P<iff>↔|<->)
      |(?P<imp>→|->)
      |(?P<false>⊥|_\|_)
      |(?P<true>⊤)
      |(?P<id>[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*)
    """,
    re.VERBOSE,
)

_BIN_TOKENS = {"and", "or", "imp", "iff"}
_RIGHT_ASSOC = {"and", "or", "imp"}
_TOKEN_TEXT = {"lp": "(", "rp": ")", "not": "¬", "and": "∧", "or": "∨", "iff": "↔", "imp": "→"}


def tokenize(text: str, offset: int = 0) -> list[tuple[str, str, int]]:
    """(kind, text, column) triples; raises ParseError on a character no token starts with."""
    toks: list[tuple[str, str, int]] = []
    end = 0
    for m in _TOKEN.finditer(text):  # one C-level scan
        if m.start() != end:
            break
        end = m.end()
        kind = m.lastgroup
        if kind != "ws":
            tok = m.group()
            if kind == "id" and (tok == "True" or tok == "False"):
                kind = "true" if tok == "True" else "false"
            toks.append((kind, tok, offset + m.start()))
    if end == len(text):
        return toks
    # the matches tile the text up to `end` and no token starts there (`finditer` tries `end` first)
    raise ParseError(f"unexpected character {text[end]!r}", column=offset + end)


# gentzen's sequent notation has these; Lean 4 core has none of them (`⊥`/`⊤` are Mathlib's order notation)
_NOT_LEAN = re.compile(r"~|⊥|⊤|_\|_")


def parse_formula(text: str, *, atoms: set[str] | frozenset[str] | None = None, offset: int = 0,
                  lean: bool = False) -> Formula:
    """Parse Lean (Unicode) or ASCII notation. `atoms`, when given, restricts identifiers; `lean`: Lean 4 core
    notation only (a statement or a proof's `have`), without the sequent notation's `~ ⊥ ⊤ _|_`."""
    if not isinstance(text, str):
        raise ParseError("formula must be text")
    if lean:
        bad = _NOT_LEAN.search(text)
        if bad:
            raise ParseError(f"unexpected token '{bad.group()}'; expected term", column=offset + bad.start())
    if len(text) > MAX_FORMULA_CHARS:
        raise LimitError(f"formula longer than {MAX_FORMULA_CHARS} characters")
    if atoms is None:
        hit = _PARSED.get(text)
        if hit is not None:
            return hit
    f = _fast_parse(text) if atoms is None else None
    if f is None:  # the positional parser: slower, and the one that reports errors with columns
        f = parse_tokens(tokenize(text, offset), atoms=atoms, end_column=offset + len(text))
    if atoms is None:  # only successes are cached: an error's column depends on the offset
        if len(_PARSED) >= _PARSED_MAX:
            trim_cache(_PARSED)
        _PARSED[text] = f
    return f


_PARSED: dict[str, Formula] = {}
_PARSED_MAX = 200_000


def trim_cache(cache: dict, batch: int = 2000) -> None:
    """Evict the `batch` oldest entries of a full cache (dicts keep insertion order).

    A bounded cache without a stop-the-world clear: clearing 200k entries stalled one step for
    ~150 ms; evicting a small batch costs well under a millisecond, once per `batch` misses, and
    hits stay plain dict lookups (an OrderedDict's cost ~2% of kernel throughput).
    """
    for key in list(islice(cache, batch)):
        del cache[key]

# The fast path: token strings only (no positions), operators mapped through one dict. Any
# irregularity returns None and the positional parser above produces the error.
_FAST_TOKEN = re.compile(r"¬|~|∧|/\\|∨|\\/|↔|<->|→|->|⊥|_\|_|⊤|\(|\)"
                         r"|[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*|\S")
_OP = {"¬": "not", "~": "not", "∧": "and", "/\\": "and", "∨": "or", "\\/": "or", "↔": "iff", "<->": "iff",
       "→": "imp", "->": "imp", "(": "lp", ")": "rp"}
_CONST = {"⊥": FALSE, "_|_": FALSE, "False": FALSE, "⊤": TRUE, "True": TRUE}


def _fast_parse(text: str) -> Formula | None:
    operands: list[Formula] = []
    ops: list[str] = []
    expect_operand = True
    op_get, const_get = _OP.get, _CONST.get
    for tok in _FAST_TOKEN.findall(text):
        kind = op_get(tok)
        if expect_operand:
            if kind is None:
                c = const_get(tok)
                if c is None:
                    if not (tok[0].isalpha() or tok[0] == "_"):
                        return None
                    c = Atom(tok)
                operands.append(c)
                expect_operand = False
            elif kind == "lp" or kind == "not":
                ops.append(kind)
            else:
                return None
        elif kind == "rp":
            while ops and ops[-1] != "lp":
                _reduce(ops, operands)
            if not ops:
                return None
            ops.pop()
        elif kind is None or kind == "lp" or kind == "not":
            return None
        else:
            p = PREC[kind]
            while ops and ops[-1] != "lp":
                top = ops[-1]
                if top == "not":
                    _reduce(ops, operands)
                    continue
                q = PREC[top]
                if q > p or (q == p and kind == "iff"):
                    if q == p:
                        return None  # ↔ is not associative
                    _reduce(ops, operands)
                else:
                    break
            ops.append(kind)
            expect_operand = True
    if expect_operand:
        return None
    while ops:
        if ops[-1] == "lp":
            return None
        _reduce(ops, operands)
    return operands[0] if len(operands) == 1 else None


def _reduce(ops: list, operands: list) -> None:
    kind = ops.pop()
    if kind == "not":
        operands.append(Not(operands.pop()))
    else:
        b = operands.pop()
        operands.append(BINARY[kind](operands.pop(), b))


def parse_tokens(toks: list[tuple[str, str, int]], *, atoms=None, end_column: int = 0) -> Formula:
    """Operator-precedence parse (iterative shunting-yard) of a token list into a Formula."""
    operands: list[Formula] = []
    ops: list[tuple[str, int]] = []  # (kind, column); kinds: lp, not, and, or, imp, iff
    expect_operand = True

    def reduce_top() -> None:
        kind, _col = ops.pop()
        if kind == "not":
            operands.append(Not(operands.pop()))
        else:
            b = operands.pop()
            a = operands.pop()
            operands.append(BINARY[kind](a, b))

    for kind, tok, col in toks:
        if expect_operand:
            if kind == "id":
                if atoms is not None and tok not in atoms:
                    raise ParseError(f"Unknown identifier `{tok}`", column=col)
                operands.append(Atom(tok))
                expect_operand = False
            elif kind == "true":
                operands.append(TRUE)
                expect_operand = False
            elif kind == "false":
                operands.append(FALSE)
                expect_operand = False
            elif kind in ("lp", "not"):
                ops.append((kind, col))
            else:
                raise ParseError(f"unexpected token '{_TOKEN_TEXT.get(kind, tok)}'; expected term", column=col)
        else:
            if kind in _BIN_TOKENS:
                p = PREC[kind]
                while ops and ops[-1][0] != "lp":
                    top = ops[-1][0]
                    if top == "not":
                        reduce_top()  # ¬ takes its argument at precedence 40 > any binary
                        continue
                    q = PREC[top]
                    if q > p or (q == p and kind not in _RIGHT_ASSOC):
                        if q == p and kind == "iff":
                            raise ParseError(
                                "unexpected token '↔'; `↔` is not associative, add parentheses", column=col)
                        reduce_top()
                    else:
                        break
                ops.append((kind, col))
                expect_operand = True
            elif kind == "rp":
                while ops and ops[-1][0] != "lp":
                    reduce_top()
                if not ops:
                    raise ParseError("unexpected token ')'; expected end of input", column=col)
                ops.pop()
            else:
                raise ParseError(f"unexpected token '{_TOKEN_TEXT.get(kind, tok)}'; expected end of formula",
                                 column=col)
    if expect_operand:
        raise ParseError("unexpected end of input; expected term", column=end_column)
    while ops:
        if ops[-1][0] == "lp":
            raise ParseError("unexpected end of input; expected ')'", column=end_column)
        reduce_top()
    assert len(operands) == 1
    return operands[0]


sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
