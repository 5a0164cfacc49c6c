"""Theorem statements: `theorem NAME (P Q : Prop) (h1 : A1) … : G := by`, parsed and printed.

A Theorem is the pinned statement a proof is checked against. It converts to and from a Sequent;
its printed statement is exactly what gentzen sends to Lean.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property

from gentzen.core.elaboration.constants import PROP
from gentzen.core.logic.formula import Formula, parse_formula, to_lean
from gentzen.core.proof.goals import ATOM_ID, display_names, rename_atoms, shadowed_atom, written_name
from gentzen.core.logic.sequent import Sequent, parse_sequent
from gentzen.core.text.words import KEYWORDS as _TAC_KEYWORDS, MAYBE_KEYWORDS, is_lean_ident
from gentzen.errors import ParseError

IDENT = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")
KEYWORDS = frozenset({"theorem", "example", "by", "have", "fun", "let", "show", "from", "at", "with",
                      "do", "then", "else", "if", "match", "Prop", "Type", "Sort", "True", "False"})


_BAD_BINDERS = KEYWORDS | _TAC_KEYWORDS | MAYBE_KEYWORDS | {"_"}


_BRACKETS = {"(": ")", "{": "}", "⦃": "⦄"}


class UnsupportedStatement(ParseError):
    """A statement Lean accepts that gentzen's kernel does not model (reported as `unsupported`)."""


class StatementSyntaxError(ParseError):
    """A statement Lean's parser rejects too (reported as `parse`, with Lean's message)."""


@dataclass(frozen=True)
class Theorem:
    """A propositional theorem: declared atoms, named premises, goal.

    `atoms` are ids: the binder's name, or `shadowed_atom(name, k)` for an atom a later binder shadows.
    `layout` keeps the binders as written, ((bracket, count, are atoms), …) taking atoms and hyps in order;
    empty means one explicit group of all atoms, then one binder per hypothesis. `keyword`: theorem|example.
    """

    name: str
    atoms: tuple[str, ...]
    hyps: tuple[tuple[str, Formula], ...]
    goal: Formula
    layout: tuple[tuple[str, int, bool], ...] = ()
    keyword: str = "theorem"

    def __post_init__(self) -> None:
        # Binder names must be identifiers Lean's tokenizer reads as such (Lean.isIdFirst/isIdRest are
        # ASCII plus Greek and a few letter-like blocks: `é` is not one), and not keywords.
        for x in self.atoms + tuple(h for h, _ in self.hyps):
            if "✝" in x and ATOM_ID.fullmatch(x):
                x = written_name(x)
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

    def with_atoms_renamed(self, ren: dict[str, str]) -> "Theorem":
        """The same statement with atom `a` written `ren[a]` in its binders, premises and goal."""
        return replace(self, atoms=tuple(ren.get(a, a) for a in self.atoms), goal=rename_atoms(self.goal, ren),
                       hyps=tuple((h, rename_atoms(f, ren)) for h, f in self.hyps))

    def binders(self):
        """The binders in written order: (bracket, names, type), type PROP or a Formula."""
        if not self.layout:
            if self.atoms:
                yield "(", self.atoms, PROP
            for h, f in self.hyps:
                yield "(", (h,), f
            return
        a = h = 0
        for bracket, n, are_atoms in self.layout:
            if are_atoms:
                yield bracket, self.atoms[a:a + n], PROP
                a += n
            else:
                yield bracket, tuple(x for x, _ in self.hyps[h:h + n]), self.hyps[h][1]
                h += n

    def context(self) -> tuple:
        """The initial proof context: (name, type, inaccessible) in binder order; a shadowed atom is kept
        under its id, inaccessible (no name reaches it), as Lean keeps the shadowed local."""
        return tuple((x, ty, ty is PROP and "✝" in x) for _, names, ty in self.binders() for x in names)

    def shown(self, model: dict) -> dict:
        """A countermodel (atom id -> value) keyed by the atoms' names as Lean prints them here (`p✝`)."""
        if not any("✝" in x for x in model):
            return model
        ctx = self.context()
        names = dict(zip((x for x, _, _ in ctx), display_names(ctx)))
        return {names.get(x, x): v for x, v in model.items()}

    def statement(self) -> str:
        """The Lean header as written (keyword, binders and brackets), ending in `:= by`."""
        return self._statement

    @cached_property
    def _statement(self) -> str:
        parts = ["example" if self.keyword == "example" else f"theorem {self.name}"]
        shadowed = {x: written_name(x) for x in self.atoms if "✝" in x}
        show = (lambda f: to_lean(rename_atoms(f, shadowed))) if shadowed else to_lean
        for bracket, names, ty in self.binders():
            written = " ".join(written_name(x) for x in names)
            parts.append(f"{bracket}{written} : {'Prop' if ty is PROP else show(ty)}{_BRACKETS[bracket]}")
        return " ".join(parts) + f" : {show(self.goal)} := by"

    @cached_property
    def by_column(self) -> int:
        return len(self.statement()) - 2

    @property
    def name_span(self) -> tuple[int, int]:
        return (0, 7) if self.keyword == "example" else (8, 8 + len(self.name))

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


def _scan_statement(text: str):
    """Read `theorem NAME binders : G :=` / `example binders : G :=` at the start of text, as Lean's
    `declSig` does: (keyword, name, [(bracket, names, type text, type offset)],
    goal offset, offset of `:=`). Binders: explicit `()`, implicit `{}`, strict-implicit `⦃⦄`
    (Term.explicitBinder / implicitBinder / strictImplicitBinder, src/Lean/Parser/Term.lean)."""
    pos = 0
    n = len(text)

    def skip_ws() -> None:
        nonlocal pos
        while pos < n and text[pos] in " \t\r\n":
            pos += 1

    if text.startswith("example") and (len(text) == 7 or not _lean_id_rest(text[7])):
        keyword = name = "example"
        pos = len("example")
    else:
        keyword = "theorem"
        pos = len("theorem")
        skip_ws()
        m = IDENT.match(text, pos)
        if not m:
            raise ParseError("expected a theorem name after `theorem`", line=1, column=pos)
        name = m.group()
        if name in KEYWORDS and name not in ("True", "False"):
            # `declId` wants an identifier; a keyword is a token of its own (Lean: "unexpected token 'φ';
            # expected identifier" for any non-identifier token there)
            raise StatementSyntaxError(f"unexpected token '{name}'; expected identifier", line=1, column=pos)
        pos = m.end()
    binders = []
    while True:
        skip_ws()
        if pos < n and text[pos] in _BRACKETS:
            # a binder's type may itself contain parentheses: find the match
            opener = text[pos]
            closer = _BRACKETS[opener]
            depth, j = 0, pos
            while j < n:
                if text[j] == opener:
                    depth += 1
                elif text[j] == closer:
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if j >= n:
                raise ParseError(f"unclosed binder '{opener}'", line=1, column=pos)
            inner = text[pos + 1:j]
            colon = inner.find(":")
            if colon < 0:
                raise ParseError("expected ':' in binder", line=1, column=pos)
            names = inner[:colon].split()
            if not names or not all(IDENT.fullmatch(x) and x not in KEYWORDS for x in names):
                raise ParseError("expected binder names", line=1, column=pos + 1)
            binders.append((opener, names, inner[colon + 1:], pos + 1 + colon + 1))
            pos = j + 1
        elif pos < n and text[pos] == ":":
            pos += 1
            end = text.find(":=", pos)
            if end < 0:
                raise ParseError("expected ':=' after the theorem's type", line=1, column=n)
            return keyword, name, binders, pos, end
        else:
            raise ParseError("expected a binder '(' or ':'", line=1, column=pos)


def free_names(text: str) -> set[str]:
    """The identifiers a statement's types use before any binder of its own binds them: what it mentions
    of the section's `variable`s (a re-bound name is the new binder's, not the variable's)."""
    _kw, _name, binders, goal_at, end = _scan_statement(text)
    bound: set[str] = set()
    out: set[str] = set()
    for _b, names, tytext, _at in binders:
        out.update(x for x in IDENT.findall(tytext) if x not in bound)
        bound.update(names)
    out.update(x for x in IDENT.findall(text, goal_at, end) if x not in bound)
    return out


def parse_statement(text: str) -> tuple[Theorem, str]:
    """Parse `theorem NAME binders : G :=` at the start of text; return it and the text after `:=`.

    Names bind as Lean binds them: the innermost binder of a name wins, so an atom whose name a later
    binder re-uses is a distinct atom (`shadowed_atom`), and the types after it mean the new binder."""
    keyword, name, binders, goal_at, end = _scan_statement(text)
    last = {}  # name -> index of its last binder occurrence
    k = 0
    for _b, names, _t, _at in binders:
        for x in names:
            last[x] = k
            k += 1
    scope: dict[str, str | None] = {}  # name -> the atom id it means now (None: a hypothesis)
    atoms: list[str] = []
    hyps: list[tuple[str, Formula]] = []
    layout = []
    k = 0

    def read(tytext: str, at: int) -> Formula:
        if "∀" in tytext or "forall" in tytext.split():
            # `∀ (P : Prop), φ` needs `intro P` first: its atoms are not in scope at the start, which
            # the kernel's goals do not model; refusing is safer than treating them as binders.
            raise UnsupportedStatement("a `∀` statement is outside gentzen's proof language (Lean accepts it; check "
                                       "it with `--backend repl`); bind the atoms before the colon: `(P : Prop)`",
                                       line=1, column=at + tytext.find("∀"))
        try:
            f = parse_formula(tytext, lean=True, atoms={x for x, a in scope.items() if a is not None}, offset=at)
        except ParseError as e:
            m = re.match(r"Unknown identifier `(.+)`$", e.message)
            if m and m.group(1) in scope:
                raise UnsupportedStatement(f"`{m.group(1)}` names a hypothesis here, not a proposition (a later "
                                           "binder re-used the name): Lean rejects this statement (type expected), "
                                           "with a message the kernel does not reproduce", line=1,
                                           column=e.column) from None
            raise
        ren = {x: a for x, a in scope.items() if a is not None and a != x}
        return rename_atoms(f, ren) if ren else f

    for bracket, names, tytext, at in binders:
        if tytext.strip() == "Prop":
            for x in names:
                atom = x if last[x] == k else shadowed_atom(x, k)
                atoms.append(atom)
                scope[x] = atom
                k += 1
            layout.append((bracket, len(names), True))
        else:
            f = read(tytext, at)
            hyps.extend((x, f) for x in names)
            for x in names:
                scope[x] = None
            k += len(names)
            layout.append((bracket, len(names), False))
    goal = read(text[goal_at:end], goal_at)
    default = ((("(", len(atoms), True),) if atoms else ()) + (("(", 1, False),) * len(hyps)
    thm = Theorem(name, tuple(atoms), tuple(hyps), goal, () if tuple(layout) == default else tuple(layout), keyword)
    return thm, text[end + 2:]


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
