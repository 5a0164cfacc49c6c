"""`gentzen prove FILE.lean`: fill every `sorry` of a Lean file with a kernel-checked proof.

The filling itself is search/fill_file.py; this module checks the options, opens the model on the first
declaration that needs it, prints progress on stderr, the table (or --json), and on Ctrl-C writes what was filled.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

from gentzen.cli.core import fail, out
from gentzen.errors import GentzenError

_SHOWN = {"filled": "[green]filled[/green]", "invalid": "[red]not valid[/red]",
          "unsupported": "[yellow]outside the language[/yellow]", "unproved": "[red]no proof found[/red]",
          "skipped": "[yellow]not filled[/yellow]", "rejected": "[red]not filled[/red]"}


def check_out(source: Path, dest: Path | None, force: bool) -> None:
    """--out may not name the input or an existing file unless --force (one line, exit 2)."""
    if dest is None:
        return
    if dest.is_dir():
        fail(f"--out {dest} is a folder; give a file name such as Filled.lean")
    if dest.exists() and not force:
        same = dest.resolve() == source.resolve()
        fail(f"--out {dest} {'is the input file' if same else 'exists'}; pass --force to overwrite it")
    if not dest.parent.exists():
        fail(f"--out {dest}: folder {dest.parent} does not exist")


def prove_file(path: Path, dest: Path | None, force: bool, make_prover, json_out: bool, samples: int) -> None:
    """Fill `path`'s sorries with `make_prover()` (called once, on the first declaration that needs a proof)."""
    from gentzen.io import read_text
    from gentzen.search.fill_file import FileFiller

    if path.suffix != ".lean":
        fail(f"{path}: gentzen prove fills .lean files (a statement is given in quotes)")
    try:
        text = read_text(path)
    except GentzenError as e:
        fail(str(e))
    check_out(path, dest, force)
    filler = FileFiller(text)
    held: list = []

    def prover(thm):
        if not held:  # the model loads only when a declaration needs a proof
            held.append(make_prover())
        return held[0](thm)

    n = len(filler.targets)
    interrupted = False
    try:
        for k, index in enumerate(filler.targets, 1):
            item = filler.source_items[index]
            _progress(f"[{k}/{n}] {item.name} (line {item.line}) …")
            fill = filler.fill(index, prover)
            _progress(f"[{k}/{n}] {item.name}: {fill.status} in {fill.seconds:.1f} s")
    except KeyboardInterrupt:
        interrupted = True
    finally:
        for p in held:
            getattr(p, "close", lambda: None)()
    _write(filler, dest)
    _report(filler, path, dest, json_out, samples, interrupted)
    if interrupted:
        done = sum(f.status == "filled" for f in filler.results)
        where = dest if dest is not None else "stdout"
        from gentzen.cli.validate import fail as vfail

        vfail(f"interrupted: {done} filled declaration{'s' if done != 1 else ''} kept in {where} (written "
              f"atomically), {n - len(filler.results)} not tried; run again on that file to fill the rest", 130)
    raise typer.Exit(0 if all(f.status == "filled" for f in filler.results) else 1)


class ModelProver:
    """Proofs from a model (`prove`'s guided or plain sampling, in the model's names or the file's); the
    engine opens on the first call."""

    def __init__(self, model_dir: Path, choice, device: str, threads: int, cfg, names: str,
                 split_iff: bool = True) -> None:
        from gentzen.engines import open_engine

        self.engine = open_engine(str(model_dir), choice, device=device, threads=threads)
        self.cfg, self.names, self.split_iff = cfg, names, split_iff

    def __call__(self, thm) -> str | None:
        from functools import partial

        from gentzen.search.progress import StderrProgress, sample_reporting
        from gentzen.search.split import sample_statement

        progress = StderrProgress(sys.stderr)  # a declaration searched over 2 s shows its attempts
        sampler = partial(sample_reporting, on_round=progress)
        try:
            return sample_statement(thm, self.engine, self.cfg, names=self.names, split=self.split_iff,
                                    sampler=sampler).proof
        finally:
            progress.close()

    def close(self) -> None:
        self.engine.close()


def reference_prover(thm) -> str | None:
    """The reference prover's proof (kernel-checked), None when it finds none."""
    from gentzen.data.prover import prove

    return prove(thm).proof


def _progress(line: str) -> None:
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def _write(filler, dest: Path | None) -> None:
    from gentzen.io import atomic_write_bytes

    if dest is not None:
        atomic_write_bytes(dest, filler.text().encode("utf-8"))


def _report(filler, path: Path, dest: Path | None, json_out: bool, samples: int, interrupted: bool) -> None:
    from gentzen.search.fill_file import summary

    counts = summary(filler.results)
    others = sum(it.judged for it in filler.source_items) - len(filler.targets)
    if json_out:
        obj = {"file": str(path), "out": str(dest) if dest is not None else None, "samples": samples,
               "declarations": [f.to_dict() for f in filler.results], "summary": counts,
               "not_tried": len(filler.targets) - len(filler.results), "other_declarations": others,
               "interrupted": interrupted}
        if dest is None:
            obj["text"] = filler.text()
        out.print(json.dumps(obj, ensure_ascii=False), markup=False)
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    if dest is None:  # stdout is the filled file; the table goes to stderr
        sys.stdout.write(filler.text())
        sys.stdout.flush()
    console = out if dest is not None else Console(stderr=True, highlight=False, soft_wrap=True)
    if not filler.targets:
        plural = "s" if others != 1 else ""
        console.print(f"no `sorry` to fill in {path} ({others} declaration{plural} kept as written)",
                      markup=False)
        return
    table = Table(title=f"{path}: {len(filler.targets)} declarations with sorry", title_justify="left")
    for col in ("declaration", "line", "result", "why"):
        table.add_column(col, overflow="fold")
    for f in filler.results:
        what = f"{f.holes} sorries" if not f.whole and f.holes > 1 else ""
        table.add_row(Text(f.name), str(f.line), _SHOWN[f.status], Text(f.detail or what))
    console.print(table)
    said = ", ".join(f"{v} {k}" for k, v in counts.items() if v)
    console.print(f"{said}; {others} other declaration{'s' if others != 1 else ''} kept as written"
                  + (f"; written to {dest}" if dest is not None else ""), markup=False)
