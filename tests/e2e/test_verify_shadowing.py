"""Shadowed names through the real CLI (issue 19): `verify` rejects the false statements with Lean's
message, `state` prints `p✝` as Lean does, `prove` echoes `example` as written; and the soundness
smoke of the before-stop hook (the shadow file must never verify).
"""

from __future__ import annotations

import json

from test_cli_core import assert_no_traceback, gentzen

FALSE_STATEMENTS = """theorem s3 (p : Prop) (hp : p) (p : Prop) : p := by
  exact hp

theorem s3_term (p : Prop) (hp : p) (p : Prop) : p := hp

theorem s3_implicit {p : Prop} (hp : p) {p : Prop} : p := by
  exact hp

section
variable (p : Prop)

theorem s1 (hp : p) (p : Prop) (hp2 : p) : p := by
  exact hp

end
"""
MISMATCH = "Type mismatch\n  hp\nhas type\n  p✝\nbut is expected to have type\n  p"


def test_verify_rejects_every_false_statement_with_leans_message(tmp_path):
    f = tmp_path / "shadow.lean"
    f.write_text(FALSE_STATEMENTS, encoding="utf-8")
    r = gentzen("verify", str(f), "--json")
    assert_no_traceback(r)
    assert r.returncode == 1, r.stdout + r.stderr
    rows = [json.loads(line) for line in r.stdout.splitlines() if line.startswith("{")]
    verdicts = {row["name"]: row for row in rows if "name" in row}
    assert set(verdicts) >= {"s3", "s3_term", "s3_implicit", "s1"}, r.stdout
    for name in ("s3", "s3_term", "s3_implicit", "s1"):
        row = verdicts[name]
        assert row["ok"] is False and row["error"]["kind"] == "type_mismatch", row
        assert row["error"]["message"] == MISMATCH, row
    assert (verdicts["s1"]["error"]["line"], verdicts["s1"]["error"]["column"]) == (13, 8)


def test_the_before_stop_hooks_shadow_file_does_not_verify(tmp_path):
    # the exact file /work/shared/hooks/before-stop writes for its soundness smoke
    f = tmp_path / "shadow.lean"
    f.write_text("theorem s (p : Prop) (hp : p) (p : Prop) : p := by\n  exact hp\n", encoding="utf-8")
    r = gentzen("verify", str(f))
    assert_no_traceback(r)
    assert r.returncode != 0 and "Type mismatch" in r.stdout, r.stdout + r.stderr


def test_state_prints_the_shadowed_atom_as_lean_does(tmp_path):
    steps = tmp_path / "steps.txt"
    steps.write_text("exact hp\n", encoding="utf-8")
    r = gentzen("state", "theorem s3 (p : Prop) (hp : p) (p : Prop) : p := by", "--steps", str(steps))
    assert_no_traceback(r)
    assert r.returncode == 1
    assert "p✝ : Prop\nhp : p✝\np : Prop\n⊢ p" in r.stdout, r.stdout
    assert MISMATCH in r.stdout + r.stderr


def test_prove_echoes_example_and_implicit_binders_as_written():
    for stmt in ("example (p q : Prop) (hp : p) (hq : q) : p ∧ q := by",
                 "theorem t {p q : Prop} (hp : p) (hq : q) : p ∧ q := by"):
        r = gentzen("prove", stmt, "--method", "reference")
        assert_no_traceback(r)
        assert r.returncode == 0 and r.stdout.splitlines()[0] == stmt, r.stdout + r.stderr
    r = gentzen("prove", "theorem s3 (p : Prop) (hp : p) (p : Prop) : p := by", "--method", "reference")
    assert r.returncode == 1 and "countermodel p=F, p✝=T" in r.stdout, r.stdout


def test_theorem_example_is_a_parse_error(tmp_path):
    f = tmp_path / "ex.lean"
    f.write_text("theorem example (p : Prop) : p → p := fun h => h\n", encoding="utf-8")
    r = gentzen("verify", str(f))
    assert_no_traceback(r)
    assert r.returncode == 1 and "1:8" in r.stdout and "unexpected token 'example'; expected identifier" in r.stdout
