"""Do Lean and the gentzen kernel agree? Accept/reject on reference and mutated proofs, and goals.

`python -m gentzen.bench.lean_agreement --out report.jsonl` checks the shipped sets against the
real Lean (`lake exe repl` in the repository's Lake project) and writes one JSON line per
disagreement. It needs `lake` on PATH (see docs/lean.md); without it, it exits with a message.
Lean itself is driven by lean_process.py; the mutated proofs come from mutations.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field, is_dataclass
from pathlib import Path
from typing import Any

from gentzen.bench.lean_process import Repl, ReplError, lean_accepts, repl_messages
from gentzen.bench.mutations import chunk_tactic, full_text, mutations, split_chunks
from gentzen.repl.project import find_lake, find_project  # noqa: F401 - re-exported for callers

PINNED_TOOLCHAIN = "leanprover/lean4:v4.32.0"

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
# The kernel side (imported late: the module loads, and reports a missing lake, without it)


def _error_dict(err: Any) -> dict[str, Any] | None:
    if err is None:
        return None
    if is_dataclass(err):
        return asdict(err)
    return {k: getattr(err, k, None) for k in ("line", "column", "kind", "message")}


def kernel_check(statement: str, proof: str) -> tuple[bool, dict[str, Any] | None]:
    from gentzen.core.kernel import check_proof
    from gentzen.core.proof.theorem import parse_theorem

    res = check_proof(parse_theorem(statement), proof)
    return bool(res.ok), _error_dict(res.error)


def kernel_goals(statement: str, proof: str) -> tuple[list[str], list[list[str]]] | None:
    """Initial goals, then the goals after each chunk, stepping the kernel line by line.
    None when the kernel refuses a step (goal comparison is for accepted proofs)."""
    from gentzen.core.kernel import StepError, start
    from gentzen.core.proof.theorem import parse_theorem

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
