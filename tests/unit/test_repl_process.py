"""ReplProcess against a fake REPL program: framing, timeouts, crashes, caps, recycling, cleanup."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from gentzen.repl import protocol as P
from gentzen.repl.errors import (ReplCrashed, ReplError, ReplProtocolError, ReplTimeout,
                                 ReplUnavailable)
from gentzen.repl.process import ReplProcess

FAKE = [sys.executable, "-S", "-I", str(Path(__file__).parents[1] / "fixtures" / "fake_repl.py")]


def group(pgid: int) -> list[tuple[int, str]]:
    """(pid, state) of every process in a process group, from /proc."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[2]) == pgid:
                out.append((int(d), fields[0]))
    return out


def gone(pgid: int, wait: float = 2.0) -> bool:
    """No live process left in the group (the child itself is reaped by ReplProcess; a
    reparented grandchild is reaped by init, which may take it a moment)."""
    end = time.monotonic() + wait
    while time.monotonic() < end:
        if pgid not in [p for p, _ in group(pgid)] and all(s == "Z" for _, s in group(pgid)):
            return True
        time.sleep(0.02)
    return False


def echo(reply) -> str:
    assert isinstance(reply, P.CommandResponse), reply
    return reply.messages[0].data


def test_multiline_replies_and_values():
    with ReplProcess(FAKE, timeout=5) as repl:
        assert echo(repl.send(P.Command("hello\nworld ⊢"))) == "hello\nworld ⊢"
        assert echo(repl.send({"cmd": "dict requests work too"})) == "dict requests work too"
        # a Lean-side error reply is a value, not an exception
        assert repl.send(P.Command("x", env=99)) == P.Error(P.UNKNOWN_ENV)
        step = repl.send(P.ProofStep("rfl", 0))
        assert step.proof_status == P.COMPLETED and step.goals == ()
        assert repl.requests == 4 and repl.starts == 1


def test_replays_a_real_transcript(transcripts_dir):
    name = "proof_branching"
    argv = FAKE + ["--replay", str(transcripts_dir / f"{name}.expected.out")]
    requests = (transcripts_dir / f"{name}.in").read_text(encoding="utf-8").split("\n\n")
    with ReplProcess(argv, timeout=5) as repl:
        replies = [repl.send(P.parse_request(__import__("json").loads(r))) for r in requests if r.strip()]
    out = "".join(P.dumps(r) for r in replies)
    assert out == (transcripts_dir / f"{name}.expected.out").read_text(encoding="utf-8")


def test_timeout_kills_the_whole_group_then_restarts():
    repl = ReplProcess(FAKE, timeout=0.5)
    try:
        repl.start()
        pgid = repl.pid
        t0 = time.monotonic()
        with pytest.raises(ReplTimeout) as info:
            repl.send(P.Command("hang_child"))
        assert time.monotonic() - t0 < 2.0
        assert "grandchild" in info.value.stderr  # the child's stderr travels with the error
        assert gone(pgid), group(pgid)  # the `sleep` grandchild died too
        assert not repl.alive
        assert echo(repl.send(P.Command("after"))) == "after"
        assert repl.restarts == 1 and repl.timeouts == 1
    finally:
        repl.close()


def test_crash_raises_with_stderr_and_restarts():
    with ReplProcess(FAKE, timeout=5) as repl:
        first = int(echo(repl.send(P.Command("pid"))))
        with pytest.raises(ReplCrashed) as info:
            repl.send(P.Command("crash"))
        assert info.value.returncode == 3
        assert "boom, crashing on purpose" in info.value.stderr
        assert "boom" in str(info.value)
        assert not os.path.exists(f"/proc/{first}")  # reaped: no zombie
        assert int(echo(repl.send(P.Command("pid")))) != first


def test_malformed_json_is_a_protocol_error():
    with ReplProcess(FAKE, timeout=5) as repl:
        with pytest.raises(ReplProtocolError, match="malformed reply"):
            repl.send(P.Command("malformed"))
        assert echo(repl.send(P.Command("ok"))) == "ok"


def test_hundred_megabyte_reply():
    with ReplProcess(FAKE, timeout=30) as repl:
        assert len(echo(repl.send(P.Command(f"big:{100 << 20}")))) == 100 << 20
    with ReplProcess(FAKE, timeout=30, max_reply_bytes=1 << 20) as repl:
        with pytest.raises(ReplProtocolError, match="exceeds"):
            repl.send(P.Command(f"big:{100 << 20}"))
        assert echo(repl.send(P.Command("small"))) == "small"


def test_memory_cap():
    with ReplProcess(FAKE, timeout=10, memory_mb=256) as repl:
        with pytest.raises(ReplCrashed) as info:
            repl.send(P.Command("alloc:1024"))
        assert "MemoryError" in info.value.stderr
        assert echo(repl.send(P.Command("alloc:16"))) == str(16 << 20)


def test_recycling_after_n_requests():
    with ReplProcess(FAKE, timeout=5, max_requests=3) as repl:
        pids = [echo(repl.send(P.Command("pid"))) for _ in range(7)]
        assert pids[0] == pids[1] == pids[2] != pids[3] == pids[4] == pids[5] != pids[6]
        assert repl.restarts == 2


def test_header_reuse():
    with ReplProcess(FAKE, timeout=5, preamble="import Header", max_requests=2) as repl:
        r = repl.run_body("body one")
        assert repl.header_env == 0 and r.env == 1
        assert echo(repl.run_body("body two")) == "body two"
        assert echo(repl.run_body("after recycle")) == "after recycle"  # preamble re-run
        assert repl.header_env == 0 and repl.starts == 2


def test_failing_preamble_and_missing_program():
    with pytest.raises(ReplUnavailable, match="preamble failed"):
        ReplProcess(FAKE, preamble="error:unknown module").start()
    with pytest.raises(ReplUnavailable, match="cannot start"):
        ReplProcess(["/nonexistent/repl"]).send(P.Command("x"))
    with pytest.raises(ReplCrashed):
        ReplProcess([sys.executable, "-c", "import sys; sys.exit(0)"], timeout=5).send(P.Command("x"))
    assert issubclass(ReplTimeout, ReplError)


_DRIVER = textwrap.dedent("""
    import sys, threading, time
    from gentzen.repl.process import ReplProcess
    from gentzen.repl import protocol as P
    repl = ReplProcess({fake!r}, timeout=600)
    repl.start()
    print(repl.pid, flush=True)
    if sys.argv[1] == "exit":
        threading.Thread(target=repl.send, args=(P.Command("hang_child"),), daemon=True).start()
        time.sleep(0.5)
        sys.exit(0)  # interpreter exit with a request in flight: atexit must reap the group
    repl.send(P.Command("hang_child"))  # Ctrl-C arrives while we wait for the reply
""")


@pytest.mark.parametrize("how", ["exit", "sigint"])
def test_no_orphans_on_exit_or_ctrl_c(how, tmp_path):
    script = tmp_path / "driver.py"
    script.write_text(_DRIVER.format(fake=FAKE))
    drv = subprocess.Popen([sys.executable, str(script), how], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
    pgid = int(drv.stdout.readline())
    end = time.monotonic() + 5
    while len(group(pgid)) < 2 and time.monotonic() < end:  # fake + its `sleep` grandchild
        time.sleep(0.02)
    assert len(group(pgid)) == 2
    if how == "sigint":
        drv.send_signal(signal.SIGINT)
    drv.wait(timeout=10)
    assert gone(pgid), group(pgid)
    if how == "sigint":
        assert "KeyboardInterrupt" in drv.stderr.read()
