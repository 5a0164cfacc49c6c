"""`gentzen.dojo`: LeanDojo's interaction API over gentzen's checkers, without a traced repository.

`with Dojo(entry) as (dojo, init):` then `dojo.run_tac(state, tactic)` returns a TacticState, ProofFinished,
LeanError or ProofGivenUp, and `dojo.run_cmd(state, command)` a CommandState or LeanError. The entry is LeanDojo's:
a `Theorem(LeanGitRepo(folder), file, name)` (tactic mode) or `(repo, file, line)` (command mode), or gentzen's
own statement text. Backends: the kernel in process, or one REPL process (proof-state ids live in one child).
"""

from __future__ import annotations

import re
from pathlib import Path

from gentzen.core.kernel import ProofState, StepError, start
from gentzen.core.parsing.syntax import find_forbidden
from gentzen.core.proof.theorem import Theorem as Statement
from gentzen.core.proof.theorem import parse_theorem
from gentzen.errors import GentzenError
from gentzen.repl import protocol as P
from gentzen.repl.dojo_types import (CommandResult, CommandState, Declaration, DojoCrashError,  # noqa: F401
                                     DojoInitError, DojoTacticTimeoutError, Goal, LeanError, LeanGitRepo,
                                     Pos, ProofFinished, ProofGivenUp, TacticResult, TacticState, Theorem,
                                     parse_goals)

_GIVE_UP = re.compile(r"^\s*(sorry|admit)\s*$")


class _InProcess:
    """A KernelRepl answering as a REPL process would (`send`), for entries read from files."""

    def __init__(self) -> None:
        from gentzen.repl.kernel_server import KernelRepl

        self.repl = KernelRepl()

    def send(self, request, timeout=None):
        return self.repl.handle(request)

    def close(self) -> None:
        pass


class Dojo:
    """A theorem (or a file position) opened for interaction.

    backend: "kernel" (in process), "repl" (a fresh `gentzen repl`, or `repl_cmd`), or a started ReplProcess the
    caller owns. `timeout` is per tactic on a REPL backend. `additional_imports` and `build_deps` are LeanDojo's
    and change nothing here (no repository is traced or built)."""

    def __init__(self, entry, timeout: float = 600, additional_imports=(), build_deps: bool = True, *,
                 backend="kernel", repl_cmd=None) -> None:
        self.entry, self.timeout = entry, timeout
        self.additional_imports, self.build_deps = list(additional_imports), build_deps
        self.backend, self.repl_cmd = backend, repl_cmd
        self.theorem: Statement | None = None
        self.repo = getattr(entry, "repo", entry[0] if isinstance(entry, tuple) else None)
        self.file_path = getattr(entry, "file_path", Path(entry[1]) if isinstance(entry, tuple) else None)
        self.is_successful: bool | None = False if self.uses_tactics else None
        self.is_crashed = self.has_timedout = False
        self._states: list[ProofState] = []
        self._proc = None
        self._own = False

    @property
    def uses_tactics(self) -> bool:
        return not self.uses_commands

    @property
    def uses_commands(self) -> bool:
        return isinstance(self.entry, tuple)

    # ------------------------------------------------------------ opening

    def __enter__(self):
        if isinstance(self.entry, (str, Statement)):
            return self, self._open_statement(self.entry)
        prefix, decl = self._read_entry()
        self._start_backend(in_process=True)
        env = None
        if prefix.strip():
            reply = self._send(P.Command(cmd=prefix))
            if isinstance(reply, P.Error):
                raise DojoInitError(f"{self.file_path}: {reply.message}")
            env = reply.env
        if self.uses_commands:
            return self, CommandState(env if env is not None else -1)
        stmt = decl[: decl.index(":=")].rstrip() if ":=" in decl else decl.rstrip()
        reply = self._send(P.Command(cmd=stmt + " := by sorry", env=env))
        sorries = getattr(reply, "sorries", ())
        if not sorries or sorries[0].proof_state is None:
            raise DojoInitError(f"{self.entry.full_name}: the statement could not be opened: {P.to_json(reply)}")
        return self, TacticState(sorries[0].goal, sorries[0].proof_state)

    def _open_statement(self, text):
        try:
            thm = text if isinstance(text, Statement) else parse_theorem(text)
        except GentzenError as exc:
            raise DojoInitError(f"not a theorem gentzen reads: {exc}") from None
        self.theorem = thm
        if self.backend == "kernel":
            state = start(thm)
            self._states.append(state)
            return TacticState(state.render(), 0)
        self._start_backend(in_process=False)
        reply = self._send(P.Command(cmd=thm.statement() + " sorry"))
        sorries = getattr(reply, "sorries", ())
        if not sorries or sorries[0].proof_state is None:
            self.__exit__()
            raise DojoInitError(f"the REPL gave no initial proof state: {P.to_json(reply)}")
        return TacticState(sorries[0].goal, sorries[0].proof_state)

    def _read_entry(self) -> tuple[str, str]:
        """(the file's text before the entry, the entry's declaration text or '')."""
        repo = self.repo
        if not getattr(repo, "is_local", True) or not hasattr(repo, "url"):
            raise DojoInitError(f"gentzen.dojo reads local folders only, not {getattr(repo, 'url', repo)!r} "
                                "(clone it and pass LeanGitRepo(<folder>))")
        path = Path(str(repo.url).removeprefix("file://")).expanduser() / self.file_path
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise DojoInitError(f"cannot read {path}: {exc}") from None
        if self.uses_commands:
            line = int(self.entry[2])
            cut = sum(len(x) for x in text.splitlines(keepends=True)[: max(0, line - 1)])
            return text[:cut], ""
        from gentzen.repl.repl_env import commands

        name = str(self.entry.full_name).rsplit(".", 1)[-1]
        for word, at, end in commands(text):
            if word == "theorem" and re.match(rf"(?:\S+\s+)*?theorem\s+(?:\S+\.)?{re.escape(name)}(?=[\s(:{{\[])",
                                              text[at:end]):
                return text[:at], text[at:end]
        raise DojoInitError(f"no theorem {self.entry.full_name} in {path}")

    def _start_backend(self, in_process: bool) -> None:
        if self.backend == "kernel" and in_process:
            self._proc, self._own = _InProcess(), True
        elif self.backend in ("repl", "kernel"):
            from gentzen.repl.process import ReplProcess
            from gentzen.repl.verify import repl_command

            argv, cwd = repl_command(self.repl_cmd)
            self._proc, self._own = ReplProcess(argv, cwd=cwd, timeout=self.timeout), True
        else:
            self._proc = self.backend

    def __exit__(self, *exc) -> None:
        if self._own and self._proc is not None:
            self._proc.close()
            self._proc = None

    def _send(self, request):
        from gentzen.repl.errors import ReplError, ReplTimeout

        try:
            return self._proc.send(request, self.timeout)
        except ReplTimeout as e:
            self.has_timedout = True
            raise DojoTacticTimeoutError(str(e)) from e
        except ReplError as e:
            self.is_crashed = True
            raise DojoCrashError(str(e)) from e

    # ------------------------------------------------------------ interaction

    def run_tac(self, state, tactic: str):
        """One tactic (or several lines) on `state`; never raises for a Lean-side failure."""
        if not isinstance(state, TacticState):
            raise RuntimeError(f"Attempting to run a tactic on an invalid state {state}.")
        if _GIVE_UP.match(tactic):
            return ProofGivenUp()
        hit = find_forbidden(tactic)  # the kernel's screen: nothing forbidden reaches a backend
        if hit is not None:
            return LeanError(f"`{hit[1]}` is not allowed in a proof")
        result = self._kernel_tac(state, tactic) if self._proc is None else self._repl_tac(state, tactic)
        if isinstance(result, ProofFinished):
            self.is_successful = True
        return result

    def _repl_tac(self, state, tactic: str):
        reply = self._send(P.ProofStep(tactic=tactic, proof_state=state.id))
        if isinstance(reply, P.Error):
            return LeanError(reply.message.removeprefix("Lean error:\n"))
        errors = [m.data for m in reply.messages if m.severity == "error"]
        if errors:
            return LeanError("\n".join(errors))
        if reply.proof_status == P.COMPLETED:
            return ProofFinished(reply.proof_state)
        if not reply.goals:  # closed, but not by a proof (a sorry or a metavariable remains)
            return ProofGivenUp() if "sorry" in reply.proof_status else LeanError(reply.proof_status)
        return TacticState("\n\n".join(reply.goals), reply.proof_state)

    def _kernel_tac(self, state, tactic: str):
        if not 0 <= state.id < len(self._states):
            return LeanError("Unknown proof state.")
        cur: ProofState = self._states[state.id]
        nxt = cur.step(tactic)
        if isinstance(nxt, StepError):
            return LeanError(nxt.error.message)
        nxt = nxt.settle()  # a finished `have … := by` box hands its hypothesis to the parent
        self._states.append(nxt)
        sid = len(self._states) - 1
        if nxt.solved:
            return ProofFinished(sid)
        return TacticState(nxt.render(), sid)

    def run_cmd(self, state, command: str):
        """One command on `state`'s environment (command mode: a `(repo, file, line)` entry)."""
        if not isinstance(state, CommandState):
            raise RuntimeError(f"Attempting to run a command on an invalid state {state}.")
        reply = self._send(P.Command(cmd=command, env=state.id if state.id >= 0 else None))
        if isinstance(reply, P.Error):
            return LeanError(reply.message)
        errors = [m.data for m in reply.messages if m.severity == "error"]
        if errors:
            return LeanError("\n".join(errors))
        notes = "\n".join(m.data for m in reply.messages)
        return CommandState(reply.env, notes or None)


__all__ = ["Dojo", "DojoCrashError", "DojoInitError", "DojoTacticTimeoutError", "TacticState", "CommandState",
           "ProofFinished", "LeanError", "ProofGivenUp", "TacticResult", "CommandResult", "Theorem", "LeanGitRepo",
           "Pos", "Goal", "Declaration", "parse_goals"]
