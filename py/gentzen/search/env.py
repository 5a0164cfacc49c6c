"""The environment the searches expand proof states through: the kernel in process, or a REPL.

`env.start(theorem) -> State`, `env.step(state, line) -> Outcome`, `env.finish(state)` (the model
ended the proof early), `env.layout` + `env.verify(theorem, text)` (the final whole-text check). States
are values keyed by their rendered goals, so a search can merge two paths to the same goals.
`ReplEnv` drives a REPL in tactic mode through `gentzen.dojo` (real Lean where `lake` exists).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gentzen.core.kernel import KernelError, StepError, check_proof, start
from gentzen.core.proof.theorem import Theorem, parse_theorem


@dataclass(frozen=True)
class State:
    """A proof state reached by the lines in `proof` (the text a `whole` prompt shows)."""

    proof: str  # the tactic block so far, lines joined by "\n" ("" at the start)
    goals: str  # rendered as Lean prints them; "no goals" once solved
    solved: bool
    lines: int  # lines accepted so far
    line_no: int  # the full text's line number of the next line (statement = line 1)
    handle: object = field(default=None, compare=False, repr=False)  # the backend's own state

    @property
    def key(self) -> str:
        return self.goals


@dataclass(frozen=True)
class Outcome:
    state: State | None  # None when the line was rejected
    error: KernelError | None = None


def theorem_of(theorem: Theorem | str) -> Theorem:
    return theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)


class KernelEnv:
    """The kernel in process: states are immutable `ProofState`s, stepped exactly as the line
    samplers and the training data step them; the goals shown are the settled state's (a closed
    `have … := by` box has handed its lemma on), as the REPL shows them, so prompts match training."""

    name = "kernel"

    def __init__(self, auto_names: bool = False) -> None:
        self.auto_names = auto_names

    def start(self, theorem: Theorem | str) -> State:
        return self._wrap(start(theorem_of(theorem), auto_names=self.auto_names))

    def step(self, state: State, line: str) -> Outcome:
        nxt = state.handle.step(line)
        if isinstance(nxt, StepError):
            return Outcome(None, nxt.error)
        return Outcome(self._wrap(nxt))

    def finish(self, state: State) -> KernelError | None:
        return state.handle.finish()

    def verify(self, theorem: Theorem | str, proof: str) -> KernelError | None:
        res = check_proof(theorem_of(theorem), proof)
        return None if res.ok else res.error

    def layout(self, theorem: Theorem | str, proof: str) -> str:
        return proof  # the kernel's own proof_text is already laid out

    def close(self) -> None:
        pass

    @staticmethod
    def _wrap(ps) -> State:
        return State(ps.proof_text(), ps.settle().render(), ps.solved, ps.line_no - 2, ps.line_no, ps)


# Lean's messages sorted into the kernel's error kinds, for the diagnostics
_KINDS = ((re.compile(r"^unknown (identifier|constant)", re.I), "unknown_identifier"),
          (re.compile(r"^(application )?type mismatch", re.I), "type_mismatch"),
          (re.compile(r"^unsolved goals", re.I), "unsolved_goals"),
          (re.compile(r"^no goals", re.I), "no_goals"),
          (re.compile(r"^<input>:\d+:\d+:|unexpected token|unexpected end of input|unknown tactic"), "parse"),
          (re.compile(r"not allowed"), "forbidden"))


def lean_kind(message: str) -> str:
    for pattern, kind in _KINDS:
        if pattern.search(message):
            return kind
    return "tactic_failed"


class ReplEnv:
    """A REPL in tactic mode (`proofState`/`tactic` requests) through `gentzen.dojo.Dojo`.

    One child serves every theorem (proof-state ids live in it); `repl_cmd` as for
    `gentzen verify` (None: `gentzen repl`; "lake": real Lean). The REPL takes each line on its
    own, so indentation carries no structure here: a `have … := by` box is closed once solved."""

    name = "repl"

    def __init__(self, repl_cmd=None, *, timeout: float = 60.0, proc=None, auto_names: bool = False) -> None:
        from gentzen.repl.process import ReplProcess
        from gentzen.repl.checkers import repl_checker, repl_command

        self._own = proc is None
        if proc is None:
            argv, cwd = repl_command(repl_cmd)
            proc = ReplProcess(argv, cwd=cwd, timeout=timeout)
        self.proc, self.timeout, self.auto_names = proc, timeout, auto_names
        argv = list(getattr(proc, "argv", None) or getattr(proc, "cmd", None) or ())
        self.checker = repl_checker(argv) if argv else "repl-cmd"  # every verdict names who gave it

    def start(self, theorem: Theorem | str) -> State:
        from gentzen.repl.dojo import Dojo

        thm = theorem_of(theorem)
        dojo = Dojo(thm, backend=self.proc, timeout=self.timeout)
        _, init = dojo.__enter__()  # the env owns the process; the Dojo is one theorem's view of it
        # auto_names: a kernel state beside the REPL's picks the fresh name an unnamed step gets
        # (as KernelEnv's), and the line goes to the REPL with that name written out
        shadow = start(thm, auto_names=True) if self.auto_names else None
        return State("", init.pp, False, 0, 2, (dojo, init, shadow))

    def step(self, state: State, line: str) -> Outcome:
        from gentzen.models.formats import introduced_name, with_name
        from gentzen.repl.dojo import LeanError, ProofFinished, ProofGivenUp

        dojo, tstate, shadow = state.handle
        if shadow is not None:
            nxt = shadow.step(line)
            if isinstance(nxt, StepError):
                shadow = None  # the REPL judges the line as written; no names are filled after it
            else:
                name = introduced_name(nxt.proof_text().rsplit("\n", 1)[-1].strip())
                line = with_name(line, name) if name and introduced_name(line.strip()) is None else line
                shadow = nxt
        proof = f"{state.proof}\n{line}" if state.proof else line
        res = dojo.run_tac(tstate, line)
        if isinstance(res, ProofFinished):
            return Outcome(State(proof, "no goals", True, state.lines + 1, state.line_no + 1, (dojo, None, None)))
        if isinstance(res, LeanError):
            return Outcome(None, KernelError(state.line_no, 0, lean_kind(res.error), res.error))
        if isinstance(res, ProofGivenUp):
            return Outcome(None, KernelError(state.line_no, 0, "forbidden", "the proof gives up (sorry)"))
        return Outcome(State(proof, res.pp, False, state.lines + 1, state.line_no + 1, (dojo, res, shadow)))

    def finish(self, state: State) -> KernelError | None:
        # an unsolved state is known without asking: the REPL reported its open goals
        if state.solved:
            return None
        if state.lines == 0:  # `:= by` and nothing after it, as Lean's parser words it
            return KernelError(1, 0, "parse", "unexpected end of input; expected '{'")
        return KernelError(state.line_no - 1, 0, "unsolved_goals", f"unsolved goals\n{state.goals}")

    def layout(self, theorem: Theorem | str, proof: str) -> str:
        """The proof as a file would hold it. Unindented steps (the `state` format) are laid out
        as the kernel lays them out; only the layout is borrowed: Lean still judges the text."""
        if all(ln.startswith(" ") for ln in proof.split("\n") if ln.strip()):
            return proof
        state = start(theorem_of(theorem))
        for line in proof.split("\n"):
            nxt = state.step(line)
            if isinstance(nxt, StepError):
                return proof  # left as written: the REPL's check then rejects it
            state = nxt
        return state.proof_text()

    def verify(self, theorem: Theorem | str, proof: str) -> KernelError | None:
        """The whole text as one command, judged as `gentzen verify --backend repl` judges it."""
        from gentzen.repl import protocol as P
        from gentzen.repl.errors import ReplError
        from gentzen.repl.verify import Verdict, lean_verdict, prepare

        prep = prepare(theorem_of(theorem), proof, "repl")
        if isinstance(prep, Verdict):
            v = prep
        else:
            try:
                v = lean_verdict(self.proc.send(P.Command(cmd=prep.lean), self.timeout), prep, "repl")
            except ReplError as exc:
                return KernelError(1, 0, "crash", str(exc))
        return None if v.ok else KernelError(v.line or 1, v.column or 0, v.kind or "lean_error", v.message or "")

    def close(self) -> None:
        if self._own:
            self.proc.close()


def make_env(name: str = "kernel", **kwargs):
    from gentzen.errors import InputError

    if name == "kernel":
        return KernelEnv(**kwargs)
    if name == "repl":
        return ReplEnv(**kwargs)
    raise InputError(f"unknown environment {name!r}; choose kernel or repl")
