"""Lean's surface syntax in the kernel: for each construct an accepted proof and a rejected one.

Each rule follows Lean 4's grammar (v4.32.0 sources, reached through the research search tool):
  comments      src/Lean/Parser/Basic.lean (`whitespace`, `finishCommentBlock`: `--`, nested `/- -/`, `/--`)
  `;`           src/Lean/Parser/Term.lean (`tacticSeq1Indented` = `sepByIndentSemicolon tacticParser`,
                trailing separator allowed)
  `<;>`         src/Init/Tactics.lean (`macro:1 x:tactic tk:" <;> " y:tactic:2 : tactic`)
  `by`          src/Lean/Parser/Term.lean (`byTactic`; nested `by` uses `tacticSeqIndentGt`)
  `:= t`        src/Lean/Parser/Command.lean (`declValSimple`), elaborated like `exact` (elabTermEnsuringType)
  `fun`/`λ`     src/Lean/Parser/Term.lean (`fun`, `basicFun`, `=>`/`↦`, anonymous-constructor patterns)
  `show … from` src/Lean/Parser/Term.lean (`show`, `showFrom`); `(t : φ)` `typeAscription`
  `.inl`        src/Lean/Parser/Term.lean (`dotIdent`); message from src/Lean/ErrorExplanations/InvalidDottedIdent.lean
  `h.symm`      generalized field notation, src/Lean/Elab/App.lean (`addLValArg`)
  `∘`           src/Init/Prelude.lean (`Function.comp`, `infixr:90 " ∘ "`)
Rejections are checked for kind, position and message; messages the kernel reconstructs (not
Lean's exact text) are documented in docs/kernel.md and say nothing false about Lean.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from gentzen.core.logic import formula
from gentzen.core.parsing import syntax
from gentzen.core.kernel import check_proof, start
from gentzen.core.proof.theorem import Theorem, UnsupportedStatement
from gentzen.errors import LimitError

ASK = "Lean may accept it (check with `--backend repl` or `--backend both`)"


def run(seq: str, text: str, **kw):
    return check_proof(Theorem.from_sequent(seq, name="t"), "\n".join("  " + ln for ln in text.split("\n")), **kw)


def run_full(seq: str, after_assign: str, **kw):
    t = Theorem.from_sequent(seq, name="t")
    return check_proof(t, t.statement()[: -len(" by")] + after_assign, **kw)


TM = "Type mismatch\n  {}\nhas type\n  {}\nbut is expected to have type\n  {}"

# (id, sequent, accepted proof, rejected proof, (kind, line, column, message or None))
CORPUS = [
    ("line-comment-no-forbidden-scan", "P ⊢ P", "exact h1 -- TODO: no sorry here", "exact /- sorry -/ h2",
     ("unknown_identifier", 2, 20, "Unknown identifier `h2`")),
    ("nested-block-comment", "P ⊢ P", "/- a /- nested -/ b -/\nexact h1", "exact h1 /- open",
     ("parse", 2, 18, "unterminated comment")),
    ("doc-comment", "P ⊢ P", "/-- doc -/\nexact h1", "exact sorry -- fine here",
     ("forbidden", 2, 8, "`sorry` is not allowed in a proof")),
    ("semicolon", "⊢ P → P", "intro h; exact h", "intro h;; exact h",
     ("parse", 2, 10, "unexpected token ';'; expected tactic")),
    ("trailing-semicolon", "⊢ P → P", "intro h; exact h;", "intro h; exact h; exact h",
     ("no_goals", 2, 20, "No goals to be solved")),
    ("all-goals", "P ⊢ P ∧ P", "constructor <;> exact h1", "constructor <;> exact h2",
     ("unknown_identifier", 2, 24, "Unknown identifier `h2`")),
    ("all-goals-each-goal", "P, Q ⊢ P ∧ Q", "constructor\n· exact h1\n· exact h2", "constructor <;> exact h1",
     ("type_mismatch", 2, 24, TM.format("h1", "P", "Q"))),
    ("one-line-nested-by", "P ⊢ P", "have h : P := by exact h1\nexact h", "have h : P := by exact h1; exact h",
     ("no_goals", 2, 29, "No goals to be solved")),
    ("fun", "⊢ P → P", "exact fun hp => hp", "exact fun hp => hp hp", ("type_mismatch", 2, 18, None)),
    ("lambda", "⊢ P → P", "exact λ hp => hp", "exact λ hp => h1", ("unknown_identifier", 2, 16, "Unknown identifier `h1`")),
    ("fun-pattern", "⊢ P ∧ Q → Q ∧ P", "exact fun ⟨a, b⟩ => ⟨b, a⟩", "exact fun ⟨a, b⟩ => ⟨a, b⟩",
     ("type_mismatch", 2, 23, None)),
    ("fun-typed-binder", "⊢ P → P", "exact fun (hp : P) => hp", "exact fun (hp : P) => trivial",
     ("type_mismatch", 2, 24, TM.format("trivial", "True", "P"))),
    ("show-from", "P ⊢ P", "exact show P from h1", "exact show P from h2", ("unknown_identifier", 2, 20, None)),
    ("ascription", "P, Q ⊢ P", "exact (h1 : P)", "exact (h2 : P)", ("type_mismatch", 2, 9, TM.format("h2", "Q", "P"))),
    ("comp", "P → Q, Q → R ⊢ P → R", "exact h2 ∘ h1", "exact h1 ∘ h2", ("type_mismatch", 2, 8, None)),
    ("dot-inl", "P ⊢ P ∨ Q", "exact .inl h1", "exact .inr h1",
     ("type_mismatch", 2, 13, "Application type mismatch: The argument\n  h1\nhas type\n  P\nbut is expected to "
      "have type\n  Q\nin the application\n  Or.inr h1")),
    ("dot-intro", "P, Q ⊢ P ∧ Q", "exact .intro h1 h2", "have h := .inl h1",
     ("type_mismatch", 2, 12, "Invalid dotted identifier notation: The expected type of `.inl` could not be determined")),
    ("field-symm-and", "P ∧ Q ⊢ Q ∧ P", "exact h1.symm", "exact h1.symm.symm",
     ("type_mismatch", 2, 8, TM.format("h1.symm.symm", "P ∧ Q", "Q ∧ P"))),
    ("field-symm-iff", "P ↔ Q ⊢ Q ↔ P", "exact h1.symm", "exact h1.foo",
     ("unsupported", 2, 8, f"`h1.foo` is field notation for `Iff.foo`, which gentzen's proof language does not include; {ASK}")),
    ("field-elim-or", "P ∨ Q, P → R, Q → R ⊢ R", "exact h1.elim h2 h3", "exact h1.elim h3 h2",
     ("type_mismatch", 2, 16, "Application type mismatch: The argument\n  h3\nhas type\n  Q → R\nbut is expected to "
      "have type\n  P → R\nin the application\n  h1.elim h3")),
    ("field-elim-false", "False ⊢ P", "exact h1.elim", "exact h1.resolve_left", ("unsupported", 2, 8, None)),
    ("field-resolve-left", "P ∨ Q, ¬P ⊢ Q", "exact h1.resolve_left h2", "exact h1.resolve_right h2",
     ("type_mismatch", 2, 25, None)),
    ("field-mp", "P ↔ Q, P ⊢ Q", "exact h1.mp h2", "exact h1.mpr h2", ("type_mismatch", 2, 15, None)),
    ("field-1-left", "P ∧ Q ⊢ P", "exact h1.left", "exact h1.2", ("type_mismatch", 2, 8, TM.format("h1.right", "Q", "P"))),
    ("partial-mt", "P → Q ⊢ ¬Q → ¬P", "exact mt h1", "exact mt h1 h1", ("type_mismatch", 2, 14, None)),
    ("have-inferred", "P ∧ Q ⊢ P", "have hp := h1.1\nexact hp", "have hp := h1.1\nexact hp.1",
     ("type_mismatch", 3, 8, None)),
]


@pytest.mark.parametrize("cid,seq,ok_text,bad_text,expect", CORPUS, ids=[c[0] for c in CORPUS])
def test_construct(cid, seq, ok_text, bad_text, expect):
    good = run(seq, ok_text)
    assert good.ok, good.error
    bad = run(seq, bad_text)
    assert not bad.ok
    kind, line, col, msg = expect
    assert (bad.error.kind, bad.error.line, bad.error.column) == (kind, line, col), bad.error
    if msg is not None:
        assert bad.error.message == msg


@pytest.mark.parametrize("after", [" h1", " by exact h1", "\n  by\n  exact h1", " by -- note\n  exact h1", "\n  h1",
                                   " by\n  /- a\n  -/\n  exact h1 -- TODO: no sorry here"])
def test_statement_forms_accepted(after):
    assert run_full("P ⊢ P", after).ok


def test_term_mode_rejections():
    r = run_full("P, Q ⊢ P", " h2")
    assert (r.error.kind, r.error.line, r.error.message) == ("type_mismatch", 1, TM.format("h2", "Q", "P"))
    r = run_full("P ⊢ P", " by exact sorry")
    assert r.error.kind == "forbidden"
    r = run_full("P ⊢ P", " by\n  exact h1\n  -- sorry")
    assert r.ok  # a forbidden word in a comment is not code


def test_binders_implicit_and_explicit():
    t = Theorem.from_sequent("⊢ P → P", name="t")
    assert check_proof(t, "theorem t {P : Prop} : P → P := fun h => h").ok
    assert check_proof(t, "theorem t (P : Prop) : P → P := by\n  intro h; exact h").ok


def test_forall_statement_is_unsupported_not_parse():
    t = Theorem.from_sequent("⊢ P → P", name="t")
    r = check_proof(t, "theorem t : ∀ (P : Prop), P → P := fun P h => h")
    assert r.error.kind == "unsupported" and "Lean accepts it" in r.error.message


@pytest.mark.parametrize("tac", ["simp", "decide", "omega", "rw [h1]", "by_contra h", "tauto", "aesop", "norm_num"])
def test_outside_the_language_is_unsupported_and_says_how_to_ask_lean(tac):
    r = run("P ⊢ P", tac)
    assert r.error.kind == "unsupported"
    word = tac.split()[0]
    assert f"`{word}`" in r.error.message and ASK in r.error.message


@pytest.mark.parametrize("text", ["exact h1 <| h1", "exact absurd h1 $ h1", "exact @id P h1"])
def test_unknown_term_syntax_is_unsupported_not_parse(text):
    r = run("P ⊢ P", text)
    assert r.error.kind == "unsupported" and ASK in r.error.message


@pytest.mark.parametrize("seq,text", [("P ↔ Q ⊢ Q ↔ P", "exact h1.symm"), ("P ∨ Q, P → R, Q → R ⊢ R", "exact h1.elim h2 h3"),
                                      ("False ⊢ P", "exact h1.elim"), ("P, ¬P ⊢ Q", "exact h2.elim h1")])
def test_core_fields_never_claim_the_environment_lacks_them(seq, text):
    r = run(seq, text)
    assert r.ok, r.error  # was: "The environment does not contain `Iff.symm`" (it does)


def test_no_message_claims_the_environment_lacks_a_constant():
    for seq, text in [("P ↔ Q ⊢ Q ↔ P", "exact h1.comm"), ("P ∨ Q ⊢ Q", "exact h1.foo"), ("¬P ⊢ P", "exact h1.bar")]:
        r = run(seq, text)
        assert "does not contain" not in r.error.message and r.error.kind == "unsupported"


# ---------------------------------------------------------------- strict_nd

@pytest.mark.parametrize("text", ["intro h; exact h", "exact fun h => h", "have h : P := by exact h", "exact .inl h1",
                                  "exact (h1 : P)", "exact h1.symm"])
def test_strict_nd_refuses_surface_syntax(text):
    seq = {"exact .inl h1": "P ⊢ P ∨ Q", "exact (h1 : P)": "P ⊢ P", "exact h1.symm": "P ∧ Q ⊢ Q ∧ P"}.get(text, "⊢ P → P")
    if text.startswith("have"):
        seq, text = "P ⊢ P", "have h : P := by exact h1\nexact h"
    assert run(seq, text).ok
    r = run(seq, text, strict_nd=True)
    assert r.error.kind == "unsupported" and "strict_nd" in r.error.message


def test_strict_nd_keeps_the_nd_subset_and_refuses_term_mode():
    assert run("P → Q, P ⊢ Q", "have n1 : Q := h1 h2\nexact n1", strict_nd=True).ok
    assert run_full("P ⊢ P", " h1", strict_nd=True).error.kind == "unsupported"
    st = start(Theorem.from_sequent("⊢ P → P"), strict_nd=True)
    assert st.step("intro h; exact h").error.kind == "unsupported"


def test_cli_strict_nd(tmp_path):
    f = tmp_path / "t.lean"
    f.write_text("theorem t (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by\n  exact h1.symm\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "gentzen.cli.main", "verify"]
    assert subprocess.run(cmd + [str(f)], capture_output=True).returncode == 0
    p = subprocess.run(cmd + ["--strict-nd", str(f)], capture_output=True, text=True)
    assert p.returncode == 1 and "(unsupported; kernel)" in p.stdout and "strict_nd" in p.stdout  # kind; checker
    p = subprocess.run(cmd + ["--strict-nd", "--backend", "repl", str(f)], capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


# ---------------------------------------------------------------- issue 10 item 7 (soundness-fuzzer findings)

def test_limit_error_is_a_rejection_not_an_exception():
    huge = "P" + " ∧ P" * (formula.MAX_FORMULA_CHARS // 4 + 1)
    t = Theorem.from_sequent("P ⊢ P")
    r = check_proof(t, f"  have x : {huge} := h1\n  exact h1")
    assert r.error.kind == "unsupported" and "limit of gentzen" in r.error.message
    s = start(t).step(f"have x : {huge} := h1")
    assert s.error.kind == "unsupported"
    with pytest.raises(LimitError):  # the library function itself still raises its domain error
        formula.parse_formula(huge)


def test_auto_names_skip_atoms():
    thm = Theorem("t", ("n1", "p"), (("h1", formula.parse_formula("p")),), formula.parse_formula("p → p"))
    s = start(thm, auto_names=True)
    assert s.fresh_name() == "n2"
    s = s.step("intro")
    assert not isinstance(s, type(None)) and "n2 : p" in s.render()
    s = s.step("exact n2")
    assert s.solved and check_proof(thm, s.proof_text()).ok  # the promise: a solved state's text checks


def test_gen_with_atoms_named_like_fresh_names():
    p = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "gen", "-n", "12", "--atoms", "n1 p q r1"],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-500:]
    assert len(p.stdout.strip().splitlines()) == 12


def test_premise_named_like_an_atom_prints_as_lean_does():
    s = start("theorem t (h1 Q : Prop) (h1 : h1 ∨ Q) : Q ∨ Q := by")
    assert s.render() == "h1✝ Q : Prop\nh1 : h1✝ ∨ Q\n⊢ Q ∨ Q"
    err = s.step("exact h1").error
    # the whole of Lean's message, the shadowed atom printed as Lean prints it
    assert err.kind == "type_mismatch" and err.message == ("Type mismatch\n  h1\nhas type\n  h1✝ ∨ Q\n"
                                                           "but is expected to have type\n  Q ∨ Q")


def test_a_name_rebound_to_a_premise_is_the_premise_not_the_atom():
    # the innermost binder wins: `h1` in the goal is the premise (a proof), which Lean rejects as a type;
    # the kernel used to read it as the shadowed atom and accept the statement
    with pytest.raises(UnsupportedStatement, match="names a hypothesis here"):
        start("theorem t (h1 Q : Prop) (h1 : h1 ∨ Q) : Q ∨ h1 := by")


def test_line_cache_is_bounded_without_a_stop_the_world_clear(monkeypatch):
    monkeypatch.setattr(syntax, "_CACHE_MAX", 5000)
    syntax._LINE_CACHE.clear()
    smallest_after_full, full = None, False
    for i in range(12000):
        syntax.parse_line(f"exact h{i}", 2)
        size = len(syntax._LINE_CACHE)
        assert size <= 5000
        full = full or size == 5000
        if full:
            smallest_after_full = size if smallest_after_full is None else min(smallest_after_full, size)
    assert f"exact h{11999}" in {k[1] for k in syntax._LINE_CACHE}  # newest kept, oldest evicted
    assert (2, "exact h0") not in syntax._LINE_CACHE
    # a batch eviction of the oldest entries, never a clear of everything (no timing: deterministic)
    assert smallest_after_full is not None and smallest_after_full >= 2500
