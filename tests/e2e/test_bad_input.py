"""Every command × every kind of bad input, through the real CLI: one `error:` line, a non-zero
exit, no traceback, no "internal error" (the last-resort handler's mark of an unvalidated input).

The cases run in one child process (`gentzen.cli.main.main(argv)` per case, stdout/stderr
captured, anything escaping main() recorded as a traceback), so ~200 cases take seconds; a few
also run as separate `python -m gentzen.cli.main` processes to check the real entry point.
A command registered without rows here fails `test_every_command_has_rows`.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# kind -> argv; None: the kind does not apply to the command (the reason is the comment beside it).
# {missing} {empty} {dir} {bin} {utf8} {garbage} are files (.jsonl/.txt/.lean chosen per row).
TXT = dict(missing="nope.txt", empty="empty.txt", dir="adir", bin="bin.txt", utf8="bad.txt", garbage="garbage.txt")
JSONL = dict(missing="nope.jsonl", empty="empty.jsonl", dir="adir", bin="bin.jsonl", utf8="bad.jsonl",
             garbage="garbage.jsonl")
LEAN = dict(missing="nope.lean", empty="empty.lean", dir="adir", bin="bin.lean", utf8="bad.lean",
            garbage="garbage.lean")
FILE_KINDS = ("missing", "empty", "dir", "bin", "utf8", "garbage")


def files(argv_of, names):
    """Rows for the six file kinds: argv_of(path) for each kind's file."""
    return {k: argv_of(names[k]) for k in FILE_KINDS}


GOOD = "P → Q, P ⊢ Q"
CASES: dict[str, dict[str, list[str] | None]] = {
    "valid": {**files(lambda f: ["valid", "--file", f], TXT),
              "malformed": ["valid", "P ⊢ ("], "range": ["valid", "--max-decisions", "0", GOOD],
              "flag": ["valid", "--bogus", GOOD], "file": ["valid", "garbage.txt"]},  # a file is no sequent
    "verify": {**files(lambda f: ["verify", f], LEAN),
               "malformed": ["verify", "garbage.jsonl"], "range": ["verify", "--jobs", "0", "ok.lean"],
               "choice": ["verify", "--backend", "foo", "ok.lean"], "out": ["verify", "ok.lean", "--out", "adir"],
               "timeout": ["verify", "--timeout", "-1", "ok.lean"], "flag": ["verify", "--bogus", "ok.lean"],
               "shard": ["verify", "--shard", "1of2", "ok.lean"], "merge": ["verify", "ok.lean", "--merge", "nope.jsonl"]},
    # state --steps with text that is no proof line is a verdict (the step's Lean error, exit 1)
    "state": {**files(lambda f: ["state", GOOD, "--steps", f], TXT), "garbage": None,
              "malformed": ["state", "P ⊢ ("], "flag": ["state", "--bogus", GOOD]},
    "repl": {"flag": ["repl", "--bogus"]},  # its input is stdin: tests/e2e/test_server_fuzz.py
    "serve": {"range": ["serve", "--port", "99999"], "negative": ["serve", "--port", "-1"],
              "choice": ["serve", "--backend", "foo"], "workers": ["serve", "--workers", "0"],
              "timeout": ["serve", "--timeout", "0"], "malformed": ["serve", "--port", "eighty"],
              "host": ["serve", "--host", "999.1.1.1", "--backend", "kernel"],
              "flag": ["serve", "--bogus"]},
    "prove": {"missing": ["prove", GOOD, "--model", "nope_model"], "dir": ["prove", GOOD, "--model", "adir"],
              "malformed": ["prove", "P ⊢ ("], "range": ["prove", GOOD, "-k", "0"],
              "negative": ["prove", GOOD, "-k", "-3"], "temperature": ["prove", GOOD, "--temperature", "-1"],
              "choice": ["prove", GOOD, "--device", "foo"], "method": ["prove", GOOD, "--method", "foo"],
              "engine": ["prove", GOOD, "--engine", "foo"], "flag": ["prove", "--bogus", GOOD],
              "file": ["prove", "garbage.txt"], "folder": ["prove", "adir"]},  # a file name is no statement
    "export-lean": {**files(lambda f: ["export-lean", f, "--out", "x.lean"], JSONL),
                    "out": ["export-lean", "set.jsonl", "--out", "adir"], "flag": ["export-lean", "--bogus"]},
    "gen": {"range": ["gen", "--count", "-1"], "malformed": ["gen", "--atoms", "1x"],
            "premises": ["gen", "--premises", "a-b"], "choice": ["gen", "--family", "foo"],
            "out": ["gen", "--count", "2", "--out", "adir"], "flag": ["gen", "--bogus"]},
    "variants": {**files(lambda f: ["variants", f], JSONL), "range": ["variants", "set.jsonl", "--depth", "0"],
                 "flag": ["variants", "--bogus", "set.jsonl"]},
    "compose": {**files(lambda f: ["compose", GOOD, f], JSONL), "malformed": ["compose", "P ⊢ (", "set.jsonl"],
                "flag": ["compose", "--bogus", GOOD, "set.jsonl"]},
    "tui": {"flag": ["tui", "--bogus"], "range": ["tui", "--threads", "-1", GOOD],  # interactive: its own tests drive it
            "file": ["tui", "garbage.txt"]},  # neither .lean nor .jsonl: not read as the atom `garbage.txt`
    "bench kernel": {"range": ["bench", "kernel", "--n", "0"], "malformed": ["bench", "kernel", "--n", "x"],
                     "flag": ["bench", "kernel", "--bogus"]},
    "bench repl": {"range": ["bench", "repl", "--n", "0"], "flag": ["bench", "repl", "--bogus"]},
    "bench gen": {"range": ["bench", "gen", "--count", "0"], "flag": ["bench", "gen", "--bogus"]},
    "bench startup": {"range": ["bench", "startup", "--runs", "0"], "flag": ["bench", "startup", "--bogus"]},
    "bench sampler": {"flag": ["bench", "sampler", "--bogus"]},
    "bench loops": {"range": ["bench", "loops", "--samples", "0"], "flag": ["bench", "loops", "--bogus"]},
    "bench sync": {"range": ["bench", "sync", "--repeats", "0"], "malformed": ["bench", "sync", "--lora", "0:4"],
                   "model": ["bench", "sync", "--model", "nope_model"], "flag": ["bench", "sync", "--bogus"]},
    "train sft": {**files(lambda f: ["train", "sft", "--data", f, "--out", "m", "--seconds", "1"], JSONL),
                  "batch": ["train", "sft", "--data", "set.jsonl", "--out", "m", "--batch-size", "0"],
                  "lr": ["train", "sft", "--data", "set.jsonl", "--out", "m", "--lr", "-1"],
                  "vocab": ["train", "sft", "--data", "set.jsonl", "--out", "m", "--vocab-size", "10"],
                  "range": ["train", "sft", "--data", "set.jsonl", "--out", "m", "--seconds", "-1"],
                  "out": ["train", "sft", "--data", "set.jsonl", "--out", "empty.txt"],
                  "choice": ["train", "sft", "--data", "set.jsonl", "--out", "m", "--preset", "huge"],
                  "device": ["train", "sft", "--data", "set.jsonl", "--out", "m", "--device", "foo"],
                  "flag": ["train", "sft", "--bogus"]},
    "train value": {**files(lambda f: ["train", "value", "--data", f, "--out", "v"], JSONL),
                    "range": ["train", "value", "--data", "set.jsonl", "--out", "v", "--samples", "0"],
                    "lr": ["train", "value", "--data", "set.jsonl", "--out", "v", "--lr", "-1"],
                    "out": ["train", "value", "--data", "set.jsonl", "--out", "empty.txt"],
                    "flag": ["train", "value", "--bogus"]},
    "train sdpo": {**files(lambda f: ["train", "sdpo", "--model", "adir", "--theorems", f, "--out", "r"], JSONL),
                   "model": ["train", "sdpo", "--model", "nope_model", "--theorems", "set.jsonl", "--out", "r"],
                   "out": ["train", "sdpo", "--model", "adir", "--theorems", "set.jsonl", "--out", "empty.txt"],
                   "unparsable": ["train", "sdpo", "--theorems", "unparsable.jsonl", "--out", "r"],
                   "flag": ["train", "sdpo", "--bogus"]},
    "train grpo": {**files(lambda f: ["train", "grpo", "--model", "adir", "--targets", f, "--out", "r"], JSONL),
                   "model": ["train", "grpo", "--model", "nope_model", "--targets", "set.jsonl", "--out", "r"],
                   "range": ["train", "grpo", "--targets", "set.jsonl", "--out", "r", "--group", "1"],
                   "clip": ["train", "grpo", "--targets", "set.jsonl", "--out", "r", "--clip", "1.5"],
                   "kl": ["train", "grpo", "--targets", "set.jsonl", "--out", "r", "--kl-coef", "-0.1"],
                   "lr": ["train", "grpo", "--targets", "set.jsonl", "--out", "r", "--lr", "-1"],
                   "choice": ["train", "grpo", "--targets", "set.jsonl", "--out", "r", "--method", "mcts"],
                   "backend": ["train", "grpo", "--targets", "set.jsonl", "--out", "r", "--backend", "foo"],
                   "out": ["train", "grpo", "--targets", "set.jsonl", "--out", "empty.txt"],
                   "unparsable": ["train", "grpo", "--targets", "unparsable.jsonl", "--out", "r"],
                   "flag": ["train", "grpo", "--bogus"]},
    "train ei": {**files(lambda f: ["train", "ei", "--model", "adir", "--targets", f, "--out", "r"], JSONL),
                 "model": ["train", "ei", "--model", "nope_model", "--targets", "set.jsonl", "--out", "r"],
                 "range": ["train", "ei", "--targets", "set.jsonl", "--out", "r", "--model", "adir", "--rounds", "0"],
                 "rows": ["train", "ei", "--targets", "set.jsonl", "--out", "r", "--model", "adir", "--batch-rows", "0"],
                 "lr": ["train", "ei", "--targets", "set.jsonl", "--out", "r", "--model", "adir", "--lr", "-1"],
                 "choice": ["train", "ei", "--targets", "set.jsonl", "--out", "r", "--model", "adir", "--loss", "foo"],
                 "out": ["train", "ei", "--targets", "set.jsonl", "--out", "empty.txt", "--model", "adir"],
                 "unparsable": ["train", "ei", "--targets", "unparsable.jsonl", "--out", "r"],
                 "flag": ["train", "ei", "--bogus"]},
    "ttrl run": {**files(lambda f: ["ttrl", "run", f, "--model", "adir", "--out", "r"], JSONL),
                 "model": ["ttrl", "run", "set.jsonl", "--model", "nope_model", "--out", "r"],
                 "range": ["ttrl", "run", "set.jsonl", "--model", "adir", "--out", "r", "--rounds", "0"],
                 "rows": ["ttrl", "run", "set.jsonl", "--model", "adir", "--out", "r", "--batch-rows", "0"],
                 "choice": ["ttrl", "run", "set.jsonl", "--model", "adir", "--out", "r", "--arm", "foo"],
                 "grpo": ["ttrl", "run", "set.jsonl", "--out", "r", "--arm", "grpo", "--engine", "vllm"],
                 "budget": ["ttrl", "run", "set.jsonl", "--model", "adir", "--out", "r", "--budget", "five"],
                 "out": ["ttrl", "run", "set.jsonl", "--model", "adir", "--out", "empty.txt"],
                 "invalid": ["ttrl", "run", "invalid.jsonl", "--out", "r"],  # P ⊢ Q: refused with its countermodel
                 "unparsable": ["ttrl", "run", "unparsable.jsonl", "--out", "r"],
                 "flag": ["ttrl", "run", "--bogus"]},
    "ttrl report": {"missing": ["ttrl", "report", "nope_run"], "dir": ["ttrl", "report", "adir"],
                    "flag": ["ttrl", "report", "--bogus"]},
    "sets list": {"flag": ["sets", "list", "--bogus"]},
    "sets build": {"malformed": ["sets", "build", "no_such_set"], "flag": ["sets", "build", "--bogus"]},
    "eval run": {**files(lambda f: ["eval", f, "-n", "1", "--k", "1"], JSONL),
                 "range": ["eval", "textbook", "--limit", "-1"], "samples": ["eval", "textbook", "-n", "0"],
                 "plot": ["eval", "textbook", "--plot", "adir"], "choice": ["eval", "textbook", "--device", "foo"],
                 "shard": ["eval", "textbook", "--shard", "2/2"], "engine": ["eval", "textbook", "--engine", "openai"],
                 "rows": ["eval", "textbook", "--batch-rows", "0"],
                 "url": ["eval", "textbook", "--engine", "openai", "--base-url", "localhost:8000"],
                 "flag": ["eval", "textbook", "--bogus"],
                 "unparsable": ["eval", "unparsable.jsonl", "-n", "1", "--k", "1", "--out", "r"]},
    "eval passk": {**files(lambda f: ["eval", "passk", "--set", f, "-n", "1", "--k", "1"], JSONL),
                   "range": ["eval", "passk", "--limit", "-1"], "plot": ["eval", "passk", "--plot", "adir"],
                   "flag": ["eval", "passk", "--bogus"]},
    "eval compare": {"missing": ["eval", "compare", "nope_a", "nope_b"], "flag": ["eval", "compare", "--bogus"]},
    "eval merge": {"missing": ["eval", "merge", "nope_a", "--out", "merged"], "dir": ["eval", "merge", "adir", "--out", "m"],
                   "flag": ["eval", "merge", "--bogus"]},
}

RUNNER = r'''
import io, json, os, sys, traceback
from gentzen.cli.main import main
out = []
for argv in json.load(sys.stdin):
    o, e = io.StringIO(), io.StringIO()
    old = sys.stdout, sys.stderr, sys.stdin
    sys.stdout, sys.stderr, sys.stdin = o, e, io.StringIO("")
    try:
        code = main(argv)
    except SystemExit as x:
        code = x.code if isinstance(x.code, int) else 1
    except BaseException:
        e.write(traceback.format_exc())
        code = -1
    finally:
        sys.stdout, sys.stderr, sys.stdin = old
    out.append({"argv": argv, "code": code, "stdout": o.getvalue(), "stderr": e.getvalue()})
json.dump(out, sys.__stdout__)
'''


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    d = tmp_path_factory.mktemp("bad_input")
    (d / "adir").mkdir()
    rec = {"name": "mp", "sequent": GOOD, "theorem": "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by",
           "proof": "  exact h1 h2", "split": "train"}
    (d / "set.jsonl").write_text(json.dumps(rec, ensure_ascii=False) + "\n", encoding="utf-8")
    (d / "ok.lean").write_text(rec["theorem"] + "\n" + rec["proof"] + "\n", encoding="utf-8")
    (d / "invalid.jsonl").write_text('{"theorem": "P ⊢ Q"}\n', encoding="utf-8")
    (d / "unparsable.jsonl").write_text('{"theorem": "P ∧ ⊢ Q"}\n', encoding="utf-8")
    for ext in ("txt", "jsonl", "lean"):
        (d / f"empty.{ext}").write_bytes(b"")
        (d / f"bin.{ext}").write_bytes(b"\x7fELF\x02\x01\x00\x00\xff\xfe binary")
        (d / f"bad.{ext}").write_bytes("P → Q ⊢ Q".encode() + b"\xff\xc3\x28\n")
        (d / f"garbage.{ext}").write_text("this is {not: valid} input ⊢ ⊢\n", encoding="utf-8")
    return d


def _run_batch(workdir, cases: list[list[str]], timeout: int = 240) -> list[dict]:
    r = subprocess.run([sys.executable, "-c", RUNNER], input=json.dumps(cases), capture_output=True, text=True,
                       cwd=workdir, timeout=timeout, env={**__import__("os").environ, "OMP_NUM_THREADS": "1",
                                                          "NO_COLOR": "1", "COLUMNS": "200"})
    assert r.returncode == 0, r.stderr[-3000:]
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def results(workdir):
    rows = [(cmd, kind, argv) for cmd, kinds in CASES.items() for kind, argv in kinds.items() if argv]
    got = _run_batch(workdir, [argv for _, _, argv in rows])
    return {(cmd, kind): res for (cmd, kind, _), res in zip(rows, got)}


@pytest.mark.parametrize("cmd,kind", [(c, k) for c, ks in CASES.items() for k, a in ks.items() if a])
def test_bad_input_is_one_line_error(results, cmd, kind):
    res = results[(cmd, kind)]
    err = res["stderr"]
    what = f"gentzen {' '.join(res['argv'])}: exit {res['code']}\nstderr: {err[-2000:]}"
    assert "Traceback" not in err, what
    assert "internal error" not in err, what  # the catch-all answered: this input is not validated
    assert res["code"] not in (0, -1), what
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), what


def test_no_row_left_an_output_folder(results, workdir):
    """Every row failed before any work: none made its --out folder (r, m, v) on the way."""
    assert not [p.name for p in workdir.iterdir() if p.name in ("r", "m", "v")]


def test_invalid_ttrl_target_names_its_countermodel(results):
    err = results[("ttrl run", "invalid")]["stderr"]
    assert "invalid.jsonl:1: P ⊢ Q is not valid (countermodel P=T, Q=F)" in err


def test_every_command_has_rows():
    from gentzen.cli import main as m
    import typer.main as tm

    m._register()

    def walk(c, path):
        subs = getattr(c, "commands", None)
        if subs:
            for name, sub in subs.items():
                yield from walk(sub, path + [name])
        else:
            yield " ".join(path)

    missing = sorted(set(walk(tm.get_command(m.app), [])) - set(CASES))
    assert not missing, f"add bad-input rows for {missing} to tests/e2e/test_bad_input.py"


def test_help_short_flag_everywhere(workdir):
    cmds = [c.split() for c in CASES]
    got = _run_batch(workdir, [c + ["-h"] for c in cmds] + [["-h"]])
    for res in got:
        assert res["code"] == 0 and "Usage" in res["stdout"], res


def test_json_errors_are_json_on_stderr(workdir):
    got = _run_batch(workdir, [["valid", "--json", "P ⊢ ("], ["verify", "--json", "bin.lean"],
                               ["verify", "--json", "--bogus", "ok.lean"], ["gen", "--json", "--count", "-1"]])
    for res in got:
        (line,) = res["stderr"].strip().splitlines()
        rec = json.loads(line)
        assert rec["exit_code"] == res["code"] == 2 and rec["error"], res


@pytest.mark.parametrize("argv", [["prove", "P ⊢ P", "--temperature", "-1"], ["variants", "bin.jsonl"],
                                  ["serve", "--port", "99999"], ["valid", "--nope"]])
def test_real_entry_point(workdir, argv):
    """The same through `python -m gentzen.cli.main` as its own process."""
    r = subprocess.run([sys.executable, "-m", "gentzen.cli.main", *argv], capture_output=True, text=True,
                       cwd=workdir, timeout=120)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith("error: ")
