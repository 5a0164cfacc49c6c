"""The shared fine-tuning step: every loss and weights mode lowers its loss on a fixed batch, the
CAT weights are the ones of each step's own log-probability, and the accounting adds up."""

from __future__ import annotations

import copy
import time

import pytest

from gentzen.errors import InputError
from gentzen.train.accounting import Clock, JsonlLog, Tally
from gentzen.train.samples import records

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

RECORDS = records()
BUDGETS = {"none": {}, "ua": {"n": 4}, "pass_at_n": {"n": 4}, "bfs": {"n": 6},
           "guided": {"redraws_per_line": 1, "redraws_per_proof": 2}}


@pytest.fixture(scope="module")
def pretrained():
    """A tiny model trained a little with CE, so step probabilities are far from 0 and the CAT
    weights differ from 1 (on a random model every p_t ≈ 0 and every weight ≈ 1)."""
    from gentzen.models import formats
    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import train_tokenizer
    from gentzen.train.update import UpdateConfig, update

    torch.set_num_threads(1)
    tok = train_tokenizer(list(formats.corpus(RECORDS, "whole")) + list(formats.corpus(RECORDS, "state")),
                          vocab_size=400)
    model = new_model("tiny", tok, seed=0)
    for _ in range(3):  # the formats interleaved: a format trained only first is half forgotten by the others
        for fmt in ("whole", "state", "state+proof"):
            update(model, tok, RECORDS, UpdateConfig(steps=20, batch=8, lr=3e-3, warmup=0.0, min_lr_frac=1.0,
                                                     format=fmt, batching="random", weighting="token"))
    return model, tok


def _cfg(**kw):
    from gentzen.train.update import UpdateConfig

    return UpdateConfig(**{"steps": 15, "batch": 8, "lr": 1e-3, "warmup": 0.0, "min_lr_frac": 1.0, **kw})  # constant lr


@pytest.mark.parametrize("loss,weights,fmt", [
    ("ce", "none", "whole"), ("gem", "none", "whole"), ("ce", "ua", "whole"), ("ce", "pass_at_n", "whole"),
    ("ce", "bfs", "whole"), ("ce", "guided", "whole"), ("gem", "guided", "whole"), ("gem", "ua", "state"),
    ("ce", "pass_at_n", "state"),
    ("ce", "bfs", "state+proof"),
])
def test_each_mode_lowers_its_loss_on_a_fixed_batch(pretrained, loss, weights, fmt):
    from gentzen.train.update import evaluate, update

    base, tok = pretrained
    model = copy.deepcopy(base)
    cfg = _cfg(loss=loss, weights=weights, weight_budget=BUDGETS[weights], format=fmt)
    before = evaluate(model, tok, RECORDS, cfg)
    stats = update(model, tok, RECORDS, cfg)
    after = evaluate(model, tok, RECORDS, cfg)
    assert stats.steps == 15 and stats.supervised_tokens > 0 and stats.tokens > stats.supervised_tokens
    assert after["loss"] < before["loss"] - 0.02 * abs(before["loss"]), (before, after)
    if weights == "none":
        assert after["ce"] < before["ce"]  # GEM's CE is a diagnostic that should fall too
        assert stats.mean_weight == 1.0
    elif fmt == "whole":  # the weights are live: steps the model already writes get less than CE's 1
        assert 0.0 < before["mean_weight"] < 0.9995, before  # (its state-format p_t are still ≈ 0: weights ≈ 1)


def test_step_ids_split_the_completion_at_newlines(pretrained):
    from gentzen.models.formats import proof_lines
    from gentzen.train.update import encode_proof, newline_ids

    _, tok = pretrained
    nl = newline_ids(tok)
    from gentzen.models.formats import examples

    for rec in RECORDS:
        for fmt in ("whole", "state", "state+proof"):
            # whole: the proof's lines; state formats: each example's target (the environment names steps)
            lines = [ln.strip() for ln in proof_lines(rec["proof"])] if fmt == "whole" else \
                ["".join(s.text for s in ex.segments if s.train).strip() for ex in examples(rec, fmt)]
            p = encode_proof(tok, rec, fmt, 512, nl)
            assert p.n_steps == len(lines)
            text = [""] * p.n_steps
            for (ids, labels), steps in zip(p.rows, p.steps):
                for i, y, s in zip(ids, labels, steps):
                    assert (s >= 0) == (y != -100 and y != tok.eos_token_id)
                    if s >= 0:
                        text[s] += tok.decode([i])
            assert [t.strip() for t in text] == lines  # each step's tokens are exactly its line


def test_weights_are_cat_weights_of_each_steps_own_logprob(pretrained):
    """The objective equals Σ_t w_t Σ_{tokens of t} CE / (supervised tokens), with w from cat_weights
    of the per-step sums of the model's own token log-probs, computed here independently."""
    from gentzen.train.sequences import collate, encode
    from gentzen.train.update import batch_objective, encode_proof, newline_ids
    from gentzen.models import formats
    from gentzen.train.weights import cat_weights

    model, tok = pretrained
    rec = RECORDS[6]  # four steps
    cfg = _cfg(weights="ua", weight_budget={"n": 6})
    p = encode_proof(tok, rec, "whole", 512, newline_ids(tok))
    with torch.no_grad():
        got, ce, mean_w, n_sup, _ = batch_objective(torch, model, tok, [p], cfg, "cpu")
        ids, labels = encode(tok, formats.examples(rec, "whole")[0], 512, False)
        x, y, m = collate(torch, [(ids, labels)], tok.pad_token_id, "cpu")
        logp = torch.log_softmax(model(input_ids=x, attention_mask=m).logits[0, :-1].double(), -1)
    per_token = [-float(logp[i, t]) for i, t in enumerate(labels[1:]) if t != -100]
    # the steps: tokens up to and including each "\n"; the EOS is the last supervised token
    sup = [t for t in labels[1:] if t != -100]
    step, steps = 0, []
    for t in sup[:-1]:
        steps.append(step)
        step += tok.decode([t]) == "\n"
    step_lp = [-sum(c for c, s in zip(per_token, steps) if s == k) for k in range(step)]
    w = cat_weights("ua", step_lp, n=6)
    want = (sum(w[s] * c for c, s in zip(per_token, steps)) + per_token[-1]) / len(per_token)
    assert float(got) == pytest.approx(want, rel=1e-5)
    assert n_sup == len(per_token) and ce == pytest.approx(sum(per_token) / len(per_token), rel=1e-5)
    assert min(w) < 0.995  # a live weighting, not CE in disguise (0.9930 on a fresh install, 2026-12)


def test_bfs_budget_below_the_proof_length_is_ce(pretrained):
    from gentzen.train.update import evaluate

    model, tok = pretrained
    ce = evaluate(model, tok, RECORDS[:3], _cfg())
    tight = evaluate(model, tok, RECORDS[:3], _cfg(weights="bfs", weight_budget={"n": 1}))
    assert tight["mean_weight"] == pytest.approx(1.0) and tight["loss"] == pytest.approx(ce["loss"], rel=1e-6)


def test_same_seed_same_weights_and_a_fresh_optimizer_each_call(pretrained):
    from gentzen.train.update import update

    base, tok = pretrained
    a, b = copy.deepcopy(base), copy.deepcopy(base)
    torch.manual_seed(1)
    update(a, tok, RECORDS, _cfg(steps=4, seed=3))
    torch.manual_seed(1)
    update(b, tok, RECORDS, _cfg(steps=2, seed=3))
    update(b, tok, RECORDS, _cfg(steps=2, seed=3))  # two updates are not one longer one: fresh AdamW, same data order
    c = copy.deepcopy(base)
    update(c, tok, RECORDS, _cfg(steps=4, seed=3))
    pa, pb, pc = (torch.cat([p.flatten() for p in m.parameters()]) for m in (a, b, c))
    assert torch.equal(pa, pc)
    assert not torch.equal(pa, pb)


def test_replay_rows_train_a_few_lines_of_each_replayed_proof_and_every_line_of_the_own(pretrained):
    """--replay-rows k: the last `replayed` records (replay) keep k random rows each (state format: one row per
    line), the own ones all; the same seed draws the same rows; each replayed proof still counts once."""
    import random

    from gentzen.train.sequences import encode_proof, newline_ids
    from gentzen.train.update import some_rows, update

    base, tok = pretrained
    nl = newline_ids(tok)
    long = [r for r in RECORDS if len(encode_proof(tok, r, "state", 512, nl).rows) >= 3]
    assert len(long) >= 4
    p = encode_proof(tok, long[0], "state", 512, nl)
    one = some_rows(p, 1, random.Random(0))
    assert len(one.rows) == 1 and one.rows[0] in p.rows and one.n_steps == p.n_steps
    assert one.steps[0] == p.steps[p.rows.index(one.rows[0])]  # a row keeps its own step ids
    assert some_rows(p, 0, random.Random(0)) is p and some_rows(p, len(p.rows), random.Random(0)) is p
    picks = {tuple(map(tuple, some_rows(p, 1, random.Random(s)).rows[0][0:1])) for s in range(20)}
    assert len(picks) > 1  # a random line, not always the first

    def tokens(replay_rows, replayed):  # real tokens run through the model by one step over the four proofs
        return update(copy.deepcopy(base), tok, long[:4], _cfg(steps=1, batch=4, format="state",
                                                              replay_rows=replay_rows), replayed=replayed).tokens
    full = tokens(0, 2)
    assert tokens(1, 0) == full  # nothing replayed: every row trains
    lens = [[len(ids) for ids, _ in encode_proof(tok, r, "state", 512, nl).rows] for r in long[:4]]
    assert sum(map(sum, lens)) == full
    assert sum(map(sum, lens[:2])) + min(lens[2]) + min(lens[3]) <= tokens(1, 2) \
        <= sum(map(sum, lens[:2])) + max(lens[2]) + max(lens[3])  # the two replayed proofs: one line each
    a, b = copy.deepcopy(base), copy.deepcopy(base)
    for m in (a, b):
        torch.manual_seed(1)
        update(m, tok, long[:4], _cfg(steps=2, batch=4, format="state", replay_rows=1, seed=5), replayed=2)
    assert all(torch.equal(x, y) for x, y in zip(a.parameters(), b.parameters()))


def test_lora_trains_only_the_adapter(pretrained):
    pytest.importorskip("peft")
    from gentzen.train.update import update

    base, tok = pretrained
    model = copy.deepcopy(base)
    before = {k: v.clone() for k, v in model.state_dict().items()}
    stats = update(model, tok, RECORDS, _cfg(steps=5, lr=1e-2, lora="r=4,alpha=8"))
    wrapped = stats.model
    assert hasattr(wrapped, "peft_config")
    changed = [k for k, v in wrapped.state_dict().items() if "lora_" in k]
    assert changed
    base_after = {k.replace("base_model.model.", "").replace(".base_layer", ""): v
                  for k, v in wrapped.state_dict().items() if "lora_" not in k}
    assert all(torch.equal(before[k], v) for k, v in base_after.items() if k in before)
    assert stats.model is update(wrapped, tok, RECORDS, _cfg(steps=1, lora="r=4")).model  # the same adapter


def test_epochs_size_the_steps_and_the_lr_warms_up_then_decays(pretrained):
    from gentzen.train.update import UpdateConfig, planned_steps, update

    base, tok = pretrained
    cfg = UpdateConfig(epochs=2.0, batch=4, lr=1e-3, warmup=0.2, min_lr_frac=0.1)
    assert planned_steps(cfg, len(RECORDS)) == -(-2 * len(RECORDS) // 4)  # ceil(epochs × records / batch)
    assert planned_steps(UpdateConfig(epochs=0.01, batch=16), 3) == 1 and planned_steps(cfg, 0) == 0
    assert planned_steps(UpdateConfig(steps=7, epochs=0.5), 100) == 7  # a fixed count overrides
    assert planned_steps(UpdateConfig(steps=0, epochs=0.0), 100) == 0  # training off
    seen: list[dict] = []
    stats = update(copy.deepcopy(base), tok, RECORDS, cfg, on_step=seen.append)
    lrs = [e["lr"] for e in seen]
    assert stats.steps == len(seen) == planned_steps(cfg, len(RECORDS))
    peak = lrs.index(max(lrs))
    assert 0 < peak < len(lrs) - 1 and lrs[0] < 0.5 * max(lrs) and max(lrs) <= 1e-3  # warm-up to the peak
    assert all(a >= b for a, b in zip(lrs[peak:], lrs[peak + 1:])) and lrs[-1] < 0.2 * 1e-3  # then decays


def test_the_forgetting_probe_is_the_mean_ce_per_proof_and_per_token_before_and_after(pretrained):
    from gentzen.train.update import evaluate, probe_ce, update

    base, tok = pretrained
    model = copy.deepcopy(base)
    probe, train = RECORDS[:4], RECORDS[4:]
    plain = _cfg()
    whole_batch = evaluate(model, tok, probe, plain)["ce"]
    assert probe_ce(model, tok, probe, plain, chunk=3) == pytest.approx(whole_batch, rel=1e-5)  # chunks: same mean
    state = _cfg(format="state")  # one sequence per line, sorted by length across proofs: still the same mean
    assert probe_ce(model, tok, probe, state, chunk=2) == pytest.approx(evaluate(model, tok, probe, state)["ce"],
                                                                        rel=1e-5)
    stats = update(model, tok, train, _cfg(steps=10, lr=1e-2, loss="gem", weights="ua", weight_budget={"n": 4}),
                   probe=probe)
    f = stats.forgetting
    assert f["proofs"] == 4 and f["token"]["before"] == pytest.approx(whole_batch, rel=1e-5)
    assert f["token"]["after"] == pytest.approx(evaluate(model, tok, probe, plain)["ce"], rel=1e-5)
    # the headline weighs every proof the same: the mean of each proof's own mean CE
    each = [evaluate(model, tok, [p], plain)["ce"] for p in probe]
    assert f["after"] == pytest.approx(sum(each) / 4, rel=1e-5) and f["after"] != f["before"]
    assert sum(b["proofs"] for b in f["buckets"].values()) == 4
    assert stats.probe_seconds > 0
    assert update(copy.deepcopy(base), tok, train, _cfg(steps=1)).forgetting is None  # no probe, no figures


@pytest.mark.parametrize("kw,msg", [
    ({"loss": "mse"}, "unknown loss"), ({"weights": "dfs"}, "unknown weights"), ({"beta": 0.0}, "beta"),
    ({"batch": 0}, "batch"), ({"lr": 0.0}, "lr"), ({"weights": "ua"}, "n=…"),
    ({"weights": "guided", "weight_budget": {"redraws_per_line": 4}}, "redraws_per_proof"),
    ({"lora": "r=0"}, "lora"), ({"lora": "rank=4"}, "unknown"), ({"format": "tree"}, "format"),
    ({"epochs": -1.0}, "epochs"), ({"warmup": 1.0}, "warmup"), ({"replay_rows": -1}, "replay_rows"),
    ({"replay_rows": 1, "weights": "bfs", "weight_budget": {"n": 4}}, "weights none"),
])
def test_bad_update_configs_are_one_line_errors(kw, msg):
    from gentzen.train.update import check_update_config

    with pytest.raises(InputError, match=msg):
        check_update_config(_cfg(**kw))


# -- accounting ----------------------------------------------------------------------------------


def test_clock_phases_add_up_and_loading_is_excluded():
    clock = Clock()
    with clock.loading():
        time.sleep(0.05)
    with clock.training():
        time.sleep(0.02)
    clock.charge(sample_seconds=0.01, check_seconds=0.005)
    time.sleep(0.01)
    s = clock.split()
    assert s["loading"] >= 0.05 and s["training"] >= 0.02
    assert s["sampling"] == pytest.approx(0.01) and s["checking"] == pytest.approx(0.005)
    assert s["sampling"] + s["checking"] + s["training"] + s["other"] == pytest.approx(s["total"], abs=1e-3)
    assert s["total"] < 0.05 + s["training"]  # the loading is not in the total
    with clock.training(), pytest.raises(RuntimeError):
        with clock.sampling():
            pass


def test_tally_rates_and_sums():
    a = Tally(targets=4, samples=16, verified=5, solved=2, tokens=100)
    b = Tally(targets=4, samples=16, verified=3, solved=1, tokens=50)
    d = Tally().add(a).add(b).to_dict()
    assert d["samples"] == 32 and d["tokens"] == 150 and d["solve_rate"] == pytest.approx(3 / 8)
    assert d["verified_rate"] == pytest.approx(8 / 32)
    assert Tally.from_dict(a.to_dict()) == a
    assert Tally().to_dict()["solve_rate"] is None


def test_jsonl_log_appends_and_keeps(tmp_path):
    log = JsonlLog(tmp_path / "r.jsonl")
    for i in range(1, 4):
        log.write({"round": i})
    with open(log.path, "a") as f:
        f.write('{"round": 4, "cut')  # a line torn by a kill
    assert [r["round"] for r in log.read()] == [1, 2, 3]
    assert [r["round"] for r in log.keep(lambda r: r["round"] <= 2)] == [1, 2]
    log.write({"round": 3})
    assert [r["round"] for r in log.read()] == [1, 2, 3]
    assert log.path.read_text().endswith('"round": 3}\n')


def test_a_resume_reads_a_setting_newer_than_the_run_as_its_default(tmp_path):
    """A run started before a setting existed has none in its state: it ran with the default, so a resume
    with the default goes on and one with another value is refused with one line."""
    import json
    from dataclasses import dataclass

    from gentzen.train.accounting import resume_state

    @dataclass
    class Cfg:
        resume: bool = True
        lr: float = 0.1
        replay_rows: int = 0

    state = tmp_path / "state.json"
    state.write_text(json.dumps({"rounds": [], "config": {"lr": 0.1}}), encoding="utf-8")
    assert resume_state(state, Cfg(), ("lr", "replay_rows"), ("rounds",), "a run")["config"] == {"lr": 0.1}
    with pytest.raises(InputError, match=r"replay_rows 0 -> 1"):
        resume_state(state, Cfg(replay_rows=1), ("lr", "replay_rows"), ("rounds",), "a run")
    with pytest.raises(InputError, match=r"lr 0.1 -> 0.2"):
        resume_state(state, Cfg(lr=0.2), ("lr", "replay_rows"), ("rounds",), "a run")
