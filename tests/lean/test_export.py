"""export_lean / parse_lean_export: the `gentzen export-lean` file format, without Lean.

Hand-written records go out as one `theorem` per item inside `namespace Gentzen.Sets.<Set>`
and come back as the same (name, statement, proof) triples.
"""

from __future__ import annotations

import pytest

from _lean_text import forbidden_constructs
from gentzen.data.export_lean import (HEADER_MARK, LeanItem, export_lean, lean_ident, lean_namespace,
                                      parse_lean_export)
from gentzen.errors import InputError

RECORDS = [
    {"name": "mp-001", "sequent": "P → Q, P ⊢ Q",
     "theorem": "theorem t (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by",
     "proof": "  have n1 : Q := h1 h2\n  exact n1", "lines": 2, "split": "train", "atoms": ["P", "Q"]},
    {"name": "mt", "sequent": "P → Q, ¬Q ⊢ ¬P",
     "theorem": "theorem t (P Q R S : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by",
     "proof": "  have n1 : P → False := by\n    intro n2\n    exact h2 (h1 n2)\n  exact n1",
     "lines": 4, "split": "test", "atoms": ["P", "Q", "R", "S"]},
]


def test_export_has_header_namespace_and_one_theorem_per_item():
    text = export_lean(RECORDS, "demo-set")
    lines = text.splitlines()
    assert lines[0].startswith(HEADER_MARK) and "demo-set" in lines[0]
    assert "namespace Gentzen.Sets.Demo_set" in lines
    assert lines[-1] == "end Gentzen.Sets.Demo_set"
    assert [ln for ln in lines if ln.startswith("theorem ")] == [
        "theorem mp_001 (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by",
        # `mt` would shadow core's `mt` inside the namespace, so it gets a prefix
        "theorem t_mt (P Q R S : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by",
    ]
    assert text.endswith("\n")


def test_export_stays_inside_core_lean():
    assert forbidden_constructs(export_lean(RECORDS, "demo")) == []


def test_parse_back_round_trip():
    items = parse_lean_export(export_lean(RECORDS, "demo"))
    assert items == [
        LeanItem("mp-001", "theorem mp_001 (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by", RECORDS[0]["proof"]),
        LeanItem("mt", "theorem t_mt (P Q R S : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by", RECORDS[1]["proof"]),
    ]
    # a triple, as the CLI and the agreement bench unpack it
    name, statement, proof = items[1]
    assert proof.splitlines()[1] == "    intro n2"


def test_flush_left_and_whole_theorem_proofs_are_normalised():
    recs = [{"name": "a", "theorem": "theorem a (P : Prop) (h1 : P) : P", "proof": "exact h1\n"},
            {"name": "b", "theorem": "theorem b (P : Prop) (h1 : P) : P := by",
             "proof": "theorem b (P : Prop) (h1 : P) : P := by\n  exact h1"}]
    items = parse_lean_export(export_lean(recs, "s"))
    assert [i.proof for i in items] == ["  exact h1", "  exact h1"]
    assert items[0].statement.endswith(": P := by")


def test_colliding_identifiers_are_made_distinct():
    recs = [{"name": n, "theorem": "theorem t (P : Prop) (h1 : P) : P := by", "proof": "  exact h1"}
            for n in ("x-1", "x_1", "x.1")]
    stmts = [i.statement.split()[1] for i in parse_lean_export(export_lean(recs, "s"))]
    assert stmts == ["x_1", "x_1_2", "x_1_3"]
    assert [i.name for i in parse_lean_export(export_lean(recs, "s"))] == ["x-1", "x_1", "x.1"]


@pytest.mark.parametrize("name,ident", [("mp", "mp"), ("1st", "t_1st"), ("Or", "t_Or"), ("a b", "a_b"),
                                        ("imp'", "imp'")])
def test_lean_ident(name, ident):
    assert lean_ident(name) == ident


def test_lean_namespace():
    assert lean_namespace("core") == "Gentzen.Sets.Core"
    assert lean_namespace("3x") == "Gentzen.Sets.S3x"


@pytest.mark.parametrize("bad", [{"theorem": "theorem t (P : Prop) : P := by", "proof": "  exact h"},
                                 {"name": "n", "theorem": "theorem t (P : Prop) : P := by"},
                                 {"name": "n", "proof": "  exact h"},
                                 {"name": "n", "theorem": "lemma t (P : Prop) : P := by", "proof": "  exact h"}])
def test_bad_records_are_input_errors(bad):
    with pytest.raises(InputError):
        export_lean([bad], "s")


def test_parse_ignores_non_theorem_lines_and_rejects_bodyless_theorems():
    text = "-- item: a\nnamespace X\ntheorem a (P : Prop) (h1 : P) : P := by\n  exact h1\n\nend X\n"
    # the marker is separated from its theorem by `namespace`, so the Lean name is used
    assert parse_lean_export(text) == [LeanItem("a", "theorem a (P : Prop) (h1 : P) : P := by", "  exact h1")]
    with pytest.raises(InputError):
        parse_lean_export("theorem a (P : Prop) (h1 : P) : P := by\nend X\n")


def test_statement_from_sequent_when_the_record_has_none():
    # Uses the core's Theorem.from_sequent: premises become h1…hn, atoms are the sorted ones.
    items = parse_lean_export(export_lean([{"name": "mp", "sequent": "P → Q, P ⊢ Q", "proof": "  exact h1 h2"}], "s"))
    assert items[0].statement == "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by"
