"""The bridge against the real Lean REPL (`lake exe repl` in the repository's Lake project):
the pool's verdicts agree with the kernel's, Dojo steps, diagnostics. Skipped without Lean."""

from __future__ import annotations

import pytest

from gentzen.bench.kernel import corpus
from gentzen.bench.mutations import mutations

pytestmark = pytest.mark.requires_lean

THM = "theorem mtollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by"
GOOD = "  intro n1\n  have n2 : Q := h1 n1\n  exact h2 n2"


@pytest.fixture(scope="module")
def lean():
    from gentzen.repl.verify import ReplVerifier

    with ReplVerifier("lake", jobs=2, timeout=300) as v:
        yield v


def test_lean_pool_agrees_with_kernel(lean):
    from gentzen.repl.verify import KernelVerifier

    items = []
    for thm, proof in corpus(60, seed=4):
        items.append((thm, proof))
        items.extend((thm, m) for _, m in mutations(thm.statement(), proof)[:2])
    kernel = [v.ok for v in KernelVerifier().verify_many(items)]
    got = [v.ok for v in lean.verify_many(items)]
    assert got == kernel


def test_lean_rejects_sorry_and_reports_positions(lean):
    assert lean.verify(THM, GOOD).ok
    bad = lean.verify(THM, GOOD.replace("h1 n1", "h1 n2"))
    assert not bad.ok and bad.kind == "lean_error" and (bad.line, bad.column) == (3, 20)
    # `sorry` never reaches Lean; the warning rule still holds for what does
    assert lean.verify(THM, "  sorry").kind == "forbidden"


def test_dojo_over_lean():
    from gentzen.dojo import Dojo, LeanError, ProofFinished, TacticState

    with Dojo(THM, backend="repl", repl_cmd="lake", timeout=300) as (dojo, init):
        s = dojo.run_tac(init, "intro n1")
        assert isinstance(s, TacticState) and s.pp.endswith("⊢ False")
        assert isinstance(dojo.run_tac(s, "exact h2 n2"), LeanError)
        assert isinstance(dojo.run_tac(s, "exact h2 (h1 n1)"), ProofFinished)


def test_diagnostics_over_lean(lean):
    from gentzen.repl.lsp import diagnostics

    text = THM + "\n" + GOOD.replace("h1 n1", "h1 n2")
    assert [(d.line, d.column, d.message) for d in diagnostics(text, lean)] == \
           [(d.line, d.column, d.message) for d in diagnostics(text)]
