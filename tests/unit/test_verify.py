"""Verifier backends: the pre-Lean screen, the Lean verdict rule, kernel/REPL agreement, `both`
and the Kimina client (against the real HTTP app in process), and the resumable result log."""

from __future__ import annotations

import json

import pytest

from gentzen.bench.kernel import corpus
from gentzen.bench.mutations import mutations
from gentzen.repl import protocol as P
from gentzen.repl.results import ResultLog, item_key
from gentzen.repl.verdicts import Prepared, Verdict, lean_verdict, prepare
from gentzen.repl.verify import (BothVerifier, KernelVerifier, KiminaVerifier, ReplVerifier, Verifier, lean_repl_cmd,
                                 make_verifier, repl_checker, repl_command)

# (not `mt`: Lean's core declares it, so a REPL answers "already declared")
THM = "theorem mtollens (P Q : Prop) (h1 : P → Q) (h2 : ¬Q) : ¬P := by"
GOOD = "  intro n1\n  have n2 : Q := h1 n1\n  exact h2 n2"


@pytest.fixture(scope="module")
def repl():
    with ReplVerifier("gentzen repl", jobs=2, timeout=20) as v:  # the kernel-backed REPL, by name
        yield v


@pytest.mark.parametrize("body, kind, line", [
    ("  sorry", "forbidden", 2),
    ("  intro n1 -- a comment is whitespace: only code is screened\n  admit", "forbidden", 3),
    ("  open Classical in\n  exact h1", "forbidden", 2),
    ("  intro n1\n  run_tac Lean.Elab.Tactic.closeMainGoal default", "forbidden", 3),
    ("  exact sorryAx _ false", "forbidden", 2),
    ("  exact h2\ntheorem x : True := trivial", "forbidden", 3),  # a second declaration
    ("  intro n1\nexact h2 (h1 n1)", "parse", 3),  # column 0 would end the proof
    ("\tintro n1", "parse", 2),
])
def test_prepare_screens_before_lean(body, kind, line):
    v = prepare(THM, body)
    assert isinstance(v, Verdict) and not v.ok and (v.kind, v.line) == (kind, line), v


def test_prepare_pins_the_statement():
    changed = THM.replace(": ¬P := by", ": Q := by") + "\n" + GOOD
    v = prepare(THM, changed)
    assert isinstance(v, Verdict) and v.kind == "forbidden" and "statement" in v.message
    # the same statement (another name, split over lines) is fine; the body goes under OUR statement
    same = THM.replace("theorem mt", "theorem other").replace(" (h2", "\n    (h2") + "\n" + GOOD
    prep = prepare(THM, same)
    assert isinstance(prep, Prepared) and prep.first == 3
    assert prep.lean == THM + "\n" + GOOD
    assert prep.caller_line(3) == 4  # Lean's line 3 is the caller's line 4


def test_lean_verdict_rule():
    prep = prepare(THM, GOOD)
    ok = lean_verdict({"env": 0}, prep, "repl")
    assert ok.ok
    warn = {"severity": "warning", "pos": {"line": 1, "column": 8}, "data": "unused variable"}
    assert lean_verdict({"env": 0, "messages": [warn]}, prep, "repl").ok  # warnings are fine
    sorry = dict(warn, data="declaration uses `sorry`")
    v = lean_verdict({"env": 0, "messages": [sorry]}, prep, "repl")
    assert not v.ok and v.kind == "sorry"
    assert not lean_verdict({"env": 0, "messages": [dict(sorry, data="declaration uses 'sorry'")]}, prep, "r").ok
    assert lean_verdict({"env": 0, "sorries": [{"goal": "⊢ P"}]}, prep, "repl").kind == "sorry"
    err = {"severity": "error", "pos": {"line": 3, "column": 2}, "endPos": {"line": 3, "column": 5}, "data": "x"}
    v = lean_verdict(P.parse_reply({"env": 0, "messages": [warn, err]}), prep, "repl")
    assert not v.ok and v.kind == "lean_error" and (v.line, v.column) == (3, 2)
    assert lean_verdict({"message": "Unknown environment."}, prep, "repl").kind == "repl_error"


def items(n: int = 120):
    out = []
    for thm, proof in corpus(n, seed=3):
        out.append((thm, proof))
        out.extend((thm, m) for _, m in mutations(thm.statement(), proof)[:2])
    out += [(THM, "  sorry"), (THM, "  simp"), (THM, GOOD), (THM, "  intro n1\n  exact h2")]
    return out


def test_repl_backend_agrees_with_kernel(repl):
    xs = items()
    kernel = list(KernelVerifier().verify_many(xs))
    lean = list(repl.verify_many(xs))
    assert len(kernel) == len(lean) == len(xs)
    assert [v.ok for v in kernel] == [v.ok for v in lean]
    assert 0 < sum(v.ok for v in kernel) < len(xs)
    # single calls take the same road
    assert repl.verify(THM, GOOD).ok and not repl.verify(THM, "  intro n1").ok
    # the kernel-backed REPL is named as such, and its errors are never called Lean's
    assert repl.checker == "kernel-repl"
    bad = repl.verify(THM, "  intro n1\n  exact h1")
    assert bad.checker == "kernel-repl" and bad.kind == "kernel_repl_error" and bad.to_dict()["checker"] == "kernel-repl"
    assert {v.checker for v in kernel} == {"kernel"}


def test_repl_checker_names_who_answers():
    assert repl_checker(repl_command("gentzen repl")[0]) == "kernel-repl"
    assert repl_checker(repl_command(None)[0]) == "kernel-repl"
    assert repl_checker(["gentzen", "repl"]) == "kernel-repl"
    assert repl_checker(["lake", "exe", "repl"]) == "lean-repl"
    assert repl_checker(["/x/.lake/build/bin/repl"]) == "lean-repl"
    assert repl_checker(["python3", "fake_repl.py"]) == "repl-cmd"
    prep = prepare(THM, GOOD)
    err = {"severity": "error", "pos": {"line": 2, "column": 2}, "data": "boom"}
    assert lean_verdict({"env": 0, "messages": [err]}, prep, "repl", checker="kernel-repl").kind == "kernel_repl_error"
    assert lean_verdict({"env": 0, "messages": [err]}, prep, "repl", checker="repl-cmd").kind == "repl_cmd_error"
    assert lean_verdict({"env": 0, "messages": [err]}, prep, "repl", checker="lean-repl").kind == "lean_error"


def test_lean_repl_cmd_is_explicit(monkeypatch):
    import gentzen.repl.project as project
    from gentzen.errors import InputError

    assert lean_repl_cmd("gentzen repl") == "gentzen repl"   # asked for by name: allowed
    monkeypatch.setattr(project, "find_lake", lambda: None)
    with pytest.raises(InputError, match="`lake` is not on PATH.*--repl-cmd"):
        lean_repl_cmd(None, "both")
    with pytest.raises(InputError, match="needs Lean"):
        repl_command("lake")
    monkeypatch.setattr(project, "find_lake", lambda: "/usr/bin/lake")
    assert lean_repl_cmd(None) == "lake"


def test_prepare_ignores_words_in_comments():
    body = "  intro n1 -- TODO: no sorry here\n  /- admit -/ have n2 : Q := h1 n1\n-- a note at column 0\n  exact h2 n2"
    assert isinstance(prepare(THM, body), Prepared)
    assert prepare(THM, "  intro n1\n  exact sorry -- fine?").kind == "forbidden"


def test_kernel_verdict_positions_match_check_proof():
    v = KernelVerifier().verify(THM, "  intro n1\n  exact h1")
    assert not v.ok and (v.line, v.column, v.kind) == (3, 8, "type_mismatch")
    assert v.to_dict()["error"]["kind"] == "type_mismatch"
    assert KernelVerifier().verify("not a theorem ⊢ (", GOOD).kind == "parse"


class _Liar(Verifier):
    """A 'Lean' that accepts everything: `both` must still reject and log the disagreement."""

    name = "liar"

    def verify_many(self, items):
        for _ in items:
            yield Verdict(True, self.name)


def test_both_requires_agreement_and_logs(tmp_path):
    log = tmp_path / "dis.jsonl"
    with BothVerifier(_Liar(), log) as both:
        good, bad = both.verify_many([(THM, GOOD), (THM, "  intro n1\n  exact h1")])
    assert good.ok and good.detail is None
    assert not bad.ok and bad.detail["kernel"]["ok"] is False and bad.detail["lean"]["ok"] is True
    rows = [json.loads(x) for x in log.read_text().splitlines()]
    assert len(rows) == 1 and rows[0]["proof"].endswith("exact h1") and both.disagreements == 1


def test_both_over_repl_agrees(tmp_path):
    with make_verifier("both", jobs=1, repl_cmd="gentzen repl", disagreements=tmp_path / "d.jsonl") as v:
        out = list(v.verify_many(items(30)))
    assert all(x.detail is None for x in out) and not (tmp_path / "d.jsonl").exists()


def test_kimina_client_against_the_app():
    from starlette.testclient import TestClient

    from gentzen.repl.http import CheckService, create_app

    service = CheckService("kernel", workers=2)
    with TestClient(create_app(service, api_key="k"), base_url="http://test") as client:
        v = KiminaVerifier("http://test", jobs=2, batch_size=3)
        v.client.close()
        client.headers["Authorization"] = "Bearer k"
        v.client = client
        xs = items(20)
        got = [x.ok for x in v.verify_many(xs)]
        v.close()
    assert got == [x.ok for x in KernelVerifier().verify_many(xs)]


def test_kimina_request_failure_is_a_transport_error_not_a_verdict():
    with KiminaVerifier("http://127.0.0.1:9", jobs=1, timeout=1) as v:
        out = v.verify(THM, GOOD)
    assert not out.ok and out.kind == "transport" and "kimina request failed" in out.message
    assert out.status == "error" and out.to_dict()["status"] == "error"  # never `rejected`


def test_result_log_is_resumable_and_survives_a_torn_line(tmp_path):
    path = tmp_path / "r.jsonl"
    with ResultLog(path) as log:
        log.append({"key": "a", "ok": True})
        log.append({"key": "b", "ok": False})
    path.write_bytes(path.read_bytes() + b'{"key": "c", "ok')  # killed mid-write
    with ResultLog(path) as log:
        assert set(log.done) == {"a", "b"}
        log.append({"key": "c", "ok": True})
    rows = [json.loads(x) for x in path.read_text().splitlines() if x.startswith('{"key": "c", "ok":')]
    assert rows == [{"key": "c", "ok": True}]
    assert item_key(THM, GOOD) == item_key(THM, GOOD) != item_key(THM, GOOD + " ")
