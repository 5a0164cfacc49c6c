"""Theorem statements: `theorem NAME (P Q : Prop) (h1 : A1) … : G := by`, parsed and printed.

A Theorem is the pinned statement a proof is checked against. It converts to and from a Sequent;
its printed statement is exactly what gentzen sends to Lean.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from gentzen.core.formula import Formula, parse_formula, to_lean
from gentzen.core.sequent import Sequent, parse_sequent
from gentzen.core.syntax import KEYWORDS as _TAC_KEYWORDS, MAYBE_KEYWORDS, is_lean_ident
from gentzen.errors import ParseError

IDENT = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")
KEYWORDS = frozenset({"theorem", "example", "by", "have", "fun", "let", "show", "from", "at", "with",
                      "do", "then", "else", "if", "match", "Prop", "Type", "Sort", "True", "False"})


_BAD_BINDERS = KEYWORDS | _TAC_KEYWORDS | MAYBE_KEYWORDS | {"_"}


class UnsupportedStatement(ParseError):
    """A statement Lean accepts that gentzen's kernel does not model (reported as `unsupported`)."""


@dataclass(frozen=True)
class Theorem:
    """A propositional theorem: declared atoms, named premises, goal."""

    name: str
    atoms: tuple[str, ...]
    hyps: tuple[tuple[str, Formula], ...]
    goal: Formula

    def __post_init__(self) -> None:
        # Binder names must be identifiers Lean's tokenizer reads as such (Lean.isIdFirst/isIdRest are
        # ASCII plus Greek and a few letter-like blocks: `é` is not one), and not keywords.
        for x in self.atoms + tuple(h for h, _ in self.hyps):
            if not all(is_lean_ident(part) for part in x.split(".")) or x in _BAD_BINDERS:
                raise ParseError(f"`{x}` is not a Lean identifier usable as a binder name")

    @classmethod
    def from_sequent(cls, seq: Sequent | str, name: str = "t", hyp_prefix: str = "h") -> "Theorem":
        if isinstance(seq, str):
            seq = parse_sequent(seq)
        hyps = tuple((f"{hyp_prefix}{i + 1}", p) for i, p in enumerate(seq.premises))
        return cls(name, tuple(seq.atoms), hyps, seq.goal)

    @property
    def sequent(self) -> Sequent:
        return Sequent(tuple(f for _, f in self.hyps), self.goal, self.atoms)

    def statement(self) -> str:
        """The Lean header, ending in `:= by`."""
        return self._statement

    @cached_property
    def _statement(self) -> str:
        parts = [f"theorem {self.name}"]
        if self.atoms:
            parts.append(f"({' '.join(self.atoms)} : Prop)")
        parts.extend(f"({h} : {to_lean(f)})" for h, f in self.hyps)
        return " ".join(parts) + f" : {to_lean(self.goal)} := by"

    @cached_property
    def by_column(self) -> int:
        return len(self.statement()) - 2

    @property
    def name_span(self) -> tuple[int, int]:
        return 8, 8 + len(self.name)

    def __str__(self) -> str:
        return self.statement()


def parse_theorem(text: str, *, default_name: str = "t") -> Theorem:
    """Parse a Lean statement (`:= by` optional) or, failing the `theorem` keyword, a sequent."""
    if not isinstance(text, str):
        raise ParseError("theorem must be text")
    s = text.strip()
    if not s.startswith(("theorem ", "theorem\t", "example")):
        return Theorem.from_sequent(parse_sequent(s), name=default_name)
    thm, _rest = parse_statement(s)
    return thm


def parse_statement(text: str) -> tuple[Theorem, str]:
    """Parse `theorem NAME binders : G :=` at the start of text; return it and the text after `:=`."""
    pos = 0
    n = len(text)

    def skip_ws() -> None:
        nonlocal pos
        while pos < n and text[pos] in " \t\r\n":
            pos += 1

    if text.startswith("example"):
        name = "example"
        pos = len("example")
    else:
        pos = len("theorem")
        skip_ws()
        m = IDENT.match(text, pos)
        if not m:
            raise ParseError("expected a theorem name after `theorem`", line=1, column=pos)
        name = m.group()
        pos = m.end()
    atoms: list[str] = []
    hyps: list[tuple[str, Formula]] = []
    while True:
        skip_ws()
        if pos < n and text[pos] in "({":
            # explicit `(P : Prop)` or implicit `{P : Prop}` binders (Term.explicitBinder / implicitBinder,
            # src/Lean/Parser/Term.lean); a binder's type may itself contain parentheses: find the match
            opener = text[pos]
            closer = ")" if opener == "(" else "}"
            depth, j = 0, pos
            while j < n:
                if text[j] == opener:
                    depth += 1
                elif text[j] == closer:
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            close = j if j < n else -1
            if close < 0:
                raise ParseError("unclosed binder '('", line=1, column=pos)
            inner = text[pos + 1:close]
            colon = inner.find(":")
            if colon < 0:
                raise ParseError("expected ':' in binder", line=1, column=pos)
            names = inner[:colon].split()
            if not names or not all(IDENT.fullmatch(x) and x not in KEYWORDS for x in names):
                raise ParseError("expected binder names", line=1, column=pos + 1)
            tytext = inner[colon + 1:]
            if tytext.strip() == "Prop":
                atoms.extend(names)
            else:
                f = parse_formula(tytext, atoms=set(atoms), offset=pos + 1 + colon + 1)
                hyps.extend((x, f) for x in names)
            pos = close + 1
        elif pos < n and text[pos] == ":":
            pos += 1
            end = text.find(":=", pos)
            if end < 0:
                raise ParseError("expected ':=' after the theorem's type", line=1, column=n)
            if "∀" in text[pos:end] or "forall" in text[pos:end].split():
                # `∀ (P : Prop), φ` needs `intro P` first: its atoms are not in scope at the start, which
                # the kernel's goals do not model; refusing is safer than treating them as binders.
                raise UnsupportedStatement("a `∀` statement is outside gentzen's proof language (Lean accepts it; check it "
                                 "with `--backend repl`); bind the atoms before the colon: `(P : Prop)`",
                                 line=1, column=pos + text[pos:end].find("∀"))
            goal = parse_formula(text[pos:end], atoms=set(atoms), offset=pos)
            return Theorem(name, tuple(atoms), tuple(hyps), goal), text[end + 2:]
        else:
            raise ParseError("expected a binder '(' or ':'", line=1, column=pos)


@dataclass(slots=True)
class ProofParts:
    """A proof text split after its statement (`split_surface`).

    Tactic mode: `body` is the tactic block, `first` the line of its first line; when the tactics start on
    the `by` line, that line is in `body` with spaces in place of everything before the first tactic, so
    columns stay those of the text. Term mode (`:= t`): `body` is None and `term_at` is the offset of t
    in `text` (the BOM-stripped input)."""

    theorem: "Theorem | None"
    body: str | None
    first: int
    text: str
    term_at: int = -1
    by_form: str = "own_line"     # own_line | same_line (tactics after `by`) | next_line (`by` below `:=`)
    by_pos: tuple | None = None   # (line, column) of `by` in the text


def split_surface(text: str) -> ProofParts:
    """Split `theorem … := by …` / `theorem … := t` as Lean's `declBody` reads it: `by` on the statement
    line or on a later line, tactics after `by` on the same line, or a term (src/Lean/Parser/Command.lean,
    `declValSimple`; src/Lean/Parser/Term.lean, `byTactic`). Comments must already be blanked."""
    s = text.lstrip("\ufeff")
    if not s.lstrip().startswith(("theorem", "example")):
        return ProofParts(None, s, 2, s)
    lead = len(s) - len(s.lstrip())
    thm, rest = parse_statement(s[lead:])
    k = len(s) - len(rest)
    n = len(s)
    while k < n and s[k] in " \t\r\n":
        k += 1
    line0 = s.count("\n", 0, k)  # 0-based line of the first token after `:=`
    next_line = line0 != s.count("\n", 0, len(s) - len(rest))
    if s.startswith("by", k) and (k + 2 == n or not _lean_id_rest(s[k + 2])):
        by_pos = (1 + line0, k - (s.rfind("\n", 0, k) + 1))
        after = k + 2
        nl = s.find("\n", after)
        same = s[after: nl if nl >= 0 else n]
        if same.strip():
            col = after - (s.rfind("\n", 0, after) + 1) + len(same) - len(same.lstrip(" "))
            body = " " * col + same.strip(" ") + (s[nl:] if nl >= 0 else "")
            return ProofParts(thm, body, 1 + line0, s, by_form="same_line", by_pos=by_pos)
        return ProofParts(thm, s[nl + 1:] if nl >= 0 else "", 2 + line0, s,
                          by_form="next_line" if next_line else "own_line", by_pos=by_pos)
    return ProofParts(thm, None, 1 + line0, s, term_at=k)


def _lean_id_rest(c: str) -> bool:
    return c.isalnum() or c in "_'!?"


def split_proof(text: str) -> tuple[Theorem | None, str, int]:
    """Split `theorem … := by\\n  tactics` into (theorem, tactic block, line of the first tactic line).

    Text that does not start with `theorem`/`example` is a bare tactic block (theorem None).
    """
    s = text.lstrip("\ufeff")
    if not s.lstrip().startswith(("theorem", "example")):
        return None, s, 2
    lead = len(s) - len(s.lstrip())
    head_lines = s[:lead].count("\n")
    thm, rest = parse_statement(s.lstrip())
    after = rest.lstrip(" \t")
    if not after.startswith("by"):
        raise ParseError("only tactic proofs (`:= by`) are in the proof language", line=1 + head_lines)
    after = after[2:]
    nl = after.find("\n")
    if after[: nl if nl >= 0 else len(after)].strip():
        raise ParseError("the tactic block must start on the line after `:= by`", line=1 + head_lines)
    body = after[nl + 1:] if nl >= 0 else ""
    stmt_lines = s.lstrip()[: len(s.lstrip()) - len(rest)].count("\n")
    return thm, body, 2 + head_lines + stmt_lines
