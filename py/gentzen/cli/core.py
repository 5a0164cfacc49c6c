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
) -> None:
    """Check every proof with the kernel; exit 1 if any is rejected."""
    rejected = 0
    total = 0
    for path in paths:
        try:
            items = load_items(path)
        except InputError as e:
            fail(str(e))
        for item in items:
            res = item.check()
            total += 1
            rejected += not res.ok
            rec = {"name": item.name, "ok": res.ok, "error": res.error.to_dict() if res.error else None}
            if json_out:
                out.print(json.dumps(rec, ensure_ascii=False), markup=False)
            elif res.ok:
                out.print(f"[green]ok[/green]        {item.name}")
            else:
                e = res.error
                out.print(f"[red]rejected[/red]  {item.name}  {path}:{e.line}:{e.column} ({e.kind})")
                out.print("          " + e.message.replace("\n", "\n          "), markup=False)
    if not json_out:
        out.print(f"{total - rejected}/{total} accepted")
    raise typer.Exit(1 if rejected else 0)


def state(
    theorem: str = typer.Argument(..., help="A theorem statement or a sequent."),
    steps: Optional[Path] = typer.Option(None, "--steps", help="File of proof lines to run one by one."),
    auto_names: bool = typer.Option(False, "--auto-names", help="Name unnamed `have`/`intro` steps n1, n2, …"),
    json_out: bool = typer.Option(False, "--json", help="One JSON object per step."),
) -> None:
    """Print the proof state, then the state after each step of --steps."""
    try:
        st = start(parse_theorem(theorem), auto_names=auto_names)
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
