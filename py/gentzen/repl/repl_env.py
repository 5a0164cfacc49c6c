"""What a `gentzen repl` environment holds: the text of the commands it was built from (the file reader reads
it again, so declared names, lemmas, `variable`s, scopes and `open`s mean what they mean in a file), imports
and options; and the split of a command text into Lean's commands. Environments are immutable: a command
returns a new one (kernel_server).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gentzen.core.text.comments import blank_comments

# a command starts at column 0 with one of these words (Lean's command keywords the REPL meets)
_CMD = re.compile(r"^(?:(?:private|protected|noncomputable)[ \t]+)*(theorem|example|lemma|variable|section|"
                  r"namespace|end|open|set_option|universe|include|omit|import|def|abbrev|instance|axiom|#\w+|@\[)", re.M)
CORE_IMPORTS = ("Gentzen", "Init")  # imports that bring no name unknown to the kernel (Init: always there)


@dataclass(frozen=True)
class ReplEnv:
    """An environment: the text of every command it was built from, read again by the file reader
    (core/reader/lean_file.py) for each new command, so a `gentzen repl` command means what the same text means in a
    `.lean` file (scopes, variables, `include`/`omit`, names, lemmas, what is `unsupported`), and the imports and
    options the header set."""

    source: str = ""
    imports: tuple = ()
    options: tuple = ()  # (name, value) of `set_option` commands (the linter switch)
    nd: bool = False  # `import Gentzen.ND`: the rule tactics and theorems are in scope

    @property
    def foreign_imports(self) -> tuple:
        """Imports that may declare names the kernel does not know (`import Mathlib`)."""
        return tuple(i for i in self.imports if i.split(".")[0] not in CORE_IMPORTS)

    def option(self, name: str, default: str) -> str:
        return next((v for n, v in reversed(self.options) if n == name), default)

    def read(self, text: str):
        """The reader's items for `text` after this env's commands, their lines relative to `text` (line 1 is
        its first)."""
        from gentzen.core.reader.lean_file import lean_items

        base = self.source.count("\n")
        out = []
        for it in lean_items(self.source + text):
            if it.line > base:
                problem = it.problem
                if problem is not None:
                    problem = replace(problem, line=problem.line - base)
                out.append(replace(it, line=it.line - base, problem=problem))
        return out

    def extended(self, text: str, word: str = "") -> "ReplEnv":
        """This env with one more command."""
        env = replace(self, source=self.source + text.rstrip() + "\n\n")
        parts = blank_comments(text).split()
        if word == "set_option" and len(parts) >= 3:
            env = replace(env, options=env.options + ((parts[1], parts[2]),))
        return env


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


@dataclass
class Outcome:
    """What one command text produced (kernel_server turns it into a CommandResponse)."""

    messages: list = field(default_factory=list)
    sorries: list = field(default_factory=list)
    roots: list = field(default_factory=list)
    tactics: list = field(default_factory=list)
