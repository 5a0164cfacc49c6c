"""Set mode through textual's pilot: solved means proved in this session (or by the run that wrote
the file), a reference proof is only `ref`; the filter syntax (split, length, solved, ref, words),
and opening a theorem in prove mode, proving it, and coming back to it marked solved."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("textual", reason="the tui extra (textual) is not installed")

from gentzen.tui.app import GentzenApp  # noqa: E402
from gentzen.tui.prove import ProveScreen  # noqa: E402
from gentzen.tui.set import SetScreen, matches, read_entries  # noqa: E402

RECORDS = [
    {"name": "mp", "sequent": "P → Q, P ⊢ Q", "proof": "  exact h1 h2", "split": "train"},
    {"name": "wrong", "sequent": "P ∧ Q ⊢ Q", "proof": "  exact h1.1", "split": "dev"},
    {"name": "open", "theorem": "theorem open_one (P : Prop) (h1 : P) : P ∨ P := by", "split": "dev"},
    {"name": "long", "sequent": "P ∧ Q ⊢ Q ∧ P", "proof": "  constructor\n  · exact h1.2\n  · exact h1.1",
     "split": "heldout", "note": "swap"},
    {"name": "won", "theorem": "P ⊢ P", "solved": True, "split": "dev"},  # a run's targets.jsonl row
]


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


@pytest.fixture
def setfile(tmp_path):
    f = tmp_path / "s.jsonl"
    f.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in RECORDS) + "\n{\"half\": ")
    return f


def test_filter_syntax(setfile):
    es = read_entries_checked(setfile)
    names = lambda q: [e.name for e in es if matches(e, q)]  # noqa: E731
    assert names("") == ["mp", "wrong", "open", "long", "won"]
    assert names("split:dev") == ["wrong", "open", "won"]
    assert names("len:3") == ["long"] and names("len:<=1") == ["mp", "wrong"]
    assert names("len:1-3") == ["mp", "wrong", "long"]
    # a reference proof that checks is `ref`, not solved: only the run's own solved record is
    assert names("ref") == ["mp", "long"]
    assert names("solved") == ["won"] and names("unsolved") == ["mp", "wrong", "open", "long"]
    assert names("swap") == ["long"] and names("split:dev unsolved open") == ["open"]


def read_entries_checked(path):
    from gentzen.core.kernel import check_proof

    es = read_entries(path)
    for e in es:
        e.reference = bool(e.proof) and check_proof(e.statement, e.proof).ok if e.proof else None
    return es


def test_set_mode_filters_and_opens_prove(setfile):
    async def go():
        app = GentzenApp(str(setfile))
        async with app.run_test(size=(140, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            scr = app.screen
            assert isinstance(scr, SetScreen)
            assert [e.solved for e in scr.entries] == [False, False, False, False, True]
            assert [e.reference for e in scr.entries] == [True, False, None, True, None]
            table = scr.query_one("#table")
            assert table.row_count == 5
            await pilot.press("slash")
            await pilot.press(*"split:dev unsolved")
            await pilot.press("enter")
            await pilot.pause()
            assert [e.name for e in scr.shown] == ["wrong", "open"] and table.row_count == 2
            assert table.has_focus
            await pilot.press("down", "enter")
            await pilot.pause()
            assert isinstance(app.screen, ProveScreen)
            assert app.screen.session.theorem.statement() == "theorem open_one (P : Prop) (h1 : P) : P ∨ P := by"
            await pilot.press("escape")  # back without proving it: still unsolved
            await pilot.pause()
            assert app.screen is scr and [e.name for e in scr.shown] == ["wrong", "open"]
            await pilot.press("enter")  # open it again (the cursor stayed on it) and prove it this time
            await pilot.pause()
            await pilot.press(*"exact Or.inl h1", "enter")
            await pilot.pause()
            assert app.screen.session.solved
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is scr
            assert [e.name for e in scr.shown] == ["wrong"]  # the filter `unsolved` now leaves it out
            assert "2 solved" in str(scr.query_one("StatusBar").render())  # open_one now, and won (the run)
    run(go())


def test_no_argument_opens_the_shipped_textbook_set():
    async def go():
        app = GentzenApp(None)
        async with app.run_test(size=(140, 40)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, SetScreen)
            entries = app.screen.entries  # reference proofs all check, and none counts as solved yet
            assert len(entries) == 108 and all(e.reference for e in entries) and not any(e.solved for e in entries)
    run(go())
