"""`gentzen.dojo`: LeanDojo's interaction API (`Dojo`, `run_tac`, `run_cmd`, its states, results, errors and
entry records) over gentzen's checkers; see gentzen.repl.dojo. LeanDojo code runs with only its import changed
(`from gentzen.dojo import *`) and an entry gentzen can read (a local folder's theorem, or a statement).
"""

from gentzen.repl.dojo import (CommandResult, CommandState, Declaration, Dojo, DojoCrashError,  # noqa: F401
                               DojoInitError, DojoTacticTimeoutError, Goal, LeanError, LeanGitRepo, Pos,
                               ProofFinished, ProofGivenUp, TacticResult, TacticState, Theorem, parse_goals)

__all__ = ["Dojo", "DojoCrashError", "DojoInitError", "DojoTacticTimeoutError", "TacticState", "CommandState",
           "ProofFinished", "LeanError", "ProofGivenUp", "TacticResult", "CommandResult", "Theorem", "LeanGitRepo",
           "Pos", "Goal", "Declaration", "parse_goals"]
