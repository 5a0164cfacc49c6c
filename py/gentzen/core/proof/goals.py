"""Goals and their Lean-exact rendering (`Lean.Meta.ppGoal` as the REPL prints it).

A goal is a context (hypotheses in order, shadowed ones kept; a shadowed atom under an id of its own)
plus a target and a case tag. Rendering sanitizes names like `LocalContext.sanitizeNames` (`h✝`, `h✝¹`)
and merges consecutive hypotheses of identical type into one line (`h1 h2 : P`).
"""

from __future__ import annotations

import re

from gentzen.core.elaboration.constants import PROP
from gentzen.core.logic.formula import And, Atom, Formula, Iff, Imp, Not, Or, to_lean

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SCAN_MAX = 24  # contexts up to this long are scanned (no index to build: the common, short proof)
_FOLD = 64      # NameIndex: newer names kept in a small dict, folded into a new base every _FOLD


class NameIndex:
    """name -> type of the last accessible hypothesis of that name (what `lookup` finds), persistent.

    A shared `base` dict plus a small `tail` dict of newer names: adding a hypothesis copies only the
    tail, and every _FOLD additions the tail is folded into a copy of the base, so a context grown one
    hypothesis at a time costs O(1) amortized per step (times n/_FOLD for the fold), a lookup O(1).
    Inaccessible hypotheses are never found by name, so they leave the index unchanged.
    """

    __slots__ = ("base", "tail")

    def __init__(self, base: dict, tail: dict | None = None) -> None:
        self.base, self.tail = base, tail if tail is not None else {}

    @staticmethod
    def of(ctx) -> "NameIndex":
        return NameIndex({n: ty for n, ty, inaccessible in ctx if not inaccessible})

    def plus(self, hyp) -> "NameIndex":
        name, ty, inaccessible = hyp
        if inaccessible:
            return self
        tail = dict(self.tail)
        tail[name] = ty
        if len(tail) < _FOLD:
            return NameIndex(self.base, tail)
        base = dict(self.base)
        base.update(tail)
        return NameIndex(base)

    def plus_all(self, hyps) -> "NameIndex":
        out = self
        for h in hyps:
            out = out.plus(h)
        return out

    def get(self, name: str):
        ty = self.tail.get(name)
        return ty if ty is not None else self.base.get(name)


class Goal:
    """An open goal: ctx is a tuple of (name, type, inaccessible); type is a Formula or PROP.

    `names` is the context's NameIndex, built on the first lookup in a long context and extended by
    `with_hyp`, so that name lookups stay O(1) however long a proof grows (issue 10: verify linear)."""

    __slots__ = ("ctx", "target", "tag", "_text", "names")

    def __init__(self, ctx: tuple, target: Formula, tag: str = "", names: NameIndex | None = None) -> None:
        self.ctx, self.target, self.tag, self._text, self.names = ctx, target, tag, None, names

    def with_hyp(self, name: str, ty, inaccessible: bool = False, target: Formula | None = None,
                 tag: str | None = None) -> "Goal":
        names = self.names
        if names is None:  # a short context (no index yet)
            return Goal(self.ctx + ((name, ty, inaccessible),), self.target if target is None else target,
                        self.tag if tag is None else tag)
        hyp = (name, ty, inaccessible)
        return Goal(self.ctx + (hyp,), self.target if target is None else target,
                    self.tag if tag is None else tag, names.plus(hyp))

    def index(self) -> NameIndex | None:
        """The context's NameIndex, or None while the context is short enough to scan."""
        names = self.names
        if names is None and len(self.ctx) > _SCAN_MAX:
            names = self.names = NameIndex.of(self.ctx)
        return names

    def lookup(self, name: str):
        """The type of the last accessible hypothesis called `name`, or None (elab.lookup, indexed).

        Without an index it scans: `run_tactic` indexes a long context once per step, before any
        lookup. Inlined (no call to `index`/`lookup`/`get`): it runs several times per step."""
        names = self.names
        if names is None:
            for h in reversed(self.ctx):
                if h[0] == name and not h[2]:
                    return h[1]
            return None
        ty = names.tail.get(name)
        return ty if ty is not None else names.base.get(name)

    def render(self) -> str:
        if self._text is None:
            self._text = render_goal(self.ctx, self.target, self.tag)
        return self._text

    def __repr__(self) -> str:
        return f"Goal({self.render()!r})"


def display_names(ctx) -> list[str]:
    """Names as Lean prints them: inaccessible or shadowed hypotheses get `✝`, `✝¹`, …"""
    out = [""] * len(ctx)
    seen: set[str] = set()
    counts: dict[str, int] = {}
    for i in range(len(ctx) - 1, -1, -1):
        name, _ty, inaccessible = ctx[i]
        if inaccessible or name in seen:
            if "✝" in name:  # a shadowed atom's id (shadowed_atom): Lean's name is the written one
                name = written_name(name)
            k = counts.get(name, 0)
            counts[name] = k + 1
            out[i] = name + "✝" + (str(k).translate(_SUPERSCRIPT) if k else "")
        else:
            seen.add(name)
            out[i] = name
    return out


def shadowed_atoms(ctx, names=None) -> dict[str, str] | None:
    """{atom: displayed name} for proposition atoms shadowed by a later hypothesis of the same name.

    Lean's formulas refer to the atom's local, so it prints them with the sanitized name too
    (`(h1 Q : Prop) (h1 : h1 ∨ Q)` shows `h1 : h1✝ ∨ Q`). None (the common case) when there is none.
    """
    ren = None
    for (name, ty, _), shown in zip(ctx, names if names is not None else display_names(ctx)):
        if ty is PROP and shown != name:
            if ren is None:
                ren = {}
            ren[name] = shown
    return ren


def shadowed_atom(name: str, k: int) -> str:
    """The id of an atom whose name a later binder re-uses: `p✝3`. Lean keeps it as a local of its own
    (the innermost binder of a name wins); k makes the id unique among the atoms named `name`, and `✝`
    is no identifier character, so no text a user writes can name it. display_names prints it as Lean
    does (`p✝`, `p✝¹`, … by position)."""
    return f"{name}✝{k}"


def written_name(atom_id: str) -> str:
    """The name a binder was written with (`p` for the shadowed atom `p✝3`)."""
    return atom_id.split("✝", 1)[0]


def shadow_rebound_atoms(goal: Goal) -> Goal:
    """The goal after a hypothesis re-used an atom's name (`intro p`, `have p : …`, `obtain ⟨p, q⟩ …`):
    that atom becomes the shadowed local it is in Lean, under an id of its own (`shadowed_atom`), and
    every formula that meant it says so. (Hypotheses are proofs, never propositions, so before this
    every `p` in a formula meant the atom.)"""
    ctx = goal.ctx
    later: set[str] = set()
    ren: dict[str, str] = {}
    for name, ty, inaccessible in reversed(ctx):
        if ty is PROP and not inaccessible and name in later:
            k = len(ctx)
            while any(h[0] == shadowed_atom(name, k) for h in ctx):
                k += 1
            ren[name] = shadowed_atom(name, k)
        if not inaccessible:
            later.add(name)
    if not ren:
        return goal
    out = tuple((ren[name], PROP, True) if ty is PROP and not inaccessible and name in ren else
                (name, ty if ty is PROP else rename_atoms(ty, ren), inaccessible) for name, ty, inaccessible in ctx)
    return Goal(out, rename_atoms(goal.target, ren), goal.tag)


ATOM_ID = re.compile(  # a shadowed atom's id, `p✝3`
    r"[^\W\d][\w'!?₀-₉.]*✝[0-9]+")


def show_atoms(text: str, ctx) -> str:
    """`text` (a message) with each shadowed atom's id (`p✝3`, shadowed_atom) as Lean prints it
    in this context (`p✝`, `p✝¹`, …); the ids cannot occur otherwise (`✝` is no identifier character)."""
    if "✝" not in text:
        return text
    ren = shadowed_atoms(ctx) or {}
    return ATOM_ID.sub(lambda m: ren.get(m.group(), m.group()), text)


def rename_atoms(f: Formula, ren: dict[str, str]) -> Formula:
    if f.kind == "atom":
        return Atom(ren[f.name]) if f.name in ren else f
    if not f.args:
        return f
    args = [rename_atoms(a, ren) for a in f.args]
    return {"not": Not, "and": And, "or": Or, "imp": Imp, "iff": Iff}[f.kind](*args)


def render_goal(ctx, target: Formula, tag: str = "") -> str:
    names = display_names(ctx)
    ren = shadowed_atoms(ctx, names) if "✝" in "".join(names) else None  # (C-speed prefilter: rare)
    if ren is not None:
        ctx = tuple((n, ty if ty is PROP else rename_atoms(ty, ren), i) for n, ty, i in ctx)
        target = rename_atoms(target, ren)
    lines: list[str] = []
    if tag:
        lines.append(f"case {tag.replace('✝', '')}")  # (ppGoal prints the tag with its macro scopes erased)
    group: list[str] = []
    group_ty = None
    for (_, ty, _), shown in zip(ctx, names):
        if group and ty is group_ty:
            group.append(shown)
            continue
        if group:
            lines.append(f"{' '.join(group)} : {_type_text(group_ty)}")
        group, group_ty = [shown], ty
    if group:
        lines.append(f"{' '.join(group)} : {_type_text(group_ty)}")
    lines.append(f"⊢ {to_lean(target)}")
    return "\n".join(lines)


def _type_text(ty) -> str:
    return "Prop" if ty is PROP else to_lean(ty)


def append_tag(parent: str, child: str) -> str:
    return child if not parent else f"{parent}.{child}"


def remove_hyp(ctx: tuple, name: str) -> tuple:
    """Drop the last accessible hypothesis called `name` (what `cases`/`rcases` clear)."""
    for i in range(len(ctx) - 1, -1, -1):
        if ctx[i][0] == name and not ctx[i][2]:
            return ctx[:i] + ctx[i + 1:]
    return ctx
