"""Term elaboration: the type of a proof term in a context, with Lean 4.32's error messages.

Bidirectional like Lean's elaborator: an expected type flows into `⟨a, b⟩`, `Or.inl`, `absurd`,
… to fix their implicit arguments; arguments are checked against the function's domain
(`Application type mismatch`) and a whole term against its goal (`Type mismatch`).
"""

from __future__ import annotations

from gentzen.core.formula import FALSE, TRUE, And, Atom, Formula, Iff, Imp, Not, Or, to_lean
from gentzen.core.syntax import Anon, App, Conn, Id, Proj

PROP = "Prop"  # the type of an atom: a hypothesis `P : Prop`

# Explicit-argument counts of the constants in the proof language.
CONSTANTS = {
    "And.intro": 2, "And.left": 1, "And.right": 1, "Or.inl": 1, "Or.inr": 1, "Or.elim": 3,
    "Or.resolve_left": 2, "Or.resolve_right": 2, "absurd": 2, "Not.elim": 2, "Not.intro": 1,
    "False.elim": 1, "mt": 2, "Iff.intro": 2, "Iff.mp": 1, "Iff.mpr": 1, "Classical.em": 1,
    "Classical.byContradiction": 1, "Classical.not_not.mp": 1, "Classical.not_not.mpr": 1,
    "not_not_intro": 1, "id": 1, "trivial": 0, "True.intro": 0,
}
_LEAN_NAMESPACES = ("And.", "Or.", "Not.", "Iff.", "False.", "True.", "Classical.", "Decidable.", "Eq.",
                    "Function.", "Nat.", "Bool.", "Prop.")
_LEAN_NAMES = frozenset("not_not not_or not_and and_comm or_comm iff_of_eq propext absurd rfl "
                        "em byContradiction by_contra not_not_intro mt id trivial".split())
# Functions Lean prints with generalized field notation (`h.elim f g` for `Or.elim h f g`).
_FIELD_STYLE = {"Or.elim": "elim", "Or.resolve_left": "resolve_left", "Or.resolve_right": "resolve_right",
                "Not.elim": "elim", "False.elim": "elim", "And.left": "left", "And.right": "right",
                "Iff.mp": "mp", "Iff.mpr": "mpr"}


class ElabErr(Exception):
    def __init__(self, kind: str, message: str, node) -> None:
        super().__init__(message)
        self.kind, self.message = kind, message
        self.col, self.end = node.col, node.end


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

    __slots__ = ("ctx",)

    def __init__(self, ctx) -> None:
        self.ctx = ctx

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
            ty = lookup(self.ctx, t.name)
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
            return self._apply(self.infer(t.fn, None), t.fn, t.args)
        if isinstance(t, Proj):
            return self._project(self.infer(t.term, None), t.field, t.term, t)
        if isinstance(t, Anon):
            return self._anon(t, hint)
        if isinstance(t, Conn):
            self.prop(t)
            return PROP
        raise AssertionError(t)

    def _ident(self, node: Id, hint, args, whole=None):
        name = node.name
        if name == "_":
            raise ElabErr("unsupported", "holes `_` are outside gentzen's proof language", node)
        ty = lookup(self.ctx, name)
        if ty is not None:
            return self._apply(ty, node, args)
        if "." in name:
            head, *fields = name.split(".")
            ty = lookup(self.ctx, head)
            if ty is not None:
                for f in fields:
                    ty = self._project(ty, f, Id(head, node.col, node.col + len(head)), node)
                return self._apply(ty, node, args)
        if name in ("True", "False"):
            return self._apply(PROP, node, args)
        arity = CONSTANTS.get(name)
        if arity is None:
            if name.startswith(_LEAN_NAMESPACES) or name in _LEAN_NAMES:
                raise ElabErr("unsupported", f"`{name}` is outside gentzen's proof language", node)
            raise ElabErr("unknown_identifier", f"Unknown identifier `{name}`", node)
        if len(args) < arity:
            raise ElabErr("unsupported", f"partial application of `{name}` is outside gentzen's proof language",
                          whole or node)
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
                    raise ElabErr("type_mismatch", "don't know how to synthesize implicit argument "
                                  f"'{'b' if name == 'Or.inl' else 'a'}'\n  {self.pp(App(node, args, node.col, node.end))}"
                                  f" : {shape}", node)
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
                a = A(node, args, 0, None)
                A(node, args, 1, Not(a) if a is not PROP else Not(TRUE))
            elif name == "Not.elim":
                n = self.infer(args[0], None)
                if n is PROP or n.unf.kind != "imp" or n.unf.args[1] is not FALSE:
                    raise ElabErr("type_mismatch", self._mm(args[0], n, "¬?a", (node, args[:1])), args[0])
                A(node, args, 1, n.args[0])
            else:
                A(node, args, 0, FALSE)
            if hint is None:
                raise ElabErr("type_mismatch", f"don't know how to synthesize implicit argument\n  "
                              f"{self.pp_app(node, args)}", node)
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
        if name in ("Iff.mp", "Iff.mpr"):
            h = self._need(self.infer(args[0], None), "iff", node, args, 0, "?a ↔ ?b")
            return Imp(*h.args) if name == "Iff.mp" else Imp(h.args[1], h.args[0])
        if name == "Classical.em":
            p = self.prop(args[0])
            return Or(p, Not(p))
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
        head = {"and": "And", "or": "Or", "iff": "Iff", "not": "Not", "imp": "", "atom": "", "true": "True",
                "false": "False"}.get(getattr(ty, "kind", ""), "")
        raise ElabErr("unsupported" if head in ("Or", "Not", "False", "True") else "type_mismatch",
                      f"Invalid field `{field}`: The environment does not contain `{head}.{field}`\n  "
                      f"{self.pp(base)}\nhas type\n  {type_str(ty)}" if head else
                      f"Invalid field notation: Type is not of the form `C ...` where C is a constant\n  "
                      f"{self.pp(base)}\nhas type\n  {type_str(ty)}", node)

    def _anon(self, t: Anon, hint):
        if hint is None:
            raise ElabErr("type_mismatch", "invalid constructor ⟨...⟩, expected type must be known", t)
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
        raise AssertionError(t)

    def pp_app(self, fn, args) -> str:
        if not args:
            return self.pp(fn)
        if isinstance(fn, Id) and lookup(self.ctx, fn.name) is None:
            if fn.name in ("And.intro", "Iff.intro") and len(args) == 2:
                return f"⟨{self.pp(args[0])}, {self.pp(args[1])}⟩"
            field = _FIELD_STYLE.get(fn.name)
            if field is not None:
                head = f"{self._pp_arg(args[0])}.{field}"
                return " ".join([head] + [self._pp_arg(a) for a in args[1:]])
        return " ".join([self._pp_arg(fn)] + [self._pp_arg(a) for a in args])

    def _pp_arg(self, t) -> str:
        s = self.pp(t)
        if isinstance(t, App) and not s.startswith("⟨") or isinstance(t, Conn) and " " in s:
            return f"({s})"
        return s
