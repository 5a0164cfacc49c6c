"""Prove a `↔` conclusion one direction at a time (`prove`'s default): after `intro`s of the goal's leading
premises, `A → B` and `B → A` each get half the K attempts and their own first proof, joined under
`constructor` and kernel-checked against the statement as written (one attempt right in both directions is
rarer than one right in each)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gentzen.core.kernel import StepError, check_proof, start
from gentzen.core.logic.formula import Formula, Imp
from gentzen.core.proof.results import KernelError
from gentzen.core.proof.theorem import Theorem
from gentzen.search.guided import SampleResult, SamplerConfig


@dataclass(frozen=True)
class IffSplit:
    """`theorem`'s goal is `A₁ → … → Aₙ → (B ↔ C)`: `intros` name A₁…Aₙ, `halves` are Γ, A₁…Aₙ ⊢ B → C
    and ⊢ C → B, in the names the joined proof uses."""

    theorem: Theorem
    intros: tuple[str, ...]
    halves: tuple[Theorem, Theorem]


def _fresh(taken: set[str], start: int) -> str:
    k = start
    while f"h{k}" in taken:
        k += 1
    return f"h{k}"


def split_iff(thm: Theorem) -> IffSplit | None:
    """The two directions of `thm`'s biconditional conclusion, or None when the goal (after its leading
    premises) is not a `↔`. A `¬` is not peeled: `¬(p ↔ q)` is an implication into False, not an `↔`."""
    goal: Formula = thm.goal
    premises = []
    while goal.kind == "imp":
        premises.append(goal.args[0])
        goal = goal.args[1]
    if goal.kind != "iff":
        return None
    taken = set(thm.atoms) | {h for h, _ in thm.hyps}
    intros = []
    for _ in premises:
        name = _fresh(taken, len(thm.hyps) + len(intros) + 1)
        taken.add(name)
        intros.append(name)
    hyps = thm.hyps + tuple(zip(intros, premises))
    left, right = goal.args
    # layout () reads as "the atoms, then one binder per premise": the halves are plain statements
    half = replace(thm, hyps=hyps, layout=(), keyword="example")
    return IffSplit(thm, tuple(intros), (replace(half, goal=Imp(left, right)), replace(half, goal=Imp(right, left))))


def join(split: IffSplit, *halves: str) -> str:
    """The proof of the statement from proofs of its two directions (each as the sampler writes a proof); with
    one, the partial proof that opens with it (how a failed attempt at the first direction is shown)."""
    lines = [f"intro {' '.join(split.intros)}"] if split.intros else []
    lines.append("constructor")
    for half in halves:
        body = _dedent(half)
        lines += ["· " + body[0]] + ["  " + b if b.strip() else b for b in body[1:]]
    return "\n".join("  " + line for line in lines)


def _base(proof: str) -> int:
    """A proof's block column: its first line's indentation (a failed attempt's rejected line, appended as drawn,
    may sit left of it)."""
    first = next((x for x in proof.splitlines() if x.strip()), "")
    return len(first) - len(first.lstrip(" "))


def _dedent(proof: str) -> list[str]:
    """The proof's lines moved left by its block column (a line left of it only as far as it goes)."""
    base = _base(proof)
    lines = [x[min(base, len(x) - len(x.lstrip(" "))):] for x in proof.strip("\n").splitlines()]
    return lines or [""]


def _in_context(split: IffSplit, a, before: tuple[str, ...]):
    """Failed attempt `a` at a direction, shown as the partial proof of the statement it belongs to (`before`: the
    first direction's proof, when `a` is at the second), its error moved to the line and column it has there."""
    if not a.proof.strip():
        return replace(a, ok=False)
    shift = 4 - _base(a.proof)  # the joined proof indents a direction's lines by 2, then "· " or "  "
    lines_before = len(join(split, *before).splitlines()) if before else (2 if split.intros else 1)
    e = a.error
    if e is not None and e.line >= 2:  # line 1 is the statement
        e = replace(e, line=e.line + lines_before, column=e.column + shift,
                    end_line=None if e.end_line is None else e.end_line + lines_before,
                    end_column=None if e.end_column is None else e.end_column + shift)
    return replace(a, ok=False, proof=join(split, *before, a.proof), error=e)


def half_samples(cfg: SamplerConfig) -> tuple[SamplerConfig, SamplerConfig]:
    """The halves' configs: K attempts split K//2 and K - K//2 (K = 1 gives the second half none: the
    split is then not tried)."""
    return replace(cfg, samples=cfg.samples // 2), replace(cfg, samples=cfg.samples - cfg.samples // 2)


def joined_result(split: IffSplit, mp: SampleResult, mpr: SampleResult) -> SampleResult:
    """One result for the statement, with the halves' attempts (K in all), each shown in the statement's
    context (`_in_context`): a half's proof is not the statement's, so they count as failed, except that when both
    halves were proved the second half's winning attempt carries the joined proof (ok when the kernel accepts it)."""
    attempts = [_in_context(split, a, ()) for a in mp.attempts]
    attempts += [_in_context(split, a, (mp.proof,) if mp.solved else ()) for a in mpr.attempts]
    if mp.solved and mpr.solved:
        proof = join(split, mp.proof, mpr.proof)
        check = check_proof(split.theorem, proof)
        i = len(mp.attempts) + next(k for k, a in enumerate(mpr.attempts) if a.ok)
        attempts[i] = replace(attempts[i], ok=check.ok, proof=proof, lines=len(proof.splitlines()),
                              trace=_trace(split.theorem, proof),
                              error=None if check.ok else (check.error or KernelError(0, 0, "other", "the join failed")))
    return SampleResult(split.theorem, attempts)


def _trace(thm: Theorem, proof: str) -> list[str]:
    """The rendered proof state after each line (what `prove -v` shows beside a sampled proof's lines)."""
    state, out = start(thm), []
    for line in proof.splitlines():
        state = state.step(line)
        if isinstance(state, StepError):
            break
        out.append(state.render())
    return out


def sample_split(thm: Theorem, engine, cfg: SamplerConfig, prove_half) -> SampleResult | None:
    """`prove_half(theorem, engine, cfg, verbose=…)` on each direction of `thm`'s `↔` with half the attempts
    each (the second not tried when the first fails), joined; None when `thm` does not end in `↔` or K < 2."""
    split = split_iff(thm)
    if split is None or cfg.samples < 2:
        return None
    cfg_mp, cfg_mpr = half_samples(cfg)
    mp = prove_half(split.halves[0], engine, cfg_mp)
    mpr = prove_half(split.halves[1], engine, cfg_mpr) if mp.solved else SampleResult(split.halves[1], [])
    return joined_result(split, mp, mpr)


def sample_statement(thm: Theorem, engine, cfg: SamplerConfig, *, names: str = "model", split: bool = True,
                     sampler=None, verbose: bool = False) -> SampleResult:
    """`gentzen prove`'s search on one statement: in the model's names (names="model", search/names.py) or as
    written, a `↔` conclusion one direction at a time unless `split` is off. `sampler`: guided.sample's
    signature (default guided.sample; search/progress.py's reports progress)."""
    from gentzen.search.guided import sample
    from gentzen.search.names import sample_in_model_names

    sampler = sampler or sample

    def prove(t: Theorem, eng, c: SamplerConfig) -> SampleResult:
        if names == "model":
            return sample_in_model_names(t, eng, c, verbose=verbose, sampler=sampler)
        return sampler(t, eng, c, verbose=verbose)

    return (sample_split(thm, engine, cfg, prove) if split else None) or prove(thm, engine, cfg)
