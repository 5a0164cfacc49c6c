"""Verifier backends behind one interface: `kernel` (in process), `repl` (a pool of REPL
processes), `kimina` (a Kimina Lean Server over HTTP) and `both` (Lean and the kernel must agree).

Untrusted proof bodies pass the kernel's own screens (forbidden words, a changed statement) and go
to Lean only under the pinned statement; a Lean reply is valid iff it has no error and no sorry.
Every verdict names the checker that produced it (CHECKERS, gentzen.repl.checkers): kernel, lean-repl, kernel-repl
(`gentzen repl`), repl-cmd (a command line gentzen cannot identify), kimina, or reader (a local
policy screen before any checker: forbidden constructs, a changed statement).
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from gentzen.core.comments import blank_comments
from gentzen.core.kernel import check_proof
from gentzen.core.syntax import find_forbidden
from gentzen.core.theorem import Theorem, parse_theorem, split_surface
from gentzen.errors import GentzenError, InputError, ParseError
from gentzen.repl import protocol as P
from gentzen.repl.checkers import (CHECKERS, DEFAULT_KIMINA_URL, KERNEL_REPL, kimina_url,  # noqa: F401
                                   lean_repl_cmd, repl_checker, repl_command, require_checker, server_problem)
from gentzen.repl.errors import ReplError, ReplTimeout

BACKENDS = ("kernel", "repl", "kimina", "both")
# verdict kinds that say nothing about the proof (the request failed): status `error`, not `rejected`
TRANSPORT = ("transport", "timeout", "crash")
ND_MODULE = "Gentzen.ND"  # the one import a checked file may have (lean/Gentzen/ND.lean)
_SORRY_WARNING = re.compile(r"^declaration uses ['`]sorry['`]")


@dataclass(frozen=True)
class Verdict:
    """One proof's verdict. Lines are 1-based in the caller's text, columns 0-based code points."""

    ok: bool
    backend: str
    kind: str | None = None  # a kernel kind, or lean_error | kernel_repl_error | repl_cmd_error | sorry
    #                          | repl_error | timeout | crash
    message: str | None = None
    line: int | None = None
    column: int | None = None
    messages: tuple[dict, ...] = ()  # REPL-shaped messages (warnings included), caller's lines
    time_s: float = 0.0
    detail: dict | None = field(default=None, compare=False)  # `both`: each side's verdict
    checker: str = "kernel"  # kernel | lean-repl | kernel-repl | repl-cmd | kimina | reader | kernel+<lean side>

    @property
    def status(self) -> str:
        """accepted | rejected | error (the check did not happen: a transport failure, a timeout)."""
        return "accepted" if self.ok else "error" if self.kind in TRANSPORT else "rejected"

    @property
    def error(self) -> dict | None:
        if self.ok:
            return None
        return {"line": self.line, "column": self.column, "kind": self.kind, "message": self.message}

    def to_dict(self) -> dict:
        d = {"ok": self.ok, "status": self.status, "backend": self.backend, "checker": self.checker,
             "error": self.error,
             "time_s": round(self.time_s, 6)}
        if self.detail is not None:
            d["detail"] = self.detail
        return d


@dataclass(frozen=True)
class Prepared:
    """A screened proof: the pinned theorem and what goes under it (a tactic block, or the term of a
    `:= t` proof on a line of its own, at its own column)."""

    theorem: Theorem
    body: str
    first: int  # the caller's line number of the body's first line
    header: str | None = None  # the pinned statement: `… := by` (None), or `… :=` before a term

    @property
    def lean(self) -> str:
        return (self.header or self.theorem.statement()) + "\n" + self.body

    def caller_line(self, line: int) -> int:
        # the Lean text is statement (line 1) + body (from line 2); the caller's body starts at `first`
        return line if line <= 1 else line + self.first - 2


def _fail(backend: str, kind: str, message: str, line: int = 1, column: int = 0,
          checker: str = "reader") -> Verdict:
    # a screen before any checker runs is the reader's: local policy (the forbidden list, a changed
    # statement, column 0), never a checker's verdict on the proof
    msg = {"severity": "error", "pos": {"line": line, "column": column}, "data": message}
    return Verdict(False, backend, kind, message, line, column, (msg,), checker=checker)


def _theorem(theorem: Theorem | str) -> Theorem:
    return theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)


def prepare(theorem: Theorem | str, proof: str, backend: str = "lean") -> Prepared | Verdict:
    """Screen an untrusted proof before any Lean sees it; a Verdict when it is rejected here.

    Every declaration form Lean reads goes on (`:= by` then a block, tactics on the `by` line, a
    term `:= t`): what follows `:=` is sent under the pinned statement, at its own column. The
    checks are the kernel's (find_forbidden, statement equality) plus one that only matters to
    Lean: a line at column 0 would end the proof and start a new command."""
    try:
        thm = _theorem(theorem)
    except ParseError as e:
        return _fail(backend, "parse", f"cannot parse the theorem: {e.message}", 1, e.column or 0)
    if not isinstance(proof, str):
        return _fail(backend, "parse", "proof must be text")
    raw = proof.replace("\r\n", "\n").lstrip("\ufeff")
    # comments are whitespace to Lean: the screens read the code only (blanking keeps positions)
    blank = blank_comments(raw)
    try:
        parts = split_surface(blank)
    except InputError as e:  # ParseError, or a LimitError (a statement too large to read)
        return _fail(backend, "parse", getattr(e, "message", str(e)), getattr(e, "line", None) or 1,
                     getattr(e, "column", None) or 0)
    given, header = parts.theorem, None
    if given is None:  # a bare tactic block (what samplers send)
        body, code, first = raw, blank, 2
    else:
        if parts.body is None:  # a term: after `:=`, without `by`
            at, header = parts.term_at, thm.statement().removesuffix(" by")
        elif parts.by_form == "same_line":  # tactics after `by`: from the first tactic on
            at = _offset(blank, parts.by_pos[0]) + len(parts.body) - len(parts.body.lstrip(" "))
        else:  # the block below `by`
            at = len(blank) - len(parts.body)
        col = at - (blank.rfind("\n", 0, at) + 1)
        body, code, first = " " * col + raw[at:], " " * col + blank[at:], blank.count("\n", 0, at) + 1
    hit = find_forbidden(code)  # meta-level escapes (`run_tac`, `Lean.…`) included
    if hit is not None:
        pos, word = hit
        line = code.count("\n", 0, pos)
        col = pos - (code.rfind("\n", 0, pos) + 1)
        return _fail(backend, "forbidden", f"`{word}` is not allowed in a proof", line + first, col)
    if given is not None and (given.atoms, given.hyps, given.goal) != (thm.atoms, thm.hyps, thm.goal):
        return _fail(backend, "forbidden", "the proof changes the theorem statement")
    m = re.search(r"^[^ \n]", code, re.M)
    if m is not None:
        line = code.count("\n", 0, m.start())
        return _fail(backend, "parse", "every proof line must be indented with spaces (a line at "
                     "column 0 would end the proof)", line + first, 0)
    return Prepared(thm, body, first, header)


def _offset(text: str, line: int) -> int:
    """The offset of the start of 1-based `line` in `text`."""
    at = 0
    for _ in range(line - 1):
        at = text.index("\n", at) + 1
    return at


# The kind of an error message, by who wrote it: only Lean's own errors are `lean_error`.
ERROR_KIND = {"lean-repl": "lean_error", "kimina": "lean_error", "kernel-repl": "kernel_repl_error",
              "repl-cmd": "repl_cmd_error"}


def lean_verdict(reply: dict | P.Reply, prep: Prepared, backend: str, time_s: float = 0.0,
                 checker: str = "lean-repl", error_kind: str | None = None) -> Verdict:
    """A REPL command reply (or a Kimina `response`) as a Verdict: valid iff no error message,
    no `declaration uses sorry` warning and no sorries. A Kimina server runs Lean: its errors are
    `lean_error` with checker `kimina`, unless `error_kind` says otherwise (`gentzen serve` tells
    its clients when the kernel answers, and those are `kernel_repl_error`)."""
    d = P.to_json(reply)
    if not isinstance(d, dict):
        return _fail(backend, "repl_error", f"not a REPL reply: {d!r}", checker=checker)
    if "message" in d and "env" not in d and "messages" not in d:
        return Verdict(False, backend, "repl_error", str(d["message"]), 1, 0, time_s=time_s, checker=checker)
    msgs = []
    for m in d.get("messages") or ():
        m = dict(m)
        for key in ("pos", "endPos"):
            if isinstance(m.get(key), dict):
                m[key] = {"line": prep.caller_line(int(m[key]["line"])), "column": m[key]["column"]}
        msgs.append(m)
    bad = next((m for m in msgs if m.get("severity") == "error"), None)
    kind = error_kind or ERROR_KIND.get(checker, "lean_error")
    if bad is None:
        bad = next((m for m in msgs if m.get("severity") == "warning"
                    and _SORRY_WARNING.match(str(m.get("data", "")))), None)
        kind = "sorry"
    if bad is None and d.get("sorries"):
        bad, kind = {"data": "the proof contains `sorry`", "pos": {"line": 1, "column": 0}}, "sorry"
    if bad is None:
        return Verdict(True, backend, messages=tuple(msgs), time_s=time_s, checker=checker)
    pos = bad.get("pos") or {"line": 1, "column": 0}
    return Verdict(False, backend, kind, str(bad.get("data", "")), pos["line"], pos["column"],
                   tuple(msgs), time_s, checker=checker)


def _transport_verdict(exc: BaseException, backend: str, t: float, checker: str, failed: str = "crash") -> Verdict:
    # `failed`: what a non-timeout failure is (a REPL process crashed; an HTTP request failed: transport)
    kind = "timeout" if isinstance(exc, ReplTimeout) or "timed out" in str(exc) else failed
    return Verdict(False, backend, kind, str(exc).split("\nstderr:")[0], 1, 0, time_s=t, checker=checker)



class Verifier:
    """`verify(theorem, proof) -> Verdict`; `verify_many(pairs)` yields verdicts in input order."""

    name = "verifier"

    def verify(self, theorem: Theorem | str, proof: str) -> Verdict:
        return next(iter(self.verify_many([(theorem, proof)])))

    def verify_many(self, items: Iterable[tuple[Theorem | str, str]]) -> Iterator[Verdict]:
        raise NotImplementedError

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class KernelVerifier(Verifier):
    """The kernel in process: exactly `check_proof`, with its kinds and positions."""

    name = "kernel"
    checker = "kernel"
    strict_nd = False  # `--strict-nd`: only the natural-deduction subset (docs/proof-language.md)

    def verify_many(self, items):
        # an item is (theorem, proof), (theorem, proof, imports) or (…, imports, opens, lemmas): a .lean file's allowed
        # imports and opened namespaces, `import Gentzen.ND` bringing the rule names into scope as Lean's
        # `import` does, `open Classical` its names, its earlier accepted theorems as lemmas
        for theorem, proof, *rest in items:
            t0 = time.perf_counter()
            try:
                res = check_proof(_theorem(theorem), proof, strict_nd=self.strict_nd,
                                  nd_import=ND_MODULE in (rest[0] if rest else ()),
                                  opens=rest[1] if len(rest) > 1 else (),
                                  lemmas=rest[2] if len(rest) > 2 else None)
            except ParseError as e:
                yield _fail(self.name, "parse", f"cannot parse the theorem: {e.message}", 1, e.column or 0,
                            checker="kernel")
                continue
            dt = time.perf_counter() - t0
            if res.ok:
                yield Verdict(True, self.name, time_s=dt)
                continue
            e = res.error
            msg = {"severity": "error", "pos": {"line": e.line, "column": e.column}, "data": e.message}
            if e.end_line is not None and e.end_column is not None:
                msg["endPos"] = {"line": e.end_line, "column": e.end_column}
            yield Verdict(False, self.name, e.kind, e.message, e.line, e.column, (msg,), dt)


class _Windowed(Verifier):
    """Shared driver for concurrent backends: submit up to `window` items ahead, yield in order."""

    window = 64

    def _submit(self, prep: Prepared) -> Future:
        raise NotImplementedError

    def _finish(self, prep: Prepared, fut: Future, t0: float) -> Verdict:
        raise NotImplementedError

    def verify_many(self, items):
        pending: deque = deque()
        for theorem, proof, *_ in items:
            prep = prepare(theorem, proof, self.name)
            if isinstance(prep, Verdict):
                pending.append((prep, None, 0.0))
            else:
                pending.append((prep, self._submit(prep), time.perf_counter()))
            while len(pending) > self.window or (pending and pending[0][1] is None):
                yield self._pop(pending)
        while pending:
            yield self._pop(pending)

    def _pop(self, pending: deque) -> Verdict:
        prep, fut, t0 = pending.popleft()
        return prep if fut is None else self._finish(prep, fut, t0)


class ReplVerifier(_Windowed):
    """Proofs as commands on a ReplPool (bodies run on the empty header's env, so a Lean REPL
    imports `Init` once per child rather than once per proof)."""

    name = "repl"

    def __init__(self, repl_cmd: str | Sequence[str] | None = None, jobs: int = 2, *,
                 timeout: float = 60.0, memory_mb: int | None = None,
                 max_requests: int | None = 20_000, pool=None) -> None:
        from gentzen.repl.pool import ReplPool

        self._own = pool is None  # a pool handed in belongs to the caller, who closes it
        if pool is None:
            argv, cwd = repl_command(repl_cmd)
            pool = ReplPool(argv, workers=jobs, preamble="", timeout=timeout, memory_mb=memory_mb,
                            max_requests=max_requests, cwd=cwd, queue_size=8 * jobs)
        else:
            argv = list(getattr(pool, "argv", None) or getattr(pool, "cmd", None) or ())
        self.checker = repl_checker(argv) if argv else "repl-cmd"
        self.pool = pool
        self.window = 16 * len(pool.procs)

    def _submit(self, prep):
        return self.pool.submit(prep.lean)

    def _finish(self, prep, fut, t0):
        try:
            reply = fut.result()
        except ReplError as exc:
            return _transport_verdict(exc, self.name, time.perf_counter() - t0, self.checker)
        return lean_verdict(reply, prep, self.name, time.perf_counter() - t0, self.checker)

    def close(self) -> None:
        if self._own:
            self.pool.close()


class KiminaVerifier(_Windowed):
    """A Kimina Lean Server (or `gentzen serve`): batches of snippets POSTed to /api/check."""

    name = "kimina"
    checker = "kimina"

    def __init__(self, url: str = DEFAULT_KIMINA_URL, jobs: int = 2, *, api_key: str | None = None,
                 timeout: float = 60.0, batch_size: int = 8) -> None:
        import httpx

        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.client = httpx.Client(base_url=url.rstrip("/"), headers=headers, timeout=timeout + 30)
        self.timeout, self.batch_size = timeout, batch_size
        self.executor = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="kimina")
        self.window = batch_size * jobs * 2
        self._batch: list[tuple[str, str, Future]] = []
        self._n = 0
        self._error_kind: str | None = None  # by who the server says answers (`gentzen serve` says)

    def _served_by(self) -> str:
        """The kind of the server's error messages: `gentzen serve` names its checker in the
        `X-Gentzen-Checker` header of /health (a kernel-backed one is not Lean); Kimina's own
        server runs Lean."""
        if self._error_kind is None:
            try:
                who = self.client.get("/health", timeout=10).headers.get("x-gentzen-checker")
            except Exception:  # noqa: BLE001 - no header to read: the server says nothing of itself
                who = None
            self._error_kind = ERROR_KIND.get(who or "kimina", "lean_error")
        return self._error_kind

    def _submit(self, prep):
        self._served_by()
        fut: Future = Future()
        self._n += 1
        self._batch.append((f"s{self._n}", prep.lean, fut))
        if len(self._batch) >= self.batch_size:
            self._flush()
        return fut

    def _flush(self) -> None:
        batch, self._batch = self._batch, []
        if batch:
            self.executor.submit(self._post, batch)

    def _post(self, batch) -> None:
        payload = {"snippets": [{"id": i, "code": code} for i, code, _ in batch],
                   "timeout": int(self.timeout), "debug": False, "reuse": True, "infotree": None}
        try:
            r = self.client.post("/api/check", json=payload)
            r.raise_for_status()
            results = {x["id"]: x for x in r.json()["results"]}
        except Exception as exc:  # noqa: BLE001 - each snippet of the batch gets the failure
            for _, _, fut in batch:
                fut.set_exception(ReplError(f"kimina request failed: {exc!r}"))
            return
        for i, _, fut in batch:
            fut.set_result(results.get(i, {"error": "no result for this snippet"}))

    def _finish(self, prep, fut, t0):
        if not fut.done():
            self._flush()  # the caller waits on this one: do not hold a partial batch back
        try:
            res = fut.result()
        except ReplError as exc:
            return _transport_verdict(exc, self.name, time.perf_counter() - t0, self.checker, "transport")
        t = float(res.get("time") or 0.0)
        if res.get("error"):  # the server could not check it (no REPL free, a timeout): not a verdict
            return _transport_verdict(ReplError(res["error"]), self.name, t, self.checker, "transport")
        return lean_verdict(res.get("response") or {}, prep, self.name, t, self.checker, self._served_by())

    def close(self) -> None:
        self._flush()
        self.executor.shutdown(wait=True)
        self.client.close()


class BothVerifier(Verifier):
    """Accepted only when Lean and the kernel both accept; each disagreement is one JSONL line."""

    name = "both"

    def __init__(self, lean: Verifier, disagreements: str | Path | None = None) -> None:
        self.lean, self.kernel = lean, KernelVerifier()
        self.checker_lean = getattr(lean, "checker", lean.name)
        self.checker = f"kernel+{self.checker_lean}"
        self.path = Path(disagreements) if disagreements else None
        self.disagreements = 0
        self._lock = threading.Lock()

    def verify_many(self, items):
        items = list(items) if not isinstance(items, list) else items
        for (thm, proof, *_), k, l in zip(items, self.kernel.verify_many(items), self.lean.verify_many(items)):
            detail = {"kernel": k.to_dict(), "lean": l.to_dict()}
            if k.ok != l.ok:
                self._log(thm, proof, detail)
            worst = l if not l.ok else k
            yield Verdict(k.ok and l.ok, self.name, worst.kind, worst.message, worst.line, worst.column,
                          l.messages, k.time_s + l.time_s, detail if k.ok != l.ok else None,
                          f"kernel+{self.checker_lean}")

    def _log(self, thm, proof, detail: dict) -> None:
        with self._lock:
            self.disagreements += 1
            if self.path is None:
                return
            rec = {"theorem": str(_theorem(thm)) if isinstance(thm, Theorem) else thm, "proof": proof,
                   **detail}
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(json.dumps(rec, ensure_ascii=False) + "\n")

    def close(self) -> None:
        self.lean.close()


def make_verifier(backend: str = "kernel", *, jobs: int = 2, repl_cmd: str | None = None,
                  url: str | None = None, api_key: str | None = None, timeout: float = 60.0,
                  disagreements: str | Path | None = None) -> Verifier:
    """A verifier by name; `both` pairs the kernel with kimina when a URL is given, else a REPL.
    A REPL is Lean's (`lake exe repl`) unless `repl_cmd` names one: without Lean that is an
    InputError (lean_repl_cmd), never a silent kernel-backed stand-in."""
    if backend == "kernel":
        return KernelVerifier()
    if backend in ("repl", "both") and not (backend == "both" and url):
        repl_cmd = lean_repl_cmd(repl_cmd, backend)
    if backend == "repl":
        return ReplVerifier(repl_cmd, jobs, timeout=timeout)
    if backend == "kimina":
        return KiminaVerifier(kimina_url(url), jobs,
                              api_key=api_key or os.environ.get("LEAN_SERVER_API_KEY"), timeout=timeout)
    if backend == "both":
        lean = (make_verifier("kimina", jobs=jobs, url=url, api_key=api_key, timeout=timeout) if url
                else ReplVerifier(repl_cmd, jobs, timeout=timeout))
        return BothVerifier(lean, disagreements)
    raise GentzenError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")

