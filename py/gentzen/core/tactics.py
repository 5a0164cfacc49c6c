"""Tactics of the proof language: what each one does to the main goal, with Lean 4.32's failures.

`run_tactic` is the kernel's single dispatch point; it returns the new goals (and a block to open
for `have … := by`). Frames (open blocks) and the internal failure type live here too, so the
kernel module only manages blocks, lines and entry points.
"""

from __future__ import annotations

import re

from gentzen.core.elab import PROP, ElabErr, Elaborator, lookup
from gentzen.core.formula import FALSE, Formula, Imp, Not, to_lean
from gentzen.core.goals import Goal, append_tag, remove_hyp
from gentzen.core.syntax import Id

_AUTO = re.compile(r"n(\d+)")


class Frame:
    """An open tactic block: the top proof, a `have … := by` box, or a `·` bullet (never mutated)."""

    __slots__ = ("kind", "column", "goals", "opener", "pending")

    def __init__(self, kind: str, column: int | None, goals: tuple, opener: tuple, pending=None) -> None:
        self.kind = kind          # top | have | bullet
        self.column = column      # None until the block's first line fixes it
        self.goals = goals
        self.opener = opener      # (line, column) reported for its unsolved goals
        self.pending = pending    # have: (name, formula) added to the parent's main goal on close


class Failure(Exception):
    """A tactic or block error at a column of the current line (or at `line`)."""

    def __init__(self, kind: str, message: str, col: int, end: int | None = None, line: int | None = None):
        super().__init__(message)
        self.kind, self.message, self.col, self.end, self.line = kind, message, col, end, line


def bump(names, next_n: int) -> int:
    """The next free nK after `names` are introduced."""
    for n in names:
        m = _AUTO.fullmatch(n)
        if m:
            next_n = max(next_n, int(m.group(1)) + 1)
    return next_n


def run_tactic(tac, goal: Goal, next_n: int, auto_names: bool, line_no: int):
    """Run one tactic on the main goal: (new goals, a block to open or None, next free nK)."""
    kind = tac.kind
    el = Elaborator(goal.ctx)
    try:
        if kind == "intro":
            names = list(tac.names)
            anon = not names
            if anon:
                if auto_names:
                    name, next_n = (f"n{next_n}", next_n + 1)
                    names = [name]
                else:
                    names = ["a"]
            g = goal
            for name in names:
                t = g.target
                if t.kind == "imp":
                    dom, cod = t.args
                elif t.kind == "not":
                    dom, cod = t.args[0], FALSE
                else:
                    raise Failure("tactic_failed", "Tactic `introN` failed: There are no additional binders or "
                                "`let` bindings in the goal to introduce\n\n" + g.render(), tac.col, tac.end)
                g = g.with_hyp(name, dom, anon and not auto_names, target=cod)
            return [g], None, bump(names, next_n)
        if kind in ("have", "have_by"):
            names = tac.names
            if not names:
                if auto_names:
                    name, next_n = (f"n{next_n}", next_n + 1)
                else:
                    name = "this"
            else:
                name = names[0]
            _check_atoms(tac.formula, goal.ctx, tac)
            next_n = bump((name,), next_n)
            if kind == "have":
                el.check(tac.term, tac.formula)
                return [goal.with_hyp(name, tac.formula)], None, next_n
            box = Frame("have", None, (Goal(goal.ctx, tac.formula, ""),), (line_no, tac.by_col),
                        (name, tac.formula))
            return [goal], box, next_n
        if kind == "exact":
            el.check(tac.term, goal.target)
            return [], None, next_n
        if kind == "apply":
            return _apply(tac, goal, el), None, next_n
        if kind == "exfalso":
            return [Goal(goal.ctx, FALSE, goal.tag)], None, next_n
        if kind == "constructor":
            t = goal.target
            if t.kind == "and":
                return [Goal(goal.ctx, t.args[0], append_tag(goal.tag, "left")),
                        Goal(goal.ctx, t.args[1], append_tag(goal.tag, "right"))], None, next_n
            if t.kind == "iff":
                a, b = t.args
                return [Goal(goal.ctx, Imp(a, b), append_tag(goal.tag, "mp")),
                        Goal(goal.ctx, Imp(b, a), append_tag(goal.tag, "mpr"))], None, next_n
            if t.kind == "or":
                return [Goal(goal.ctx, t.args[0], goal.tag)], None, next_n
            if t.kind == "true":
                return [], None, next_n
            raise Failure("tactic_failed", "Tactic `constructor` failed: target is not an inductive datatype\n\n"
                        + goal.render(), tac.col, tac.end)
        if kind in ("left", "right"):
            t = goal.target
            if t.kind != "or":
                raise Failure("tactic_failed", f"Tactic `{kind}` failed: target is not an inductive datatype "
                            "with two constructors\n\n" + goal.render(), tac.col, tac.end)
            return [Goal(goal.ctx, t.args[0] if kind == "left" else t.args[1], goal.tag)], None, next_n
        if kind in ("rcases", "obtain"):
            ty = lookup(goal.ctx, tac.target)
            if ty is None:
                raise Failure("unknown_identifier", f"Unknown identifier `{tac.target}`", tac.target_col,
                            tac.target_col + len(tac.target))
            x, y = tac.names
            ctx = remove_hyp(goal.ctx, tac.target)
            base = Goal(ctx, goal.target, goal.tag)
            if kind == "rcases":
                if ty is PROP or ty.kind != "or":
                    raise Failure("unsupported", "`rcases h with x | y` needs a disjunction `h : φ ∨ ψ` in the "
                                f"proof language; `{tac.target}` has type {_ty(ty)}", tac.target_col)
                a, b = ty.args
                return [base.with_hyp(x, a, tag=append_tag(goal.tag, "inl")),
                        base.with_hyp(y, b, tag=append_tag(goal.tag, "inr"))], None, bump((x, y), next_n)
            if ty is PROP or ty.kind not in ("and", "iff"):
                raise Failure("unsupported", "`obtain ⟨x, y⟩ := h` needs `h : φ ∧ ψ` (or `φ ↔ ψ`) in the proof "
                            f"language; `{tac.target}` has type {_ty(ty)}", tac.target_col)
            a, b = ty.args if ty.kind == "and" else (Imp(*ty.args), Imp(ty.args[1], ty.args[0]))
            g = base.with_hyp(x, a).with_hyp(y, b, tag=append_tag(goal.tag, "intro"))
            return [g], None, bump((x, y), next_n)
    except ElabErr as e:
        raise Failure(e.kind, e.message, e.col, e.end) from None
    raise AssertionError(kind)

def _apply(tac, goal: Goal, el: Elaborator) -> list[Goal]:
    term, target, tag = tac.term, goal.target, goal.tag
    if isinstance(term, Id) and lookup(goal.ctx, term.name) is None:
        name = term.name
        if name == "Classical.byContradiction":
            return [Goal(goal.ctx, Imp(Not(target), FALSE), tag)]
        if name == "False.elim":
            return [Goal(goal.ctx, FALSE, tag)]
        if name == "And.intro" and target.kind == "and":
            return [Goal(goal.ctx, target.args[0], append_tag(tag, "left")),
                    Goal(goal.ctx, target.args[1], append_tag(tag, "right"))]
        if name == "Iff.intro" and target.kind == "iff":
            a, b = target.args
            return [Goal(goal.ctx, Imp(a, b), append_tag(tag, "mp")),
                    Goal(goal.ctx, Imp(b, a), append_tag(tag, "mpr"))]
        if name in ("Or.inl", "Or.inr") and target.kind == "or":
            return [Goal(goal.ctx, target.args[0 if name == "Or.inl" else 1], tag)]
        if name in ("And.intro", "Iff.intro", "Or.inl", "Or.inr"):
            raise Failure("tactic_failed", f"Tactic `apply` failed: could not unify the conclusion of `@{name}`"
                        f"\nwith the goal\n  {to_lean(target)}\n\n{goal.render()}", tac.col, tac.end)
    ty = el.infer(term, None)
    if ty is PROP:
        raise Failure("tactic_failed", f"Tactic `apply` failed: could not unify the type of `{el.pp(term)}`\n  Prop\n"
                    f"with the goal\n  {to_lean(target)}\n\n{goal.render()}", tac.col, tac.end)
    doms: list[Formula] = []
    concl = ty
    chain = [(list(doms), concl)]
    while concl.unf.kind == "imp":
        d, c = (concl.args[0], FALSE) if concl.kind == "not" else concl.args
        doms.append(d)
        concl = c
        chain.append((list(doms), concl))
    t_arity = _arity(target)
    for ds, c in chain[max(0, len(chain) - 1 - t_arity):]:
        if c.unf is target.unf:
            if len(ds) > 1:
                raise Failure("unsupported", "`apply` leaving several goals is outside the proof language; "
                            "use `have` steps", tac.col, tac.end)
            return [Goal(goal.ctx, d, tag) for d in ds]
    pp = el.pp(term)
    if len(chain) > 1:
        msg = (f"Tactic `apply` failed: could not unify the conclusion of `{pp}`\n  {to_lean(concl)}\n"
               f"with the goal\n  {to_lean(target)}\n\nNote: The full type of `{pp}` is\n  {to_lean(ty)}\n\n"
               f"{goal.render()}")
    else:
        msg = (f"Tactic `apply` failed: could not unify the type of `{pp}`\n  {to_lean(ty)}\n"
               f"with the goal\n  {to_lean(target)}\n\n{goal.render()}")
    raise Failure("tactic_failed", msg, tac.col, tac.end)


def _arity(f: Formula) -> int:
    n = 0
    u = f.unf
    while u.kind == "imp":
        n += 1
        u = u.args[1]
    return n


def _ty(ty) -> str:
    return "Prop" if ty is PROP else f"`{to_lean(ty)}`"


def _check_atoms(formula: Formula, ctx, tac) -> None:
    for a in formula.atom_names():
        if lookup(ctx, a) is not PROP:
            raise Failure("unknown_identifier" if lookup(ctx, a) is None else "type_mismatch",
                        f"Unknown identifier `{a}`" if lookup(ctx, a) is None else
                        f"type expected, got\n  ({a} : {to_lean(lookup(ctx, a))})", tac.col)
