"""Replay against forgetting (train/replay.py): the --replay forms, the model's own training data
found by path and hash or regenerated from gentzen.json `data_gen` into the cache, the replayed
share of a mix, and a probe that is fixed and never holds a run's targets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gentzen.data.generate import config_from_recorded, dumps, generate
from gentzen.errors import InputError
from gentzen.train import replay

GEN = {"count": 60, "seed": 4, "max_lines": 3}


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    root = tmp_path_factory.mktemp("replay")
    path = root / "gen.jsonl"
    path.write_text(dumps(generate(config_from_recorded(GEN))))  # GEN records no version: 1
    return path


def _model(root: Path, data: str, sha: str | None, gen: dict | None = None) -> Path:
    m = root / "m"
    m.mkdir(parents=True, exist_ok=True)
    meta = {"data": data, **({"data_sha256": sha} if sha else {}), **({"data_gen": gen} if gen else {})}
    (m / "gentzen.json").write_text(json.dumps(meta))
    return m


@pytest.mark.parametrize("spec,want", [
    ("", replay.ReplaySpec("model")), ("model", replay.ReplaySpec("model")), ("none", replay.ReplaySpec("none")),
    ("f.jsonl:64", replay.ReplaySpec("f.jsonl", 64)), ("f.jsonl", replay.ReplaySpec("f.jsonl")),
    ("f.jsonl:0", replay.ReplaySpec("none")),
])
def test_replay_forms(spec, want):
    assert replay.parse_replay(spec) == want


@pytest.mark.parametrize("spec,share,probe,msg", [
    ("f.jsonl:x", 0.9, 200, "--replay must be FILE:N"), ("missing.jsonl:4", 0.9, 200, "no such file"),
    ("", 1.0, 200, "--replay-share"), ("", -0.1, 200, "--replay-share"), ("", 0.9, -1, "--probe"),
])
def test_bad_replay_options_are_input_errors(spec, share, probe, msg):
    with pytest.raises(InputError, match=msg):
        replay.check_replay(spec, share, probe)


def test_the_models_data_is_found_beside_it_by_its_hash(tmp_path, data, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "runs").mkdir()
    (tmp_path / "runs" / "gen.jsonl").write_bytes(data.read_bytes())
    deep = tmp_path / "pkg" / "assets"
    m = _model(deep, "runs/gen.jsonl", replay.sha16(data))
    assert replay.model_data(str(m)) == Path("runs/gen.jsonl")  # relative to the working folder
    monkeypatch.chdir(deep)
    assert replay.model_data(str(m)).resolve() == (tmp_path / "runs" / "gen.jsonl").resolve()  # or a parent of the model


def test_the_models_data_is_regenerated_into_the_cache_when_absent(tmp_path, data, monkeypatch):
    monkeypatch.setenv("GENTZEN_CACHE", str(tmp_path / "cache"))
    sha = replay.sha16(data)
    m = _model(tmp_path, "elsewhere/gen.jsonl", sha, GEN)
    events: list[dict] = []
    got = replay.model_data(str(m), events.append)
    assert got == tmp_path / "cache" / "data" / f"{sha}.jsonl" and got.read_bytes() == data.read_bytes()
    assert [e["event"] for e in events] == ["replay_regenerate"]
    events.clear()
    assert replay.model_data(str(m), events.append) == got and not events  # cached: not regenerated again


def test_a_missing_or_changed_data_file_names_the_fix(tmp_path, data, monkeypatch):
    monkeypatch.setenv("GENTZEN_CACHE", str(tmp_path / "cache"))
    with pytest.raises(InputError, match="--replay FILE"):
        replay.model_data(str(_model(tmp_path / "a", "nowhere.jsonl", "0123456789abcdef")))  # no data_gen
    with pytest.raises(InputError, match="not the recorded"):
        replay.model_data(str(_model(tmp_path / "b", "nowhere.jsonl", "0123456789abcdef", GEN)))  # wrong hash
    with pytest.raises(InputError, match="records no training data"):
        replay.model_data(str(_model(tmp_path / "c", "", None)))


def test_mix_share_and_a_fixed_probe_without_targets(tmp_path, data):
    records = [json.loads(x) for x in data.read_text().splitlines()]
    held = [r for r in records if r["split"] == "heldout"]
    targets = {held[0]["theorem"]}
    src = replay.resolve(str(data), "unused", 0.9, 5, targets)
    assert len(src.pool) == sum(r["split"] == "train" for r in records) and src.probe_split == "heldout"
    assert len(src.probe) == min(5, len(held) - 1) and not targets & {r["theorem"] for r in src.probe}
    assert src.probe == replay.resolve(str(data), "unused", 0.5, 5, targets).probe  # fixed: same proofs every run
    own = [{"theorem": "t", "proof": "p"}] * 3
    mixed, k = src.mix(own, seed=1)
    assert k == min(27, len(src.pool)) and mixed[:3] == own and len(mixed) == 3 + k  # 90% of the mix
    assert src.mix(own, seed=1) == (mixed, k) and src.mix([], seed=1) == ([], 0)
    fixed = replay.resolve(f"{data}:4", "unused", 0.9, 0, set())
    assert fixed.mix(own, seed=2)[1] == 4 and fixed.probe == []
    assert replay.resolve("none", "unused", 0.9, 200).mix(own, seed=0) == (own, 0)


def test_the_shipped_model_replays_its_shipped_sample_when_the_full_file_is_absent(tmp_path, monkeypatch):
    """No runs/out/train60k.jsonl and an empty cache: the shipped model's replay.jsonl (a uniform sample
    of its training data, hash-checked) is used at once, with no regeneration event."""
    from gentzen.models import SHIPPED_MODEL

    import shutil

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GENTZEN_CACHE", str(tmp_path / "cache"))
    # a copy outside the checkout: the data path is also looked up beside the model's parents, where a
    # developer's runs/out/train60k.jsonl may lie
    shipped = tmp_path / "shipped"
    shutil.copytree(SHIPPED_MODEL, shipped)
    events: list[dict] = []
    src = replay.resolve("", str(shipped), 0.9, 200, say=events.append)
    assert Path(src.path).name == "replay.jsonl" and not events
    assert len(src.pool) == 6000 and len(src.probe) == 200 and src.probe_split == "heldout"
    assert {r["split"] for r in src.pool} == {"train"}
    tampered = tmp_path / "model"
    import shutil

    shutil.copytree(SHIPPED_MODEL, tampered)
    with open(tampered / "replay.jsonl", "a", encoding="utf-8") as f:
        f.write("\n")  # a changed sample is not the recorded one: not used (the error names --replay)
    with pytest.raises(InputError, match="--replay"):
        monkeypatch.setattr(replay, "regenerate", lambda *a, **k: (_ for _ in ()).throw(InputError("--replay none")))
        replay.resolve("", str(tampered), 0.9, 200)
