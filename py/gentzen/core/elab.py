"""Term elaboration: the type of a proof term in a context, with Lean 4.32's error messages.

Bidirectional like Lean's elaborator: an expected type flows into `⟨a, b⟩`, `Or.inl`, `absurd`,
… to fix their implicit arguments; arguments are checked against the function's domain
(`Application type mismatch`) and a whole term against its goal (`Type mismatch`).
"""

from __future__ import annotations

from contextvars import ContextVar

from gentzen.core.formula import FALSE, TRUE, And, Atom, Formula, Iff, Imp, Not, Or, to_lean
from gentzen.core.lemmas import LEMMAS, elab_lemma
from gentzen.core.syntax import Anon, App, Ascr, Comp, Conn, DotId, Fun, Have, Id, Match, Proj, Show

PROP = "Prop"  # the type of an atom: a hypothesis `P : Prop`
# True while the kernel checks a proof whose file has `import Gentzen.ND` (see gentzen/core/nd.py).
ND_SCOPE: ContextVar[bool] = ContextVar("gentzen_nd_import", default=False)
# The namespaces the file opens (`open Classical`) while the kernel checks one of its proofs: an identifier
# not in scope resolves to `N.name` for an open N, as Lean's name resolution does (ResolveName.lean).
OPENS: ContextVar[tuple] = ContextVar("gentzen_opens", default=())

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
# Constants usable with generalized field notation on a hypothesis (`h.resolve_left hn` is
# `Or.resolve_left h hn`): their first explicit argument has the namespace's type
# (Lean.Elab.App, `addLValArg`: the first explicit argument whose type head is the namespace).
FIELD_CONSTS = frozenset("And.left And.right And.symm Or.elim Or.resolve_left Or.resolve_right Or.symm "
                         "Not.elim False.elim Iff.mp Iff.mpr Iff.symm".split())
_HEAD = {"and": "And", "or": "Or", "iff": "Iff", "not": "Not", "true": "True", "false": "False"}
_LEAN_NAMESPACES = ("And.", "Or.", "Not.", "Iff.", "False.", "True.", "Classical.", "Decidable.", "Eq.",
                    "Function.", "Nat.", "Bool.", "Prop.")
_LEAN_NAMES = frozenset("not_not not_or not_and and_comm or_comm iff_of_eq propext absurd rfl "
                        "em byContradiction by_contra not_not_intro mt id trivial".split())
# Functions Lean prints with generalized field notation (`h.elim f g` for `Or.elim h f g`).
_FIELD_STYLE = {"Or.elim": "elim", "Or.resolve_left": "resolve_left", "Or.resolve_right": "resolve_right",
                "Not.elim": "elim", "False.elim": "elim", "And.left": "left", "And.right": "right",
                "Iff.mp": "mp", "Iff.mpr": "mpr", "And.symm": "symm", "Or.symm": "symm", "Iff.symm": "symm"}


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


class Elaborator:
    """Elaborates terms in one goal's context (a tuple of (name, type, inaccessible))."""

    __slots__ = ("ctx", "names")

    def __init__(self, ctx, names=None) -> None:
        self.ctx = ctx
        self.names = names  # the goal's NameIndex (goals.py), or None: scan ctx

    def _sub(self, ctx) -> "Elaborator":
        """An elaborator for `ctx`, this context extended by binders (`fun x =>`, eta-expansion)."""
        names = self.names
        return Elaborator(ctx, names.plus_all(ctx[len(self.ctx):]) if names is not None else None)

    # ---- entry points
    def check(self, t, expected: Formula, *, app=None) -> Formula:
        """Elaborate t against expected; mismatch is `Type mismatch` (or an application mismatch)."""
        ty = self.infer(t, expected)
        if ty is PROP or ty.unf is not expected.unf:
            if app is not None:
                raise ElabErr("type_mismatch", self._mm(t, ty, expected, app), t)
            raise ElabErr("type_mismatch",
                          f"Type mismatch\n  {self.pp(t)}\nhas type\n  {type_str(ty)}\n"
                          f"but is expected to have type\n  {to_lean(expected)}", t)
        return expected

    def prop(self, t) -> Formula:
        """Elaborate t as a proposition (for `Classical.em φ`)."""
        if isinstance(t, Conn):
            args = [self.prop(a) for a in t.args]
            return Not(args[0]) if t.op == "not" else {"and": And, "or": Or, "imp": Imp, "iff": Iff}[t.op](*args)
        if isinstance(t, Id):
            if t.name == "True":
                return TRUE
            if t.name == "False":
                return FALSE
            ty = lookup(self.ctx, t.name) if self.names is None else self.names.get(t.name)
            if ty is PROP:
                return Atom(t.name)
            if ty is None:
                raise ElabErr("unknown_identifier", f"Unknown identifier `{t.name}`", t)
        raise ElabErr("type_mismatch", f"type expected, got\n  ({self.pp(t)} : {type_str(self.infer(t, None))})", t)

    # ---- inference
    def infer(self, t, hint: Formula | None):
        if isinstance(t, Id):
            return self._ident(t, hint, ())
        if isinstance(t, App):
            if isinstance(t.fn, Id):
                return self._ident(t.fn, hint, t.args, whole=t)
            if isinstance(t.fn, DotId):
                return self._dot(t.fn, t.args, hint, t)
            if isinstance(t.fn, Proj) and t.fn.field not in _NATIVE_FIELDS:
                # `(h hp).elim f g`, `h.2.elim f g`: generalized field notation on a compound term is
                # `Or.elim (h hp) f g` (Lean.Elab.App, `addLValArg`), with the expected type
                base = self.infer(t.fn.term, None)
                const = _field_const(base, t.fn.field)
                if const is not None:
                    return self._ident(Id(const, t.fn.col, t.fn.end), hint, (t.fn.term,) + tuple(t.args), whole=t)
            return self._apply(self.infer(t.fn, None), t.fn, t.args)
        if isinstance(t, Proj):
            return self._project(self.infer(t.term, None), t.field, t.term, t)
        if isinstance(t, Anon):
            return self._anon(t, hint)
        if isinstance(t, Conn):
            self.prop(t)
            return PROP
        if isinstance(t, Fun):
            return self._fun(t, hint)
        if isinstance(t, (Show, Ascr)):  # `show φ from t` and `(t : φ)`: t is elaborated against φ
            ty = self.prop(t.ty)
            self.check(t.body if isinstance(t, Show) else t.term, ty)
            return ty
        if isinstance(t, Comp):
            return self._comp(t, hint)
        if isinstance(t, DotId):
            return self._dot(t, (), hint, t)
        if isinstance(t, Have):
            return self._have(t, hint)
        if isinstance(t, Match):
            return self._match(t, hint)
        raise AssertionError(t)

    def _match(self, t: Match, hint):
        """`match h with | inl a => b₁ | inr c => b₂` (Lean/Elab/Match.lean): one alternative per constructor of
        h's type (∨: inl, inr; ∧ and ↔: intro / ⟨a, b⟩), each body against the expected type with the fields bound."""
        ty = self.infer(t.scrut, None)
        kind = None if ty is PROP else ty.kind
        fields = {"or": {"inl": (ty.args[0],), "inr": (ty.args[1],)} if kind == "or" else None,
                  "and": {"intro": tuple(ty.args)} if kind == "and" else None,
                  "iff": {"intro": (Imp(*ty.args), Imp(ty.args[1], ty.args[0]))} if kind == "iff" else None}.get(kind)
        seen = [("intro" if c == "⟨⟩" else c) for c, _n, _col, _b in t.alts]
        if fields is None or sorted(seen) != sorted(fields) or any(len(n) != len(fields[c]) for c, (_c, n, _k, _b)
                                                                    in zip(seen, t.alts)):
            raise ElabErr("unsupported", "this `match` (its alternatives do not name each constructor of "
                          f"`{type_str(ty)}` once with all its fields) is outside gentzen's proof language; {ASK_LEAN}",
                          t)
        out = hint
        for ctor, (_c, names, col, body) in zip(seen, t.alts):
            ctx = self.ctx
            for name, fty in zip(names, fields[ctor]):
                ctx = _bind(ctx, (name,), fty, False, t, col, self.names)
            got = self._sub(ctx).check(body, out) if out is not None else self._sub(ctx).infer(body, None)
            if got is PROP:
                raise ElabErr("unsupported", f"a `match` returning a proposition is outside gentzen's proof language; "
                              f"{ASK_LEAN}", t)
            out = got
        return out

    def _have(self, t: Have, hint):
        """`have h : φ := v; b`: v against φ, then b with `h : φ` (Lean/Elab/BuiltinNotation.lean, `elabHave`);
        `suffices h : φ from v; b` is `have h : φ := b; v` (its macro there), so b is elaborated first."""
        if t.ty is not None:
            ty = self.prop(t.ty)
        else:
            ty = self.infer(t.val, None)
            if ty is PROP:
                raise ElabErr("unsupported", f"`have` of a proposition (not a proof) is outside gentzen's proof "
                              f"language; {ASK_LEAN}", t)
        first, second = (t.val, t.body) if t.kind == "have" else (t.body, t.val)
        if t.ty is not None:
            self.check(first, ty)
        inner = self._sub(_bind(self.ctx, (t.name,), ty, False, t, t.col, self.names))
        return inner.check(second, hint) if hint is not None else inner.infer(second, None)

    def _ident(self, node: Id, hint, args, whole=None):
        name = node.name
        if name == "_":
            raise ElabErr("unsupported", "holes `_` are outside gentzen's proof language", node)
        ty = lookup(self.ctx, name) if self.names is None else self.names.get(name)
        if ty is not None:
            return self._apply(ty, node, args)
        if "." in name:
            head, *fields = name.split(".")
            ty = lookup(self.ctx, head) if self.names is None else self.names.get(head)
            if ty is not None:
                base = Id(head, node.col, node.col + len(head))
                for k, f in enumerate(fields):
                    const = _field_const(ty, f) if k == len(fields) - 1 and f not in _NATIVE_FIELDS else None
                    if const is not None:  # generalized field notation: `h.elim f g` is `Or.elim h f g`
                        return self._ident(Id(const, node.col, node.end), hint, (base,) + tuple(args),
                                           whole=whole or node)
                    end = base.end + 1 + len(f)
                    ty = self._project(ty, f, base, Proj(base, f, node.col, end))
                    base = Proj(base, f, node.col, end)
                return self._apply(ty, node, args)
        if name in ("True", "False"):
            return self._apply(PROP, node, args)
        if name.startswith("Gentzen.ND.") and ND_SCOPE.get():  # the rule theorems of `import Gentzen.ND`
            from gentzen.core.nd import elab_nd_constant
            return elab_nd_constant(self, node, hint, args)
        arity = CONSTANTS.get(name)
        if arity is None and OPENS.get():
            found = sorted({f"{ns}.{name}" for ns in OPENS.get() if f"{ns}.{name}" in CONSTANTS})
            if len(found) > 1:  # Lean tries every interpretation (overloading); the kernel does not
                raise ElabErr("unsupported", f"`{name}` is ambiguous under the open namespaces ({', '.join(found)}); "
                              f"{ASK_LEAN}", node)
            if found:
                name, arity = found[0], CONSTANTS[found[0]]
        if arity is None and name in LEMMAS.get():  # an earlier theorem of the file (core/lemmas.py)
            ty, rest = elab_lemma(self, LEMMAS.get()[name], node, args, hint, _raise)
            return self._apply(ty, node, rest) if rest else ty
        if arity is None:
            if name.startswith(_LEAN_NAMESPACES) or name in _LEAN_NAMES:
                raise ElabErr("unsupported", f"`{name}` is outside gentzen's proof language; {ASK_LEAN}", node)
            raise ElabErr("unknown_identifier", f"Unknown identifier `{name}`", node)
        if len(args) < arity:
            return self._partial(name, node, args, arity, hint, whole or node)
        own, rest = args[:arity], args[arity:]
        ty = self._constant(name, own, hint if not rest else None, node)
        return self._apply(ty, node, rest, done=own)

    def _apply(self, ty, fn_node, args, done=()):
        applied = list(done)
        for a in args:
            u = ty.unf if ty is not PROP else None
            if u is None or u.kind != "imp":
                fn_pp = self.pp_app(fn_node, applied)
                raise ElabErr("type_mismatch",
                              f"Function expected at\n  {fn_pp}\nbut this term has type\n  {type_str(ty)}\n\n"
                              f"Note: Expected a function because this term is being applied to the argument\n"
                              f"  {self.pp(a)}", App(fn_node, tuple(applied) + (a,), fn_node.col, a.end))
            dom, cod = (ty.args[0], FALSE) if ty.kind == "not" else ty.args
            applied.append(a)
            self.check(a, dom, app=(fn_node, tuple(applied)))
            ty = cod
        return ty

    def _arg(self, fn_node, args, i, expected):
        """Check the i-th explicit argument of a constant application (a proof, never a Prop)."""
        a = args[i]
        if expected is None:
            ty = self.infer(a, None)
            if ty is PROP:
                # e.g. `absurd P h`: the argument must be a proof of `?a : Prop`, and `P : Prop` is not one.
                # (Lean's exact wording here is unverified; the rejection is certain.)
                raise ElabErr("type_mismatch", self._mm(a, ty, "?a", (fn_node, tuple(args[: i + 1]))), a)
            return ty
        return self.check(a, expected, app=(fn_node, tuple(args[: i + 1])))

    def _need(self, ty, kind, fn_node, args, i, shape: str):
        if ty is PROP or ty.kind != kind:
            raise ElabErr("type_mismatch", self._mm(args[i], ty, shape, (fn_node, tuple(args[: i + 1]))),
                          args[i])
        return ty

    def _constant(self, name, args, hint, node):
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

    def _project(self, ty, field: str, base, node):
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
            return self._ident(Id(const, node.col, node.end), None, (base,), whole=node)
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

    # ---- term forms beyond the natural-deduction core (Lean's surface syntax)
    def _fun(self, t: Fun, hint):
        """`fun x => b` against `A → B` (or `¬A`): b is checked against B with `x : A` in scope."""
        ctx, expected, doms = self.ctx, hint, []
        for names, ty_term, pattern, col in t.binders:
            u = expected.unf if expected is not None else None
            dom = None
            if u is not None and u.kind == "imp":
                dom, expected = (expected.args[0], FALSE) if expected.kind == "not" else expected.args
            elif expected is not None:
                raise ElabErr("type_mismatch", f"Type mismatch: a function (`fun`) is given where the expected "
                              f"type is\n  {to_lean(hint)}", t)
            if ty_term is not None:
                given = self._sub(ctx).prop(ty_term)
                if dom is not None and given.unf is not dom.unf:
                    raise ElabErr("type_mismatch", f"Type mismatch: the binder has type\n  {to_lean(given)}\n"
                                  f"but the expected type is\n  {to_lean(hint)}", ty_term)
                dom = given
            if dom is None:
                raise ElabErr("type_mismatch", "Failed to infer binder type", t)
            doms.append(dom)
            ctx = _bind(ctx, names, dom, pattern, t, col, self.names)
        body = self._sub(ctx)
        if expected is not None:
            body.check(t.body, expected)
            return hint
        out = body.infer(t.body, None)
        if out is PROP:
            raise ElabErr("unsupported", f"a `fun` returning a proposition is outside gentzen's proof language; "
                          f"{ASK_LEAN}", t)
        for d in reversed(doms):
            out = Imp(d, out)
        return out

    def _comp(self, t: Comp, hint):
        """`f ∘ g` (Function.comp): `g : A → B`, `f : B → C` give `A → C`; an expected `A → C` flows
        into a `fun` on either side."""
        u = hint.unf if hint is not None else None
        want_dom = want_cod = None
        if u is not None and u.kind == "imp":
            want_dom, want_cod = (hint.args[0], FALSE) if hint.kind == "not" else hint.args
        if isinstance(t.g, Fun) and want_dom is not None and not isinstance(t.f, Fun):
            b, c = self._fn_type(t.f)
            self.check(t.g, Imp(want_dom, b))
            return Imp(want_dom, c)
        a, b = self._fn_type(t.g)
        if isinstance(t.f, Fun) and want_cod is not None:
            self.check(t.f, Imp(b, want_cod))
            return Imp(a, want_cod)
        b2, c = self._fn_type(t.f)
        if b2.unf is not b.unf:
            raise ElabErr("type_mismatch", f"Type mismatch in `{self.pp(t)}`: the right function gives\n  "
                          f"{to_lean(b)}\nbut the left function expects\n  {to_lean(b2)}", t)
        return Imp(a, c)

    def _fn_type(self, t) -> tuple:
        ty = self.infer(t, None)
        if ty is PROP or ty.unf.kind != "imp":
            raise ElabErr("type_mismatch", f"Type mismatch: `∘` composes functions, but\n  {self.pp(t)}\nhas type\n"
                          f"  {type_str(ty)}", t)
        return (ty.args[0], FALSE) if ty.kind == "not" else ty.args

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

    def _anon(self, t: Anon, hint):
        if hint is None:
            raise ElabErr("unsupported", "invalid constructor ⟨...⟩, expected type must be known" + _POSTPONE_NOTE, t)
        if hint.kind not in ("and", "iff"):
            what = "with only one constructor " if hint.kind == "or" else ""
            raise ElabErr("type_mismatch", f"invalid constructor ⟨...⟩, expected type must be an inductive type "
                          f"{what}\n  {to_lean(hint)}", t)
        items = t.items
        if len(items) < 2:
            raise ElabErr("type_mismatch", "invalid constructor ⟨...⟩, insufficient number of arguments, "
                          "constructs 'And.intro' has #2 explicit fields, but only #1 provided", t)
        second = items[1] if len(items) == 2 else Anon(items[1:], items[1].col, t.end)
        x, y = (hint.args if hint.kind == "and" else (Imp(*hint.args), Imp(hint.args[1], hint.args[0])))
        fn = Id("And.intro" if hint.kind == "and" else "Iff.intro", t.col, t.col)
        self.check(items[0], x, app=(fn, (items[0],)))
        self.check(second, y, app=(fn, (items[0], second)))
        return hint

    def _mm(self, arg, ty, expected, app) -> str:
        fn, args = app
        exp = expected if isinstance(expected, str) else to_lean(expected)
        return (f"Application type mismatch: The argument\n  {self.pp(arg)}\nhas type\n  {type_str(ty)}\n"
                f"but is expected to have type\n  {exp}\nin the application\n  {self.pp_app(fn, args)}")

    # ---- printing terms as Lean's pretty-printer shows them
    def pp(self, t) -> str:
        if isinstance(t, Id):
            return t.name
        if isinstance(t, Conn):
            try:
                return to_lean(self.prop(t))
            except ElabErr:
                return "?"
        if isinstance(t, Anon):
            return "⟨" + ", ".join(self.pp(x) for x in t.items) + "⟩"
        if isinstance(t, Proj):
            field = t.field
            if field in ("1", "2"):
                try:
                    ty = self.infer(t.term, None)
                except ElabErr:
                    ty = None
                if ty is not None and ty is not PROP and ty.kind == "iff":
                    field = "mp" if field == "1" else "mpr"
                else:
                    field = "left" if field == "1" else "right"
            return f"{self._pp_arg(t.term)}.{field}"
        if isinstance(t, App):
            return self.pp_app(t.fn, t.args)
        # (the surface forms below print as their source text; Lean's printer may differ)
        if isinstance(t, Ascr):
            return self.pp(t.term)
        if isinstance(t, Show):
            return f"show {self.pp(t.ty)} from {self.pp(t.body)}"
        if isinstance(t, Fun):
            bs = " ".join(("⟨" + ", ".join(n) + "⟩") if pat else " ".join(n) for n, _ty, pat, _c in t.binders)
            return f"fun {bs} => {self.pp(t.body)}"
        if isinstance(t, Comp):
            return f"{self._pp_arg(t.f)} ∘ {self._pp_arg(t.g)}"
        if isinstance(t, DotId):
            return "." + t.name
        if isinstance(t, Have):  # a mismatch message may print a term-mode `have`/`suffices` or `match` argument
            ty = f" : {self.pp(t.ty)}" if t.ty is not None else ""
            return f"{t.kind} {t.name}{ty} {':=' if t.kind == 'have' else 'from'} {self.pp(t.val)};\n{self.pp(t.body)}"
        if isinstance(t, Match):
            return f"match {self.pp(t.scrut)} with" + "".join(
                f"\n| {c} {' '.join(ns)} => {self.pp(b)}" for c, ns, _col, b in t.alts)
        raise AssertionError(t)

    def pp_app(self, fn, args) -> str:
        if not args:
            return self.pp(fn)
        if isinstance(fn, Id) and (lookup(self.ctx, fn.name) if self.names is None
                                   else self.names.get(fn.name)) is None:
            if fn.name in ("And.intro", "Iff.intro") and len(args) == 2:
                return f"⟨{self.pp(args[0])}, {self.pp(args[1])}⟩"
            field = _FIELD_STYLE.get(fn.name)
            if field is not None:
                head = f"{self._pp_arg(args[0])}.{field}"
                return " ".join([head] + [self._pp_arg(a) for a in args[1:]])
        return " ".join([self._pp_arg(fn)] + [self._pp_arg(a) for a in args])

    def _pp_arg(self, t) -> str:
        s = self.pp(t)
        if isinstance(t, App) and not s.startswith("⟨") or isinstance(t, Conn) and " " in s \
                or isinstance(t, (Fun, Show, Comp)):
            return f"({s})"
        return s


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


def _bind(ctx, names, dom, pattern: bool, node, col: int, index=None):
    """The context after a `fun` binder (`x`, `_`, or a pattern `⟨a, b, …⟩` on ∧ / ↔).

    `index`: the outer goal's NameIndex. A binder is a proof, never a `Prop`, so whether a name is a
    proposition in scope is the outer context's answer (a binder shadowing an atom is refused first)."""
    if not pattern:
        name = names[0]
        _no_shadow(ctx, name, node, index)
        return ctx + (("x", dom, True) if name == "_" else (name, dom, False),)
    parts = []
    ty = dom
    for i, name in enumerate(names):
        if i == len(names) - 1:
            parts.append((name, ty))
            break
        if ty.kind == "and":
            parts.append((name, ty.args[0]))
            ty = ty.args[1]
        elif ty.kind == "iff" and i == len(names) - 2:
            parts.append((name, Imp(*ty.args)))
            ty = Imp(ty.args[1], ty.args[0])
        else:
            raise ElabErr("type_mismatch", f"the pattern `⟨{', '.join(names)}⟩` needs a conjunction (or `↔`); "
                          f"the binder has type\n  {to_lean(dom)}", node)
    for name, t in parts:
        _no_shadow(ctx, name, node, index)
        ctx = ctx + (("x", t, True) if name == "_" else (name, t, False),)
    return ctx


def _no_shadow(ctx, name: str, node, index=None) -> None:
    if name != "_" and (lookup(ctx, name) if index is None else index.get(name)) is PROP:
        raise ElabErr("unsupported", f"`{name}` names a proposition in scope; shadowing it is outside the proof "
                      "language", node)
