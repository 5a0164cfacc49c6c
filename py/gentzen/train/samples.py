"""A dozen textbook reference proofs as training records, for smoke tests and demos.

Same record shape as the theorem sets ({"name","sequent","theorem","proof","lines","split",
"atoms"}); written in the canonical proof language (docs/proof-language.md).
"""

from __future__ import annotations

import json
from pathlib import Path

# (name, atoms, premises, goal, proof lines without the two-space base indent, split)
_PROOFS = [
    ("mp", "P Q", ["P → Q", "P"], "Q", ["have n1 : Q := h1 h2", "exact n1"], "train"),
    ("mt", "P Q", ["P → Q", "¬Q"], "¬P",
     ["intro n1", "have n2 : Q := h1 n1", "exact h2 n2"], "train"),
    ("or_comm", "P Q", ["P ∨ Q"], "Q ∨ P",
     ["rcases h1 with n1 | n2", "· exact Or.inr n1", "· exact Or.inl n2"], "train"),
    ("dne", "P", ["¬¬P"], "P",
     ["apply Classical.byContradiction", "intro n1", "exact h1 n1"], "train"),
    ("and_comm", "P Q", ["P ∧ Q"], "Q ∧ P",
     ["have n1 : P := h1.1", "have n2 : Q := h1.2", "exact ⟨n2, n1⟩"], "train"),
    ("imp_trans", "P Q R", ["P → Q", "Q → R"], "P → R",
     ["intro n1", "have n2 : Q := h1 n1", "exact h2 n2"], "train"),
    ("contra", "P Q", ["P → Q"], "¬Q → ¬P",
     ["intro n1", "intro n2", "have n3 : Q := h1 n2", "exact n1 n3"], "train"),
    ("efq", "P Q", ["P", "¬P"], "Q",
     ["have n1 : False := h2 h1", "exact False.elim n1"], "train"),
    ("or_intro", "P Q", ["P"], "P ∨ Q", ["have n1 : P ∨ Q := Or.inl h1", "exact n1"], "train"),
    ("iff_intro", "P Q", ["P → Q", "Q → P"], "P ↔ Q",
     ["constructor", "· exact h1", "· exact h2"], "train"),
    ("box", "P Q R", ["P → Q", "Q → R"], "(P → R) ∧ (P → Q)",
     ["have n1 : P → R := by", "  intro n2", "  have n3 : Q := h1 n2", "  exact h2 n3",
      "exact ⟨n1, h1⟩"], "train"),
    ("ds", "P Q", ["P ∨ Q", "¬P"], "Q",
     ["rcases h1 with n1 | n2", "· have n3 : False := h2 n1", "  exact False.elim n3",
      "· exact n2"], "dev"),
    ("lem", "P", [], "P ∨ ¬P", ["have n1 : P ∨ ¬P := Classical.em P", "exact n1"], "dev"),
    ("and_elim", "P Q R", ["P ∧ Q", "Q → R"], "R",
     ["have n1 : Q := h1.2", "have n2 : R := h2 n1", "exact n2"], "dev"),
]


def records() -> list[dict]:
    out = []
    for name, atoms, prems, goal, lines, split in _PROOFS:
        hyps = "".join(f" (h{i} : {p})" for i, p in enumerate(prems, 1))
        out.append({
            "name": name,
            "sequent": f"{', '.join(prems)} ⊢ {goal}".lstrip(),
            "theorem": f"theorem {name} ({atoms} : Prop){hyps} : {goal} := by",
            "proof": "".join(f"  {ln}\n" for ln in lines),
            "lines": len(lines),
            "split": split,
            "atoms": atoms.split(),
        })
    return out


def write_jsonl(path: str | Path, rows: list[dict] | None = None) -> Path:
    path = Path(path)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in (rows or records())),
                    encoding="utf-8")
    return path
