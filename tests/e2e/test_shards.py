"""End-to-end: shards and merges through the real CLI, sampling from model servers on 127.0.0.1.

Two `python -m gentzen.engines.openai_server` processes serve the shipped model; `gentzen eval --engine
openai` runs unsharded (both servers) and as 2 shards (one server each), `gentzen eval merge` joins the
shards, and the merged run folder equals the unsharded one: summary.json byte for byte once the wall-clock
fields (which differ between any two runs) are zeroed, theorems.jsonl likewise. `gentzen verify --shard`
and `--merge` the same for verdicts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("httpx", reason="the remote engine needs httpx (serve extra)")
pytest.importorskip("uvicorn", reason="the test servers need uvicorn (serve extra)")
pytest.importorskip("torch", reason="the servers run the shipped model (train extra)")

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, COLUMNS="200", PYTHONPATH=str(ROOT / "py"), OMP_NUM_THREADS="1", GENTZEN_THREADS="1")
for k in ("SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN"):
    ENV.pop(k, None)
CMD = [sys.executable, "-m", "gentzen.cli.main"]


def gentzen(*args: str, env: dict | None = None, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([*CMD, *args], capture_output=True, text=True, timeout=timeout, env=env or ENV)


def _zero_clock(x, clock: bool = False):
    """Every number under a key naming seconds zeroed (wall-clock figures, curves of them); the rest kept."""
    if isinstance(x, dict):
        return {k: _zero_clock(v, clock or "seconds" in k) for k, v in x.items()}
    if isinstance(x, list):
        return [_zero_clock(v, clock) for v in x]
    return 0 if clock and isinstance(x, (int, float)) and not isinstance(x, bool) else x


def _canonical(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":  # rows in theorem order (a run writes each as it finishes: --batch-rows)
        rows = sorted((_zero_clock(json.loads(line)) for line in text.splitlines()), key=lambda r: (r.get("method", ""), r.get("seed", 0), r.get("name", "")))
        return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    return json.dumps(_zero_clock(json.loads(text)), indent=2, ensure_ascii=False) + "\n"


@pytest.fixture(scope="module")
def servers():
    procs, urls = [], []
    for _ in range(2):
        p = subprocess.Popen([sys.executable, "-m", "gentzen.engines.openai_server", "--model",
                              str(ROOT / "py/gentzen/assets/default_model"), "--port", "0", "--threads", "1"],
                             stdout=subprocess.PIPE, text=True, env=ENV)
        procs.append(p)
        urls.append(p.stdout.readline().strip())
    yield urls
    for p in procs:
        p.terminate()
        p.wait(timeout=30)


EVAL = ["eval", "textbook", "--method", "guided,plain", "-n", "2", "--k", "1,2", "--limit", "5", "--seeds", "0,1",
        "--engine", "openai"]


def test_two_shards_merge_to_the_unsharded_eval(servers, tmp_path):
    a, b = servers
    whole = gentzen(*EVAL, "--base-url", a, "--base-url", b, "--out", str(tmp_path / "whole"))
    assert whole.returncode == 0, whole.stderr[-2000:]
    for i, url in enumerate((a, b)):
        r = gentzen(*EVAL, "--base-url", url, "--shard", f"{i}/2", "--out", str(tmp_path / f"s{i}"))
        assert r.returncode == 0, r.stderr[-2000:]
    part = json.loads((tmp_path / "s0" / "summary.json").read_text())
    assert part["theorems"] == 3  # theorems 0, 2, 4 of 5
    # shard 1 again through the Slurm array variables: nothing left to do, the same folder
    slurm = dict(ENV, SLURM_ARRAY_TASK_ID="2", SLURM_ARRAY_TASK_COUNT="2", SLURM_ARRAY_TASK_MIN="1")
    r = gentzen(*EVAL, "--base-url", b, "--out", str(tmp_path / "s1"), env=slurm)
    assert r.returncode == 0, r.stderr[-2000:]
    m = gentzen("eval", "merge", str(tmp_path / "s1"), str(tmp_path / "s0"), "--out", str(tmp_path / "merged"),
                "--json")
    assert m.returncode == 0, m.stderr[-2000:]
    for name in ("summary.json", "theorems.jsonl"):
        assert _canonical(tmp_path / "merged" / name) == _canonical(tmp_path / "whole" / name), name
    assert json.loads(m.stdout)["theorems"] == 5


def test_merge_refuses_an_unfinished_or_missing_shard(servers, tmp_path):
    a, _ = servers
    r = gentzen(*EVAL, "--base-url", a, "--shard", "0/2", "--out", str(tmp_path / "s0"))
    assert r.returncode == 0, r.stderr[-2000:]
    m = gentzen("eval", "merge", str(tmp_path / "s0"), "--out", str(tmp_path / "merged"))
    assert m.returncode == 2 and "shard(s) 1/2 missing" in m.stderr and "Traceback" not in m.stderr
    bad = gentzen(*EVAL, "--base-url", a, "--shard", "2/2", "--out", str(tmp_path / "x"))
    assert bad.returncode == 2 and "--shard" in bad.stderr


def test_verify_shards_merge_to_the_unsharded_verdicts(tmp_path):
    recs = [{"name": f"t{i}", "theorem": "p → p", "proof": "  intro h\n  exact h" if i % 3 else "  exact rfl"}
            for i in range(7)]
    data = tmp_path / "proofs.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in recs))
    whole = gentzen("verify", str(data), "--out", str(tmp_path / "whole.jsonl"))
    assert whole.returncode == 1  # t0, t3, t6 are rejected
    for i in range(3):
        r = gentzen("verify", str(data), "--shard", f"{i}/3", "--out", str(tmp_path / f"s{i}.jsonl"))
        assert r.returncode in (0, 1), r.stderr[-2000:]
    merged = gentzen("verify", str(data), "--out", str(tmp_path / "merged.jsonl"),
                     *[x for i in range(3) for x in ("--merge", str(tmp_path / f"s{i}.jsonl"))])
    assert merged.returncode == whole.returncode and merged.stdout == whole.stdout
    assert _canonical_verdicts(tmp_path / "merged.jsonl") == _canonical_verdicts(tmp_path / "whole.jsonl")
    partial = gentzen("verify", str(data), "--merge", str(tmp_path / "s0.jsonl"))
    assert partial.returncode == 2 and "not in the --merge files" in partial.stderr


def _canonical_verdicts(path: Path) -> list[dict]:
    return [{**json.loads(x), "time_s": 0} for x in path.read_text().splitlines()]


def test_prove_through_the_servers_gives_the_local_engines_answer(servers):
    a, b = servers
    args = ["prove", "--json", "-k", "8", "--seed", "0", "P → Q, ¬Q ⊢ ¬P"]
    local = gentzen(*args, "--device", "cpu")
    remote = gentzen(*args, "--engine", "openai", "--base-url", a, "--base-url", b)
    assert local.returncode == remote.returncode == 0, remote.stderr[-2000:]
    lr, rr = json.loads(local.stdout), json.loads(remote.stdout)
    assert rr["ok"] and (rr["proof"], rr["totals"]["tokens"]) == (lr["proof"], lr["totals"]["tokens"])
    bad = gentzen("prove", "P ⊢ P", "--engine", "openai")
    assert bad.returncode == 2 and "--base-url" in bad.stderr and "Traceback" not in bad.stderr
    down = gentzen("prove", "P → Q, ¬Q ⊢ ¬P", "--engine", "openai", "--base-url", "http://127.0.0.1:9")
    assert down.returncode == 2 and "no server" in down.stderr and "Traceback" not in down.stderr


def test_train_ei_and_ttrl_sample_through_the_servers(servers, tmp_path):
    a, _ = servers
    targets = tmp_path / "t.jsonl"
    targets.write_text("".join(json.dumps({"theorem": t}) + "\n" for t in
                               ("P → Q, ¬Q ⊢ ¬P", "P ∧ Q ⊢ Q ∧ P", "P ⊢ P ∨ Q")))
    model = str(ROOT / "py/gentzen/assets/default_model")
    rows = {}
    for engine in ("torch", "openai"):
        extra = ["--engine", "openai", "--base-url", a] if engine == "openai" else []
        r = gentzen("train", "ei", "--model", model, "--targets", str(targets), "--out", str(tmp_path / f"ei-{engine}"),
                    "--rounds", "1", "--samples", "2", "--steps", "1", "--batch", "2", "--threads", "1", *extra)
        assert r.returncode == 0, r.stderr[-2000:]
        rows[engine] = [{k: v for k, v in x.items() if "seconds" not in k} for x in
                        map(json.loads, (tmp_path / f"ei-{engine}" / "round-001.samples.jsonl").read_text().splitlines())]
    # the same attempts and proofs through HTTP (rows are written as items finish: the order is the engine's)
    assert sorted(rows["openai"], key=lambda x: x["index"]) == sorted(rows["torch"], key=lambda x: x["index"])
    r = gentzen("ttrl", str(targets), "--model", model, "--out", str(tmp_path / "ttrl"), "--rounds", "1",
                "--samples", "2", "--epochs", "0", "--steps", "0", "--max-variants", "2", "--engine", "openai", "--base-url", a, "--json")
    assert r.returncode == 0, r.stderr[-2000:]
    assert json.loads(r.stdout)["targets"] == 3


def test_two_ttrl_shards_on_the_servers_report_as_the_unsharded_run(servers, tmp_path):
    a, b = servers
    targets = tmp_path / "t.jsonl"
    targets.write_text("".join(json.dumps({"theorem": t}) + "\n" for t in
                               ("P → Q, ¬Q ⊢ ¬P", "P ∧ Q ⊢ Q ∧ P", "P ⊢ P ∨ Q", "(P → Q) ∧ (Q → R) ⊢ P → R",
                                "¬¬P ⊢ P")))
    common = ["ttrl", str(targets), "--model", str(ROOT / "py/gentzen/assets/default_model"), "--rounds", "1",
              "--epochs", "0", "--steps", "0", "--samples", "2", "--max-variants", "2", "--engine", "openai"]
    r = gentzen(*common, "--base-url", a, "--base-url", b, "--out", str(tmp_path / "whole"))
    assert r.returncode == 0, r.stderr[-2000:]
    for i, url in enumerate((a, b)):
        r = gentzen(*common, "--base-url", url, "--shard", f"{i}/2", "--out", str(tmp_path / f"s{i}"))
        assert r.returncode == 0, r.stderr[-2000:]
    reports = []
    for runs in ([tmp_path / "whole"], [tmp_path / "s0", tmp_path / "s1"]):
        r = gentzen("ttrl", "report", *map(str, runs), "--json")
        assert r.returncode == 0, r.stderr[-2000:]
        rep = json.loads(r.stdout)
        label = rep["runs"][0].pop("run")  # the run's own name and folders differ: the results must not
        rep["runs"][0]["at_x"] = {}
        assert len(rep["proofs"][label].split(" + ")) == len(runs)  # each shard's proofs file is named
        rep.pop("proofs")
        for t in rep["targets"]:
            t["solved_by"] = {"RUN" if k == label else k: v for k, v in t["solved_by"].items()}
        reports.append(json.dumps(_zero_clock(rep), sort_keys=True))
    assert reports[0] == reports[1]
    joined = json.loads(reports[1])["runs"][0]
    assert joined["targets"] == 5 and joined["solved"] >= 1  # not a comparison of two empty runs
