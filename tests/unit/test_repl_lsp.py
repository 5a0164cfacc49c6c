"""LSP-style queries: diagnostics from the kernel and from a REPL backend agree; goals_at replays."""

from __future__ import annotations

import pytest

from gentzen.repl.lsp import diagnostics, goals_at
from gentzen.repl.verify import ReplVerifier

TEXT = """theorem mtollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by
  intro n1
  have n2 : Q := h1 n2
  exact h2 n2"""


@pytest.fixture(scope="module")
def repl():
    with ReplVerifier(jobs=1, timeout=20) as v:
        yield v


def test_diagnostics_kernel_and_repl_agree(repl):
    k = diagnostics(TEXT)
    r = diagnostics(TEXT, repl)
    assert [(d.severity, d.line, d.column, d.message) for d in k] == \
           [(d.severity, d.line, d.column, d.message) for d in r] == [("error", 3, 20, "Unknown identifier `n2`")]
    lsp = k[0].to_lsp()
    assert lsp["range"]["start"] == {"line": 2, "character": 20} and lsp["severity"] == 1
    fixed = TEXT.replace("h1 n2", "h1 n1")
    assert diagnostics(fixed) == [] and diagnostics(fixed, repl) == []


def test_diagnostics_report_warnings_and_screens(repl):
    unused = "theorem u (P Q : Prop) (h1 : P) : P := by\n  exact h1"
    ws = diagnostics(unused, repl)
    assert [d.severity for d in ws] == ["warning"] and "`Q`" in ws[0].message  # the unused-variable linter
    bad = diagnostics(TEXT.replace("h1 n2", "sorry"), "repl", jobs=1, repl_cmd="gentzen repl")  # a backend by name
    assert bad[0].severity == "error" and bad[0].line == 3 and "sorry" in bad[0].message


def test_diagnostics_multiline_statement_keeps_caller_lines(repl):
    text = TEXT.replace(" (h2", "\n    (h2")
    assert [(d.line, d.column) for d in diagnostics(text, repl)] == [(4, 20)]
    assert [(d.line, d.column) for d in diagnostics(text)] == [(4, 20)]


def test_goals_at_each_line():
    assert goals_at(TEXT, 1).goals == ["P Q : Prop\nh1 : P → Q\nh2 : ¬Q\n⊢ ¬P"]
    after = goals_at(TEXT, 2)
    assert after.goals == ["P Q : Prop\nh1 : P → Q\nh2 : ¬Q\nn1 : P\n⊢ False"] and after.error is None
    broken = goals_at(TEXT, 4)
    assert broken.error is not None and broken.error.line == 3 and broken.goals == after.goals
    done = goals_at(TEXT.replace("h1 n2", "h1 n1"), 4)
    assert done.goals == [] and done.rendered == "no goals"


def test_goals_at_box_closes_into_parent():
    text = ("theorem b (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n"
            "  have n1 : Q := by\n    exact h1 h2\n  exact n1")
    assert goals_at(text, 2).goals[0].endswith("⊢ Q") and len(goals_at(text, 2).goals) == 2
    assert goals_at(text, 3).goals == ["P Q : Prop\nh1 : P → Q\nh2 : P\nn1 : Q\n⊢ Q"]
