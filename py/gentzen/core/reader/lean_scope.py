"""The context a Lean file gives a declaration (core/reader/lean_names.py models scopes, variables and names): the
commands that change it, which section variables a declaration takes, earlier theorems cited as lemmas (resolved
as Lean resolves names), and what makes a declaration `unsupported` because the reader does not model it exactly.
Used by lean_file.py; statements it rewrites are core/reader/lean_statements.py's."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gentzen.core.text.comments import blank_comments
from gentzen.core.elaboration.constants import CONSTANTS
from gentzen.core.elaboration.elab import _LEAN_NAMES, _LEAN_NAMESPACES
from gentzen.core.kernel import KernelError
from gentzen.core.reader.lean_names import (IDENT, Decl, FileNames, Scope, declare_variables, effective_opens, include,
                                     included_variables, attribute_problem, omit, option_problem)
from gentzen.core.elaboration.lemmas import make_lemma
from gentzen.core.reader.proof_item import ProofItem
from gentzen.core.proof.theorem import free_names
from gentzen.errors import ParseError

_IDENT = IDENT
# reader verdicts never reach a checker, so the way to ask Lean is Lean itself on the file
_ASK = "Lean may accept it: check the file with Lean itself (`lake env lean FILE`)"
# a whitespace character Lean does not read as whitespace (U+00A0, U+2028, …)
_ODD_SPACE = re.compile(r"[^\S \t\r\n]")


@dataclass
class _Context:
    scopes: list = field(default_factory=lambda: [Scope()])
    names: FileNames = field(default_factory=FileNames)
    imports: list = field(default_factory=list)
    guard: tuple | None = None  # (expected docstring text or None) of a `#guard_msgs in` before the next command
    foreign: list = field(default_factory=list)   # imports refused (`import Mathlib`): they may declare names
    taint: tuple | None = None  # (line, what): a command that may change how every later text reads
    root: object = None         # the file's folder (core/reader/lean_modules.py looks up the project's modules there)
    modules: object = None      # lean_modules.ModuleInfo of the project modules imported so far

    @property
    def scope(self) -> Scope:
        return self.scopes[-1]

    def option(self, name: str, default: bool) -> bool:
        return self.scope.options.get(name, default)


def unsupported(name, line, col, word, mods, why: str, theorem: str | None = None, proof: str = "") -> ProofItem:
    return ProofItem(name, theorem, proof, line, KernelError(line, col, "unsupported", f"{why}; {_ASK}"), col, word,
                     modifiers=tuple(mods))


def _error(line, col, message) -> ProofItem:
    return ProofItem(f"command@{line}", None, "", line, KernelError(line, col, "invalid_command", message), col,
                     "command")


def context_command(ctx: _Context, word: str, body: str, line: int, col: int) -> ProofItem | None:
    """Apply one context command as Lean's command elaborator does; an error item when Lean reports one."""
    scope = ctx.scope
    arg = body.strip(" \t\r\n")
    if word in ("section", "namespace", "mutual"):
        if word == "mutual" or not arg:  # `section` alone: one anonymous scope (`mutual … end` pairs like it)
            ctx.scopes.append(scope.child(word, "", scope.namespace))
            return None
        if not IDENT.fullmatch(arg):
            ctx.taint = ctx.taint or (line, f"the `{word} {arg}` at line {line}")
            return None
        for part in arg.split("."):  # addScopes: one scope per name part
            ns = ctx.scope.namespace
            ctx.scopes.append(ctx.scope.child(word, part, (f"{ns}.{part}" if ns else part)
                                              if word == "namespace" else ns))
        return None
    if word == "end":
        n = len(arg.split(".")) if arg else 1
        if n >= len(ctx.scopes):  # elabEnd keeps the root scope
            del ctx.scopes[1:]
            return _error(line, col, "invalid 'end', insufficient scopes")
        popped = ctx.scopes[len(ctx.scopes) - n:]
        del ctx.scopes[len(ctx.scopes) - n:]  # elabEnd: pops first, then checks the names
        headers = [s.header for s in popped]
        if (arg.split(".") if arg else [""]) != headers:
            return _error(line, col, f"invalid 'end', name mismatch (expected {'.'.join(headers) or 'nothing'})"
                          if arg else f"invalid 'end', name is missing (expected {headers[-1]})")
        return None
    if word == "variable":
        why = declare_variables(scope, body)
        if why is not None:
            scope.unmodelled = scope.unmodelled or f"{why} at line {line}"
        return None
    if word in ("include", "omit"):
        msg = include(scope, arg.split()) if word == "include" else omit(scope, arg)
        return None if msg is None else _error(line, col, msg)
    if word == "open":
        words = re.split(r"[ \t\r\n]+", arg)
        if arg and all(IDENT.fullmatch(w) for w in words) and not {"hiding", "renaming", "scoped"} & set(words):
            scope.opens.extend(words)
        else:
            scope.odd_opens.append(" ".join(words))
        return None
    if word == "set_option":
        opt = re.fullmatch(r"\s*(autoImplicit|relaxedAutoImplicit|tactic\.hygienic)\s+(true|false)\s*", body)
        if opt:
            scope.options[opt.group(1)] = opt.group(2) == "true"
        # `tactic.hygienic false` is modelled by the kernel (core/steps/tactics.py: never an inaccessible hypothesis)
        bad = None if opt and opt.group(1) == "tactic.hygienic" else option_problem(body)
        if bad is not None and ctx.taint is None:
            ctx.taint = (line, f"`set_option {bad}` at line {line}")
        return None
    if word == "attribute":
        m = re.match(r"\s*\[(.*)\]", body, re.S)
        bad = attribute_problem(m.group(1)) if m else body.strip()
        if bad is not None and ctx.taint is None:
            ctx.taint = (line, f"`attribute [{bad}]` at line {line}")
        return None
    if word == "export":  # aliases the reader does not resolve: every use of them is `unsupported`
        m = re.fullmatch(r"\s*(\S+)\s*\(([^()]*)\)\s*", body)
        for x in (m.group(2).split() if m else []):
            ctx.names.add(f"{scope.namespace}.{x}" if scope.namespace else x, Decl("alias", line))
        if m is None and ctx.taint is None:
            ctx.taint = (line, f"the `export` at line {line}")
    return None


def register(ctx: _Context, word: str, body: str, line: int, mods, item: ProofItem | None) -> None:
    """Record the name a declaration adds (its full name in the current namespace); a judged theorem keeps its
    item, to be cited as a lemma once the kernel accepts it."""
    rest = body.lstrip()
    if word == "class" and re.match(r"(inductive|abbrev)\b", rest):
        rest = rest.split(None, 1)[1] if len(rest.split(None, 1)) > 1 else ""
    nm = _DECL_NAME.match(rest)
    if word == "example" or (nm is None and word == "instance"):
        return
    if nm is None:  # a name the reader cannot read: it may be any name later text uses
        ctx.taint = ctx.taint or (line, f"the `{word}` at line {line}, whose name gentzen cannot read")
        return
    name, ns = nm.group().replace("«", "").replace("»", ""), ctx.scope.namespace
    full = name[len("_root_."):] if name.startswith("_root_.") else (f"{ns}.{name}" if ns else name)
    keep = item if item is not None and item.problem is None and item.parsed is not None else None
    ctx.names.add(full, Decl("theorem" if word in ("theorem", "lemma") else word, line, "protected" in mods, keep),
                  wild=word in ("structure", "inductive", "class"))


def _core_name(ref: str, opens) -> bool:
    """Whether the kernel itself knows `ref` (it would not look at the file's declaration)."""
    return (ref in CONSTANTS or ref in _LEAN_NAMES or ref in ("True", "False") or ref.startswith(_LEAN_NAMESPACES)
            or any(f"{o}.{ref}" in CONSTANTS for o in opens))


def declaration_problem(ctx: _Context, word: str, name: str | None, head: str, assign: int) -> str | None:
    """Why the reader cannot state this declaration exactly as Lean reads it, or None."""
    if ctx.taint is not None:
        return (f"it comes after {ctx.taint[1]}, which may change what later text means and which gentzen does "
                "not model")
    if ctx.scope.unmodelled:
        return f"its scope has {ctx.scope.unmodelled}"
    if any(s.kind == "mutual" for s in ctx.scopes):
        return "declarations inside `mutual … end` are elaborated together, which gentzen does not model"
    odd = _ODD_SPACE.search(head)
    if odd:
        return (f"it contains the character U+{ord(odd.group()):04X}, which Lean does not read as whitespace "
                "(gentzen does not reproduce Lean's error for it)")
    ns = ctx.scope.namespace
    stmt = head[: assign + 2]
    try:
        free = free_names(stmt)
    except ParseError:
        free = set(IDENT.findall(stmt))
    free -= {v.name for v in ctx.scope.variables}
    opens = effective_opens(ctx.scope)
    hit = sorted(x for x in free if ctx.names.touches(x, ns, opens))
    if hit:
        return f"the statement mentions `{hit[0]}`, which may name a declaration of this file"
    return None


def _included(ctx: _Context, stmt: str, used: set) -> list[tuple[str, str, str]]:
    if not ctx.scope.variables:
        return []
    try:  # a name the header re-binds is its own binder, not the variable
        words = free_names(stmt)
    except ParseError:  # (the statement is then reported as unreadable: any inclusion will do)
        words = set(IDENT.findall(stmt))
    return [(v.bracket, v.name, v.type) for v in included_variables(ctx.scope, words | used)]


def _caveat(ctx: _Context) -> str | None:
    odd = ctx.scope.odd_opens
    if odd:
        return f"the file has `open {odd[0]}`, a form of `open` gentzen does not model"
    return None


def _with_lemmas(item: ProofItem, ctx: _Context) -> ProofItem:
    """Names in the proof that may resolve to a declaration of this file: each must resolve (Lean's rules:
    innermost namespace, then the root and the open namespaces; protected names) to exactly one earlier theorem the
    kernel accepted and can apply as Lean does (core/elaboration/lemmas.py); else the declaration is `unsupported`. A proof
    citing a theorem the kernel rejected is rejected with it (Lean would add that theorem with `sorry`)."""
    if item.problem is not None or item.proof is None:
        return item
    body = blank_comments(item.proof)[len(item.theorem or ""):]
    ns, opens = ctx.scope.namespace, effective_opens(ctx.scope)
    lemmas = {}
    at = (item.line, item.column)
    # names the proof binds (its statement's, `intro`/`fun`/`have`/… binders) are locals where bound: the kernel
    # tracks locals as Lean does, and a local shadows a constant in both, so such a name needs no resolution here
    local = {n for n, _f in item.parsed.hyps} | set(item.parsed.atoms) if item.parsed is not None else set()
    local |= set(_BINDER_WORDS.findall(body))
    for ref in sorted(set(IDENT.findall(body))):
        if not ctx.names.touches(ref, ns, opens):
            continue
        full = ctx.names.resolve(ref, ns, opens)
        decl = ctx.names.decls.get(full) if full else None
        good = decl is not None and decl.kind == "theorem" and decl.item is not None and not _core_name(ref, opens)
        if ref.split(".")[0] in local and not good:
            continue
        if not good:
            return replace(item, problem=KernelError(*at, "unsupported", f"the proof names `{ref}`, which may resolve "
                                                     "to a declaration of this file in a way gentzen does not model; "
                                                     + _ASK))
        if decl.judged is None:
            decl.judged = (decl.item.check(), make_lemma(decl.item.parsed))
        res, lem = decl.judged
        if (not res.ok or lem is None) and ref.split(".")[0] in local:
            continue
        if not res.ok:
            kind = "unsupported" if res.error.kind == "unsupported" else "invalid_declaration"
            why = "the kernel could not judge" if kind == "unsupported" else "was rejected"
            return replace(item, problem=KernelError(*at, kind, f"this proof cites `{ref}` (line {decl.line}), "
                                                     f"which {why}: a proof is accepted only with what it cites"))
        if lem is None:
            return replace(item, problem=KernelError(*at, "unsupported", f"this proof cites `{ref}` (line "
                                                     f"{decl.line}), whose binders (an implicit hypothesis) gentzen "
                                                     "cannot apply as Lean does; " + _ASK))
        lemmas[ref] = lem
    if not lemmas:
        return item
    if not _LEMMA_FORMS.search(body):
        return replace(item, lemmas=lemmas)
    # the kernel applies a lemma to explicit arguments only (no `_`, `(p := a)`, `@`): a rejection is `unsupported`
    return replace(item, lemmas=lemmas, caveat=f"the proof cites {', '.join(f'`{r}`' for r in lemmas)} of this file, "
                   "which the kernel applies in fewer forms than Lean (`_` or named arguments, `@`)")


# a declaration's name: identifier parts, each plain or «quoted» (`def «True»` declares `True`)
_DECL_NAME = re.compile(r"(?:«[^»\n]*»|[^\W\d][\w'!?₀-₉]*)(?:\.(?:«[^»\n]*»|[^\W\d][\w'!?₀-₉]*))*")
# argument forms Lean's elabAppArgs reads and the kernel's lemma application does not: `_`, `(x := a)`, `@f`
_LEMMA_FORMS = re.compile(r"@|\(\s*[^\W\d][\w'!?₀-₉]*\s*:=|(?<![\w'!?₀-₉])_(?![\w'!?₀-₉])")

_BINDER_WORDS = re.compile(r"(?:(?<=intro )|(?<=intros )|(?<=fun )|(?<=λ )|(?<=have )|(?<=\| inl )|(?<=\| inr )"
                           r"|(?<=rename_i ))([^\W\d][\w'!?₀-₉]*)(?=[ ,:=]|$)", re.M)


_CLOSE = {"(": ")", "{": "}", "[": "]", "⦃": "⦄", "{{": "}}"}


# `open N₁ N₂` of plain namespaces is modelled (the kernel resolves names in them, elab.OPENS)
_NAMESPACE = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")
