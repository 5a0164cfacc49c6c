"""gentzen.dojo: LeanDojo's run_tac results over the kernel and a REPL process, and a tiny
best-first search (ReProver-style) that proves theorems through the interface alone."""

from __future__ import annotations

import heapq
import itertools

import pytest

from gentzen.dojo import Dojo, LeanError, ProofFinished, ProofGivenUp, TacticState

THM = "theorem mtollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by"


@pytest.mark.parametrize("backend", ["kernel", "repl"])
def test_run_tac_results(backend):
    with Dojo(THM, backend=backend, timeout=20) as (dojo, init):
        assert isinstance(init, TacticState) and init.pp.endswith("⊢ ¬P")
        s1 = dojo.run_tac(init, "intro n1")
        assert isinstance(s1, TacticState) and s1.pp.endswith("n1 : P\n⊢ False") and s1.id != init.id
        assert isinstance(dojo.run_tac(s1, "exact h2 n2"), LeanError)
        assert "Unknown identifier" in dojo.run_tac(s1, "exact h2 n2").error
        assert isinstance(dojo.run_tac(s1, "sorry"), ProofGivenUp)
        assert isinstance(dojo.run_tac(s1, "exact absurd h1 h2 -- native_decide"), LeanError)
        done = dojo.run_tac(s1, "exact h2 (h1 n1)")
        assert isinstance(done, ProofFinished) and done.message is None
        # old states stay usable (backtracking), as in LeanDojo
        again = dojo.run_tac(init, "intro x")
        assert isinstance(again, TacticState) and "x : P" in again.pp


def test_box_steps_and_import_path():
    import gentzen.repl.dojo as inner

    assert inner.Dojo is Dojo
    with Dojo(THM) as (dojo, init):
        s = dojo.run_tac(dojo.run_tac(init, "intro n1"), "have n2 : Q := by")
        assert s.pp.count("⊢") == 2
        s = dojo.run_tac(s, "exact h1 n1")  # the box closes; its hypothesis reaches the parent
        assert s.pp.count("⊢") == 1 and "n2 : Q" in s.pp
        assert isinstance(dojo.run_tac(s, "exact h2 n2"), ProofFinished)


CANDIDATES = ["intro n1", "intro n2", "apply Classical.byContradiction", "constructor", "left", "right",
              "exfalso"]


def suggest(pp: str) -> list[str]:
    """A stand-in for a model: generic tactics plus `exact` on every hypothesis pair."""
    names = [ln.split(" : ")[0] for ln in pp.split("\n⊢")[0].split("\n") if " : " in ln and "Prop" not in ln]
    out = list(CANDIDATES)
    for a, b in itertools.product(names, repeat=2):
        out += [f"exact {a}", f"exact {a} {b}", f"exact {a} ({b} n1)" if b != a else f"exact {a}"]
    return out


def best_first(theorem: str, backend: str, budget: int = 400) -> list[str] | None:
    with Dojo(theorem, backend=backend, timeout=20) as (dojo, init):
        tie = itertools.count()
        frontier = [(0, next(tie), init, [])]
        seen = {init.pp}
        while frontier and budget > 0:
            cost, _, state, path = heapq.heappop(frontier)
            for tac in suggest(state.pp):
                budget -= 1
                r = dojo.run_tac(state, tac)
                if isinstance(r, ProofFinished):
                    return path + [tac]
                if isinstance(r, TacticState) and r.pp not in seen:
                    seen.add(r.pp)
                    heapq.heappush(frontier, (cost + 1 + r.pp.count("⊢"), next(tie), r, path + [tac]))
    return None


@pytest.mark.parametrize("backend", ["kernel", "repl"])
def test_best_first_search_finds_proofs(backend):
    from gentzen.core.kernel import check_proof

    for thm in (THM, "theorem sw (P Q : Prop) (h1 : P) (h2 : Q) : Q ∧ P := by",
                "theorem dn (P : Prop) (h1 : ¬¬P) : P := by"):
        proof = best_first(thm, backend)
        assert proof is not None, thm
        assert check_proof(thm, "\n".join("  " + t for t in proof)).ok, proof
