"""The held-out check: no statement we evaluate on is trained on, up to renaming.

A statement's key is its canonical sequent (premise order, duplicates, atom and hypothesis names
ignored). Held out: the shipped sets, the first statements a newcomer types (ACCEPTANCE), and every
generated statement whose key hashes into the dev/heldout splits (the docs' held-out sets are drawn
from those). `python3 -m gentzen.data.heldout FILE…` lists the train records that break this.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable
from functools import lru_cache

from gentzen.core.logic.sequent import canonical_key
from gentzen.core.proof.theorem import parse_theorem

SPLITS = (("train", 80), ("dev", 10), ("heldout", 10))  # percent of the canonical-hash space

# The statements issue 23 asks `gentzen prove` to prove; their Lean forms with the user's names
# (`example (p q : Prop) (hp : p) …`) have the same keys, so one sequent per statement suffices.
ACCEPTANCE = (
    "P ⊢ P",
    "P, Q ⊢ P",
    "P → Q ⊢ ¬Q → ¬P",
    "P → Q, ¬Q ⊢ ¬P",
    "¬(P ∧ Q) ⊢ ¬P ∨ ¬Q",
    "¬P ∨ ¬Q ⊢ ¬(P ∧ Q)",
    "¬(P ∨ Q) ⊢ ¬P ∧ ¬Q",
    "¬P ∧ ¬Q ⊢ ¬(P ∨ Q)",
    "P → (Q → R) ⊢ P ∧ Q → R",
    "P, Q ⊢ P ∧ Q",
)
# The same statements as a student writes them in Lean, with their own names (issue 23's examples).
ACCEPTANCE_LEAN = (
    "example (p : Prop) (hp : p) : p := by",
    "example (p q : Prop) (hp : p) (hq : q) : p := by",
    "example (p q : Prop) (hpq : p → q) : ¬q → ¬p := by",
    "example (p q : Prop) (hpq : p → q) (hnq : ¬q) : ¬p := by",
    "example (p q : Prop) (h : ¬(p ∧ q)) : ¬p ∨ ¬q := by",
    "example (p q : Prop) (h : ¬p ∨ ¬q) : ¬(p ∧ q) := by",
    "example (p q : Prop) (h : ¬(p ∨ q)) : ¬p ∧ ¬q := by",
    "example (p q : Prop) (h : ¬p ∧ ¬q) : ¬(p ∨ q) := by",
    "example (p q r : Prop) (h : p → (q → r)) : p ∧ q → r := by",
    "example (p q : Prop) (hp : p) (hq : q) : p ∧ q := by",
)


def acceptance_records() -> list[dict]:
    """ACCEPTANCE as `gentzen prove` states each sequent, then ACCEPTANCE_LEAN: an eval set (no proofs)."""
    rows = [{"name": f"acc_seq_{i:02d}", "sequent": s, "theorem": parse_theorem(s, default_name="goal").statement()}
            for i, s in enumerate(ACCEPTANCE)]
    return rows + [{"name": f"acc_lean_{i:02d}", "theorem": s} for i, s in enumerate(ACCEPTANCE_LEAN)]


def split_of(canonical: str) -> str:
    """train/dev/heldout from a hash of the canonical statement: one statement, one split."""
    h = int.from_bytes(hashlib.sha256(canonical.encode()).digest()[:8], "big") % 100
    acc = 0
    for name, share in SPLITS:
        acc += share
        if h < acc:
            return name
    return SPLITS[-1][0]


def statement_key(text: str) -> str:
    """The canonical key of a sequent or Lean statement (names of atoms and hypotheses ignored)."""
    thm = parse_theorem(text)
    return canonical_key(tuple(f for _, f in thm.hyps), thm.goal)


@lru_cache(maxsize=1)
def heldout_keys() -> dict[str, str]:
    """key -> where it is held out (`set:NAME` for a shipped set, `acceptance` for ACCEPTANCE)."""
    from gentzen.data.sets import load_set, set_paths

    keys = {statement_key(item["sequent"]): f"set:{name}" for name in set_paths() for item in load_set(name)}
    for s in ACCEPTANCE + ACCEPTANCE_LEAN:
        keys.setdefault(statement_key(s), "acceptance")
    return keys


def leaks(records: Iterable[dict], split: str = "train", hashed: bool = True, held: dict[str, str] | None = None,
          also=None) -> list[dict]:
    """The records of `split` that are held out: a statement of `held` (default: shipped/acceptance), or
    (`hashed`) one whose key hashes into another split, where `gen` draws the dev and held-out statements
    from; `also(hyps, goal)` may name a further reason (data/decontam.py: a held-out goal state)."""
    held = heldout_keys() if held is None else held
    out = []
    for rec in records:
        if split and rec.get("split", split) != split:
            continue
        thm = parse_theorem(rec["theorem"])
        prem = tuple(f for _, f in thm.hyps)
        key = canonical_key(prem, thm.goal)
        where = held.get(key)
        if where is None and hashed and split_of(key) != split:
            where = f"hash:{split_of(key)}"
        if where is None and also is not None:
            where = also(prem, thm.goal)
        if where is not None:
            out.append({"name": rec.get("name", "?"), "theorem": rec["theorem"], "held_out": where})
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse
    from pathlib import Path

    ap = argparse.ArgumentParser(prog="python3 -m gentzen.data.heldout", description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", help="training JSONL (records with theorem and split)")
    ap.add_argument("--write-acceptance", metavar="FILE", help="write the acceptance statements as an eval set")
    ap.add_argument("--split", default="train", help="the split trained on")
    ap.add_argument("--no-hash", action="store_true", help="check only shipped and acceptance statements")
    a = ap.parse_args(argv)
    if a.write_acceptance:
        from gentzen.io import atomic_write_text

        atomic_write_text(a.write_acceptance, "".join(json.dumps(r, ensure_ascii=False) + "\n"
                                                      for r in acceptance_records()))
    if not a.files and not a.write_acceptance:
        ap.error("give training JSONL files to check (or --write-acceptance FILE)")
    found, total = [], 0
    for name in a.files:
        path = Path(name)
        if not path.is_file():
            print(f"error: {name}: no such file", file=sys.stderr)
            return 2
        try:
            rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            print(f"error: {name}: not JSONL ({e})", file=sys.stderr)
            return 2
        total += len(rows)
        found += leaks(rows, a.split, hashed=not a.no_hash)
    if not a.files:
        return 0
    print(json.dumps({"records": total, "leaks": len(found), "examples": found[:10]}, ensure_ascii=False))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["ACCEPTANCE", "ACCEPTANCE_LEAN", "acceptance_records", "SPLITS", "split_of", "statement_key",
           "heldout_keys", "leaks"]
