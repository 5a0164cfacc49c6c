"""gentzen.core.reader.lean_file (and items) on .lean files: every declaration found, context tracked, positions kept.

The structure rules follow Lean 4's command grammar (`Lean/Parser/Command.lean`: `declModifiers`
= doc comment, attributes, visibility, `noncomputable`, `unsafe`, `partial`/`nonrec`; then the
declaration keyword); comments are found by gentzen.core.text.comments (Lean's `whitespace`).
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from gentzen.core.reader.items import ProofItem
from gentzen.core.reader.lean_file import lean_items

BASE = [
    "theorem a1 (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact h1 h2\n",
    "theorem a2 (P Q : Prop) (h : P) : Q := by\n  exact h\n",                       # wrong
    "theorem a3 (P Q : Prop) (h : P ∧ Q) : Q ∧ P := by\n  obtain ⟨n1, n2⟩ := h\n  exact ⟨n2, n1⟩\n",
    "example (P : Prop) (h : P) : P ∨ P := by\n  exact Or.inl h\n",
    "theorem a5 (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by\n  intro n1\n  exact h2 n7\n",  # wrong
]


def verdicts(text: str) -> list[tuple]:
    out = []
    for it in lean_items(text):
        res = it.check()
        e = res.error
        out.append((it.name.split("@")[0], res.ok, e and e.kind, e and e.message,
                    None if e is None else text.split("\n")[e.line - 1].strip()))
    return out


def test_every_declaration_kind_is_found():
    text = ("/-! doc -/\nimport Gentzen.ND\nopen Classical\n"
            "@[simp] private theorem x1 (P : Prop) (h : P) : P := by\n  exact h\n"
            "/-- d -/\nnoncomputable theorem x2 (P : Prop) (h : P) : P := by\n  exact h\n"
            "   example (P : Prop) (h : P) : P := by\n     exact h\n"
            "lemma x4 (P : Prop) (h : P) : P := by\n  exact h\n"
            "def d : Nat := 1\nabbrev e := d\ninstance : Inhabited Nat := ⟨0⟩\n"
            "#check x1\n#eval d\nuniverse u\nattribute [simp] x1\nset_option pp.all true\n")
    items = lean_items(text)
    assert [(i.name, i.decl) for i in items] == [("x1", "theorem"), ("x2", "theorem"), ("example@9", "example"),
                                                 ("x4", "lemma"), ("#eval@17", "command")]
    assert items[0].modifiers == ("@[simp]", "private") and items[1].modifiers == ("noncomputable",)
    assert items[2].column == 3 and items[2].line == 9
    assert items[3].problem.kind == "parse" and items[4].problem.kind == "forbidden"


def test_commands_do_not_join_the_proof_before_them():
    text = BASE[0] + "#check a1\n#print axioms a1\n/- block\n comment -/\n" + BASE[3]
    it = lean_items(text)[0]
    assert it.proof.endswith("exact h1 h2") and it.check().ok


def test_indented_open_in_stays_inside_the_proof():
    text = "theorem t (P : Prop) (h : P) : P := by\n  open Classical in\n  exact h\n"
    items = lean_items(text)
    # one declaration (the `open … in` is no command of its own); the kernel does not model a tactic-level
    # `open … in`, and Lean accepts it, so `unsupported` (issue 38), not the proof policy's `forbidden`
    assert len(items) == 1 and items[0].name == "t"
    e = items[0].check().error
    assert e.kind == "unsupported" and "`open … in` inside a proof" in e.message


def test_variables_are_inserted_when_the_statement_mentions_them():
    text = ("section\nvariable (P Q R : Prop) (hq : Q)\ninclude hq\n"
            "theorem v (h : P) : P ∧ Q := by\n  exact ⟨h, hq⟩\nend\n"
            "theorem w (P : Prop) (h : P) : P := by\n  exact h\n")
    v, w = lean_items(text)
    assert v.theorem.startswith("theorem v (P : Prop) (Q : Prop) (hq : Q) (h : P)")
    assert "R" not in v.theorem  # unmentioned variables are not included (Lean's inclusion rule)
    assert v.check().ok
    assert w.theorem == "theorem w (P : Prop) (h : P) : P :="   # the section ended


def test_positions_point_into_the_file():
    text = "-- header\n\n  theorem t (P Q : Prop) (h : P) : Q := by\n    exact h\n"
    e = lean_items(text)[0].check().error
    assert e.line == 4 and text.split("\n")[3][e.column:].startswith("h")


def test_missing_body_is_a_parse_error_at_the_next_token():
    items = lean_items("theorem t (P : Prop) : P\ntheorem u (P : Prop) (h : P) : P := by\n  exact h\n")
    assert items[0].problem.kind == "parse" and "unexpected token 'theorem'" in items[0].problem.message
    assert items[1].check().ok


def test_earlier_theorems_are_lemmas_only_when_accepted():
    # issue 22: an earlier theorem the kernel accepted is a lemma (core/elaboration/lemmas.py); one it rejected rejects
    # the proofs citing it (Lean would add it with `sorry`)
    cite = "theorem b (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact {} P Q h1 h2\n"
    b = lean_items(BASE[0] + cite.format("a1"))[1]
    assert b.check().ok and "a1" in b.lemmas
    wrong = lean_items(BASE[0] + cite.format("a1").replace("h1 h2\n", "h2 h1\n"))[1].check()
    assert not wrong.ok and wrong.error.kind == "type_mismatch"
    c = lean_items(BASE[1] + cite.replace("(h2 : P)", "(h2 : P) (h : P)").format("a2"))[1].check()
    assert not c.ok and c.error.kind == "invalid_declaration" and "`a2`" in c.error.message


def test_jsonl_positions():
    item = ProofItem("x", "theorem x (P : Prop) (h : P) : P :=", "  exact h\n  exact h", record_line=7)
    e = item.to_file({"line": 3, "column": 2, "kind": "no_goals", "message": "no goals"})
    assert (e["line"], e["column"], e["proof_line"], e["proof_column"]) == (3, 2, 2, 2)


_PADDING = st.lists(st.sampled_from(["\n", "-- a comment\n", "/- a block\n   comment -/\n", "/- x /- y -/ z -/\n",
                                     "#check Nat\n", "\n\n", "/-! module note -/\n"]), max_size=4).map("".join)


@settings(max_examples=60, deadline=None)
@given(st.lists(_PADDING, min_size=len(BASE) + 1, max_size=len(BASE) + 1))
def test_comments_and_blank_lines_between_declarations_change_no_verdict(pads):
    plain = "".join(BASE)
    padded = pads[0] + "".join(b + p for b, p in zip(BASE, pads[1:]))
    # same verdicts, same messages, and each error still points at the same line of text
    assert verdicts(padded) == verdicts(plain)


def test_large_file_reads_in_linear_time():
    import time

    text = "".join(BASE[0].replace("a1", f"a{i}") for i in range(5000))
    t0 = time.perf_counter()
    items = lean_items(text)
    dt = time.perf_counter() - t0
    assert len(items) == 5000 and dt < 10, dt
    assert re.fullmatch(r"a\d+", items[-1].name)
