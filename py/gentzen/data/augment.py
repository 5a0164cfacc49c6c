"""Data augmentation for what users type: their own hypothesis and atom names, and one-line theorems.

`renamed(record, rng)` renames atoms (P Q -> A B, p q, rain wet, …) and hypotheses (h1 -> hp,
h_imp, ha, …) in statement and proof alike; `one_liners(record, rng)` makes theorems whose goal is
a premise, whose goal is `True`, or that hold a `False` premise. Every record made is checked by
the kernel and dropped if it fails. `python3 -m gentzen.data.augment IN OUT` writes them as JSONL.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem
from gentzen.core.text.words import rename_identifiers

ATOM_STYLES = (
    ("A", "B", "C", "D", "E", "F"),
    ("p", "q", "r", "s", "u", "v"),
    ("X", "Y", "Z", "W", "U", "V"),
    ("rain", "wet", "cold", "sun", "wind", "snow"),
    ("a", "b", "c", "d", "e", "f"),
)
_CONNECTIVE = (("↔", "iff"), ("→", "imp"), ("∨", "or"), ("∧", "and"), ("¬", "not"))


def _hyp_name(formula_text: str, style: int, index: int, atoms: dict[str, str]) -> str:
    """A user-like name: hp (the atom it states), h_imp (its main connective), ha, hb, … or H1."""
    f = formula_text.strip()
    if style == 0:
        if f in atoms.values():
            return "h" + f.lower()
        depth, main = 0, None
        for ch in f:  # the outermost connective: the first one at depth 0, ¬ only when leading
            depth += ch == "("
            depth -= ch == ")"
            if depth == 0 and ch in "↔→∨∧" and main is None:
                main = ch
        if main is None and f.startswith("¬"):
            main = "¬"
        return "h_" + dict(_CONNECTIVE).get(main or "", "p")
    if style == 1:
        return "h" + "abcdefghijklmnopqrstuvwxyz"[index % 26]
    return f"H{index + 1}"


def renamed(record: dict, rng: random.Random) -> dict | None:
    """The record with new atom and hypothesis names, or None if the kernel rejects the result."""
    thm = parse_theorem(record["theorem"])
    names = rng.choice(ATOM_STYLES)
    if len(thm.atoms) > len(names):
        return None
    atoms = dict(zip(thm.atoms, rng.sample(names, len(thm.atoms))))
    head = f"theorem {thm.name}"
    statement = record["theorem"]
    if not statement.startswith(head):
        return None
    body = rename_identifiers(statement[len(head):], atoms)
    proof = rename_identifiers(record["proof"], atoms)
    style, hyps, used = rng.randrange(3), {}, set(atoms.values())
    for i, (h, f) in enumerate(thm.hyps):
        base = _hyp_name(rename_identifiers(str_formula(f), atoms), style, i, atoms)
        name, k = base, 1
        while name in used or re.fullmatch(r"n\d+", name):
            k += 1
            name = f"{base}{k}"
        used.add(name)
        hyps[h] = name
    body, proof = rename_identifiers(body, hyps), rename_identifiers(proof, hyps)
    return _checked(record, head + body, proof, "renamed")


def str_formula(f) -> str:
    from gentzen.core.logic.formula import to_lean

    return to_lean(f)


def one_liners(record: dict, rng: random.Random) -> list[dict]:
    """One-line theorems from a record's premises: the goal is one of them (`exact h`), the goal is
    `True` (`exact trivial`), or a `False` premise proves the goal (`exact False.elim h`)."""
    thm = parse_theorem(record["theorem"])
    atoms = f"({' '.join(thm.atoms)} : Prop) " if thm.atoms else ""
    hyps = [f"({h} : {str_formula(f)})" for h, f in thm.hyps]
    out = []
    if thm.hyps:
        h, f = rng.choice(thm.hyps)
        out.append(_checked(record, f"theorem {thm.name} {atoms}{' '.join(hyps)} : {str_formula(f)} := by",
                            f"  exact {h}\n", "premise_goal"))
    out.append(_checked(record, f"theorem {thm.name} {atoms}{' '.join(hyps)} : True := by".replace("  ", " "),
                        "  exact trivial\n", "true_goal"))
    k = rng.randrange(len(hyps) + 1)
    name = f"h{len(hyps) + 1}"
    with_false = hyps[:k] + [f"({name} : False)"] + hyps[k:]
    out.append(_checked(record, f"theorem {thm.name} {atoms}{' '.join(with_false)} : {str_formula(thm.goal)} := by",
                        f"  exact False.elim {name}\n", "false_premise"))
    return [r for r in out if r is not None]


def _checked(record: dict, theorem: str, proof: str, kind: str) -> dict | None:
    theorem = " ".join(theorem.split())
    try:
        ok = check_proof(theorem, proof).ok
    except Exception:  # a statement the renaming made unparsable: dropped, like a failed check
        return None
    if not ok:
        return None
    lines = sum(1 for ln in proof.splitlines() if ln.strip())
    return {**record, "name": f"{record.get('name', 't')}_{kind}", "theorem": theorem, "proof": proof,
            "lines": lines, "augment": kind}


def augment(records: Iterable[dict], seed: int = 0, rename_share: float = 0.5,
            one_line_share: float = 0.1) -> Iterator[dict]:
    """Each record, then (with these shares) a renamed copy and its one-line theorems; same split."""
    rng = random.Random(seed)
    for rec in records:
        yield rec
        if rng.random() < rename_share:
            r = renamed(rec, rng)
            if r is not None:
                yield r
        if rng.random() < one_line_share:
            yield from one_liners(rec, rng)


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python3 -m gentzen.data.augment", description=__doc__.splitlines()[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rename", type=float, default=0.5, help="share of records also written renamed")
    ap.add_argument("--one-line", type=float, default=0.1, help="share of records that give one-line theorems")
    a = ap.parse_args(argv)
    from gentzen.io import atomic_open

    rows = [json.loads(x) for x in Path(a.input).read_text(encoding="utf-8").splitlines() if x.strip()]
    n = 0
    with atomic_open(a.output) as f:
        for r in augment(rows, a.seed, a.rename, a.one_line):
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
            n += 1
    print(f"{a.output}: {n} records from {len(rows)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
