"""`gentzen.dojo`: LeanDojo-style `Dojo(theorem)` and `run_tac` (see gentzen.repl.dojo).

Re-exported here so search code can `from gentzen.dojo import Dojo, TacticState, ProofFinished`.
"""

from gentzen.repl.dojo import (Dojo, DojoCrashError, LeanError, ProofFinished, ProofGivenUp,  # noqa: F401
                               TacticState)

__all__ = ["Dojo", "DojoCrashError", "TacticState", "ProofFinished", "LeanError", "ProofGivenUp"]
