"""Term elaboration: the type of a proof term in a context, with Lean 4.32's error messages.

Bidirectional like Lean's elaborator: an expected type flows into `⟨a, b⟩`, `Or.inl`, `absurd`,
… to fix their implicit arguments; arguments are checked against the function's domain
(`Application type mismatch`) and a whole term against its goal (`Type mismatch`).
"""

from __future__ import annotations

from gentzen.core.steps import holes
from gentzen.core.elaboration.constants import (ASK_LEAN, CONSTANTS, ND_SCOPE, OPENS, PROP, _POSTPONE_NOTE, ElabErr,
                                    _raise, lookup, opened, type_str)
from gentzen.core.elaboration.elab_consts import _NATIVE_FIELDS, ConstantElab, _field_const
from gentzen.core.logic.formula import FALSE, TRUE, And, Atom, Formula, Iff, Imp, Not, Or, to_lean
from gentzen.core.elaboration.lemmas import LEMMAS, elab_lemma
from gentzen.core.steps.library_tactics import MATHLIB
from gentzen.core.elaboration.nd import elab_nd_constant
from gentzen.core.parsing.terms import Anon, App, Ascr, Comp, Conn, DotId, Fun, Have, Hyp, Id, Match, Proj, Show

# (re-exported for callers outside core/ that import them from here)
from gentzen.core.elaboration.constants import POSTPONED, definite  # noqa: F401


_LEAN_NAMESPACES = ("And.", "Or.", "Not.", "Iff.", "False.", "True.", "Classical.", "Decidable.", "Eq.",
                    "Function.", "Nat.", "Bool.", "Prop.", "_root_.")
_LEAN_NAMES = frozenset("not_not not_or not_and and_comm or_comm iff_of_eq propext absurd rfl "
                        "em byContradiction by_contra not_not_intro mt id trivial nomatch nofun".split())


class Elaborator(ConstantElab):
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
            if ty is None and t.name in ("Prop", "Type", "Sort"):  # a sort: Lean has it, the proof language not
                raise ElabErr("unsupported", f"a binder over `{t.name}` (`fun (q : {t.name}) => …`) is outside "
                              f"gentzen's proof language; {ASK_LEAN}", t)
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
        if isinstance(t, Proj):  # `(hnp hp).elim`: a field constant gets the expected type (elabAppArgs)
            return self._project(self.infer(t.term, None), t.field, t.term, t, hint)
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
        if isinstance(t, Hyp):  # `‹φ›` = `(by assumption : φ)`: the latest hypothesis whose type is defeq to φ
            ty = self.prop(t.ty)
            if not any(h is not PROP and h.unf is ty.unf for _n, h, _i in reversed(self.ctx)):
                raise ElabErr("tactic_failed", f"Tactic `assumption` failed (in `‹{to_lean(ty)}›`; gentzen's wording, "
                              "Lean's message differs)", t)
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
            return elab_nd_constant(self, node, hint, args)
        arity = CONSTANTS.get(name)
        if arity is None and name == "em" and MATHLIB.get() and name not in LEMMAS.get():
            # Mathlib/Logic/Basic.lean: `alias em := Classical.em` at the root (its `p` explicit); under `open
            # Classical` both `_root_.em` and `Classical.em` resolve: Lean's ambiguous-overload case
            found = ["_root_.em", *opened(name, CONSTANTS)] if OPENS.get() else ["_root_.em"]
            if len(found) > 1:
                raise ElabErr("unsupported", f"`{name}` is ambiguous under the open namespaces ({', '.join(found)}); "
                              f"{ASK_LEAN}", node)
            name, arity = "Classical.em", CONSTANTS["Classical.em"]
        if arity is None and OPENS.get():
            found = opened(name, CONSTANTS)
            if len(found) > 1:  # Lean tries every interpretation (overloading); the kernel does not
                raise ElabErr("unsupported", f"`{name}` is ambiguous under the open namespaces ({', '.join(found)}); "
                              f"{ASK_LEAN}", node)
            if found:
                name, arity = found[0], CONSTANTS[found[0]]
        if arity is None and name in LEMMAS.get():  # an earlier theorem of the file (core/elaboration/lemmas.py)
            ty, rest = elab_lemma(self, LEMMAS.get()[name], node, args, hint, _raise)
            return self._apply(ty, node, rest) if rest else ty
        if name == "sorry" and holes.allowed():  # Lean's REPL (core/steps/holes.py): a hole of the expected type
            if hint is None or args:
                raise ElabErr("unsupported", "a `sorry` without an expected type is outside gentzen's proof "
                              f"language; {ASK_LEAN}", node)
            from gentzen.core.proof.goals import Goal  # (here: goals.py is imported by the tactic layer above)

            holes.record(Goal(self.ctx, hint, ""), node.col, node.end, False)
            return hint
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
                # Lean postpones the binder's type as a metavariable that a later use may assign (elabAppArgs
                # elaborates the other arguments first); only what is left unassigned at the end is its error
                raise ElabErr("unsupported", "Failed to infer binder type" + _POSTPONE_NOTE, t)
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
