"""The eval run loop against a scripted fake engine: records, resumption, budgets, theorem loading, compare."""

from __future__ import annotations

import json

import pytest

from gentzen.engines.fake import FakeEngine
from gentzen.errors import InputError
from gentzen.eval.compare import compare
from gentzen.eval.run import EvalConfig, check_config, default_ks, run_eval
from gentzen.eval.summary import first_success, summarize, within_budget
from gentzen.eval.theorems import load_theorems, parse_range


def script(prompt: str, i: int) -> str:
    # even draws cite a name that is never in scope, odd draws cite h1
    return ["  exact h9\n", "  exact h1\n"][i % 2]


class NoEngine:
    def generate(self, *a, **k):
        raise AssertionError("a finished theorem was run again")

    def close(self):
        pass


@pytest.fixture
def tiny_set(tmp_path):
    p = tmp_path / "tiny.jsonl"
    recs = [{"name": "same", "sequent": "P ⊢ P"}, {"name": "other", "sequent": "Q ⊢ Q"},
            {"name": "never", "sequent": "P, Q ⊢ Q", "split": "heldout"}]
    p.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
    return p


def cfg_for(path, **kw) -> EvalConfig:
    base = dict(set=str(path), methods=("guided", "plain"), samples=4, ks=(1, 4), seeds=(0,))
    base.update(kw)
    return EvalConfig(**base)


def test_records_summary_and_resume(tiny_set, tmp_path):
    out = tmp_path / "run"
    s = run_eval(cfg_for(tiny_set), out, engine=FakeEngine(script))
    recs = [json.loads(x) for x in (out / "theorems.jsonl").read_text().splitlines()]
    assert len(recs) == 6 and {(r["method"], r["name"]) for r in recs} == \
        {(m, n) for m in ("guided", "plain") for n in ("same", "other", "never")}
    for r in recs:
        assert r["n"] == 4 and r["c"] == sum(a["ok"] for a in r["attempts"])
        assert r["compute"]["tokens"] == sum(a["tokens"] for a in r["attempts"])
        for a in r["attempts"]:
            assert set(a) >= {"ok", "proof", "tokens", "error", "events"}
    never = [r for r in recs if r["name"] == "never"]
    assert all(r["c"] == 0 for r in never)  # h1 : P never proves Q
    plain_same = next(r for r in recs if r["method"] == "plain" and r["name"] == "same")
    assert plain_same["c"] == 2  # draws alternate bad/good across the 4 attempts
    assert s["methods"]["plain"]["pass"]["pass@4"]["mean"] == pytest.approx(2 / 3, abs=1e-4)
    assert (out / "summary.json").exists() and {p.split("/")[-1] for p in s["plots"]} == \
        {"passk.png", "tokens.png", "wall.png"}
    config = json.loads((out / "config.json").read_text())
    assert config["kind"] == "eval" and config["samples"] == 4 and config["methods"] == ["guided", "plain"]
    # a second run with the same settings redoes nothing and gives the same summary
    again = run_eval(cfg_for(tiny_set), out, engine=NoEngine())
    assert again["methods"] == s["methods"]
    # a run with other essentials is refused; more seeds are added to the same folder
    with pytest.raises(InputError, match="samples"):
        run_eval(cfg_for(tiny_set, samples=8, ks=(1,)), out, engine=NoEngine())
    run_eval(cfg_for(tiny_set, seeds=(0, 1)), out, engine=FakeEngine(script))
    assert len((out / "theorems.jsonl").read_text().splitlines()) == 12
    assert json.loads((out / "config.json").read_text())["seeds"] == [0, 1]


def test_a_torn_last_line_is_redone(tiny_set, tmp_path):
    out = tmp_path / "run"
    run_eval(cfg_for(tiny_set, methods=("plain",)), out, engine=FakeEngine(script))
    path = out / "theorems.jsonl"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2]) + "\n" + lines[2][: len(lines[2]) // 2])  # killed mid-write
    run_eval(cfg_for(tiny_set, methods=("plain",)), out, engine=FakeEngine(script))
    good = [json.loads(x) for x in path.read_text().splitlines() if x.endswith("}")]
    assert sorted(r["name"] for r in good) == ["never", "other", "same"]


def test_budget_cuts_attempts_and_curves():
    rec = {"method": "m", "seed": 0, "name": "t", "lines": 1, "compute": {"wall_seconds": 2.0},
           "attempts": [{"ok": False, "tokens": 10, "sample_seconds": 1.0}, {"ok": True, "tokens": 10, "sample_seconds": 1.0},
                        {"ok": True, "tokens": 10, "sample_seconds": 2.0}]}
    assert len(within_budget(rec, 25)) == 2 and len(within_budget(rec, 0)) == 3
    assert first_success(rec) == (20, pytest.approx(1.0))  # seconds scaled to the measured 2.0 s wall
    assert first_success(rec, 15) == (None, None)
    s = summarize([rec], ks=(1, 2), budget_tokens=15)["methods"]["m"]
    assert s["pass"]["pass@2"]["mean"] == 0.0  # only the first (failed) attempt fits in 15 tokens
    s = summarize([rec], ks=(1, 2))["methods"]["m"]
    assert s["pass"]["pass@1"]["mean"] == pytest.approx(2 / 3, abs=1e-4)
    assert s["by_length"]["1-2"]["theorems"] == 1


def test_budget_tokens_stops_searches_and_cuts_samplers_in_order(tiny_set):
    # guided samples in lockstep: all attempts run, the budget is applied afterwards, in order
    s = run_eval(cfg_for(tiny_set, methods=("guided",), budget_tokens=30), None, engine=FakeEngine(script))
    g = s["methods"]["guided"]
    assert g["compute"]["attempts"] == 12 and g["per_theorem"]["tokens"] <= 30
    # a search stops itself at the budget (one batched call may overshoot it)
    s = run_eval(cfg_for(tiny_set, methods=("bestfirst",), budget_tokens=30, options=("bestfirst.expansions=2",)),
                 None, engine=FakeEngine(script))
    b = s["methods"]["bestfirst"]
    # `plain.samples=N`: plain draws N attempts, the others --samples
    s = run_eval(cfg_for(tiny_set, methods=("plain", "guided"), options=("plain.samples=8",)), None,
                 engine=FakeEngine(script))
    assert s["methods"]["plain"]["compute"]["attempts"] == 24 and s["methods"]["guided"]["compute"]["attempts"] == 12
    assert b["per_theorem"]["tokens_spent"] <= 30 + 4 * len("  exact h9\n")
    assert b["per_theorem"]["tokens"] <= 30


def test_check_config_names_the_problem(tiny_set):
    with pytest.raises(InputError, match="choose from .*guided"):
        check_config(cfg_for(tiny_set, methods=("nope",)))
    with pytest.raises(InputError, match="between 1 and --samples"):
        check_config(cfg_for(tiny_set, ks=(1, 8)))
    with pytest.raises(InputError, match="seeds"):
        check_config(cfg_for(tiny_set, seeds=(0, 0)))
    with pytest.raises(InputError, match="--lines"):
        check_config(cfg_for(tiny_set, lines="7..14"))
    with pytest.raises(InputError, match="no option 'nope'"):
        check_config(cfg_for(tiny_set, options=("guided.nope=1",)))
    with pytest.raises(InputError, match="takes an integer"):
        check_config(cfg_for(tiny_set, options=("guided.max_lines=x",)))
    with pytest.raises(InputError, match="METHOD.FIELD=VALUE"):
        check_config(cfg_for(tiny_set, options=("max_lines=3",)))
    with pytest.raises(InputError, match="every method"):
        check_config(cfg_for(tiny_set, options=("guided.temperature=0.5",)))
    check_config(cfg_for(tiny_set, options=("plain.samples=16",)))  # a method's own number of attempts
    with pytest.raises(InputError, match="value head"):
        check_config(cfg_for(tiny_set, methods=("vdfs",)))
    assert default_ks(8) == (1, 8) and default_ks(64) == (1, 8, 64) and default_ks(100) == (1, 8, 64, 100)


def test_load_theorems_filters(tiny_set, tmp_path):
    th = load_theorems(str(tiny_set))
    assert [t["name"] for t in th] == ["same", "other", "never"]
    assert th[0]["theorem"].startswith("theorem same (P : Prop) (h1 : P) : P := by") and th[0]["lines"] == 1
    assert [t["name"] for t in load_theorems(str(tiny_set), split="heldout")] == ["never"]
    assert len(load_theorems(str(tiny_set), limit=2)) == 2
    with pytest.raises(InputError, match="no theorems"):
        load_theorems(str(tiny_set), lines="7-14")
    tb = load_theorems("textbook", lines="3-4")
    assert tb and all(3 <= t["lines"] <= 4 for t in tb)
    assert parse_range("7-14") == (7, 14) and parse_range("7") == (7, 7) and parse_range("7-")[0] == 7
    with pytest.raises(InputError):
        load_theorems(str(tmp_path / "missing.jsonl"))
    dup = tmp_path / "dup.jsonl"
    dup.write_text('{"name": "a", "sequent": "P ⊢ P"}\n{"name": "a", "sequent": "Q ⊢ Q"}\n')
    assert [t["name"] for t in load_theorems(str(dup))] == ["a", "a#2"]


def test_lean_file_of_statements(tmp_path):
    p = tmp_path / "s.lean"
    p.write_text("theorem one (P : Prop) (h : P) : P := by\n  sorry\n\n"
                 "theorem two (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by\n", encoding="utf-8")
    th = load_theorems(str(p))
    assert [t["name"] for t in th] == ["one", "two"]
    assert th[1]["theorem"].endswith(": P ∧ Q := by") and th[1]["lines"] >= 1


def test_compare_pairs_methods_of_one_run(tiny_set, tmp_path):
    out = tmp_path / "run"
    run_eval(cfg_for(tiny_set), out, engine=FakeEngine(script))
    res = compare(out, out, method_a="plain", method_b="guided", plot=tmp_path / "c.png")
    recs = [json.loads(x) for x in (out / "theorems.jsonl").read_text().splitlines()]
    solved = {(r["method"], r["name"]): r["c"] > 0 for r in recs}
    b = sum(solved["plain", n] and not solved["guided", n] for n in ("same", "other", "never"))
    c = sum(solved["guided", n] and not solved["plain", n] for n in ("same", "other", "never"))
    assert (res["pairs"], res["b_count"], res["c_count"]) == (3, b, c)
    assert (tmp_path / "c.png").stat().st_size > 1000
    with pytest.raises(InputError, match="several methods"):
        compare(out, out)
    with pytest.raises(InputError, match="not an eval run"):
        compare(tmp_path, out, method_b="plain")
