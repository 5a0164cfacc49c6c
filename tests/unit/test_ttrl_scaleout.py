"""Verification spread over several Kimina-compatible servers: proofs dealt to each server in turn,
a proof whose server is down retried on the next one; verdicts are the same as the kernel's."""

from __future__ import annotations

import pytest

from gentzen.repl.launch import free_port, start_serve
from gentzen.repl.verify import KernelVerifier
from gentzen.repl.scaleout import SpreadVerifier, make

THM = "theorem t (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by"
ITEMS = [(THM, "  exact h1 h2"), (THM, "  exact h2"), (THM, "  exact h1 h2"), (THM, "  exact h9"),
         (THM, "  have n1 : Q := h1 h2\n  exact n1"), (THM, "  exact h1")]


@pytest.fixture(scope="module")
def server():
    proc, url = start_serve([])
    yield url
    proc.terminate()
    proc.wait(timeout=30)


def test_two_live_servers_share_the_proofs(server):
    v = SpreadVerifier([server, server], timeout=20)
    got = [x.ok for x in v.verify_many(ITEMS)]
    v.close()
    assert got == [x.ok for x in KernelVerifier().verify_many(ITEMS)] == [True, False, True, False, True, False]
    assert v.served == [3, 3] and v.retried == 0


def test_a_dead_server_is_retried_on_the_next(server):
    dead = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    v = SpreadVerifier([dead, server], timeout=5, retries=1)
    got = [x.ok for x in v.verify_many(ITEMS)]
    v.close()
    assert got == [True, False, True, False, True, False]
    assert v.retried == 3 and v.served == [3, 6]


def test_all_dead_keeps_the_transport_verdict():
    v = SpreadVerifier([f"http://127.0.0.1:{free_port()}"] * 2, timeout=5, retries=1)
    got = list(v.verify_many(ITEMS[:2]))
    v.close()
    assert all(not x.ok and x.kind == "transport" and x.status == "error" for x in got)


def test_make_picks_the_backend():
    assert make("kernel", []).name == "kernel"
    spread = make("kimina", ["http://127.0.0.1:1", "http://127.0.0.1:2"])
    both = make("both", ["http://127.0.0.1:1", "http://127.0.0.1:2"])
    assert isinstance(spread, SpreadVerifier) and both.name == "both" and isinstance(both.lean, SpreadVerifier)
    spread.close()
    both.close()
