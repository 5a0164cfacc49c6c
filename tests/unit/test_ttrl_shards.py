"""`gentzen ttrl --shard I/N`: each shard runs its targets in its own run directory, and `ttrl report`
over the shards gives what one unsharded run gives (scripted engine, no training, the same seed):
the report byte for byte once wall-clock figures are zeroed. Also the shard parser and its Slurm form.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.prover import prove
from gentzen.engines.fake import FakeEngine
from gentzen.errors import InputError
from gentzen.models.formats import header
from gentzen.shard import interleave, parse_shard, take
from gentzen.ttrl import arms
from gentzen.ttrl.config import TTRLConfig
from gentzen.ttrl.pool import load_targets
from gentzen.ttrl.report import compare
from gentzen.ttrl.run import run

THEOREMS = (
    "theorem chain (P Q R S : Prop) (h1 : P → Q) (h2 : Q → R) (h3 : R → S) (h4 : P) : S := by",
    "theorem swap (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by",
    "theorem mp (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by",
    "theorem idem (P : Prop) (h1 : P ∨ P) : P := by",
    "theorem comm (P Q : Prop) (h1 : P ∨ Q) : Q ∨ P := by",
)


def _engine(cfg: TTRLConfig):
    """Reference proofs for the lemma variants of every target and for `swap` and `mp` themselves."""
    targets = load_targets(cfg.theorems)
    proved = {header(t.theorem): prove(parse_theorem(t.theorem)).proof for t in targets if t.name in ("swap", "mp")}
    for v in arms.build_pool(cfg, targets).variants():
        if v.kind == "lemma":
            proved[header(v.theorem)] = prove(parse_theorem(v.theorem)).proof

    def script(prompt: str, i: int) -> str:
        for head, proof in proved.items():
            if prompt.startswith(head):
                lines = proof.split("\n")
                done = prompt.count("\n") - 1
                return (lines[done] if done < len(lines) else "") + "\n"
        return "  exact h9\n"

    return lambda model: FakeEngine(script)


def _cfg(tmp: Path, out: str, **kw) -> TTRLConfig:
    model = tmp / "model"
    if not model.exists():
        model.mkdir()
        (model / "config.json").write_text("{}")
        (model / "gentzen.json").write_text(json.dumps({"seconds": 10.0, "format": "whole"}))
        (tmp / "t.jsonl").write_text("".join(json.dumps({"theorem": t}) + "\n" for t in THEOREMS))
    base = dict(theorems=str(tmp / "t.jsonl"), model=str(model), out=str(tmp / out), rounds=3, samples=4,
                epochs=0, steps=0, max_variants=0, redraws_per_line=0, redraws_per_proof=0)
    return TTRLConfig(**{**base, **kw})


def _zero_clock(x, clock: bool = False):
    if isinstance(x, dict):
        return {k: _zero_clock(v, clock or "seconds" in k or k == "at_x") for k, v in x.items() if k != "run"}
    if isinstance(x, list):
        return [_zero_clock(v, clock) for v in x]
    return 0 if clock and isinstance(x, (int, float)) and not isinstance(x, bool) else x


def test_report_over_shards_equals_the_unsharded_run(tmp_path):
    whole = _cfg(tmp_path, "whole")
    run(whole, engine_factory=_engine(whole))
    shards = []
    for i in range(2):
        cfg = _cfg(tmp_path, f"s{i}", shard=f"{i}/2")
        res = run(cfg, engine_factory=_engine(cfg))
        assert res.targets == (3, 2)[i]
        shards.append(cfg.out)
    one, joined = compare([whole.out]), compare(list(reversed(shards)))
    assert joined["runs"][0]["targets"] == 5 and one["runs"][0]["solved"] >= 2  # not a vacuous comparison
    assert "(2 shards)" in joined["runs"][0]["run"]
    assert len(joined["proofs"][joined["runs"][0]["run"]].split(" + ")) == 2  # each shard's proofs file is named
    assert json.dumps(_zero_clock(_unnamed(joined)), sort_keys=True) == json.dumps(_zero_clock(_unnamed(one)),
                                                                                  sort_keys=True)


def _unnamed(rep: dict) -> dict:
    """The report without the run's own name and folders (they differ between a run and its shards)."""
    rep = json.loads(json.dumps(rep))
    label = rep["runs"][0]["run"]
    rep.pop("proofs")
    for t in rep["targets"]:
        t["solved_by"] = {"RUN" if k == label else k: v for k, v in t["solved_by"].items()}
    return rep


def test_a_resume_with_another_shard_is_refused(tmp_path):
    cfg = _cfg(tmp_path, "s", shard="0/2", rounds=1)
    run(cfg, engine_factory=_engine(cfg))
    other = _cfg(tmp_path, "s", shard="1/2", rounds=2, resume=True)
    with pytest.raises(InputError, match="holds shard 0/2, not 1/2"):
        run(other, engine_factory=_engine(other))


def test_shard_specs_and_slurm_arrays():
    assert parse_shard("1/4", {}) == (1, 4) and parse_shard("0/1", {}) is None and parse_shard("", {}) is None
    assert parse_shard("", {"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"}) == (3, 4)
    assert parse_shard("", {"SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_COUNT": "4",
                            "SLURM_ARRAY_TASK_MIN": "1"}) == (3, 4)
    assert parse_shard("0/2", {"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "4"}) == (0, 2)  # the flag wins
    for bad in ("2/2", "1", "a/b", "-1/2"):
        with pytest.raises(InputError, match="--shard"):
            parse_shard(bad, {})
    with pytest.raises(InputError, match="Slurm"):
        parse_shard("", {"SLURM_ARRAY_TASK_ID": "9", "SLURM_ARRAY_TASK_COUNT": "4"})
    items = list(range(11))
    assert interleave({i: take(items, (i, 3)) for i in range(3)}, 3) == items
    with pytest.raises(InputError, match="1/3 missing"):
        interleave({0: take(items, (0, 3)), 2: take(items, (2, 3))}, 3)
