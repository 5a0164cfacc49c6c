"""Ordinary Lean files as proof items: every declaration judged, context tracked.

The file is split into its commands the way Lean reads them (comments blanked first, so structure
is found in code only): every `theorem`, `example` and `lemma` becomes an item with a verdict of its
own; `section`/`namespace`/`variable`/`include`/`open` are context; commands that run code or
change the language follow the forbidden policy; what the kernel cannot judge says so (`unsupported`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gentzen.core.comments import blank_comments
from gentzen.core.items import ProofItem
from gentzen.core.kernel import KernelError
from gentzen.core.lemmas import make_lemma
from gentzen.core.theorem import StatementSyntaxError, free_names, parse_theorem
from gentzen.errors import ParseError

ALLOWED_IMPORTS = ("Gentzen.ND",)
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
_IDENT = re.compile(r"[^\W\d][\w'!?₀-₉]*(?:\.[^\W\d][\w'!?₀-₉]*)*")
_LEMMA_MESSAGE = "unexpected identifier; expected command"




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


def lean_items(text: str) -> list[ProofItem]:
    """Every theorem/example/lemma of a Lean file as an item, plus one rejected item per forbidden
    command. The kernel gets the original text of each proof (comments kept, positions exact)."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    blank = blank_comments(text)
    lines = _Lines(text)
    ctx = _Context()
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
        if s > m.start() and word in ("open", "set_option") and first_line.endswith((" in", "\tin")):
            continue
        starts.append(s)
    out: list[tuple[int, int]] = []
    pending: int | None = None
    for k, s in enumerate(starts):
        e = starts[k + 1] if k + 1 < len(starts) else len(blank)
        seg = blank[s:e].rstrip()
        rest = _strip_prefix(seg)[1]
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
    `set_option … in` are peeled off."""
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
            mods.append(seg[i: j + 1])
            i = j + 1
            continue
        m = _WORD.match(seg, i)
        if m and m.group() in MODIFIERS and m.group() != "unsafe":
            mods.append(m.group())
            i = m.end()
            continue
        if m and m.group() in ("open", "set_option"):
            in_m = re.compile(r"[^\n]*?\sin(?![\w'!?.])").match(seg, m.end())
            if in_m and "\n" not in seg[m.end(): in_m.end()]:
                mods.append(" ".join(seg[i: in_m.end()].split()))
                i = in_m.end()
                continue
        return mods, seg[i:], i


def _command(text, blank, start, end, lines, ctx, items) -> None:
    seg = blank[start:end]
    mods, rest, off = _strip_prefix(seg)
    m = _WORD.match(rest)
    parts = rest.split(None, 1)
    word = m.group() if m else (parts[0] if parts else "")
    kw_at = start + off
    line, col = lines.at(kw_at)
    body = rest[len(word):]
    if not word:
        return  # modifiers at the end of the file: nothing to judge
    guard, ctx.guard = ctx.guard, None
    if word == "#guard_msgs" and re.fullmatch(r"(?:\s*\([^()]*\))?\s*in", body):
        # `#guard_msgs in` applies to the command after it; its options (`(error)`, `(whitespace := …)`) are
        # not modelled, and say so when judged
        ctx.guard = (_docstring(text, start), "(" in body)
        return
    if word in JUDGED:
        item = _declaration(text, blank, word, kw_at, end, line, col, mods, lines, ctx)
        if guard is not None:
            item = replace(item, expected=(guard[0] or "", guard[1]))
        item = _with_lemmas(item, ctx)
        items.append(item)
        nm = _IDENT.match(body.lstrip())
        if word != "example" and nm:
            ctx.declared[nm.group().split(".")[-1]] = (word, line)
            if item.problem is None and item.parsed is not None and guard is None:
                ctx.theorems[nm.group().split(".")[-1]] = [item, None]
        return
    forbidden_mod = next((x for x in mods if x.startswith("@[") and re.search(r"implemented_by|extern", x)), None)
    if word in FORBIDDEN_COMMANDS or forbidden_mod:
        what = forbidden_mod or word
        items.append(ProofItem(f"{what}@{line}", None, "", line, KernelError(
            line, col, "forbidden", f"`{what}` is not allowed in a checked file (it runs code or changes "
            "the language, which a pinned statement cannot account for)"), col, "command"))
        return
    if word in OTHER_DECLS:
        nm = _IDENT.match(body.lstrip())
        if nm:
            ctx.declared[nm.group().split(".")[-1]] = (word, line)
        return
    if word == "import":
        for mod in body.split():
            if mod not in ALLOWED_IMPORTS:
                ctx.foreign.append(mod)
                items.append(ProofItem(f"import@{line}", None, "", line, KernelError(
                    line, col, "forbidden", f"`import {mod}` is not allowed (the one import a checked file "
                    f"may have is `import {ALLOWED_IMPORTS[0]}`)"), col, "command"))
            else:
                ctx.imports.append(mod)
        return
    scope = ctx.scopes[-1]
    if word in ("section", "namespace", "mutual"):   # `mutual … end` pairs like a section
        ctx.scopes.append(_Scope(word, body.strip()))
    elif word == "end":
        if len(ctx.scopes) > 1:
            ctx.scopes.pop()
    elif word == "variable":
        scope.variables.extend(_binders(body))
    elif word == "include":
        scope.includes.update(body.split())
    elif word == "open":
        scope.opens.extend(body.split())
    elif word == "set_option":
        opt = re.fullmatch(r"\s*(autoImplicit|relaxedAutoImplicit)\s+(true|false)\s*", body)
        if opt:
            scope.options[opt.group(1)] = opt.group(2) == "true"
    elif word not in NEUTRAL_COMMANDS and word not in MODIFIERS:
        # text after `open … in` / attributes that is no command gentzen knows: said, not skipped
        items.append(ProofItem(f"{word}@{line}", None, "", line, KernelError(
            line, col, "unsupported", f"gentzen cannot read this top-level text (`{word}` …): it is not a "
            "command it knows; Lean may read it: ask Lean with --backend repl or both"), col, "command"))
    # #check, #print, universe, attribute, set_option …: no effect on the proofs around them.


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


def _header_binders(stmt: str) -> list[tuple[str, str, str]]:
    """The binders of `theorem NAME binders : goal :=`: text up to the top-level `:`."""
    depth = 0
    for i, c in enumerate(stmt):
        if c in "([{⟨":
            depth += 1
        elif c in ")]}⟩":
            depth -= 1
        elif c == ":" and depth == 0 and stmt[i + 1: i + 2] != "=":
            return _binders(stmt[:i])
    return []


def _docstring(text: str, at: int) -> str | None:
    """The text of the doc comment `/-- … -/` right before offset `at` (only whitespace between), or None."""
    k = len(text[:at].rstrip())
    if not text.startswith("-/", k - 2):
        return None
    start = text.rfind("/--", 0, k - 2)
    return None if start < 0 else text[start + 3: k - 2]


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


def _declaration(text, blank, word, kw_at, end, line, col, mods, lines, ctx) -> ProofItem:
    head = blank[kw_at:end]
    after = head[len(word):]
    nm = _IDENT.match(after.lstrip())
    name = nm.group() if word != "example" and nm else f"{word}@{line}"
    if word == "lemma":
        # Lean core has no `lemma` (it is Mathlib's): the command parser stops at the identifier.
        msg = (_LEMMA_MESSAGE if not mods else "`lemma` is not a Lean 4 core keyword (it is Mathlib syntax, "
               "and `import Mathlib` is not allowed here), so Lean's parser rejects this declaration")
        return ProofItem(name, None, "", line, KernelError(line, col, "parse", msg), col, "lemma",
                         modifiers=tuple(mods))
    if "protected" in mods and "." not in name and not any(sc.kind == "namespace" for sc in ctx.scopes):
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
    stmt = head[: assign + 2]
    # `variable`s the statement mentions (and `include`d ones, with the atoms their types use),
    # in declaration order, inserted after the name: Lean's variable-inclusion rule.
    ins_at = len(word) + (len(after) - len(after.lstrip()) + len(nm.group()) if word != "example" and nm else 0)
    # Lean.Elab.MutualDef: only a `theorem` takes just the variables its header mentions; an `example` (like a
    # `def`) also takes those its body uses (names the body binds itself are its own)
    body = blank[kw_at + assign + 2: end]
    used = "" if word != "example" else " ".join(  # `h.left` uses `h`
        {w.split(".")[0] for w in _IDENT.findall(body)} - set(_BINDER_WORDS.findall(body)))
    binders = _included(ctx, stmt, used)
    inserted = "".join(f" {b}{x} : {t}{_CLOSE[b]}" if x else f" {b}{t}{_CLOSE[b]}" for b, x, t in binders)
    stmt = stmt[:ins_at] + inserted + stmt[ins_at:]
    proof = stmt + text[kw_at + assign + 2: end]
    opens = tuple(ctx.opens() + [o for m in mods if m.startswith("open ") for o in m.split()[1:-1]])
    caveat = _caveat(ctx, blank[kw_at + assign + 2: end], opens)
    forall = _forall_props(stmt, text[kw_at + assign + 2: end], blank[kw_at + assign + 2: end])
    if forall is not None:
        stmt, tail = forall
        text = text[: kw_at + assign + 2] + tail + text[end:]
    try:
        # core Lean's defaults: autoImplicit and relaxedAutoImplicit true (a Lake package may turn them off, as
        # this repository's lakefile does; a file says so with `set_option`)
        auto_ok = ctx.option("autoImplicit", True, mods) and ctx.option("relaxedAutoImplicit", True, mods)
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
        return ProofItem(name, stmt, proof, line, KernelError(
            line, col, "unsupported", f"the kernel cannot read this statement ({why}); gentzen reads "
            "propositional statements `theorem NAME (P Q : Prop) (h : φ) : ψ`. Lean may accept it: ask "
            "Lean with --backend repl or both"), col, word, modifiers=tuple(mods))
    return ProofItem(name, stmt, proof, line, None, col, word, inserted=(ins_at, len(inserted)),
                     caveat=caveat, modifiers=tuple(mods), imports=tuple(ctx.imports), parsed=parsed,
                     opens=tuple(o for o in opens if _NAMESPACE.fullmatch(o)), foreign=tuple(ctx.foreign))


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
    depth, colon = 0, -1
    for i, c in enumerate(stmt[:-2]):
        if c in "([{⟨":
            depth += 1
        elif c in ")]}⟩":
            depth -= 1
        elif c == ":" and depth == 0 and stmt[i + 1: i + 2] != "=":
            colon = i
            break
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
