"""The parts of gentzen.bench.lean_agreement that need no Lean: message parsing and verdicts,
proof chunking, mutations, and the REPL protocol (against a fake `lake` that speaks it).

The real comparison with Lean is tests/lean/test_lean_agreement.py (marked requires_lean).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import textwrap
from pathlib import Path

import pytest

from gentzen.bench import lean_agreement as la
from gentzen.bench import lean_process as lp
from gentzen.bench import mutations as mu

ST = "theorem t (P Q R : Prop) (h1 : P → Q) (h2 : Q → R) (h3 : P ∧ Q) : P → R := by"
PROOF = "  have n1 : P → R := by\n    intro n2\n    exact h2 (h1 n2)\n  exact n1"


def test_parse_lean_cli_output_multiline_and_error_codes():
    out = textwrap.dedent("""\
        /tmp/x/Check.lean:3:8: error(lean.unknownIdentifier): Unknown identifier `h3`
        /tmp/x/Check.lean:5:2: error: unsolved goals
        case right
        P Q : Prop
        ⊢ Q
        /tmp/x/Check.lean:9:8: warning: declaration uses `sorry`
        other.lean:1:0: error: not ours
        """)
    msgs = lp.parse_lean_output(out, "Check.lean")
    assert [(m.severity, m.line, m.column) for m in msgs] == [("error", 3, 8), ("error", 5, 2), ("warning", 9, 8)]
    assert msgs[0].text == "Unknown identifier `h3`"
    assert msgs[1].text == "unsolved goals\ncase right\nP Q : Prop\n⊢ Q"
    # a foreign file's header is not a message of ours, and does not extend the previous one either
    assert "not ours" not in msgs[2].text or msgs[2].text.startswith("declaration uses")


def test_lean_verdict_rules():
    M = lp.LeanMessage
    assert lp.lean_accepts([])
    assert lp.lean_accepts([M("warning", 1, 0, "unused variable `x`")])
    assert not lp.lean_accepts([M("error", 1, 0, "No goals to be solved")])
    assert not lp.lean_accepts([M("warning", 1, 8, "declaration uses `sorry`")])
    assert not lp.lean_accepts([M("warning", 1, 8, "declaration uses 'sorry'")])  # pre-4.28 spelling
    resp = {"messages": [{"severity": "error", "pos": {"line": 2, "column": 2}, "data": "x"}], "env": 0}
    assert lp.repl_messages(resp) == [M("error", 2, 2, "x")]


def test_split_chunks_keeps_boxes_and_bullets_whole():
    assert mu.split_chunks(PROOF) == [["  have n1 : P → R := by", "    intro n2", "    exact h2 (h1 n2)"],
                                      ["  exact n1"]]
    bullets = "  rcases h1 with n1 | n2\n  · intro n3\n    exact n3\n\n  · exact n2"
    chunks = mu.split_chunks(bullets)
    assert [c[0].strip() for c in chunks] == ["rcases h1 with n1 | n2", "· intro n3", "· exact n2"]
    assert mu.chunk_tactic(chunks[1]) == "· intro n3\n  exact n3"
    assert mu.chunk_tactic(chunks[0]) == "rcases h1 with n1 | n2"


def test_mutations_cover_every_kind_and_change_the_proof():
    proof = PROOF.replace("  exact n1", "  have n3 : P := h3.1\n  exact n1")
    muts = dict(mu.mutations(ST, proof))
    assert set(muts) == set(mu.MUTATION_KINDS)
    for kind, text in muts.items():
        assert text != proof, kind
    assert len(muts["deleted_line"].split("\n")) == 4
    assert "h3.2" in muts["swapped_rule"]
    assert "¬(P → R)" in muts["changed_formula"] or "¬(P)" in muts["changed_formula"]
    assert any(ln.startswith("   ") and not ln.startswith("    ") or ln.startswith("     ")
               for ln in muts["broken_indentation"].split("\n"))
    assert mu.mutations(ST, proof) == mu.mutations(ST, proof)  # deterministic
    assert dict(mu.mutations(ST, "  exact h2 (h1 n2)")).keys() == {"wrong_citation"}  # one line: no delete/indent


def test_wrong_citation_only_replaces_cited_names():
    for seed in range(40):
        (kind, text), *_ = mu.mutations(ST, "  intro n1\n  exact h2 (h1 n1)", seed=seed)
        assert kind == "wrong_citation"
        assert text.split("\n")[0] == "  intro n1"  # the binder of `intro` is never touched


def test_swapped_rule_sites():
    st = "theorem t (P Q : Prop) (h1 : P ∧ Q) : Q ∨ P := by"
    for seed in range(20):
        muts = dict(mu.mutations(st, "  have n1 : Q := h1.2\n  exact Or.inl n1", seed=seed))
        assert muts["swapped_rule"] in ("  have n1 : Q := h1.1\n  exact Or.inl n1",
                                        "  have n1 : Q := h1.2\n  exact Or.inr n1")
    (only,) = [t for k, t in mu.mutations("theorem t (P Q : Prop) (h1 : P) : P ∨ Q := by",
                                          "  left\n  exact h1") if k == "swapped_rule"]
    assert only == "  right\n  exact h1"


# A fake `lake` whose `exe repl` speaks the REPL protocol: JSON requests separated by blank lines,
# pretty-printed JSON replies each followed by a blank line.
FAKE_LAKE = r'''#!PYTHON
import json, sys
if sys.argv[1:] != ["exe", "repl"]:
    sys.exit(3)
buf = ""
state = 0
def reply(obj):
    sys.stdout.write(json.dumps(obj, indent=1, ensure_ascii=False) + "\n\n")
    sys.stdout.flush()
for line in sys.stdin:
    if line.strip():
        buf += line
        continue
    if not buf:
        continue
    req, buf = json.loads(buf), ""
    cmd = req.get("cmd", "")
    if cmd == "hang":
        continue
    if cmd == "#eval Lean.versionString":
        reply({"messages": [{"severity": "info", "pos": {"line": 1, "column": 0}, "data": "\"4.32.0\""}], "env": 0})
    elif cmd.endswith(":= by sorry"):
        state += 1
        reply({"sorries": [{"proofState": state, "goal": "P : Prop\nh1 : P\n⊢ P"}], "env": 0})
    elif "tactic" in req:
        state += 1
        reply({"proofStatus": "Completed", "proofState": state, "goals": []})
    elif "BAD" in cmd:
        reply({"messages": [{"severity": "error", "pos": {"line": 2, "column": 2}, "data": "Unknown identifier `BAD`"}], "env": 0})
    else:
        reply({"env": 0})
'''


@pytest.fixture
def fake_lake(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "bin" / "lake"
    path.parent.mkdir()
    path.write_text(FAKE_LAKE.replace("PYTHON", sys.executable), encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{path.parent}{os.pathsep}{os.environ.get('PATH', '')}")
    return tmp_path


def test_repl_protocol_round_trip(fake_lake):
    with lp.Repl(fake_lake, timeout=20) as repl:
        assert la.checking_env(repl) == 0
        assert repl.command("theorem t (P : Prop) (h1 : P) : P := by\n  exact h1") == {"env": 0}
        bad = repl.command("theorem t (P : Prop) (h1 : P) : P := by\n  exact BAD")
        assert not lp.lean_accepts(lp.repl_messages(bad))
        assert la.repl_goals(repl, "theorem t (P : Prop) (h1 : P) : P := by", "  exact h1") == (
            ["P : Prop\nh1 : P\n⊢ P"], [[]])
    assert la.lean_version(fake_lake, timeout=20) == "4.32.0"


def test_repl_times_out_instead_of_hanging(fake_lake):
    with lp.Repl(fake_lake, timeout=1) as repl, pytest.raises(lp.ReplError, match="no answer"):
        repl.command("hang")


def test_main_without_lake_exits_with_a_clear_message(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path))  # an empty directory: no lake
    assert la.main(["--out", str(tmp_path / "r.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "lake" in err and "v4.32.0" in err and "docs/lean.md" in err
    assert not (tmp_path / "r.jsonl").exists()


def test_load_sets_and_statement_of(tmp_path):
    f = tmp_path / "demo.jsonl"
    f.write_text('{"name": "a", "theorem": "theorem a (P : Prop) (h1 : P) : P", "proof": "  exact h1"}\n\n'
                 '{"name": "b", "sequent": "P ⊢ P"}\n', encoding="utf-8")
    sets = la.load_sets([tmp_path])
    assert list(sets) == ["demo"] and [r["name"] for r in sets["demo"]] == ["a", "b"]
    assert la.statement_of(sets["demo"][0]) == "theorem a (P : Prop) (h1 : P) : P := by"
    items = list(la.iter_items(sets, limit=None))
    # the problem-only record "b" has no proof to compare
    assert [s for s, _ in items] == ["builtin"] * len(la.BUILTIN_ITEMS) + ["demo"]


def test_main_writes_disagreements_and_exit_code(fake_lake, tmp_path, monkeypatch, capsys):
    # Lean here is the fake REPL (accepts every proof, closes every goal); the kernel is stubbed to
    # reject proofs citing `Or.inr`, so exactly those rows must be reported as disagreements.
    monkeypatch.setattr(la, "kernel_check", lambda st, pr: ("Or.inr" not in pr, None))
    monkeypatch.setattr(la, "kernel_goals",
                        lambda st, pr: (["P : Prop\nh1 : P\n⊢ P"], [[] for _ in mu.split_chunks(pr)]))
    sets_dir = tmp_path / "sets"
    sets_dir.mkdir()
    (sets_dir / "demo.jsonl").write_text(
        '{"name": "a", "theorem": "theorem a (P : Prop) (h1 : P) : P := by", "proof": "  exact h1"}\n',
        encoding="utf-8")
    out = tmp_path / "report.jsonl"
    assert la.main(["--out", str(out), "--sets", str(sets_dir), "--timeout", "20"]) == 1
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows and all(not r["agree"] and "Or.inr" in r["proof"] for r in rows)
    assert {r["name"] for r in rows} == {"or_comm'"}
    assert "disagreements" in capsys.readouterr().out

    monkeypatch.setattr(la, "kernel_check", lambda st, pr: (True, None))
    assert la.main(["--out", str(out), "--sets", str(sets_dir), "--all", "--no-mutations"]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert {r["variant"] for r in rows} == {"reference", "goals"} and all(r["agree"] for r in rows)
    assert {r["set"] for r in rows} == {"builtin", "demo"}
