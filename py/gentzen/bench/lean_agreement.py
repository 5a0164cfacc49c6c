"""Do Lean and the gentzen kernel agree? Accept/reject on reference and mutated proofs, and goals.

`python -m gentzen.bench.lean_agreement --out report.jsonl` checks the shipped sets against the
real Lean (`lake exe repl` in the repository's Lake project) and writes one JSON line per
disagreement. It needs `lake` on PATH (see docs/lean.md); without it, it exits with a message.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from pathlib import Path
from typing import Any

from gentzen.repl.project import find_lake, find_project  # noqa: F401 - re-exported for callers

PINNED_TOOLCHAIN = "leanprover/lean4:v4.32.0"
MUTATION_KINDS = ("wrong_citation", "swapped_rule", "deleted_line", "changed_formula", "broken_indentation")

# The worked examples of docs/proof-language.md: always checked, so that an agreement run means
# something even before any set is shipped.
BUILTIN_ITEMS: tuple[dict[str, str], ...] = (
    {"name": "modus_tollens",
     "theorem": "theorem modus_tollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by",
     "proof": "  intro n1\n  have n2 : Q := h1 n1\n  exact h2 n2"},
    {"name": "or_comm'",
     "theorem": "theorem or_comm' (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by",
     "proof": "  rcases h1 with n1 | n2\n  · exact Or.inr n1\n  · exact Or.inl n2"},
    {"name": "dne",
     "theorem": "theorem dne (P : Prop) (h1 : ¬¬P) : P := by",
     "proof": "  apply Classical.byContradiction\n  intro n1\n  exact h1 n1"},
)


# ---------------------------------------------------------------------------------------------
# Lean messages and verdicts


@dataclass
class LeanMessage:
    severity: str  # "error" | "warning" | "info"
    line: int      # 1-based
    column: int    # 0-based, code points
    text: str


def lean_accepts(messages: Iterable[LeanMessage]) -> bool:
    """Lean's verdict (lean_facts §4.3): valid iff no error and no `declaration uses …sorry…`."""
    for m in messages:
        if m.severity == "error":
            return False
        if m.severity == "warning" and m.text.startswith("declaration uses") and "sorry" in m.text:
            return False
    return True


_CLI_HEADER = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<sev>error|warning|info)(?:\([^)]*\))?: ?(?P<rest>.*)$")


def parse_lean_output(text: str, filename: str | None = None) -> list[LeanMessage]:
    """Messages from `lean FILE` output: `FILE:L:C: error[(code)]: text`, continued by the lines
    that follow until the next header. Only headers naming `filename` (when given) start one."""
    out: list[LeanMessage] = []
    for raw in text.splitlines():
        m = _CLI_HEADER.match(raw)
        if m and (filename is None or m.group("file").endswith(filename)):
            out.append(LeanMessage(m.group("sev"), int(m.group("line")), int(m.group("col")), m.group("rest")))
        elif out:
            out[-1].text += "\n" + raw
    for msg in out:
        msg.text = msg.text.strip()
    return out


def repl_messages(response: Mapping[str, Any]) -> list[LeanMessage]:
    """Messages of a REPL command response (`{"messages": [{"severity", "pos", "data"}…]}`)."""
    return [LeanMessage(m.get("severity", "error"), m.get("pos", {}).get("line", 0),
                        m.get("pos", {}).get("column", 0), m.get("data", ""))
            for m in response.get("messages", [])]


# ---------------------------------------------------------------------------------------------
# Talking to Lean


def run_lean_file(text: str, project: Path, timeout: float = 600.0) -> tuple[int, list[LeanMessage], str]:
    """Elaborate `text` with `lake env lean` inside `project`; returns (exit code, messages, raw output)."""
    with tempfile.TemporaryDirectory(prefix="gentzen-lean-") as tmp:
        path = Path(tmp) / "Check.lean"
        path.write_text(text, encoding="utf-8")
        proc = subprocess.run(["lake", "env", "lean", str(path)], cwd=project, capture_output=True,
                              text=True, timeout=timeout)
    raw = proc.stdout + proc.stderr
    return proc.returncode, parse_lean_output(raw, "Check.lean"), raw


class ReplError(RuntimeError):
    pass


class Repl:
    """One `lake exe repl` process. Requests are JSON objects ended by a blank line; replies are
    JSON objects ended by a blank line. A reader thread lets every request have a timeout."""

    def __init__(self, project: Path, timeout: float = 120.0) -> None:
        self.timeout = timeout
        self.proc = subprocess.Popen(["lake", "exe", "repl"], cwd=project, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                     encoding="utf-8", bufsize=1)
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def send(self, request: Mapping[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n\n")
        self.proc.stdin.flush()
        buf: list[str] = []
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise ReplError(f"REPL gave no answer within {self.timeout}s to {request!r}") from None
            if line is None:
                raise ReplError(f"REPL exited (code {self.proc.poll()}) while answering {request!r}")
            if line.strip():
                buf.append(line)
            elif buf:  # a blank line ends a reply (strings are JSON-escaped, so hold no raw newline)
                try:
                    return json.loads("".join(buf))
                except json.JSONDecodeError:
                    buf.append(line)

    def command(self, cmd: str, env: int | None = None) -> dict[str, Any]:
        req: dict[str, Any] = {"cmd": cmd}
        if env is not None:
            req["env"] = env
        return self.send(req)

    def tactic(self, tactic: str, proof_state: int) -> dict[str, Any]:
        return self.send({"tactic": tactic, "proofState": proof_state})

    def close(self) -> None:
        if self.proc.poll() is None:
            if self.proc.stdin:
                self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def __enter__(self) -> Repl:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# ---------------------------------------------------------------------------------------------
# Proof texts: whole command, chunks, mutations


def full_text(statement: str, proof: str) -> str:
    return statement.rstrip() + "\n" + proof.rstrip("\n")


def split_chunks(proof: str) -> list[list[str]]:
    """Top-level steps of a proof: a line at the block's column starts a chunk, deeper lines
    (a `have … := by` box, a bullet's block) belong to it. Blank lines are dropped."""
    lines = [ln for ln in proof.split("\n") if ln.strip()]
    if not lines:
        return []
    col = min(len(ln) - len(ln.lstrip(" ")) for ln in lines)
    chunks: list[list[str]] = []
    for ln in lines:
        if len(ln) - len(ln.lstrip(" ")) == col or not chunks:
            chunks.append([ln])
        else:
            chunks[-1].append(ln)
    return chunks


def chunk_tactic(chunk: Sequence[str]) -> str:
    """One chunk as a single REPL tactic: dedented so its first line is at column 0."""
    col = len(chunk[0]) - len(chunk[0].lstrip(" "))
    return "\n".join(ln[col:] if ln[:col].strip() == "" else ln.lstrip(" ") for ln in chunk)


_NAME_TOKEN = re.compile(r"(?<![\w.'])([hn]\d+|this)(?![\w'])")
# single-name binders that are not atoms: `(h1 : P → Q)` but not `(P : Prop)` or `(P Q : Prop)`
_BINDER_NAMES = re.compile(r"\(([\w']+)\s*:(?!\s*Prop\s*\))")
_SWAPS = {
    ".1": ".2", ".2": ".1", ".left": ".right", ".right": ".left", ".mp": ".mpr", ".mpr": ".mp",
    "Or.inl": "Or.inr", "Or.inr": "Or.inl", "Or.resolve_left": "Or.resolve_right",
    "Or.resolve_right": "Or.resolve_left", "And.left": "And.right", "And.right": "And.left",
    "Iff.mp": "Iff.mpr", "Iff.mpr": "Iff.mp", "absurd": "Not.elim", "Not.elim": "absurd",
    "mt": "absurd", "False.elim": "id",
}
_SWAP_RE = re.compile(
    r"Or\.resolve_left|Or\.resolve_right|Or\.inl|Or\.inr|And\.left|And\.right|Iff\.mpr|Iff\.mp"
    r"|Not\.elim|False\.elim|(?<![\w.])absurd(?![\w'])|(?<![\w.])mt(?![\w'])"
    r"|(?<=[\w)])\.(?:mpr|mp|left|right)(?![\w'])|(?<=[\w)])\.[12](?!\d)"
)
_TACTIC_SWAPS = {"left": "right", "right": "left", "constructor": "exfalso", "exfalso": "constructor"}
_HAVE_TYPE = re.compile(r"^(\s*(?:· )?have\s+(?:[\w']+\s+)?:\s*)(.+?)(\s*:=.*)$")


def _seed(*parts: str) -> int:
    return zlib.crc32("\x1f".join(parts).encode("utf-8"))


def mutations(statement: str, proof: str, seed: int | None = None) -> list[tuple[str, str]]:
    """Up to one mutant per kind in MUTATION_KINDS, deterministic for a given (statement, proof).
    A mutant may still be a valid proof (e.g. a deleted line that was not needed): what matters
    is that Lean and the kernel give the same verdict on it."""
    rng = random.Random(_seed(statement, proof) if seed is None else seed)
    lines = proof.split("\n")
    out: list[tuple[str, str]] = []

    # wrong citation: one hypothesis name used in a term replaced by another known name
    names = sorted(set(_BINDER_NAMES.findall(statement)) | set(_NAME_TOKEN.findall(proof)))
    sites = [(i, m) for i, ln in enumerate(lines) for m in _NAME_TOKEN.finditer(ln)
             if _is_citation(ln, m.start())]
    if sites:
        i, m = rng.choice(sites)
        others = [n for n in names if n != m.group(1)] or ["h99"]
        new = lines[i][:m.start()] + rng.choice(others) + lines[i][m.end():]
        out.append(("wrong_citation", "\n".join(lines[:i] + [new] + lines[i + 1:])))

    # swapped rule: a lemma/projection/tactic replaced by its sibling
    sites2 = [(i, m.start(), m.end(), _SWAPS[m.group(0)]) for i, ln in enumerate(lines)
              for m in _SWAP_RE.finditer(ln)]
    sites2 += [(i, len(ln) - len(ln.lstrip(" ·")), len(ln), _TACTIC_SWAPS[ln.strip(" ·")])
               for i, ln in enumerate(lines) if ln.strip(" ·") in _TACTIC_SWAPS]
    if sites2:
        i, a, b, rep = rng.choice(sites2)
        out.append(("swapped_rule", "\n".join(lines[:i] + [lines[i][:a] + rep + lines[i][b:]] + lines[i + 1:])))

    # deleted line
    if len(lines) > 1:
        i = rng.randrange(len(lines))
        out.append(("deleted_line", "\n".join(lines[:i] + lines[i + 1:])))

    # changed formula: a `have x : φ := …` claims ¬(φ) instead
    sites3 = [i for i, ln in enumerate(lines) if _HAVE_TYPE.match(ln)]
    if sites3:
        i = rng.choice(sites3)
        m = _HAVE_TYPE.match(lines[i])
        assert m is not None
        new = f"{m.group(1)}¬({m.group(2)}){m.group(3)}"
        out.append(("changed_formula", "\n".join(lines[:i] + [new] + lines[i + 1:])))

    # broken indentation: one line (not the first) one column deeper
    if len(lines) > 1:
        i = rng.randrange(1, len(lines))
        out.append(("broken_indentation", "\n".join(lines[:i] + [" " + lines[i]] + lines[i + 1:])))
    return out


def _is_citation(line: str, pos: int) -> bool:
    """Is the name at `pos` used in a term (true), or bound by this step (false)?"""
    head = line[:pos].strip().lstrip("·").strip()
    if head.startswith("intro"):
        return False
    if head.startswith("rcases"):
        return "with" not in head  # `rcases h with x | y`: h is cited, x and y are bound
    if head.startswith(("have", "obtain")):
        return ":=" in head
    return True


# ---------------------------------------------------------------------------------------------
# The kernel side (imported late: the module loads, and reports a missing lake, without it)


def _error_dict(err: Any) -> dict[str, Any] | None:
    if err is None:
        return None
    if is_dataclass(err):
        return asdict(err)
    return {k: getattr(err, k, None) for k in ("line", "column", "kind", "message")}


def kernel_check(statement: str, proof: str) -> tuple[bool, dict[str, Any] | None]:
    from gentzen.core.kernel import check_proof
    from gentzen.core.theorem import parse_theorem

    res = check_proof(parse_theorem(statement), proof)
    return bool(res.ok), _error_dict(res.error)


def kernel_goals(statement: str, proof: str) -> tuple[list[str], list[list[str]]] | None:
    """Initial goals, then the goals after each chunk, stepping the kernel line by line.
    None when the kernel refuses a step (goal comparison is for accepted proofs)."""
    from gentzen.core.kernel import StepError, start
    from gentzen.core.theorem import parse_theorem

    state = start(parse_theorem(statement))
    initial = list(state.goals)
    after: list[list[str]] = []
    for chunk in split_chunks(proof):
        for line in chunk:
            nxt = state.step(line)
            if isinstance(nxt, StepError):
                return None
            state = nxt
        after.append(list(state.goals))
    return initial, after


def repl_goals(repl: Repl, statement: str, proof: str,
               env: int | None = None) -> tuple[list[str], list[list[str]]] | str:
    """The same via the REPL's tactic mode; a string describes a REPL-side failure."""
    resp = repl.command(statement.rstrip() + " sorry", env)
    sorries = resp.get("sorries") or []
    if len(sorries) != 1:
        return f"expected one sorry, got {resp!r}"
    ps, initial = sorries[0]["proofState"], [sorries[0]["goal"]]
    after: list[list[str]] = []
    for chunk in split_chunks(proof):
        r = repl.tactic(chunk_tactic(chunk), ps)
        if "proofState" not in r:
            return f"tactic {chunk_tactic(chunk)!r} failed: {r.get('message', r)!r}"
        errors = [m for m in r.get("messages", []) if m.get("severity") == "error"]
        if errors:
            return f"tactic {chunk_tactic(chunk)!r}: {errors[0].get('data')!r}"
        ps = r["proofState"]
        after.append(list(r.get("goals", [])))
    return initial, after


# ---------------------------------------------------------------------------------------------
# The run


@dataclass
class Row:
    set: str
    name: str
    variant: str  # "reference" | "mutation:<kind>" | "goals"
    statement: str
    proof: str
    kernel_ok: bool | None = None
    lean_ok: bool | None = None
    agree: bool = True
    kernel_error: dict[str, Any] | None = None
    lean_messages: list[dict[str, Any]] = field(default_factory=list)
    message_agree: bool | None = None  # both reject: kernel message == Lean's first error text
    detail: str | None = None


def load_sets(paths: Sequence[Path] = ()) -> dict[str, list[dict[str, Any]]]:
    """Records of the named .jsonl files or directories; by default the shipped gentzen/sets."""
    if not paths:
        paths = [Path(__file__).resolve().parents[1] / "sets"]
    files: list[Path] = []
    for p in paths:
        files += sorted(p.glob("*.jsonl")) if p.is_dir() else [p]
    sets: dict[str, list[dict[str, Any]]] = {}
    for f in files:
        with f.open(encoding="utf-8") as fh:
            sets[f.stem] = [json.loads(line) for line in fh if line.strip()]
    return sets


def statement_of(record: Mapping[str, Any]) -> str:
    from gentzen.data.export_lean import statement_of_record

    return statement_of_record(record)


def check_verdict(repl: Repl, set_name: str, name: str, variant: str, statement: str, proof: str,
                  env: int | None = None) -> Row:
    row = Row(set_name, name, variant, statement, proof)
    row.kernel_ok, row.kernel_error = kernel_check(statement, proof)
    msgs = repl_messages(repl.command(full_text(statement, proof), env))
    row.lean_ok = lean_accepts(msgs)
    row.lean_messages = [asdict(m) for m in msgs]
    row.agree = row.kernel_ok == row.lean_ok
    if not row.kernel_ok and not row.lean_ok and row.kernel_error:
        first = min((m for m in msgs if m.severity == "error"), key=lambda m: (m.line, m.column), default=None)
        row.message_agree = first is not None and first.text == row.kernel_error.get("message")
    return row


def check_goals(repl: Repl, set_name: str, name: str, statement: str, proof: str,
                env: int | None = None) -> Row:
    row = Row(set_name, name, "goals", statement, proof)
    mine = kernel_goals(statement, proof)
    theirs = repl_goals(repl, statement, proof, env)
    if mine is None or isinstance(theirs, str):
        row.agree = mine is None and isinstance(theirs, str)
        row.detail = f"kernel: {'refused a step' if mine is None else 'ok'}; repl: {theirs if isinstance(theirs, str) else 'ok'}"
        return row
    if mine != theirs:
        row.agree = False
        row.detail = json.dumps({"kernel": mine, "lean": theirs}, ensure_ascii=False)
    return row


def iter_items(sets: Mapping[str, list[dict[str, Any]]], limit: int | None) -> Iterator[tuple[str, dict[str, Any]]]:
    for item in BUILTIN_ITEMS:
        yield "builtin", item
    for set_name, records in sets.items():
        # Problem-only records (a sequent, no reference proof) have nothing to compare.
        with_proofs = [r for r in records if r.get("proof")]
        for rec in with_proofs[:limit] if limit else with_proofs:
            yield set_name, rec


def checking_env(repl: Repl) -> int | None:
    """An environment inside `namespace GentzenCheck`, so that an item named like a core
    declaration (`absurd`, `or_comm`) is not "already declared". Every check starts from this
    same env, so items never see each other; line and column numbers are unchanged."""
    return repl.command("namespace GentzenCheck").get("env")


def run(sets: Mapping[str, list[dict[str, Any]]], project: Path, *, limit: int | None = None,
        with_mutations: bool = True, with_goals: bool = True, timeout: float = 120.0) -> Iterator[Row]:
    with Repl(project, timeout=timeout) as repl:
        env = checking_env(repl)
        for set_name, rec in iter_items(sets, limit):
            statement, proof, name = statement_of(rec), str(rec["proof"]).rstrip("\n"), str(rec["name"])
            yield check_verdict(repl, set_name, name, "reference", statement, proof, env)
            if with_mutations:
                for kind, mutant in mutations(statement, proof):
                    yield check_verdict(repl, set_name, name, f"mutation:{kind}", statement, mutant, env)
            if with_goals:
                yield check_goals(repl, set_name, name, statement, proof, env)


def lean_version(project: Path, timeout: float = 120.0) -> str:
    """`Lean.versionString` as the project's REPL reports it (e.g. "4.32.0")."""
    with Repl(project, timeout=timeout) as repl:
        resp = repl.command("#eval Lean.versionString")
    for m in resp.get("messages", []):
        if m.get("severity") == "info":
            return str(m.get("data", "")).strip().strip('"')
    raise ReplError(f"no version in {resp!r}")


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m gentzen.bench.lean_agreement",
                                 description="Compare the gentzen kernel with real Lean on reference "
                                             "and mutated proofs; write disagreements as JSONL.")
    ap.add_argument("--out", required=True, type=Path, help="report file (JSON lines)")
    ap.add_argument("--sets", nargs="*", type=Path, default=[], help=".jsonl files or directories "
                    "(default: the shipped py/gentzen/sets)")
    ap.add_argument("--project", type=Path, default=None, help="Lake project (default: the repository root)")
    ap.add_argument("--limit", type=int, default=None, help="items per set")
    ap.add_argument("--no-mutations", action="store_true")
    ap.add_argument("--no-goals", action="store_true")
    ap.add_argument("--all", action="store_true", help="write agreeing rows too")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per REPL request")
    args = ap.parse_args(argv)

    if find_lake() is None:
        sys.stderr.write("error: `lake` is not on PATH, so there is no Lean to compare with.\n"
                         f"Install elan and the pinned toolchain ({PINNED_TOOLCHAIN}) or run inside "
                         "docker/Dockerfile; see docs/lean.md.\n")
        return 2
    project = find_project(args.project)
    if project is None:
        sys.stderr.write("error: no lakefile.lean found; pass --project <repository root>\n")
        return 2
    sets = load_sets(args.sets)
    checked = disagree = 0
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in run(sets, project, limit=args.limit, with_mutations=not args.no_mutations,
                       with_goals=not args.no_goals, timeout=args.timeout):
            checked += 1
            disagree += not row.agree
            if args.all or not row.agree:
                fh.write(json.dumps(asdict(row), ensure_ascii=False) + "\n")
    print(f"{checked} checks, {disagree} disagreements ({', '.join(sets) or 'builtin only'}); report: {args.out}")
    return 1 if disagree else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    sys.exit(main())
