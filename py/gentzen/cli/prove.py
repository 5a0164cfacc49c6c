"""`gentzen prove`: prove one theorem with a language model (guided or plain sampling) or the reference prover.

Prints the first verified proof, the attempts and tokens used; exit 1 when no proof is found
within the budget (showing the closest attempt and its error), 2 on bad input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from gentzen.cli.core import err, fail, out
from gentzen.errors import GentzenError, ParseError

DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "assets" / "default_model"


def prove(
    theorem: str = typer.Argument(..., help="A sequent ('P → Q, P ⊢ Q') or a Lean statement ('theorem t … := by')."),
    model: Optional[Path] = typer.Option(None, "--model", "-m", help="Model directory (default: the shipped model)."),
    method: str = typer.Option("guided", help="guided | plain | reference"),
    samples: int = typer.Option(8, "--samples", "-k", help="Proof attempts (K)."),
    fmt: Optional[str] = typer.Option(None, "--format", help="Prompt format (default: the model's own)."),
    backend: str = typer.Option("kernel", help="Final check: kernel | both (kernel and Lean's REPL)."),
    engine_name: str = typer.Option("torch", "--engine", help="torch | vllm"),
    device: str = typer.Option("auto", help="auto | cpu | cuda"),
    temperature: float = typer.Option(1.0, help="Sampling temperature."),
    redraws_per_line: int = typer.Option(4, help="Guided: redraws of one rejected line."),
    redraws_per_proof: int = typer.Option(16, help="Guided: redraws per attempt."),
    seed: int = typer.Option(0, help="Sampling seed."),
    json_out: bool = typer.Option(False, "--json", help="Print one JSON object."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Show the proof state after each line."),
) -> None:
    """Prove a theorem; every reported proof is checked by the kernel."""
    from gentzen.core.theorem import parse_theorem

    try:
        thm = parse_theorem(theorem, default_name="goal")
    except ParseError as e:
        fail(f"cannot parse the theorem{f' at column {e.column}' if e.column is not None else ''}: {e.message}")
    if method not in ("guided", "plain", "reference"):
        fail(f"unknown method {method!r}; choose guided, plain or reference")
    if backend not in ("kernel", "both"):
        fail(f"unknown backend {backend!r}; choose kernel or both")
    if method == "reference":
        _reference(thm, json_out, backend)
        return
    model_dir = model or DEFAULT_MODEL
    if not (model_dir / "config.json").exists():
        fail(f"no model at {model_dir}: train one with `gentzen train sft` or pass --model DIR")
    try:
        from gentzen.engines import load_engine
        from gentzen.models.checkpoint import read_meta
        from gentzen.search.guided import SamplerConfig, sample

        meta = read_meta(model_dir)
        cfg = SamplerConfig(samples=samples, guided=method == "guided", redraws_per_line=redraws_per_line,
                            redraws_per_proof=redraws_per_proof, temperature=temperature,
                            format=fmt or meta.get("format", "whole"), seed=seed)
        engine = load_engine(str(model_dir), engine_name, device=device) if engine_name == "torch" else \
            load_engine(str(model_dir), engine_name)
        try:
            res = sample(thm, engine, cfg, verbose=verbose)
        finally:
            engine.close()
    except GentzenError as e:
        fail(str(e))
    proof = res.proof
    lean = _lean_check(thm, proof) if proof and backend == "both" else None
    ok = proof is not None and (lean is None or lean)
    if json_out:
        closest = res.closest()
        out.print(json.dumps({"theorem": thm.statement(), "ok": ok, "proof": proof, "method": method,
                              "format": cfg.format, "totals": res.totals(),
                              "closest": closest.to_dict() if closest and not ok else None,
                              "attempts": [a.to_dict() for a in res.attempts]}, ensure_ascii=False), markup=False)
    else:
        _print_human(thm, res, ok, verbose)
    raise typer.Exit(0 if ok else 1)


def _print_human(thm, res, ok: bool, verbose: bool) -> None:
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
        out.print(f"[green]proved[/green] (kernel-verified) — {t['attempts']} attempts, {t['tokens']} tokens, "
                  f"{t['model_calls']} model calls, {t['kernel_checks']} kernel checks")
        return
    out.print(f"[red]no proof[/red] in {t['attempts']} attempts ({t['tokens']} tokens)")
    c = res.closest()
    if c is not None:
        out.print("closest attempt:")
        out.print(c.proof or "(empty)", markup=False)
        if c.error is not None:
            out.print(f"error ({c.error.kind}) at line {c.error.line}, column {c.error.column}:")
            out.print(c.error.message, markup=False)


def _reference(thm, json_out: bool, backend: str) -> None:
    try:
        from gentzen.data.prover import prove as reference_prove
    except ImportError:  # pragma: no cover - the data layer ships with the package
        fail("the reference prover is not available")
    res = reference_prove(thm)
    ok = res.proof is not None
    if ok and backend == "both":
        ok = bool(_lean_check(thm, res.proof))
    if json_out:
        out.print(json.dumps({"theorem": thm.statement(), "ok": ok, "proof": res.proof, "lines": res.lines,
                              "countermodel": res.countermodel, "method": "reference"}, ensure_ascii=False),
                  markup=False)
    elif ok:
        out.print(thm.statement(), markup=False)
        out.print(res.proof, markup=False)
        plural = "" if res.lines == 1 else "s"
        out.print(f"[green]proved[/green] by the reference prover ({res.lines} line{plural}, kernel-verified)")
    else:
        model = ", ".join(f"{k}={'T' if v else 'F'}" for k, v in (res.countermodel or {}).items())
        out.print(f"[red]not valid[/red]: countermodel {model}")
    raise typer.Exit(0 if ok else 1)


def _lean_check(thm, proof: str) -> bool:
    """Re-check with Lean's REPL (the `both` backend); a clear error where Lean is absent."""
    try:
        from gentzen.repl.verify import make_verifier
    except ImportError:
        fail("the `both` backend needs gentzen.repl.verify")
    try:
        with make_verifier("both") as v:
            verdict = v.verify(thm, proof)
    except GentzenError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    return verdict.ok


def register(app: typer.Typer) -> None:
    app.command()(prove)
