"""What a `gentzen repl` environment holds, as Lean's does: declared names and their statements (usable as
lemmas later), `variable`s, `section`/`namespace` scopes, `open`s, options and imports; and the split of a
command text into Lean's commands. Environments are immutable: a command returns a new one (kernel_server).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gentzen.core.comments import blank_comments

# a command starts at column 0 with one of these words (Lean's command keywords the REPL meets)
_CMD = re.compile(r"^(?:(?:private|protected|noncomputable)[ \t]+)*(theorem|example|lemma|variable|section|"
                  r"namespace|end|open|set_option|universe|import|def|abbrev|instance|axiom|#\w+|@\[)", re.M)
_BINDER = re.compile(r"([({\[])\s*([^(){}\[\]:]*?)\s*:\s*([^(){}\[\]]*(?:\([^()]*\)[^(){}\[\]]*)*)[)}\]]")
_IDENT = re.compile(r"[^\W\d][\w'!?₀-₉.]*")
CORE_IMPORTS = ("Gentzen", "Init")  # imports that bring no name unknown to the kernel (Init: always there)


@dataclass(frozen=True)
class Scope:
    kind: str  # "top" | "section" | "namespace"
    name: str = ""
    variables: tuple = ()  # (bracket, name, type text), in declaration order
    opens: tuple = ()


@dataclass(frozen=True)
class ReplEnv:
    names: frozenset = frozenset()  # full names declared (`N.foo` inside `namespace N`)
    lemmas: tuple = ()  # (full name, core.lemmas.Lemma): every named theorem whose statement the kernel read
    scopes: tuple = (Scope("top"),)
    imports: tuple = ()
    options: tuple = ()  # (name, value) of `set_option` commands
    nd: bool = False  # `import Gentzen.ND`: the rule tactics and theorems are in scope

    # ---- views
    @property
    def namespace(self) -> str:
        return ".".join(s.name for s in self.scopes if s.kind == "namespace")

    @property
    def opens(self) -> tuple:
        return tuple(o for s in self.scopes for o in s.opens)

    @property
    def variables(self) -> tuple:
        return tuple(v for s in self.scopes for v in s.variables)

    @property
    def foreign_imports(self) -> tuple:
        """Imports that may declare names the kernel does not know (`import Mathlib`)."""
        return tuple(i for i in self.imports if i.split(".")[0] not in CORE_IMPORTS)

    def option(self, name: str, default: str) -> str:
        return next((v for n, v in reversed(self.options) if n == name), default)

    def full_name(self, name: str) -> str:
        return f"{self.namespace}.{name}" if self.namespace and not name.startswith("_root_.") else \
            name.removeprefix("_root_.")

    def visible_lemmas(self) -> dict:
        """name -> Lemma as a proof here may cite it: the full name, and the tail after the current
        namespace (or any prefix of it) or an opened namespace."""
        out: dict = {}
        parts = self.namespace.split(".") if self.namespace else []
        prefixes = [".".join(parts[:k]) for k in range(len(parts), 0, -1)] + list(self.opens)
        for full, lem in self.lemmas:
            out.setdefault(full, lem)
            for p in prefixes:
                if full.startswith(p + "."):
                    out.setdefault(full[len(p) + 1:], lem)
        return out

    # ---- changes
    def declare(self, full: str, lemma=None) -> ReplEnv:
        lemmas = self.lemmas + ((full, lemma),) if lemma is not None else self.lemmas
        return replace(self, names=self.names | {full}, lemmas=lemmas)

    def _top(self, **kw) -> ReplEnv:
        return replace(self, scopes=self.scopes[:-1] + (replace(self.scopes[-1], **kw),))


class CommandError(Exception):
    """A command Lean would refuse (`end` without a scope, a name mismatch): Lean's message."""


def commands(text: str) -> list[tuple[str, int, int]]:
    """(keyword, start, end) of every command of `text` (comments blanked, so positions are the text's);
    text before the first command is ("", 0, start) when it holds anything but whitespace."""
    blank = blank_comments(text)
    starts = [(m.group(1), m.start()) for m in _CMD.finditer(blank)]
    out = []
    first = starts[0][1] if starts else len(text)
    if blank[:first].strip():
        out.append(("", 0, first))
    for i, (word, at) in enumerate(starts):
        out.append((word, at, starts[i + 1][1] if i + 1 < len(starts) else len(text)))
    return out


def apply_command(env: ReplEnv, word: str, text: str) -> ReplEnv:
    """The env after one scope command (`variable`, `open`, `section`, `namespace`, `end`, `set_option`,
    `universe`). Raises CommandError with Lean's message, or ValueError for a form the kernel cannot read."""
    rest = blank_comments(text).split(None, 1)[1].strip() if len(text.split(None, 1)) > 1 else ""
    if word == "variable":
        found = []
        for m in _BINDER.finditer(rest):
            bracket, names, ty = m.group(1), m.group(2).split(), " ".join(m.group(3).split())
            if bracket == "[" or not names:
                raise ValueError(f"instance binders `[{m.group(0)[1:-1]}]` in `variable`")
            found += [(bracket, n, ty) for n in names]
        if not found or _BINDER.sub("", rest).strip():
            raise ValueError(f"`variable {rest}`: only binders `(x y : T)` / `{{x : T}}` are read")
        return env._top(variables=env.scopes[-1].variables + tuple(found))
    if word == "open":
        names = rest.removesuffix(" in").split()
        if not names or any(not _IDENT.fullmatch(n) for n in names):
            raise ValueError(f"`open {rest}`: only `open A B …` is read")
        return env._top(opens=env.scopes[-1].opens + tuple(names))
    if word in ("section", "namespace"):
        if word == "namespace" and not rest:
            raise CommandError("expected identifier")
        return replace(env, scopes=env.scopes + (Scope(word, rest),))
    if word == "end":
        top = env.scopes[-1]
        if top.kind == "top":
            raise CommandError("invalid 'end', insufficient scopes")
        if rest != top.name:
            raise CommandError("invalid 'end', name is missing" if not rest and top.name
                               else f"invalid 'end', name mismatch (expected {top.name or 'nothing'})")
        return replace(env, scopes=env.scopes[:-1])
    if word == "set_option":
        parts = rest.split()
        if len(parts) != 2:
            raise ValueError(f"`set_option {rest}`")
        return replace(env, options=env.options + ((parts[0], parts[1]),))
    if word == "universe":
        return env
    raise ValueError(f"`{word}`")


def with_variables(env: ReplEnv, decl: str) -> tuple[str, int, int]:
    """The declaration with the `variable`s its statement mentions inserted as binders after its name, in
    declaration order (Lean's rule for theorems: what the signature mentions, and what their types mention);
    returns (text, insertion offset, inserted length)."""
    vars_ = env.variables
    if not vars_:
        return decl, 0, 0
    head = blank_comments(decl)
    stop = head.find(":=")
    sig = head[: stop if stop >= 0 else len(head)]
    m = re.match(r"\s*(?:(?:private|protected|noncomputable)\s+)*(?:theorem|lemma)\s+\S+|\s*example", sig)
    if m is None:
        return decl, 0, 0
    own = {n for b in _BINDER.finditer(sig) for n in b.group(2).split()}
    wanted = set(_IDENT.findall(sig[m.end():])) - own
    chosen: set = set()
    for bracket, name, ty in reversed(vars_):  # a later variable's type may mention an earlier one
        if name in wanted and name not in chosen:
            chosen.add(name)
            wanted |= set(_IDENT.findall(ty))
    if not chosen:
        return decl, 0, 0
    # (the statement reader takes explicit binders; implicitness changes no goal and no verdict here)
    text = "".join(f" ({n} : {t})" for _b, n, t in vars_ if n in chosen)
    return decl[: m.end()] + text + decl[m.end():], m.end(), len(text)


def lemma_of(thm):
    """A theorem's statement as a lemma later commands may cite (core.lemmas), or None."""
    from gentzen.core.formula import to_lean
    from gentzen.core.lemmas import make_lemma

    binders = [("(", a, "Prop") for a in thm.atoms] + [("(", h, to_lean(f)) for h, f in thm.hyps]
    try:
        return make_lemma(binders, dict(thm.hyps), thm.goal)
    except Exception:  # noqa: BLE001 - a shape the lemma reader does not take: not offered as a lemma
        return None


@dataclass
class Outcome:
    """What one command text produced (kernel_server turns it into a CommandResponse)."""

    messages: list = field(default_factory=list)
    sorries: list = field(default_factory=list)
    roots: list = field(default_factory=list)
    tactics: list = field(default_factory=list)
