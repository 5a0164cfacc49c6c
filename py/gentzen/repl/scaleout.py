"""Verification spread over several Kimina-compatible servers, balanced on the client, with retries.

`make(cfg)` returns the run's verifier: the kernel, the local REPL pool, one Kimina server, or, with
`--verify-url` repeated, a `SpreadVerifier` that deals proofs to the servers in turn and sends a
proof whose server failed in transport (timeout, crash, refused connection) to the next server.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor

from gentzen.repl.verdicts import TRANSPORT, Verdict  # noqa: F401
from gentzen.repl.verify import KiminaVerifier, Verifier, make_verifier  # noqa: F401


class SpreadVerifier(Verifier):
    """Proofs dealt round-robin to N servers (one thread per server); a transport failure is retried
    on the following servers, `retries` times at most, before its verdict is kept."""

    name = "kimina"
    checker = "kimina"

    def __init__(self, urls: list[str], *, jobs: int = 2, timeout: float = 60.0, retries: int = 2,
                 api_key: str | None = None, clients: list[Verifier] | None = None) -> None:
        self.clients = clients if clients is not None else \
            [KiminaVerifier(u, jobs, api_key=api_key, timeout=timeout) for u in urls]
        self.retries = retries
        self.served = [0] * len(self.clients)    # verdicts each server returned (balance, retries included)
        self.retried = 0

    def verify_many(self, items: Iterable) -> Iterator[Verdict]:
        items = list(items)
        n = len(self.clients)
        verdicts: list[Verdict | None] = [None] * len(items)
        server = [k % n for k in range(len(items))]  # dealt in turn; a failed proof moves to the next server
        todo = list(range(len(items)))
        for attempt in range(self.retries + 1):
            if not todo:
                break
            shares = [[i for i in todo if server[i] == s] for s in range(n)]

            def check(s: int) -> list[tuple[int, Verdict]]:
                got = list(self.clients[s].verify_many([items[i] for i in shares[s]])) if shares[s] else []
                self.served[s] += len(got)
                return list(zip(shares[s], got))

            with ThreadPoolExecutor(max_workers=n) as ex:
                for pairs in ex.map(check, range(n)):
                    for i, v in pairs:
                        verdicts[i] = v
            todo = [i for i in todo if not verdicts[i].ok and verdicts[i].kind in TRANSPORT]
            if attempt < self.retries:
                self.retried += len(todo)
                for i in todo:
                    server[i] = (server[i] + 1) % n
        yield from verdicts

    def close(self) -> None:
        for c in self.clients:
            c.close()


def make(backend: str, urls: list[str], *, jobs: int = 2, repl_cmd: str | None = None) -> Verifier:
    """The verifier of a run: `urls` (≥ 2) spread kimina over servers; one URL is a plain kimina
    client; `both` pairs the kernel with either; otherwise `make_verifier(backend)` (repl/both: Lean's
    REPL, or `repl_cmd`)."""
    from gentzen.repl.verify import BothVerifier

    if len(urls) >= 2:
        spread = SpreadVerifier(urls, jobs=jobs)
        return BothVerifier(spread) if backend == "both" else spread
    if urls:
        return make_verifier("both" if backend == "both" else "kimina", jobs=jobs, url=urls[0])
    return make_verifier(backend, jobs=jobs, repl_cmd=repl_cmd)
