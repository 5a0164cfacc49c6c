"""What term elaboration shares with the modules below the elaborator: the constants of the proof
language and their arities, the type `Prop`, the scopes set per check (`import Gentzen.ND`, opened
namespaces), hypothesis lookup in a context, and `ElabErr` with its `unsupported` wording."""

from __future__ import annotations

from contextvars import ContextVar

from gentzen.core.logic.formula import to_lean


PROP = "Prop"  # the type of an atom: a hypothesis `P : Prop`


# True while the kernel checks a proof whose file has `import Gentzen.ND` (see gentzen/core/elaboration/nd.py).
ND_SCOPE: ContextVar[bool] = ContextVar("gentzen_nd_import", default=False)


# The namespaces the file opens (`open Classical`) while the kernel checks one of its proofs: an identifier
# not in scope resolves to `N.name` for an open N, as Lean's name resolution does (ResolveName.lean).
OPENS: ContextVar[tuple] = ContextVar("gentzen_opens", default=())


def opened(name: str, known) -> list[str]:
    """The full names `N.name` in `known` for the namespaces N the file opens, sorted (more than one: ambiguous)."""
    return sorted({f"{ns}.{name}" for ns in OPENS.get() if f"{ns}.{name}" in known})


# Explicit-argument counts of the constants in the proof language.
CONSTANTS = {
    "And.intro": 2, "And.left": 1, "And.right": 1, "Or.inl": 1, "Or.inr": 1, "Or.elim": 3,
    "Or.resolve_left": 2, "Or.resolve_right": 2, "absurd": 2, "Not.elim": 2, "Not.intro": 1,
    "False.elim": 1, "mt": 2, "Iff.intro": 2, "Iff.mp": 1, "Iff.mpr": 1, "Classical.em": 1,
    "Classical.byContradiction": 1, "Classical.not_not.mp": 1, "Classical.not_not.mpr": 1,
    "not_not_intro": 1, "id": 1, "trivial": 0, "True.intro": 0,
    "And.symm": 1, "Or.symm": 1, "Iff.symm": 1, "Classical.byCases": 2, "Or.intro_left": 2, "Or.intro_right": 2,
}


# How every `unsupported` message ends: the construct may be valid Lean, and this is how to ask Lean.
ASK_LEAN = "Lean may accept it (check with `--backend repl` or `--backend both`)"


# Errors Lean's elaborator may avoid by postponing the term until its expected type is known
# (`postponeElabTerm`, Lean/Elab/SyntheticMVars.lean): where the kernel, elaborating in a simpler order, has
# no expected type, Lean may have one, so these are `unsupported`, never a Lean error.
POSTPONED = ("don't know how to synthesize", "invalid constructor ⟨...⟩, expected type must be known",
             "Invalid dotted identifier notation: The expected type")


def definite(e: "ElabErr", term) -> "ElabErr":
    """A postponed-kind error on the whole term of a place with no expected type at all in Lean either
    (`have h := t`): Lean's own error, its text without the kernel's note."""
    if e.kind == "unsupported" and e.message.startswith(POSTPONED) and e.col == term.col:
        return ElabErr("type_mismatch", e.message.split(_POSTPONE_NOTE)[0], term)
    return e


_POSTPONE_NOTE = (f"\n(gentzen's kernel had no expected type here; Lean elaborates in another order and may "
                  f"have one: {ASK_LEAN})")


class ElabErr(Exception):
    def __init__(self, kind: str, message: str, node) -> None:
        super().__init__(message)
        self.kind, self.message = kind, message
        self.col, self.end = node.col, node.end


def _raise(kind: str, message: str, node):
    raise ElabErr(kind, message, node)


def lookup(ctx, name: str):
    """The type of the last accessible hypothesis called `name`, or None."""
    for h in reversed(ctx):
        if h[0] == name and not h[2]:
            return h[1]
    return None


def type_str(t) -> str:
    return "Prop" if t is PROP else to_lean(t)
