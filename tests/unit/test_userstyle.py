"""User-style generator (`gen --style user`): prove's prompts, kernel-checked proofs, name and shape shares,
and the held-out check (no shipped or acceptance statement, up to renaming, among the train records)."""

import json
import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

from hypothesis import given, settings, strategies as st

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.generate import GenConfig, dumps, generate
from gentzen.data.heldout import ACCEPTANCE, heldout_keys, leaks, split_of, statement_key
from gentzen.data.userstyle import NAMINGS, generate_user
from gentzen.models.formats import header

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def _records(seed: int, count: int) -> tuple:
    return tuple(generate_user(GenConfig(count=count, seed=seed)))


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10_000))
def test_every_record_is_prove_prompt_kernel_checked_and_not_held_out(seed):
    recs = generate_user(GenConfig(count=40, seed=seed))
    assert len(recs) == 40
    held = heldout_keys()
    for r in recs:
        thm = parse_theorem(r["input"], default_name="goal")  # what `gentzen prove INPUT` parses
        assert thm.statement() == r["theorem"]  # statements parse back to themselves
        assert parse_theorem(r["theorem"]).statement() == r["theorem"]
        assert header(r["theorem"]) == header(thm.statement())  # the prompt prove builds
        assert check_proof(thm, r["proof"]).ok, (r["theorem"], r["proof"])
        assert [h for h, _ in thm.hyps] == r["hyps"] and list(thm.atoms) == r["atoms"]
        assert not set(r["hyps"]) & set(r["atoms"])
        key = statement_key(r["theorem"])
        assert key == r["key"] and key not in held and r["split"] == split_of(key)
        assert r["lines"] == sum(1 for ln in r["proof"].splitlines() if ln.strip())
    assert len({r["key"] for r in recs}) == len(recs)


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10_000))
def test_byte_identical_for_a_seed(seed):
    assert dumps(generate_user(GenConfig(count=30, seed=seed))) == dumps(generate_user(GenConfig(count=30, seed=seed)))


def test_name_and_shape_distribution():
    recs = _records(11, 600)
    n = len(recs)
    forms = {f: sum(r["form"] == f for r in recs) / n for f in
             ("sequent", "theorem", "theorem_implicit", "example", "example_implicit")}
    assert all(share >= 0.05 for share in forms.values()), forms
    assert all(r["input"].startswith("example {") for r in recs if r["form"] == "example_implicit")
    # names are drawn independently of the atoms: each naming scheme is as common with either case
    lower = [r for r in recs if r["atom_case"] == "lower"]
    upper = [r for r in recs if r["atom_case"] == "upper"]
    assert len(lower) >= 0.3 * n and len(upper) >= 0.3 * n
    for scheme in NAMINGS:
        a = sum(r["naming"] == scheme for r in lower) / len(lower)
        b = sum(r["naming"] == scheme for r in upper) / len(upper)
        assert abs(a - b) < 0.1, (scheme, a, b)
    # an atomic hypothesis `p` is sometimes `hp` (the student's habit), often not
    atomic = [(h, f) for r in recs if r["form"] != "sequent"
              for h, f in parse_theorem(r["theorem"]).hyps if f.kind == "atom"]
    habit = sum(h == "h" + f.name.lower() for h, f in atomic) / len(atomic)
    assert 0.05 < habit < 0.8, habit
    names = [h for r in recs if r["form"] != "sequent" for h in r["hyps"]]
    top = max(set(names), key=names.count)
    assert names.count(top) / len(names) < 0.25 and len(set(names)) >= 20
    assert {"h", "h'", "h₁", "hab"} <= set(names) and any("_" in x for x in names)
    # what a proof introduces is often the student's kind of name, and an anonymous `have` is `this`
    assert 0.05 < sum("this" in r["proof"] for r in recs) / n < 0.5
    assert any(" hx" in r["proof"] or " hy" in r["proof"] for r in recs)
    # one-line theorems of every kind, textbook-short proofs (median about 5), longer ones beside
    one = [r for r in recs if r["shape"] in ("premise_goal", "true_goal", "false_premise")]
    assert 0.15 <= len(one) / n <= 0.3 and all(r["lines"] == 1 for r in one)
    assert {r["shape"] for r in one} == {"premise_goal", "true_goal", "false_premise"}
    assert any(": True := by" in r["theorem"] for r in one) and any(": False)" in r["theorem"] for r in one)
    lines = sorted(r["lines"] for r in recs if r["shape"] == "short")
    assert 3 <= lines[len(lines) // 2] <= 6
    assert max(r["lines"] for r in recs if r["shape"] == "long") >= 10


def test_leaks_finds_a_renamed_acceptance_statement_and_hash_held_out_one():
    user = {"name": "u", "split": "train", "theorem": "example (a b : Prop) (ha : a) (hb : b) : b := by"}
    assert leaks([user])[0]["held_out"] == "acceptance"  # `P, Q ⊢ P`, renamed and reordered
    tb = {"name": "t", "split": "train", "theorem": "example (a b : Prop) (ha : a) (hb : b) : a ∧ b := by"}
    assert leaks([tb])[0]["held_out"] == "set:textbook"
    assert len(ACCEPTANCE) == len({statement_key(s) for s in ACCEPTANCE})
    plain = generate(GenConfig(count=60, seed=4))
    assert leaks(plain) == []  # gen's own train split: none held out
    moved = [dict(r, split="train") for r in plain if r["split"] == "heldout"]
    assert moved and all(x["held_out"] == "hash:heldout" for x in leaks(moved))
    assert leaks(moved, hashed=False) == []


def _cli(*args, cwd):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py"), "OMP_NUM_THREADS": "1"}
    return subprocess.run([sys.executable, "-m", "gentzen.cli.main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_gen_style_user_and_heldout_check(tmp_path):
    out = tmp_path / "u.jsonl"
    r = _cli("gen", "--style", "user", "-n", "25", "--seed", "3", "--out", str(out), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    summary = json.loads(r.stdout)
    assert summary["count"] == 25 and summary["style"]["count"] == 25
    assert len(out.read_text(encoding="utf-8").splitlines()) == 25
    helped = _cli("gen", "--help", cwd=tmp_path)
    assert "--style" in helped.stdout and "user" in helped.stdout
    bad = _cli("gen", "--style", "users", "-n", "2", cwd=tmp_path)
    assert bad.returncode != 0 and "unknown --style" in bad.stderr and "Traceback" not in bad.stderr
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    ok = subprocess.run([sys.executable, "-m", "gentzen.data.heldout", str(out)], env=env, capture_output=True,
                        text=True)
    assert ok.returncode == 0 and json.loads(ok.stdout)["leaks"] == 0
    leak = tmp_path / "leak.jsonl"
    row = {"theorem": "theorem t (X Y : Prop) (hx : X) (hy : Y) : X := by", "split": "train"}
    leak.write_text(json.dumps(row) + "\n")
    found = subprocess.run([sys.executable, "-m", "gentzen.data.heldout", str(leak)], env=env, capture_output=True,
                           text=True)
    assert found.returncode == 1 and json.loads(found.stdout)["leaks"] == 1


def test_header_keeps_an_implicit_binder_example():
    assert header("example {p q : Prop} (hp : p) : p := by") == "example {p q : Prop} (hp : p) : p := by\n"
    assert header("theorem foo {p : Prop} : p → p := by") == "theorem t {p : Prop} : p → p := by\n"
