"""The parsed forms of proof text: term nodes (names, application, `⟨…⟩`, `fun`, `match`, …), a tactic,
a line (bullet + tactic), and the syntax error every parser raises. Values only: parsing is in
term_parser.py (terms) and syntax.py (tactic lines)."""

from __future__ import annotations

from dataclasses import dataclass

from gentzen.core.logic.formula import Formula


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
class Hyp:
    """`‹φ›`: a hypothesis of type φ, found as `assumption` finds it (Init/Tactics.lean: `(by assumption : φ)`)."""
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
