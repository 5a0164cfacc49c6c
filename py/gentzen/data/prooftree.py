"""Proof trees of the reference prover: line counts, dead-step pruning and rendering to text.

Trees cite hypotheses by formula (so memoised subproofs fit any context holding those formulas);
rendering resolves each citation to the innermost name for it and names new facts n1, n2, ….
"""

from __future__ import annotations

from gentzen.core.logic.formula import Formula, to_lean


def lines(block: tuple) -> int:
    """Rendered line count of a block (a bullet shares its line with the first tactic)."""
    n = 0
    for s in block:
        k = s[0]
        if k == "box":
            n += 1 + lines(s[2])
        elif k in ("constructor", "rcases"):
            n += 1 + lines(s[-2]) + lines(s[-1])
        elif k == "raa":
            n += 2
        else:
            n += 1
    return n


def refs(term: tuple, out: set) -> set:
    """The formulas (by unfolded identity) a term cites."""
    k = term[0]
    if k == "ref":
        out.add(term[1].unf)
    elif k in ("app", "pair", "mt"):
        refs(term[1], out)
        refs(term[2], out)
    elif k in ("proj", "inl", "inr", "felim", "nn"):
        refs(term[1], out)
    return out


def prune(block: tuple) -> tuple:
    return _prune(block)[0]


def _prune(block: tuple) -> tuple[tuple, set]:
    """Drop `have`s nobody cites (the search derives facts eagerly); inline a final have/exact."""
    used: set = set()
    out: list = []
    for s in reversed(block):
        k = s[0]
        if k == "exact":
            refs(s[1], used)
            out.append(s)
        elif k in ("have", "box"):
            u = s[1].unf
            if u not in used:
                continue
            used.discard(u)
            if k == "have":
                refs(s[2], used)
                out.append(s)
            else:
                sub, su = _prune(s[2])
                used |= su
                if len(sub) == 1 and sub[0][0] == "exact":  # a one-line box is a plain have
                    out.append(("have", s[1], sub[0][1]))
                else:
                    out.append(("box", s[1], sub))
        elif k in ("intro", "raa"):
            used.discard(s[1].unf)
            out.append(s)
        elif k == "constructor":
            a, ua = _prune(s[1])
            b, ub = _prune(s[2])
            used = ua | ub
            out.append(("constructor", a, b))
        elif k == "rcases":
            h = s[1]
            a, ua = _prune(s[2])
            b, ub = _prune(s[3])
            ua.discard(h.args[0].unf)
            ub.discard(h.args[1].unf)
            used = ua | ub
            used.add(h.unf)
            out.append(("rcases", h, a, b))
        else:
            raise ValueError(f"unknown step {k}")
    out.reverse()
    # `have x : φ := t` + `exact x` is `exact t` (one level only: nested terms are aliases)
    if len(out) >= 2 and out[-1][0] == "exact" and out[-1][1][0] == "ref" \
            and out[-2][0] in ("have", "box") and out[-2][1].unf is out[-1][1][1].unf:
        prev = out[-2]
        tail = [("exact", prev[2])] if prev[0] == "have" else list(prev[2])
        out = out[:-2] + tail
    return tuple(out), used


def render(block: tuple, hyps, indent: int = 2, start: int = 1, atoms=()) -> str:
    """The tactic block as text (two-space indented, no trailing newline)."""
    taken = {name for name, _ in hyps} | set(atoms)  # a fresh nK must not shadow an atom `nK` either
    scope = {f.unf: name for name, f in hyps}
    counter = [start]

    def fresh() -> str:
        while f"n{counter[0]}" in taken:
            counter[0] += 1
        name = f"n{counter[0]}"
        counter[0] += 1
        return name

    out: list[str] = []
    _render(block, scope, indent, out, fresh)
    return "\n".join(out)


def _render(block: tuple, scope: dict, col: int, out: list, fresh) -> None:
    pad = " " * col
    for s in block:
        k = s[0]
        if k == "intro":
            x = fresh()
            out.append(f"{pad}intro {x}")
            scope[s[1].unf] = x
        elif k == "raa":
            x = fresh()
            out.append(f"{pad}apply Classical.byContradiction")
            out.append(f"{pad}intro {x}")
            scope[s[1].unf] = x
        elif k == "have":
            text = term_text(s[2], scope)
            x = fresh()
            out.append(f"{pad}have {x} : {to_lean(s[1])} := {text}")
            scope[s[1].unf] = x
        elif k == "box":
            x = fresh()
            out.append(f"{pad}have {x} : {to_lean(s[1])} := by")
            _render(s[2], dict(scope), col + 2, out, fresh)
            scope[s[1].unf] = x
        elif k == "exact":
            out.append(f"{pad}exact {term_text(s[1], scope)}")
        elif k == "constructor":
            out.append(f"{pad}constructor")
            _bullet(s[1], dict(scope), col, out, fresh)
            _bullet(s[2], dict(scope), col, out, fresh)
        elif k == "rcases":
            h = s[1]
            a, b = fresh(), fresh()
            out.append(f"{pad}rcases {scope[h.unf]} with {a} | {b}")
            left = dict(scope)
            left[h.args[0].unf] = a
            right = dict(scope)
            right[h.args[1].unf] = b
            _bullet(s[2], left, col, out, fresh)
            _bullet(s[3], right, col, out, fresh)
        else:
            raise ValueError(f"unknown step {k}")


def _bullet(block: tuple, scope: dict, col: int, out: list, fresh) -> None:
    first = len(out)
    _render(block, scope, col + 2, out, fresh)
    out[first] = " " * col + "· " + out[first][col + 2:]


def term_text(t: tuple, scope: dict) -> str:
    k = t[0]
    if k == "ref":
        return scope[t[1].unf]
    if k == "app":
        return f"{term_text(t[1], scope)} {_arg(t[2], scope)}"
    if k == "proj":
        return f"{_arg(t[1], scope)}.{t[2]}"
    if k == "pair":
        return f"⟨{term_text(t[1], scope)}, {term_text(t[2], scope)}⟩"
    if k == "inl":
        return f"Or.inl {_arg(t[1], scope)}"
    if k == "inr":
        return f"Or.inr {_arg(t[1], scope)}"
    if k == "felim":
        return f"False.elim {_arg(t[1], scope)}"
    if k == "trivial":
        return "trivial"
    if k == "em":
        return f"Classical.em {_formula_arg(t[1])}"
    if k == "nn":
        return f"Classical.not_not.mp {_arg(t[1], scope)}"
    if k == "mt":
        return f"mt {_arg(t[1], scope)} {_arg(t[2], scope)}"
    raise ValueError(f"unknown term {k}")


def _arg(t: tuple, scope: dict) -> str:
    text = term_text(t, scope)
    return text if t[0] in ("ref", "proj", "pair", "trivial") else f"({text})"


def _formula_arg(f: Formula) -> str:
    text = to_lean(f)
    return text if f.kind in ("atom", "true", "false") else f"({text})"
