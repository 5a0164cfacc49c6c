"""Train a value head on a frozen model from partial proofs the model itself wrote.

Read top to bottom: config, sample (guided sampling on each theorem; every state along an attempt
is a partial proof, labelled 1 when its goals lie on a path that finished and verified, else 0),
split by theorem, features from the frozen model, the head, the held-out pairwise ranking
accuracy, save. Sampled states are appended to OUT/states.jsonl, so a killed run resumes.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from gentzen.config import option as _opt
from gentzen.errors import InputError, require
from gentzen.search.value import HEAD_FILE, META_FILE, SHIPPED, Features, make_head, pairwise_accuracy, value_prompt


@dataclass
class ValueConfig:
    data: str = _opt("", "theorems to sample on: a shipped set name or a JSONL file of records with 'theorem'")
    out: str = _opt("", "value-head directory to write (value_head.pt, value.json, states.jsonl)")
    model: str = _opt("", "the frozen model directory (default: the shipped model)")
    samples: int = _opt(16, "guided attempts sampled per theorem")
    temperature: float = _opt(1.0, "sampling temperature of those attempts")
    limit: int = _opt(0, "only the first N theorems (0: all)")
    held_out: float = _opt(0.25, "share of theorems (by hash) whose states give the held-out pairs")
    hidden: int = _opt(64, "width of the head's hidden layer")
    epochs: int = _opt(300, "full-batch training epochs of the head")
    lr: float = _opt(3e-3, "learning rate of the head (Adam)")
    seed: int = _opt(0, "seed of sampling and of the head's initialisation")
    threads: int = _opt(0, "torch CPU threads (0: gentzen's default)")
    device: str = _opt("cpu", "cpu | cuda | cuda:N")


@dataclass
class ValueResult:
    out: str
    theorems: int
    states: int
    positives: int
    train_accuracy: float | None
    held_out_accuracy: float | None
    held_out_pairs: int
    seconds: dict


def _check(cfg: ValueConfig) -> None:
    if not cfg.data or not cfg.out:
        raise InputError("--data and --out are required")
    if cfg.samples < 1:
        raise InputError(f"--samples must be at least 1, got {cfg.samples}")
    if not 0.0 < cfg.held_out < 1.0:
        raise InputError(f"--held-out must be between 0 and 1, got {cfg.held_out}")
    if cfg.hidden < 1 or cfg.epochs < 1 or cfg.lr <= 0:
        raise InputError("--hidden and --epochs must be at least 1 and --lr positive")
    out = Path(cfg.out)
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out} exists and is not a directory")


def load_theorems(data: str, limit: int) -> list[str]:
    from gentzen.data.sets import load_set, read_jsonl, set_paths

    if data in set_paths():
        recs = load_set(data)
    elif Path(data).is_file():
        recs = read_jsonl(Path(data))
    else:
        raise InputError(f"--data {data!r} is neither a shipped set ({', '.join(set_paths())}) nor a file")
    theorems = [r["theorem"] for r in recs if r.get("theorem")]
    if limit:
        theorems = theorems[:limit]
    if not theorems:
        raise InputError(f"--data {data!r} has no records with a 'theorem'")
    return theorems


def held_out(theorem: str, share: float) -> bool:
    digest = hashlib.sha256(theorem.encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64 < share


def partial_proofs(theorem: str, attempts, fmt: str = "whole") -> list[dict]:
    """Every unfinished state along the attempts, once per goals (settled, as the searches show
    them); label 1 if the goals lie on a path of a verified attempt (the root too, when any
    attempt verified). The lines replay as the sampler ran them (auto_names in the state formats)."""
    from gentzen.core.kernel import StepError, start
    from gentzen.models.formats import names_by_env, shown_state

    states: dict[str, dict] = {}
    for a in attempts:
        state = start(theorem, auto_names=names_by_env(fmt))
        path = [state]
        for ev in a.events:  # accepted lines, replayed in order, give the attempt's states
            if ev["ok"]:
                nxt = state.step(ev["line"])
                if isinstance(nxt, StepError):  # pragma: no cover - the sampler accepted it
                    break
                state = nxt
                path.append(state)
        for st in path:
            if st.solved:
                continue
            key = shown_state(st)
            rec = states.setdefault(key, {"proof": st.proof_text(), "goals": key, "label": 0})
            rec["label"] |= int(a.ok)
    return list(states.values())


def _sample(cfg: ValueConfig, model: str, fmt: str, theorems: list[str], states_file: Path,
            progress: Callable[[dict], None]) -> None:
    from gentzen.engines import load_engine
    from gentzen.search.guided import SamplerConfig, sample

    done = set()
    if states_file.is_file():  # resume: theorems already sampled are kept as they are
        for line in states_file.read_text(encoding="utf-8").splitlines():
            try:
                done.add(json.loads(line)["theorem"])
            except (json.JSONDecodeError, KeyError):
                continue  # a line cut by a kill: that theorem is sampled again
    todo = [t for t in theorems if t not in done]
    if not todo:
        return
    engine = load_engine(model, "torch", device=cfg.device, threads=cfg.threads or None)
    scfg = SamplerConfig(samples=cfg.samples, temperature=cfg.temperature, format=fmt, stop_at_first=False,
                         seed=cfg.seed)
    with states_file.open("a", encoding="utf-8") as f:
        for i, thm in enumerate(todo, 1):
            res = sample(thm, engine, scfg)
            rec = {"theorem": thm, "held_out": held_out(thm, cfg.held_out), "solved": res.solved,
                   "tokens": res.totals()["tokens"], "states": partial_proofs(thm, res.attempts, fmt)}
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
            f.flush()  # one complete line per theorem: a kill loses at most the theorem in progress
            progress({"event": "sampled", "done": len(done) + i, "total": len(theorems), "solved": res.solved})
    engine.close()


def train(cfg: ValueConfig, progress: Callable[[dict], None] | None = None) -> ValueResult:
    """The value head from the model's own partial proofs, its held-out ranking accuracy, saved to OUT.
    Long because it is the module's top-to-bottom script (sample, split, features, head, accuracy,
    save): each step hands its tensors and counters to the next."""
    _check(cfg)
    torch = require("torch", "train")
    from gentzen.models.checkpoint import read_meta
    from gentzen.models.threads import set_threads

    progress = progress or (lambda ev: None)
    model = cfg.model or str(SHIPPED)
    if not (Path(model) / "config.json").is_file():
        raise InputError(f"--model {model} is not a model directory (no config.json)")
    fmt = read_meta(model).get("format", "whole")
    theorems = load_theorems(cfg.data, cfg.limit)
    out = Path(cfg.out)
    out.mkdir(parents=True, exist_ok=True)
    set_threads(cfg.threads or None)
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)

    # 1. partial proofs sampled by the model, labelled by whether their path finished
    t0 = time.perf_counter()
    states_file = out / "states.jsonl"
    _sample(cfg, model, fmt, theorems, states_file, progress)
    wanted = set(theorems)
    rows = []
    for line in states_file.read_text(encoding="utf-8").splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if rec["theorem"] in wanted:
            wanted.discard(rec["theorem"])  # one record per theorem, the first one written
            rows += [(rec["theorem"], rec["held_out"], s) for s in rec["states"]]
    t1 = time.perf_counter()

    # 2. features of the frozen model at each state, then the head
    feats = Features(model, cfg.device)
    from gentzen.core.proof.theorem import parse_theorem

    statements = {t: parse_theorem(t).statement() for t in {r[0] for r in rows}}
    x = feats([value_prompt(fmt, statements[t], s["proof"], s["goals"]) for t, _, s in rows])
    y = torch.tensor([float(s["label"]) for _, _, s in rows])
    test = torch.tensor([h for _, h, _ in rows], dtype=torch.bool)
    t2 = time.perf_counter()
    if int(y[~test].sum()) in (0, int((~test).sum())):
        raise InputError("the training states are all one label (every path finished, or none did): "
                         "use more or harder theorems, or more --samples")
    head = make_head(torch, feats.size, cfg.hidden).to(cfg.device)
    opt = torch.optim.Adam(head.parameters(), lr=cfg.lr, weight_decay=1e-4)
    pos = float(y[~test].sum())
    weight = torch.tensor((len(y[~test]) - pos) / pos)  # balance the labels: finished paths are rare
    xtr, ytr = x[~test], y[~test].to(cfg.device)
    for epoch in range(cfg.epochs):
        opt.zero_grad()
        loss = torch.nn.functional.binary_cross_entropy_with_logits(head(xtr).squeeze(-1), ytr, pos_weight=weight)
        loss.backward()
        opt.step()
        if (epoch + 1) % 50 == 0:
            progress({"event": "epoch", "epoch": epoch + 1, "loss": loss.item()})
    head.eval()
    t3 = time.perf_counter()

    # 3. pairwise ranking accuracy: (finished, unfinished) state pairs of the same theorem
    with torch.no_grad():
        scores = torch.sigmoid(head(x).squeeze(-1)).tolist()
    groups = [t for t, _, _ in rows]
    labels = [int(v) for v in y.tolist()]
    mask = test.tolist()
    tr_acc, _ = pairwise_accuracy(*_subset(scores, labels, groups, [not m for m in mask]))
    te_acc, te_pairs = pairwise_accuracy(*_subset(scores, labels, groups, mask))

    # 4. save atomically: the head, then the metadata that makes the directory usable
    seconds = {"sampling": round(t1 - t0, 3), "features": round(t2 - t1, 3), "training": round(t3 - t2, 3)}
    meta = {"model": str(Path(model).resolve()), "format": fmt, "features": feats.size, "hidden": cfg.hidden,
            "theorems": len(theorems), "states": len(rows), "positives": int(y.sum()),
            "train_pairwise_accuracy": tr_acc, "held_out_pairwise_accuracy": te_acc, "held_out_pairs": te_pairs,
            "held_out_theorems": len({g for g, m in zip(groups, mask) if m}), "seconds": seconds,
            "config": asdict(cfg)}
    tmp = out / (HEAD_FILE + ".tmp")
    torch.save(head.state_dict(), tmp)
    os.replace(tmp, out / HEAD_FILE)
    tmp = out / (META_FILE + ".tmp")
    tmp.write_text(json.dumps(meta, indent=2) + "\n")
    os.replace(tmp, out / META_FILE)
    return ValueResult(str(out), len(theorems), len(rows), int(y.sum()), tr_acc, te_acc, te_pairs, seconds)


def _subset(scores, labels, groups, keep):
    pick = [i for i, k in enumerate(keep) if k]
    return [scores[i] for i in pick], [labels[i] for i in pick], [groups[i] for i in pick]
