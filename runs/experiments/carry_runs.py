"""Carry an unfinished experiment across sessions: a fresh checkout keeps only what git holds, and an
experiment folder (runs/out/…, ignored) holds every sample. `save` copies what a resumed run needs into
a tracked folder — each ttrl run's state, rounds, tables and the one checkpoint its state.json names,
never the per-round samples files (a round killed midway is sampled again, to the same records, since
every attempt is a function of its seed and item) nor older checkpoints; files over 1 MB (targets.jsonl
keeps each target's last attempts) go gzipped; `--drop GLOB` leaves out what a finished stage no longer needs
(an evaluated arm's model). `restore` copies it back, unzipped.
Usage: python3 runs/experiments/carry_runs.py save OUT CARRY [--drop GLOB]… | restore CARRY OUT
"""

from __future__ import annotations

import argparse
import fnmatch
import gzip
import json
import shutil
import sys
from pathlib import Path

SAMPLES_GLOB = "round-*.samples.jsonl"
ZIP_OVER = 1_000_000  # bytes; a text file over this is carried gzipped (NAME.gz)


def kept_checkpoints(out: Path) -> set[Path]:
    """The checkpoint folders the runs under `out` resume from (their state.json `models`)."""
    keep = set()
    for state in out.rglob("state.json"):
        try:
            models = json.loads(state.read_text(encoding="utf-8")).get("models") or {}
        except ValueError:
            continue
        keep |= {(state.parent / rel).resolve() for rel in models.values()}
    return keep


def carried(out: Path, drop: tuple[str, ...] = ()) -> list[Path]:
    """Files of `out` a resume needs, relative to it, less those matching a `drop` glob (`*` crosses `/`)."""
    keep = kept_checkpoints(out)
    files = []
    for f in sorted(out.rglob("*")):
        if not f.is_file():
            continue
        rel = f.relative_to(out)
        if any(fnmatch.fnmatchcase(rel.as_posix(), g) for g in drop):
            continue
        if f.parent.name == "rounds" and f.match(SAMPLES_GLOB):
            continue
        if "checkpoints" in rel.parts:
            top = out.joinpath(*rel.parts[:rel.parts.index("checkpoints") + 2]).resolve()
            if not any(top == k or top in k.parents or k in top.parents for k in keep):
                continue
        files.append(rel)
    return files


def copy(src: Path, dst: Path, files: list[Path], *, overwrite: bool, zip_big: bool = False) -> int:
    """Copy `files` (relative) from src to dst; zip_big: big ones as NAME.gz; a NAME.gz whose NAME is
    not a .gz file comes back unzipped (restore)."""
    n = 0
    for rel in files:
        zipping = zip_big and (src / rel).stat().st_size > ZIP_OVER and rel.suffix != ".safetensors"
        unzipping = not zip_big and rel.suffix == ".gz"
        target = dst / (rel.with_name(rel.name + ".gz") if zipping else rel.with_suffix("") if unzipping else rel)
        if target.exists() and not overwrite:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(target.name + ".carry-tmp")
        if zipping or unzipping:
            with (src / rel).open("rb") if zipping else gzip.open(src / rel, "rb") as fin, \
                    gzip.GzipFile(tmp, "wb", mtime=0) if zipping else tmp.open("wb") as fout:
                shutil.copyfileobj(fin, fout)
        else:
            shutil.copy2(src / rel, tmp)
        tmp.replace(target)  # atomic: a killed copy never leaves half a file under the real name
        n += 1
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=("save", "restore"))
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--drop", action="append", default=[], metavar="GLOB",
                    help="save: leave out files whose path under OUT matches (repeatable; * crosses /)")
    a = ap.parse_args()
    if not a.src.is_dir():
        print(f"error: {a.src} is not a folder", file=sys.stderr)
        return 2
    if a.action == "save":
        files = carried(a.src, tuple(a.drop))
        new = a.dst.with_name(a.dst.name + ".new")
        shutil.rmtree(new, ignore_errors=True)
        n = copy(a.src, new, files, overwrite=True, zip_big=True)
        if a.dst.exists():  # the carry is a snapshot: what the runs no longer need leaves it
            shutil.rmtree(a.dst)
        new.rename(a.dst)
    else:  # restore never overwrites: a folder that went on further than the carry wins
        files = [f.relative_to(a.src) for f in sorted(a.src.rglob("*")) if f.is_file()]
        n = copy(a.src, a.dst, files, overwrite=False)
    size = sum(f.stat().st_size for f in a.dst.rglob("*") if f.is_file())
    print(f"{a.action}: {n} files copied to {a.dst} ({size / 1e6:.1f} MB there)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
