"""The README's "First hour" block, run as written: its shell lines through bash (with `gentzen`
being this checkout's CLI), then its last line, `gentzen tui ttrl-run`, in a pseudo-terminal. A
command that fails where the README says it works fails the test (`set -e`; the README marks the
two expected failures with `|| true`)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.requires_torch

ROOT = Path(__file__).resolve().parents[2]


def first_hour_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## First hour\n", 1)[1].split("\n## ", 1)[0]
    m = re.search(r"```sh\n(.*?)```", section, re.S)
    assert m, "the First hour section has no ```sh block"
    return m.group(1)


@pytest.fixture(scope="module")
def tour(tmp_path_factory):
    """Run every line of the block but the TUI one; return the folder and bash's output."""
    where = tmp_path_factory.mktemp("first_hour")
    block = first_hour_block()
    lines = block.rstrip("\n").split("\n")
    assert lines[-1] == "gentzen tui ttrl-run", "the block should end by opening the run in the TUI"
    script = ("set -euo pipefail\n"
              f'gentzen() {{ "{sys.executable}" -m gentzen.cli.main "$@"; }}\n' + "\n".join(lines[:-1]) + "\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", COLUMNS="200")
    r = subprocess.run(["bash", "-c", script], cwd=where, capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, f"stdout:\n{r.stdout[-3000:]}\nstderr:\n{r.stderr[-3000:]}"
    assert "Traceback" not in r.stdout + r.stderr
    return where, r


def test_the_commands_do_what_the_readme_says(tour):
    where, r = tour
    out = r.stdout
    assert "proved (kernel-verified)" in out                       # 1. prove
    assert "not valid: countermodel P=T, Q=F (nothing sampled)" in out
    assert re.search(r"rejected +oops +Demo\.lean:5:", out) and "1/2 accepted" in out  # 2. a Lean file
    assert re.search(r"ok +swap", out) and "2/2 accepted" in out  # 3. model outputs, in the format shown
    assert len((where / "verdicts.jsonl").read_text().splitlines()) == 2
    assert "targets:" in out and "modus tollens" in out and "syllogism" in out  # 4. the report, user's names
    assert "proofs: ttrl-run/proofs.lean" in out and "t000" not in out
    assert (where / "ttrl-run" / "proofs.lean").is_file()


def test_the_tui_opens_the_run(tour):
    where, _ = tour
    pytest.importorskip("textual", reason="the tui extra (textual) is not installed")
    pytest.importorskip("pexpect", reason="pexpect is not installed (the dev extra)")
    pytest.importorskip("pyte", reason="pyte is not installed (the dev extra)")
    from test_tui_pty import Terminal

    term = Terminal("ttrl-run", cwd=where)
    try:
        screen = term.wait_for("targets solved")
        assert "modus tollens" in screen and "and swap" in screen and "syllogism" in screen
        assert "t0000" not in screen
        assert term.quit() == 0
    finally:
        term.kill()
