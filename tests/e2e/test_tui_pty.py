"""End-to-end `gentzen tui`: the real command in a pseudo-terminal (pexpect), the screen read
through a terminal emulator (pyte); plus its one-line errors. Every wait is bounded, with
generous limits for a loaded machine."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from test_cli_core import assert_no_traceback, gentzen

pexpect = pytest.importorskip("pexpect", reason="pexpect is not installed (the dev extra)")
pyte = pytest.importorskip("pyte", reason="pyte is not installed (the dev extra)")
pytest.importorskip("textual", reason="the tui extra (textual) is not installed")

ROOT = Path(__file__).resolve().parents[2]
COLS, ROWS = 120, 36


class Terminal:
    """A child process on a pty, and what a terminal would show of its output."""

    def __init__(self, *args: str, cwd: Path | None = None) -> None:
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS),
                   PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1")
        self.child = pexpect.spawn(sys.executable, ["-m", "gentzen.cli.main", "tui", *args], env=env,
                                   dimensions=(ROWS, COLS), cwd=str(cwd or ROOT))

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def wait_for(self, needle: str, timeout: float = 90) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.2))
            except pexpect.TIMEOUT:
                pass
            except pexpect.EOF:
                break
            if needle in self.text():
                return self.text()
        raise AssertionError(f"{needle!r} never appeared; the screen:\n{self.text()}")

    def type(self, keys: str) -> None:
        self.child.send(keys)

    def quit(self, timeout: float = 60) -> int:
        self.child.send("\x11")  # ctrl+q, the quit key
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.child.close()
        return self.child.exitstatus

    def kill(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def test_prove_mode_in_a_real_terminal(tmp_path):
    term = Terminal("P → Q, P ⊢ Q", "--out", str(tmp_path))
    try:
        screen = term.wait_for("⊢ Q")
        assert "theorem goal (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by" in screen
        term.wait_for("backend: kernel")  # the status bar (it may be drawn a frame after the goals)
        term.wait_for("next proof line")  # the input line is there (and focused on mount)
        term.type("exact h1 h3")
        term.wait_for("parses")  # keys reach the input: the live parse check answers
        term.type("\r")
        screen = term.wait_for("Unknown identifier `h3`")
        assert "unknown_identifier" in screen
        term.type("\x15")  # ctrl+u clears the kept line (sent alone: a key, not part of a burst of text)
        term.wait_for("next proof line")  # the input's placeholder is back
        term.type("exact h1 h2")
        term.wait_for("parses")  # the live check as it is typed
        term.type("\r")
        screen = term.wait_for("no goals")
        assert "✓   exact h1 h2" in screen
        term.type("\x13")  # ctrl+s writes the finished proof
        term.wait_for("saved")
        assert term.quit() == 0
    finally:
        term.kill()
    assert (tmp_path / "goal.lean").read_text() == \
        "theorem goal (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact h1 h2\n"


def test_save_in_a_real_terminal_never_overwrites(tmp_path):
    """An earlier session's goal.lean stays as it was: ctrl+s writes goal_2.lean and says so."""
    earlier = "theorem goal (P : Prop) (h1 : P) : P := by\n  exact h1\n"
    (tmp_path / "goal.lean").write_text(earlier)
    term = Terminal("P → Q, P ⊢ Q", "--out", str(tmp_path))
    try:
        term.wait_for("next proof line")
        term.type("exact h1 h2")
        term.wait_for("parses")
        term.type("\r")
        term.wait_for("no goals")
        term.type("\x13")  # ctrl+s
        term.wait_for("goal.lean holds another")
        assert term.quit() == 0
    finally:
        term.kill()
    assert (tmp_path / "goal.lean").read_text() == earlier
    assert (tmp_path / "goal_2.lean").read_text() == \
        "theorem goal_2 (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact h1 h2\n"


def test_invalid_sequent_is_noted_in_a_real_terminal():
    term = Terminal("P ⊢ Q")
    try:
        screen = term.wait_for("not valid: countermodel P=T, Q=F")
        assert "no proof exists" in screen
        assert term.quit() == 0
    finally:
        term.kill()


def test_file_mode_in_a_real_terminal(tmp_path):
    f = tmp_path / "one.lean"
    f.write_text("theorem bad (P Q : Prop) (h1 : P ∧ Q) : P := by\n  exact h1.2\n")
    term = Terminal(str(f))
    try:
        term.wait_for("0 accepted")
        term.type("n")  # jump to the error: the goals before the bad line show
        screen = term.wait_for("error at line 2:8")
        assert "Type mismatch" in screen
        assert term.quit() == 0
    finally:
        term.kill()


@pytest.mark.parametrize("args, says", [
    (["P ⊢"], "cannot parse the theorem"),
    (["/nonexistent/x.lean"], "no such file"),
    (["P ⊢ P", "--backend", "magic"], "unknown backend"),
    (["P ⊢ P", "--model", "/nonexistent"], "no model at"),
    (["P ⊢ P", "--out", "/nonexistent"], "is not a directory"),
    (["P ⊢ P"], "needs an interactive terminal"),  # valid input, but no tty (captured pipes)
    ([str(ROOT / "README.md")], "is a file, not a statement; gentzen tui takes a sequent"),  # not an atom
])
def test_bad_input_is_one_line_exit_2(args, says):
    r = gentzen("tui", *args)
    assert r.returncode == 2 and says in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert_no_traceback(r)


def test_missing_tui_extra_names_it():
    code = ("import sys; sys.modules['textual'] = None\n"
            "from gentzen.cli.main import main\n"
            "sys.exit(main(['tui', 'P ⊢ P']))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, PYTHONPATH=str(ROOT / "py")))
    assert r.returncode == 2
    assert r.stderr.strip() == "error: `textual` is not installed: pip install 'gentzen[tui]'"


@pytest.mark.parametrize("name, data, says", [
    ("empty.lean", b"", "no `theorem` or `example`"),
    ("bin.lean", b"theorem\x00", "binary file"),
    ("bad.lean", b"\xff\xfe", "not valid UTF-8"),
    ("garbage.jsonl", b"{nope\n", "invalid JSON"),
    ("other.jsonl", b'{"a": 1}\n', "no theorems"),
    ("adir", None, "is not a run directory"),
])
def test_bad_files_are_one_line_exit_2(tmp_path, name, data, says):
    p = tmp_path / name
    if data is None:
        p.mkdir()
    else:
        p.write_bytes(data)
    r = gentzen("tui", str(p))
    assert r.returncode == 2 and says in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert_no_traceback(r)
