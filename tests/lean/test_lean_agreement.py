"""Real Lean vs the gentzen kernel: accept/reject and goal strings must agree (requires_lean).

Runs only where `lake`/`lean` are on PATH (docker/Dockerfile): builds the Lake project, checks the
pinned version, elaborates exported sets with `lake env lean`, and drives `lake exe repl`.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gentzen.bench import lean_agreement as la
from gentzen.bench import lean_process as lp
from gentzen.data.export_lean import export_lean, parse_lean_export

pytestmark = [pytest.mark.requires_lean, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
PIN_VERSION = (ROOT / "lean-toolchain").read_text(encoding="utf-8").strip().split(":v")[1]
ITEMS_PER_SET = 40  # mutations and goals: a sample keeps the suite to minutes


def _lake(*args: str, timeout: float = 1800) -> subprocess.CompletedProcess:
    return subprocess.run(["lake", *args], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def built() -> Path:
    for target in ((), ("repl",)):
        proc = _lake("build", *target)
        assert proc.returncode == 0, f"lake build {' '.join(target)} failed:\n{proc.stdout}\n{proc.stderr}"
    return ROOT


@pytest.fixture(scope="module")
def sets() -> dict[str, list[dict]]:
    shipped = {name: [r for r in recs if r.get("proof")] for name, recs in la.load_sets().items()}
    shipped = {name: recs for name, recs in shipped.items() if recs}  # problem-only sets have no proofs
    # The docs' worked examples always take part, so the checks mean something before sets ship.
    return {"builtin": [dict(i) for i in la.BUILTIN_ITEMS], **shipped}


def _disagreements(rows) -> list[str]:
    return [json.dumps({k: v for k, v in row.__dict__.items() if k != "lean_messages"}, ensure_ascii=False)
            + "\n  lean: " + json.dumps(row.lean_messages, ensure_ascii=False)
            for row in rows if not row.agree]


def test_toolchain_is_the_pinned_one(built):
    proc = _lake("env", "lean", "--version", timeout=120)
    assert proc.returncode == 0 and f"version {PIN_VERSION}" in proc.stdout, proc.stdout + proc.stderr


def test_repl_runs_the_pinned_lean(built):
    assert la.lean_version(built) == PIN_VERSION


def test_rule_examples_and_message_texts(built):
    # Every example of every rule elaborates, and every #guard_msgs text is Lean's.
    proc = _lake("build", "GentzenTest")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_exported_sets_elaborate_and_kernel_accepts_them(built, sets):
    for set_name, records in sets.items():
        text = export_lean(records, set_name)
        rc, msgs, raw = lp.run_lean_file(text, built)
        errors = [m for m in msgs if not lp.lean_accepts([m])]
        assert rc == 0 and not errors, f"set {set_name}: Lean rejects exported reference proofs:\n{raw}"
        for item in parse_lean_export(text):
            ok, err = la.kernel_check(item.statement, item.proof)
            assert ok, f"set {set_name}, item {item.name}: kernel rejects what Lean accepts: {err}"


def test_lean_rejects_an_exported_file_with_a_wrong_proof(built):
    # The file-level check above must be able to fail.
    bad = [{"name": "bad", "theorem": "theorem t (P Q : Prop) (h1 : P) : Q := by", "proof": "  exact h1"}]
    rc, msgs, raw = lp.run_lean_file(export_lean(bad, "bad"), built)
    assert rc != 0 and not lp.lean_accepts(msgs), raw


def test_reference_and_mutated_proofs_get_the_same_verdict(built, sets):
    rows = list(la.run(sets, built, limit=ITEMS_PER_SET, with_goals=False))
    assert any(r.variant.startswith("mutation:") and r.lean_ok is False for r in rows), "no mutant was rejected"
    assert _disagreements(rows) == []


def test_goals_after_each_step_match_the_repl(built, sets):
    rows = list(la.run(sets, built, limit=ITEMS_PER_SET, with_mutations=False))
    goal_rows = [r for r in rows if r.variant == "goals"]
    assert goal_rows
    assert _disagreements(rows) == []


# Wrong steps whose exact message lean_facts.md §4 documents: the kernel's text must be Lean's.
WRONG_STEPS = [
    ("theorem t (P : Prop) : P := by", "  exact h3", "unknown_identifier"),
    ("theorem t (P : Prop) (h1 : P) : P := by", "  exact h1\n  exact h1", "no_goals"),
    ("theorem t (P Q : Prop) (h1 : P) : P ∧ Q := by", "  constructor\n  exact h1", "unsolved_goals"),
    ("theorem t (P Q : Prop) (h1 : P) : Q := by", "  exact h1", "type_mismatch"),
]


@pytest.mark.parametrize("statement,proof,kind", WRONG_STEPS, ids=[k for *_, k in WRONG_STEPS])
def test_wrong_step_messages_are_leans(built, statement, proof, kind):
    with lp.Repl(built) as repl:
        row = la.check_verdict(repl, "wrong", kind, "reference", statement, proof, la.checking_env(repl))
    assert row.lean_ok is False and row.kernel_ok is False, row
    assert row.kernel_error and row.kernel_error["kind"] == kind
    first = min((m for m in row.lean_messages if m["severity"] == "error"), key=lambda m: (m["line"], m["column"]))
    assert row.kernel_error["message"] == first["text"]
    assert (row.kernel_error["line"], row.kernel_error["column"]) == (first["line"], first["column"])
