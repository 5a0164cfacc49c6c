"""Run mode through textual's pilot on small fixture run directories written to the contract in
docs/run-dirs.md: eval (targets, attempts with rejected lines and redraws, pass@k bars) and ttrl
(history across rounds, variants, curves), plus following a run that is still being written."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("textual", reason="the tui extra (textual) is not installed")

from gentzen.tui.app import GentzenApp  # noqa: E402
from gentzen.tui.run import RunScreen  # noqa: E402
from gentzen.tui.rundir import load_run  # noqa: E402


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def attempt(ok, events, tokens=10):
    return {"ok": ok, "proof": "\n".join(e["line"] for e in events if e["ok"]), "lines": sum(e["ok"] for e in events),
            "error": None if ok else {"line": 2, "column": 2, "kind": "type_mismatch", "message": "Type mismatch"},
            "tokens": tokens, "model_calls": len(events), "kernel_checks": len(events),
            "redraws": sum(e["redraw"] for e in events), "sample_seconds": 0.1, "check_seconds": 0.01,
            "events": events}


def ev(line, ok, kind=None, redraw=False):
    return {"line": line, "ok": ok, "kind": kind, "redraw": redraw}


def write_jsonl(path, rows, tail=""):
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows) + tail)


@pytest.fixture
def eval_dir(tmp_path):
    d = tmp_path / "eval1"
    d.mkdir()
    (d / "config.json").write_text(json.dumps({"kind": "eval", "model": "m", "set": "textbook",
                                               "methods": ["guided", "plain"], "samples": 2, "ks": [1, 2]}))
    a1 = attempt(True, [ev("  exact h2", False, "type_mismatch"), ev("  exact h1 h2", True, redraw=True)])
    a2 = attempt(False, [ev("  exact h2", False, "type_mismatch")])
    rows = [{"method": "guided", "seed": 0, "name": "mp", "theorem": "theorem mp (P Q : Prop) (h1 : P → Q) "
             "(h2 : P) : Q := by", "lines": 1, "n": 2, "c": 1, "attempts": [a1, a2], "compute": {}},
            {"method": "plain", "seed": 0, "name": "mp", "theorem": "theorem mp …", "lines": 1, "n": 2, "c": 0,
             "attempts": [a2, a2], "compute": {}}]
    write_jsonl(d / "theorems.jsonl", rows, tail='{"method": "guided", "na')  # a half-written line
    return d


def test_eval_run_navigation(eval_dir):
    async def go():
        app = GentzenApp(str(eval_dir), poll_seconds=0.1)
        async with app.run_test(size=(160, 45)) as pilot:
            await pilot.pause()
            scr = app.screen
            assert isinstance(scr, RunScreen) and scr.run.kind == "eval"
            assert [t.name for t in scr.run.targets] == ["mp"]
            assert "guided/s0: 1/2" in scr.run.targets[0].detail and "plain/s0: 0/2" in scr.run.targets[0].detail
            att = scr.query_one("#attempts")
            assert att.row_count == 4
            view = scr.query_one("#attempt").render()
            # rejected line in red with its kind, then the redraw that was accepted
            assert "✗   exact h2   type_mismatch" in view.plain and "↻ ✓   exact h1 h2" in view.plain
            rejected = view.plain.index("  exact h2")
            assert any("red" in str(s.style) and s.start <= rejected < s.end for s in view.spans)
            await pilot.press("a", "down")
            await pilot.pause()
            assert "failed" in str(scr.query_one("#attempt").render())
            await pilot.press("c")
            await pilot.pause()
            curves = str(scr.query_one("#curves").render())
            assert "guided pass@1" in curves and "0.500" in curves and "plain pass@2" in curves and "0.000" in curves
    run(go())


@pytest.fixture
def ttrl_dir(tmp_path):
    d = tmp_path / "ttrl1"
    d.mkdir()
    (d / "config.json").write_text(json.dumps({"kind": "ttrl", "arm": "variants", "rounds": 3}))
    write_jsonl(d / "rounds.jsonl", [
        {"round": 1, "solved": [], "solved_by_composition": [], "rates": {"hard": 0.0, "v1": 0.25}, "loss": 0.9,
         "samples": {"targets": 8, "variants": 16}},
        {"round": 2, "solved": [], "solved_by_composition": ["hard"], "rates": {"hard": 0.125, "v1": 0.5},
         "loss": 0.7, "samples": {"targets": 16, "variants": 32}},
    ])
    write_jsonl(d / "targets.jsonl", [
        {"name": "hard", "theorem": "theorem hard …", "solved": True, "round": 2, "by": "composition",
         "samples": 16, "proof": "  exact x"},
        {"name": "harder", "theorem": "theorem harder …", "solved": False, "round": None, "by": None,
         "samples": 16, "proof": None},
    ])
    write_jsonl(d / "variants.jsonl", [
        {"name": "v1", "target": "hard", "kind": "weaken", "theorem": "…", "rate": 0.5, "status": "solved"},
        {"name": "v2", "target": "harder", "kind": "split", "theorem": "…", "rate": 0.0, "status": "open"},
    ])
    return d


def test_ttrl_run_history_variants_curves_and_follow(ttrl_dir):
    async def go():
        app = GentzenApp(str(ttrl_dir), poll_seconds=0.1)
        async with app.run_test(size=(160, 45)) as pilot:
            await pilot.pause()
            scr = app.screen
            assert scr.run.kind == "ttrl"
            hard = scr.run.targets[0]
            assert hard.rates == [0.0, 0.125] and hard.solved_round == 2 and hard.by == "composition"
            assert "solved in round 2 by composition" in str(scr.query_one("#history").render())
            assert "2 rounds" in str(scr.query_one("StatusBar").render())
            await pilot.press("v")
            await pilot.pause()
            vt = scr.query_one("#variants")
            assert vt.row_count == 2 and "0.50" in str(vt.get_cell_at((0, 3)))
            await pilot.press("c")
            await pilot.pause()
            assert "solved targets per round" in str(scr.query_one("#curves").render())
            # the run goes on: a third round is appended and the screen follows it
            with open(ttrl_dir / "rounds.jsonl", "a") as f:
                f.write(json.dumps({"round": 3, "solved": ["harder"], "solved_by_composition": ["hard"],
                                    "rates": {"hard": 0.5, "harder": 0.25}}) + "\n")
            for _ in range(400):
                await pilot.pause(0.05)
                if len(scr.run.rounds) == 3:
                    break
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert len(scr.run.rounds) == 3 and scr.reloads >= 1
            assert "3 rounds" in str(scr.query_one("StatusBar").render())
            assert scr.run.curves["solved targets per round"] == [0.0, 1.0, 2.0]
    run(go())


def test_partial_and_missing_files_are_tolerated(tmp_path):
    d = tmp_path / "r"
    d.mkdir()
    (d / "rounds.jsonl").write_text('{"round": 1, "solved": ["a"]}\n{"round": 2, "sol')
    r = load_run(d)
    assert r.kind == "ttrl" and [t.name for t in r.targets] == ["a"] and r.targets[0].solved


def test_ttrl_targets_show_the_users_names_a_history_that_fits_and_walk_from_the_attempts(tmp_path):
    """targets.jsonl `label`s (the user's names, or the statement of an unnamed target) in the table,
    a history column not cut at 120 columns, left/right on the attempts table moving the target
    list, and a negative GEM loss charted from its floor and named as GEM's."""
    d = tmp_path / "ttrl2"
    d.mkdir()
    (d / "config.json").write_text(json.dumps({"kind": "ttrl", "arm": "ttrl", "options": {"loss": "gem"}}))
    rates = {"t0000": 0.5, "and_swap": 0.0, "syllogism": 0.0}
    write_jsonl(d / "rounds.jsonl", [
        {"round": r, "solved": ["t0000"], "solved_by_composition": [], "rates": rates, "loss": loss,
         "samples": {"targets": 4 * r, "variants": 0}} for r, loss in ((1, -0.2), (2, -0.05), (3, -0.4))])
    a_ok = attempt(True, [ev("  exact mt h1 h2", True)])
    a_bad = attempt(False, [ev("  exact h1", False, "type_mismatch")])
    write_jsonl(d / "targets.jsonl", [
        {"name": "t0000", "label": "P → Q, ¬Q ⊢ ¬P", "theorem": "theorem t0000 …", "solved": True, "round": 1,
         "by": "sampling", "attempts": [a_ok, a_bad]},
        {"name": "and_swap", "label": "and swap", "theorem": "theorem and_swap …", "solved": False,
         "attempts": [a_bad]},
        {"name": "syllogism", "label": "syllogism", "theorem": "theorem syllogism …", "solved": False,
         "attempts": [a_bad, a_bad, a_bad]},
        {"name": "t0003", "label": "Q ⊢ Q", "theorem": "theorem t0003 …", "solved": False, "attempts": []}])

    async def go():
        app = GentzenApp(str(d), poll_seconds=5)
        async with app.run_test(size=(120, 36)) as pilot:
            await pilot.pause()
            scr = app.screen
            tt = scr.query_one("#targets")
            rows = [[str(c) for c in tt.get_row_at(i)] for i in range(tt.row_count)]
            assert [r[1] for r in rows] == ["P → Q, ¬Q ⊢ ¬P", "and swap", "syllogism", "Q ⊢ Q"]
            assert rows[0][2] == "r1 sampling ▅▅▅" and rows[1][2] == "unsolved ▁▁▁"
            widths = sum(c.get_render_width(tt) for c in tt.columns.values())
            assert widths <= tt.size.width, "the targets table is cut"
            assert "P → Q, ¬Q ⊢ ¬P  (t0000)" in str(scr.query_one("#history").render())
            await pilot.press("a")  # focus the attempts, then walk the targets from there
            await pilot.pause()
            at = scr.query_one("#attempts")
            assert at.has_focus and at.row_count == 2
            await pilot.press("right")
            await pilot.pause()
            assert tt.cursor_row == 1 and at.has_focus and at.row_count == 1
            await pilot.press("right", "right", "right")  # stops at the last target (it has no attempts)
            await pilot.pause()
            assert tt.cursor_row == 3 and at.row_count == 0 and at.has_focus
            await pilot.press("up")  # no attempts to move among: up/down walk the targets
            await pilot.pause()
            assert tt.cursor_row == 2 and at.row_count == 3
            await pilot.press("left")
            await pilot.pause()
            assert tt.cursor_row == 1
            await pilot.press("right")
            await pilot.pause()
            assert tt.cursor_row == 2 and at.row_count == 3
            await pilot.press("down")  # up/down move among the attempts when there are some
            await pilot.pause()
            assert tt.cursor_row == 2 and at.cursor_row == 1
            curves = str(scr.query_one("#curves").render())
            assert "training gem-loss (GEM: not a cross-entropy, may be negative)" in curves
            assert "min -0.4, max -0.05, last -0.4" in curves
    run(go())


def test_negative_series_are_not_drawn_as_full_bars():
    from gentzen.tui.widgets import line_chart

    rows = line_chart({"loss": [-0.2, -0.05, -0.4]}, height=4).plain.splitlines()[1:5]
    columns = ["".join(r[3 + x] for r in rows) for x in range(3)]
    # the chart's top is 0: no point of an all-negative series is a full bar; the least negative is
    # the tallest, the most negative the floor mark
    assert "████" not in columns and columns[2] == "   ▁"
    assert columns[1].count("█") > columns[0].count("█") > 0
