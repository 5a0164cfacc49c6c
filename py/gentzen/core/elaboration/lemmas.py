"""Earlier theorems of the same file used as lemmas (`theorem and_swap (h : A ∧ B) : B ∧ A` then `and_swap h`).

A lemma is its binders in order (a proposition `(p : Prop)` / `{p : Prop}` or a hypothesis `(h : φ)`) and its
conclusion, with its own atoms as metavariables `?p`; an application instantiates them from the explicit
arguments, the argument types and the expected type, as Lean's `elabAppArgs` (Lean/Elab/App.lean) does for these
first-order propositional types. The file reader offers a theorem as a lemma only when the kernel accepted it.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass

from gentzen.core.elaboration.constants import PROP
from gentzen.core.logic.formula import FALSE, And, Atom, Formula, Iff, Imp, Not, Or, to_lean

# name -> Lemma, while the kernel checks a proof of a file whose earlier theorems were accepted
LEMMAS: ContextVar[dict] = ContextVar("gentzen_lemmas", default={})


@dataclass(frozen=True)
class Lemma:
    params: tuple   # (name, "prop" | "hyp", explicit, pattern or None)
    concl: Formula  # the conclusion as a pattern over `?atom`

    def text(self) -> str:
        """A stable spelling (the resume key of a proof that may use it)."""
        return " ".join(f"{'(' if e else '{'}{n} : {'Prop' if k == 'prop' else to_lean(t)}{')' if e else '}'}"
                        for n, k, e, t in self.params) + " : " + to_lean(self.concl)


def make_lemma(thm) -> Lemma | None:
    """From the cited theorem's elaborated statement (a core.theorem.Theorem): every binder in order, by position
    (two hypotheses of one name are two parameters; a shadowed atom is its own metavariable). None when a binder is
    one the kernel cannot apply as Lean does: an implicit or strict-implicit hypothesis (`{h : p}`: Lean cannot
    synthesize a proof for it), or a strict-implicit proposition."""
    ren = {a: Atom("?" + a) for a in thm.atoms}
    params = []
    for bracket, names, ty in thm.binders():
        if bracket == "⦃" or (ty is not PROP and bracket != "("):
            return None
        for x in names:
            params.append((x, "prop", bracket == "(", None) if ty is PROP else (x, "hyp", True, _inst(ty, ren)))
    return Lemma(tuple(params), _inst(thm.goal, ren))


def elab_lemma(el, lem: Lemma, node, args, hint, err):
    """The type of `lem a₁ … aₙ` (the elaborator `el`, the head `node`, `err(kind, message, at)` raises)."""
    s: dict = {}
    explicit = [p for p in lem.params if p[2]]
    own, rest = args[: len(explicit)], args[len(explicit):]
    if hint is not None and len(own) == len(explicit) and not rest and all(k == "hyp" for _n, k, _e, _t in explicit):
        # the expected type first (`propagateExpectedType`, Lean/Elab/App.lean): implicit propositions from it,
        # so a wrong argument is an `Application type mismatch` at that argument, as Lean reports it
        first: dict = {}
        if _unify(lem.concl, hint, first):
            s = first
    for i, ((name, kind, _e, pat), a) in enumerate(zip(explicit, own)):
        if kind == "prop":
            s["?" + name] = el.prop(a)
            continue
        want = _inst(pat, s)
        if "?" not in to_lean(want):
            el.check(a, want, app=(node, tuple(own[: i + 1])))
            continue
        got = el.infer(a, None)
        if got is PROP or not _unify(pat, got, s):
            err("type_mismatch", el._mm(a, got, to_lean(want), (node, tuple(own[: i + 1]))), a)
    ty = lem.concl
    if rest and len(own) == len(explicit):
        before = len(rest)
        s, rest = _premises(el, lem, node, args, own, rest, hint, s, err)
        ty = _peel(ty, before - len(rest))
    for name, kind, _e, pat in reversed(explicit[len(own):]):
        if kind == "prop":
            err("unsupported", f"`{node.name}` applied to fewer propositions than it takes (a `∀` over `Prop`) is "
                "outside gentzen's proof language; Lean may accept it (check with `--backend repl` or "
                "`--backend both`)", node)
        ty = Imp(pat, ty)
    if "?" in to_lean(ty) and hint is not None and not rest:
        _unify(ty, hint, s)
    out = _inst(ty, s)
    if "?" in to_lean(out):
        err("unsupported", f"don't know how to synthesize implicit argument of `{node.name}`\n(gentzen's kernel had "
            "no expected type here; Lean elaborates in another order and may have one: Lean may accept it (check "
            "with `--backend repl` or `--backend both`))", node)
    return out, rest


def _peel(ty: Formula, n: int) -> Formula:
    for _ in range(n):
        ty = ty.args[1]
    return ty


def _premises(el, lem: Lemma, node, args, own, rest, hint, s: dict, err):
    """More arguments than explicit binders: the conclusion's leading `→` premises take them (elabAppArgs goes on
    with the function type `?A ∧ ?B → ?B ∧ ?A`), with the expected type first when every argument is consumed
    (propagateExpectedType). Returns the substitution and the arguments left for the caller."""
    ty, n = lem.concl, 0
    while n < len(rest) and ty.kind == "imp":
        ty, n = ty.args[1], n + 1
    if n == 0:
        return s, rest
    if hint is not None and n == len(rest):
        first = dict(s)
        if _unify(ty, hint, first):
            s = first
    ty = lem.concl
    for k, a in enumerate(rest[:n]):
        pat, ty = ty.args
        want = _inst(pat, s)
        app = (node, tuple(own) + tuple(rest[: k + 1]))
        if "?" not in to_lean(want):
            el.check(a, want, app=app)
            continue
        got = el.infer(a, None)
        if got is PROP or not _unify(pat, got, s):
            err("type_mismatch", el._mm(a, got, to_lean(want), app), a)
    return s, rest[n:]


def _mv(name: str) -> Formula:
    """A metavariable of a constant's type (`?a`); no user atom can start with `?`."""
    return Atom("?" + name)


def _unify(p: Formula, t: Formula, s: dict) -> bool:
    """isDefEq of a pattern with metavariables against a closed formula (first-order, `Not` unfolded lazily,
    as Lean's lazy delta reduction does when the heads differ)."""
    if p.kind == "atom" and p.name.startswith("?"):
        cur = s.get(p.name)
        if cur is not None:
            return cur.unf is t.unf
        s[p.name] = t
        return True
    if p.kind == t.kind:
        if p.kind == "atom":
            return p.name == t.name
        return all(_unify(a, b, s) for a, b in zip(p.args, t.args))
    if p.kind == "not":
        return _unify(Imp(p.args[0], FALSE), t, s)
    if t.kind == "not":
        return _unify(p, Imp(t.args[0], FALSE), s)
    return False


def _inst(p: Formula, s: dict) -> Formula:
    if p.kind == "atom":
        return s.get(p.name, p)
    if not p.args:
        return p
    args = tuple(_inst(a, s) for a in p.args)
    return {"not": lambda a: Not(a), "and": And, "or": Or, "imp": Imp, "iff": Iff}[p.kind](*args)
