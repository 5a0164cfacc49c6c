"""Statements the file reader rewrites before the kernel reads them: `∀ (p q : Prop), φ` proved by `intro`
(the names `intro` gives, when a text rewrite says exactly what Lean's `intro` does), and atoms bound by
autoImplicit (names of one letter only, never a constant of Lean's core). Used by lean_file.py."""

from __future__ import annotations

import re

from gentzen.core.reader.lean_names import IDENT as _IDENT, closing
from gentzen.core.proof.theorem import parse_theorem
from gentzen.errors import ParseError


def _top_colon(stmt: str) -> int:
    """The index of the first `:` outside brackets that is not `:=` (a header's type colon), or -1."""
    depth = 0
    for i, c in enumerate(stmt):
        if c in "([{⟨":
            depth += 1
        elif c in ")]}⟩":
            depth -= 1
        elif c == ":" and depth == 0 and stmt[i + 1: i + 2] != "=":
            return i
    return -1


def _binders(text: str) -> list[tuple[str, str, str]]:
    """The bracketed binders in `theorem t (P Q : Prop) {R : Prop}` -> [(bracket, name, type), …] (the text
    between them skipped; odd spaces are refused before this is read)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c not in "({[⦃":
            i += 1
            continue
        j = closing(text, i)
        inner = text[i + 1: j]
        if ":" in inner and c != "[":
            names, ty = inner.split(":", 1)
            out.extend((c, x, ty.strip()) for x in names.split())
        else:
            out.append((c, "", inner.strip()))
        i = j + 1
    return out


_FORALL = re.compile(r"\s*∀\s*(?:\(([^():,]+):\s*Prop\s*\)\s*)+,|\s*∀\s*([^():,{}]+):\s*Prop\s*,|"
                     r"\s*∀\s*(?:\{([^{}():,]+):\s*Prop\s*\}\s*)+,")


_FORALL_GROUP = re.compile(r"[({]([^(){}:,]+):\s*Prop\s*[)}]")
# `fun` then its first binders: `{p q : Prop}`, `(p q : Prop)`, or `p q : Prop` up to the arrow (Term.funBinder)
_FUN = re.compile(r"(\s*)fun\s+(?:([({])\s*([^(){}:]+?)\s*(?::\s*Prop\s*)?[)}]|([^(){}:=↦]+?)\s*:\s*Prop\s*(?=↦|=>))")


_INTRO = re.compile(r"(\s*(?:by\s+)?)intro((?:[ ]+[^\W\d][\w'!?₀-₉]*)+)[ ]*(?=\n|$)")


def _intro_names_ok(bound: list, names: list, outer: set, others: set) -> bool:
    """Whether `intro names` on `∀ (bound : Prop), body` can be read as the statement with the names put in by
    text: every bound name gets one, all distinct, none equal to an outer binder or to another name of the body.
    Else Lean's `intro` makes the earlier of two equal names inaccessible (`a✝`), or a name shadows an outer one,
    which a text rewrite cannot say: the statement stays `unsupported`."""
    given = names[: len(bound)]
    return (len(names) >= len(bound) and "_" not in given and len(set(bound)) == len(bound)
            and len(set(given)) == len(given) and not set(given) & (outer | others) and not set(bound) & outer)


def _forall_props(stmt: str, tail: str, blank_tail: str):
    """`theorem t : ∀ (p q : Prop), φ := by intro a b …` read as `theorem t (a b : Prop) : φ[a/p, b/q]` with
    the names `intro` gives the bound propositions taken out of that first `intro` (columns kept): after
    `intro a b` Lean's goal is exactly that theorem's first goal (`MVarId.intro` names the binders `a b`).
    Only statements whose other binders are propositions (so the context order is the same), and proofs whose
    first tactic is a plain `intro` naming at least every bound proposition; None otherwise (the statement then
    stays `unsupported`)."""
    colon = _top_colon(stmt[:-2])
    if colon < 0 or "∀" not in stmt[colon:]:
        return None
    m = _FORALL.match(stmt, colon + 1)
    if m is None or any(t.strip() != "Prop" for _b, _n, t in _binders(stmt[:colon])):
        return None
    bound = ([n for g in _FORALL_GROUP.findall(m.group(0)) for n in g.split()] if m.group(2) is None
             else m.group(2).split())
    if "∀" in stmt[m.end():] or not bound:
        return None
    if not tail.lstrip().startswith("by"):
        return _forall_fun(stmt, colon, m, bound, tail, blank_tail)
    im = _INTRO.match(blank_tail, tail.index("by"))
    if im is None:
        return None
    names = im.group(2).split()
    outer = {x for _b, x, _t in _binders(stmt[:colon])}
    others = set(_IDENT.findall(stmt[m.end(): -2])) - set(bound)
    if not _intro_names_ok(bound, names, outer, others):
        return None
    ren = dict(zip(bound, names))
    body = re.sub(r"(?<![\w'.])[^\W\d][\w'!?₀-₉]*", lambda w: ren.get(w.group(), w.group()), stmt[m.end(): -2])
    new = f"{stmt[:colon].rstrip()} ({' '.join(names[: len(bound)])} : Prop) :{body.rstrip()} "
    new += " " * max(0, len(stmt) - 2 - len(new)) + ":="
    # the names taken: blanked (spaces keep every column); the whole `intro` when it named only those
    start = im.start(2)
    if len(names) == len(bound):
        start = im.start(2) - len("intro")
        if "\n" not in im.group(1):
            return None  # `by intro p q` with nothing after on its line: keep it simple, stay unsupported
    taken = im.group(2)
    keep = taken
    for n in names[: len(bound)]:
        j = keep.index(n)
        keep = keep[:j] + " " * len(n) + keep[j + len(n):]
    seg = " " * (len("intro") + len(taken)) if len(names) == len(bound) else keep
    seg_start = start
    tail = tail[:seg_start] + seg + tail[im.end(2):]
    return new, tail


def _forall_fun(stmt: str, colon: int, m, bound: list, tail: str, blank_tail: str):
    """`theorem t : ∀ {p q : Prop}, φ := fun {p q : Prop} (h : p) … => …` read as `theorem t {p q : Prop} : φ :=
    fun (h : p) … => …`: the `fun`'s first binders take exactly the bound propositions, in order and with their
    bracket (`fun a b : Prop ↦ t` with nothing else bound: `t`), so the body elaborates against the same goal
    (Lean's `elabFunBinders` against the expected `∀`). Anything else: None (`unsupported`)."""
    implicit = m.group(3) is not None
    fm = _FUN.match(blank_tail)
    if fm is None or (fm.group(2) == "{") != implicit or (fm.group(2) is None and implicit):
        return None
    names = (fm.group(3) or fm.group(4)).split()
    outer = {x for _b, x, _t in _binders(stmt[:colon])}
    if names != bound or len(set(bound)) != len(bound) or set(bound) & outer:
        return None
    start, end = fm.start() + len(fm.group(1)), fm.end()
    after = blank_tail[end:]
    if fm.group(4) is not None or re.match(r"\s*(?:=>|↦)", after):  # the `fun` binds nothing else: dropped
        arrow = re.match(r"\s*(?:=>|↦)", after)
        if arrow is None:
            return None
        tail = tail[:start] + " " * (end + arrow.end() - start) + tail[end + arrow.end():]
    else:  # the bound binders blanked, `fun` kept
        b = start + len("fun")
        tail = tail[:b] + " " * (end - b) + tail[end:]
    body = stmt[m.end(): -2]
    brackets = "{}" if implicit else "()"
    new = f"{stmt[:colon].rstrip()} {brackets[0]}{' '.join(bound)} : Prop{brackets[1]} :{body.rstrip()} "
    return new + " " * max(0, len(stmt) - 2 - len(new)) + ":=", tail


_UNKNOWN = re.compile(r"Unknown identifier `([^`.]+)`")


_AUTO_OFF = " (autoImplicit is off)"
# a letter then digits, subscripts or primes: never a constant of Lean's core (Lean's `isValidAutoBoundImplicitName`
# with relaxedAutoImplicit false)
_ONE_LETTER = re.compile(r"[A-Za-zα-κμ-ωΑ-Ω][0-9₀-₉']*")


_FORCES_PROP = frozenset(("not", "and", "or", "iff"))


def _auto_bound(stmt: str, at: int, enabled: bool = True):
    """(theorem, statement, auto-bound names): an unknown atomic name in the statement becomes an implicit
    binder placed before the others, as core Lean's `autoImplicit` (default true; `Term.withAutoBoundImplicit`,
    src/Lean/Elab/Term.lean) does. Lean gives it the type `Sort u`, which is `Prop` only when the statement uses
    it under `¬ ∧ ∨ ↔` (their arguments are `Prop`); otherwise the statement is not propositional
    (`example (h : A) : A` has `A : Sort u_1`) and stays outside the kernel."""
    auto: list[str] = []
    while True:
        try:
            thm = parse_theorem(stmt)
            break
        except ParseError as e:
            m = _UNKNOWN.fullmatch(e.message)
            if not enabled and m is not None:
                # autoImplicit off: Lean's own error for the statement (the kernel reports it as unreadable)
                raise ParseError(e.message + _AUTO_OFF, line=e.line, column=e.column) from None
            if m is None or m.group(1) in auto or len(auto) >= 26 or not _IDENT.fullmatch(m.group(1)):
                raise
            if not _ONE_LETTER.fullmatch(m.group(1)):
                # a longer name may be a constant of Lean's core (`Or`, `id`, `not`, `and_comm`, …), which Lean
                # does not bind automatically: the reader binds only names of one letter (Lean's own shape with
                # relaxedAutoImplicit false), and says so for the rest
                raise ParseError(f"`{m.group(1)}` would be bound automatically (autoImplicit), but gentzen binds "
                                 "only one-letter names so (a longer one may be a constant of Lean's core): bind "
                                 f"it explicitly, `({m.group(1)} : Prop)`")
            binder = f" {{{m.group(1)} : Prop}}"
            stmt = stmt[:at] + binder + stmt[at:]
            at += len(binder)
            auto.append(m.group(1))
    if auto:
        forced: set = set()
        todo = [f for _, f in thm.hyps] + [thm.goal]
        while todo:
            f = todo.pop()
            if f.kind in _FORCES_PROP:
                forced.update(a.name for a in f.args if a.kind == "atom")
            todo.extend(f.args)
        loose = [a for a in auto if a not in forced]
        if loose:
            raise ParseError(f"`{loose[0]}` is bound automatically (autoImplicit) with the type `Sort u_1`: "
                             "nothing in the statement makes it a proposition")
    return thm, stmt, auto


