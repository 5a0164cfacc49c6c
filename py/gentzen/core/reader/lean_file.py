"""Ordinary Lean files as proof items: every declaration judged, context tracked.

The file is split into its commands the way Lean reads them (comments blanked first, so structure
is found in code only): every `theorem`, `example` and `lemma` becomes an item with a verdict of its
own; `section`/`namespace`/`variable`/`include`/`open` are context; commands that run code or
change the language follow the forbidden policy; what the kernel cannot judge says so (`unsupported`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from gentzen.core.text.comments import blank_comments
from gentzen.core.kernel import KernelError
from gentzen.core.reader.lean_modules import expand_binders, read_modules, uses
from gentzen.core.reader.lean_names import attribute_problem
from gentzen.core.reader.lean_scope import (_BINDER_WORDS, _CLOSE, _IDENT, _NAMESPACE, _Context, _caveat, _included,
                                     _with_lemmas, context_command, declaration_problem, register, unsupported)
from gentzen.core.reader.lean_statements import _AUTO_OFF, _auto_bound, _forall_props
from gentzen.core.reader.proof_item import ProofItem
from gentzen.core.proof.theorem import StatementSyntaxError
from gentzen.errors import ParseError

ALLOWED_IMPORTS = ("Gentzen.ND",)
# libraries whose modules add names and tactics but leave core Lean's propositional notation as it is
KNOWN_LIBRARIES = ("Mathlib", "Aesop", "Batteries", "Std", "Init", "Lean", "Qq", "Plausible")
JUDGED = ("theorem", "example", "lemma")
# Declarations that are not judged but whose names later proofs may use.
OTHER_DECLS = ("def", "abbrev", "instance", "opaque", "structure", "inductive", "class")
MODIFIERS = ("private", "protected", "noncomputable", "unsafe", "partial", "nonrec", "local", "scoped")
# Commands that run code or change what later text means: rejected as a whole file command.
FORBIDDEN_COMMANDS = ("#eval", "#exit", "run_cmd", "run_elab", "run_meta", "axiom", "macro",
                      "macro_rules", "syntax", "elab", "elab_rules", "notation", "infix", "infixl",
                      "infixr", "prefix", "postfix", "declare_syntax_cat", "initialize",
                      "builtin_initialize", "unsafe")
# Commands with no effect on a propositional proof (or tracked separately below).
NEUTRAL_COMMANDS = ("#check", "#print", "#reduce", "#help", "#synth", "#guard_msgs", "universe",
                    "attribute", "set_option", "export", "omit", "deriving")
CONTEXT_COMMANDS = ("section", "namespace", "mutual", "end", "variable", "include", "open", "import")
_KEYWORDS = JUDGED + OTHER_DECLS + MODIFIERS + FORBIDDEN_COMMANDS + NEUTRAL_COMMANDS + CONTEXT_COMMANDS
_WORD_KEYWORDS = sorted((k for k in _KEYWORDS if not k.startswith("#")), key=len, reverse=True)
# A line where a command may start: a keyword, `@[`, or a `#command`, after any indentation.
_CMD_START = re.compile(r"^[ \t]*(?:@\[|#[A-Za-z_]|(?:" + "|".join(_WORD_KEYWORDS) + r")(?![\w'!?.]))", re.M)
_WORD = re.compile(r"[^\W\d][\w'!?.₀-₉]*|#[A-Za-z_]+")
_LEMMA_MESSAGE = "unexpected identifier; expected command"
_LEMMA_HINT = " (`lemma` is Mathlib's keyword, not core Lean's: write `theorem`)"
# commands that may prefix another as `cmd in decl` (expandInCmd: `section cmd decl end`)
_OPEN_IN_PROOF = re.compile(r"(?<![\w.'])open[ \t]+[^\n]*?[ \t]in(?![\w'!?])")
_IN_PREFIX = ("open", "set_option", "include", "omit", "variable")


class _Lines:
    """Offset -> (line, column), counting newlines from the previous query (commands come in order)."""

    def __init__(self, text: str) -> None:
        self.text, self.offset, self.line = text, 0, 1

    def at(self, offset: int) -> tuple[int, int]:
        if offset >= self.offset:
            self.line += self.text.count("\n", self.offset, offset)
        else:
            self.line = 1 + self.text.count("\n", 0, offset)
        self.offset = offset
        return self.line, offset - (self.text.rfind("\n", 0, offset) + 1)


def lean_items(text: str, root: Path | None = None) -> list[ProofItem]:
    """Every theorem/example/lemma of a Lean file as an item, plus one rejected item per forbidden
    command. The kernel gets the original text of each proof (comments kept, positions exact). `root`: the
    file's folder, where the Lake project's own imported modules are looked up (core/reader/lean_modules.py)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    blank = blank_comments(text)
    lines = _Lines(text)
    ctx = _Context()
    ctx.root = root
    items: list[ProofItem] = []
    for start, end in _commands(blank):
        _command(text, blank, start, end, lines, ctx, items)
    return items


def _commands(blank: str) -> list[tuple[int, int]]:
    """(start, end) offsets of each command: from a line where one starts to the next such line,
    trimmed of trailing whitespace. Attribute/modifier-only lines join the command after them; an
    indented `open … in` / `set_option … in` is a tactic combinator inside a proof, not a command."""
    starts = []
    for m in _CMD_START.finditer(blank):
        s = m.start() + (len(m.group()) - len(m.group().lstrip(" \t")))
        eol = blank.find("\n", s)
        first_line = blank[s: len(blank) if eol < 0 else eol].rstrip()
        word = first_line.split(None, 1)[0] if first_line else ""
        if s > m.start() and word in ("open", "set_option") and re.search(r"[ \t]in(?:[ \t]|$)", first_line):
            continue  # an indented `open … in tac`: a tactic combinator inside a proof
        starts.append(s)
    out: list[tuple[int, int]] = []
    pending: int | None = None
    for k, s in enumerate(starts):
        e = starts[k + 1] if k + 1 < len(starts) else len(blank)
        seg = blank[s:e].rstrip()
        mods, rest, _off = _strip_prefix(seg)
        if mods and mods[-1] is None:  # an unclosed `@[`: an error at its place, never the next command's
            if pending is not None:
                out.append((pending, s))
                pending = None
            out.append((s, s + len(seg)))
            continue
        if not rest.strip():          # only modifiers / attributes / `… in`: part of what follows
            pending = s if pending is None else pending
            continue
        end = s + len(seg)
        if pending is not None:
            s, pending = pending, None
        out.append((s, end))
    if pending is not None:
        seg = blank[pending:].rstrip()
        out.append((pending, pending + len(seg)))
    return out


def _strip_prefix(seg: str) -> tuple[list[str], str, int]:
    """(modifiers, rest, offset of rest): leading `@[…]`, modifier words, `open … in` and
    `set_option … in`, `include … in`, `omit … in` and `variable … in` are peeled off (`None` last in mods: an
    unclosed `@[`)."""
    mods: list[str] = []
    i = 0
    n = len(seg)
    while True:
        while i < n and seg[i].isspace():
            i += 1
        if seg.startswith("@[", i):
            depth, j = 0, i
            while j < n:
                if seg[j] == "[":
                    depth += 1
                elif seg[j] == "]":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if j >= n:  # unclosed: the caller reports it (Lean: expected ']')
                mods.append(None)
                return mods, seg[i:], i
            mods.append(seg[i: j + 1])
            i = j + 1
            continue
        m = _WORD.match(seg, i)
        if m and m.group() in MODIFIERS and m.group() != "unsafe":
            mods.append(m.group())
            i = m.end()
            continue
        if m and m.group() in _IN_PREFIX:
            in_m = re.compile(r"[^\n]*?\sin(?![\w'!?.])").match(seg, m.end())
            if in_m and "\n" not in seg[m.end(): in_m.end()]:
                mods.append(" ".join(seg[i: in_m.end()].split()))
                i = in_m.end()
                continue
        return mods, seg[i:], i


def _command(text, blank, start, end, lines, ctx, items) -> None:
    seg = blank[start:end]
    mods, rest, off = _strip_prefix(seg)
    line, col = lines.at(start + off)
    if mods and mods[-1] is None:
        ln, cl = lines.at(start + off)
        items.append(ProofItem(f"attribute@{ln}", None, "", ln, KernelError(
            ln, cl, "parse", "unexpected end of attribute list; expected ']' (this `@[` is never closed)"),
            cl, "command"))
        return
    m = _WORD.match(rest)
    parts = rest.split(None, 1)
    word = m.group() if m else (parts[0] if parts else "")
    kw_at = start + off
    body = rest[len(word):]
    if not word:
        return  # modifiers at the end of the file: nothing to judge
    for attrs in (x[2:-1] for x in mods if x.startswith("@[")):
        bad = attribute_problem(attrs)
        if bad is not None and ctx.taint is None:
            ctx.taint = (line, f"the attribute `@[{bad}]` at line {line}")
    guard, ctx.guard = ctx.guard, None
    if word == "#guard_msgs" and re.fullmatch(r"(?:\s*\([^()]*\))?\s*in", body):
        # `#guard_msgs in` applies to the command after it; its options (`(error)`, `(whitespace := …)`) are
        # not modelled, and say so when judged
        ctx.guard = (_docstring(text, start), "(" in body)
        return
    # `cmd₁ in cmd₂` is `section cmd₁ cmd₂ end` (Lean's expandInCmd): a scope of its own around the command
    prefixes = [x for x in mods if not x.startswith("@[") and x.split(None, 1)[0] in _IN_PREFIX]
    depth = len(ctx.scopes)
    for p in prefixes:
        ctx.scopes.append(ctx.scope.child("in", "", ctx.scope.namespace))
        w, _, b = p[:-2].rstrip().partition(" ")
        err = context_command(ctx, w, b, line, col)
        if err is not None:
            items.append(err)
    _one(text, blank, word, body, kw_at, end, line, col, mods, lines, ctx, items, guard)
    if prefixes:  # the `end` of `section cmd₁ cmd₂ end`
        del ctx.scopes[depth:]


def _one(text, blank, word, body, kw_at, end, line, col, mods, lines, ctx, items, guard) -> None:
    if word in JUDGED:
        if ctx.modules is not None and ctx.modules.binders:  # a project module's `assume h : φ` (lean_modules)
            seg = expand_binders(ctx.modules, text[kw_at:end])
            if seg != text[kw_at:end]:
                bseg = expand_binders(ctx.modules, blank[kw_at:end])
                text, blank = text[:kw_at] + seg + text[end:], blank[:kw_at] + bseg + blank[end:]
                end += len(seg) - (end - kw_at)
        item = _declaration(text, blank, word, kw_at, end, line, col, mods, lines, ctx)
        if guard is not None:
            item = replace(item, expected=(guard[0] or "", guard[1]))
        item = _with_lemmas(item, ctx)
        items.append(item)
        register(ctx, word, body, line, mods, item if guard is None else None)
        return
    forbidden_mod = next((x for x in mods if x.startswith("@[") and re.search(r"implemented_by|extern", x)), None)
    if word in FORBIDDEN_COMMANDS or forbidden_mod:
        what = forbidden_mod or word
        items.append(ProofItem(f"{what}@{line}", None, "", line, KernelError(
            line, col, "forbidden", f"`{what}` is not allowed in a checked file (it runs code or changes "
            "the language, which a pinned statement cannot account for)"), col, "command"))
        if ctx.taint is None:
            ctx.taint = (line, f"`{what}` at line {line}")
        return
    if word in OTHER_DECLS:
        register(ctx, word, body, line, mods, None)
        return
    if word == "import":
        # not items of their own (issue 39): an import the kernel cannot load is recorded, and what it may declare
        # makes name and syntax errors `unsupported` (proof_item.to_file); a module outside the well-known
        # libraries may change what later text means (its own `notation`, `macro_rules`), so it taints
        for mod in body.split():
            if mod in ALLOWED_IMPORTS:
                ctx.imports.append(mod)
                continue
            if mod.split(".")[0] not in KNOWN_LIBRARIES:
                info = read_modules(ctx.root, mod, _is_library, ctx.modules)
                if info is not None:  # the project's own module, read: its library imports count as the file's
                    ctx.modules = info
                    ctx.foreign.extend(m for m in info.libraries if m not in ctx.foreign)
                    continue
            ctx.foreign.append(mod)
            if mod.split(".")[0] not in KNOWN_LIBRARIES and ctx.taint is None:
                ctx.taint = (line, f"`import {mod}` at line {line} (a module gentzen cannot read, which may "
                             "declare notation)")
        return
    if word in CONTEXT_COMMANDS or word in ("set_option", "attribute", "export", "omit"):
        err = context_command(ctx, word, body, line, col)
        if err is not None:
            items.append(err)
    elif word not in NEUTRAL_COMMANDS and word not in MODIFIERS:
        # text after `open … in` / attributes that is no command gentzen knows: said, not skipped
        items.append(ProofItem(f"{word}@{line}", None, "", line, KernelError(
            line, col, "unsupported", f"gentzen cannot read this top-level text (`{word}` …): it is not a "
            "command it knows; Lean may read it: ask Lean with --backend repl or both"), col, "command"))
        if ctx.taint is None:
            ctx.taint = (line, f"the top-level text `{word}` at line {line}")
    # #check, #print, universe …: no effect on the proofs around them.


def _is_library(mod: str) -> bool:
    return mod.split(".")[0] in KNOWN_LIBRARIES


def _docstring(text: str, at: int) -> str | None:
    """The text of the doc comment `/-- … -/` right before offset `at` (only whitespace between), or None."""
    k = len(text[:at].rstrip())
    if not text.startswith("-/", k - 2):
        return None
    start = text.rfind("/--", 0, k - 2)
    return None if start < 0 else text[start + 3: k - 2]


def _declaration(text, blank, word, kw_at, end, line, col, mods, lines, ctx) -> ProofItem:
    """One `theorem`/`lemma`/`example` of a file at `kw_at` as a ProofItem, judged where Lean would refuse it.
    Long because each refusal (quoted names, `lemma`, `protected` outside a namespace, missing `:=`, …) is a
    branch in the order Lean's command elaborator meets them."""
    head = blank[kw_at:end]
    after = head[len(word):]
    nm = _IDENT.match(after.lstrip())
    name = nm.group() if word != "example" and nm else f"{word}@{line}"
    if word != "example" and after.lstrip().startswith("«"):  # a «quoted» name: not read here
        return unsupported(name, line, col, word, mods, "a «quoted» declaration name is outside gentzen's reader")
    if word == "lemma":
        # Lean core has no `lemma` (it is Mathlib's): the command parser stops at the identifier.
        msg = (_LEMMA_MESSAGE + _LEMMA_HINT if not mods else "`lemma` is not a Lean 4 core keyword (it is Mathlib "
               "syntax, and `import Mathlib` is not allowed here), so Lean's parser rejects this declaration: write "
               "`theorem`")
        return ProofItem(name, None, "", line, KernelError(line, col, "parse", msg), col, "lemma",
                         modifiers=tuple(mods))
    if "protected" in mods and "." not in name and not ctx.scope.namespace:
        # Lean.Elab.mkDeclName (Lean/Elab/DeclUtil.lean): a protected name needs a namespace
        return ProofItem(name, None, "", line, KernelError(
            line, col, "invalid_declaration", "protected declarations must be in a namespace"), col, word,
            modifiers=tuple(mods))
    assign = head.find(":=")
    if assign < 0 and re.search(r"\n[ \t]*\||\bwhere\b", head):
        return ProofItem(name, None, "", line, KernelError(
            line, col, "unsupported", "equation-style proofs (`| pattern => …`, `where`) are outside the "
            "kernel; Lean may accept it: ask Lean with --backend repl or both"), col, word, modifiers=tuple(mods))
    if assign < 0:
        ln, cl = lines.at(end)
        following = re.compile(r"\S+").search(blank, end)
        got = f"token '{following.group()}'" if following else "end of input"
        return ProofItem(name, None, "", line, KernelError(
            ln, cl, "parse", f"unexpected {got}; expected ':=', 'where' or '|'"), col, word, modifiers=tuple(mods))
    if word != "example" and nm and ctx.names.resolve_declared(nm.group(), ctx.scope.namespace):
        full = ctx.names.resolve_declared(nm.group(), ctx.scope.namespace)
        at = kw_at + len(word) + len(after) - len(after.lstrip())
        return ProofItem(name, None, "", line, KernelError(line, col + at - kw_at, "invalid_declaration",
                                                           f"'{full}' has already been declared"), col, word,
                         modifiers=tuple(mods))
    # what the reader does not model exactly makes the declaration `unsupported`, never accepted
    why = declaration_problem(ctx, word, name if word != "example" else None, head, assign)
    if why is not None:
        return unsupported(name, line, col, word, mods, why)
    stmt = head[: assign + 2]
    # the section variables the declaration takes (Lean's variable-inclusion rule), inserted after the name
    ins_at = len(word) + (len(after) - len(after.lstrip()) + len(nm.group()) if word != "example" and nm else 0)
    # Lean.Elab.MutualDef: only a `theorem` takes just the variables its header mentions; an `example` (like a
    # `def`) also takes those its body uses (names the body binds itself are its own)
    body = blank[kw_at + assign + 2: end]
    used = set() if word != "example" else (
        {w.split(".")[0] for w in _IDENT.findall(body)} - set(_BINDER_WORDS.findall(body)))
    if _OPEN_IN_PROOF.search(body):  # the kernel's policy refuses `open` in proofs; a file's is Lean's own
        return unsupported(name, line, col, word, mods, "`open … in` inside a proof is outside gentzen's kernel")
    binders = _included(ctx, stmt, used)
    inserted = "".join(f" {b}{x} : {t}{_CLOSE[b]}" if x else f" {b}{t}{_CLOSE[b]}" for b, x, t in binders)
    stmt = stmt[:ins_at] + inserted + stmt[ins_at:]
    proof = stmt + text[kw_at + assign + 2: end]
    opens = tuple(ctx.scope.opens)
    caveat = _caveat(ctx)
    if caveat is None and ctx.modules is not None:
        used = uses(ctx.modules, blank[kw_at:end], ctx.scope.namespace, tuple(ctx.scope.opens))
        if used is not None:
            caveat = f"it uses `{used}`, which an imported module of the project declares ({', '.join(ctx.modules.read)})"
    if caveat is not None:
        return unsupported(name, line, col, word, mods, caveat)
    forall = _forall_props(stmt, text[kw_at + assign + 2: end], blank[kw_at + assign + 2: end])
    if forall is not None:
        stmt, tail = forall
        text = text[: kw_at + assign + 2] + tail + text[end:]
    try:
        # core Lean's defaults: autoImplicit and relaxedAutoImplicit true (a Lake package may turn them off, as
        # this repository's lakefile does; a file says so with `set_option`)
        auto_ok = ctx.option("autoImplicit", True) and ctx.option("relaxedAutoImplicit", True)
        parsed, stmt, auto = _auto_bound(stmt, ins_at + len(inserted), auto_ok)
        inserted += "".join(f" {{{a} : Prop}}" for a in auto)
        proof = stmt + text[kw_at + assign + 2: end]
    except StatementSyntaxError as e:  # Lean's parser rejects it too: its message, at its place in the file
        item = ProofItem(name, stmt, proof, line, None, col, word, inserted=(ins_at, len(inserted)),
                         modifiers=tuple(mods))
        at = item.to_file({"line": 1, "column": e.column or 0, "kind": "parse", "message": e.message})
        return replace(item, problem=KernelError(at["line"], at["column"], "parse", e.message))
    except ParseError as e:
        why = e.message
        if why.endswith(_AUTO_OFF) and not ctx.foreign:  # Lean's error: the name is unbound
            c = e.column or 0
            c = c - len(inserted) if c >= ins_at + len(inserted) else min(c, ins_at)
            at = (line, col + c) if (e.line or 1) == 1 else (line + e.line - 1, c)
            return ProofItem(name, stmt, proof, line, KernelError(*at, "unknown_identifier", why[: -len(_AUTO_OFF)]),
                             col, word, modifiers=tuple(mods))
        return unsupported(name, line, col, word, mods, f"the kernel cannot read this statement ({why}); gentzen "
                           "reads propositional statements `theorem NAME (P Q : Prop) (h : φ) : ψ`", stmt, proof)
    proof, shift = _column0_block(proof, len(stmt))
    return ProofItem(name, stmt, proof, line, None, col, word, inserted=(ins_at, len(inserted)), shift=shift,
                     modifiers=tuple(mods), imports=tuple(ctx.imports), parsed=parsed,
                     opens=tuple(o for o in opens if _NAMESPACE.fullmatch(o)), foreign=tuple(ctx.foreign),
                     hygienic=ctx.option("tactic.hygienic", True))


def _column0_block(proof: str, body_at: int) -> tuple[str, int]:
    """A `:= by` block whose tactics start at column 0 (Logic and Proof writes them so): Lean's tacticSeq
    checks columns against its first tactic (`sepByIndent`: withPosition + checkColGe), so column 0 is a
    block like any other. The kernel reads blocks under `by` indented, so the lines move 2 right; the
    item's `shift` moves reported columns back."""
    body = proof[body_at:]
    head, nl, rest = body.partition("\n")
    if not nl or head.strip().split("--")[0].strip() != "by":
        return proof, 0
    first = next((ln for ln in rest.split("\n") if ln.strip()), "")
    if not first or first[0] in " \t":
        return proof, 0
    moved = "\n".join("  " + ln if ln.strip() else ln for ln in rest.split("\n"))
    return proof[:body_at] + head + nl + moved, 2
