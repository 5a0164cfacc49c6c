"""Goal-state decontamination (issue 41): data version 2 trains on no goal state an evaluated statement reaches.

A statement's *state key* is the canonical key of the goal state it reaches after every `intro` (each
antecedent of an implication goal, and the `A` of a goal `¬A`, joins the premises). From DATA_VERSION 2,
`gen` (plain and `--style user`) and augment's one-liners emit no statement that is, or whose state key is,
a shipped, acceptance or public-exercise statement's, nor a train statement whose state key hashes out of
train. Version 3 also holds out the fresh exercise set (evalsets/fresh_exercises.jsonl). Versions 1 (before
the rule) and 2 stay byte-identical for a seed, so recorded data can be regenerated.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from gentzen.core.logic.formula import FALSE, Formula
from gentzen.core.logic.sequent import canonical_key
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.heldout import heldout_keys, split_of, statement_key
from gentzen.data.heldout import leaks as statement_leaks
from gentzen.errors import InputError

DATA_VERSION = 3  # what `gentzen gen` writes by default
# 1: statements held out up to renaming; 2: and every goal state they reach after intros; 3: and the fresh exercises
DATA_VERSIONS = (1, 2, 3)
# the exercise statements of public books and courses (scripts/exercise_set.py): evaluated, so never trained on;
# changing this file changes version 2's output, so a change to it needs a new data version
EXERCISES = Path(__file__).resolve().parent.parent / "evalsets" / "public_exercises.jsonl"
# the fresh exercise set (scripts/fresh_exercise_set.py), from sources the data mix was not written from: held
# out from version 3 on; the same rule, a change to it needs a new data version
FRESH_EXERCISES = EXERCISES.with_name("fresh_exercises.jsonl")


def check_version(version: int) -> int:
    if version not in DATA_VERSIONS:
        raise InputError(f"unknown --data-version {version} (known: {', '.join(map(str, DATA_VERSIONS))})")
    return version


def after_intros(premises, goal: Formula) -> tuple[tuple[Formula, ...], Formula]:
    """The goal state after `intro` until it no longer applies: each antecedent of an implication goal, and
    the `A` of a goal `¬A` (whose goal becomes False), joins the premises."""
    prem = list(premises)
    while goal.kind in ("imp", "not"):
        prem.append(goal.args[0])
        goal = goal.args[1] if goal.kind == "imp" else FALSE
    return tuple(prem), goal


def state_key_of(premises, goal: Formula) -> str:
    """The canonical key of the goal state a statement reaches after its `intro`s."""
    return canonical_key(*after_intros(premises, goal))


def state_key(text: str) -> str:
    """state_key_of a sequent or Lean statement."""
    thm = parse_theorem(text)
    return state_key_of(tuple(f for _, f in thm.hyps), thm.goal)


def exercise_rows(path: Path = EXERCISES) -> list[dict]:
    """The public exercise statements, or those of `path` (empty when the file is absent)."""
    if not path.is_file():
        return []
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def _held_rows(version: int) -> list[tuple[dict, str]]:
    """(row, kind) of every exercise statement `version` holds out, in the order they take precedence."""
    rows = [(r, "exercise") for r in exercise_rows()]
    if version >= 3:
        rows += [(r, "fresh") for r in exercise_rows(FRESH_EXERCISES)]
    return rows


@lru_cache(maxsize=4)
def held_statement_keys(version: int = 2) -> dict[str, str]:
    """The held-out statements of version 2 (heldout_keys() and the public exercises, `exercise:SOURCE`) or 3
    (and the fresh exercises, `fresh:SOURCE`)."""
    keys = dict(heldout_keys())
    for row, kind in _held_rows(version):
        keys.setdefault(statement_key(row["theorem"]), f"{kind}:{row.get('source', '?')}")
    return keys


@lru_cache(maxsize=4)
def held_state_keys(version: int = 2) -> dict[str, str]:
    """state key -> where it is held out, for every shipped, acceptance and exercise statement of `version`."""
    from gentzen.data.heldout import ACCEPTANCE, ACCEPTANCE_LEAN
    from gentzen.data.sets import load_set, set_paths

    keys = {state_key(item["sequent"]): f"set:{name}" for name in set_paths() for item in load_set(name)}
    for s in ACCEPTANCE + ACCEPTANCE_LEAN:
        keys.setdefault(state_key(s), "acceptance")
    for row, kind in _held_rows(version):
        keys.setdefault(state_key(row["theorem"]), f"{kind}:{row.get('source', '?')}")
    return keys


def state_held_out(premises, goal: Formula, split: str, version: int = DATA_VERSION) -> str | None:
    """Why a statement of `split` must not be written at the goal-state level (None under version 1, or
    when it may): it reaches a held-out statement's goal state (`state:set:textbook`), or, for train, its
    state key hashes into another split (`state-hash:heldout`), where a held-out statement may reach it."""
    if version < 2:
        return None
    skey = state_key_of(premises, goal)
    where = held_state_keys(min(version, 3)).get(skey)
    if where is not None:
        return f"state:{where}"
    if split == "train" and split_of(skey) != "train":
        return f"state-hash:{split_of(skey)}"
    return None


def seen_keys(version: int) -> set[str]:
    """The statement keys a generator starts from as already taken (never emitted) under `version`."""
    return set(heldout_keys()) if version < 2 else set(held_statement_keys(min(version, 3)))


def leaks(records: Iterable[dict], split: str = "train", hashed: bool = True,
          version: int = DATA_VERSION) -> list[dict]:
    """The records of `split` that `version` (2 or later) holds out: a held statement, one whose key hashes into
    another split (`hashed`), or one reaching a held-out goal state after its intros."""
    return statement_leaks(records, split, hashed, held_statement_keys(version),
                         also=lambda prem, goal: state_held_out(prem, goal, split if hashed else "", version))


def main(argv: list[str] | None = None) -> int:
    """`python3 -m gentzen.data.decontam FILE…`: the train records a data version would not write; exit 1 if any."""
    import argparse

    ap = argparse.ArgumentParser(prog="python3 -m gentzen.data.decontam", description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", help="training JSONL (records with theorem and split)")
    ap.add_argument("--split", default="train", help="the split trained on")
    ap.add_argument("--data-version", type=int, default=DATA_VERSION, choices=DATA_VERSIONS[1:],
                    help=f"the version whose rule to check (default {DATA_VERSION})")
    a = ap.parse_args(argv)
    found, total = [], 0
    for name in a.files:
        try:
            rows = [json.loads(x) for x in Path(name).read_text(encoding="utf-8").splitlines() if x.strip()]
        except (OSError, json.JSONDecodeError, UnicodeDecodeError) as e:
            print(f"error: {name}: cannot read it as JSONL ({e.__class__.__name__})", file=sys.stderr)
            return 2
        total += len(rows)
        found += leaks(rows, a.split, version=a.data_version)
    by: dict[str, int] = {}
    for f in found:
        kind = f["held_out"].split(":")[0]
        by[kind] = by.get(kind, 0) + 1
    print(json.dumps({"records": total, "leaks": len(found), "by_kind": by, "examples": found[:10]},
                     ensure_ascii=False))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["DATA_VERSION", "DATA_VERSIONS", "FRESH_EXERCISES", "check_version", "after_intros", "state_key", "state_key_of",
           "held_statement_keys", "held_state_keys", "state_held_out", "seen_keys", "leaks"]
