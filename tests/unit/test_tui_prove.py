"""Prove mode through textual's pilot: verdicts, error spans, live checks, undo/redo, suggestions
from a scripted FakeEngine, search with cancel, saving the proof, and the help screen."""

from __future__ import annotations

import asyncio
import threading

import pytest

pytest.importorskip("textual", reason="the tui extra (textual) is not installed")

from gentzen.core.kernel import check_proof  # noqa: E402
from gentzen.engines.fake import FakeEngine  # noqa: E402
from gentzen.tui.app import GentzenApp  # noqa: E402
from gentzen.tui.prove import ProveScreen  # noqa: E402
from gentzen.tui.widgets import HelpScreen  # noqa: E402

MP = "P → Q, P ⊢ Q"


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def type_line(pilot, text: str) -> None:
    await pilot.press(*text)
    await pilot.press("enter")
    await pilot.pause()


def test_valid_and_invalid_steps_show_verdicts_and_state():
    async def go():
        app = GentzenApp(MP, engine=FakeEngine(["x\n"]), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            assert isinstance(scr, ProveScreen)
            assert text_of(scr, "#infoview") == "P Q : Prop\nh1 : P → Q\nh2 : P\n⊢ Q"
            await type_line(pilot, "exact h1 h3")
            verdict = scr.query_one("#verdict").render()
            assert "unknown_identifier" in str(verdict) and "Unknown identifier `h3`" in str(verdict)
            # the span of `h3` (columns 11..13 of the indented line) is highlighted
            line = verdict.plain.split("\n")[1]
            assert line == "  exact h1 h3"
            spans = [s for s in verdict.spans if "red" in str(s.style) and s.start > verdict.plain.index("\n")]
            off = verdict.plain.index("\n") + 1
            assert [(s.start - off, s.end - off) for s in spans] == [(11, 13)]
            assert text_of(scr, "#infoview").endswith("⊢ Q")  # state unchanged
            assert scr.query_one("#step").value == "exact h1 h3"  # kept for editing
            scr.query_one("#step").value = ""
            await type_line(pilot, "exact h1 h2")
            assert text_of(scr, "#infoview") == "no goals"
            assert "✓   exact h1 h2" in text_of(scr, "#proof")
            assert "proof complete" in text_of(scr, "#proof")
    run(go())


def test_live_parse_check_while_typing():
    async def go():
        app = GentzenApp(MP, engine=FakeEngine(["x\n"]), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await pilot.press(*"exact (h1")
            await pilot.pause()
            assert "expected ')'" in text_of(scr, "#live")
            await pilot.press(*" h2)")
            await pilot.pause()
            assert text_of(scr, "#live") == "parses"
            scr.query_one("#step").value = "sorry"
            await pilot.pause()
            assert "forbidden" in text_of(scr, "#live")
    run(go())


def test_undo_redo():
    async def go():
        app = GentzenApp("P ∧ Q ⊢ Q ∧ P", engine=FakeEngine(["x\n"]), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            start = text_of(scr, "#infoview")
            await type_line(pilot, "constructor")
            after = text_of(scr, "#infoview")
            assert after.startswith("case left")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert text_of(scr, "#infoview") == start
            await pilot.press("ctrl+y")
            await pilot.pause()
            assert text_of(scr, "#infoview") == after
    run(go())


def test_suggestions_are_checked_ranked_and_accepted():
    lines = ["exact h2\n", "exact h1 h2\n", "exact h1 h2\n", "intro x\n"]
    eng = FakeEngine(lambda p, i: lines[i % len(lines)])

    async def go():
        app = GentzenApp(MP, engine=eng, fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await pilot.press("question_mark")
            await app.workers.wait_for_complete()
            await pilot.pause()
            got = [(s.line, s.ok, s.count) for s in scr.suggestions]
            assert got[0] == ("exact h1 h2", True, 2 * (16 // 4))  # the only accepted line comes first
            assert {s.line for s in scr.suggestions if not s.ok} == {"exact h2", "intro x"}
            assert all(s.logprob < 0 for s in scr.suggestions)
            assert eng.calls and eng.calls[0].prompts[0].startswith("theorem t (P Q : Prop)")
            assert scr.query_one("#step").value == ""  # the `?` was not typed into the line
            await pilot.press("tab")
            await pilot.pause()
            assert text_of(scr, "#infoview") == "no goals"
    run(go())


def test_suggestion_worker_does_not_block_the_ui():
    gate = threading.Event()

    def slow(prompt, i):
        gate.wait(20)
        return "exact h1 h2\n"

    async def go():
        app = GentzenApp(MP, engine=FakeEngine(slow), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await pilot.press("f2")
            await pilot.press(*"exact h1 h2", "enter")  # the UI keeps taking keys while the model "thinks"
            await pilot.pause()
            assert text_of(scr, "#infoview") == "no goals"
            gate.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert scr.suggestions == []  # the answer was for a state that is gone: dropped
    run(go())


def test_search_from_current_state_and_save(tmp_path):
    # the search sees the current goal as a theorem of its own: after `constructor`, `Q` from h1
    eng = FakeEngine(lambda p, i: "exact h1.2\n" if "⊢" not in p and ": Q :=" in p else "exact h1.1\n")

    async def go():
        app = GentzenApp("P ∧ Q ⊢ Q ∧ P", engine=eng, fmt="whole", out_dir=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await type_line(pilot, "constructor")
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert not list(tmp_path.iterdir())  # unfinished: nothing written
            await pilot.press("ctrl+r")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert text_of(scr, "#infoview").startswith("case right")
            await pilot.press("ctrl+r")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert text_of(scr, "#infoview") == "no goals"
            await pilot.press("ctrl+s")
            await pilot.pause()
            f = tmp_path / "goal.lean"
            text = f.read_text()
            assert text.startswith("theorem goal (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by\n")
            assert check_proof("P ∧ Q ⊢ Q ∧ P", text.split("\n", 1)[1]).ok
    run(go())


def test_search_cancel_key():
    started, gate = threading.Event(), threading.Event()

    def slow(prompt, i):
        started.set()
        gate.wait(20)
        return "exact h2\n"  # wrong: the search would keep redrawing

    async def go():
        app = GentzenApp(MP, engine=FakeEngine(slow), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await pilot.press("ctrl+r")
            await pilot.pause()
            assert scr.query_one("#spinner").has_class("busy")
            await pilot.press("escape")
            await pilot.pause()
            assert not scr.query_one("#spinner").has_class("busy")
            gate.set()
            await app.workers.wait_for_complete()
            assert len(scr.app.model.get().calls) == 1  # cancelled at the next model call
            assert text_of(scr, "#infoview").endswith("⊢ Q")
    run(go())


def test_help_lists_every_binding():
    async def go():
        app = GentzenApp(MP, engine=FakeEngine(["x\n"]), fmt="whole")
        async with app.run_test(size=(120, 50)) as pilot:
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            help_text = text_of(app.screen, "#help-text")
            for b in ProveScreen.BINDINGS + GentzenApp.BINDINGS:
                assert b.key in help_text and b.description in help_text
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, ProveScreen)
    run(go())


def test_status_bar_names_backend_model_engine():
    async def go():
        app = GentzenApp(MP)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            bar = text_of(app.screen, "StatusBar")
            assert "backend: kernel" in bar and "model: default (not loaded)" in bar and "engine: torch" in bar
            assert not app.model.loaded  # nothing loaded at startup
    run(go())


def test_lean_verdicts_through_the_repl_bridge():
    # --backend repl --repl-cmd "gentzen repl": the REPL protocol answered by gentzen's own kernel-backed
    # server, a real subprocess on the same bridge Lean's REPL uses. Its verdicts are labelled
    # kernel-repl, never "lean".
    async def go():
        app = GentzenApp("P ∧ Q ⊢ Q ∧ P", backend="repl", repl_cmd="gentzen repl")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await type_line(pilot, "constructor")
            scr.query_one("#step").value = "· exact h1.2"
            await pilot.press("enter")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert [s.lean for s in scr.session.accepted] == ["ok", "ok"]
            proof = text_of(scr, "#proof")
            assert "✓ kernel-repl ✓   constructor" in proof and "✓ kernel-repl ✓   · exact h1.2" in proof
            assert "lean" not in proof.lower()
            assert "backend: repl (kernel-repl)" in text_of(scr, "StatusBar")
    run(go())


def test_a_lean_error_on_a_kernel_accepted_line_is_shown():
    from gentzen.repl.verify import Verdict, Verifier

    class Disagrees(Verifier):  # a Lean that rejects line 2 (a kernel/Lean disagreement)
        checker = "lean-repl"

        def verify_many(self, items):
            for _thm, _proof in items:
                msg = {"severity": "error", "pos": {"line": 2, "column": 2}, "endPos": {"line": 2, "column": 7},
                       "data": "made-up Lean error"}
                yield Verdict(ok=False, backend="fake", kind="lean_error", message="made-up Lean error", line=2,
                              column=2, messages=(msg,))

    async def go():
        app = GentzenApp(MP, backend="both", verifier_factory=lambda backend: Disagrees())
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await type_line(pilot, "exact h1 h2")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert scr.session.accepted[0].lean == "error: made-up Lean error"
            assert "✓ lean-repl ✗   exact h1 h2" in text_of(scr, "#proof")
    run(go())


def test_best_first_search_key_uses_the_method_registry():
    pytest.importorskip("gentzen.search.methods", reason="the search-method registry is not in this tree")
    eng = FakeEngine(lambda p, i: ["exact h1.1\n", "exact h1.2\n"][i % 2])

    async def go():
        app = GentzenApp("P ∧ Q ⊢ Q ∧ P", engine=eng, fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await type_line(pilot, "constructor")
            await pilot.press("ctrl+b")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert text_of(scr, "#infoview").startswith("case right")  # `case left` (⊢ Q) was closed
            assert [s.text for s in scr.session.accepted] == ["  constructor", "  exact h1.2"]
            assert "search: 1 lines entered" in text_of(scr, "StatusBar")
    run(go())


def test_clicking_a_suggestion_accepts_it():
    eng = FakeEngine(lambda p, i: ["exact h2\n", "exact h1 h2\n"][i % 2])

    async def go():
        app = GentzenApp(MP, engine=eng, fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await pilot.press("f2")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert [s.line for s in scr.suggestions] == ["exact h1 h2", "exact h2"]
            await pilot.click("#suggestions", offset=(4, 1))  # the first option's row, inside the border
            await pilot.pause()
            assert text_of(scr, "#infoview") == "no goals"
            assert eng.calls[0].seed == 0
    run(go())
