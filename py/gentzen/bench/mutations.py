"""Proof texts for the kernel-vs-Lean comparison: the whole command, its top-level tactic chunks,
and wrong proofs made from right ones (five mutation kinds) that both checkers must reject.

Mutations are seeded by the theorem, so a report names the same mutants on every run.
"""

from __future__ import annotations

import random
import re
import zlib
from collections.abc import Sequence

MUTATION_KINDS = ("wrong_citation", "swapped_rule", "deleted_line", "changed_formula", "broken_indentation")


def full_text(statement: str, proof: str) -> str:
    """The theorem as one Lean command: its statement line, then the proof block."""
    return statement.rstrip() + "\n" + proof.rstrip("\n")


def split_chunks(proof: str) -> list[list[str]]:
    """Top-level steps of a proof: a line at the block's column starts a chunk, deeper lines
    (a `have … := by` box, a bullet's block) belong to it. Blank lines are dropped."""
    lines = [ln for ln in proof.split("\n") if ln.strip()]
    if not lines:
        return []
    col = min(len(ln) - len(ln.lstrip(" ")) for ln in lines)
    chunks: list[list[str]] = []
    for ln in lines:
        if len(ln) - len(ln.lstrip(" ")) == col or not chunks:
            chunks.append([ln])
        else:
            chunks[-1].append(ln)
    return chunks


def chunk_tactic(chunk: Sequence[str]) -> str:
    """One chunk as a single REPL tactic: dedented so its first line is at column 0."""
    col = len(chunk[0]) - len(chunk[0].lstrip(" "))
    return "\n".join(ln[col:] if ln[:col].strip() == "" else ln.lstrip(" ") for ln in chunk)


_NAME_TOKEN = re.compile(r"(?<![\w.'])([hn]\d+|this)(?![\w'])")
# single-name binders that are not atoms: `(h1 : P → Q)` but not `(P : Prop)` or `(P Q : Prop)`
_BINDER_NAMES = re.compile(r"\(([\w']+)\s*:(?!\s*Prop\s*\))")
_SWAPS = {
    ".1": ".2", ".2": ".1", ".left": ".right", ".right": ".left", ".mp": ".mpr", ".mpr": ".mp",
    "Or.inl": "Or.inr", "Or.inr": "Or.inl", "Or.resolve_left": "Or.resolve_right",
    "Or.resolve_right": "Or.resolve_left", "And.left": "And.right", "And.right": "And.left",
    "Iff.mp": "Iff.mpr", "Iff.mpr": "Iff.mp", "absurd": "Not.elim", "Not.elim": "absurd",
    "mt": "absurd", "False.elim": "id",
}
_SWAP_RE = re.compile(
    r"Or\.resolve_left|Or\.resolve_right|Or\.inl|Or\.inr|And\.left|And\.right|Iff\.mpr|Iff\.mp"
    r"|Not\.elim|False\.elim|(?<![\w.])absurd(?![\w'])|(?<![\w.])mt(?![\w'])"
    r"|(?<=[\w)])\.(?:mpr|mp|left|right)(?![\w'])|(?<=[\w)])\.[12](?!\d)"
)
_TACTIC_SWAPS = {"left": "right", "right": "left", "constructor": "exfalso", "exfalso": "constructor"}
_HAVE_TYPE = re.compile(r"^(\s*(?:· )?have\s+(?:[\w']+\s+)?:\s*)(.+?)(\s*:=.*)$")


def _seed(*parts: str) -> int:
    return zlib.crc32("\x1f".join(parts).encode("utf-8"))


def mutations(statement: str, proof: str, seed: int | None = None) -> list[tuple[str, str]]:
    """Up to one mutant per kind in MUTATION_KINDS, deterministic for a given (statement, proof).
    A mutant may still be a valid proof (e.g. a deleted line that was not needed): what matters
    is that Lean and the kernel give the same verdict on it."""
    rng = random.Random(_seed(statement, proof) if seed is None else seed)
    lines = proof.split("\n")
    out: list[tuple[str, str]] = []

    # wrong citation: one hypothesis name used in a term replaced by another known name
    names = sorted(set(_BINDER_NAMES.findall(statement)) | set(_NAME_TOKEN.findall(proof)))
    sites = [(i, m) for i, ln in enumerate(lines) for m in _NAME_TOKEN.finditer(ln)
             if _is_citation(ln, m.start())]
    if sites:
        i, m = rng.choice(sites)
        others = [n for n in names if n != m.group(1)] or ["h99"]
        new = lines[i][:m.start()] + rng.choice(others) + lines[i][m.end():]
        out.append(("wrong_citation", "\n".join(lines[:i] + [new] + lines[i + 1:])))

    # swapped rule: a lemma/projection/tactic replaced by its sibling
    sites2 = [(i, m.start(), m.end(), _SWAPS[m.group(0)]) for i, ln in enumerate(lines)
              for m in _SWAP_RE.finditer(ln)]
    sites2 += [(i, len(ln) - len(ln.lstrip(" ·")), len(ln), _TACTIC_SWAPS[ln.strip(" ·")])
               for i, ln in enumerate(lines) if ln.strip(" ·") in _TACTIC_SWAPS]
    if sites2:
        i, a, b, rep = rng.choice(sites2)
        out.append(("swapped_rule", "\n".join(lines[:i] + [lines[i][:a] + rep + lines[i][b:]] + lines[i + 1:])))

    # deleted line
    if len(lines) > 1:
        i = rng.randrange(len(lines))
        out.append(("deleted_line", "\n".join(lines[:i] + lines[i + 1:])))

    # changed formula: a `have x : φ := …` claims ¬(φ) instead
    sites3 = [i for i, ln in enumerate(lines) if _HAVE_TYPE.match(ln)]
    if sites3:
        i = rng.choice(sites3)
        m = _HAVE_TYPE.match(lines[i])
        assert m is not None
        new = f"{m.group(1)}¬({m.group(2)}){m.group(3)}"
        out.append(("changed_formula", "\n".join(lines[:i] + [new] + lines[i + 1:])))

    # broken indentation: one line (not the first) one column deeper
    if len(lines) > 1:
        i = rng.randrange(1, len(lines))
        out.append(("broken_indentation", "\n".join(lines[:i] + [" " + lines[i]] + lines[i + 1:])))
    return out


def _is_citation(line: str, pos: int) -> bool:
    """Is the name at `pos` used in a term (true), or bound by this step (false)?"""
    head = line[:pos].strip().lstrip("·").strip()
    if head.startswith("intro"):
        return False
    if head.startswith("rcases"):
        return "with" not in head  # `rcases h with x | y`: h is cited, x and y are bound
    if head.startswith(("have", "obtain")):
        return ":=" in head
    return True
