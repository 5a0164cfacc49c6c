"""Option and path checks shared by every command, so a mistake is a one-line error before any work.

Each check raises gentzen.errors.InputError (main prints `error: …`, or JSON with --json, and
exits 2). Call them at the top of a command (`at_least("--samples", samples, 1)`), or attach the
typer callbacks built from them (`typer.Option(8, callback=cb(at_least, 1))`), which name the flag.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import typer

from gentzen.errors import InputError

JSON_ERRORS = False  # set by main when --json is on the command line: errors go out as JSON
REPORTED = False  # an error line was printed (main adds a bare "interrupted" only when none was)


def report(message: str, code: int = 2) -> None:
    """Print one error line on stderr (JSON when --json was given). After a Ctrl-C's line (130) the
    command is only winding down: further Ctrl-Cs are ignored, so a user pressing on gets no second
    line and no traceback from the interpreter's exit hooks."""
    global REPORTED
    REPORTED = True
    if code == 130:
        _ignore_ctrl_c()
    message = " ".join(str(message).split()) if "\n" in str(message) else str(message)
    if JSON_ERRORS:
        sys.stderr.write(json.dumps({"error": message, "exit_code": code}, ensure_ascii=False) + "\n")
    else:
        label = "\x1b[31merror:\x1b[0m" if sys.stderr.isatty() and not os.environ.get("NO_COLOR") else "error:"
        sys.stderr.write(f"{label} {message}\n")
    sys.stderr.flush()


def fail(message: str, code: int = 2):
    """Report and exit (for commands): never returns."""
    report(message, code)
    raise typer.Exit(code)


def _ignore_ctrl_c() -> None:
    import signal
    import threading

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)


# ------------------------------------------------------------------ numbers and choices

def _num(v) -> str:
    return f"{v:g}" if isinstance(v, float) else str(v)


def in_range(flag: str, value, lo=None, hi=None):
    """lo <= value <= hi (either bound may be None)."""
    if value != value:  # NaN
        raise InputError(f"{flag} must be a number, got nan")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            want = f"between {_num(lo)} and {_num(hi)}"
        elif lo is not None:
            want = f"at least {_num(lo)}"
        else:
            want = f"at most {_num(hi)}"
        raise InputError(f"{flag} must be {want}, got {_num(value)}")
    return value


def at_least(flag: str, value, lo):
    return in_range(flag, value, lo, None)


def positive(flag: str, value):
    """value > 0 (a rate, a duration, a size)."""
    if not value > 0:
        raise InputError(f"{flag} must be greater than 0, got {_num(value)}")
    return value


def one_of(flag: str, value: str, choices: Iterable[str]):
    choices = tuple(choices)
    if value not in choices:
        raise InputError(f"{flag} must be one of {', '.join(choices)}; got {value!r}")
    return value


DEVICE_HELP = "auto | cpu | cuda | cuda:N | mps"


def device(flag: str, value: str) -> str:
    """A device name torch understands; no torch import (see `device_available`)."""
    v = value.strip().lower()
    ok = v in ("auto", "cpu", "cuda", "mps") or (v.startswith("cuda:") and v[5:].isdigit())
    if not ok:
        raise InputError(f"{flag} must be {DEVICE_HELP}; got {value!r}")
    return v


def device_available(flag: str, value: str) -> str:
    """`device`, and the accelerator it names exists (imports torch: call it just before loading a model)."""
    v = device(flag, value)
    if v in ("auto", "cpu"):
        return v
    torch = sys.modules.get("torch")
    if torch is None:
        try:
            import torch  # noqa: F811 - heavy; only commands that run a model reach this
        except ImportError:
            from gentzen.errors import MissingExtraError

            raise MissingExtraError("torch", "train") from None
    if v.startswith("cuda"):
        if not torch.cuda.is_available():
            raise InputError(f"{flag} {value}: this torch has no usable CUDA device "
                             f"(torch {torch.__version__}); use --device cpu or auto")
        index = int(v[5:]) if ":" in v else 0
        if index >= torch.cuda.device_count():
            raise InputError(f"{flag} {value}: only {torch.cuda.device_count()} CUDA device(s)")
    if v == "mps" and not (getattr(torch.backends, "mps", None) and torch.backends.mps.is_available()):
        raise InputError(f"{flag} mps: no Apple MPS device here; use --device cpu or auto")
    return v


# ------------------------------------------------------------------ paths

def input_file(flag: str, path: str | Path, *, nonempty: bool = True) -> Path:
    """An existing, readable, regular file (not a folder); empty is refused unless nonempty=False."""
    p = Path(path)
    if not p.exists():
        raise InputError(f"{flag} {p}: no such file")
    if p.is_dir():
        raise InputError(f"{flag} {p}: is a directory, expected a file")
    if not os.access(p, os.R_OK):
        raise InputError(f"{flag} {p}: not readable (permission denied)")
    if nonempty and p.stat().st_size == 0:
        raise InputError(f"{flag} {p}: the file is empty")
    return p


def text_file(flag: str, path: str | Path, *, nonempty: bool = True) -> str:
    """The contents of a UTF-8 text file (no NUL bytes); InputError names the flag and why."""
    from gentzen.io import read_text

    p = input_file(flag, path, nonempty=nonempty)
    try:
        text = read_text(p)
    except InputError as e:
        raise InputError(f"{flag} {e}") from None
    if nonempty and not text.strip():
        raise InputError(f"{flag} {p}: the file has only blank lines")
    return text


def jsonl_file(flag: str, path: str | Path, *, required: Iterable[str] = ()) -> list[tuple[int, dict]]:
    """(line, record) of a non-empty JSONL file of objects, each with the `required` keys."""
    from gentzen.io import read_jsonl

    text_file(flag, path)  # the readable/UTF-8/non-empty checks with the flag's name
    required = tuple(required)
    rows = read_jsonl(path)
    for line, rec in rows:
        if not isinstance(rec, dict):
            raise InputError(f"{flag} {path}: line {line}: expected a JSON object, got {type(rec).__name__}")
        missing = [k for k in required if k not in rec]
        if missing:
            raise InputError(f"{flag} {path}: line {line}: the record has no {', '.join(map(repr, missing))}")
    return rows


def not_a_path(arg: str, command: str, accepted: str) -> str:
    """`arg` is a statement, not the name of an existing file or folder (a file name would otherwise
    be read as the atom `notes.txt`); InputError names the forms `command` accepts."""
    try:
        exists = bool(arg.strip()) and Path(arg).exists()
    except (OSError, ValueError):  # a name too long or with a NUL byte is no file
        exists = False
    if exists:
        kind = "a folder" if Path(arg).is_dir() else "a file"
        raise InputError(f"{arg} is {kind}, not a statement; {command} takes {accepted}")
    return arg


def theorem_file(flag: str, path: str | Path) -> list[tuple[int, dict]]:
    """`jsonl_file` with a 'theorem' in every record, each a statement that parses (a sequent or
    `theorem … := by`): a typo is found before any folder is made or any model loads."""
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.errors import ParseError

    rows = jsonl_file(flag, path, required=("theorem",))
    for line, rec in rows:
        try:
            parse_theorem(str(rec["theorem"]))
        except ParseError as e:
            where = f" at column {e.column}" if e.column is not None else ""
            raise InputError(f"{flag} {path}: line {line}: cannot parse the theorem{where}: {e.message}") from None
    return rows


def _creatable(flag: str, p: Path) -> None:
    """The nearest existing ancestor of p is a writable folder (missing folders will be made)."""
    parent = p.parent if str(p.parent) else Path(".")
    while not parent.exists():
        if parent == parent.parent:
            break
        parent = parent.parent
    if not parent.is_dir():
        raise InputError(f"{flag} {p}: {parent} is a file, not a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise InputError(f"{flag} {p}: cannot write in {parent} (permission denied)")


def output_file(flag: str, path: str | Path) -> Path:
    """A file that can be written (created with its missing folders, or replaced); not a folder."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{flag} {p}: is a directory; give a file name")
    if p.exists() and not os.access(p, os.W_OK):
        raise InputError(f"{flag} {p}: not writable (permission denied)")
    _creatable(flag, p)
    return p


def output_dir(flag: str, path: str | Path) -> Path:
    """A folder that can be written (created with its missing parents); not an existing file."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise InputError(f"{flag} {p}: is an existing file; give a folder")
    if p.is_dir():
        if not os.access(p, os.W_OK | os.X_OK):
            raise InputError(f"{flag} {p}: cannot write in this folder (permission denied)")
        return p
    _creatable(flag, p)
    return p


# ------------------------------------------------------------------ checkers

def checker_ready(backend: str, repl_cmd: str | None = None, url: str | None = None,
                  api_key: str | None = None) -> str | None:
    """Before any work, every command with --backend: `repl`/`both` need Lean (`lake`) unless
    --repl-cmd names a REPL; `kimina`, and `both` with a URL, need a healthy server. One check for
    all (gentzen.repl.checkers.require_checker, which config checks of library runs call too);
    returns the REPL command to run, raises InputError."""
    from gentzen.repl.checkers import require_checker

    return require_checker(backend, repl_cmd, url, api_key)


# ------------------------------------------------------------------ typer callbacks

def cb(check: Callable, *args, **kwargs) -> Callable:
    """A typer/click callback running `check(flag, value, *args, **kwargs)` on the option's value
    (skipped when the value is None); the flag is the option's longest name."""

    def callback(ctx: typer.Context, param: typer.CallbackParam, value):
        if value is None or ctx.resilient_parsing:
            return value
        flag = max(param.opts, key=len) if param.opts else param.name
        if isinstance(value, (list, tuple)) and check not in _WHOLE:
            for v in value:
                check(flag, v, *args, **kwargs)
            return value
        check(flag, value, *args, **kwargs)
        return value

    return callback


_WHOLE: set[Callable] = set()  # checks that take a list value as a whole (none yet)

PORT = cb(in_range, 0, 65535)
COUNT = cb(at_least, 1)            # a count of things that must be at least one
NON_NEGATIVE = cb(at_least, 0)
POSITIVE = cb(positive)            # a float > 0 (seconds, rates)
DEVICE = cb(device)
INPUT_FILE = cb(input_file)
OUTPUT_FILE = cb(output_file)
OUTPUT_DIR = cb(output_dir)


def choice(*choices: str) -> Callable:
    """Callback: the value is one of `choices`."""
    return cb(one_of, choices)


__all__ = ["report", "fail", "in_range", "at_least", "positive", "one_of", "device", "device_available",
           "input_file", "text_file", "not_a_path", "theorem_file",
           "jsonl_file", "output_file", "output_dir", "cb", "choice", "checker_ready",
           "PORT", "COUNT", "NON_NEGATIVE", "POSITIVE", "DEVICE", "INPUT_FILE", "OUTPUT_FILE", "OUTPUT_DIR",
           "JSON_ERRORS", "DEVICE_HELP"]
