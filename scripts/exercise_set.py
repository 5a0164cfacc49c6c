"""Build py/gentzen/evalsets/public_exercises.jsonl: exercise statements of public Lean books and courses (issue 41).

Reads the excerpts scripts/lean_public_corpus.py writes (one `.lean` per pinned source, its repository, path and
commit in the header), keeps every theorem/example/lemma gentzen reads as a propositional statement, in its
file's `variable` context, one per statement up to renaming (the first source keeps it), with its source,
line and validity (a countermodel: not valid). gen's data version 2 never trains on these (data/decontam.py).
With CLONES (clones named as lean_public_corpus.py reads them), the exercise sheets of those sources (the
`sorry` versions the excerpts leave out, RAW below) are read too, at the same pinned commits.
Usage: python3 scripts/lean_public_corpus.py CLONES CORPUS && python3 scripts/exercise_set.py CORPUS [OUT] [CLONES]
"""
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lean_public_corpus import COMMITS, FM, LOVE, MIL, TUT  # noqa: E402

from gentzen.core.reader.lean_file import lean_items
from gentzen.core.logic.sequent import canonical_key, theorem_countermodel
from gentzen.core.proof.theorem import parse_theorem

RAW = [*[(FM, f"FormalisingMathematics2024/Section01logic/Sheet{i}.lean") for i in range(1, 7)],
       *[(LOVE, f"lean/LoVe/LoVe0{n}_ExerciseSheet.lean") for n in ("3_BackwardProofs", "4_ForwardProofs")],
       *[(TUT, f"Tutorials/Exercises/{n}.lean") for n in ("00FirstProofs", "02IffIfAnd", "03ForallOr",
                                                          "07FirstNegations", "07bisAbstractNegations")],
       *[(MIL, f"MIL/C03_Logic/S0{n}.lean") for n in ("3_Negation", "4_Conjunction_and_Iff", "5_Disjunction")]]
OUT = Path(__file__).resolve().parent.parent / "py" / "gentzen" / "evalsets" / "public_exercises.jsonl"
SOURCE = re.compile(r"Source: https://github.com/(\S+) , path (\S+) , commit ([0-9a-f]{40})")


def rows_of(path: Path) -> list[dict]:
    """The propositional statements of one excerpt, in file order."""
    text = path.read_text(encoding="utf-8")
    m = SOURCE.search(text)
    if m is None:
        sys.exit(f"error: {path}: no `Source:` line (not written by scripts/lean_public_corpus.py)")
    return statements(text, *m.groups())


def raw_rows(clones: Path) -> list[dict]:
    """The statements of the RAW exercise sheets, read from the clones at lean_public_corpus's commits."""
    out = []
    for repo, path in RAW:
        git = clones / repo.replace("/", "+") / "repo"
        text = subprocess.run(["git", "-C", str(git), "show", f"{COMMITS[repo]}:{path}"], capture_output=True,
                              text=True, check=True).stdout
        out += statements(text, repo, path, COMMITS[repo])
    return out


def statements(text: str, repo: str, src_path: str, commit: str) -> list[dict]:
    """Every declaration of `text` gentzen reads as a propositional statement."""
    out = []
    # an `import` of the course's own modules makes every later declaration `unsupported` (it may declare
    # notation); only statements are read here, in gentzen's propositional language, so imports are dropped
    for it in lean_items(re.sub(r"(?m)^import .*$", "", text)):
        if not it.judged or it.theorem is None or it.problem is not None:
            continue
        try:
            thm = it.parsed or parse_theorem(it.theorem.rstrip().removesuffix(":=").rstrip() + " := by")
        except Exception:  # outside the propositional language: not an exercise of this set
            continue
        out.append({"theorem": thm.statement(), "source": repo, "path": src_path, "commit": commit,
                    "line": it.line, "valid": theorem_countermodel(thm) is None,
                    "key": canonical_key(tuple(f for _, f in thm.hyps), thm.goal)})
    return out


def write_set(rows: list[dict], out: Path, prefix: str) -> None:
    """The set's JSONL: each row named PREFIX_NNN in order, its dedup key dropped."""
    for i, r in enumerate(rows):
        del r["key"]
        r["name"] = f"{prefix}_{i:03d}"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(json.dumps({"name": r.pop("name"), **r}, ensure_ascii=False) + "\n" for r in rows),
                   encoding="utf-8")


def main(argv: list[str]) -> int:
    if not argv or not Path(argv[0]).is_dir():
        print("usage: python3 scripts/exercise_set.py CORPUS_DIR [OUT.jsonl]", file=sys.stderr)
        return 2
    out = Path(argv[1]) if len(argv) > 1 else OUT
    seen, rows = set(), []
    found = [r for path in sorted(Path(argv[0]).glob("*.lean")) for r in rows_of(path)]
    if len(argv) > 2:
        found += raw_rows(Path(argv[2]))
    for r in found:
        if r["key"] not in seen:
            seen.add(r["key"])
            rows.append(r)
    write_set(rows, out, "ex")
    by = {}
    for r in rows:
        by[r["source"]] = by.get(r["source"], 0) + 1
    print(json.dumps({"statements": len(rows), "valid": sum(r["valid"] for r in rows), "by_source": by}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
