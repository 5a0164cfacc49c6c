"""`gentzen prove`: prove one theorem with a language model (guided or plain sampling) or the reference prover.

Prints the first verified proof, the attempts and tokens used; exit 1 when no proof is found
within the budget (showing the closest attempt and its error), 2 on bad input.
"""

from __future__ import annotations

import json
import sys
import time
from functools import partial
from pathlib import Path
from typing import Optional

import typer

from gentzen.cli import validate as V
from gentzen.cli.core import fail, out
from gentzen.cli.options import engine_choice, engine_options
from gentzen.errors import GentzenError, ParseError
from gentzen.models import SHIPPED_MODEL

PROVE_ACCEPTS = ("a sequent ('P → Q, P ⊢ Q'), a Lean statement ('theorem t (P : Prop) : P → P := by') or a "
                 "FILE.lean whose `sorry`s to fill; to check the proofs in a .lean or .jsonl file use "
                 "`gentzen verify FILE`")
_ENGINE, _BASE_URL, _API_KEY_ENV = engine_options()


def prove(
    theorem: str = typer.Argument(..., help="A sequent ('P → Q, P ⊢ Q'), a Lean statement ('theorem t … := by'), "
                                  "or FILE.lean: fill its `sorry`s (see --out)."),
    model: Optional[Path] = typer.Option(None, "--model", "-m", help="Model directory (default: the shipped model)."),
    method: str = typer.Option("guided", help="guided | plain | reference"),
    samples: int = typer.Option(8, "--samples", "-k", help="Proof attempts (K).", callback=V.COUNT),
    fmt: Optional[str] = typer.Option(None, "--format", help="Prompt format (default: the model's own)."),
    backend: str = typer.Option("kernel", help="Final check: kernel | both (kernel and Lean's REPL)."),
    repl_cmd: Optional[str] = typer.Option(None, "--repl-cmd", help="both: the REPL (default `lake exe repl` "
                                           "where Lean is installed; \"gentzen repl\" is the kernel-backed one)."),
    engine_name: str = _ENGINE,
    base_url: Optional[list[str]] = _BASE_URL,
    api_key_env: str = _API_KEY_ENV,
    device: str = typer.Option("auto", help=V.DEVICE_HELP, callback=V.DEVICE),
    threads: int = typer.Option(0, "--threads", help="torch CPU threads (0: the measured default, or GENTZEN_THREADS)."),
    temperature: float = typer.Option(1.0, help="Sampling temperature (0: greedy).", callback=V.NON_NEGATIVE),
    redraws_per_line: int = typer.Option(4, help="Guided: redraws of one rejected line.", callback=V.NON_NEGATIVE),
    redraws_per_proof: int = typer.Option(16, help="Guided: redraws per attempt.", callback=V.NON_NEGATIVE),
    seed: int = typer.Option(0, help="Sampling seed."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show the proof state after each line."),
    names: str = typer.Option("model", "--names", help="model: sample with premises named h1…hn and atoms "
                              "P, Q, R…, as most training proofs name them, and return the proof in your names, "
                              "kernel-checked against your statement (search/names.py) | as-written: sample in "
                              "your names."),
    out_path: Optional[Path] = typer.Option(None, "--out", "-o", help="FILE.lean: write the filled file here "
                                            "(default: print it on stdout); never over an existing file without --force."),
    force: bool = typer.Option(False, "--force", help="FILE.lean: let --out overwrite an existing file."),
    keep_loops: bool = typer.Option(False, "--keep-loops", help="Keep a line that returns an attempt to a proof "
                                    "state it was already in, or opens a `have` box no easier than one it is inside "
                                    "(default: redraw it; search/guided.py)."),
    all_atoms: bool = typer.Option(False, "--all-atoms", help="Show the model every atom of a goal over more than "
                                   "four (default: the four nearest the goal; search/atom_window.py)."),
    as_printed: bool = typer.Option(False, "--as-printed", help="Show the model `a → False` as Lean prints it "
                                    "(default: as `¬a`, its definition, the way the training data writes it)."),
    split_iff: bool = typer.Option(True, "--split-iff/--whole-iff", help="Prove a conclusion `A ↔ B` one direction "
                                   "at a time, K/2 attempts each, joined under `constructor` (search/split.py) | "
                                   "the whole `↔` in every attempt."),
) -> None:
    """Prove a theorem; every reported proof is checked by the kernel.
    Long because its typer options are the command's documentation: one parameter per option, each with its
    help text."""
    from gentzen.core.proof.theorem import parse_theorem

    if theorem.endswith(".lean"):
        _prove_file(Path(theorem), out_path, force, method, backend, names, threads, model, samples, fmt, engine_name,
                    base_url, api_key_env, device, temperature, redraws_per_line, redraws_per_proof, seed, json_out,
                    keep_loops, all_atoms, as_printed, split_iff)
        return
    if out_path is not None or force:
        fail("--out and --force are for `gentzen prove FILE.lean` (filling a file's sorries)")
    try:
        V.not_a_path(theorem, "gentzen prove", PROVE_ACCEPTS)
    except GentzenError as e:
        fail(str(e))
    try:
        thm = parse_theorem(theorem, default_name="goal")
    except ParseError as e:
        fail(f"cannot parse the theorem{f' at column {e.column}' if e.column is not None else ''}: {e.message}")
    if method not in ("guided", "plain", "reference"):
        fail(f"unknown method {method!r}; choose guided, plain or reference")
    if backend not in ("kernel", "both"):
        fail(f"unknown backend {backend!r}; choose kernel or both")
    if names not in ("model", "as-written"):
        fail(f"unknown --names {names!r}; choose model or as-written")
    if threads < 0:
        fail(f"--threads must be 0 (the default) or a positive number of threads, got {threads}")
    if backend == "both":  # before any work: without Lean this says what is missing, in one line
        from gentzen.cli.validate import checker_ready
        from gentzen.errors import InputError

        try:
            repl_cmd = checker_ready("both", repl_cmd)
        except InputError as e:
            fail(str(e))
    if method == "reference":
        _reference(thm, json_out, backend, repl_cmd)
        return
    model_dir = model or SHIPPED_MODEL
    if not (model_dir / "config.json").exists():
        fail(f"no model at {model_dir}: train one with `gentzen train sft` or pass --model DIR")
    if _countermodel_first(thm, json_out, method):  # no sampling for a sequent that is not valid
        raise typer.Exit(1)
    try:  # before the model loads: a missing extra or accelerator is one line
        choice = engine_choice(engine_name, base_url, api_key_env)
        if engine_name == "vllm":
            from gentzen.errors import require

            require("vllm", "vllm")
        elif engine_name == "torch":
            V.device_available("--device", device)
    except GentzenError as e:
        fail(str(e))
    try:
        from gentzen.engines import open_engine
        from gentzen.models.checkpoint import read_meta
        from gentzen.search.guided import SamplerConfig
        from gentzen.search.progress import StderrProgress, sample_reporting
        from gentzen.search.split import sample_statement

        meta = read_meta(model_dir)
        cfg = SamplerConfig(samples=samples, guided=method == "guided", redraws_per_line=redraws_per_line,
                            redraws_per_proof=redraws_per_proof, temperature=temperature,
                            format=fmt or meta.get("format", "whole"), seed=seed, prune_loops=not keep_loops,
                            atom_window=not all_atoms, show_not=not as_printed)
        engine = open_engine(str(model_dir), choice, device=device, threads=threads)
        t_sample = time.perf_counter()
        progress = StderrProgress(sys.stderr)  # silent unless the search runs over 2 s
        sampler = partial(sample_reporting, on_round=progress)
        try:
            res = sample_statement(thm, engine, cfg, names=names, split=split_iff, sampler=sampler, verbose=verbose)
        finally:
            progress.close()
            engine.close()
        # where the command's time went (`gentzen bench startup` reads it from --json)
        seconds = {**getattr(engine, "load_seconds", {}), "sampling": time.perf_counter() - t_sample}
    except GentzenError as e:
        fail(str(e))
    except KeyboardInterrupt:  # Ctrl-C: say what became of the work, as ttrl and verify do
        V.fail(f"interrupted: nothing was kept (prove saves no partial attempts); run the same command "
               f"again to start over, or with fewer attempts (-k {max(1, samples // 2)}) for a shorter run", 130)
    proof = res.proof
    lean = _lean_check(thm, proof, repl_cmd) if proof and backend == "both" else None
    ok = proof is not None and (lean is None or lean.ok)
    if json_out:
        closest = res.closest()
        out.print(json.dumps({"theorem": thm.statement(), "ok": ok, "proof": proof, "method": method,
                              "format": cfg.format, "totals": res.totals(),
                              "closest": closest.to_dict() if closest and not ok else None,
                              "attempts": [a.to_dict() for a in res.attempts],
                              "recheck": lean.to_dict() if lean is not None else None,
                              "seconds": {k: round(v, 4) for k, v in seconds.items()}}, ensure_ascii=False), markup=False)
    else:
        _print_human(thm, res, ok, verbose, lean)
    raise typer.Exit(0 if ok else 1)


def _prove_file(path, dest, force, method, backend, names, threads, model, samples, fmt, engine_name, base_url,
                api_key_env, device, temperature, redraws_per_line, redraws_per_proof, seed, json_out,
                keep_loops=False, all_atoms=False, as_printed=False, split_iff=True) -> None:
    """`gentzen prove FILE.lean`: options checked here, before any work; the rest is cli/prove_file.py."""
    from gentzen.cli.prove_file import ModelProver, prove_file, reference_prover

    if not path.is_file():
        fail(f"{path}: no such file")
    if method not in ("guided", "plain", "reference"):
        fail(f"unknown method {method!r}; choose guided, plain or reference")
    if backend != "kernel":
        fail("FILE.lean is filled with kernel-checked proofs only; check the result with Lean by "
             "`gentzen verify FILLED.lean --backend both`")
    if names not in ("model", "as-written"):
        fail(f"unknown --names {names!r}; choose model or as-written")
    if threads < 0:
        fail(f"--threads must be 0 (the default) or a positive number of threads, got {threads}")
    if method == "reference":
        prove_file(path, dest, force, lambda: reference_prover, json_out, samples)
        return
    model_dir = model or SHIPPED_MODEL
    if not (model_dir / "config.json").exists():
        fail(f"no model at {model_dir}: train one with `gentzen train sft` or pass --model DIR")
    try:
        choice = engine_choice(engine_name, base_url, api_key_env)
        if engine_name == "torch":
            V.device_available("--device", device)
        from gentzen.models.checkpoint import read_meta
        from gentzen.search.guided import SamplerConfig

        cfg = SamplerConfig(samples=samples, guided=method == "guided", redraws_per_line=redraws_per_line,
                            redraws_per_proof=redraws_per_proof, temperature=temperature,
                            format=fmt or read_meta(model_dir).get("format", "whole"), seed=seed,
                            prune_loops=not keep_loops, atom_window=not all_atoms, show_not=not as_printed)
    except GentzenError as e:
        fail(str(e))
    prove_file(path, dest, force, lambda: ModelProver(model_dir, choice, device, threads, cfg, names, split_iff),
               json_out,
               samples)


def _checked_by(lean) -> str:
    """What re-checked the proof besides the kernel, in words that never overstate it."""
    if lean is None:
        return "kernel-verified"
    side = lean.checker.split("+", 1)[-1]
    if side == "lean-repl" or side == "kimina":
        return f"kernel-verified, and accepted by Lean ({side})"
    if side == "kernel-repl":
        return "kernel-verified, and re-checked by the kernel-backed `gentzen repl` (not Lean)"
    return f"kernel-verified, and accepted by the REPL command given ({side}; gentzen cannot tell if it is Lean)"


def _countermodel_first(thm, json_out: bool, method: str) -> bool:
    """Print the countermodel of an invalid statement (True), or say nothing (False)."""
    from gentzen.core.logic.sequent import countermodel_text, theorem_countermodel

    cm = theorem_countermodel(thm)
    if cm is None:
        return False
    if json_out:
        out.print(json.dumps({"theorem": thm.statement(), "ok": False, "proof": None, "method": method,
                              "countermodel": thm.shown(cm), "attempts": []}, ensure_ascii=False), markup=False)
    else:
        out.print(thm.statement(), markup=False)
        out.print(f"[red]not valid[/red]: countermodel {countermodel_text(thm.shown(cm))} (nothing sampled)")
    return True


def _print_human(thm, res, ok: bool, verbose: bool, lean=None) -> None:
    t = res.totals()
    out.print(thm.statement(), markup=False)
    if ok:
        winner = next(a for a in res.attempts if a.ok)
        if verbose:  # the goals before each line, then the line, as in an editor's goal view
            from gentzen.core.kernel import start

            states = [start(thm).render()] + winner.trace
            for line, st in zip(winner.proof.split("\n"), states):
                out.print("  /- " + st.replace("\n", "\n     ") + " -/", style="dim", markup=False)
                out.print(line, markup=False)
        else:
            out.print(winner.proof, markup=False)
        from gentzen.search.compute import totals_text

        out.print(f"[green]proved[/green] ({_checked_by(lean)}) — "
                  f"{totals_text(t, ('attempts', 'tokens', 'model_calls', 'kernel_checks'))}")
        return
    if res.proof is not None and lean is not None:  # the kernel accepted it, the other checker did not
        out.print(res.proof, markup=False)
        out.print(f"[red]rejected by {lean.checker.split('+', 1)[-1]}[/red] ({lean.kind}) at line {lean.line}, "
                  f"column {lean.column}, though the kernel accepted it:")
        out.print(str(lean.message), markup=False)
        return
    from gentzen.search.compute import counted

    out.print(f"[red]no proof[/red] in {counted(t['attempts'], 'attempt')} ({counted(t['tokens'], 'token')})")
    c = res.closest()
    if c is not None:
        out.print("closest attempt:")
        out.print(c.proof or "(empty)", markup=False)
        if c.error is not None:
            out.print(f"error ({c.error.kind}) at line {c.error.line}, column {c.error.column}:")
            out.print(c.error.message, markup=False)


def _reference(thm, json_out: bool, backend: str, repl_cmd: str | None = None) -> None:
    try:
        from gentzen.data.prover import prove as reference_prove
    except ImportError:  # pragma: no cover - the data layer ships with the package
        fail("the reference prover is not available")
    res = reference_prove(thm)
    ok = res.proof is not None
    lean = None
    if ok and backend == "both":
        lean = _lean_check(thm, res.proof, repl_cmd)
        ok = lean.ok
    if json_out:
        out.print(json.dumps({"theorem": thm.statement(), "ok": ok, "proof": res.proof, "lines": res.lines,
                              "countermodel": res.countermodel and thm.shown(res.countermodel), "method": "reference",
                              "recheck": lean.to_dict() if lean is not None else None}, ensure_ascii=False),
                  markup=False)
    elif ok:
        out.print(thm.statement(), markup=False)
        out.print(res.proof, markup=False)
        plural = "" if res.lines == 1 else "s"
        out.print(f"[green]proved[/green] by the reference prover ({res.lines} line{plural}, {_checked_by(lean)})")
    elif lean is not None:
        out.print(res.proof, markup=False)
        out.print(f"[red]rejected by {lean.checker.split('+', 1)[-1]}[/red] ({lean.kind}), though the kernel "
                  f"accepted it: {lean.message}", markup=False)
    else:
        from gentzen.core.logic.sequent import countermodel_text

        out.print(f"[red]not valid[/red]: countermodel {countermodel_text(thm.shown(res.countermodel or {}))}")
    raise typer.Exit(0 if ok else 1)


def _lean_check(thm, proof: str, repl_cmd: str | None):
    """Re-check with a REPL (the `both` backend): the Verdict, whose `checker` says who checked."""
    try:
        from gentzen.repl.verify import make_verifier
    except ImportError:
        fail("the `both` backend needs gentzen.repl.verify")
    try:
        with make_verifier("both", repl_cmd=repl_cmd) as v:
            verdict = v.verify(thm, proof)
    except GentzenError as e:
        V.fail(str(e), 2)  # one line (JSON with --json); markup-free, so `gentzen[extra]` survives
    return verdict


def register(app: typer.Typer) -> None:
    app.command()(prove)
