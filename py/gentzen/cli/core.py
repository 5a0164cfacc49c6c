"""CLI for the core: `gentzen valid`, `gentzen verify`, `gentzen state`.

Thin wrappers over gentzen.core; JSON lines with --json, rich text otherwise. Exit codes:
0 all good, 1 a proof was rejected, 2 unreadable or unparsable input.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console

from gentzen.core.items import load_items, read_text
from gentzen.core.kernel import StepError, start
from gentzen.core.sequent import parse_sequent
from gentzen.core.theorem import parse_theorem
from gentzen.errors import InputError, ParseError

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def fail(message: str, code: int = 2) -> None:
    err.print(f"[red]error:[/red] {message}", markup=True)
    raise typer.Exit(code)


def _where(e: ParseError) -> str:
    return f" at column {e.column}" if e.column is not None else ""


def valid(
    sequents: list[str] = typer.Argument(None, help="Sequents like 'P → Q, P ⊢ Q' (ASCII: '->', '|-')."),
    file: Optional[Path] = typer.Option(None, "--file", "-f", help="Read one sequent per line from FILE."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per line."),
) -> None:
    """Decide classical validity; print a countermodel for invalid sequents."""
    items = list(sequents or [])
    if file is not None:
        try:
            items += [ln for ln in read_text(file).splitlines() if ln.strip()]
        except InputError as e:
            fail(str(e))
    if not items:
        fail("give sequents as arguments or --file FILE")
    for s in items:
        try:
            seq = parse_sequent(s)
        except ParseError as e:
            fail(f"cannot parse {s!r}{_where(e)}: {e.message}")
        cm = seq.countermodel()
        if json_out:
            out.print(json.dumps({"sequent": str(seq), "valid": cm is None, "countermodel": cm},
                                 ensure_ascii=False), markup=False)
        elif cm is None:
            out.print(f"[green]valid[/green]    {seq}")
        else:
            model = ", ".join(f"{k}={'T' if v else 'F'}" for k, v in cm.items())
            out.print(f"[red]invalid[/red]  {seq}   countermodel: {model}", markup=True)


def verify(
    paths: list[Path] = typer.Argument(..., help=".lean files or .jsonl records {name, theorem|sequent, proof}."),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per theorem."),
    backend: str = typer.Option("kernel", "--backend", help="kernel | repl | kimina | both (Lean and kernel)."),
    jobs: int = typer.Option(2, "--jobs", "-j", min=1, help="REPL workers / concurrent Kimina requests."),
    out_path: Optional[Path] = typer.Option(None, "--out", help="Append results to this JSONL file; "
                                            "items already in it are skipped (resumable)."),
    repl_cmd: Optional[str] = typer.Option(None, "--repl-cmd", help="REPL command: gentzen (default), "
                                           "lake (`lake exe repl` in the Lean project), auto, or a command line."),
    url: Optional[str] = typer.Option(None, "--url", help="Kimina Lean Server URL (kimina; both uses it when given)."),
    api_key: Optional[str] = typer.Option(None, "--api-key", envvar="LEAN_SERVER_API_KEY", help="Kimina bearer key."),
    timeout: float = typer.Option(60.0, "--timeout", help="Seconds per proof on a Lean backend."),
    disagreements: Optional[Path] = typer.Option(None, "--disagreements", help="both: JSONL log of "
                                                 "kernel/Lean disagreements (default: beside --out)."),
    strict_nd: bool = typer.Option(False, "--strict-nd", help="Kernel: accept only the natural-deduction "
                                   "subset of the proof language (other Lean syntax is `unsupported`)."),
) -> None:
    """Check every proof (kernel by default, or through Lean); exit 1 if any is rejected."""
    if strict_nd and backend != "kernel":
        fail("--strict-nd applies to the kernel backend (--backend kernel)")
    from gentzen.repl.results import ResultLog, item_key
    from gentzen.repl.verify import make_verifier

    items = []
    for path in paths:
        try:
            items.extend((path, it, item_key(it.theorem, it.proof)) for it in load_items(path))
        except InputError as e:
            fail(str(e))
    log = ResultLog(out_path) if out_path is not None else None
    todo = [x for x in items if log is None or x[2] not in log.done]
    rejected = sum(not log.done[k].get("ok") for _, _, k in items if log is not None and k in log.done)
    if backend == "both" and disagreements is None:
        disagreements = out_path.with_suffix(".disagreements.jsonl") if out_path else Path("disagreements.jsonl")
    verifier = make_verifier(backend, jobs=jobs, repl_cmd=repl_cmd, url=url, api_key=api_key,
                             timeout=timeout, disagreements=disagreements)
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
        verdicts = verifier.verify_many((it.theorem, it.proof) for _, it, _ in todo)
        for (path, item, key), v in zip(todo, verdicts):
            error = item.problem.to_dict() if item.problem is not None else v.error
            if error is not None and item.line != 1 and item.problem is None and error["line"] is not None:
                error = dict(error, line=error["line"] + item.line - 1)  # to the file's lines
            ok = item.problem is None and v.ok
            rejected += not ok
            rec = {"name": item.name, "ok": ok, "error": error, "backend": v.backend, "source": str(path),
                   "key": key, "time_s": round(v.time_s, 6)}
            if v.detail is not None:
                rec["detail"] = v.detail
            if log is not None:
                log.append(rec)
            if progress is not None:
                progress.advance(bar)
            if json_out:
                out.print(json.dumps(rec, ensure_ascii=False), markup=False)
            elif ok:
                out.print(f"[green]ok[/green]        {item.name}")
            else:
                out.print(f"[red]rejected[/red]  {item.name}  {path}:{error['line']}:{error['column']} "
                          f"({error['kind']})")
                out.print("          " + str(error["message"]).replace("\n", "\n          "), markup=False)
    finally:
        if progress is not None:
            progress.stop()
        verifier.close()
        if log is not None:
            log.close()
    if not json_out:
        skipped = len(items) - len(todo)
        out.print(f"{len(items) - rejected}/{len(items)} accepted" + (f" ({skipped} already in {out_path})"
                                                                     if skipped else ""))
    raise typer.Exit(1 if rejected else 0)


def state(
    theorem: str = typer.Argument(..., help="A theorem statement or a sequent."),
    steps: Optional[Path] = typer.Option(None, "--steps", help="File of proof lines to run one by one."),
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

    def show(label: str, s) -> None:
        if json_out:
            out.print(json.dumps({"step": label, "goals": s.goals, "solved": s.solved}, ensure_ascii=False),
                      markup=False)
        else:
            out.print(f"[bold]{label}[/bold]" if label else "[bold]start[/bold]")
            out.print(s.render(), markup=False)
            out.print()

    show("", st)
    for ln in lines:
        nxt = st.step(ln)
        if isinstance(nxt, StepError):
            e = nxt.error
            if json_out:
                out.print(json.dumps({"step": ln, "error": e.to_dict()}, ensure_ascii=False), markup=False)
            else:
                out.print(f"[red]error[/red] at line {e.line}, column {e.column} ({e.kind}):")
                out.print(e.message, markup=False)
            raise typer.Exit(1)
        st = nxt
        show(ln, st)
    if lines:
        problem = st.finish()
        if problem is not None and not json_out:
            out.print(f"[yellow]not finished[/yellow]: {problem.kind}")


def register(app: typer.Typer) -> None:
    app.command()(valid)
    app.command()(verify)
    app.command()(state)
    from gentzen.cli import bench
    bench.register(app)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(0)
