"""`gentzen repl`: a leanprover-community/repl-compatible server on stdio, backed by the kernel.

For propositional `theorem`/`example` declarations it answers as Lean 4.32's REPL does (env and
proof-state ids, sorries, goals, messages, proofStatus); anything outside that subset gets a
well-formed `{"message": ...}` reply, and no input makes it crash.
"""

from __future__ import annotations

import json
import os
import re
import stat
import sys
from dataclasses import dataclass

from gentzen.core import kernel as K
from gentzen.core.steps.holes import holes
from gentzen.errors import GentzenError
from gentzen.repl import protocol as P
from gentzen.repl.declaration import Unsupported, check_declaration
from gentzen.core.text.comments import blank_comments
from gentzen.core.reader.lean_names import parse_binders
from gentzen.repl.repl_env import Outcome, ReplEnv, commands

MAX_FILE_BYTES = 64 << 20  # a `{"path": …}` request reads at most this
_RECOVERED = ("unknown_identifier", "type_mismatch")  # Lean logs these and closes the goal by sorry
_NOT_PRODUCED = ("gentzen repl: `{}` is not supported: the kernel produces no {} (the rest of this reply is "
                 "complete)")


@dataclass(frozen=True)
class _Proof:
    state: K.ProofState
    tainted: bool = False  # a goal was closed by `sorry` (error recovery or an explicit sorry)
    # a tactic-mode sorry's state shares its parent's root goal (REPL/Main.lean: `sorries … (some rootGoals)`),
    # in which the goals left open beside it stay metavariables however this state ends
    pending: bool = False


class KernelRepl:
    """The REPL's state: env ids (declared names) and proof-state ids, both append-only."""

    def __init__(self) -> None:
        self.envs: list[ReplEnv] = []
        self.proofs: list[_Proof] = []

    # ------------------------------------------------------------ entry points

    def handle_text(self, text: str) -> dict | None:
        """One framed request block -> reply JSON (None for a comment block, as the REPL)."""
        if text.startswith(("#", "--")):
            return None
        try:
            raw = json.loads(text)
        except (ValueError, RecursionError) as exc:  # RecursionError: absurdly deep nesting
            return {"message": f"Could not parse JSON:\n{exc}"}
        if "\\u" in text:  # a `\ud800` escape decodes to a lone surrogate: no UTF-8 reply could echo it
            try:
                json.dumps(raw, ensure_ascii=False).encode("utf-8")
            except UnicodeEncodeError:
                return {"message": "Could not parse JSON:\na string holds a lone surrogate (not valid Unicode)"}
        try:
            req = P.parse_request(raw)
        except (P.ProtocolError, RecursionError, TypeError, ValueError):
            return {"message": f"Could not parse as a valid JSON command:\n{text[:10_000]}"}
        # lean-interact's `declarations: true` (a fork's field the protocol types do not carry)
        self.asked_declarations = raw.get("declarations") is True
        try:
            return self.handle(req).to_json()
        finally:
            self.asked_declarations = False

    def handle(self, req: P.Request) -> P.Reply:
        try:
            if isinstance(req, P.ProofStep):
                return self._tactic(req)
            if isinstance(req, P.Command):
                return self._command(req.cmd, req.env, bool(req.root_goals), req)
            if isinstance(req, P.File):
                try:  # a regular file of bounded size: `/dev/zero` or a FIFO must not hang the server
                    st = os.stat(req.path)
                    if not stat.S_ISREG(st.st_mode):
                        return P.Error(f"not a regular file: {req.path}")
                    if st.st_size > MAX_FILE_BYTES:
                        return P.Error(f"file larger than {MAX_FILE_BYTES >> 20} MiB: {req.path}")
                    with open(req.path, encoding="utf-8") as f:
                        text = f.read(MAX_FILE_BYTES + 1)
                except OSError as exc:
                    return P.Error(f"{exc.strerror}: {req.path}")
                except (UnicodeDecodeError, ValueError):
                    return P.Error(f"not valid UTF-8: {req.path}")
                return self._command(text, req.env, bool(req.root_goals), req)
            if isinstance(req, (P.PickleEnvironment, P.UnpickleProofState)) and req.env is not None \
                    and req.env >= len(self.envs):
                return P.Error(P.UNKNOWN_ENV)
            raise Unsupported("pickling is not supported")
        except Unsupported as exc:
            return P.Error(f"gentzen kernel: outside the propositional subset: {exc}")
        except (GentzenError, RecursionError, ValueError) as exc:
            return P.Error(f"gentzen kernel: {exc}")
        except Exception as exc:  # noqa: BLE001 - a kernel bug must not kill the server
            return P.Error(f"gentzen kernel: internal error: {type(exc).__name__}: {exc}")

    # ------------------------------------------------------------ commands

    def _command(self, text: str, env: int | None, root_goals: bool, req) -> P.Reply:
        if env is not None and env >= len(self.envs):
            return P.Error(P.UNKNOWN_ENV)
        state = self.envs[env] if env is not None else ReplEnv()
        body = text
        if env is None:  # the header: imports are recorded (the kernel needs none beyond core);
            # blank them out rather than cut them so that positions stay those of `text`
            head = re.match(r"(?:[ \t]*import\b[^\n]*(?:\n|$)|[ \t]*(?:--[^\n]*)?\n)*", text)
            imports = tuple(text[: head.end()].replace("import", " ").split())
            imports = tuple(i for i in imports if not i.startswith("--"))
            # `import Gentzen.ND` brings the rule theorems and tactic macros into scope, as in Lean
            state = ReplEnv(imports=imports, nd="Gentzen.ND" in imports)
            body = re.sub(r"[^\n]", " ", text[: head.end()]) + text[head.end():]
        out = Outcome()
        for word, at, end in commands(body):
            if word in ("theorem", "example", "lemma"):
                state = check_declaration(self, state, body, at, end, out, root_goals,
                                          bool(getattr(req, "all_tactics", None)))
            elif word in ("variable", "open", "section", "namespace", "end", "set_option", "universe", "omit",
                          "include"):
                # the file reader keeps the context (core/reader/lean_file.py); what Lean reports here, it reports
                if word == "variable":
                    binders = parse_binders(blank_comments(body[at:end])[len("variable"):])
                    if binders is None or any(b == "[" for b, _x, _t in binders):
                        raise Unsupported(f"`{body[at:end].strip()}`: only binders `(x y : T)` / `{{x : T}}` are read")
                line0 = body.count("\n", 0, at)
                for it in state.read(body[at:end]):
                    if it.problem is not None and it.problem.kind != "unsupported":
                        where = P.Pos(line0 + it.problem.line, it.problem.column)
                        out.messages.append(P.Message("error", where, where, it.problem.message))
                state = state.extended(body[at:end], word)
            else:
                raise Unsupported(f"only `theorem`/`example` declarations and `variable`/`open`/`section`/"
                                  f"`namespace`/`end`/`set_option` are supported, not "
                                  f"`{word or body[at:end].split()[0]}`")
        tactics = tuple(P.Tactic(t.tactic, t.goals, self.new_proof(st), t.pos, t.end_pos, t.used_constants)
                        for st, t in out.tactics)
        messages = out.messages + self._not_produced(req)
        self.envs.append(state)
        return P.CommandResponse(env=len(self.envs) - 1, messages=tuple(messages),
                                 sorries=tuple(out.sorries + out.roots), tactics=tactics)

    def _not_produced(self, req) -> list[P.Message]:
        """A plain `info` note for what a client asked for and the kernel does not produce."""
        asked = [("infotree", "info trees")] if getattr(req, "infotree", None) else []
        if getattr(self, "asked_declarations", False):
            asked.append(("declarations", "declaration data"))
        zero = P.Pos(1, 0)
        return [P.Message("info", zero, zero, _NOT_PRODUCED.format(k, what)) for k, what in asked]

    def new_proof(self, state: K.ProofState, tainted: bool = False, pending: bool = False) -> int:
        self.proofs.append(_Proof(state, tainted, pending))
        return len(self.proofs) - 1

    # ------------------------------------------------------------ tactic mode

    def _tactic(self, req: P.ProofStep) -> P.Reply:
        if req.proof_state >= len(self.proofs):
            return P.Error(P.UNKNOWN_PROOF_STATE)
        proof = self.proofs[req.proof_state]
        text = req.tactic.strip()
        messages: tuple[P.Message, ...] = ()
        sorries: tuple[P.Sorry, ...] = ()
        tainted = proof.tainted
        with holes() as found:  # a `sorry` anywhere in the tactic is a hole, as in Lean's REPL
            nxt = proof.state.step(text)
        if isinstance(nxt, K.StepError):
            err = nxt.error
            if err.kind in ("forbidden", "unsupported"):
                raise Unsupported(err.message)
            if err.kind == "parse":
                if err.message.startswith("unknown tactic"):  # verbatim from unknown_tactic
                    return P.Error("Lean error:\n<input>:1:1: unknown tactic")
                return P.Error(f"Lean error:\n<input>:1:{max(0, err.column - 2)}: {err.message}")
            if err.kind in _RECOVERED and text.startswith("exact"):
                zero = P.Pos(0, 0)  # tactic-mode messages are relative to `<input>`
                messages = (P.Message("error", zero, zero, err.message),)
                state, tainted = proof.state.admit_main(text), True
            else:
                return P.Error(f"Lean error:\n{err.message}")
        else:
            # each admitted goal gets a proof state of its own, allocated before the step's (no
            # positions: tactic-mode sorries are on line 0, which the REPL omits)
            state = nxt.settle()
            sorries = tuple(P.Sorry(h.goal.render(), self.new_proof(proof.state.focus([h.goal]), tainted,
                                                                    proof.pending or bool(state.goals)))
                            for h in found)
            tainted = tainted or bool(found)
        goals = tuple(state.goals)
        if goals:
            status = P.OPEN_GOALS
        elif proof.pending:
            status = P.CONTAINS_MVARS
        else:
            status = P.CONTAINS_SORRY if tainted else P.COMPLETED
        return P.ProofStepResponse(self.new_proof(state, tainted, proof.pending), goals, status, messages, sorries)


def _blocks(stream):
    """Request blocks as the REPL reads them: lines up to a blank one, right-trimmed and joined
    without separators (so a raw newline inside a JSON string glues its neighbours). Works on a
    text or a binary stream (then blocks are bytes, decoded by `serve`)."""
    lines: list = []
    for raw in stream:
        line = raw.rstrip()
        if line:
            lines.append(line)
        elif lines:
            yield line[:0].join(lines)
            lines = []
    if lines:
        yield lines[0][:0].join(lines)


def _text(block) -> str | dict:
    """A block as text, or the error reply for bytes that are not UTF-8 (the server keeps going)."""
    if isinstance(block, str):
        return block
    try:
        return block.decode("utf-8")
    except UnicodeDecodeError as exc:
        return {"message": f"Could not parse JSON:\ninvalid UTF-8 at byte {exc.start} of the request"}


def serve(stdin=None, stdout=None) -> int:
    """Answer every request block on stdin; no input stops it but the end of stdin."""
    stdin = stdin or getattr(sys.stdin, "buffer", sys.stdin)  # bytes: a bad byte is one error reply
    stdout = stdout or sys.stdout
    repl = KernelRepl()
    for block in _blocks(stdin):
        text = _text(block)
        try:
            reply = text if isinstance(text, dict) else repl.handle_text(text)
        except Exception as exc:  # noqa: BLE001 - the last guard: a reply, never a dead server
            reply = {"message": f"gentzen kernel: internal error: {type(exc).__name__}: {exc}"}
        if reply is not None:
            stdout.write(P.pretty(reply) + "\n\n")
            stdout.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    sys.stdout.reconfigure(encoding="utf-8")
    sys.setrecursionlimit(10_000)
    try:
        return serve()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
