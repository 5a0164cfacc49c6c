"""One proof item: a statement, its proof and where it sits in its file (`ProofItem`). It maps the
kernel's positions back to the file, applies a `#guard_msgs` expectation, and reports an item judged
without the kernel (`problem`). Read from files by items.py (.jsonl) and lean_file.py (.lean)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gentzen.core.kernel import CheckResult, KernelError, check_proof
from gentzen.core.steps.library_tactics import BY_CONTRA, MATHLIB, UNHYGIENIC, library_scope
from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.errors import ParseError


@dataclass(frozen=True)
class ProofItem:
    name: str
    theorem: str | None          # the statement text (or a sequent), ending in `:=`
    proof: str                   # the tactic block, or a whole `theorem … := by` text
    line: int = 1                # file line of the statement (errors are shifted by line - 1)
    problem: KernelError | None = None   # judged without the kernel (positions are the file's)
    column: int = 0              # file column of the `theorem`/`example` keyword
    decl: str = "theorem"        # theorem | example | lemma | command
    record_line: int | None = None       # .jsonl: the file line of the record
    proof_line_base: int = 1     # .jsonl: kernel line minus this = line inside the record's proof
    inserted: tuple[int, int] = (0, 0)   # (kernel column, length) of binders added from `variable`
    caveat: str | None = None    # context the kernel does not model: a rejection becomes `unsupported`
    modifiers: tuple[str, ...] = field(default=(), compare=False)
    imports: tuple[str, ...] = ()        # the file's allowed imports before it (`Gentzen.ND`)
    parsed: Theorem | None = field(default=None, compare=False, repr=False)  # `theorem`, already parsed
    opens: tuple[str, ...] = ()          # the namespaces the file opens there (`open Classical`)
    expected: tuple[str, bool] | None = None  # `#guard_msgs in` before it: (docstring, has options)
    lemmas: dict = field(default_factory=dict, compare=False)  # earlier accepted theorems it cites (core/lemmas)
    foreign: tuple[str, ...] = ()        # imports the file has that gentzen refuses (they may declare names, syntax)
    shift: int = 0               # .jsonl: spaces put before each proof line (a block written at column 0)
    hygienic: bool = True        # False under `set_option tactic.hygienic false` (core/steps/library_tactics.py)

    @property
    def judged(self) -> bool:
        """A theorem or example of the file (commands rejected by policy are not counted)."""
        return self.decl != "command"

    def to_file(self, error: dict | None) -> dict | None:
        """A kernel-position error dict (statement = line 1) at the file's line and column; a
        rejection under context the kernel does not model is reported as `unsupported`."""
        if error is None:
            return error
        e = dict(error)
        line, col = e.get("line"), e.get("column")
        if self.problem is not None:  # the reader's positions; a record's proof line is named as such
            if self.record_line is not None and line is not None and line > 1:
                e["proof_line"], e["proof_column"] = line - 1, col
            return e
        if line is not None and self.record_line is not None:
            e["proof_line"] = line - self.proof_line_base
            e["proof_column"] = col if col is None or line - self.proof_line_base < 1 else max(0, col - self.shift)
        elif line is not None:
            if line == 1 and col is not None:
                at, length = self.inserted
                col = col - length if col >= at + length else min(col, at)
                col += self.column
            elif col is not None and self.shift:  # a column-0 `by` block the reader moved right
                col = max(0, col - self.shift)
            e["line"], e["column"] = line + self.line - 1, col
        if self.caveat and e.get("kind") not in ("forbidden", "expected_error"):
            e["message"] = f"{self.caveat}; the kernel said: {e.get('message')}"
            e["kind"] = "unsupported"
        elif self.foreign and e.get("kind") in ("unknown_identifier", "parse"):
            # a refused import may declare the name or the syntax (`import Mathlib` adds tactics): only these two
            # kinds depend on it; a type mismatch between propositions stays one whatever is imported
            e["message"] = (f"the file imports {', '.join(f'`{m}`' for m in self.foreign)}, which may declare this "
                            f"(Lean may accept it: ask Lean with --backend repl or both); the kernel said: "
                            f"{e.get('message')}")
            e["kind"] = "unsupported"
        return e

    def guarded(self, ok: bool, raw: dict | None, error: dict | None) -> tuple[bool, dict | None]:
        """The verdict under a `#guard_msgs in` (src/Lean/Elab/GuardMsgs.lean): the declaration passes exactly when
        its messages equal the docstring (`error: <message>`; trailing whitespace of lines ignored). The kernel
        reports one error and no warnings, so a docstring with several messages, a `warning:`/`info:`, or options is
        `unsupported`. (Lean's unused-variable linter warnings are not modelled: an accepted proof passes an empty
        docstring.) `raw` is the checker's error, `error` the same at the file's positions."""
        if self.expected is None or self.problem is not None:
            return ok, error
        doc, options = self.expected
        want = "\n".join(x.rstrip() for x in doc.strip().split("\n"))
        line, col = (error or {}).get("line", self.line), (error or {}).get("column", self.column)
        if options or "\n---\n" in f"\n{want}\n" or want and not want.startswith("error:") or \
                "\nwarning:" in want or "\ninfo:" in want:
            return False, {"line": self.line, "column": self.column, "kind": "unsupported", "message":
                           "this `#guard_msgs` expects several messages, warnings or options, which gentzen's "
                           "kernel does not model (it reports one error); ask Lean with --backend repl or both"}
        if raw is not None and raw.get("kind") == "unsupported":
            return False, error
        got = "" if raw is None else "error: " + "\n".join(x.rstrip() for x in str(raw["message"]).strip().split("\n"))
        if got == want and raw is not None:
            # Lean's file passes, but the declaration itself elaborated with an error: never `accepted`
            return False, {"line": line, "column": col, "kind": "expected_error", "message":
                           "the declaration has the error its `#guard_msgs` expects (the file passes in Lean; the "
                           "declaration is not a theorem):\n" + str(raw["message"])}
        if got == want:
            return True, None
        return False, {"line": line, "column": col, "kind": "guard_msgs", "message":
                       "❌️ Docstring on `#guard_msgs` does not match generated message:\n\n" + (got or "(no messages)")}

    def check(self) -> CheckResult:
        full, by_contra = library_scope(self.foreign)
        if self.problem is None and (full and not MATHLIB.get() or by_contra and not BY_CONTRA.get()):
            # Mathlib's tactics (core/steps/library_tactics.py) exist in this file
            tokens = (MATHLIB.set(full or MATHLIB.get()), BY_CONTRA.set(True))
            try:
                return self.check()
            finally:
                MATHLIB.reset(tokens[0])
                BY_CONTRA.reset(tokens[1])
        if not self.hygienic and not UNHYGIENIC.get():
            token = UNHYGIENIC.set(True)
            try:
                return self.check()
            finally:
                UNHYGIENIC.reset(token)
        if self.problem is not None:
            return CheckResult(False, self.problem)
        try:
            thm = self.parsed or parse_theorem(self.theorem)
        except ParseError as e:
            return CheckResult(False, KernelError(e.line or 1, e.column or 0, "parse", e.message))
        res = check_proof(thm, self.proof, opens=self.opens, nd_import="Gentzen.ND" in self.imports,
                          lemmas=self.lemmas)
        if self.expected is not None:
            raw = res.error.to_dict() if res.error else None
            ok, e = self.guarded(res.ok, raw, self.to_file(raw))
            return CheckResult(ok, None if e is None else KernelError(e["line"], e["column"], e["kind"],
                                                                       e["message"]), res.steps)
        if res.error is None:
            return res
        d = self.to_file(res.error.to_dict())
        e = res.error
        end_line = None if e.end_line is None or self.record_line is not None else e.end_line + self.line - 1
        return CheckResult(False, KernelError(d["line"], d["column"], d["kind"], d["message"], end_line,
                                              e.end_column), res.steps)
