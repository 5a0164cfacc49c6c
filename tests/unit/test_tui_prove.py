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


def test_suggestions_after_intro_of_a_user_named_hypothesis():
    """After `intro hr`, the model is asked in its own names (premise h1, atoms P Q, the introduced
    hypothesis n1, as its training proofs name them) and its lines come back in the user's: accepted."""
    eng = FakeEngine(lambda p, i: "exact h1 n1\n" if "n1 : P" in p and "hr" not in p else "exact h1 h2\n")

    async def go():
        app = GentzenApp("example (rain wet : Prop) (h : rain → wet) : rain → wet := by", engine=eng, fmt="state")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await type_line(pilot, "intro hr")
            await pilot.press("question_mark")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert [(s.line, s.ok) for s in scr.suggestions] == [("exact h hr", True)]
            prompt = eng.calls[-1].prompts[0]
            assert "n1 : P" in prompt and "h1 : P → Q" in prompt and "rain" not in prompt
            await pilot.press("tab")
            await pilot.pause()
            assert text_of(scr, "#infoview") == "no goals"
    run(go())


def test_a_statement_past_the_context_is_not_sampled():
    pytest.importorskip("transformers", reason="the shipped model's tokenizer needs the train extra")
    eng = FakeEngine(lambda p, i: "exact h1\n")

    async def go():
        app = GentzenApp("P ⊢ " + " ∧ ".join(["P"] * 600), engine=eng, fmt="state")
        async with app.run_test(size=(200, 40)) as pilot:
            scr = app.screen
            await pilot.press("question_mark")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert scr.suggestions == [] and eng.calls == []  # refused before any sampling
            assert "no suggestions: this statement: its prompt is" in text_of(scr, "StatusBar")
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
            assert "search: 1 line entered (1 attempt, " in text_of(scr, "StatusBar")
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


def test_ctrl_s_never_overwrites_an_earlier_sessions_file(tmp_path):
    """Two sessions on different sequents both default to the name `goal`: the second is saved as
    goal_2.lean (theorem renamed), goal.lean is left as it was, and saving again writes nothing new."""
    async def prove_and_save(sequent: str, line: str) -> str:
        app = GentzenApp(sequent, engine=FakeEngine(["x\n"]), fmt="whole", out_dir=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await type_line(pilot, line)
            await pilot.press("ctrl+s")
            await pilot.pause()
            await pilot.press("ctrl+s")  # the same proof again: no third file
            await pilot.pause()
            return text_of(app.screen, "StatusBar")

    first = run(prove_and_save("P ⊢ P", "exact h1"))
    assert f"saved goal.lean in {tmp_path}" in first
    before = (tmp_path / "goal.lean").read_text()
    second = run(prove_and_save(MP, "exact h1 h2"))
    assert f"saved goal_2.lean (goal.lean holds another proof: kept as it was) in {tmp_path}" in second
    assert (tmp_path / "goal.lean").read_text() == before == "theorem goal (P : Prop) (h1 : P) : P := by\n  exact h1\n"
    assert (tmp_path / "goal_2.lean").read_text() == \
        "theorem goal_2 (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact h1 h2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["goal.lean", "goal_2.lean"]
    assert check_proof(*(tmp_path / "goal_2.lean").read_text().split("\n", 1)).ok


def test_an_invalid_statement_is_noted_when_it_opens():
    async def go():
        app = GentzenApp("P ⊢ Q", engine=FakeEngine(["x\n"]), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "not valid: countermodel P=T, Q=F" in text_of(app.screen, "#verdict")
        app = GentzenApp(MP, engine=FakeEngine(["x\n"]), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert "not valid" not in text_of(app.screen, "#verdict")
    run(go())


def test_verdict_and_status_describe_the_undo_not_the_undone_line():
    async def go():
        app = GentzenApp("P ⊢ P", engine=FakeEngine(["x\n"]), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            await type_line(pilot, "exact h1")
            assert "line 2: ✓ accepted" in text_of(scr, "#verdict")
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert text_of(scr, "#verdict") == "undid line 2: exact h1"
            assert "undid line 2: exact h1" in text_of(scr, "StatusBar")
            await type_line(pilot, "exact h1")  # a new line: the undo note is gone from the status line
            assert "undid" not in text_of(scr, "StatusBar")
    run(go())


def test_best_first_search_runs_until_its_budget_not_one_dry_run():
    """A model whose every line is rejected empties one best-first run at once; ctrl+b goes on with
    fresh runs up to the budget (32 runs, 4,000 tokens) and reports the total in the right number."""
    pytest.importorskip("gentzen.search.methods", reason="the search-method registry is not in this tree")
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.tui.session import ProofSession, search

    swap = "P ∧ Q ⊢ Q ∧ P"
    eng = FakeEngine(lambda p, i: "exact nonsense\n")
    lines, totals = search(ProofSession(parse_theorem(swap)), eng, "whole", method="bestfirst", samples=8)
    assert lines is None and totals["attempts"] == 32 and totals["tokens"] <= 4000
    eng = FakeEngine(lambda p, i: "exact " + "x" * 200 + "\n")  # long lines: the token budget ends it first
    lines, totals = search(ProofSession(parse_theorem(swap)), eng, "whole", method="bestfirst", samples=8)
    assert lines is None and 1 < totals["attempts"] < 32 and 3000 < totals["tokens"] <= 4000 + 8 * 97

    async def go():
        app = GentzenApp("P ∧ Q ⊢ Q ∧ P", engine=FakeEngine(lambda p, i: "exact nonsense\n"), fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.press("ctrl+b")
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert "search found no proof (32 attempts, " in text_of(app.screen, "StatusBar")
    run(go())


def test_header_and_goals_of_a_shadowing_statement_are_leans(tmp_path):
    # issue 19: a file's theorem that re-binds the section's variables shows its own binders in the header
    # (not `(p q p q : Prop)`), and the goal prints the shadowed atom as Lean does
    f = tmp_path / "sec.lean"
    f.write_text("section\nvariable (p q r : Prop)\ntheorem wrong (p q : Prop) (hpq : p → q) (hp : p) : q := by\n"
                 "  exact hpq hp\nend\n", encoding="utf-8")
    from gentzen.core.reader.lean_file import lean_items
    from gentzen.core.proof.theorem import parse_theorem

    (item,) = lean_items(f.read_text(encoding="utf-8"))

    async def go():
        app = GentzenApp("theorem s3 (p : Prop) (hp : p) (p : Prop) : p := by", engine=FakeEngine(["x\n"]),
                         fmt="whole")
        async with app.run_test(size=(120, 40)) as pilot:
            scr = app.screen
            assert text_of(scr, "#statement") == "theorem s3 (p : Prop) (hp : p) (p : Prop) : p := by"
            assert text_of(scr, "#infoview") == "p✝ : Prop\nhp : p✝\np : Prop\n⊢ p"
            await type_line(pilot, "exact hp")
            assert "Type mismatch" in str(scr.query_one("#verdict").render())
            app.open_prove(parse_theorem(item.theorem))  # what the file browser opens (tui/file.py)
            await pilot.pause()
            assert text_of(app.screen, "#statement") == \
                "theorem wrong (p q : Prop) (hpq : p → q) (hp : p) : q := by"
    run(go())
