"""Ctrl-C in a training command: the first press is a request, the second interrupts at once, and
the CLI's one line says what the run directory holds; presses after that line change nothing. The
e2e test (tests/e2e/test_ttrl_newcomer.py) presses a real terminal, where which path a hammered
Ctrl-C takes is a race; these pin each path. (tests/conftest.py puts the SIGINT handler back after
each test.)"""

from __future__ import annotations

import json
import os
import signal
import time

import pytest


def _press() -> None:
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.05)  # the handler runs at the next bytecode of the main thread


def test_the_first_press_is_a_request_and_the_second_interrupts():
    from gentzen.train.interrupt import CtrlC

    with CtrlC() as stop:
        _press()
        assert stop.requested
        with pytest.raises(KeyboardInterrupt):
            _press()


def test_a_second_press_in_train_ei_says_what_the_run_directory_holds(tmp_path, monkeypatch, capsys):
    import gentzen.train.ei as ei
    from gentzen.cli.main import main

    (tmp_path / "t.jsonl").write_text(json.dumps({"theorem": "theorem t (P : Prop) (h : P) : P := by"}) + "\n")

    def interrupted_at_once(cfg, progress=None):
        (tmp_path / "ei").mkdir()
        (tmp_path / "ei" / "state.json").write_text(json.dumps({"rounds": 2}))
        raise KeyboardInterrupt

    monkeypatch.setattr(ei, "run", interrupted_at_once)
    code = main(["train", "ei", "--targets", str(tmp_path / "t.jsonl"), "--out", str(tmp_path / "ei")])
    err = capsys.readouterr().err
    assert code == 130 and err.count("error:") == 1, err
    assert f"interrupted at once (a second Ctrl-C): 2 finished round(s) saved in {tmp_path / 'ei'}" in err


def test_presses_after_the_line_are_ignored(capsys):
    from gentzen.cli import validate

    validate.report("interrupted after 1 finished round(s)", 130)
    _press()  # before the fix: a KeyboardInterrupt here, in the interpreter's exit hooks a traceback
    _press()
    assert capsys.readouterr().err.count("error:") == 1
