"""Proved/valid of an exercise set by source, atoms and connectives, from `gentzen prove FILE.lean -k 64 --json`
(FILE written by runs/experiments/exercises_lean.py), and which statements a training data file holds: the
statement up to renaming, or its goal state after `intro`s (data/decontam.py's state key) — issue 41.
Usage: python3 runs/experiments/fresh_exercises_report.py PROVE.json [--set SET.jsonl] [--data TRAIN.jsonl …]"""
import argparse
import itertools
import json
from collections import defaultdict

from gentzen.core.logic.formula import Iff
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.exercises import CONGRUENCES, LAWS, METAVARS
from gentzen.data.generate import _parse_schema
from gentzen.data.decontam import after_intros, held_state_keys, state_key_of
from gentzen.data.heldout import statement_key

CONNECTIVES = ("and", "or", "imp", "iff", "not")


def _match(pat, f, sub: dict) -> bool:
    """First-order match of a schema (metavariables A B C D) against a formula, extending `sub`."""
    if pat.kind == "atom" and pat.name in METAVARS:
        if pat.name in sub:
            return sub[pat.name] is f
        sub[pat.name] = f
        return True
    return pat.kind == f.kind and pat.name == f.name and len(pat.args) == len(f.args) and \
        all(_match(a, b, sub) for a, b in zip(pat.args, f.args))


def law_instance(theorem: str) -> str:
    """`law` when the goal is an instance of a data/exercises.py LAWS schema in either direction (any hypotheses),
    `congruence` when the statement is, after its intros, one of CONGRUENCES (premises in any order), else `no`: the exercise mix's
    statements the caveat of docs/results.md says decontamination does not remove."""
    thm = parse_theorem(theorem)
    prem, goal = tuple(f for _, f in thm.hyps), thm.goal
    for law in LAWS:
        _, g = _parse_schema("⊢ " + law)
        if _match(g, goal, {}) or _match(Iff(g.args[1], g.args[0]), goal, {}):
            return "law"
    prem, goal = after_intros(prem, goal)  # `(P ↔ Q) → (Q ↔ R) → (P ↔ R)` is the first congruence too
    for c in CONGRUENCES:
        ps, g = _parse_schema(c)
        for order in itertools.permutations(prem, len(ps)) if len(prem) == len(ps) else ():
            sub: dict = {}
            if _match(g, goal, sub) and all(_match(a, b, sub) for a, b in zip(ps, order)):
                return "congruence"
    return "no"


def size(theorem: str) -> tuple[int, int]:
    """(atoms mentioned, connectives) of a statement, hypotheses and goal together."""
    thm = parse_theorem(theorem)
    forms = [f for _, f in thm.hyps] + [thm.goal]
    atoms, conn = set(), 0
    todo = list(forms)
    while todo:
        f = todo.pop()
        atoms |= f.atoms()
        conn += f.kind in CONNECTIVES
        todo += [a for a in f.args if hasattr(a, "kind")]
    return len(atoms), conn


def kind(theorem: str) -> str:
    """docs/results.md's kinds of public exercises: `True`/`False` inside a formula, else `↔`, else more than 4
    atoms, else the rest."""
    thm = parse_theorem(theorem)
    forms = [f for _, f in thm.hyps] + [thm.goal]
    inner, todo = [], list(forms)
    while todo:
        f = todo.pop()
        subs = [a for a in f.args if hasattr(a, "kind")]
        inner += subs
        todo += subs
    if any(f.kind in ("true", "false") for f in inner):
        return "True/False inside"
    if any(f.kind == "iff" for f in forms + inner):
        return "↔"
    return "more than 4 atoms" if size(theorem)[0] > 4 else "the rest"


def bucket(n: int, edges: tuple[int, ...]) -> str:
    for lo, hi in zip(edges, edges[1:]):
        if lo <= n < hi:
            return f"{lo}" if hi == lo + 1 else f"{lo}–{hi - 1}"
    return f"{edges[-1]}+"


def data_keys(paths: list[str]) -> tuple[set[str], set[str]]:
    """Statement keys and state keys of the train split of the data files."""
    stmts, states = set(), set()
    for p in paths:
        for line in open(p, encoding="utf-8"):
            rec = json.loads(line)
            if rec.get("split", "train") != "train":
                continue
            thm = parse_theorem(rec["theorem"])
            prem = tuple(f for _, f in thm.hyps)
            stmts.add(statement_key(rec["theorem"]))
            states.add(state_key_of(prem, thm.goal))
    return stmts, states


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("prove_json")
    ap.add_argument("--set", default="py/gentzen/evalsets/fresh_exercises.jsonl")
    ap.add_argument("--data", nargs="*", default=[], help="training data JSONL: which statements it holds")
    a = ap.parse_args()
    rows = {r["name"]: r for r in (json.loads(x) for x in open(a.set, encoding="utf-8") if x.strip())}
    status = {d["name"]: d["status"] for d in json.load(open(a.prove_json, encoding="utf-8"))["declarations"]}
    stmts, states = data_keys(a.data) if a.data else (set(), set())
    tables: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    per = []
    for name, r in rows.items():
        if not r["valid"]:
            continue
        ok = status.get(name) == "filled"
        atoms, conn = size(r["theorem"])
        thm = parse_theorem(r["theorem"])
        in_data = ("statement" if statement_key(r["theorem"]) in stmts else
                   "state" if state_key_of(tuple(f for _, f in thm.hyps), thm.goal) in states else "no") \
            if a.data else "unknown"
        keys = {"source": r["source"].split("/")[1], "atoms": bucket(atoms, (0, 2, 3, 4, 5)),
                "connectives": bucket(conn, (0, 3, 6, 10)), "kind": kind(r["theorem"]),
                # the goal state after intros of a shipped-set, acceptance or public-exercise statement (version 2)
                "goal state of an evaluated statement": held_state_keys(2).get(
                    state_key_of(tuple(f for _, f in thm.hyps), thm.goal), "no").split(":")[0],
                "instance of a --mix exercises law": law_instance(r["theorem"]),
                "in training data": in_data, "all": "all"}
        for table, key in keys.items():
            tables[table][key][0] += ok
            tables[table][key][1] += 1
        per.append({"name": name, "status": status.get(name, "missing"), "atoms": atoms, "connectives": conn,
                    "in_data": in_data, "theorem": r["theorem"]})
    print(json.dumps({t: {k: f"{v[0]}/{v[1]}" for k, v in sorted(d.items())} for t, d in tables.items()},
                     ensure_ascii=False, indent=1))
    for p in per:  # the unproved, and those the training data holds
        if p["status"] != "filled" or p["in_data"] in ("statement", "state"):
            print(json.dumps(p, ensure_ascii=False))


if __name__ == "__main__":
    main()
