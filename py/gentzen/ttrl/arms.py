"""The six arms of a test-time RL run: what each samples, what it trains on, when it switches.

ttrl: targets + their own variants, one adapted model (or one per target with --fork);
ei: targets only; control: targets only, no training, samples matched to a ttrl run's;
unrelated: targets + variants of *other* targets; ei-then-ttrl: EI until its solved count stalls
for `patience` rounds, then variants for the targets it left; sdpo: Training II's per-theorem loop;
grpo: `train grpo` on the targets (groups of --samples, the kernel or --backend as the reward).
"""

from __future__ import annotations

from gentzen.errors import InputError
from gentzen.ttrl.config import ARMS, TTRLConfig, replay_share_of
from gentzen.ttrl.pool import LIVE, Item, Pool


def build_pool(cfg: TTRLConfig, targets: list[Item]) -> Pool:
    return Pool.build(targets, with_variants=ARMS[cfg.arm].variants, depth=cfg.depth, cap=cfg.max_variants,
                      seed=cfg.seed)


def matched_samples(match_dir: str) -> list[int]:
    """Samples the paired run spent in each of its rounds (targets and variants together)."""
    from gentzen.io import read_jsonl_resumable
    from pathlib import Path

    rows = sorted(read_jsonl_resumable(Path(match_dir) / "rounds.jsonl"), key=lambda r: r.get("round", 0))
    out = []
    for r in rows:
        s = r.get("samples_round") or {}
        out.append(int(s.get("targets", 0)) + int(s.get("variants", 0)))
    if not out:
        raise InputError(f"--match {match_dir}: its rounds.jsonl has no finished round")
    return out


def plan(cfg: TTRLConfig, active: list[Item], round_no: int, matched: list[int] | None) -> dict[str, int]:
    """Samples per active item this round: --samples each, an unsolved target --target-samples when given.
    Control with --match spreads the paired run's samples of the same round over its unsolved targets
    (the first ones get the remainder), so both runs spend the same samples per target round by round."""
    if matched is None:
        own = cfg.target_samples or cfg.samples
        return {it.name: own if it.is_target else cfg.samples for it in active}
    if round_no > len(matched) or not active:
        return {}
    total = matched[round_no - 1]
    k, extra = divmod(total, len(active))
    return {it.name: k + (i < extra) for i, it in enumerate(active) if k + (i < extra) > 0}


def update_item(it: Item, row: dict, cfg: TTRLConfig, round_no: int, keep_solved: bool, pool: Pool) -> None:
    """Fold one sampled row into its item: counts, rate, proofs, status."""
    n, v = row["attempts"], row["verified"]
    it.samples += n
    it.verified += v
    it.rate = v / n if n else None
    for p in row["proofs"]:
        if p not in it.proofs and len(it.proofs) < cfg.keep:
            it.proofs.append(p)
    if it.is_target:
        if v and it.status != "solved":
            it.status, it.solved_round, it.by = "solved", round_no, "sampling"
            if not keep_solved:
                pool.retire(it.name)
    elif it.status not in ("retired",):
        it.status = "mastered" if it.rate is not None and it.rate > cfg.mastered else \
            "frontier" if v else "unsolved"


def refresh_stalled(cfg: TTRLConfig, pool: Pool, round_no: int) -> dict[str, int]:
    """--refresh R, before round `round_no`: every unsolved target whose live variants (at least one) have
    all been sampled R rounds' worth without a single verified proof gets fresh variants (`Pool.refresh`);
    returns target -> variants added. A function of the saved pool, so a resumed run refreshes alike."""
    if not cfg.refresh:
        return {}
    out = {}
    for t in pool.targets:
        live = [v for v in pool.variants(t.name) if v.status in LIVE]
        if t.status == "solved" or not live or \
                any(v.verified or v.samples < cfg.refresh * cfg.samples for v in live):
            continue
        out[t.name] = pool.refresh(t.name, cfg.depth, cfg.max_variants or len(live), cfg.seed, round_no)
    return out


def add_cut_lemmas(cfg: TTRLConfig, pool: Pool) -> dict[str, int]:
    """--cut-lemmas, before a round: every unsolved target gets the lemmas its solved variants still need
    (`Pool.add_cut_lemmas`; a lemma unproved after --refresh rounds of samples, 2 when 0, gives way to its cut
    pairs); returns target -> items added. A function of the saved pool, so a resumed run adds alike."""
    if not cfg.cut_lemmas:
        return {}
    out = {}
    for t in pool.targets:
        if t.status != "solved":
            n = pool.add_cut_lemmas(t.name, cfg.max_variants or 8, (cfg.refresh or 2) * cfg.samples, cfg.seed)
            if n:
                out[t.name] = n
    return out


def training_records(cfg: TTRLConfig, rows: list[dict], items: dict[str, Item], composed: dict[str, str],
                     source, round_no: int, buffered: list[Item] = ()) -> tuple[list[dict], int]:
    """The round's training set: verified target proofs and frontier-variant proofs (1..mastered of
    their samples; mastered ones and 0-of-n ones give none), up to `keep` distinct each, repeated
    max(1, round(repeat × (1 − rate))); composed proofs (rate 0: repeated most); the proofs of the
    `buffered` items not sampled this round (`buffered_targets`); then the replayed share (`source`,
    a replay.ReplaySource). Returns (records, how many were replayed)."""
    from gentzen.train.ei import repeats
    from gentzen.train.seeds import derived_seed

    records: list[dict] = []
    for row in rows:
        n, v = row["attempts"], row["verified"]
        if not v or not n:
            continue
        rate = v / n
        if row["kind"] != "target" and rate > cfg.mastered:
            continue  # mastered: leaves the pool without training
        records += [{"theorem": row["theorem"], "proof": p} for p in row["proofs"][:cfg.keep]] * repeats(rate, cfg.repeat)
    for name, proof in composed.items():
        records += [{"theorem": items[name].theorem, "proof": proof}] * repeats(0.0, cfg.repeat)
    fresh = {row["name"] for row in rows} | set(composed)
    for it in buffered:  # found proofs stay in the mix (the source's at-scale EI); this round's are above
        if it.proofs and it.name not in fresh:
            records += [{"theorem": it.theorem, "proof": p} for p in it.proofs[:cfg.keep]] * \
                repeats(it.verified / it.samples if it.samples else 0.0, cfg.repeat)
    return source.mix(records, derived_seed(cfg.seed, round_no, "replay")) if records else ([], 0)


def buffered_targets(cfg: TTRLConfig, pool: Pool, in_group) -> list[Item]:
    """Solved targets whose proofs every later update trains on: the ei and ei-then-ttrl arms with
    --buffer (ttrl and unrelated follow the 64-target run: a solved target leaves with its variants)."""
    if not cfg.buffer or cfg.arm not in ("ei", "ei-then-ttrl"):
        return []
    return [t for t in pool.targets if t.status == "solved" and t.proofs and in_group(t)]


def switch_phase(cfg: TTRLConfig, phase: str, history: list[int], pool: Pool) -> tuple[str, int]:
    """ei-then-ttrl: after a round, switch to variants once the solved count has not grown for
    `patience` rounds; returns (phase, variants added)."""
    if cfg.arm != "ei-then-ttrl" or phase != "ei" or len(history) <= cfg.patience:
        return phase, 0
    if history[-1] > history[-1 - cfg.patience]:
        return phase, 0
    added = sum(pool.add_variants(t.name, cfg.depth, cfg.max_variants, cfg.seed)
                for t in pool.targets if t.status != "solved")
    return "ttrl", added


def run_sdpo(cfg: TTRLConfig, out, targets: list[Item], say) -> dict:
    """The sdpo arm: Training II's per-theorem loop (gentzen.train.sdpo) over the targets, with
    round r = SDPO iteration r of every theorem; its logs are translated into the ttrl files."""
    try:
        from gentzen.train import sdpo
        from gentzen.train.sdpo_config import SDPOConfig
    except ImportError:
        raise InputError("the sdpo arm needs gentzen.train.sdpo") from None
    from gentzen.io import atomic_write_jsonl

    sub = out / "sdpo"
    theorems = out / "sdpo_targets.jsonl"
    if not theorems.is_file():
        atomic_write_jsonl(theorems, [{"name": t.name, "theorem": t.theorem} for t in targets])
    scfg = SDPOConfig(model=cfg.model, theorems=str(theorems), out=str(sub), mode="per-theorem",
                           iterations=cfg.rounds, group=cfg.samples, backend=cfg.backend,
                           repl_cmd=cfg.repl_cmd, lr=_own_lr(cfg, SDPOConfig),
                           temperature=cfg.temperature, seed=cfg.seed, threads=cfg.threads, device=cfg.device,
                           resume=cfg.resume, force=cfg.force, replay=cfg.replay, replay_share=replay_share_of(cfg),
                           probe=cfg.probe)
    try:
        sdpo.run(scfg, progress=lambda ev: say({**ev, "event": "sdpo", "sdpo_event": ev.get("event")}))
    finally:
        translate_sdpo(cfg, out, targets)
    return {}


def translate_sdpo(cfg: TTRLConfig, out, targets: list[Item]) -> None:
    """SDPO's iterations.jsonl/results.jsonl -> rounds.jsonl and targets.jsonl (finished theorems only)."""
    from gentzen.io import atomic_write_jsonl, read_jsonl_resumable

    its = read_jsonl_resumable(out / "sdpo" / "iterations.jsonl")
    results = {r["index"]: r for r in read_jsonl_resumable(out / "sdpo" / "results.jsonl")}
    n = len(targets)
    rounds = []
    last = max((r.get("iteration", 0) for r in its), default=0)
    for r in range(1, last + 1):
        upto = [x for x in its if x.get("iteration", 0) <= r]
        solved = [targets[i].name for i, row in sorted(results.items())
                  if row.get("solved") and row.get("iterations", 0) <= r]
        secs: dict[str, float] = {}
        for x in upto:
            for k, v in (x.get("seconds") or {}).items():
                secs[k] = round(secs.get(k, 0.0) + v, 4)
        now = [x for x in its if x.get("iteration") == r]
        rounds.append({"round": r, "arm": "sdpo", "phase": "sdpo", "solved": solved, "solved_by_composition": [],
                       "pool": {"targets_unsolved": n - len(solved), "targets_solved": len(solved)},
                       "rates": {targets[x["theorem_index"]].name: x["tally"]["verified_rate"] for x in now},
                       "loss": next((x.get("divergence") for x in reversed(now) if "divergence" in x), None),
                       "samples": {"targets": round(sum(x["tally"]["samples"] for x in upto) / n, 4), "variants": 0.0},
                       "samples_round": {"targets": sum(x["tally"]["samples"] for x in now), "variants": 0},
                       "tokens": sum(x["tally"]["tokens"] for x in upto),
                       "updates": sum(1 for x in upto if x["tally"].get("train_steps")),
                       "seconds": secs})
    atomic_write_jsonl(out / "rounds.jsonl", rounds)
    rows = []
    for i, t in enumerate(targets):
        row = results.get(i, {})
        rows.append({"name": t.name, "label": t.shown, "theorem": t.theorem, "solved": bool(row.get("solved")),
                     "round": row.get("iterations") if row.get("solved") else None,
                     "by": "sampling" if row.get("solved") else None, "samples": row.get("samples", 0),
                     "proof": row.get("proof")})
    atomic_write_jsonl(out / "targets.jsonl", rows)
    atomic_write_jsonl(out / "variants.jsonl", [])
    from gentzen.io import atomic_write_text
    from gentzen.ttrl.report import PROOFS, proofs_lean

    atomic_write_text(out / PROOFS, proofs_lean(rows, "sdpo"))


def run_grpo(cfg: TTRLConfig, out, targets: list[Item], say) -> dict:
    """The grpo arm: `train grpo` over the targets in OUT/grpo (round r = GRPO round r, a group of
    --samples attempts per target, its reward judged by --backend), translated into the ttrl files.
    A target counts as solved from the first round one of its attempts was verified."""
    from gentzen.io import atomic_write_jsonl
    from gentzen.train import grpo

    theorems = out / "grpo_targets.jsonl"
    if not theorems.is_file():
        atomic_write_jsonl(theorems, [{"name": t.name, "theorem": t.theorem} for t in targets])
    gcfg = grpo.GRPOConfig(model=cfg.model, targets=str(theorems), out=str(out / "grpo"), rounds=cfg.rounds,
                           group=cfg.samples, temperature=cfg.temperature, backend=cfg.backend,
                           verify_url=list(cfg.verify_url), repl_cmd=cfg.repl_cmd, replay=cfg.replay,
                           replay_share=replay_share_of(cfg), probe=cfg.probe, epochs=cfg.epochs, steps=cfg.steps,
                           batch=cfg.batch, lr=_own_lr(cfg, grpo.GRPOConfig), warmup=cfg.warmup, seconds=cfg.seconds, seed=cfg.seed,
                           resume=cfg.resume, threads=cfg.threads, device=cfg.device)
    try:
        grpo.run(gcfg, progress=lambda ev: say({**ev, "event": "grpo", "grpo_event": ev.get("event")}))
    finally:
        translate_grpo(out, targets)
    return {}


def translate_grpo(out, targets: list[Item]) -> None:
    """GRPO's rounds.jsonl and samples files -> the ttrl run's rounds.jsonl, targets.jsonl, proofs.lean."""
    from gentzen.io import atomic_write_jsonl, atomic_write_text, read_jsonl_resumable
    from gentzen.ttrl.report import PROOFS, proofs_lean

    n, first, rounds, samples = len(targets), {}, [], 0
    secs: dict[str, float] = {}
    for g in sorted(read_jsonl_resumable(out / "grpo" / "rounds.jsonl"), key=lambda r: r["round"]):
        r = g["round"]
        rows = read_jsonl_resumable(out / "grpo" / f"round-{r:03d}.samples.jsonl")
        for row in rows:
            proof = next((a["proof"] for a in row["attempts"] if a["reward"]), None)
            if proof is not None and row["index"] not in first:
                first[row["index"]] = (r, proof)
        samples += g["tally"]["samples"]
        for k, v in (g.get("seconds") or {}).items():
            secs[k] = round(secs.get(k, 0.0) + v, 4)
        solved = [targets[i].name for i in sorted(first)]
        rounds.append({"round": r, "arm": "grpo", "phase": "grpo", "solved": solved, "solved_by_composition": [],
                       "pool": {"targets_unsolved": n - len(solved), "targets_solved": len(solved)},
                       "rates": {targets[row["index"]].name: row["verified"] / max(len(row["attempts"]), 1)
                                 for row in rows},
                       "loss": g.get("loss_after"), "forgetting": g.get("forgetting"),
                       "samples": {"targets": round(samples / n, 4), "variants": 0.0},
                       "samples_round": {"targets": g["tally"]["samples"], "variants": 0},
                       "tokens": g["tally"]["tokens"], "updates": int(bool(g["tally"].get("train_steps"))),
                       "seconds": dict(secs)})
    atomic_write_jsonl(out / "rounds.jsonl", rounds)
    rows = [{"name": t.name, "label": t.shown, "theorem": t.theorem, "solved": i in first,
             "round": first[i][0] if i in first else None, "by": "sampling" if i in first else None,
             "samples": samples // n if n else 0, "proof": first[i][1] if i in first else None}
            for i, t in enumerate(targets)]
    atomic_write_jsonl(out / "targets.jsonl", rows)
    atomic_write_jsonl(out / "variants.jsonl", [])
    atomic_write_text(out / PROOFS, proofs_lean(rows, "grpo"))


def _own_lr(cfg, run_config) -> float:
    """The lr of an arm that runs another trainer (sdpo, grpo): that trainer's own default unless --lr was
    changed from ttrl's (EI's update lr is not theirs: the audit found the sdpo arm given 3e-4 against SDPO's 1e-4)."""
    from dataclasses import fields

    from gentzen.train.update import RUN_OPTIONS

    if cfg.lr != RUN_OPTIONS["lr"][0]:
        return cfg.lr
    return next(f.default for f in fields(run_config) if f.name == "lr")
