"""Issue 36: Mathlib's `cases'`, `by_contra`, `apply … at` (only under `import Mathlib`/`Mathlib.Tactic`), core `rw`/`rwa`/
`rfl` with `↔` hypotheses, `change`, `clear` (core/steps/library_tactics.py); the Lake project's own imported modules and
`set_option tactic.hygienic false` (core/reader/lean_modules.py). Each with Lean's behaviour, and a soundness fuzz: random
statements and scripts, every accepted one checked by a truth table written here (no kernel code).
"""

from __future__ import annotations

import itertools
import random

from gentzen.core.reader.lean_file import lean_items

HEAD = "import Mathlib.Tactic\n\n"


def _judge(src: str, root=None):
    [r] = [it.check() for it in lean_items(src, root) if it.judged]
    return r


def test_cases_prime_on_and_or_iff_false():
    assert _judge(HEAD + "example (p q : Prop) (h : p ∧ q) : q ∧ p := by\n  cases' h with hp hq\n  exact ⟨hq, hp⟩\n").ok
    src = HEAD + ("example (p q : Prop) (h : p ∨ q) : q ∨ p := by\n  cases' h with hp hq\n  · exact Or.inr hp\n"
                  "  · exact Or.inl hq\n")
    assert _judge(src).ok
    r = _judge(src.replace("Or.inr hp", "Or.inl hp"))
    assert not r.ok and r.error.kind == "type_mismatch", r.error
    assert _judge(HEAD + "example (p q : Prop) (h : p ↔ q) (hq : q) : p := by\n  cases' h with a b\n  exact b hq\n").ok
    assert _judge(HEAD + "example (p : Prop) (h : False) : p := by\n  cases' h\n").ok
    # the hypothesis is gone (Lean.MVarId.cases clears it)
    r = _judge(HEAD + "example (p q : Prop) (h : p ∧ q) : p ∧ q := by\n  cases' h with hp hq\n  exact h\n")
    assert not r.ok


def test_mathlib_tactics_need_the_import():
    src = "example (p q : Prop) (h : p ∧ q) : q := by\n  cases' h with hp hq\n  exact hq\n"
    r = _judge(src)
    assert not r.ok  # core Lean has no `cases'`
    assert _judge(HEAD + src).ok
    assert not _judge("example (p : Prop) (h : ¬¬p) : p := by\n  by_contra hn\n  exact h hn\n").ok
    assert _judge(HEAD + "example (p : Prop) (h : ¬¬p) : p := by\n  by_contra hn\n  exact h hn\n").ok


def test_by_contra_with_a_mathematical_library_module_only():
    src = "example (p : Prop) (h : ¬¬p) : p := by\n  by_contra hn\n  exact h hn\n"
    assert _judge("import Mathlib.Data.Real.Basic\n\n" + src).ok
    # `cases'` is assumed only with `Mathlib`/`Mathlib.Tactic`
    r = _judge("import Mathlib.Data.Real.Basic\n\nexample (p q : Prop) (h : p ∧ q) : q := by\n  cases' h with a b\n"
               "  exact b\n")
    assert not r.ok and r.error.kind == "unsupported", r.error
    # bare `by_contra`: Batteries names the hypothesis anonymously, Mathlib's later version `this`
    r = _judge(HEAD + "example (p : Prop) (h : ¬¬p) : p := by\n  by_contra\n  exact h this\n")
    assert not r.ok and r.error.kind == "unsupported", r.error


def test_by_contra_on_a_negation_introduces_the_proposition():
    # Batteries: `first | guard_target = Not _; intro h | refine byContradiction fun h => ?_`
    assert _judge(HEAD + "example (p : Prop) (h : ¬p) : ¬p := by\n  by_contra hp\n  exact h hp\n").ok
    r = _judge(HEAD + "example (p : Prop) (h : ¬p) : ¬p := by\n  by_contra hp\n  exact hp h\n")
    assert not r.ok


def test_apply_at_and_change_and_clear():
    assert _judge(HEAD + "example (p q : Prop) (h : p → q) (hp : p) : q := by\n  apply h at hp\n  exact hp\n").ok
    # a later premise matching: the earlier ones become goals after the main one
    src = HEAD + "example (p q r : Prop) (h : p → q → r) (hq : q) (hp : p) : r := by\n  apply h at hq\n" \
                 "  · exact hq\n  · exact hp\n"
    assert _judge(src).ok
    assert _judge("example (p : Prop) (h : ¬p) : p → False := by\n  change p → False at h\n  exact h\n").ok
    assert _judge("example (p : Prop) (h : p) : ¬¬p := by\n  change (p → False) → False\n  exact fun k => k h\n").ok
    r = _judge("example (p q : Prop) (h : p) : p := by\n  change q at h\n  exact h\n")
    assert not r.ok and r.error.kind == "unsupported"
    r = _judge("example (p q : Prop) (h : p) (g : q) : p := by\n  clear h\n  exact h\n")
    assert not r.ok


def test_rw_with_iff_hypotheses_then_rfl():
    assert _judge("example (p q : Prop) (h : p ↔ q) (hp : p) : q := by\n  rw [← h]\n  exact hp\n").ok
    assert _judge("example (p q : Prop) (h : p ↔ q) (hp : p) : q := by\n  rw [h] at hp\n  exact hp\n").ok
    assert _judge("example (p q : Prop) (h : p ↔ q) (hp : p) : q := by\n  rwa [h] at hp\n").ok
    # `rw` closes `q ↔ q` by `rfl`; a tactic after it has no goal
    assert _judge("example (p q : Prop) (h : p ↔ q) : p ↔ q := by\n  rw [h]\n").ok
    assert not _judge("example (p q : Prop) (h : p ↔ q) : p ↔ q := by\n  rw [h]\n  rfl\n").ok
    assert _judge("example (p : Prop) : ¬p ↔ (p → False) := by\n  rfl\n").ok
    r = _judge("example (p q : Prop) (h : p ↔ q) (hq : q) : p := by\n  rw [h] at hq\n  exact hq\n")
    assert not r.ok  # no `p` in `q`


def test_rw_not_clear_of_an_atom_and_tauto():
    # `rw [Not]`: `¬a = (a → False)` with `a` fixed by the first `¬` in pre-order (kabstract), every instance of it
    src = "example (a : Prop) : a → ¬¬a := by\n  rw [Not]\n  rw [Not]\n  intro ha hna\n  exact hna ha\n"
    assert _judge(src).ok
    # the outer `¬` first: `¬¬a` becomes `¬a → False`, which `rw [h]` then finds syntactically
    src = "example (a b : Prop) (h : (¬a → False) ↔ b) (hb : b) : ¬¬a := by\n  rw [Not]\n  rw [h]\n  exact hb\n"
    assert _judge(src).ok
    r = _judge(src.replace("(¬a → False) ↔ b", "¬(a → False) ↔ b"))
    assert not r.ok and r.error.kind == "unsupported", r.error
    # `clear` sorts the names by their place and clears from the last: `a` after the hypotheses that mention it
    src = "example (a b : Prop) (ha : a) (hb : b) (hab : a → b) : b := by\n  clear ha hab a\n  exact hb\n"
    assert _judge(src).ok
    r = _judge(src.replace("clear ha hab a", "clear ha a"))
    assert not r.ok and r.error.kind == "unsupported", r.error
    # Mathlib's `tauto`: closes what the hypotheses classically entail; the rest is `unsupported`, never accepted
    assert _judge(HEAD + "example (p q : Prop) : ((p → q) → p) → p := by\n  tauto\n").ok
    r = _judge(HEAD + "example (p q : Prop) : (p → q) → q := by\n  tauto\n")
    assert not r.ok and r.error.kind == "unsupported", r.error
    assert not _judge("example (p : Prop) : p → p := by\n  tauto\n").ok  # core Lean has no `tauto`


def test_rename_takes_the_last_hypothesis_of_that_type():
    src = "example (a b : Prop) (h1 : a) (h2 : a) (hb : b) : a := by\n  rename a => x\n  exact x\n"
    assert _judge(src).ok
    r = _judge(src.replace("exact x", "exact h2"))  # h2 (the last of type a) is now x
    assert not r.ok
    assert _judge(src.replace("exact x", "exact h1")).ok
    r = _judge(src.replace("rename a => x", "rename ¬a => x"))
    assert not r.ok and r.error.kind == "unsupported", r.error


def test_a_binder_macro_in_parentheses(tmp_path):
    (tmp_path / "Proj").mkdir()
    (tmp_path / "Proj" / "Lib.lean").write_text(
        "@[term_parser] def «assume» :=\n  leading_parser withPosition (\"assume \" >> Term.ident >> \" : \" >> "
        "termParser)\n  >> optSemicolon termParser\n\nmacro_rules\n| `(assume $h : $ty; $y) => `(fun $h : $ty ↦ $y)\n")
    src = ("import Proj.Lib\n\ntheorem t (a b : Prop) : a ∨ b → b ∨ a :=\n  assume hab : a ∨ b\n  Or.elim hab\n"
           "    (assume ha : a\n     Or.inr ha)\n    (assume hb : b\n     Or.inl hb)\n")
    assert _judge(src, tmp_path).ok
    r = _judge(src.replace("Or.inr ha", "Or.inl ha"), tmp_path)
    assert not r.ok and r.error.kind == "type_mismatch", r.error
    r = _judge(src.replace("assume hab : a ∨ b\n", "assume hab : a ∨ b; "), tmp_path)  # other forms: unsupported
    assert not r.ok and r.error.kind == "unsupported", r.error


def test_a_project_module_is_read(tmp_path):
    (tmp_path / "Proj").mkdir()
    (tmp_path / "Proj" / "Lib.lean").write_text(
        "import Mathlib.Tactic\n\nnamespace Proj\ntheorem helper (p : Prop) : p → p := id\nend Proj\n\n"
        "macro \"mytac\" : tactic => `(tactic| assumption)\n")
    ok = "import Proj.Lib\n\nexample (p q : Prop) (h : p ∧ q) : q := by\n  cases' h with a b\n  exact b\n"
    assert _judge(ok, tmp_path).ok  # Mathlib's tactics come through the module's import
    r = _judge("import Proj.Lib\n\nexample (p : Prop) (h : p) : p := by\n  mytac\n", tmp_path)
    assert not r.ok and r.error.kind == "unsupported" and "mytac" in r.error.message, r.error
    r = _judge("import Proj.Lib\nopen Proj\n\nexample (p : Prop) (h : p) : p := helper p h\n", tmp_path)
    assert not r.ok and r.error.kind == "unsupported" and "helper" in r.error.message, r.error
    # a trailing syntax without optional parts (`t[x ↦ v]`) can parse only where all its literals occur
    (tmp_path / "Proj" / "Upd.lean").write_text('macro s:term "[" n:term "↦" v:term "]" : term => `(s)\n')
    src = "import Proj.Upd\n\nexample (p q : Prop) (h : p ↔ q) (hq : q) : p := by\n  rw [h]\n  exact hq\n"
    assert _judge(src, tmp_path).ok
    r = _judge(src.replace("exact hq", "exact (fun x ↦ x) hq"), tmp_path)
    assert not r.ok and r.error.kind == "unsupported" and "↦" in r.error.message, r.error
    r = _judge(ok, None)  # without the folder: the module cannot be read, as before
    assert not r.ok and r.error.kind == "unsupported"


def test_unhygienic_tactics_never_leave_an_inaccessible_hypothesis():
    src = "set_option tactic.hygienic false\n\nexample (p q : Prop) : p → q → p := by\n  intro hp\n  intro\n  exact hp\n"
    r = _judge(src)
    assert not r.ok and r.error.kind == "unsupported" and "hygienic" in r.error.message, r.error
    assert _judge(src.replace("  intro\n", "  intro hq\n")).ok
    assert _judge(src.replace("set_option tactic.hygienic false\n\n", "")).ok


# ---------------------------------------------------------------- soundness fuzz (truth table oracle)

ATOMS = ("p", "q")


def _formula(rng, depth):
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(ATOMS + ("False",))
    op = rng.choice(("¬", "∧", "∨", "→", "↔"))
    if op == "¬":
        return ("¬", _formula(rng, depth - 1))
    return (op, _formula(rng, depth - 1), _formula(rng, depth - 1))


def _text(f) -> str:
    if isinstance(f, str):
        return f
    if f[0] == "¬":
        return f"¬({_text(f[1])})"
    return f"({_text(f[1])}) {f[0]} ({_text(f[2])})"


def _value(f, v) -> bool:
    if isinstance(f, str):
        return False if f == "False" else v[f]
    if f[0] == "¬":
        return not _value(f[1], v)
    a, b = _value(f[1], v), _value(f[2], v)
    return {"∧": a and b, "∨": a or b, "→": (not a) or b, "↔": a == b}[f[0]]


def _valid(hyps, goal) -> bool:
    for bits in itertools.product((False, True), repeat=len(ATOMS)):
        v = dict(zip(ATOMS, bits))
        if all(_value(h, v) for h in hyps) and not _value(goal, v):
            return False
    return True


def _subformulas(f):
    yield f
    if not isinstance(f, str):
        for a in f[1:]:
            yield from _subformulas(a)


def _case(rng):
    """(hypotheses, goal, script): a template of each tactic over random formulas; the goal is often a part of a
    hypothesis, so that many scripts succeed and many fail."""
    a, b, c = (_formula(rng, 1) for _ in range(3))
    k = rng.randrange(6)
    if k == 0:  # rw with an ↔ hypothesis, forwards or backwards, at the goal or a hypothesis
        ctx = rng.choice((("∧", a, c), ("→", c, a), ("¬", a), a))
        hyps = [("↔", a, b), ctx]
        script = rng.choice((["rw [h1] at h2", "exact h2"], ["rwa [h1] at h2"], ["rw [← h1]", "exact h2"],
                             ["rw [h1]", "exact h2"], ["rw [h1]"], ["rwa [← h1]"]))
    elif k == 1:  # cases' on ∧ ∨ ↔ False
        hyps = [(rng.choice(("∧", "∨", "↔")), a, b), c]
        script = ["cases' h1 with x y"] + rng.choice((["exact x"], ["exact y"], ["· exact x", "· exact y"],
                                                      ["· exact x", "· exact h2"], ["exact x h2"]))
    elif k == 2:  # by_contra
        hyps = [rng.choice((("¬", ("¬", a)), ("→", ("¬", a), "False"), ("¬", a), a)), b]
        script = ["by_contra hc", rng.choice(("exact h1 hc", "exact hc h1", "contradiction", "exact hc h2"))]
    elif k == 3:  # apply … at
        hyps = [rng.choice((("→", a, b), ("→", c, ("→", a, b)), ("¬", a))), rng.choice((a, c))]
        script = ["apply h1 at h2"] + rng.choice((["exact h2"], ["· exact h2", "· assumption"], ["assumption"]))
    elif k == 4:  # change, clear, rfl, rw [Not]
        hyps = [rng.choice((("¬", a), ("→", a, "False"), a)), b]
        script = rng.choice((["change ¬(" + _text(a) + ") at h1", "exact h1"], ["change " + _text(a) + " → False",
                             "exact h1"], ["clear h2", "exact h1"], ["clear h1", "exact h1"], ["rfl"],
                             ["rw [Not]", "exact h1"], ["rw [Not] at h1", "exact h1"], ["clear h2 q", "exact h1"]))
    else:  # tauto
        hyps = [(rng.choice(("→", "∨", "∧")), a, b), c]
        script = ["tauto"]
    pool = [x for h in hyps for x in _subformulas(h)] + [a, b, c, ("↔", a, a), ("↔", ("¬", a), ("→", a, "False"))]
    return hyps, rng.choice(pool), script


def test_no_false_statement_is_accepted_with_the_library_tactics():
    rng = random.Random(36)
    accepted = rejected = 0
    for _ in range(1200):
        hyps, goal, script = _case(rng)
        binders = " ".join(f"(h{i + 1} : {_text(h)})" for i, h in enumerate(hyps))
        body = "\n".join("  " + ln for ln in script)
        src = f"{HEAD}example (p q : Prop) {binders} : {_text(goal)} := by\n{body}\n"
        r = _judge(src)
        if r.ok:
            assert _valid(hyps, goal), src
            accepted += 1
        else:
            rejected += 1
    assert accepted >= 100 and rejected >= 100, (accepted, rejected)
