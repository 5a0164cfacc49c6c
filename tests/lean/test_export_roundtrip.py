"""The exported Lean files never drift from the shipped JSONL, and parse back to the same theorems.

`gentzen export-lean` regenerates lean/Gentzen/Sets/*.lean; these tests regenerate in memory and
compare byte for byte, then read every exported theorem back through the kernel.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gentzen.core.kernel import check_proof
from gentzen.core.proof.theorem import parse_theorem
from gentzen.data.export_lean import export_lean, lean_namespace, parse_lean_export
from gentzen.data.sets import read_jsonl, set_paths

ROOT = Path(__file__).resolve().parents[2]
SETS = sorted(set_paths().items())


def lean_file(stem: str) -> Path:
    return ROOT / "lean" / "Gentzen" / "Sets" / f"{lean_namespace(stem).rsplit('.', 1)[-1]}.lean"


@pytest.mark.parametrize("name,path", SETS, ids=[n for n, _ in SETS])
def test_exported_file_is_up_to_date(name, path):
    expected = export_lean(read_jsonl(path), Path(path).stem)
    assert lean_file(Path(path).stem).read_text(encoding="utf-8") == expected, \
        "regenerate with `gentzen export-lean`"


@pytest.mark.parametrize("name,path", SETS, ids=[n for n, _ in SETS])
def test_exported_theorems_parse_back_and_check(name, path):
    records = read_jsonl(path)
    items = parse_lean_export(lean_file(Path(path).stem).read_text(encoding="utf-8"))
    assert len(items) == len(records)
    for rec, item in zip(records, items):
        thm = parse_theorem(item.statement)
        src = parse_theorem(rec["theorem"])
        assert (thm.atoms, thm.hyps, thm.goal) == (src.atoms, src.hyps, src.goal)
        assert check_proof(thm, item.proof).ok, item.name


def test_root_module_imports_every_set():
    root = (ROOT / "lean" / "Gentzen.lean").read_text(encoding="utf-8")
    for _, path in SETS:
        assert f"import Gentzen.Sets.{lean_file(Path(path).stem).stem}" in root
