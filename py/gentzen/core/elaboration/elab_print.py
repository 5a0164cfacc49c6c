"""How the elaborator prints terms and its mismatch messages, as Lean's delaborator does
(`h.elim f g` for `Or.elim h f g`, `⟨a, b⟩`, `fun x => t`): the printing half of the Elaborator,
a base class of elab.Elaborator."""

from __future__ import annotations

from gentzen.core.elaboration.constants import PROP, ElabErr, lookup, type_str
from gentzen.core.logic.formula import to_lean
from gentzen.core.parsing.terms import Anon, App, Ascr, Comp, Conn, DotId, Fun, Have, Hyp, Id, Match, Proj, Show


class ElabPrinter:
    """Printing for the Elaborator (elab.py), which inherits it; no state of its own."""

    __slots__ = ()

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
        if isinstance(t, Hyp):
            return f"‹{self.pp(t.ty)}›"
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


# Functions Lean prints with generalized field notation (`h.elim f g` for `Or.elim h f g`).
_FIELD_STYLE = {"Or.elim": "elim", "Or.resolve_left": "resolve_left", "Or.resolve_right": "resolve_right",
                "Not.elim": "elim", "False.elim": "elim", "And.left": "left", "And.right": "right",
                "Iff.mp": "mp", "Iff.mpr": "mpr", "And.symm": "symm", "Or.symm": "symm", "Iff.symm": "symm"}
