"""CLI for theorem sets: `gentzen gen`, `gentzen sets list|build`, `gentzen variants`, `gentzen compose`.

Thin wrappers over gentzen.data; --json for machine output, atomic writes for --out, a rich
progress bar on long runs. Input errors exit 2 with a one-line message.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from gentzen.cli import validate as V
from gentzen.errors import GentzenError, InputError

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(e: Exception) -> None:
    V.fail(str(e), getattr(e, "exit_code", 2))


def _emit(text: str, dest: Optional[Path]) -> None:
    if dest is None:
        out.file.write(text)
        return
    from gentzen.io import atomic_write_text  # temp + rename, missing folders made, umask honoured
    try:
        atomic_write_text(dest, text)
    except OSError as e:
        _fail(InputError(f"cannot write {dest}: {e.strerror}"))


def _jsonl(records) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def gen(
    count: int = typer.Option(100, "--count", "-n", help="Theorems to generate."),
    atoms: str = typer.Option("4", help="Atom count (P Q R S …) or names, e.g. 'A B C'."),
    premises: str = typer.Option("0-5", help="Premise count range a-b."),
    min_lines: int = typer.Option(1, help="Shortest reference proof kept."),
    max_lines: int = typer.Option(20, help="Longest reference proof kept."),
    seed: int = typer.Option(0, help="Seed: same seed, byte-identical output."),
    family: str = typer.Option("uniform", help="uniform | schema (instances of textbook schemas)."),
    exclude_shipped: bool = typer.Option(True, help="Never emit a statement of a shipped benchmark set."),
    data_version: int = typer.Option(3, "--data-version", help="3: no fresh exercise statement either "
                                     "(evalsets/fresh_exercises.jsonl); 2: no statement reaching, after its "
                                     "`intro`s, a goal state a shipped, acceptance or public exercise statement "
                                     "reaches (data/decontam.py); 1: the data before that rule; each byte for byte."),
    declare: str = typer.Option("mentioned", help="Atoms a statement declares: mentioned | all."),
    style: str = typer.Option("plain", help="plain | user: what users type — every input form `prove` takes "
                              "(sequents, theorem/example, implicit binders), their hypothesis names (hp, h', h₁, "
                              "hab, …), lower- and uppercase atoms, one-line theorems, short textbook shapes beside "
                              "5-14-line proofs (user ignores --atoms, --premises, --family, --min-lines)."),
    mix: str = typer.Option("none", help="none | exercises: what public Lean exercise files hold — True/False "
                            "operands, two-direction ↔, classical principles as implications, 5 to --max-atoms "
                            "atoms (data/exercises.py; ignores --atoms, --premises, --family)."),
    max_atoms: int = typer.Option(12, help="--mix exercises: most atoms in a statement (at least 5)."),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o", help="Write JSONL here (else stdout).",
                                            callback=V.OUTPUT_FILE),
    json_out: bool = typer.Option(False, "--json", help="Print a JSON summary (with --out)."),
) -> None:
    """Random valid sequents with kernel-verified reference proofs, as JSONL."""
    from gentzen.data.generate import GenConfig, Interrupted, generate, parse_atoms, parse_range, summary
    try:
        if out_file is not None:
            V.output_file("--out", out_file)
        cfg = GenConfig(count=count, atoms=parse_atoms(atoms), premises=parse_range(premises),
                        min_lines=min_lines, max_lines=max_lines, seed=seed, family=family,
                        exclude_shipped=exclude_shipped, declare=declare, style=style,
                        data_version=data_version, mix=mix, max_atoms=max_atoms)
        cfg.check()
        make = generate
        if style == "user":
            from gentzen.data.userstyle import generate_user as make
        if mix == "exercises":
            from gentzen.data.exercises import generate_exercises as make
        with Progress(TextColumn("generating"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                      TimeElapsedColumn(), console=err, transient=True, disable=not err.is_terminal) as bar:
            task = bar.add_task("gen", total=count)
            records = make(cfg, progress=lambda done, total: bar.update(task, completed=done))
    except GentzenError as e:
        _fail(e)
    except Interrupted as stop:  # Ctrl-C: the theorems made so far, beside (never as) the output
        if out_file is None or not stop.records:
            V.fail(f"interrupted after {len(stop.records)} theorems", 130)
        partial = out_file.with_name(f"{out_file.stem}.partial{out_file.suffix}")
        _emit(_jsonl(stop.records), partial)
        V.fail(f"interrupted: {len(stop.records)} of {count} theorems (verified) are in {partial}", 130)
    if len(records) < count:  # the candidate budget ran out: say so rather than return fewer silently
        err.print(f"warning: only {len(records)} of {count} theorems found within the candidate budget "
                  "(widen --premises/--max-lines or add --atoms)", markup=False)
    _emit(_jsonl(records), out_file)
    if out_file is not None:
        s = {**summary(records), "data_version": data_version}
        if style == "user":
            from gentzen.data.userstyle import distribution

            s["style"] = distribution(records)
        if mix == "exercises":
            from gentzen.data.exercises import composition

            s["mix"] = composition(records)
        if json_out:
            out.print(json.dumps(s), markup=False)
        else:
            err.print(f"{out_file}: {s['count']} theorems, splits {s['splits']}, lines {s['lines']}")


sets_app = typer.Typer(help="Shipped theorem sets (Pelletier 1-17, textbook exercises).", no_args_is_help=True)


@sets_app.command("list")
def sets_list(json_out: bool = typer.Option(False, "--json", help="JSON output.")) -> None:
    """What ships: items, proved, and reference-proof length range per set."""
    from gentzen.data.sets import list_sets
    rows = list_sets()
    if json_out:
        out.print(json.dumps(rows), markup=False)
        return
    table = Table("set", "items", "proved", "lines (min / median / max)")
    for r in rows:
        table.add_row(r["set"], str(r["items"]), str(r["proved"]),
                      f"{r['min_lines']} / {r['median_lines']} / {r['max_lines']}")
    out.print(table)


@sets_app.command("build")
def sets_build(
    names: Optional[list[str]] = typer.Argument(None, help="Sets to rebuild (default: all)."),
    json_out: bool = typer.Option(False, "--json", help="JSON output."),
) -> None:
    """Regenerate Lean statements and reference proofs of the shipped sets (deterministic)."""
    from gentzen.data.sets import build_sets, set_paths
    try:
        unknown = sorted(set(names or ()) - set(set_paths()))
        if unknown:  # an unknown name would rebuild nothing and say nothing
            raise InputError(f"no shipped set {', '.join(map(repr, unknown))} (have: {', '.join(set_paths())})")
        done = build_sets(names)
    except GentzenError as e:
        _fail(e)
    out.print(json.dumps(done) if json_out else ", ".join(f"{k}: {v} items" for k, v in done.items()),
              markup=False)


def _read_records(path: Path, what: str = "FILE") -> list[dict]:
    """Records of a non-empty JSONL file of objects (InputError: missing, folder, binary, not UTF-8,
    not JSON, empty)."""
    return [rec for _, rec in V.jsonl_file(what, path)]


def variants_cmd(
    file: Path = typer.Argument(..., help="JSONL of targets (records with `sequent`, optional `name`, `atoms`)."),
    depth: int = typer.Option(2, help="Moves applied in sequence."),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o", help="Write variant JSONL here (else stdout).",
                                            callback=V.OUTPUT_FILE),
    json_out: bool = typer.Option(False, "--json", help="Print the report as JSON."),
) -> None:
    """Variants of each target (specialisations, generalisations, lemma cuts, sub-steps)."""
    from gentzen.core.logic.sequent import parse_sequent
    from gentzen.data.variants import report, variants
    try:
        if depth < 1:
            raise InputError("--depth must be at least 1")
        per: dict[str, list[dict]] = {}
        for i, r in enumerate(_read_records(file, "FILE")):
            if "sequent" not in r:
                raise InputError(f"{file}: record {i + 1} has no `sequent`")
            seq = parse_sequent(r["sequent"], atoms=tuple(r.get("atoms") or ()))
            name = r.get("name") or f"target{i}"
            per[name] = variants(seq, depth=depth, target=name)
    except GentzenError as e:
        _fail(e)
    _emit(_jsonl(v for vs in per.values() for v in vs), out_file)
    rep = report(per)
    if json_out:
        (err if out_file is None else out).print(json.dumps(rep), markup=False)
    else:
        pt = rep["per_target"]
        err.print(f"{rep['targets']} targets, {rep['variants']} variants; per target median {pt['median']}, "
                  f"min {pt['min']}, max {pt['max']}; kinds " +
                  ", ".join(f"{k} {100 * v:.0f}%" for k, v in rep["kinds"].items()))


def compose_cmd(
    target: str = typer.Argument(..., help="Target sequent or theorem statement."),
    solved: Path = typer.Argument(..., help="JSONL of solved variants (`theorem` or `sequent`, and `proof`)."),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o", help="Write the proof here (else stdout).",
                                            callback=V.OUTPUT_FILE),
    json_out: bool = typer.Option(False, "--json", help="JSON output."),
) -> None:
    """Compose solved variants (lemma cuts, chained) into a kernel-verified proof of the target."""
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.data.compose import lines, search, solved_from_records
    try:
        thm = parse_theorem(target)
        proof = search(thm, solved_from_records(_read_records(solved, "SOLVED")))
    except GentzenError as e:
        _fail(e)
    if json_out:
        out.print(json.dumps({"theorem": thm.statement(), "proof": proof,
                              "lines": lines(proof) if proof else 0}, ensure_ascii=False), markup=False)
    elif proof is None:
        err.print("no composition of the solved variants proves the target")
    else:
        _emit(proof + "\n", out_file)
    if proof is None:
        raise typer.Exit(1)


LEAN_SETS_DIR = Path("lean") / "Gentzen" / "Sets"


def export_lean_cmd(
    set_files: Optional[list[Path]] = typer.Argument(None, help="Set JSONL files (default: every shipped set)."),
    out_file: Optional[Path] = typer.Option(None, "--out", "-o", help="Output .lean file (one input set).",
                                            callback=V.OUTPUT_FILE),
    out_dir: Path = typer.Option(LEAN_SETS_DIR, help="Directory for the default outputs (<Set>.lean).",
                                 callback=V.OUTPUT_DIR),
) -> None:
    """Write sets as Lean files, one theorem per item with its reference proof (lake build re-checks them)."""
    from gentzen.data.export_lean import export_lean, lean_namespace
    from gentzen.data.sets import set_paths

    files = list(set_files or set_paths().values())
    if out_file is not None and len(files) != 1:
        _fail(InputError("--out takes exactly one set file"))
    for f in files:
        try:
            text = export_lean(_read_records(Path(f), "SET_FILE"), Path(f).stem)
        except GentzenError as e:
            _fail(e)
        dest = out_file or out_dir / f"{lean_namespace(Path(f).stem).rsplit('.', 1)[-1]}.lean"
        dest.parent.mkdir(parents=True, exist_ok=True)
        _emit(text, dest)
        err.print(f"wrote {dest}")


def register(app: typer.Typer) -> None:
    app.command("export-lean")(export_lean_cmd)
    app.command("gen")(gen)
    app.add_typer(sets_app, name="sets")
    app.command("variants")(variants_cmd)
    app.command("compose")(compose_cmd)
