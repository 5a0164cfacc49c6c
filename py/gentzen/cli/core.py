"""CLI for the core: `gentzen valid`, `gentzen verify`, `gentzen state`.

Thin wrappers over gentzen.core; JSON lines with --json, rich text otherwise. Exit codes:
0 all good, 1 a proof was rejected (or could not be checked: a transport error), 2 unreadable or
unparsable input, or a checker that is not there (no Lean, no server).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from gentzen.cli import validate as V
from gentzen.cli import verify_records as R
from gentzen.cli.options import shard_option
from gentzen.core.reader.items import read_text
from gentzen.core.kernel import StepError, start
from gentzen.core.logic.sequent import parse_sequent
from gentzen.core.proof.theorem import parse_theorem
from gentzen.errors import InputError, ParseError

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> None:
    from gentzen.cli.validate import fail as _fail  # one line, or JSON with --json

    _fail(message, code)


def _where(e: ParseError) -> str:
    return f" at column {e.column}" if e.column is not None else ""


def valid(
    sequents: list[str] = typer.Argument(None, help="Sequents like 'P → Q, P ⊢ Q' (ASCII: '->', '|-')."),
    file: Optional[Path] = typer.Option(None, "--file", "-f", help="Read one sequent per line from FILE "
                                        "(blank lines and `#` comments are skipped)."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per line."),
    max_decisions: int = typer.Option(100_000, "--max-decisions", help="Past exact truth tables (~28 atoms), "
                                      "give up after this many search decisions (exit 2).", callback=V.COUNT),
) -> None:
    """Decide classical validity; print a countermodel for invalid sequents. Exit 1 if any is invalid."""
    items = [(None, s) for s in sequents or []]
    for s in sequents or []:  # `gentzen valid notes.txt` would decide the atom `notes.txt`
        try:
            V.not_a_path(s, "gentzen valid", "sequents ('P → Q, P ⊢ Q'); a file of them goes after --file")
        except InputError as e:
            fail(str(e))
    if file is not None:
        text = V.text_file("--file", file)
        items += [(i, ln) for i, ln in enumerate(text.splitlines(), 1)
                  if ln.strip() and not ln.lstrip().startswith("#")]
    if not items:
        fail("give sequents as arguments or --file FILE")
    parsed = []
    for line, s in items:  # every entry parses before any is decided
        try:
            parsed.append(parse_sequent(s))
        except ParseError as e:
            where = f"{file}: line {line}: " if line is not None else ""
            fail(f"{where}cannot parse {s.strip()!r}{_where(e)}: {e.message}")
    invalid = 0
    for seq in parsed:
        try:
            cm = seq.countermodel(max_decisions=max_decisions)
        except InputError as e:  # LimitError: too large to decide within the budget
            fail(f"{seq}: {e}")
        invalid += cm is not None
        if json_out:
            out.print(json.dumps({"sequent": str(seq), "valid": cm is None, "countermodel": cm},
                                 ensure_ascii=False), markup=False)
        elif cm is None:
            out.print(f"[green]valid[/green]    {seq}")
        else:
            model = ", ".join(f"{k}={'T' if v else 'F'}" for k, v in cm.items())
            out.print(f"[red]invalid[/red]  {seq}   countermodel: {model}", markup=True)
    raise typer.Exit(1 if invalid else 0)


def verify(
    paths: list[Path] = typer.Argument(..., help=".lean files, or .jsonl records {\"name\", \"theorem\"|\"sequent\", "
                                       "\"proof\"} (proof lines indented as under `:= by`; docs/repl.md)."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per theorem."),
    backend: str = typer.Option("kernel", "--backend", help="kernel | repl | kimina | both (Lean and kernel).",
                                callback=V.choice("kernel", "repl", "kimina", "both")),
    jobs: int = typer.Option(2, "--jobs", "-j", help="REPL workers / concurrent Kimina requests.", callback=V.COUNT),
    out_path: Optional[Path] = typer.Option(None, "--out", help="Append results to this JSONL file (missing "
                                            "folders are made); items already in it are skipped (resumable).",
                                            callback=V.OUTPUT_FILE),
    repl_cmd: Optional[str] = typer.Option(None, "--repl-cmd", help="REPL command: lake (`lake exe repl`, "
                                           "the default where Lean is installed), \"gentzen repl\" (kernel-backed, not "
                                           "Lean), auto, or a command line."),
    url: Optional[str] = typer.Option(None, "--url", help="Kimina Lean Server URL (kimina; both uses it when given)."),
    api_key: Optional[str] = typer.Option(None, "--api-key", envvar="LEAN_SERVER_API_KEY", help="Kimina bearer key."),
    timeout: float = typer.Option(60.0, "--timeout", help="Seconds per proof on a Lean backend.", callback=V.POSITIVE),
    disagreements: Optional[Path] = typer.Option(None, "--disagreements", help="both: JSONL log of "
                                                 "kernel/Lean disagreements (default: beside --out).",
                                                 callback=V.OUTPUT_FILE),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print only the summary line."),
    failures_only: bool = typer.Option(False, "--failures-only", help="Print only rejected proofs and the summary."),
    strict_nd: bool = typer.Option(False, "--strict-nd", help="Kernel: accept only the natural-deduction "
                                   "subset of the proof language (other Lean syntax is `unsupported`)."),
    shard: str = shard_option("each shard writes its own --out; --merge joins them"),
    merge: Optional[list[Path]] = typer.Option(None, "--merge", help="Take every verdict from these --out files "
                                               "of shard runs instead of checking (repeat); prints and writes what "
                                               "one unsharded run does."),
) -> None:
    """Check every proof (kernel by default, or through Lean); exit 1 if any is rejected."""
    if strict_nd and backend != "kernel":
        fail("--strict-nd applies to the kernel backend (--backend kernel)")
    from gentzen.repl.results import ResultLog
    from gentzen.repl.verify import make_verifier

    items = R.keyed_items(paths, fail)
    from gentzen.shard import parse_shard, take

    try:
        part = parse_shard(shard)
    except InputError as e:
        fail(str(e))
    if merge and part is not None:
        fail("--merge joins the shards' outputs: give it without --shard (and without the Slurm array variables)")
    items = take(items, part)
    merged = R.merged_verdicts(merge, items, fail) if merge else None
    if merged is None:
        try:  # no silent kernel stand-in for Lean, no unreachable server: say what is missing before any work
            repl_cmd = V.checker_ready(backend, repl_cmd, url, api_key)
        except InputError as e:
            fail(str(e))
    log = ResultLog(out_path) if out_path is not None else None
    todo = [x for x in items if log is None or x[2] not in log.done]
    rejected = sum(not log.done[k].get("ok") for _, _, k in items if log is not None and k in log.done)
    unsupported = errors = expected = 0
    if backend == "both" and disagreements is None:
        disagreements = out_path.with_suffix(".disagreements.jsonl") if out_path else Path("disagreements.jsonl")
    try:
        verifier = R.Merged(merged) if merged is not None else \
            make_verifier(backend, jobs=jobs, repl_cmd=repl_cmd, url=url, api_key=api_key, timeout=timeout,
                          disagreements=disagreements)
    except InputError as e:
        fail(str(e))
    checkers: dict[str, int] = {}
    if strict_nd:
        verifier.strict_nd = True
    progress = None
    if not json_out and err.is_terminal and len(todo) >= 200:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        progress = Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
                            TimeRemainingColumn(), console=err, transient=True)
        progress.start()
        bar = progress.add_task(f"verify ({backend})", total=len(todo))
    try:
        # items the file reader already judged (lemma, forbidden commands, unsupported statements)
        # never reach a checker; the rest stream through it in order
        verdicts = iter(verifier.verify_many((it.parsed or it.theorem, it.proof, it.imports, it.opens, it.lemmas)
                                             if merged is None else key for _, it, key in todo if it.problem is None))
        for path, item, key in todo:
            rec, status, _, error, checker = R.record(path, item, key, verdicts, merged is not None, backend)
            checkers[checker] = checkers.get(checker, 0) + 1
            errors += status == "error"  # the request failed: no verdict on the proof
            rejected += status == "rejected"
            expected += status == "expected-error"
            unsupported += error is not None and error.get("kind") == "unsupported"
            if log is not None and status != "error":  # not checked: a resumed run asks again
                log.append(rec)
            if progress is not None:
                progress.advance(bar)
            R.show(out, rec, path, item, json_out=json_out, quiet=quiet, failures_only=failures_only)
    except KeyboardInterrupt:  # Ctrl-C: what was kept, and how to go on
        done = len(checkers) and sum(checkers.values())
        if log is not None:
            V.fail(f"interrupted after {done} of {len(todo)} proofs: their verdicts are kept in {out_path}; "
                   "run the same command again to resume (proofs already there are skipped)", 130)
        V.fail(f"interrupted after {done} of {len(todo)} proofs: nothing kept (no --out); give --out FILE "
               "to keep verdicts as they come and resume after an interruption", 130)
    finally:
        if progress is not None:
            progress.stop()
        verifier.close()
        if log is not None:
            log.close()
    R.summary(out, err, json_out=json_out, items=len(items), todo=len(todo), rejected=rejected, errors=errors,
              expected=expected, unsupported=unsupported, checkers=checkers, out_path=out_path)
    raise typer.Exit(1 if rejected or errors else 0)


def state(
    theorem: str = typer.Argument(..., help="A theorem statement or a sequent."),
    steps: Optional[Path] = typer.Option(None, "--steps", help="File of proof lines to run one by one.",
                                         callback=V.INPUT_FILE),
    auto_names: bool = typer.Option(False, "--auto-names", help="Name unnamed `have`/`intro` steps n1, n2, …"),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per step."),
    strict_nd: bool = typer.Option(False, "--strict-nd", help="Accept only the natural-deduction subset."),
) -> None:
    """Print the proof state, then the state after each step of --steps."""
    try:
        st = start(parse_theorem(theorem), auto_names=auto_names, strict_nd=strict_nd)
    except ParseError as e:
        fail(f"cannot parse the theorem{_where(e)}: {e.message}")
    lines: list[str] = []
    if steps is not None:
        try:
            lines = read_text(steps).replace("\r\n", "\n").split("\n")
        except InputError as e:
            fail(str(e))
        while lines and not lines[-1].strip():
            lines.pop()

    def show(label: str, s, index: int | None) -> None:
        # each state is printed under the step that produced it: `-- step 3: intro h` (3 is the
        # step's line in --steps), so a reader can match states and steps at a glance
        if json_out:
            rec = {"step": label, "index": index, "goals": s.goals, "solved": s.solved}
            out.print(json.dumps(rec, ensure_ascii=False), markup=False)
        else:
            out.print("-- start" if index is None else f"-- step {index}: {label.strip()}", style="bold",
                      markup=False)
            out.print(s.render(), markup=False)
            out.print()

    show("", st, None)
    for k, ln in enumerate(lines, 1):
        nxt = st.step(ln)
        if isinstance(nxt, StepError):
            e = nxt.error
            col = _step_column(st, ln, e.column)
            if json_out:
                out.print(json.dumps({"step": ln, "index": k, "error": dict(e.to_dict(), step_column=col)},
                                     ensure_ascii=False), markup=False)
            else:
                out.print(f"-- step {k}: {ln.strip()}", style="bold", markup=False)
                out.print(f"[red]error[/red] at {steps}:{k}, column {col} ({e.kind}):")
                out.print(e.message, markup=False)
            raise typer.Exit(1)
        st = nxt
        if ln.strip():
            show(ln, st, k)
    if lines:
        problem = st.finish()
        if problem is not None and not json_out:
            out.print(f"[yellow]not finished[/yellow]: {problem.kind}")


def _step_column(st, line: str, column: int | None) -> int | None:
    """The error's column in the step as written: an unindented step is placed at its block's
    column by the kernel, so that indentation is taken off again."""
    if column is None or line[:1] in (" ", "\t") or not line.strip():
        return column
    try:
        from gentzen.core.kernel import _parent_col

        frames = list(st.frames)
        fr = next((f for f in reversed(frames[1:]) if f.goals), frames[0])
        placed = fr.column if fr.column is not None else _parent_col(frames[: frames.index(fr) + 1]) + 2
    except Exception:  # noqa: BLE001 - the kernel's internals moved: report its column as is
        return column
    return max(0, column - placed)


def register(app: typer.Typer) -> None:
    app.command()(valid)
    app.command()(verify)
    app.command()(state)
    from gentzen.cli import bench
    bench.register(app)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(0)
