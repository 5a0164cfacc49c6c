"""A killed learning-loop round resumes to the records an unkilled run writes (issue 35).

On the tiny fixture model with the streaming sampler (continuous batching over KV slots): a ttrl
round killed after a few finished rows, then resumed with --resume, leaves the same sample rows
and round records (timings aside) as one run straight through.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gentzen.ttrl.config import TTRLConfig
from gentzen.ttrl.run import run

MODEL = Path(__file__).resolve().parents[1] / "fixtures" / "tiny_gen_model"
THEOREMS = ("theorem chain (P Q R : Prop) (h1 : P → Q) (h2 : Q → R) (h3 : P) : R := by",
            "theorem swap (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by",
            "theorem pick (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by")


class Killed(Exception):
    pass


class KilledAfter:
    """The engine, except that its stream raises after `rows` finished rows (a kill mid-round);
    `seen` counts the rows it let through."""

    def __init__(self, engine, rows: int | None = None) -> None:
        self.engine, self.rows, self.seen = engine, rows, 0

    def __getattr__(self, name):
        return getattr(self.engine, name)

    def generate_stream(self, pull, **kw):
        for out in self.engine.generate_stream(pull, **kw):
            if self.seen == self.rows:
                raise Killed
            self.seen += 1
            yield out


def _strip(x):
    """A record without its wall-clock figures (they differ between any two runs)."""
    if isinstance(x, dict):
        return {k: _strip(v) for k, v in x.items() if "seconds" not in k and k not in ("eta", "elapsed")}
    if isinstance(x, list):
        return [_strip(v) for v in x]
    return x


def _read(out: Path):
    rows = [json.loads(x) for x in (out / "rounds" / "round-001.samples.jsonl").read_text().splitlines()]
    rounds = [json.loads(x) for x in (out / "rounds.jsonl").read_text().splitlines()]
    return sorted(_strip(rows), key=lambda r: r["name"]), _strip(rounds)


@pytest.mark.requires_torch
def test_a_killed_ttrl_round_resumes_to_the_same_records(tmp_path, monkeypatch):
    from gentzen.engines.torch_engine import TorchEngine
    from gentzen.ttrl import report

    monkeypatch.setattr(report, "plot_runs", lambda runs, path: path)  # the chart is not under test

    engine = TorchEngine.from_pretrained(MODEL, device="cpu", threads=1)
    assert engine.streams
    data = tmp_path / "t.jsonl"
    data.write_text("".join(json.dumps({"theorem": t}) + "\n" for t in THEOREMS))
    base = dict(theorems=str(data), model=str(MODEL), rounds=1, samples=3, steps=0, epochs=0, max_variants=1,
                batch_rows=8)
    counting = KilledAfter(engine)  # one loaded model; each round clears its prompt cache
    run(TTRLConfig(**base, out=str(tmp_path / "straight")), engine_factory=lambda model: counting)
    with pytest.raises(Killed):
        run(TTRLConfig(**base, out=str(tmp_path / "killed")),
            engine_factory=lambda model: KilledAfter(engine, counting.seen * 3 // 4))
    part = (tmp_path / "killed" / "rounds" / "round-001.samples.jsonl").read_text().splitlines()
    whole = (tmp_path / "straight" / "rounds" / "round-001.samples.jsonl").read_text().splitlines()
    assert 0 < len(part) < len(whole)  # some items were written before the kill, not all
    fresh = lambda model: engine  # noqa: E731
    run(TTRLConfig(**base, out=str(tmp_path / "killed"), resume=True), engine_factory=fresh)
    assert _read(tmp_path / "killed") == _read(tmp_path / "straight")
