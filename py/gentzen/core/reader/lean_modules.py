"""A Lake project's own modules that a checked file imports (`import LoVe.LoVelib`), read from the project's
folders: what they import from libraries, the syntax they add (its tokens) and the names they declare. A
declaration that uses neither may be judged; one that does is `unsupported`. Options and `open`s stay in their
module (Lean scopes them to it); a module gentzen cannot read keeps the file tainted, as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from gentzen.core.text.comments import blank_comments

# commands and attributes that add syntax: every string literal in them is a token they may add
_SYNTAX_WORDS = ("syntax", "macro", "macro_rules", "elab", "elab_rules", "notation", "infix", "infixl", "infixr",
                 "prefix", "postfix", "declare_syntax_cat")
_SYNTAX_ATTR = re.compile(r"@\[[^\]]*(?:_parser|macro|tactic|command_elab|term_elab)[^\]]*\]")
_DECL = re.compile(r"^(?:@\[[^\]]*\]\s*)?(?:(?:private|protected|noncomputable|partial|unsafe|scoped|local)\s+)*"
                   r"(?:theorem|lemma|def|abbrev|instance|opaque|structure|inductive|class|axiom)\s+([^\s(:{\[]+)")
# the head token of each pattern a `macro_rules`/`elab_rules` alternative extends: `| `(tactic| trivial) => …`
_QUOTED = re.compile(r"\|\s*`\((?:(?:tactic|term|command|doElem)\|)?\s*([^\s)$]+)")
# LoVe's `assume h : φ` (LoVelib.lean): a keyword that is `fun` with one binder group, `optSemicolon` before the body
_BINDER_MACRO = re.compile(r"\|\s*`\(([^\W\d]\w*)\s+\$(\w+)(\*?)\s*:\s*\$(\w+)\s*;\s*\$(\w+)\)\s*=>\s*"
                           r"`\(fun\s+\$\2\3\s*:\s*\$\4\s*↦\s*\$\5\)")
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
MAX_MODULES = 64


@dataclass
class ModuleInfo:
    libraries: list = field(default_factory=list)  # library modules imported, directly or through project modules
    tokens: set = field(default_factory=set)       # token groups of the modules' syntax: text with all of one may use it
    names: set = field(default_factory=set)        # full names the modules declare
    read: list = field(default_factory=list)       # the project modules read
    binders: set = field(default_factory=set)      # keywords K of `macro_rules | `(K $x : $t; $y) => `(fun $x : $t ↦ $y)`


def module_file(root: Path | None, mod: str) -> Path | None:
    """`A.B.C` as `A/B/C.lean` under the checked file's folder or one above it (the Lake package root)."""
    if root is None:
        return None
    rel = Path(*mod.split(".")).with_suffix(".lean")
    for d in (root, *root.parents):
        if (d / rel).is_file():
            return d / rel
    return None


def read_modules(root: Path | None, mod: str, is_library, info: ModuleInfo | None = None) -> ModuleInfo | None:
    """The project module `mod` and the project modules it imports, or None when one cannot be read (not
    found, too many, or a command that adds syntax without any token)."""
    info = info or ModuleInfo()
    path = module_file(root, mod)
    if path is None or len(info.read) >= MAX_MODULES:
        return None
    if mod in info.read:
        return info
    info.read.append(mod)
    try:
        text = blank_comments(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, TypeError):
        return None
    scopes: list[tuple[str, str]] = []  # (section|namespace, name)
    for cmd in _commands(text):
        word = cmd.split(None, 1)[0]
        arg = (cmd.split() + ["", ""])[1]
        if word in ("namespace", "section"):
            scopes.append((word, arg if word == "namespace" else ""))
        elif word == "end" and scopes:
            scopes.pop()
        if word in ("export", "run_cmd", "run_elab", "run_meta", "initialize", "builtin_initialize"):
            return None  # an alias that leaks to importers, or code that may add to the environment: not read
        if word == "import":
            for m in cmd.split()[1:]:
                if is_library(m):
                    info.libraries.append(m)
                elif read_modules(root, m, is_library, info) is None:
                    return None
            continue
        if word in _SYNTAX_WORDS or _SYNTAX_ATTR.match(cmd) or re.match(
                r"(?:scoped|local)\s+(?:syntax|macro|notation|infix|prefix|postfix|elab)", cmd):
            # A syntax without optional or repeated parts parses only where all its literals occur (a group, all
            # required); with them, its first literal alone is required
            head = cmd if _SYNTAX_ATTR.match(cmd) else cmd.split("=>", 1)[0]
            lits = [s.strip() for s in _STRING.findall(head) if s.strip()]
            toks = {tuple(lits)} if lits and not re.search(r"[?*]|<\|>|optional|many|sepBy|optSemicolon", head) \
                else {tuple(lits[:1])}
            if word in ("macro_rules", "elab_rules"):
                toks |= {(q,) for q in _QUOTED.findall(cmd)}
                info.binders |= {m.group(1) for m in _BINDER_MACRO.finditer(cmd)}
            toks.discard(())
            if not toks:
                return None
            info.tokens |= toks
        d = _DECL.match(cmd)
        if d:
            ns = ".".join(n for _k, n in scopes if n)
            name = d.group(1).strip("«»").removeprefix("_root_.")
            info.names.add(f"{ns}.{name}" if ns and not d.group(1).startswith("_root_.") else name)
    return info


def _commands(text: str) -> list[str]:
    """The module's commands: each from a column-0 line to the next one (a column-0 `| …` alternative continues)."""
    out: list[str] = []
    for ln in text.split("\n"):
        if ln[:1].strip() and not (ln.startswith("|") and out):
            out.append(ln)
        elif out:
            out[-1] += "\n" + ln
    return out


def uses(info: ModuleInfo, text: str, namespace: str = "", opens=()) -> str | None:
    """A token of the imported project modules' syntax that `text` (comments blanked) uses, or a name of theirs it
    may refer to (directly, or under the current namespace or an open one: a prefix of a name is enough, since
    `T.ctor` of a declared `T` counts), or None."""
    words = set(re.findall(r"[^\W\d][\w'!?.₀-₉]*", text))
    parts = {p for w in words for p in w.split(".")}
    for group in sorted(info.tokens):
        if group and all(t in parts if re.fullmatch(r"[^\W\d][\w'!?₀-₉]*", t) else t in text for t in group):
            return " … ".join(group)
    nss = [""] + [".".join(namespace.split(".")[:k]) for k in range(1, len(namespace.split(".")) + 1) if namespace]
    nss += [o for o in opens if o]
    heads = set()
    for n in info.names:
        for ns in nss:
            if not ns:
                heads.add(n)
            elif n.startswith(ns + "."):
                heads.add(n[len(ns) + 1:])
    for w in sorted(words):
        for k in range(1, w.count(".") + 2):
            if ".".join(w.split(".")[:k]) in heads:
                return w
    return None


def expand_binders(info: ModuleInfo, seg: str) -> str:
    """`K x : φ` on a line of its own (φ ends there: the next line is not indented more, so `withPosition`'s column
    rule ends the type) as `fun x : φ ↦`, columns kept (`K` padded to its length); other uses stay, and then
    make the declaration `unsupported` (core/reader/lean_file.py)."""
    if not info.binders:
        return seg
    lines = seg.split("\n")
    for i, ln in enumerate(lines):
        m = re.match(r"(\s*(?:\(\s*)?)(" + "|".join(map(re.escape, sorted(info.binders))) + r")(\s+[^:;()]+:[^:;]+?)\s*$",
                     ln)
        if not m or len(m.group(2)) < 3:
            continue
        nxt = next((x for x in lines[i + 1:] if x.strip()), None)
        if nxt is None or len(nxt) - len(nxt.lstrip()) > len(m.group(1)):
            continue
        lines[i] = m.group(1) + "fun" + " " * (len(m.group(2)) - 3) + m.group(3) + " ↦"
    return "\n".join(lines)
