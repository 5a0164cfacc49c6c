"""The `gentzen tui` application: picks a mode from its argument (a sequent or theorem → prove,
a .lean file → file, a theorem .jsonl → set, a run directory → run), owns the lazily loaded model
and Lean verifier shared by the screens, and the bindings every screen has (help, quit).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.errors import GentzenError, InputError, ParseError
from gentzen.models import SHIPPED_MODEL as DEFAULT_MODEL  # one definition, kept under its old name here

SHIPPED_SET = Path(__file__).resolve().parent.parent / "sets" / "textbook.jsonl"
BACKENDS = ("kernel", "repl", "both")
TUI_ACCEPTS = "a sequent ('P → Q, P ⊢ Q'), a theorem, FILE.lean, SET.jsonl or a run directory"


@dataclass(frozen=True)
class Target:
    """What the TUI opens: mode is prove | file | set | run."""

    mode: str
    theorem: Theorem | None = None
    path: Path | None = None
    loaded: list | None = None  # file mode: its items; set mode: its entries (read when classified)


def classify(arg: str | None) -> Target:
    """Decide the mode from the command-line argument; raises InputError with a one-line reason."""
    if arg is None or not arg.strip():
        return _set_target(SHIPPED_SET)
    p = Path(arg)
    if _is_dir(p):
        if not (p / "config.json").is_file() and not any((p / f).is_file() for f in
                                                          ("theorems.jsonl", "rounds.jsonl", "targets.jsonl")):
            raise InputError(f"{p} is not a run directory (no config.json, theorems.jsonl or rounds.jsonl)")
        return Target("run", path=p)
    if p.suffix in (".lean", ".jsonl"):
        if not p.is_file():
            raise InputError(f"no such file: {p}")
        if p.suffix == ".jsonl":
            return _set_target(p)
        from gentzen.core.reader.items import load_items

        items = load_items(p)
        if not items:
            raise InputError(f"{p}: no `theorem` or `example` in the file")
        return Target("file", path=p, loaded=items)
    from gentzen.cli.validate import not_a_path  # the check `gentzen prove` makes, with the forms tui takes

    not_a_path(arg, "gentzen tui", TUI_ACCEPTS)
    try:
        return Target("prove", theorem=parse_theorem(arg, default_name="goal"))
    except ParseError as e:
        where = f" at column {e.column}" if e.column is not None else ""
        raise InputError(f"cannot parse the theorem{where}: {e.message} (or give a .lean, .jsonl or run dir)") \
            from None


def _is_dir(p: Path) -> bool:
    """Whether `p` is a folder; a statement longer than a file name can be is not (no OSError)."""
    try:
        return p.is_dir()
    except OSError:
        return False


def _set_target(path: Path) -> Target:
    from gentzen.tui.set import read_entries

    entries = read_entries(path)
    if not entries:
        raise InputError(f"{path}: no theorems (records need \"theorem\" or \"sequent\")")
    return Target("set", path=path, loaded=entries)


class ModelHandle:
    """The model behind suggestions and search, loaded on first use (in a worker thread) so startup is fast."""

    def __init__(self, path: Path | None = None, engine_name: str = "torch", *, engine=None,
                 fmt: str | None = None, choice=None) -> None:
        self.path = Path(path) if path is not None else DEFAULT_MODEL
        self.choice = choice  # an EngineChoice (--engine openai with its servers); None: engine_name alone
        self.engine_name = engine_name if engine is None else type(engine).__name__
        self._engine, self._fmt = engine, fmt
        self._lock = threading.Lock()
        self._too_long: dict[str, str | None] = {}

    @property
    def loaded(self) -> bool:
        return self._engine is not None

    @property
    def label(self) -> str:
        name = "default" if self.path == DEFAULT_MODEL else self.path.name
        return f"{name}{'' if self.loaded else ' (not loaded)'}"

    @property
    def fmt(self) -> str:
        if self._fmt is None:
            from gentzen.models.checkpoint import read_meta

            self._fmt = read_meta(self.path).get("format", "whole") if self.path.is_dir() else "whole"
        return self._fmt

    def past_context(self, theorem) -> str | None:
        """Why `theorem` cannot be put to the model (its first prompt, in the model's names, leaves no room
        for a line in the model's context), or None; asked before any sampling, the answer cached."""
        import importlib.util

        key = theorem.statement()
        if key not in self._too_long:  # (a model's tokenizer needs transformers; without it no model loads)
            from gentzen.search.prompts import renamed_job, too_long

            known = (self.path / "config.json").is_file() and importlib.util.find_spec("transformers") is not None
            self._too_long[key] = too_long(self.path, self.fmt, [("this statement",
                                                                  renamed_job(theorem)[1].statement())]) if known else None
        return self._too_long[key]

    def get(self):
        """The engine (blocking: call from a worker thread)."""
        with self._lock:
            if self._engine is None:
                if not (self.path / "config.json").is_file():
                    raise GentzenError(f"no model at {self.path}: pass --model DIR")
                from gentzen.engines import EngineChoice, open_engine

                self._engine = open_engine(str(self.path), self.choice or EngineChoice(self.engine_name))
            return self._engine

    def close(self) -> None:
        if self._engine is not None:
            self._engine.close()


class LeanHandle:
    """The verifier of `--backend repl|both` (the REPL `repl_cmd`), started on first use; None for the
    kernel alone. `checker` names who gives the second verdict (kernel-repl, lean-repl, …): the
    screens print that name, never "lean" for a REPL that is not Lean."""

    def __init__(self, backend: str, factory=None, repl_cmd: str | None = None) -> None:
        self.backend = backend
        self.repl_cmd = repl_cmd
        self._factory = factory
        self._verifier = None
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.backend != "kernel"

    @property
    def checker(self) -> str:
        """The REPL side's checker: the running verifier's, or what `repl_cmd` will start."""
        v = self._verifier
        if v is not None:
            return getattr(v, "checker_lean", None) or getattr(v, "checker", v.name)
        if not self.enabled:
            return "kernel"
        if self.repl_cmd is None:  # make_verifier starts Lean's REPL, or refuses without Lean
            return "lean-repl"
        from gentzen.repl.checkers import repl_checker, repl_command

        try:
            return repl_checker(repl_command(self.repl_cmd)[0])
        except GentzenError:
            return "repl-cmd"

    def get(self):
        with self._lock:
            if self._verifier is None:
                if self._factory is not None:
                    self._verifier = self._factory(self.backend)
                else:
                    from gentzen.repl.verify import make_verifier

                    self._verifier = make_verifier(self.backend, repl_cmd=self.repl_cmd)
            return self._verifier

    def close(self) -> None:
        if self._verifier is not None:
            self._verifier.close()


class GentzenApp(App):
    """One app, four modes (screens); set and file mode open theorems in prove mode on top of themselves."""

    TITLE = "gentzen"
    BINDINGS = [Binding("ctrl+q", "quit", "quit"), Binding("f1", "help", "help")]

    def __init__(self, target: Target | str | None = None, *, model: Path | None = None, backend: str = "kernel",
                 engine=None, fmt: str | None = None, engine_name: str = "torch", out_dir: str | Path = ".",
                 poll_seconds: float = 1.0, verifier_factory=None, repl_cmd: str | None = None,
                 engine_choice=None) -> None:
        super().__init__()
        if backend not in BACKENDS:
            raise InputError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        self.target = target if isinstance(target, Target) else classify(target)
        self.model = ModelHandle(model, engine_name, engine=engine, fmt=fmt, choice=engine_choice)
        self.lean = LeanHandle(backend, verifier_factory, repl_cmd)
        self.out_dir = Path(out_dir)
        self.poll_seconds = poll_seconds

    def on_mount(self) -> None:
        t = self.target
        if t.mode == "prove":
            self.open_prove(t.theorem)
        elif t.mode == "file":
            from gentzen.tui.file import FileScreen

            self.push_screen(FileScreen(t.path, t.loaded))
        elif t.mode == "set":
            from gentzen.tui.set import SetScreen

            self.push_screen(SetScreen(t.path, t.loaded))
        else:
            from gentzen.tui.run import RunScreen

            self.push_screen(RunScreen(t.path, poll_seconds=self.poll_seconds))

    def open_prove(self, theorem: Theorem):
        """Push prove mode on `theorem`; returns the screen (set mode reads whether it was solved)."""
        from gentzen.tui.prove import ProveScreen

        screen = ProveScreen(theorem)
        self.push_screen(screen)
        return screen

    def action_help(self) -> None:
        from gentzen.tui.widgets import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen, self.BINDINGS))

    def status(self, screen, message: str = "") -> None:
        """Refresh a screen's status bar: mode, backend, model, engine."""
        from gentzen.tui.widgets import StatusBar

        for bar in screen.query(StatusBar):
            backend = self.lean.backend + (f" ({self.lean.checker})" if self.lean.enabled else "")
            bar.show(getattr(screen, "MODE", "gentzen"), backend, self.model.label,
                     self.model.engine_name, message)

    def on_unmount(self) -> None:
        self.model.close()
        self.lean.close()


__all__ = ["BACKENDS", "DEFAULT_MODEL", "GentzenApp", "LeanHandle", "ModelHandle", "Target", "classify"]
