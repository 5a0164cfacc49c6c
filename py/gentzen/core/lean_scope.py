"""The context a Lean file gives a declaration: sections, namespaces, `variable`/`include` and which
of them a declaration takes (Lean's rule per declaration kind), `open`s, autoImplicit atoms,
statements quantified over propositions, earlier theorems cited as lemmas, and the caveats for
context the kernel does not model. Used by lean_file.py."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gentzen.core.comments import blank_comments
from gentzen.core.kernel import KernelError
from gentzen.core.lemmas import make_lemma
from gentzen.core.proof_item import ProofItem
from gentzen.core.theorem import free_names, parse_theorem
from gentzen.errors import ParseError

_IDENT = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")


@dataclass
class _Scope:
    kind: str                    # file | section | namespace
    name: str = ""
    variables: list = field(default_factory=list)   # (open bracket, name, type text)
    includes: set = field(default_factory=set)
    opens: list = field(default_factory=list)
    options: dict = field(default_factory=dict)     # `set_option autoImplicit false` and the like, to the scope's end


@dataclass
class _Context:
    scopes: list = field(default_factory=lambda: [_Scope("file")])
    declared: dict = field(default_factory=dict)    # last name component -> (kind, line)
    imports: list = field(default_factory=list)
    guard: tuple | None = None  # (expected docstring text or None) of a `#guard_msgs in` before the next command
    theorems: dict = field(default_factory=dict)  # name -> [item, (accepted, Lemma | None) once judged]
    foreign: list = field(default_factory=list)   # imports refused (`import Mathlib`): they may declare names

    def variables(self):
        return [v for s in self.scopes for v in s.variables]

    def includes(self):
        return set().union(*(s.includes for s in self.scopes))

    def opens(self):
        return [o for s in self.scopes for o in s.opens]

    def option(self, name: str, default: bool, mods=()) -> bool:
        """An option's value here: `set_option … in` on the declaration, else the innermost scope's setting."""
        for m in mods:
            got = re.fullmatch(rf"set_option {name} (true|false) in", m)
            if got:
                return got.group(1) == "true"
        for sc in reversed(self.scopes):
            if name in sc.options:
                return sc.options[name]
        return default


def _with_lemmas(item: ProofItem, ctx: _Context) -> ProofItem:
    """Earlier theorems the proof names become its lemmas (core/lemmas.py) when the kernel accepted them; a proof
    citing one the kernel rejected is rejected with it (Lean would add that theorem with `sorry`), and one citing a
    theorem the kernel could not judge is `unsupported`."""
    if item.problem is not None or not ctx.theorems or item.proof is None:
        return item
    body = blank_comments(item.proof)[len(item.theorem or ""):]
    # names the proof binds itself (its statement's, `intro`/`fun`/`have`/… binders) are locals, not citations
    local = {n for n, _f in item.parsed.hyps} | set(item.parsed.atoms) if item.parsed is not None else set()
    local |= set(_BINDER_WORDS.findall(body))
    cited = sorted(({w.split(".")[-1] for w in _IDENT.findall(body)} & set(ctx.theorems)) - local)
    if not cited:
        return item
    lemmas = {}
    for name in cited:
        entry = ctx.theorems[name]
        if entry[1] is None:
            cited_item = entry[0]
            res = cited_item.check()
            lem = make_lemma(_header_binders(cited_item.theorem), dict(cited_item.parsed.hyps),
                             cited_item.parsed.goal)
            entry[1] = (res, lem)
        res, lem = entry[1]
        at = (item.line, item.column)
        if not res.ok:
            kind = "unsupported" if res.error.kind == "unsupported" else "invalid_declaration"
            why = "the kernel could not judge" if kind == "unsupported" else "was rejected"
            return replace(item, problem=KernelError(*at, kind, f"this proof cites `{name}` (line {entry[0].line}), "
                                                     f"which {why}: a proof is accepted only with what it cites"))
        if lem is None:
            return item  # a statement shape a lemma cannot take: the caveat says the kernel does not model it
        lemmas[name] = lem
    caveat = item.caveat
    if caveat and "declared earlier in this file" in caveat:
        caveat = _caveat_without(caveat, set(lemmas))
    return replace(item, lemmas=lemmas, caveat=caveat)


_BINDER_WORDS = re.compile(r"(?:(?<=intro )|(?<=intros )|(?<=fun )|(?<=λ )|(?<=have )|(?<=\| inl )|(?<=\| inr )"
                           r"|(?<=rename_i ))([^\W\d][\w'!?₀-₉]*)(?=[ ,:=]|$)", re.M)


def _caveat_without(caveat: str, names: set) -> str | None:
    """The caveat with the modelled lemmas taken out of its "declared earlier" note."""
    m = re.search(r"the proof uses (.*?), declared earlier in this file, and the kernel checks each theorem on its "
                  r"own", caveat)
    if m is None:
        return caveat
    rest = [w for w in re.findall(r"`([^`]+)`", m.group(1)) if w.split(".")[-1] not in names]
    note = (f"the proof uses {', '.join(f'`{w}`' for w in rest)}, declared earlier in this file, and the kernel "
            "checks each theorem on its own") if rest else ""
    out = caveat.replace(m.group(0), note).replace("; ;", ";").strip("; ")
    return None if out.startswith("(Lean may accept") else out


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


def _header_binders(stmt: str) -> list[tuple[str, str, str]]:
    """The binders of `theorem NAME binders : goal :=`: text up to the top-level `:`."""
    i = _top_colon(stmt)
    return _binders(stmt[:i]) if i >= 0 else []


def _binders(text: str) -> list[tuple[str, str, str]]:
    """`(P Q : Prop) {R : Prop} (h : P → Q) [Decidable P]` -> [(bracket, name, type), …]."""
    out = []
    pairs = {"(": ")", "{": "}", "[": "]", "⦃": "⦄", "{{": "}}"}
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c not in pairs:
            i += 1
            continue
        close = pairs[c]
        depth, j = 0, i
        while j < n:
            if text[j] == c:
                depth += 1
            elif text[j] == close:
                depth -= 1
                if depth == 0:
                    break
            j += 1
        inner = text[i + 1: j]
        if ":" in inner and c != "[":
            names, ty = inner.split(":", 1)
            out.extend((c, x, ty.strip()) for x in names.split())
        else:
            out.append((c, "", inner.strip()))   # an instance binder, named or not
        i = j + 1
    return out


_FORALL = re.compile(r"\s*∀\s*(?:\(([^():,]+):\s*Prop\s*\)\s*)+,|\s*∀\s*([^():,]+):\s*Prop\s*,")


_FORALL_GROUP = re.compile(r"\(([^():,]+):\s*Prop\s*\)")


_INTRO = re.compile(r"(\s*(?:by\s+)?)intro((?:[ ]+[^\W\d][\w'!?₀-₉]*)+)[ ]*(?=\n|$)")


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
    if "∀" in stmt[m.end():] or not bound or not tail.lstrip().startswith("by"):
        return None
    im = _INTRO.match(blank_tail, tail.index("by"))
    if im is None:
        return None
    names = im.group(2).split()
    if len(names) < len(bound) or any(n == "_" for n in names[: len(bound)]):
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


_UNKNOWN = re.compile(r"Unknown identifier `([^`.]+)`")


_AUTO_OFF = " (autoImplicit is off)"


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


_CLOSE = {"(": ")", "{": "}", "[": "]", "⦃": "⦄", "{{": "}}"}


def _included(ctx: _Context, stmt: str, used: str = "") -> list[tuple[str, str, str]]:
    variables = ctx.variables()
    if not variables:
        return []
    try:  # Lean includes the variables the header mentions; a name the header re-binds is its own binder
        words = free_names(stmt)
    except ParseError:  # (the statement is then reported as unreadable: any inclusion will do)
        words = set(_IDENT.findall(stmt))
    words = words | set(used.split())
    want = {x for _, x, _ in variables if x in words} | ctx.includes()
    changed = True
    while changed:  # an included variable's type brings the variables it mentions
        changed = False
        for _, x, t in variables:
            if x in want:
                more = {y for y in _IDENT.findall(t) if y not in want and any(y == v for _, v, _ in variables)}
                if more:
                    want |= more
                    changed = True
    out = [v for v in variables if v[1] in want]
    # instance binders whose every mentioned variable is included come along (Lean includes them)
    names = {v for _, v, _ in variables}
    for v in variables:
        if not v[1] and set(_IDENT.findall(v[2])) & names and set(_IDENT.findall(v[2])) & names <= want:
            out.append(v)
    return sorted(out, key=variables.index)


# `open N₁ N₂` of plain namespaces is modelled (the kernel resolves names in them, elab.OPENS); the other
# forms of `open` (`open N (x)`, `hiding`, `renaming`, `open N in` with these) keep the caveat.
_NAMESPACE = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")


_OPEN_WORDS = frozenset(("hiding", "renaming", "scoped"))


def _caveat(ctx: _Context, body: str, opens: tuple) -> str | None:
    notes = []
    odd = [o for o in opens if not _NAMESPACE.fullmatch(o) or o in _OPEN_WORDS]
    if odd:
        notes.append(f"the file opens with {' '.join(f'`{o}`' for o in opens)}, which the kernel does not model")
    used = sorted(w for w in set(_IDENT.findall(body)) if w.split(".")[-1] in ctx.declared or w in ctx.declared)
    if used:
        notes.append(f"the proof uses {', '.join(f'`{w}`' for w in used)}, declared earlier in this file, "
                     "and the kernel checks each theorem on its own")
    if not notes:
        return None
    return "; ".join(notes) + " (Lean may accept it: ask Lean with --backend repl or both)"
