"""Reading a formula without building one: Lean 4's printer `to_lean` (the fewest parentheses that
parse back, iterative, so a formula nested 100,000 deep prints in linear time), atoms, subformulas
in dependency order, and evaluation under an assignment. formula.py re-exports all of it
(`Formula` in annotations is formula.Formula, which this module never needs at run time)."""

from __future__ import annotations


# Precedences of Lean 4's notations (Init/Notation.lean, Init/Core.lean).
MAX_PREC = 1024
PREC = {"atom": MAX_PREC, "true": MAX_PREC, "false": MAX_PREC, "not": MAX_PREC,
        "and": 35, "or": 30, "imp": 25, "iff": 20}
# (left slot, right slot): a child is parenthesised iff its precedence is below its slot.
SLOTS = {"and": (36, 35), "or": (31, 30), "imp": (26, 25), "iff": (21, 21)}
NOT_SLOT = 40
SYMBOL = {"and": "∧", "or": "∨", "imp": "→", "iff": "↔"}


def atoms_of(f: Formula) -> set[str]:
    out: set[str] = set()
    seen: set[int] = set()
    stack = [f]
    while stack:
        g = stack.pop()
        if id(g) in seen:
            continue
        seen.add(id(g))
        if g.kind == "atom":
            out.add(g.name)
        else:
            stack.extend(g.args)
    return out


def subformulas(f: Formula) -> list[Formula]:
    """All distinct subformulas, children before parents."""
    order: list[Formula] = []
    seen: set[int] = set()
    stack: list[tuple[Formula, bool]] = [(f, False)]
    while stack:
        g, done = stack.pop()
        if done:
            order.append(g)
            continue
        if id(g) in seen:
            continue
        seen.add(id(g))
        stack.append((g, True))
        stack.extend((a, False) for a in reversed(g.args))
    return order


def to_lean(f: Formula) -> str:
    """Lean 4's pretty-printed form (single line; Lean wraps only past 120 columns)."""
    if f.text is not None:
        return f.text
    if f.kind == "atom":
        return f.name
    out: list[str] = []
    # Work items: a Formula to print in a slot, or a literal string.
    stack: list = [(f, 0)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        g, slot = item
        k = g.kind
        if k == "atom":
            out.append(g.name)
            continue
        if k == "true":
            out.append("True")
            continue
        if k == "false":
            out.append("False")
            continue
        wrap = PREC[k] < slot
        if wrap:
            out.append("(")
            stack.append(")")
        if k == "not":
            out.append("¬")
            stack.append((g.args[0], NOT_SLOT))
        else:
            ls, rs = SLOTS[k]
            stack.append((g.args[1], rs))
            stack.append(f" {SYMBOL[k]} ")
            stack.append((g.args[0], ls))
    f.text = "".join(out)  # cached on the printed formula only, so deep trees stay linear in memory
    return f.text


def evaluate(f: Formula, model: dict[str, bool]) -> bool:
    """Evaluate under one assignment (iterative; used by tests and countermodel display)."""
    val: dict[int, bool] = {}
    for g in subformulas(f):
        k = g.kind
        if k == "atom":
            v = bool(model[g.name])
        elif k == "true":
            v = True
        elif k == "false":
            v = False
        elif k == "not":
            v = not val[id(g.args[0])]
        else:
            a, b = val[id(g.args[0])], val[id(g.args[1])]
            v = (a and b) if k == "and" else (a or b) if k == "or" else ((not a) or b) if k == "imp" else a == b
        val[id(g)] = v
    return val[id(f)]
