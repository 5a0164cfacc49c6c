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
from gentzen.core.comments import blank_comments
from gentzen.core.formula import atoms_of
from gentzen.core.theorem import split_proof, split_surface
from gentzen.errors import GentzenError
from gentzen.repl import protocol as P

_DECL = re.compile(r"^(theorem|example)\b", re.M)
_TOP = re.compile(r"^(\S+)", re.M)
_IDENT = re.compile(r"[^\W\d][\w'!?₀-₉]*")
_SORRY = "declaration uses `sorry`"
_UNUSED = ("Variable name `{}` is not explicitly referenced.\n\nThe binding can be removed (if "
           "unused) or named `_` (if used implicitly).\n\nNote: This linter can be disabled with "
           "`set_option linter.unusedVariables false`")
MAX_FILE_BYTES = 64 << 20  # a `{"path": …}` request reads at most this
_RECOVERED = ("unknown_identifier", "type_mismatch")  # Lean logs these and closes the goal by sorry


class Unsupported(Exception):
    """Outside the kernel's propositional subset: answered as an Error reply."""


@dataclass(frozen=True)
class _Proof:
    state: K.ProofState
    tainted: bool = False  # a goal was closed by `sorry` (error recovery or an explicit sorry)


def _surface_theorem(decl: str):
    """The statement of a declaration in any form Lean reads (`:= t`, `:= by tac`), or None."""
    try:
        return split_surface(blank_comments(decl)).theorem
    except GentzenError:
        return None


def _pos_at(text: str, offset: int, line0: int = 0) -> P.Pos:
    """Position of a character offset: 1-based line, 0-based code-point column (as Lean)."""
    line = text.count("\n", 0, offset)
    return P.Pos(line0 + line + 1, offset - (text.rfind("\n", 0, offset) + 1))


def _settle(state: K.ProofState) -> K.ProofState:
    # finished `have … := by` boxes and bullets close, as Lean's goal list shows them after the step
    return state.settle()


def _admit_main(state: K.ProofState, text: str) -> K.ProofState:
    """The state after Lean closes the main goal with a (synthetic) sorry."""
    return state.admit_main(text)


class KernelRepl:
    """The REPL's state: env ids (declared names) and proof-state ids, both append-only."""

    def __init__(self) -> None:
        self.envs: list[frozenset[str]] = []
        self.nd_envs: set[int] = set()  # env ids whose header has `import Gentzen.ND` (kept by env=N)
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
        return self.handle(req).to_json()

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
        if getattr(req, "all_tactics", None) or getattr(req, "infotree", None):
            raise Unsupported("allTactics and infotree are not produced")
        names = set(self.envs[env]) if env is not None else set()
        body = text
        nd = env in self.nd_envs
        if env is None:  # the header: imports are accepted (nothing beyond core is needed);
            # blank them out rather than cut them so that positions stay those of `text`
            head = re.match(r"(?:[ \t]*import\b[^\n]*(?:\n|$)|[ \t]*\n)*", text)
            # `import Gentzen.ND` brings the rule theorems and tactic macros into scope, as in Lean
            nd = "Gentzen.ND" in text[: head.end()].replace("import", " ").split()
            body = re.sub(r"[^\n]", " ", text[: head.end()]) + text[head.end():]
        messages: list[P.Message] = []
        sorries: list[P.Sorry] = []
        roots: list[P.Sorry] = []
        starts = [m.start() for m in _DECL.finditer(body)]
        stray = [m for m in _TOP.finditer(body[: starts[0] if starts else len(body)])
                 if not m.group(1).startswith("--")]
        if stray:
            raise Unsupported(f"only `theorem`/`example` declarations are supported, not "
                              f"`{stray[0].group(1)}`")
        for i, at in enumerate(starts):
            end = starts[i + 1] if i + 1 < len(starts) else len(body)
            self._declaration(body, at, end, names, messages, sorries, roots, root_goals, nd)
        self.envs.append(frozenset(names))
        if nd:
            self.nd_envs.add(len(self.envs) - 1)
        return P.CommandResponse(env=len(self.envs) - 1, messages=tuple(messages),
                                 sorries=tuple(sorries + roots))

    def _declaration(self, text: str, at: int, end: int, names: set, messages: list,
                     sorries: list, roots: list, root_goals: bool, nd: bool = False) -> None:
        decl = text[at:end].rstrip()
        line0 = text.count("\n", 0, at)
        whole = False  # the kernel checks the declaration as written (positions are the text's)
        try:
            # one parse of the statement: it is the costliest part of a request
            thm, proof, first = split_proof(re.sub(r":=\s*by\s+sorry\s*$", ":= by\n", decl))
        except GentzenError as exc:
            # a term (`:= t`) or tactics on the `by` line: the kernel reads those forms too
            thm = _surface_theorem(decl)
            if thm is None:
                raise Unsupported(f"not a propositional theorem ({exc})") from None
            proof, first, whole = decl, 1, True
        m = re.match(r"theorem\s+(\S+)", decl)
        name_at = (m.start(1), m.end(1)) if m else (0, len("example"))
        by = re.search(r":=\s*by\b", decl)
        if by is None and not whole:
            raise Unsupported("only tactic proofs (`:= by`) are supported")
        by_at = by.end() - 2 if by is not None else re.search(r":=\s*", decl).end()  # a term: where it starts
        name_pos = (_pos_at(decl, name_at[0], line0), _pos_at(decl, name_at[1], line0))
        if m and thm.name in names:
            messages.append(P.Message("error", *name_pos, f"'{thm.name}' has already been declared"))
            return
        state = K.start(thm, nd_import=nd)
        tail = decl[by.end():] if by is not None and not whole else ""
        if tail.strip() == "sorry":  # `:= by sorry`: one sorry holding the statement's goal
            s_at = by.end() + tail.index("sorry")
            sorries.append(P.Sorry(state.render(), self._new_proof(state), _pos_at(decl, s_at, line0),
                                   _pos_at(decl, s_at + 5, line0)))
            messages.append(P.Message("warning", *name_pos, _SORRY))
        else:
            if tail.split("\n", 1)[0].strip():
                raise Unsupported("tactics on the `:= by` line (the proof language starts on the next)")
            result = K.check_proof(thm, proof, nd_import=nd)
            if result.ok:
                used_in = decl[decl.index(":=") + 2:] if whole else proof
                messages.extend(self._unused(decl, thm, used_in, line0))
            else:
                messages.append(self._error(result.error, decl, first, by_at, line0, whole))
        if root_goals:  # after the declaration's own sorries, as the REPL allocates them
            roots.append(P.Sorry(state.render(), self._new_proof(state),
                                 _pos_at(decl, by_at, line0), _pos_at(decl, by_at, line0)))
        if m:
            names.add(thm.name)

    def _error(self, err: K.KernelError, decl: str, first: int, by_at: int, line0: int,
               whole: bool = False) -> P.Message:
        if err.kind in ("forbidden", "unsupported"):
            raise Unsupported(err.message)
        lines = decl.split("\n")
        if whole:  # the kernel read the declaration itself: its lines are the declaration's
            first = 2
        if err.line == 1 and not whole:  # the statement itself: the top block's `by` (unsolved goals)
            pos = _pos_at(decl, by_at, line0)
        else:
            pos = P.Pos(line0 + first + err.line - 2, err.column)
        if err.kind == "unsolved_goals":
            last = len(lines) - 1  # Lean's range runs to the end of the block
            endpos = P.Pos(line0 + last + 1, len(lines[last]))
        elif err.end_line is not None and err.end_column is not None:
            endpos = P.Pos(line0 + first + err.end_line - 2, err.end_column)
        else:
            endpos = pos
        return P.Message("error", pos, endpos, err.message)

    def _unused(self, decl: str, thm, proof: str, line0: int) -> list[P.Message]:
        # Lean's unused-variables linter, approximated by name occurrence in the proof text
        used = set(_IDENT.findall(proof))
        for f in [f for _, f in thm.hyps] + [thm.goal]:
            used |= atoms_of(f)
        head = decl[: decl.index(":=")]
        out = []
        for name in list(thm.atoms) + [h for h, _ in thm.hyps]:
            if name in used or name.startswith("_"):
                continue
            m = re.search(r"\(([^():]*\s)?" + re.escape(name) + r"(?=[\s:])", head)
            if m:
                at = m.end() - len(name)
                out.append(P.Message("warning", _pos_at(decl, at, line0),
                                     _pos_at(decl, at + len(name), line0), _UNUSED.format(name)))
        return out

    def _new_proof(self, state: K.ProofState, tainted: bool = False) -> int:
        self.proofs.append(_Proof(state, tainted))
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
        if text == "sorry":
            main = proof.state.open_goals[:1]
            if not main:
                return P.Error("Lean error:\nNo goals to be solved")
            # the admitted goal gets a proof state of its own, allocated before the step's
            alone = proof.state.focus_main()
            sorries = (P.Sorry(main[0].render(), self._new_proof(alone)),)
            state, tainted = _admit_main(proof.state, text), True
        else:
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
                    state, tainted = _admit_main(proof.state, text), True
                else:
                    return P.Error(f"Lean error:\n{err.message}")
            else:
                state = _settle(nxt)
        goals = tuple(state.goals)
        if goals:
            status = P.OPEN_GOALS
        else:
            status = P.CONTAINS_SORRY if tainted else P.COMPLETED
        return P.ProofStepResponse(self._new_proof(state, tainted), goals, status, messages, sorries)


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
