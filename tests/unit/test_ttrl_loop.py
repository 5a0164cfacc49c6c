"""The ttrl round loop with a scripted engine (no torch): composition solves a target whose lemma
variants have scripted proofs, control spends exactly the samples of the ttrl run it is paired with,
statuses follow the published rules, a resumed run repeats its rounds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.prover import prove
from gentzen.engines.fake import FakeEngine
from gentzen.models.formats import header
from gentzen.ttrl import arms
from gentzen.ttrl.config import TTRLConfig, check_config
from gentzen.ttrl.pool import Item, Pool, load_targets
from gentzen.ttrl.run import run

TARGET = "theorem chain (P Q R S : Prop) (h1 : P → Q) (h2 : Q → R) (h3 : R → S) (h4 : P) : S := by"
OTHER = "theorem swap (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by"


def _files(tmp: Path, theorems=(TARGET,)) -> tuple[Path, Path]:
    model = tmp / "model"
    model.mkdir()
    (model / "config.json").write_text("{}")
    (model / "gentzen.json").write_text(json.dumps({"seconds": 10.0, "format": "whole"}))
    data = tmp / "t.jsonl"
    data.write_text("".join(json.dumps({"theorem": t}) + "\n" for t in theorems))
    return model, data


def _scripted(proved: dict[str, str]):
    """An engine that writes the reference proof of each statement in `proved`, line by line, and a
    wrong line for everything else."""
    def script(prompt: str, i: int) -> str:
        for head, proof in proved.items():
            if prompt.startswith(head):
                done = prompt.count("\n") - 1
                lines = proof.split("\n")
                return (lines[done] if done < len(lines) else "") + "\n"
        return "  exact h9\n"
    return lambda model: FakeEngine(script)


def _lemma_engine(cfg: TTRLConfig):
    """Proofs for the lemma-cut variants only (never for the target or the other kinds)."""
    targets = load_targets(cfg.theorems)
    pool = arms.build_pool(cfg, targets)
    proved = {}
    for v in pool.variants():
        if v.kind == "lemma":
            proved[header(v.theorem)] = prove(parse_theorem(v.theorem)).proof
    return _scripted(proved)


def _cfg(tmp: Path, **kw) -> TTRLConfig:
    model, data = _files(tmp, kw.pop("theorems", (TARGET,)))
    base = dict(theorems=str(data), model=str(model), out=str(tmp / "run"), rounds=2, samples=4, steps=0, epochs=0,
                max_variants=0, redraws_per_line=0, redraws_per_proof=0)
    base.update(kw)
    return TTRLConfig(**base)


def _rounds(out: str) -> list[dict]:
    return [json.loads(x) for x in (Path(out) / "rounds.jsonl").read_text().splitlines()]


def test_composition_solves_a_target_from_scripted_lemma_proofs(tmp_path):
    cfg = _cfg(tmp_path)
    res = run(cfg, engine_factory=_lemma_engine(cfg))
    rounds = _rounds(cfg.out)
    assert rounds[0]["solved"] == ["chain"] and rounds[0]["solved_by_composition"] == ["chain"]
    assert res.solved == 1 and res.solved_by_composition == 1
    assert rounds[0]["rates"]["chain"] == 0.0  # sampling never found it: composition did
    row = json.loads((Path(cfg.out) / "targets.jsonl").read_text().splitlines()[0])
    assert row["by"] == "composition" and row["round"] == 1
    from gentzen.core.kernel import check_proof

    assert check_proof(parse_theorem(TARGET), row["proof"]).ok
    assert len(row["attempts"]) == 4 and not any(a["ok"] for a in row["attempts"])
    assert len(rounds) == 1  # the target left with its variants: nothing was left to sample


def test_no_compose_leaves_it_unsolved(tmp_path):
    cfg = _cfg(tmp_path, compose=False)
    run(cfg, engine_factory=_lemma_engine(cfg))
    rounds = _rounds(cfg.out)
    assert len(rounds) == 2 and rounds[-1]["solved"] == []
    variants = [json.loads(x) for x in (Path(cfg.out) / "variants.jsonl").read_text().splitlines()]
    assert {v["status"] for v in variants if v["kind"] == "lemma"} == {"mastered"}  # 4 of 4 > 75%
    assert {v["status"] for v in variants if v["kind"] != "lemma"} == {"unsolved"}   # 0 of 4: stay, untrained


def test_control_spends_the_samples_of_the_run_it_matches(tmp_path):
    a = tmp_path / "a"
    a.mkdir()
    cfg = _cfg(a, compose=False, theorems=(TARGET, OTHER), rounds=3)
    run(cfg, engine_factory=_lemma_engine(cfg))
    b = tmp_path / "b"
    b.mkdir()
    ctl = _cfg(b, arm="control", match=cfg.out, rounds=5, theorems=(TARGET, OTHER))
    res = run(ctl, engine_factory=_scripted({}))
    t, c = _rounds(cfg.out), _rounds(ctl.out)
    assert res.stopped == "matched" and len(c) == len(t) == 3
    for rt, rc in zip(t, c):
        assert rc["samples_round"]["targets"] == rt["samples_round"]["targets"] + rt["samples_round"]["variants"]
        assert rc["samples_round"]["variants"] == 0
        assert rc["samples"]["targets"] == pytest.approx(rt["samples"]["targets"] + rt["samples"]["variants"])


def test_resume_from_state_repeats_the_rounds(tmp_path):
    one = tmp_path / "one"
    one.mkdir()
    cfg = _cfg(one, compose=False, theorems=(TARGET, OTHER), rounds=3)
    run(cfg, engine_factory=_lemma_engine(cfg))
    two = tmp_path / "two"
    two.mkdir()
    cfg2 = _cfg(two, compose=False, theorems=(TARGET, OTHER), rounds=1)
    run(cfg2, engine_factory=_lemma_engine(cfg2))
    # rounds are not provenance: a finished 1-round run is extended to 3 with --resume
    cfg3 = TTRLConfig(**{**cfg2.__dict__, "rounds": 3, "resume": True})
    run(cfg3, engine_factory=_lemma_engine(cfg3))
    strip = lambda rs: [{k: v for k, v in r.items() if k not in ("seconds", "round_seconds")} for r in rs]  # noqa: E731
    assert strip(_rounds(cfg.out)) == strip(_rounds(cfg3.out))


def test_refresh_gives_a_stalled_target_fresh_variants_and_resumes_alike(tmp_path):
    # nothing is ever proved: after 2 rounds of samples (2 × 4) every live variant is stalled, so before rounds 3 and
    # 5 the target's 3 variants leave and 3 it never had join; without --refresh the same 3 stay all run long
    one = tmp_path / "one"
    one.mkdir()
    cfg = _cfg(one, compose=False, rounds=5, max_variants=3, refresh=2)
    run(cfg, engine_factory=_scripted({}))
    rounds = _rounds(cfg.out)
    assert [r["refreshed"] for r in rounds] == [{}, {}, {"chain": 3}, {}, {"chain": 3}]
    variants = [json.loads(x) for x in (Path(cfg.out) / "variants.jsonl").read_text().splitlines()]
    assert [v["status"] for v in variants].count("stalled") == 6 and len({v["name"] for v in variants}) == 9
    assert all(r["samples_round"]["variants"] == 12 for r in rounds)  # always 3 live variants × 4 samples
    two = tmp_path / "two"
    two.mkdir()
    cfg2 = _cfg(two, compose=False, rounds=3, max_variants=3, refresh=2)
    run(cfg2, engine_factory=_scripted({}))
    run(TTRLConfig(**{**cfg2.__dict__, "rounds": 5, "resume": True}), engine_factory=_scripted({}))
    strip = lambda rs: [{k: v for k, v in r.items() if k not in ("seconds", "round_seconds")} for r in rs]  # noqa: E731
    assert strip(_rounds(cfg2.out)) == strip(rounds)
    three = tmp_path / "three"
    three.mkdir()
    cfg3 = _cfg(three, compose=False, rounds=5, max_variants=3)
    run(cfg3, engine_factory=_scripted({}))
    assert "refreshed" not in _rounds(cfg3.out)[-1]
    assert {json.loads(x)["status"] for x in (Path(cfg3.out) / "variants.jsonl").read_text().splitlines()} == {"unsolved"}


def test_a_changed_setting_refuses_to_resume(tmp_path):
    cfg = _cfg(tmp_path, rounds=1, compose=False)
    run(cfg, engine_factory=_scripted({}))
    from gentzen.errors import InputError

    with pytest.raises(InputError, match="samples 4 -> 5"):
        run(TTRLConfig(**{**cfg.__dict__, "samples": 5, "resume": True}), engine_factory=_scripted({}))
    with pytest.raises(InputError, match="--resume"):
        check_config(cfg)


def test_a_moved_model_resumes_and_a_replaced_one_is_refused(tmp_path):
    import shutil

    from gentzen.errors import InputError

    cfg = _cfg(tmp_path, rounds=1, compose=False)
    (Path(cfg.model) / "model.safetensors").write_bytes(b"weights one")
    run(cfg, engine_factory=_scripted({}))
    state = json.loads((Path(cfg.out) / "state.json").read_text())
    config = json.loads((Path(cfg.out) / "config.json").read_text())
    assert state["model_digest"] and state["model_digest"] == config["model_digest"]
    moved = tmp_path / "moved"
    shutil.copytree(cfg.model, moved)  # the same weights at another path (the old shipped model kept aside)
    run(TTRLConfig(**{**cfg.__dict__, "model": str(moved), "rounds": 2, "resume": True}), engine_factory=_scripted({}))
    assert [r["round"] for r in _rounds(cfg.out)] == [1, 2]
    (Path(cfg.model) / "model.safetensors").write_bytes(b"weights two")  # a new model shipped at the old path
    with pytest.raises(InputError, match="other weights"):
        run(TTRLConfig(**{**cfg.__dict__, "rounds": 3, "resume": True}), engine_factory=_scripted({}))
    # a run from before the digest was recorded has only its path to go by (the resume above recorded `moved`)
    legacy = {k: v for k, v in json.loads((Path(cfg.out) / "state.json").read_text()).items() if k != "model_digest"}
    (Path(cfg.out) / "state.json").write_text(json.dumps(legacy))
    with pytest.raises(InputError, match="records no weights digest"):
        run(TTRLConfig(**{**cfg.__dict__, "rounds": 3, "resume": True}), engine_factory=_scripted({}))
    run(TTRLConfig(**{**cfg.__dict__, "model": str(moved), "rounds": 3, "resume": True}), engine_factory=_scripted({}))
    assert [r["round"] for r in _rounds(cfg.out)] == [1, 2, 3]


def test_frontier_rule_and_repeats():
    cfg = TTRLConfig(keep=4, repeat=8, mastered=0.75)
    rows = [{"name": "v1", "kind": "lemma", "theorem": "a", "attempts": 16, "verified": 4, "proofs": ["p", "q"]},
            {"name": "v2", "kind": "lemma", "theorem": "b", "attempts": 16, "verified": 13, "proofs": ["r"]},
            {"name": "v3", "kind": "substep", "theorem": "c", "attempts": 16, "verified": 0, "proofs": []},
            {"name": "t", "kind": "target", "theorem": "d", "attempts": 16, "verified": 16, "proofs": ["s"]}]
    from gentzen.train.replay import ReplaySource

    recs, replayed = arms.training_records(cfg, rows, {}, {}, ReplaySource(), 1)
    # v1: rate 1/4 -> round(8 × 3/4) = 6 repeats of 2 proofs; v2 mastered (13/16 > 75%): none;
    # v3 at 0 of 16: none; the target at 16/16 still gives its proof once
    assert [r["theorem"] for r in recs].count("a") == 12 and "b" not in [r["theorem"] for r in recs]
    assert [r["theorem"] for r in recs].count("d") == 1 and replayed == 0


def test_ei_arms_keep_solved_targets_proofs_and_every_update_replays_its_share():
    from gentzen.train.replay import ReplaySource

    solved = Item("s", "old", "target", "s", status="solved", samples=16, verified=4, proofs=["p1", "p2"])
    fresh = Item("f", "new", "target", "f")
    pool = Pool([solved, fresh])
    rows = [{"name": "f", "kind": "target", "theorem": "new", "attempts": 16, "verified": 16, "proofs": ["q"]}]
    source = ReplaySource("x", 0, 0.9, [{"theorem": f"r{i}", "proof": "p"} for i in range(500)])
    for arm, kept in (("ei", ["s"]), ("ei-then-ttrl", ["s"]), ("ttrl", []), ("unrelated", [])):
        cfg = TTRLConfig(arm=arm)
        buffered = arms.buffered_targets(cfg, pool, lambda t: True)
        assert [t.name for t in buffered] == kept
        recs, replayed = arms.training_records(cfg, rows, pool.items, {}, source, 2, buffered)
        own = [r["theorem"] for r in recs[:len(recs) - replayed]]
        # the solved target's 2 proofs at its rate 4/16 -> round(8 × 3/4) = 6 repeats; this round's once
        assert own.count("old") == (12 if kept else 0) and own.count("new") == 1
        assert replayed == round(len(own) * 9)  # 90% of the mix
    assert arms.buffered_targets(TTRLConfig(arm="ei", buffer=False), pool, lambda t: True) == []


def test_the_source_recipe_is_the_default_and_variants_are_reported(tmp_path):
    cfg = TTRLConfig()
    # the loss is the one deviation: CE, measured against the source's GEM (docs/training.md); --loss gem gives it
    assert (cfg.depth, cfg.max_variants, cfg.redraws_per_line, cfg.redraws_per_proof, cfg.loss) == (2, 0, 4, 24, "ce")
    assert cfg.replay == "" and cfg.replay_share == -1 and cfg.probe == 200 and cfg.steps == 0 and cfg.epochs < 1
    t = Item("t", "theorem t (P Q R : Prop) (h1 : P → Q) (h2 : Q → R) : P → R := by", "target", "t")
    pool = Pool.build([t], with_variants="own", depth=2, cap=0, seed=0)
    rep = pool.variant_report()
    assert rep["variants"] == len(pool.variants()) > 0 and rep["per_target"]["min"] == rep["variants"]
    assert sum(rep["kinds"].values()) == pytest.approx(1.0, abs=0.01)


def test_statuses_and_retirement():
    cfg = TTRLConfig(keep=2, mastered=0.75)
    t = Item("t", "x", "target", "t")
    v = Item("t_v0000", "y", "lemma", "t", status="untried")
    w = Item("t_v0001", "z", "substep", "t", status="untried")
    pool = Pool([t, v, w])
    arms.update_item(v, {"attempts": 16, "verified": 12, "proofs": ["a", "b", "c"]}, cfg, 1, False, pool)
    assert v.status == "frontier" and v.proofs == ["a", "b"] and v.rate == 0.75
    arms.update_item(w, {"attempts": 16, "verified": 0, "proofs": []}, cfg, 1, False, pool)
    assert w.status == "unsolved" and [i.name for i in pool.active(False)] == ["t", "t_v0000", "t_v0001"]
    arms.update_item(t, {"attempts": 16, "verified": 1, "proofs": ["p"]}, cfg, 2, False, pool)
    assert t.status == "solved" and t.solved_round == 2 and {v.status, w.status} == {"retired"}
    assert pool.active(False) == [] and [i.name for i in pool.active(True)] == ["t"]


def test_control_plan_spreads_the_matched_samples():
    cfg = TTRLConfig(samples=16)
    items = [Item(f"t{i}", "x", "target", f"t{i}") for i in range(3)]
    assert arms.plan(cfg, items, 1, [10]) == {"t0": 4, "t1": 3, "t2": 3}
    assert arms.plan(cfg, items, 2, [10]) == {}
    assert arms.plan(cfg, items, 1, None) == {"t0": 16, "t1": 16, "t2": 16}


def test_target_samples_give_the_target_more_of_the_round_and_its_variants_keep_samples(tmp_path):
    # nothing is proved: the target stays unsolved every round, so each round spends 10 samples on it and 4 on each of
    # its 3 variants; without the option the target is one item of 4 (the source's share)
    cfg = _cfg(tmp_path, compose=False, rounds=2, max_variants=3, target_samples=10)
    run(cfg, engine_factory=_scripted({}))
    assert [r["samples_round"] for r in _rounds(cfg.out)] == [{"targets": 10, "variants": 12}] * 2
    items = [Item("t", "x", "target", "t"), Item("v", "y", "lemma", "t")]
    assert arms.plan(TTRLConfig(samples=4, target_samples=10), items, 1, None) == {"t": 10, "v": 4}
    assert arms.plan(TTRLConfig(samples=4), items, 1, None) == {"t": 4, "v": 4}


def test_ei_then_ttrl_switches_after_patience(tmp_path):
    model, data = _files(tmp_path)
    cfg = TTRLConfig(arm="ei-then-ttrl", patience=2, max_variants=3, theorems=str(data), model=str(model))
    pool = arms.build_pool(cfg, load_targets(cfg.theorems))
    assert pool.variants() == []
    assert arms.switch_phase(cfg, "ei", [0, 1], pool) == ("ei", 0)
    assert arms.switch_phase(cfg, "ei", [0, 1, 1], pool) == ("ei", 0)  # grew within the last 2 rounds
    phase, added = arms.switch_phase(cfg, "ei", [1, 1, 1], pool)
    assert phase == "ttrl" and added == 3 and len(pool.variants("chain")) == 3


def test_unrelated_gives_each_target_another_targets_variants(tmp_path):
    model, data = _files(tmp_path, (TARGET, OTHER))
    cfg = TTRLConfig(arm="unrelated", max_variants=4, theorems=str(data), model=str(model))
    pool = arms.build_pool(cfg, load_targets(cfg.theorems))
    assert {v.origin for v in pool.variants("chain")} == {"swap"}
    assert {v.origin for v in pool.variants("swap")} == {"chain"}


@pytest.mark.parametrize("change, message", [
    ({"arm": "dpo"}, "--arm"), ({"budget": "5"}, "--budget"), ({"budget": "2x", "seconds": 5.0}, "at most one"),
    ({"samples": 0}, "--samples"), ({"mastered": 1.5}, "--mastered"), ({"match": "nowhere"}, "--match"),
    ({"arm": "control", "fork": True}, "--fork"), ({"verify_url": ["ftp://x"]}, "--verify-url"),
    ({"engine": "jax"}, "--engine"), ({"backend": "coq"}, "--backend"), ({"refresh": -1}, "--refresh"),
    ({"arm": "unrelated", "refresh": 2}, "--refresh"), ({"target_samples": -1}, "--target-samples"),
    ({"arm": "control", "target_samples": 32}, "--target-samples"),
])
def test_bad_options_are_input_errors(tmp_path, change, message):
    from gentzen.errors import InputError

    cfg = _cfg(tmp_path, **change)
    with pytest.raises(InputError, match=message):
        check_config(cfg)


def test_samples_per_target_budget_stops_before_the_next_round(tmp_path):
    cfg = _cfg(tmp_path, arm="ei", rounds=5, samples=4, samples_per_target=6.0, theorems=(TARGET, OTHER))
    res = run(cfg, engine_factory=_scripted({}))
    rounds = _rounds(cfg.out)
    # round 1 spends 4 per target (< 6: round 2 starts), round 2 reaches 8 (≥ 6: no round 3)
    assert res.stopped == "budget" and [r["samples"]["targets"] for r in rounds] == [4.0, 8.0]


def test_the_time_left_counts_the_rounds_the_budget_allows_not_rounds(tmp_path):
    from types import SimpleNamespace

    from gentzen.ttrl.run import _rounds_left

    # --rounds 1000 with a 12-samples-per-target budget, 4 a round: 2 rounds follow the first, then none
    # (it printed ~1,000 rounds' time: "about 7h left" in a run with one round to go)
    cfg = _cfg(tmp_path, arm="control", rounds=1000, samples=4, samples_per_target=12.0, theorems=(TARGET, OTHER))
    events = []
    run(cfg, progress=events.append, engine_factory=_scripted({}))
    etas = [e["eta"] for e in events if e.get("event") == "round"]
    assert len(etas) == 3 and etas[-1] == 0 and all(x > 0 for x in etas[:-1])

    def state(spent_samples, rounds=1000, targets=2):
        return SimpleNamespace(cfg=SimpleNamespace(rounds=rounds), n_targets=targets,
                               cum={"t_samples": spent_samples, "v_samples": 0, "seconds": {"total": 60.0}})
    assert _rounds_left(state(8 * 2), 1, "samples", 32.0, None) == 3      # 8 a round: 24 more is 3 rounds
    assert _rounds_left(state(10 * 2), 2, "samples", 32.0, None) == 5     # 5 a round: 22 more is 5 rounds
    assert _rounds_left(state(8 * 2), 1, "samples", 32.0, [1, 2]) == 1    # the matched run has 2 rounds
    assert _rounds_left(state(8 * 2, rounds=2), 1, "", 0.0, None) == 1    # no budget: --rounds
    assert _rounds_left(state(0), 3, "seconds", 100.0, None) == 2         # 20 s a round, 40 s left
    assert _rounds_left(state(0), 3, "seconds", 50.0, None) == 0


def _fake_run(root: Path, name: str, arm: str, rounds: list[tuple[float, float, list[str]]], x: float = 10.0) -> str:
    d = root / name
    d.mkdir()
    (d / "config.json").write_text(json.dumps({"kind": "ttrl", "arm": arm, "targets": 4, "budget": {"x_seconds": x}}))
    (d / "rounds.jsonl").write_text("".join(json.dumps(
        {"round": i + 1, "solved": s, "solved_by_composition": s[:1] if arm == "ttrl" else [],
         "samples": {"targets": t, "variants": 0.0}, "seconds": {"total": w}}) + "\n"
        for i, (t, w, s) in enumerate(rounds)))
    return str(d)


def test_report_reads_matched_samples_and_multiples_of_x(tmp_path):
    from gentzen.ttrl.report import compare, format_table

    a = _fake_run(tmp_path, "a", "ttrl", [(16, 8, ["p"]), (32, 15, ["p", "q"]), (48, 31, ["p", "q", "r"])])
    b = _fake_run(tmp_path, "b", "control", [(20, 5, ["s"]), (40, 9, ["s", "p"])])
    rep = compare([a, b])
    assert rep["matched_samples_per_target"] == 40
    ra, rb = rep["runs"]
    assert ra["solved_at_matched"] == 2 and rb["solved_at_matched"] == 2      # a's round 3 (48 > 40) not counted
    assert ra["at_x"] == {"1x": 1, "2x": 2, "3x": 2, "4x": 3, "5x": 3}          # rounds finished within m × 10 s
    assert rb["at_x"]["1x"] == 2 and ra["by_composition"] == 1
    assert rep["only"] == {"ttrl:a - control:b": ["q", "r"], "control:b - ttrl:a": ["s"]}
    assert rep["union"] == ["p", "q", "r", "s"] and rep["intersection"] == ["p"]
    assert "union: 4" in format_table(rep)


def test_report_leaves_out_a_run_still_in_its_first_round(tmp_path):
    # it once pulled the matched budget to 0 and listed every target the other run solved as "not by" it
    from gentzen.errors import InputError
    from gentzen.ttrl.report import compare, format_table

    a = _fake_run(tmp_path, "a", "ttrl", [])
    b = _fake_run(tmp_path, "b", "control", [(20, 5, ["s"]), (40, 9, ["s", "p"])])
    rep = compare([a, b])
    assert rep["matched_samples_per_target"] == 40 and [r["run"] for r in rep["runs"]] == ["control:b"]
    assert rep["waiting"] == ["ttrl:a"] and rep["only"] == {}
    assert "left out, no finished round yet: ttrl:a" in format_table(rep)
    with pytest.raises(InputError, match="no run has a finished round yet"):
        compare([a])


def test_report_charges_training_on_the_runs_own_clock(tmp_path):
    from gentzen.ttrl.report import charged, compare, format_table

    a = _fake_run(tmp_path, "a", "ei", [(10, 20, ["p"]), (20, 40, ["p", "q"]), (30, 60, ["p", "q", "r"])])
    b = _fake_run(tmp_path, "b", "control", [(10, 5, ["s"]), (20, 9, ["s", "p"]), (40, 20, ["s", "p", "t"])])
    rows = [json.loads(x) for x in (Path(a) / "rounds.jsonl").read_text().splitlines()]
    for r in rows:  # half of each EI round's seconds went to training: overhead 1, charged = 2 × samples
        r["seconds"]["training"] = r["seconds"]["total"] / 2
    (Path(a) / "rounds.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert charged(rows[1]) == 40.0
    rep = compare([a, b])
    assert rep["matched_charged_per_target"] == 40.0  # the least charged reach: control's 40 vs EI's 60
    ra, rb = rep["runs"]
    assert ra["training_overhead"] == 1.0 and rb["training_overhead"] == 0.0
    assert ra["solved_at_matched_charged"] == 2 and rb["solved_at_matched_charged"] == 3  # EI round 2 vs control's 3
    assert "@40 charged" in format_table(rep)


def test_seconds_and_multiple_of_x_budgets(tmp_path):
    from gentzen.ttrl.run import budget_limit

    cfg = _cfg(tmp_path, arm="ei", rounds=5, seconds=1e-6, theorems=(TARGET, OTHER))
    res = run(cfg, engine_factory=_scripted({}))
    assert res.stopped == "budget" and res.rounds == 1  # the first round always runs; none after it
    assert budget_limit(TTRLConfig(budget="3x"), 10.0) == ("seconds", 30.0)
    assert budget_limit(TTRLConfig(samples_per_target=8), 10.0) == ("samples", 8)
    (Path(cfg.model) / "gentzen.json").write_text("{}")
    from gentzen.errors import InputError

    with pytest.raises(InputError, match="no training `seconds`"):
        check_config(TTRLConfig(**{**cfg.__dict__, "seconds": 0.0, "budget": "2x", "out": str(tmp_path / "o2")}))


def _cut_engine(main: str, lemma: bool = True):
    """Proofs of one variant proving the target's goal under an extra premise Q (Γ entails it) and, with
    `lemma`, of the cut lemma Γ ⊢ Q that --cut-lemmas adds (the pool's own variants never state it)."""
    from gentzen.core.logic.sequent import Sequent, parse_sequent
    from gentzen.core.proof.theorem import Theorem

    stmts = [main]
    if lemma:
        chain = parse_theorem(TARGET)
        stmts.append(Theorem.from_sequent(Sequent(chain.sequent.premises, parse_sequent("⊢ Q").goal, chain.atoms),
                                          name="t").statement())
    return _scripted({header(s): prove(parse_theorem(s)).proof for s in stmts})


def _main_variant(cfg: TTRLConfig) -> str:
    pool = arms.build_pool(cfg, load_targets(cfg.theorems))
    (main,) = [v.theorem for v in pool.variants() if v.theorem.endswith("(h4 : Q) : S := by")]
    return main


def _cut_gaps():
    """runs/experiments/cut_gaps.py, loaded as a module (it is a script, not part of the package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("cut_gaps", Path(__file__).parents[2] / "runs/experiments/cut_gaps.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cut_lemmas_add_the_lemma_a_solved_variant_needs_and_composition_solves_the_target(tmp_path):
    # the pool (4 variants) holds P → Q, Q → R, R → S, Q ⊢ S but no Γ ⊢ Q: round 1 proves that variant and
    # composition cannot use it; --cut-lemmas adds Γ ⊢ Q before round 2, which proves it, and composition the target
    runs = {}
    for cut in (True, False):
        d = tmp_path / str(cut)
        d.mkdir()
        cfg = _cfg(d, rounds=3, max_variants=4, cut_lemmas=cut)
        run(cfg, engine_factory=_cut_engine(_main_variant(cfg)))
        runs[cut] = _rounds(cfg.out)
    assert [r["cut_lemmas"] for r in runs[True]] == [{}, {"chain": 1}]
    assert runs[True][1]["solved_by_composition"] == ["chain"]
    assert "cut_lemmas" not in runs[False][0] and runs[False][-1]["solved"] == []
    # runs/experiments/cut_gaps.py names the gap in the run without it: one main, its lemma Γ ⊢ Q never in the pool
    cut_gaps = _cut_gaps()
    gaps = cut_gaps.main(str(tmp_path / "False" / "run"))
    assert gaps["unsolved"] == 1 and gaps["with_entailed_mains"] == 1
    assert gaps["total"]["mains"] == 1 and gaps["total"]["needed_never_in_pool"] == 1
    variants = [json.loads(x) for x in (tmp_path / "True" / "run" / "variants.jsonl").read_text().splitlines()]
    (lemma,) = [v for v in variants if v["name"] == "chain_c000"]
    assert lemma["kind"] == "lemma" and lemma["theorem"].endswith("(h4 : P) : Q := by") and lemma["proof"]


def test_cut_gaps_counts_the_case_pairs_that_cover_the_premises_models(tmp_path):
    # mains Γ, P ⊢ R and Γ, Q ⊢ R join by cases on Γ's P ∨ Q; Γ, P ∧ Q ⊢ R pairs with neither (Γ, Q, ¬P escapes);
    # Γ, Q ∧ R ⊢ R covers Γ's models with P's main but is no case split: Q ∧ R alone gives R, so Γ ⊢ P ∨ Q ∧ R is the target
    cut_gaps = _cut_gaps()
    head = "(P Q R : Prop) (h1 : P ∨ Q) (h2 : P → R) (h3 : Q → R)"
    run = tmp_path / "run"
    run.mkdir()
    (run / "targets.jsonl").write_text(json.dumps({"name": "t", "theorem": f"theorem t {head} : R := by",
                                                   "solved": False}) + "\n")
    mains = [("P", "  exact h2 h4"), ("Q", "  exact h3 h4"), ("P ∧ Q", "  exact h2 h4.1"), ("Q ∧ R", "  exact h4.2")]
    (run / "variants.jsonl").write_text("".join(
        json.dumps({"name": f"t_v{i:04d}", "target": "t", "theorem": f"theorem t_v{i:04d} {head} (h4 : {extra}) : R := by",
                    "proof": proof}) + "\n" for i, (extra, proof) in enumerate(mains)))
    gaps = cut_gaps.main(str(run))
    assert gaps["unsolved"] == 1 and gaps["with_case_pairs"] == 1 and gaps["with_entailed_mains"] == 0
    assert gaps["total"] == {"mains_not_entailed": 4, "case_pairs": 1}


def test_an_unproved_cut_lemma_gives_way_to_its_own_cut_pairs_and_resumes_alike(tmp_path):
    # only the main variant is ever proved: Γ ⊢ Q joins before round 2; after 2 rounds of samples (8) unproved,
    # before round 4 it leaves (stalled) for its own depth-1 cut pairs, named after it
    one = tmp_path / "one"
    one.mkdir()
    cfg = _cfg(one, rounds=5, max_variants=4, cut_lemmas=True)
    engine = _cut_engine(_main_variant(cfg), lemma=False)
    run(cfg, engine_factory=engine)
    rounds = _rounds(cfg.out)
    assert [sorted(r["cut_lemmas"]) for r in rounds] == [[], ["chain"], [], ["chain"], []]
    assert rounds[1]["cut_lemmas"] == {"chain": 1} and 1 <= rounds[3]["cut_lemmas"]["chain"] <= 4
    variants = {v["name"]: v for v in map(json.loads, (Path(cfg.out) / "variants.jsonl").read_text().splitlines())}
    assert variants["chain_c000"]["status"] == "stalled" and variants["chain_c000"]["samples"] == 8
    pairs = [v for n, v in variants.items() if n.startswith("chain_c000_v")]
    assert len(pairs) == rounds[3]["cut_lemmas"]["chain"] and all(v["kind"] == "lemma" for v in pairs)
    two = tmp_path / "two"
    two.mkdir()
    cfg2 = _cfg(two, rounds=3, max_variants=4, cut_lemmas=True)
    run(cfg2, engine_factory=engine)
    run(TTRLConfig(**{**cfg2.__dict__, "rounds": 5, "resume": True}), engine_factory=engine)
    strip = lambda rs: [{k: v for k, v in r.items() if k not in ("seconds", "round_seconds")} for r in rs]  # noqa: E731
    assert strip(_rounds(cfg2.out)) == strip(rounds)


def test_cut_lemmas_is_refused_where_it_cannot_act(tmp_path):
    from gentzen.errors import InputError

    for i, (bad, why) in enumerate([({"arm": "ei"}, "--cut-lemmas gives a target lemmas"),
                                    ({"compose": False}, "drop --no-compose")]):
        (tmp_path / str(i)).mkdir()
        with pytest.raises(InputError, match=why):
            check_config(_cfg(tmp_path / str(i), cut_lemmas=True, **bad))
