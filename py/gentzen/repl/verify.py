"""Verifier backends behind one interface: `kernel` (in process), `repl` (a pool of REPL
processes), `kimina` (a Kimina Lean Server over HTTP) and `both` (Lean and the kernel must agree).

Untrusted proof bodies pass the kernel's own screens (forbidden words, a changed statement) and go
to Lean only under the pinned statement; a Lean reply is valid iff it has no error and no sorry.
Every verdict names the checker that produced it (CHECKERS, gentzen.repl.checkers): kernel, lean-repl, kernel-repl
(`gentzen repl`), repl-cmd (a command line gentzen cannot identify), kimina, or reader (a local
policy screen before any checker: forbidden constructs, a changed statement). A verdict, the
screening and the reading of a Lean reply are verdicts.py's.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import Theorem
from gentzen.errors import GentzenError, ParseError
from gentzen.repl.checkers import (CHECKERS, DEFAULT_KIMINA_URL, KERNEL_REPL, kimina_url,  # noqa: F401
                                   lean_repl_cmd, repl_checker, repl_command, require_checker, server_problem)
from gentzen.repl.errors import ReplError
from gentzen.repl.verdicts import (ERROR_KIND, Prepared, Verdict, as_theorem, lean_verdict, prepare, reader_verdict,
                                   transport_verdict)

BACKENDS = ("kernel", "repl", "kimina", "both")
ND_MODULE = "Gentzen.ND"  # the one import a checked file may have (lean/Gentzen/ND.lean)


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
                res = check_proof(as_theorem(theorem), proof, strict_nd=self.strict_nd,
                                  nd_import=ND_MODULE in (rest[0] if rest else ()),
                                  opens=rest[1] if len(rest) > 1 else (),
                                  lemmas=rest[2] if len(rest) > 2 else None)
            except ParseError as e:
                yield reader_verdict(self.name, "parse", f"cannot parse the theorem: {e.message}", 1, e.column or 0,
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
            return transport_verdict(exc, self.name, time.perf_counter() - t0, self.checker)
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
            return transport_verdict(exc, self.name, time.perf_counter() - t0, self.checker, "transport")
        t = float(res.get("time") or 0.0)
        if res.get("error"):  # the server could not check it (no REPL free, a timeout): not a verdict
            return transport_verdict(ReplError(res["error"]), self.name, t, self.checker, "transport")
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
            rec = {"theorem": str(as_theorem(thm)) if isinstance(thm, Theorem) else thm, "proof": proof,
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

