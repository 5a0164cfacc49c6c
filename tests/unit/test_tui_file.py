"""File mode through textual's pilot: verdicts per theorem, goals before/after the cursor line,
the error list, and jumping to the bad proof's error."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("textual", reason="the tui extra (textual) is not installed")

from gentzen.tui.app import GentzenApp  # noqa: E402
from gentzen.tui.file import FileScreen  # noqa: E402
from gentzen.tui.prove import ProveScreen  # noqa: E402

LEAN = """\
theorem good (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by
  exact h1 h2

theorem bad (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by
  constructor
  · exact h1.1
  · exact h1.1
"""


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def goals(scr) -> str:
    return str(scr.query_one("#goals").render())


def test_file_mode_verdicts_goals_and_jump(tmp_path):
    f = tmp_path / "two.lean"
    f.write_text(LEAN)

    async def go():
        app = GentzenApp(str(f))
        async with app.run_test(size=(140, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            scr = app.screen
            assert isinstance(scr, FileScreen)
            assert [it.name for it in scr.items] == ["good", "bad"]
            assert list(scr.errors) == [1]
            e = scr.errors[1]
            assert (e.line, e.column, e.kind) == (6, 10, "type_mismatch")
            th = scr.query_one("#theorems")
            assert [str(th.get_cell_at((r, 0))) for r in range(2)] == ["✓", "✗"]
            assert goals(scr).startswith("good, line 1\ninitial goals:\nP Q : Prop")
            # the error list: select its only entry and land on line 6
            errors = scr.query_one("#errors")
            assert errors.option_count == 1 and "type_mismatch" in str(errors.get_option_at_index(0).prompt)
            errors.focus()
            errors.highlighted = 0
            await pilot.press("enter")
            await pilot.pause()
            assert scr.query_one("#lines").cursor_row == 5
            g = goals(scr)
            assert "bad, line 6" in g and "before:\ncase left" in g and "error at line 6:10: Type mismatch" in g
            # one line up: before `constructor` the goal is Q ∧ P, after it the two cases
            await pilot.press("up")
            await pilot.pause()
            g = goals(scr)
            assert "before:\nP Q : Prop\nh1 : P ∧ Q\n⊢ Q ∧ P" in g and "after:\ncase left" in g
            await pilot.press("n")  # next error from line 5 is line 6
            await pilot.pause()
            assert scr.query_one("#lines").cursor_row == 5
            # the error cell highlights the span of `h1.1` (columns 10..14)
            cell = scr.query_one("#lines").get_cell_at((5, 2))
            assert [(s.start, s.end) for s in cell.spans] == [(10, 14)]
            await pilot.press("o")
            await pilot.pause()
            assert isinstance(app.screen, ProveScreen)
            assert app.screen.session.theorem.name == "bad"
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, FileScreen)
    run(go())
