"""Run directories (docs/run-dirs.md) read tolerantly for run mode: eval runs (theorems.jsonl)
and test-time RL runs (rounds/targets/variants.jsonl). A run still being written may end in a
partial line or miss files; those are skipped, never an error. `signature` tells when to reload.
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

FILES = ("config.json", "summary.json", "theorems.jsonl", "rounds.jsonl", "targets.jsonl", "variants.jsonl")


def read_jsonl(path: Path) -> list[dict]:
    """Complete JSON-object lines of a file; a half-written last line or a bad line is skipped."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    out = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw)
        except json.JSONDecodeError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out


def read_json(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def signature(path: Path) -> tuple:
    """(name, size, mtime) of the run's files: changes whenever a line is appended or a file replaced."""
    sig = []
    for name in FILES:
        try:
            st = (path / name).stat()
            sig.append((name, st.st_size, st.st_mtime_ns))
        except OSError:
            sig.append((name, None, None))
    return tuple(sig)


@dataclass
class Target:
    """One target of a run with its history: eval records (method, seed) or ttrl rounds."""

    name: str
    theorem: str = ""
    solved: bool = False
    detail: str = ""
    records: list[dict] = field(default_factory=list)  # eval: theorems.jsonl rows; ttrl: target rows
    rates: list[float | None] = field(default_factory=list)  # ttrl: this target's rate per round
    solved_round: int | None = None
    by: str | None = None
    label: str = ""  # ttrl: the user's name for the target (targets.jsonl `label`); `name` is its identifier
    short: str = ""  # the history in a few characters, for the targets table (`detail` is the full one)

    @property
    def shown(self) -> str:
        return self.label or self.name


@dataclass
class Run:
    path: Path
    kind: str  # eval | ttrl | unknown
    config: dict
    targets: list[Target]
    variants: list[dict]
    rounds: list[dict]
    curves: dict[str, list[float]]  # name -> values (one per round, or per k for eval)
    bars: list[tuple[str, float]]  # eval: (method pass@k, value)


def load_run(path: Path) -> Run:
    path = Path(path)
    config = read_json(path / "config.json")
    kind = config.get("kind") or ("ttrl" if (path / "rounds.jsonl").exists() or (path / "targets.jsonl").exists()
                                  else "eval" if (path / "theorems.jsonl").exists() else "unknown")
    if kind == "ttrl":
        return _ttrl(path, config)
    return _eval(path, config, kind)


def _eval(path: Path, config: dict, kind: str) -> Run:
    from gentzen.eval.stats import pass_at_k_capped

    recs = read_jsonl(path / "theorems.jsonl")
    by_name: dict[str, Target] = {}
    for r in recs:
        name = str(r.get("name", "?"))
        t = by_name.setdefault(name, Target(name, str(r.get("theorem", ""))))
        t.records.append(r)
        t.solved = t.solved or int(r.get("c", 0) or 0) > 0
    for t in by_name.values():
        t.detail = "  ".join(f"{r.get('method', '?')}/s{r.get('seed', 0)}: {r.get('c', 0)}/{r.get('n', 0)}"
                             for r in t.records)
        ok = sum(int(r.get("c", 0) or 0) for r in t.records)
        t.short = f"{ok}/{sum(int(r.get('n', 0) or 0) for r in t.records)} attempts proved"
    ks = [k for k in config.get("ks", []) if isinstance(k, int) and k > 0] or [1, 8]
    per_method: dict[str, list[dict]] = defaultdict(list)
    for r in recs:
        per_method[str(r.get("method", "?"))].append(r)
    bars, curves = [], {}
    for m, rs in per_method.items():
        vals = []
        for k in ks:
            ps = [pass_at_k_capped(int(r.get("n", 0) or 0), int(r.get("c", 0) or 0), k) for r in rs
                  if 0 <= int(r.get("c", 0) or 0) <= int(r.get("n", 0) or 0)]
            v = sum(ps) / len(ps) if ps else 0.0
            vals.append(v)
            bars.append((f"{m} pass@{k}", v))
        curves[f"{m} pass@k, k = {', '.join(map(str, ks))}"] = vals
    return Run(path, kind, config, list(by_name.values()), [], [], curves, bars)


def _ttrl(path: Path, config: dict) -> Run:
    rounds = sorted(read_jsonl(path / "rounds.jsonl"), key=lambda r: r.get("round", 0) if
                    isinstance(r.get("round", 0), (int, float)) else 0)
    rows = read_jsonl(path / "targets.jsonl")
    variants = read_jsonl(path / "variants.jsonl")
    targets: dict[str, Target] = {}
    for r in rows:
        name = str(r.get("name", "?"))
        targets[name] = Target(name, str(r.get("theorem", "")), bool(r.get("solved")), records=[r],
                               solved_round=r.get("round") if r.get("solved") else None, by=r.get("by"),
                               label=str(r.get("label") or ""))
    for rd in rounds:  # names that appear only in rounds (targets.jsonl not yet written)
        for name in list(rd.get("solved", []) or []) + list(rd.get("solved_by_composition", []) or []):
            targets.setdefault(str(name), Target(str(name)))
        for name in (rd.get("rates") or {}):
            if name in targets or not any(v.get("name") == name for v in variants):
                targets.setdefault(str(name), Target(str(name)))
    for t in targets.values():
        for rd in rounds:
            rates = rd.get("rates") or {}
            v = rates.get(t.name)
            t.rates.append(float(v) if isinstance(v, (int, float)) else None)
            solved_now = t.name in (rd.get("solved") or []) or t.name in (rd.get("solved_by_composition") or [])
            if solved_now and t.solved_round is None:
                t.solved, t.solved_round = True, rd.get("round")
                t.by = t.by or ("composition" if t.name in (rd.get("solved_by_composition") or []) else "sampling")
        shown = "".join("·" if v is None else "▁▂▃▄▅▆▇█"[min(7, int(v * 7 + 0.5))] for v in t.rates)
        t.detail = (f"solved in round {t.solved_round} by {t.by}" if t.solved else "unsolved") + \
            (f"   rate per round {shown}" if t.rates else "")
        t.short = (f"r{t.solved_round} {t.by}" if t.solved else "unsolved") + (f" {shown}" if t.rates else "")
    curves = {}
    if rounds:
        solved, total = [], 0
        for rd in rounds:
            total = len(set(rd.get("solved", []) or []) | set(rd.get("solved_by_composition", []) or []))
            solved.append(float(total))
        curves["solved targets per round"] = solved
        samples = [float((rd.get("samples") or {}).get("targets", 0) or 0) for rd in rounds]
        if any(samples):
            curves["samples per target, per round"] = samples
        losses = [float(rd["loss"]) for rd in rounds if isinstance(rd.get("loss"), (int, float))]
        if losses:
            gem = (config.get("options") or {}).get("loss") == "gem"
            curves["training gem-loss (GEM: not a cross-entropy, may be negative)" if gem else "training loss"] = losses
    return Run(path, "ttrl", config, list(targets.values()), variants, rounds, curves, [])


def attempts_of(target: Target) -> list[tuple[str, dict]]:
    """(label, attempt) pairs of a target, over all its records (eval: method/seed; ttrl where stored)."""
    out = []
    for r in target.records:
        for i, a in enumerate(r.get("attempts", []) or []):
            if isinstance(a, dict):
                out.append((f"{r.get('method', r.get('by', ''))}/s{r.get('seed', 0)} #{i + 1}", a))
    return out


def variant_rows(run: Run, target: str | None = None) -> list[dict]:
    return [v for v in run.variants if target is None or v.get("target") == target]
