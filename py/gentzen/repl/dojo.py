"""`gentzen.dojo`: LeanDojo's interaction API over gentzen's theorems, without a traced repository.

`with Dojo(theorem) as (dojo, init):` then `dojo.run_tac(state, tactic)` returns a TacticState,
ProofFinished, LeanError or ProofGivenUp. Backends: the kernel in process, or one REPL process
(proof-state ids live in one child, so tactic mode cannot be spread over a pool's workers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gentzen.core.kernel import ProofState, StepError, start
from gentzen.core.theorem import Theorem, parse_theorem
from gentzen.core.syntax import find_forbidden
from gentzen.repl import protocol as P

try:  # LeanDojo installed: hand back its own classes, so `isinstance` checks in search code hold
    from lean_dojo import LeanError, ProofFinished, ProofGivenUp, TacticState  # type: ignore
except ImportError:  # pragma: no cover - depends on the environment

    @dataclass(frozen=True)
    class TacticState:
        pp: str
        id: int
        message: str | None = None

        @property
        def num_goals(self) -> int:
            return 0 if self.pp == "no goals" else self.pp.count("⊢")

    @dataclass(frozen=True)
    class ProofFinished:
        tactic_state_id: int
        message: str | None = None

    @dataclass(frozen=True)
    class LeanError:
        error: str

    @dataclass(frozen=True)
    class ProofGivenUp:
        pass

_GIVE_UP = re.compile(r"^\s*(sorry|admit)\s*$")


class DojoCrashError(Exception):
    """The backend failed (a REPL crash or timeout), as LeanDojo's exception of that name."""


@dataclass
class Dojo:
    """A theorem opened for tactic-by-tactic interaction.

    backend: "kernel" (in process), "repl" (a fresh `gentzen repl`, or `repl_cmd`), or a started
    ReplProcess the caller owns. `timeout` is per tactic on a REPL backend."""

    theorem: Theorem | str
    backend: object = "kernel"
    repl_cmd: object = None
    timeout: float = 600.0
    _states: list = field(default_factory=list, repr=False)
    _proc: object = field(default=None, repr=False)
    _own: bool = field(default=False, repr=False)

    def __enter__(self):
        thm = self.theorem if isinstance(self.theorem, Theorem) else parse_theorem(self.theorem)
        self.theorem = thm
        if self.backend == "kernel":
            state = start(thm)
            self._states.append(state)
            return self, TacticState(state.render(), 0)
        if self.backend == "repl":
            from gentzen.repl.process import ReplProcess
            from gentzen.repl.verify import repl_command

            argv, cwd = repl_command(self.repl_cmd)
            self._proc, self._own = ReplProcess(argv, cwd=cwd, timeout=self.timeout), True
        else:
            self._proc = self.backend
        reply = self._send(P.Command(cmd=thm.statement() + " sorry"))
        sorries = getattr(reply, "sorries", ())
        if not sorries or sorries[0].proof_state is None:
            self.__exit__()
            raise DojoCrashError(f"the REPL gave no initial proof state: {P.to_json(reply)}")
        return self, TacticState(sorries[0].goal, sorries[0].proof_state)

    def __exit__(self, *exc) -> None:
        if self._own and self._proc is not None:
            self._proc.close()
            self._proc = None

    def _send(self, request):
        from gentzen.repl.errors import ReplError

        try:
            return self._proc.send(request, self.timeout)
        except ReplError as e:
            raise DojoCrashError(str(e)) from e

    def run_tac(self, state, tactic: str):
        """One tactic (or several lines) on `state`; never raises for a Lean-side failure."""
        if not isinstance(state, TacticState):
            raise TypeError(f"run_tac needs a TacticState, not {type(state).__name__}")
        if _GIVE_UP.match(tactic):
            return ProofGivenUp()
        hit = find_forbidden(tactic)  # the kernel's screen: nothing forbidden reaches a backend
        if hit is not None:
            return LeanError(f"`{hit[1]}` is not allowed in a proof")
        if self._proc is None:
            return self._kernel_tac(state, tactic)
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


__all__ = ["Dojo", "DojoCrashError", "TacticState", "ProofFinished", "LeanError", "ProofGivenUp"]
