"""Build py/gentzen/evalsets/fresh_exercises.jsonl: exercise statements of public Lean 4 courses, books and games
that neither public_exercises.jsonl nor data/exercises.py's mix was built from or tuned on (issue 41).

Reads each source at its pinned commit from local clones (as scripts/lean_public_corpus.py does: no third-party text
is committed, only the statements), keeps what scripts/exercise_set.py keeps, and drops every statement that is,
up to renaming, a public exercise, a shipped-set or acceptance statement, or an earlier fresh one.
Usage: python3 scripts/fresh_exercise_set.py CLONES [OUT], CLONES/<owner>+<name>/repo a clone of each source.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from exercise_set import OUT as PUBLIC, statements, write_set  # noqa: E402
from lean_public_corpus import statement  # noqa: E402

from gentzen.data.heldout import heldout_keys, statement_key

GAME, PFAFF = "Trequetrum/lean4game-logic", "pfaffelh/leancourse"
M2001, LAMR, BONN = "hrmacbeth/math2001", "avigad/lamr", "fpvandoorn/LeanCourse24"
# chosen before the shipped model was run on any of them; the newest snapshot of each, pinned
COMMITS = {GAME: "da0f5f1e1adb8c8532d634f96149908d00239711", PFAFF: "fdd5b6947da92ae9a3d4d54cd42e49e999d914a7",
           M2001: "e660f42b13ddcb6d12b52ba036d6bd071a0cfb9b", LAMR: "06907e8513fbebdcd8422925e7203ef58ca17d78",
           BONN: "db3b3f07a416cdea6730578dacda24921739d215"}
# (repository, files: a regular expression over the paths at the pinned commit, layout); in this order, the first
# source to state a statement keeps it. LeanCourse24's copy of Mathematics in Lean (LeanCourse/MIL) is left out:
# MIL is one of public_exercises.jsonl's sources.
SOURCES = [
    (GAME, r"Game/Levels/[A-Za-z]+/L\d+\.lean", "game"),
    (PFAFF, r"Leancourse/Exercises/(Solutions/)?01-Logic/01-[a-f]-\w+\.lean", "lean"),
    (PFAFF, r"Leancourse/Coursenotes/01-Lean/05-CurryHoward\.lean", "lean"),
    (PFAFF, r"Leancourse/Coursenotes/04-Appendix/Tactics/\w+\.lean", "lean"),
    (M2001, r"Math2001/05_Logic/\w+\.lean", "lean"),
    (M2001, r"Math2001/Homework/hw\d+\.lean", "lean"),
    (LAMR, r"LAMR/Examples/using_lean_as_a_proof_assistant/(propositional_logic|proof_terms)\.lean", "lean"),
    (BONN, r"LeanCourse/(Lectures|Assignments)/\w+\.lean", "lean"),
]
OUT = PUBLIC.with_name("fresh_exercises.jsonl")


def git(clones: Path, repo: str, *args: str) -> str:
    d = clones / repo.replace("/", "+") / "repo"
    if not d.exists():
        sys.exit(f"error: no clone of {repo} at {d}")
    return subprocess.run(["git", "-C", str(d), *args], capture_output=True, text=True, check=True).stdout


def game_levels(text: str) -> str:
    """A lean4game level as plain Lean: each `Statement [name] binders : type := proof` becomes
    `example binders : type := by sorry` (the level's own proof uses the game's tactics; only statements are read).
    Each example keeps the line of its `Statement`, so the row's line points into the level file."""
    out = ["" for _ in text.split("\n")]
    for m in re.finditer(r"(?m)^Statement\b", text):
        head = statement(text[m.end():])
        if head is None:
            continue
        head = re.sub(r"^\s*(?:[A-Za-z_][\w.']*)?\s*(?:\(\s*preamble\s*:=[^)]*\))?", " ", head, count=1) \
            if not head.lstrip().startswith(("(", "{", "[", ":")) else head
        line = text.count("\n", 0, m.start())
        out[line] = "example" + " ".join(head.split()) + " := by sorry"
    return "\n".join(out)


def source_rows(clones: Path, repo: str, pattern: str, kind: str) -> list[dict]:
    """The propositional statements of every file of `repo` matching `pattern`, in path and file order."""
    commit = COMMITS[repo]
    paths = [p for p in git(clones, repo, "ls-tree", "-r", "--name-only", commit).split("\n") if re.fullmatch(pattern, p)]
    rows = []
    for path in sorted(paths):
        text = git(clones, repo, "show", f"{commit}:{path}")
        # a top-level `#command` (`#check`, math2001's `#truth_table`) only prints; gentzen's reader stops at one it
        # does not know, so each is blanked (lines kept) before the statements are read
        text = game_levels(text) if kind == "game" else re.sub(r"(?m)^#\w.*$", "", text)
        rows += statements(text, repo, path, commit)
    return rows


def held_keys() -> dict[str, str]:
    """Statement keys the fresh set must not repeat: the shipped sets, acceptance, and the public exercises."""
    keys = dict(heldout_keys())
    for x in PUBLIC.read_text(encoding="utf-8").splitlines():
        if x.strip():
            keys.setdefault(statement_key(json.loads(x)["theorem"]), "public_exercises")
    return keys


def main(argv: list[str]) -> int:
    if not argv or not Path(argv[0]).is_dir():
        print("usage: python3 scripts/fresh_exercise_set.py CLONES [OUT.jsonl]", file=sys.stderr)
        return 2
    out = Path(argv[1]) if len(argv) > 1 else OUT
    held, seen, rows, read, dropped = held_keys(), set(), [], {}, {}
    for repo, pattern, kind in SOURCES:
        for r in source_rows(Path(argv[0]), repo, pattern, kind):
            read[repo] = read.get(repo, 0) + 1
            where = held.get(r["key"])
            if where is not None:
                dropped[where.split(":")[0]] = dropped.get(where.split(":")[0], 0) + 1
            elif r["key"] not in seen:
                seen.add(r["key"])
                rows.append(r)
    write_set(rows, out, "fx")
    by: dict[str, list[int]] = {}
    for r in rows:
        by.setdefault(r["source"], [0, 0])[0] += 1
        by[r["source"]][1] += r["valid"]
    print(json.dumps({"statements": len(rows), "valid": sum(r["valid"] for r in rows), "read": read,
                      "dropped_as_held": dropped, "by_source (statements, valid)": by}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
