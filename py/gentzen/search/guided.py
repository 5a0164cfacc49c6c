"""Guided sampling: whole proofs written line by line, each line checked by the kernel as it is written.

A rejected line is redrawn (at most `redraws_per_line` times per line, `redraws_per_proof` per
proof); plain sampling is the special case with no redraws, where the first bad line ends the
attempt. K attempts run in lockstep so each round is one batched engine call (search/batch.py
puts many theorems' rounds in one call). Every attempt reports its compute: tokens sampled
(rejected ones too), model calls, kernel checks, seconds.
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field

from gentzen.core.kernel import KernelError, ProofState, StepError, check_proof, start
from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.search.refuse import MAX_FORMULA_SIZE, goal_key, largest_formula, loop_key, refusal


@dataclass
class SamplerConfig:
    """How proofs are sampled (field docs are the CLI's --help)."""

    samples: int = field(default=8, metadata={"help": "Proof attempts (K)."})
    guided: bool = field(default=True, metadata={"help": "Check each line as it is written and redraw failures."})
    redraws_per_line: int = field(default=4, metadata={"help": "Redraws of one rejected line (R)."})
    redraws_per_proof: int = field(default=16, metadata={"help": "Redraws in one attempt, all lines (B)."})
    ban_repeats: bool = field(default=True, metadata={"help": "A redraw equal to a rejected line is rejected unchecked."})
    max_lines: int = field(default=40, metadata={"help": "Lines per attempt before giving up."})
    max_tokens_per_line: int = field(default=96, metadata={"help": "Token limit of one line."})
    temperature: float = field(default=1.0, metadata={"help": "Sampling temperature (0 = greedy)."})
    format: str = field(default="whole", metadata={"help": "Prompt format: whole | state | state+proof."})
    auto_names: bool = field(default=False, metadata={"help": "The environment names unnamed steps n1, n2, … (always on in the state formats)"})
    stop_at_first: bool = field(default=True, metadata={"help": "Stop all attempts once one proof is found."})
    seed: int = field(default=0, metadata={"help": "Sampling seed."})
    budget_tokens: int = field(default=0, metadata={"help": "Stop every attempt once all together sampled this many tokens (0: no limit)."})
    prune_loops: bool = field(default=True, metadata={"help": "Guided: redraw a line that returns its attempt to a proof state "
                                                      "it was already in (goals and hypotheses up to names), or opens "
                                                      "a `have` box no easier than one it is inside."})
    atom_window: bool = field(default=True, metadata={"help": "State format: show a goal over more than four atoms "
                                                      "through a window of the four nearest it (search/atom_window.py)."})
    show_not: bool = field(default=True, metadata={"help": "State format: show `a → False` as `¬a`, its definition, "
                                                   "as the training data writes it (search/atom_window.py)."})


@dataclass
class Attempt:
    """One sampled proof attempt and what it cost."""

    ok: bool = False
    proof: str = ""
    lines: int = 0
    error: KernelError | None = None
    tokens: int = 0
    model_calls: int = 0
    kernel_checks: int = 0
    redraws: int = 0
    sample_seconds: float = 0.0
    check_seconds: float = 0.0
    trace: list[str] = field(default_factory=list)  # rendered states after each accepted line
    expansions: int = 0  # proof states expanded (the step-level searches; 0 for line samplers)
    other_seconds: float = 0.0  # wall-clock outside the engine and the checker (search bookkeeping)
    # every line the model wrote, in order: {"line", "ok", "kind" (error kind or None), "redraw"}
    events: list[dict] = field(default_factory=list)
    checker: str = "kernel"  # who judged the lines (repl/verify.py CHECKERS): the kernel, or a search env's REPL

    def to_dict(self) -> dict:
        return {"ok": self.ok, "proof": self.proof, "lines": self.lines,
                "error": self.error.to_dict() if self.error else None, "tokens": self.tokens,
                "model_calls": self.model_calls, "kernel_checks": self.kernel_checks, "redraws": self.redraws,
                "sample_seconds": round(self.sample_seconds, 6), "check_seconds": round(self.check_seconds, 6),
                "expansions": self.expansions, "other_seconds": round(self.other_seconds, 6), "events": self.events,
                "checker": self.checker}


@dataclass
class SampleResult:
    theorem: Theorem
    attempts: list[Attempt]

    @property
    def proof(self) -> str | None:
        return next((a.proof for a in self.attempts if a.ok), None)

    @property
    def solved(self) -> bool:
        return any(a.ok for a in self.attempts)

    def closest(self) -> Attempt | None:
        """The failed attempt that got furthest (most accepted lines)."""
        failed = [a for a in self.attempts if not a.ok]
        return max(failed, key=lambda a: a.lines, default=None)

    def totals(self) -> dict:
        keys = ("tokens", "model_calls", "kernel_checks", "redraws", "expansions",
                "sample_seconds", "check_seconds", "other_seconds")
        out = {k: sum(getattr(a, k) for a in self.attempts) for k in keys}
        out["attempts"] = len(self.attempts)
        for k in ("sample_seconds", "check_seconds", "other_seconds"):
            out[k] = round(out[k], 6)
        return out


class _Run:
    """The live state of one attempt."""

    def __init__(self, state: ProofState) -> None:
        self.state = state
        self.so_far = ""
        self.line_redraws = 0
        self.rejected: dict[str, KernelError | None] = {}  # rejected line -> its own error
        self.attempt = Attempt()
        self.done = False
        self.path = {loop_key(state)}  # the states this attempt has been in (prune_loops)
        first = state.frames[0].goals
        self.root = goal_key(first[0].ctx, first[0].target) if first else None  # the theorem's goal (prune_loops)
        self.size_cap = max(MAX_FORMULA_SIZE, 4 * largest_formula(state))  # past it a line is refused
        self.back: dict[str, str] = {}  # the atom window of the last prompt: model letter -> atom


def row_seed(seed: int, statement: str, attempt: int, call: int) -> int:
    """The engine seed of one line draw: a function of the sampling seed, the theorem, the attempt
    and how many lines that attempt has drawn, never of what else shares the engine call."""
    key = f"{seed}:{statement}:{attempt}:{call}".encode()
    return int.from_bytes(hashlib.blake2b(key, digest_size=8).digest(), "big") >> 1


class ItemSampler:
    """One theorem's K attempts in lockstep, stepped from outside: `requests()` gives each live
    attempt's prompt and seed, `take()` the engine's answers. `sample` drives one; the scheduler
    in search/batch.py drives many at once, so one engine call holds rows of many theorems."""

    def __init__(self, theorem: Theorem | str, cfg: SamplerConfig | None = None, verbose: bool = False) -> None:
        from gentzen.models.formats import names_by_env, needs_state

        self.cfg = cfg = cfg or SamplerConfig()
        self.theorem = theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)
        self.statement, self.verbose = self.theorem.statement(), verbose
        self.with_state = needs_state(cfg.format)
        auto_names = cfg.auto_names or names_by_env(cfg.format)  # the state formats: the environment names steps
        self.runs = [_Run(start(self.theorem, auto_names=auto_names)) for _ in range(cfg.samples)]
        self._live: list[int] = []

    @property
    def done(self) -> bool:
        return all(r.done for r in self.runs)

    def live(self) -> int:
        return sum(not r.done for r in self.runs)

    def request(self, i: int) -> tuple[str, int | None]:
        """(prompt, seed) of attempt i's next line: a function of the theorem, the attempt and how
        many lines it has drawn alone, so attempts may be drawn in any order or grouping."""
        from gentzen.models.formats import build_prompt, goals_block, shown_state

        cfg, r = self.cfg, self.runs[i]
        r.back = {}
        shown = self._shown(r) if cfg.format == "state" and (cfg.atom_window or cfg.show_not) else None
        if shown is not None:
            prompt, r.back = goals_block(shown[0]), shown[1]
        else:
            prompt = build_prompt(cfg.format, self.statement, r.so_far,
                                  shown_state(r.state) if self.with_state else None)
        return prompt, None if cfg.seed is None else row_seed(cfg.seed, self.statement, i, r.attempt.model_calls)

    def _shown(self, r: _Run) -> tuple[str, dict[str, str]] | None:
        """The main goal as the model is shown it (`¬a` for `a → False`, through the atom window), with the map of
        the window's names back to the goal's; None when it is shown as the kernel prints it (search/atom_window.py)."""
        from gentzen.search.atom_window import as_trained, window

        goals = r.state.settle().open_goals
        if not goals:
            return None
        goal = as_trained(goals[0]) if self.cfg.show_not else goals[0]
        shown = window(goal) if self.cfg.atom_window else None
        if shown is None and goal is not goals[0]:
            return goal.render(), {}
        return shown

    def take_one(self, i: int, c, share: float) -> bool:
        """Attempt i's completion (`share`: its engine seconds); whether the attempt is done. Only for
        attempts that do not wait on each other (no stop at the first proof, no token budget)."""
        from gentzen.models.formats import completion_to_line

        r = self.runs[i]
        a = r.attempt
        a.tokens += c.tokens
        a.model_calls += 1
        a.sample_seconds += share
        line = completion_to_line(self.cfg.format, c.text)
        if r.back:  # drawn in the window's letters: the kernel checks it in the goal's own atoms
            from gentzen.core.text.words import rename_identifiers

            line = rename_identifiers(line, r.back)
        _advance(r, line, c.finish_reason, self.cfg, self.verbose)
        return r.done

    @property
    def independent(self) -> bool:
        """Whether the attempts may run at their own pace (nothing stops them all at once)."""
        return not self.cfg.stop_at_first and not self.cfg.budget_tokens and self.cfg.seed is not None

    def requests(self) -> list[tuple[str, int | None]]:
        """(prompt, seed) of every live attempt, for one engine call this round."""
        self._live = [i for i, r in enumerate(self.runs) if not r.done]
        return [self.request(i) for i in self._live]

    def take(self, completions: list, share: float) -> None:
        """The completions of this round's requests, in order; `share` is each one's engine seconds."""
        cfg, runs = self.cfg, self.runs
        for i, c in zip(self._live, completions):
            self.take_one(i, c, share)
        if cfg.stop_at_first and any(r.attempt.ok for r in runs):
            for r in runs:
                r.done = True
        if cfg.budget_tokens and sum(r.attempt.tokens for r in runs) >= cfg.budget_tokens:
            for r in runs:
                if not r.done:  # cut by the budget: a failed attempt whose error says why
                    r.attempt.error = KernelError(r.state.line_no, 0, "budget",
                                                  f"token budget {cfg.budget_tokens} spent")
                    r.attempt.proof = r.so_far.rstrip("\n")
                r.done = True

    def result(self) -> SampleResult:
        return SampleResult(self.theorem, [r.attempt for r in self.runs])


def engine_kwargs(cfg: SamplerConfig) -> dict:
    """What every line draw asks the engine (one call may hold rows of any items that agree on it)."""
    from gentzen.models.formats import STOP

    return {"max_tokens": cfg.max_tokens_per_line, "temperature": cfg.temperature, "stop": STOP}


def draw(engine, requests: list[tuple[str, int | None]], kwargs: dict) -> tuple[list, float]:
    """One engine call for `requests` ((prompt, seed) each, every row seeded on its own): the
    completions and each row's share of the call's seconds."""
    from gentzen.engines.base import generate_seeded

    t0 = time.perf_counter()
    prompts = [p for p, _ in requests]
    if any(s is None for _, s in requests):  # no seed: the engine's own randomness
        outs = engine.generate(prompts, 1, **kwargs)
    else:
        outs = generate_seeded(engine, prompts, [s for _, s in requests], **kwargs)
    return [c for (c,) in outs], (time.perf_counter() - t0) / max(len(requests), 1)


def sample(theorem: Theorem | str, engine, cfg: SamplerConfig | None = None, *, verbose: bool = False) -> SampleResult:
    """Sample up to cfg.samples proofs of `theorem` with `engine`; successes are kernel-verified.
    Attempt i's lines are drawn with seeds of (cfg.seed, theorem, i, line draw) alone, so the
    result is the same as when search/batch.py samples this theorem beside others."""
    item = ItemSampler(theorem, cfg, verbose)
    kwargs = engine_kwargs(item.cfg)
    while not item.done:
        item.take(*draw(engine, item.requests(), kwargs))
    return item.result()


def _advance(r: _Run, line: str, finish: str, cfg: SamplerConfig, verbose: bool) -> None:
    a = r.attempt
    a.events.append({"line": line, "ok": False, "kind": None, "redraw": r.line_redraws > 0})
    if not line.strip():
        # the model ended the proof (EOS or an empty line): it is done only if nothing is left
        t0 = time.perf_counter()
        err = r.state.finish()
        a.kernel_checks += 1
        a.check_seconds += time.perf_counter() - t0
        if err is None:  # pragma: no cover - solved states stop before asking the model
            _succeed(r)
            return
        _reject(r, line, err, cfg)
        return
    if cfg.ban_repeats and line in r.rejected:
        _reject(r, line, r.rejected[line], cfg, checked=False)  # that line's error, not the last draw's
        return
    t0 = time.perf_counter()
    nxt = r.state.step(line)
    a.kernel_checks += 1
    a.check_seconds += time.perf_counter() - t0
    if isinstance(nxt, StepError):
        _reject(r, line, nxt.error, cfg)
        return
    # lines the attempt does not expand although the kernel accepts them (search/refuse.py); loops only when
    # guided: plain sampling keeps a redundant line, as Lean does
    if not nxt.solved:
        refused = refusal(nxt, r.path, r.root, r.size_cap, cfg.prune_loops and cfg.guided)
        if refused is not None:
            _reject(r, line, KernelError(nxt.line_no - 1, 0, *refused), cfg)
            return
    a.events[-1]["ok"] = True
    r.state = nxt
    r.so_far = nxt.proof_text() + "\n"
    r.line_redraws = 0
    r.rejected.clear()
    a.lines += 1
    if verbose:
        a.trace.append(nxt.render())
    if nxt.solved:
        _succeed(r)
    elif a.lines >= cfg.max_lines:
        a.error = KernelError(nxt.line_no, 0, "unsolved_goals", f"gave up after {cfg.max_lines} lines")
        r.done = True


def _reject(r: _Run, line: str, err: KernelError | None, cfg: SamplerConfig, checked: bool = True) -> None:
    a = r.attempt
    a.error = err
    if a.events:
        a.events[-1]["kind"] = err.kind if err else None
    r.rejected[line] = err
    if not cfg.guided or r.line_redraws >= cfg.redraws_per_line or a.redraws >= cfg.redraws_per_proof:
        a.proof = (r.so_far + line).rstrip("\n")
        r.done = True
        return
    r.line_redraws += 1
    a.redraws += 1


def _succeed(r: _Run) -> None:
    a = r.attempt
    proof = r.state.proof_text()
    t0 = time.perf_counter()
    res = check_proof(r.state.theorem, proof)  # the whole text once more, as any verifier would see it
    a.kernel_checks += 1
    a.check_seconds += time.perf_counter() - t0
    a.ok, a.proof, a.error = res.ok, proof, res.error
    r.done = True
