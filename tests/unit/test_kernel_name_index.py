"""The goals' persistent name index (core/proof/goals.py `NameIndex`, issue 10 item 6: verify linear).

`Goal.lookup` must find exactly what the plain backwards scan `elab.lookup` finds — the last
accessible hypothesis of a name; a later one shadows (`h✝`), an inaccessible one is never found —
in short contexts (scanned) and long ones (indexed, folded every `_FOLD` hypotheses).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.core.proof import goals as G
from gentzen.core.elaboration.elab import PROP, lookup
from gentzen.core.logic.formula import Atom
from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem

P, Q = Atom("P"), Atom("Q")
NAMES = ["h", "hp", "a", "x", "y"]
# a few names over and over (shadowing) and many distinct ones (so the tail folds into the base)
names = st.one_of(st.sampled_from(NAMES), st.integers(0, 3 * G._FOLD).map(lambda k: f"z{k}"))
hyps = st.lists(st.tuples(names, st.sampled_from([P, Q, PROP]), st.booleans()), max_size=3 * G._FOLD)


@settings(max_examples=80, deadline=None)
@given(hyps, st.integers(0, 3 * G._FOLD), st.sampled_from([2, 5, G._FOLD]))
def test_index_finds_what_the_scan_finds(seq, probe_at, fold):
    saved, G._FOLD = G._FOLD, fold   # small folds: the fold path runs many times per example
    try:
        _check_against_scan(seq, probe_at)
    finally:
        G._FOLD = saved


def _check_against_scan(seq, probe_at):
    goal = G.Goal((), P)
    for i in range(G._SCAN_MAX - 2):   # a filler prefix: most probes then see an indexed context
        goal = goal.with_hyp(f"f{i}", P)
    for k, (name, ty, inaccessible) in enumerate(seq):
        goal = goal.with_hyp(name, ty, inaccessible)
        if k == probe_at:   # an index built midway, then extended by with_hyp (the kernel's pattern)
            goal.index()
        probe = {h[0] for h in goal.ctx} if k % 16 == 15 or k == len(seq) - 1 else {name, "h"}
        for n in probe | {"missing"}:
            assert goal.lookup(n) is lookup(goal.ctx, n), (n, goal.ctx)
        # a goal on the same context sharing the index (the `Goal(goal.ctx, …, goal.names)` copies)
        twin = G.Goal(goal.ctx, Q, "left", goal.names)
        assert all(twin.lookup(n) is lookup(goal.ctx, n) for n in NAMES)


def test_long_contexts_are_indexed_and_short_ones_scanned():
    goal = G.Goal((), P)
    for i in range(G._SCAN_MAX):
        goal = goal.with_hyp(f"x{i}", P)
    assert goal.index() is None                     # short: nothing built
    goal = goal.with_hyp("h", Q)
    assert goal.index() is not None and goal.lookup("h") is Q
    later = goal.with_hyp("h", P)                   # shadows; the parent's index is unchanged
    assert later.lookup("h") is P and goal.lookup("h") is Q
    assert later.with_hyp("h", Q, True).lookup("h") is P   # an inaccessible `h✝` is not found


def _long(extra: str, n: int = 2 * G._FOLD) -> str:
    return "\n".join(["  intro hq"] + [f"  have x{i} : P := h" for i in range(n)] + extra.split("\n"))


def test_kernel_shadowing_in_a_long_proof():
    thm = parse_theorem("theorem t (P Q : Prop) (h : P) : Q → Q := by")
    # a later `h : Q` shadows the premise `h : P` after the context is long enough to be indexed
    assert check_proof(thm, _long("  have h : Q := hq\n  exact h")).ok
    bad = check_proof(thm, _long("  exact h"))
    assert not bad.ok and bad.error.kind == "type_mismatch"
    # an anonymous `intro` makes an inaccessible `a✝`: not found by name, however long the context
    thm2 = parse_theorem("theorem u (P Q : Prop) (h : P) : Q → P → P := by")
    r = check_proof(thm2, _long("  intro\n  exact a"))
    assert not r.ok and r.error.kind == "unknown_identifier"
    assert check_proof(thm2, _long("  intro a\n  exact a")).ok


def test_fun_binders_in_a_long_proof_see_the_outer_names():
    thm = parse_theorem("theorem t (P Q : Prop) (h : P) : Q → P := by")
    ok = check_proof(thm, _long("  have y : Q → P := fun hq' => h\n  exact h"))
    assert ok.ok
    # a binder named like the atom `P` is refused in a long context as in a short one
    bad = "  have y : Q → P := fun P => h\n  exact h"
    for proof in (_long(bad), "  intro hq\n" + bad):
        r = check_proof(thm, proof)
        assert not r.ok and r.error.kind == "unsupported" and "`P` names a proposition" in r.error.message
    # a binder may shadow a hypothesis (a proof): the body sees the binder
    assert check_proof(thm, _long("  have y : Q → Q := fun h => h\n  exact h")).ok
