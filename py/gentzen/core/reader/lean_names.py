"""Lean's command-level context as the file reader models it: the scope stack, section variables with
unique ids, and the names a file declares, resolved as Lean resolves them. Each rule follows Lean's own
elaborator (src/Lean/Elab/BuiltinCommand.lean: addScopes, elabEnd, elabInclude, elabOmit, expandInCmd;
src/Lean/ResolveName.lean: resolveGlobalName). What is not modelled exactly says so, and the reader then
calls the declarations it reaches `unsupported` (fail closed)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace

IDENT = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")
# Lean's whitespace is space, tab and line breaks only: U+00A0 or U+2028 inside a binder is no separator
_LEAN_WS = re.compile(r"[ \t\r\n]+")
_OPENERS = {"(": ")", "{": "}", "[": "]", "⦃": "⦄"}

# Attributes that change neither what a statement means nor how later text is read. Any other attribute
# (`macro`, `term_elab`, `instance`, `implemented_by`, `coe`, …) may change the meaning of later text, so the
# declarations after it are `unsupported` (src/Lean/Elab/Attributes.lean: an attribute is arbitrary code).
SAFE_ATTRIBUTES = frozenset(("simp", "reducible", "irreducible", "semireducible", "inline", "noinline",
                             "always_inline", "specialize", "deprecated", "nolint", "grind", "refl", "symm"))
# Options that change nothing a propositional proof means (the rest may: they taint what follows).
_SAFE_OPTION = re.compile(r"(?:autoImplicit|relaxedAutoImplicit|maxHeartbeats|maxRecDepth|synthInstance\.\w+|"
                          r"pp\.[\w.]+|linter\.[\w.]+|trace\.[\w.]+|diagnostics(?:\.\w+)?)$")


@dataclass(frozen=True)
class Var:
    """One section variable: a unique id (Lean's varUIds), its bracket, its name ('' for `[inst]`), its type."""
    uid: int
    bracket: str
    name: str
    type: str


@dataclass
class Scope:
    """Lean's `Scope`: a new one starts as a copy of the one it is pushed on (addScope)."""
    header: str = ""                 # the name part it was opened with; '' for `section` and the file
    kind: str = "file"               # file | section | namespace | mutual | in
    namespace: str = ""              # the current namespace, '' at the root
    variables: list = field(default_factory=list)   # [Var]
    included: list = field(default_factory=list)    # uids named by `include`
    omitted: list = field(default_factory=list)     # uids named by `omit`
    opens: list = field(default_factory=list)       # namespaces opened as written (`open Classical`)
    odd_opens: list = field(default_factory=list)   # `open … renaming/hiding/(x)`: not modelled
    options: dict = field(default_factory=dict)
    unmodelled: str | None = None    # why declarations in this scope cannot be judged exactly

    def child(self, kind: str, header: str, namespace: str) -> "Scope":
        return replace(self, kind=kind, header=header, namespace=namespace, variables=list(self.variables),
                       included=list(self.included), omitted=list(self.omitted), opens=list(self.opens),
                       odd_opens=list(self.odd_opens), options=dict(self.options))


@dataclass
class Decl:
    """A name the file declares: its kind, line, `protected`, and for a judged theorem its item."""
    kind: str
    line: int
    protected: bool = False
    item: object = None
    judged: tuple | None = None      # (CheckResult, Lemma | None) once the kernel judged it


class FileNames:
    """The names declared so far: full names, and namespaces whose members are unknown (a `structure`'s fields,
    an `inductive`'s constructors)."""

    def __init__(self) -> None:
        self.decls: dict[str, Decl] = {}
        self.wild: set[str] = set()
        self._last: set[str] = set()

    def add(self, full: str, decl: Decl, wild: bool = False) -> None:
        self.decls[full] = decl
        self._last.add(full.split(".")[-1])
        if wild:
            self.wild.add(full)
            self._last.add("*")

    def _hit(self, full: str) -> bool:
        return full in self.decls or any(full == w or full.startswith(w + ".") for w in self.wild)

    def touches(self, ref: str, namespace: str, opens) -> bool:
        """Whether Lean could resolve `ref` (or a prefix of it, the rest read as projections, or a field of it
        by generalized field notation) to something this file declares: an over-approximation."""
        if not self.decls and not self.wild:
            return False
        parts = ref.removeprefix("_root_.").split(".")
        if any(p in self._last for p in parts[1:]) or (self.wild and len(parts) > 1):
            return True
        roots = namespace_prefixes(namespace) + [o for o in opens]
        for k in range(len(parts), 0, -1):
            head = ".".join(parts[:k])
            if any(self._hit(f"{r}.{head}" if r else head) for r in roots):
                return True
        return False

    def resolve(self, ref: str, namespace: str, opens) -> str | None:
        """The one full name Lean's resolveGlobalName gives `ref` among this file's declarations (no projections):
        the innermost namespace first, then the root and the open namespaces together; None when there is none
        or more than one (ambiguous), and for a `protected` name reached by its last part alone."""
        if ref.startswith("_root_."):
            ref = ref[len("_root_."):]
            return ref if ref in self.decls and not self.wild_member(ref) else None
        atomic = "." not in ref
        for ns in namespace_prefixes(namespace)[:-1]:      # innermost first, the root last
            hits = [f"{ns}.{ref}"] if f"{ns}.{ref}" in self.decls else []
            hits = [h for h in hits if not (atomic and self.decls[h].protected)]
            if hits:
                return hits[0]
        found = {ref} if ref in self.decls else set()
        found |= {f"{o}.{ref}" for o in opens if f"{o}.{ref}" in self.decls
                  and not (atomic and self.decls[f"{o}.{ref}"].protected)}
        return found.pop() if len(found) == 1 and not self.wild_member(next(iter(found | {ref}))) else None

    def resolve_declared(self, name: str, namespace: str) -> str | None:
        """The full name `name` declares in `namespace` when the file declared it already (Lean: '… has already
        been declared'), else None."""
        full = name[len("_root_."):] if name.startswith("_root_.") else (f"{namespace}.{name}" if namespace else name)
        return full if full in self.decls else None

    def wild_member(self, full: str) -> bool:
        return any(full.startswith(w + ".") for w in self.wild)


def namespace_prefixes(namespace: str) -> list[str]:
    """`A.B` -> ['A.B', 'A', ''] (innermost first, the root last)."""
    parts = namespace.split(".") if namespace else []
    return [".".join(parts[:k]) for k in range(len(parts), 0, -1)] + [""]


def effective_opens(scope: Scope, extra=()) -> list[str]:
    """Every namespace an `open N` may mean here: `N` itself and `P.N` for each enclosing namespace P
    (Lean's resolveNamespace opens all of them)."""
    out: list[str] = []
    for o in list(scope.opens) + list(extra):
        for p in namespace_prefixes(scope.namespace):
            full = f"{p}.{o}" if p else o
            if full not in out:
                out.append(full)
    return out


_UIDS = itertools.count(1)


def closing(text: str, i: int) -> int:
    """The index of the bracket that closes the one at `text[i]` (same kind, nested ones counted); len(text) when
    it is never closed."""
    c, close, depth = text[i], _OPENERS[text[i]], 0
    for j in range(i, len(text)):
        if text[j] == c:
            depth += 1
        elif text[j] == close:
            depth -= 1
            if depth == 0:
                return j
    return len(text)


def parse_binders(text: str) -> list[tuple[str, str, str]] | None:
    """`(P Q : Prop) {R : Prop} [Decidable P]` -> [(bracket, name, type), …]; None when any part is not a
    plain bracketed binder (a binder update `variable (p)`, a default value, names split by a non-Lean space)."""
    out: list[tuple[str, str, str]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\r\n":
            i += 1
            continue
        if c not in _OPENERS:
            return None
        j = closing(text, i)
        if j >= n:
            return None
        inner = text[i + 1: j]
        if c == "[":
            m = re.fullmatch(r"[ \t\r\n]*(?:([^\W\d][\w'!?₀-₉]*)[ \t\r\n]*:)?(.*)", inner, re.S)
            out.append((c, m.group(1) or "", m.group(2).strip(" \t\r\n")))
        else:
            if ":" not in inner or ":=" in inner:
                return None
            names, ty = inner.split(":", 1)
            names = [x for x in _LEAN_WS.split(names) if x]
            if not names or not all(IDENT.fullmatch(x) and "." not in x for x in names):
                return None
            out.extend((c, x, ty.strip(" \t\r\n")) for x in names)
        i = j + 1
    return out


def declare_variables(scope: Scope, text: str) -> str | None:
    """`variable …`: new variables with fresh ids; the reason it is not modelled, or None."""
    binders = parse_binders(text)
    if binders is None:
        return "a `variable` command of a form gentzen does not model (a binder update, a default value)"
    scope.variables.extend(Var(next(_UIDS), b, x, t) for b, x, t in binders)
    return None


def include(scope: Scope, names: list[str]) -> str | None:
    """elabInclude: each name is the FIRST variable of that name in scope (`findIdx?`); an error message for a
    name that is no variable."""
    uids = []
    for x in names:
        v = next((v for v in scope.variables if v.name == x), None)
        if v is None:
            return f"invalid 'include', variable '{x}' has not been declared in the current scope"
        uids.append(v.uid)
    scope.included.extend(uids)
    scope.omitted = [u for u in scope.omitted if u not in uids]
    return None


def omit(scope: Scope, text: str) -> str | None:
    """elabOmit: `omit x [inst]` elaborates its binders against the section variables, so a name is the
    innermost variable of that name; an instance binder is matched by its type."""
    uids = []
    for part in re.findall(r"\[[^\]]*\]|[^\s\[\]]+", text):
        if part.startswith("["):
            ty = part[1:-1].strip()
            v = next((v for v in reversed(scope.variables) if v.bracket == "[" and v.type == ty), None)
        else:
            v = next((v for v in reversed(scope.variables) if v.name == part), None)
        if v is None:
            return f"invalid 'omit', '{part}' is not a variable of the current scope"
        uids.append(v.uid)
    scope.included = [u for u in scope.included if u not in uids]
    scope.omitted.extend(uids)
    return None


def included_variables(scope: Scope, mentioned: set[str]) -> list[Var]:
    """The section variables a declaration takes: those its text mentions (a name means the innermost variable of
    that name), those `include`d (by id), the variables their types mention, and instance binders all of whose
    variables are taken and that are not `omit`ted. In declaration order."""
    variables = scope.variables
    want: set[int] = set()

    def innermost(name: str, before: int) -> int | None:
        for k in range(before - 1, -1, -1):
            if variables[k].name == name:
                return k
        return None

    for name in mentioned:
        k = innermost(name, len(variables))
        if k is not None:
            want.add(k)
    want |= {k for k, v in enumerate(variables) if v.uid in scope.included}
    todo = list(want)
    while todo:
        k = todo.pop()
        for name in set(IDENT.findall(variables[k].type)):
            j = innermost(name, k)
            if j is not None and j not in want:
                want.add(j)
                todo.append(j)
    for k, v in enumerate(variables):
        if v.bracket == "[" and not v.name and v.uid not in scope.omitted:
            deps = {innermost(x, k) for x in set(IDENT.findall(v.type))} - {None}
            if deps and deps <= want:
                want.add(k)
    return [variables[k] for k in sorted(want)]


def attribute_problem(attrs: str) -> str | None:
    """The attribute list of `@[…]` / `attribute […]`: the first attribute that may change later text, or None."""
    for part in _top_commas(attrs):
        words = part.replace("←", " ").split()
        words = [w for w in words if w not in ("local", "scoped")]
        name = words[0].lstrip("-") if words else ""
        if name not in SAFE_ATTRIBUTES:
            return part.strip() or "(empty)"
    return None


def option_problem(body: str) -> str | None:
    """`set_option NAME VALUE`: None when the option cannot change what a proof means."""
    m = re.match(r"\s*([\w.]+)", body)
    return None if m and _SAFE_OPTION.match(m.group(1)) else (m.group(1) if m else body.strip())


def _top_commas(text: str) -> list[str]:
    out, depth, cur = [], 0, ""
    for c in text:
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        if c == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += c
    return out + [cur]
