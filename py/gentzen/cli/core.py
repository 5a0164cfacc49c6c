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
from gentzen.cli.options import shard_option
from gentzen.core.items import load_items, read_text
from gentzen.core.kernel import StepError, start
from gentzen.core.sequent import parse_sequent
from gentzen.core.theorem import parse_theorem
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
    from gentzen.repl.results import ResultLog, item_key
    from gentzen.repl.verify import make_verifier

    items = []
    for path in paths:
        try:
            loaded = load_items(path)
        except InputError as e:
            fail(str(e))
        except KeyboardInterrupt:
            V.fail(f"interrupted while reading {path}: nothing checked yet", 130)
        if not any(it.judged for it in loaded):  # nothing to judge is not "0/0 accepted"
            fail(f"{path}: no theorem or example to check" + (" (no records)" if path.suffix == ".jsonl" else ""))
        # the imports are part of what was checked (`import Gentzen.ND` changes the verdict)
        items.extend((path, it, item_key(it.theorem, it.proof if not it.imports and not it.opens and not it.lemmas
                                         else f"import {' '.join(it.imports)}\x00"
                                         + (f"open {' '.join(it.opens)}\x00" if it.opens else "")
                                         + "".join(f"lemma {n} {lem.text()}\x00" for n, lem in it.lemmas.items())
                                         + it.proof)) for it in loaded)
    from gentzen.shard import parse_shard, take

    try:
        part = parse_shard(shard)
    except InputError as e:
        fail(str(e))
    if merge and part is not None:
        fail("--merge joins the shards' outputs: give it without --shard (and without the Slurm array variables)")
    items = take(items, part)
    merged = _merged_verdicts(merge, items) if merge else None
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
        verifier = _Merged(merged) if merged is not None else \
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
            if item.problem is not None:
                error, ok, checker, v, status = item.to_file(item.problem.to_dict()), False, "reader", None, "rejected"
            else:
                v = next(verdicts)
                if merged is not None:  # a shard's record: the verdict as that run wrote it
                    error, ok, checker, status = v.file_error, v.ok, v.checker, v.status
                else:
                    error, ok, checker, status = item.to_file(v.error), v.ok, v.checker, v.status
                    ok, error = item.guarded(ok, v.error, error)  # `#guard_msgs in`: the messages are the verdict
                    if status != "error":
                        status = "accepted" if ok else "expected-error" if error and error.get("kind") == \
                            "expected_error" else "rejected"
            checkers[checker] = checkers.get(checker, 0) + 1
            errors += status == "error"  # the request failed: no verdict on the proof
            rejected += status == "rejected"
            expected += status == "expected-error"
            unsupported += error is not None and error.get("kind") == "unsupported"
            rec = {"name": item.name, "ok": ok, "status": status, "error": error,
                   "backend": v.backend if v else backend, "checker": checker, "source": str(path), "key": key,
                   "time_s": round(v.time_s, 6) if v else 0.0}
            if item.record_line is not None:
                rec["record_line"] = item.record_line
            if v is not None and v.detail is not None:
                rec["detail"] = v.detail
            if log is not None and status != "error":  # not checked: a resumed run asks again
                log.append(rec)
            if progress is not None:
                progress.advance(bar)
            if json_out:
                out.print(json.dumps(rec, ensure_ascii=False), markup=False)
            elif ok:
                if not (quiet or failures_only):
                    out.print(f"[green]ok[/green]          {item.name}  [dim]({checker})[/dim]")
            elif status == "expected-error" and not quiet and not failures_only:
                out.print(f"[yellow]{'expected err':<12}[/yellow]{item.name}  [dim](#guard_msgs; {checker})[/dim]")
            elif not quiet and status != "expected-error":
                verdict = "error" if status == "error" else \
                    "unsupported" if error.get("kind") == "unsupported" else "rejected"
                where = f"{path}:" if status == "error" else _position(path, item, error)  # not the proof's fault
                out.print(f"[red]{verdict:<12}[/red]{item.name}  {where} ({error['kind']}; {checker})", markup=True)
                out.print("            " + str(error["message"]).replace("\n", "\n            "), markup=False)
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
    if json_out:  # stdout stays one object per theorem; the summary goes to stderr
        err.file.write(json.dumps({"summary": {"items": len(items), "accepted": len(items) - rejected - errors - expected,
                                               "expected_errors": expected,
                                               "rejected": rejected, "errors": errors,
                                               "skipped": len(items) - len(todo),
                                               "unsupported": unsupported, "checkers": checkers}}) + "\n")
    else:
        skipped = len(items) - len(todo)
        by = ", ".join(f"{c}" if len(checkers) == 1 else f"{c} {n}" for c, n in checkers.items())
        out.print(f"{len(items) - rejected - errors - expected}/{len(items)} accepted"
                  + (f", {expected} with the error their #guard_msgs expects" if expected else "")
                  + (f", {unsupported} unsupported" if unsupported else "")
                  + (f", {errors} not checked (transport errors; rerun with --out to retry them)"
                     if errors else "")
                  + (f" (checked by {by})" if by else "")
                  + (f" ({skipped} already in {out_path})" if skipped else ""), markup=False)
    raise typer.Exit(1 if rejected or errors else 0)


class _Merged:
    """Verdicts read back from shard outputs (--merge), in the shape a verifier gives them."""

    def __init__(self, records: dict[str, dict]) -> None:
        self.records, self.strict_nd = records, False

    def verify_many(self, keys):
        from types import SimpleNamespace

        for key in keys:  # `file_error`: the record's error, already in the file's positions
            r = self.records[key]
            yield SimpleNamespace(ok=r["ok"], file_error=r.get("error"), backend=r.get("backend", ""),
                                  status=r.get("status") or ("accepted" if r["ok"] else "rejected"),
                                  checker=r.get("checker", ""), time_s=float(r.get("time_s", 0.0)),
                                  detail=r.get("detail"))

    def close(self) -> None:
        pass


def _merged_verdicts(files: list[Path], items: list) -> dict[str, dict]:
    """key -> record from shard outputs; every item a checker judges must be among them."""
    from gentzen.io import read_jsonl_resumable

    got: dict[str, dict] = {}
    for f in files:
        if not f.is_file():
            fail(f"--merge {f}: no such file")
        got.update({r["key"]: r for r in read_jsonl_resumable(f) if isinstance(r, dict) and "key" in r})
    missing = [it.name for _, it, key in items if it.problem is None and key not in got]
    if missing:
        fail(f"{len(missing)} item(s) are not in the --merge files (first: {missing[0]}); run the missing shards")
    return got


def _position(path: Path, item, error: dict) -> str:
    """`file:line:column`, or for a .jsonl record `file:RECORD_LINE: proof line L, column C`."""
    if item.record_line is None:
        return f"{path}:{error['line']}:{error['column']}:"
    if error.get("proof_line") is not None and error["proof_line"] >= 1:
        return f"{path}:{item.record_line}: proof line {error['proof_line']}, column {error['proof_column']}:"
    return f"{path}:{item.record_line}: theorem, column {error.get('column')}:"


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
