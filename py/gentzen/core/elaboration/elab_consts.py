"""The constants of the proof language in the elaborator: `And.intro`, `Or.elim`, `absurd`, `mt`, …
with their implicit arguments fixed by the expected type, projections `.1/.left/.mp`, dotted
identifiers `.inl`, and partial application. A base class of elab.Elaborator."""

from __future__ import annotations

from gentzen.core.elaboration.constants import (ASK_LEAN, CONSTANTS, POSTPONED, PROP, _POSTPONE_NOTE, ElabErr,
                                    type_str)
from gentzen.core.elaboration.elab_print import ElabPrinter
from gentzen.core.logic.formula import FALSE, TRUE, And, Iff, Imp, Not, Or, to_lean
from gentzen.core.parsing.terms import App, DotId, Fun, Id


class ConstantElab(ElabPrinter):
    """Constants, projections and dotted identifiers for the Elaborator (elab.py), which inherits them."""

    __slots__ = ()

    def _constant(self, name, args, hint, node):
        """One constant applied to `args` (with the expected type `hint`, or None): its type, or ElabErr.
        Long because it is a table in code: one branch per constant of Lean's core logic (And.intro, Or.elim,
        absurd, …), each with Lean's own error text."""
        A = self._arg
        if name in ("trivial", "True.intro"):
            return TRUE
        if name == "id":
            return self.infer(args[0], hint) if hint is None else A(node, args, 0, hint)
        if name == "And.intro":
            if hint is not None and hint.kind == "and":
                return And(A(node, args, 0, hint.args[0]), A(node, args, 1, hint.args[1]))
            return And(A(node, args, 0, None), A(node, args, 1, None))
        if name in ("And.left", "And.right"):
            t = self._need(self.infer(args[0], None), "and", node, args, 0, "?a ∧ ?b")
            return t.args[0] if name == "And.left" else t.args[1]
        if name in ("Or.inl", "Or.inr"):
            if hint is None or hint.kind != "or":
                side = type_str(self.infer(args[0], None))
                shape = f"{side} ∨ ?b" if name == "Or.inl" else f"?a ∨ {side}"
                if hint is None:
                    raise ElabErr("unsupported", "don't know how to synthesize implicit argument "
                                  f"'{'b' if name == 'Or.inl' else 'a'}'\n  {self.pp(App(node, args, node.col, node.end))}"
                                  f" : {shape}" + _POSTPONE_NOTE, node)
                raise ElabErr("type_mismatch", f"Type mismatch\n  {self.pp_app(node, args)}\nhas type\n  {shape}\n"
                              f"but is expected to have type\n  {to_lean(hint)}", node)
            A(node, args, 0, hint.args[0] if name == "Or.inl" else hint.args[1])
            return hint
        if name == "Or.elim":
            h = self._need(self.infer(args[0], None), "or", node, args, 0, "?a ∨ ?b")
            c = hint
            if c is None:
                f = self.infer(args[1], None)
                if f is PROP or f.unf.kind != "imp":
                    raise ElabErr("type_mismatch", self._mm(args[1], f, "?a → ?c", (node, args[:2])),
                                  args[1])
                c = FALSE if f.kind == "not" else f.args[1]
            A(node, args, 1, Imp(h.args[0], c))
            A(node, args, 2, Imp(h.args[1], c))
            return c
        if name in ("Or.resolve_left", "Or.resolve_right"):
            h = self._need(self.infer(args[0], None), "or", node, args, 0, "?a ∨ ?b")
            left = name == "Or.resolve_left"
            A(node, args, 1, Not(h.args[0] if left else h.args[1]))
            return h.args[1] if left else h.args[0]
        if name in ("absurd", "Not.elim", "False.elim"):
            if name == "absurd":
                try:
                    a = A(node, args, 0, None)
                except ElabErr as e:
                    # Lean postpones an argument it cannot elaborate yet (`absurd ⟨hp, hq⟩ h`): `h : ¬a` fixes a
                    if not e.message.startswith(POSTPONED):
                        raise
                    n = self.infer(args[1], None)
                    if n is PROP or n.unf.kind != "imp" or n.unf.args[1] is not FALSE:
                        raise
                    a = A(node, args, 0, n.args[0] if n.kind == "not" else n.unf.args[0])
                A(node, args, 1, Not(a) if a is not PROP else Not(TRUE))
            elif name == "Not.elim":
                n = self.infer(args[0], None)
                if n is PROP or n.unf.kind != "imp" or n.unf.args[1] is not FALSE:
                    raise ElabErr("type_mismatch", self._mm(args[0], n, "¬?a", (node, args[:1])), args[0])
                A(node, args, 1, n.args[0])
            else:
                A(node, args, 0, FALSE)
            if hint is None:
                raise ElabErr("unsupported", f"don't know how to synthesize implicit argument\n  "
                              f"{self.pp_app(node, args)}" + _POSTPONE_NOTE, node)
            return hint
        if name == "Not.intro":
            if hint is not None and hint.unf.kind == "imp" and hint.unf.args[1] is FALSE:
                a = hint.args[0]
                A(node, args, 0, Imp(a, FALSE))
                return Not(a)
            f = self.infer(args[0], None)
            if f is PROP or f.unf.kind != "imp" or f.unf.args[1] is not FALSE:
                raise ElabErr("type_mismatch", self._mm(args[0], f, "?a → False", (node, args[:1])), args[0])
            return Not(f.args[0])
        if name == "mt":
            f = self.infer(args[0], None)
            if f is PROP or f.unf.kind != "imp":
                raise ElabErr("type_mismatch", self._mm(args[0], f, "?a → ?b", (node, args[:1])), args[0])
            a, b = (f.args[0], FALSE) if f.kind == "not" else f.args
            A(node, args, 1, Not(b))
            return Not(a)
        if name == "Iff.intro":
            if hint is not None and hint.kind == "iff":
                a, b = hint.args
                A(node, args, 0, Imp(a, b))
                A(node, args, 1, Imp(b, a))
                return hint
            f = self.infer(args[0], None)
            if f is PROP or f.kind != "imp":
                raise ElabErr("type_mismatch", self._mm(args[0], f, "?a → ?b", (node, args[:1])), args[0])
            A(node, args, 1, Imp(f.args[1], f.args[0]))
            return Iff(f.args[0], f.args[1])
        if name in ("And.symm", "Or.symm", "Iff.symm"):
            kind = name.split(".")[0].lower()
            shape = {"and": "?a ∧ ?b", "or": "?a ∨ ?b", "iff": "?a ↔ ?b"}[kind]
            h = self._need(self.infer(args[0], None), kind, node, args, 0, shape)
            return {"and": And, "or": Or, "iff": Iff}[kind](h.args[1], h.args[0])
        if name in ("Iff.mp", "Iff.mpr"):
            h = self._need(self.infer(args[0], None), "iff", node, args, 0, "?a ↔ ?b")
            return Imp(*h.args) if name == "Iff.mp" else Imp(h.args[1], h.args[0])
        if name == "Classical.em":
            p = self.prop(args[0])
            return Or(p, Not(p))
        if name in ("Or.intro_left", "Or.intro_right"):
            # `Or.intro_left {a : Prop} (b : Prop) (h : a) : a ∨ b` (Init/Prelude.lean; `intro_right` mirrored): the
            # proposition is explicit, `_` leaves it to the expected type
            left = name == "Or.intro_left"
            given = None if isinstance(args[0], Id) and args[0].name == "_" else self.prop(args[0])
            if hint is not None and hint.kind == "or":
                other = hint.args[1] if left else hint.args[0]
                if given is not None and given.unf is not other.unf:
                    raise ElabErr("type_mismatch", f"Type mismatch\n  {self.pp_app(node, args)}\nhas type\n  "
                                  f"{to_lean(Or(hint.args[0], given) if left else Or(given, hint.args[1]))}\n"
                                  f"but is expected to have type\n  {to_lean(hint)}", node)
                A(node, args, 1, hint.args[0] if left else hint.args[1])
                return hint
            if given is None:
                raise ElabErr("unsupported", "don't know how to synthesize placeholder" + _POSTPONE_NOTE, args[0])
            side = A(node, args, 1, None)
            return Or(side, given) if left else Or(given, side)
        if name == "Classical.byCases":
            # `Classical.byCases {p q : Prop} (hpq : p → q) (hnpq : ¬p → q) : q` (Init/Classical.lean): p comes
            # from the first argument's type, q from the expected type or that argument's codomain
            f = None
            if isinstance(args[0], Fun) and args[0].binders[0][1] is not None and hint is not None:
                # the expected type fixes q first (elabAppArgs propagates it before the arguments), so the
                # lambda is elaborated against `p → q` with p from its binder
                f = Imp(self.prop(args[0].binders[0][1]), hint)  # (the lambda itself is checked below)
            if f is None:
                f = self.infer(args[0], None) if not isinstance(args[0], Fun) or args[0].binders[0][1] is not None \
                    else None
            if f is None or f is PROP or f.kind != "imp":
                raise ElabErr("unsupported", "`byCases` whose first argument's hypothesis type is not written "
                              f"(`fun h : p => …`) is outside gentzen's proof language; {ASK_LEAN}", node)
            p, q = f.args
            if hint is not None:
                A(node, args, 0, Imp(p, hint))
                q = hint
            A(node, args, 1, Imp(Not(p), q))
            return q
        if name == "Classical.byContradiction":
            if hint is not None:
                A(node, args, 0, Imp(Not(hint), FALSE))
                return hint
            f = self.infer(args[0], None)
            if f is PROP or f.unf.kind != "imp" or f.unf.args[1] is not FALSE or f.args[0].kind != "not":
                raise ElabErr("type_mismatch", self._mm(args[0], f, "¬?p → False", (node, args[:1])),
                              args[0])
            return f.args[0].args[0]
        if name == "Classical.not_not.mp":
            if hint is not None:
                A(node, args, 0, Not(Not(hint)))
                return hint
            n = self.infer(args[0], None)
            if n is PROP or n.kind != "not" or n.args[0].kind != "not":
                raise ElabErr("type_mismatch", self._mm(args[0], n, "¬¬?a", (node, args[:1])), args[0])
            return n.args[0].args[0]
        if name in ("Classical.not_not.mpr", "not_not_intro"):
            if hint is not None and hint.kind == "not" and hint.args[0].kind == "not":
                A(node, args, 0, hint.args[0].args[0])
                return hint
            return Not(Not(A(node, args, 0, None)))
        raise AssertionError(name)

    def _project(self, ty, field: str, base, node, hint=None):
        if ty is not PROP and ty.kind == "and" and field in ("1", "2", "left", "right"):
            return ty.args[0] if field in ("1", "left") else ty.args[1]
        if ty is not PROP and ty.kind == "iff" and field in ("1", "2", "mp", "mpr"):
            return Imp(*ty.args) if field in ("1", "mp") else Imp(ty.args[1], ty.args[0])
        if field.isdigit():
            raise ElabErr("type_mismatch", f"Invalid projection: Expected a value whose type is a structure\n  "
                          f"{self.pp(base)}\nhas type\n  {type_str(ty)}", node)
        kind = getattr(ty, "kind", "")
        const = _field_const(ty, field)
        if const is not None:  # a function field used without arguments (`h.symm`, `h.resolve_left`)
            return self._ident(Id(const, node.col, node.end), hint, (base,), whole=node)
        head = _HEAD.get(kind)
        if head is not None:
            # gentzen knows only some of `{head}`'s lemmas: never claim Lean's environment lacks one
            raise ElabErr("unsupported", f"`{self.pp(base)}.{field}` is field notation for `{head}.{field}`, which "
                          f"gentzen's proof language does not include; {ASK_LEAN}", node)
        if kind == "imp":  # Lean resolves fields of a function type in the `Function` namespace
            raise ElabErr("unsupported", f"field notation on an implication (`Function.{field}`) is outside "
                          f"gentzen's proof language; {ASK_LEAN}", node)
        raise ElabErr("type_mismatch", f"Invalid field notation: Type is not of the form `C ...` where C is a "
                      f"constant\n  {self.pp(base)}\nhas type\n  {type_str(ty)}", node)

    def _dot(self, node: DotId, args, hint, whole):
        """`.inl h`: the constant `C.inl` where C is the head of the expected type (not unfolded)."""
        name = node.name
        if hint is None:
            # Lean's text (ErrorExplanations/InvalidDottedIdent.lean), but Lean postpones such a term until
            # the expected type is known, and the kernel's elaboration order is simpler than Lean's: where the
            # kernel has no expected type, Lean may have one.
            raise ElabErr("unsupported", f"Invalid dotted identifier notation: The expected type of `.{name}` "
                          "could not be determined" + _POSTPONE_NOTE, node)
        head = _HEAD.get(hint.kind)
        if head is None:
            if hint.kind == "imp":
                raise ElabErr("unsupported", f"`.{name}` against a function type is outside gentzen's proof "
                              f"language; {ASK_LEAN}", node)
            raise ElabErr("type_mismatch", f"Invalid dotted identifier notation: the expected type\n  "
                          f"{to_lean(hint)}\nis not of the form `C ...` where C is a constant", node)
        full = f"{head}.{name}"
        if full not in CONSTANTS:
            raise ElabErr("unsupported", f"`.{name}` here names `{full}`, which gentzen's proof language does not "
                          f"include; {ASK_LEAN}", node)
        return self._ident(Id(full, node.col, node.end), hint, args, whole=whole)

    def _partial(self, name, node, args, arity, hint, whole):
        """A constant given fewer explicit arguments than it takes (`mt h1`): a function of the rest.

        With an expected type `D1 → … → C` the missing arguments are taken as its domains (eta
        expansion, which is what the partial application means); without one, `mt`/`resolve_*` have
        types determined by their first argument."""
        missing = arity - len(args)
        if hint is not None:
            doms, cod = [], hint
            for _ in range(missing):
                u = cod.unf
                if u.kind != "imp":
                    break
                d, cod = (cod.args[0], FALSE) if cod.kind == "not" else cod.args
                doms.append(d)
            if len(doms) == missing:
                extra = tuple(("x✝" + str(i), d, False) for i, d in enumerate(doms))  # untypable names
                sub = self._sub(self.ctx + extra)
                ids = tuple(Id(x, whole.end, whole.end) for x, _, _ in extra)
                try:
                    ty = sub._ident(node, cod, tuple(args) + ids, whole=whole)
                except ElabErr as e:
                    if "✝" not in e.message:
                        raise
                    ty = None
                if ty is not None and ty is not PROP and ty.unf is cod.unf:
                    return hint
                alone = self._partial(name, node, args, arity, None, whole) if name in _PARTIAL_ALONE else None
                if alone is None:
                    raise ElabErr("type_mismatch", f"Type mismatch\n  {self.pp(whole)}\ndoes not have the expected "
                                  f"type\n  {to_lean(hint)}", whole)
                return alone
        if name in _PARTIAL_ALONE and missing == 1:
            first = self.infer(args[0], None)
            if name == "mt":
                if first is PROP or first.unf.kind != "imp":
                    raise ElabErr("type_mismatch", self._mm(args[0], first, "?a → ?b", (node, args[:1])), args[0])
                a, b = (first.args[0], FALSE) if first.kind == "not" else first.args
                return Imp(Not(b), Not(a))
            h = self._need(first, "or", node, args, 0, "?a ∨ ?b")
            a, b = h.args
            return Imp(Not(a), b) if name == "Or.resolve_left" else Imp(Not(b), a)
        raise ElabErr("unsupported", f"partial application of `{name}` without an expected type is outside "
                      f"gentzen's proof language; {ASK_LEAN}", whole)


# Constants usable with generalized field notation on a hypothesis (`h.resolve_left hn` is
# `Or.resolve_left h hn`): their first explicit argument has the namespace's type
# (Lean.Elab.App, `addLValArg`: the first explicit argument whose type head is the namespace).
FIELD_CONSTS = frozenset("And.left And.right And.symm Or.elim Or.resolve_left Or.resolve_right Or.symm "
                         "Not.elim False.elim Iff.mp Iff.mpr Iff.symm".split())


_HEAD = {"and": "And", "or": "Or", "iff": "Iff", "not": "Not", "true": "True", "false": "False"}


_PARTIAL_ALONE = frozenset(("mt", "Or.resolve_left", "Or.resolve_right"))


# Fields `_project` reads directly off ∧ / ↔ (a projection, no constant application needed).
_NATIVE_FIELDS = frozenset(("1", "2", "left", "right", "mp", "mpr"))


def _field_const(ty, field: str) -> str | None:
    """The constant `h.field` stands for when it is one of FIELD_CONSTS (None otherwise)."""
    head = _HEAD.get(getattr(ty, "kind", ""))
    if head is None:
        return None
    const = f"{head}.{field}"
    return const if const in FIELD_CONSTS else None
