"""`import Gentzen.ND`: the textbook rule names, as lean/Gentzen/ND.lean defines them.

With the import (the one import a proof file may have), a proof may write a rule as a tactic
(`and_intro`, `imp_intro x`, `or_elim h with x y`, …: macros over core tactics, expanded here to the
same core tactics, so goals and messages are those of the core tactic) or cite a rule theorem
(`Gentzen.ND.and_intro h1 h2`, elaborated as its core twin, printed with its own name).
Without the import each name is what Lean calls it then: an unknown tactic or identifier.
"""

from __future__ import annotations

from gentzen.core.elaboration.constants import CONSTANTS, ND_SCOPE, PROP, ElabErr  # (ND_SCOPE: set by the kernel; re-exported)
from gentzen.core.logic.formula import FALSE, Imp
from gentzen.core.parsing.terms import App, Id, SyntaxErr, Tactic
from gentzen.core.text.words import check_name

# macro name → (argument shape, expansion); each line mirrors a `macro` in lean/Gentzen/ND.lean.
# Shapes: "" no arguments, "x" one identifier, "h" one hypothesis, "h with x y", "h a" two names.
TACTIC_MACROS = {
    "and_intro": ("", "constructor"),
    "iff_intro": ("", "constructor"),
    "or_intro_left": ("", "left"),
    "or_intro_right": ("", "right"),
    "efq": ("", "exfalso"),
    "imp_intro": ("x", "intro x"),
    "not_intro": ("x", "intro x"),
    "raa": ("x", "apply Classical.byContradiction; intro x"),
    "and_elim": ("h with x y", "obtain ⟨x, y⟩ := h"),
    "or_elim": ("h with x y", "rcases h with x | y"),
    "imp_elim": ("h a", "exact h a"),
    "not_elim": ("h a", "exact h a"),
    "reit": ("h", "exact h"),
    "true_intro": ("", "exact trivial"),
    "dne": ("h", "exact Classical.not_not.mp h"),
}

# Rule theorems → the core constant with the same signature (lean/Gentzen/ND.lean proves each from it).
# `imp_elim` and `not_elim` have no exact twin; they are checked by their own signatures below.
THEOREM_TWINS = {
    "and_intro": "And.intro", "and_elim_left": "And.left", "and_elim_right": "And.right",
    "or_intro_left": "Or.inl", "or_intro_right": "Or.inr", "or_elim": "Or.elim", "not_intro": "Not.intro",
    "efq": "False.elim", "dne": "Classical.not_not.mp", "raa": "Classical.byContradiction",
    "iff_intro": "Iff.intro", "iff_elim_left": "Iff.mp", "iff_elim_right": "Iff.mpr", "lem": "Classical.em",
    "modus_tollens": "mt", "disj_syll": "Or.resolve_left", "true_intro": "trivial", "reit": "id",
}
THEOREMS = frozenset(THEOREM_TWINS) | {"imp_elim", "not_elim"}


def parse_nd_tactic(word: str, s: str, col: int) -> Tactic:
    """A macro call: Tactic("nd", …, target=word, term=the expanded core tactics, positions kept)."""
    shape, _ = TACTIC_MACROS[word]
    end = col + len(s)
    args, pos = [], col + len(word)
    for part in s[len(word):].split(" "):
        if part:
            args.append((part, pos))
        pos += len(part) + 1
    got = [a for a, _ in args]

    def bad(what: str):
        raise SyntaxErr("parse", f"`{word}` expects {what} (lean/Gentzen/ND.lean)", args[0][1] if args else end)

    def name(i: int) -> str:
        return check_name(args[i][0], args[i][1])

    if shape == "":
        if args:
            bad("no arguments")
        base = TACTIC_MACROS[word][1]
        if base.startswith("exact "):
            return _nd(word, col, end, [Tactic("exact", col, end, term=Id("trivial", col, end))])
        return _nd(word, col, end, [Tactic(base, col, end)])
    if shape == "x":
        if len(args) != 1:
            bad("one name")
        names = tuple(name(i) for i in range(len(args)))
        intro = Tactic("intro", col, end, names=names)
        if word == "raa":
            return _nd(word, col, end, [Tactic("apply", col, end, term=Id("Classical.byContradiction", col, end)),
                                        intro], names)
        return _nd(word, col, end, [intro], names)
    if shape == "h with x y":
        if len(args) != 4 or got[1] != "with":
            bad("`h with x y`")
        h, x, y = name(0), name(2), name(3)
        (_, hc), (_, xc), (_, yc) = args[0], args[2], args[3]
        one_x, one_y = ("one", x, xc), ("one", y, yc)
        if word == "and_elim":
            tac = Tactic("obtain", col, end, names=(x, y), term=("tuple", (one_x, one_y), xc), target=h,
                         target_col=hc)
        else:
            tac = Tactic("rcases", col, end, names=(x, y), term=("alts", (one_x, one_y), xc), target=h,
                         target_col=hc)
        return _nd(word, col, end, [tac], (x, y))
    if shape == "h":
        if len(args) != 1:
            bad("one hypothesis name")
        h = Id(name(0), args[0][1], args[0][1] + len(args[0][0]))
        if word == "dne":
            term = App(Id("Classical.not_not.mp", col, end), (h,), col, end)
            return _nd(word, col, end, [Tactic("exact", col, end, term=term)])
        return _nd(word, col, end, [Tactic("exact", col, end, term=h)])
    if shape == "h a":
        if len(args) != 2:
            bad("two hypothesis names")
        h, a = (Id(name(i), args[i][1], args[i][1] + len(args[i][0])) for i in (0, 1))
        return _nd(word, col, end, [Tactic("exact", col, end, term=App(h, (a,), h.col, a.end))])
    raise AssertionError(shape)


def _nd(word, col, end, tactics, names=()):
    return Tactic("nd", col, end, names=tuple(names), term=tuple(tactics), target=word)


def elab_nd_constant(el, node, hint, args):
    """The type of `Gentzen.ND.<rule> args` (the elaborator's `_ident` for these names, under the import)."""
    rule = node.name[len("Gentzen.ND."):]
    if rule not in THEOREMS:
        raise ElabErr("unknown_identifier", f"Unknown identifier `{node.name}`", node)
    if rule in ("imp_elim", "not_elim"):
        if not args:
            raise ElabErr("unsupported", f"`{node.name}` without arguments is outside gentzen's proof language", node)
        f = el.infer(args[0], None)
        u = f.unf if f is not PROP else None
        if u is None or u.kind != "imp" or (rule == "not_elim" and u.args[1] is not FALSE):
            shape = "¬?a" if rule == "not_elim" else "?a → ?b"
            raise ElabErr("type_mismatch", el._mm(args[0], f, shape, (node, tuple(args[:1]))), args[0])
        ty = Imp(u.args[0], FALSE) if rule == "not_elim" else Imp(*u.args) if f.kind != "not" else u
        return el._apply(ty, node, args[1:], done=tuple(args[:1]))
    core = THEOREM_TWINS[rule]
    arity = CONSTANTS[core]
    if len(args) < arity:
        raise ElabErr("unsupported", f"partial application of `{node.name}` is outside gentzen's proof language",
                      node)
    own, rest = tuple(args[:arity]), tuple(args[arity:])
    ty = el._constant(core, own, hint if not rest else None, node)
    return el._apply(ty, node, rest, done=own)
