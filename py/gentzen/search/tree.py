"""What every search over proof states shares: nodes, drawing candidate lines, the score, success.

A search run is one `Attempt`: `Run.expand(nodes, n)` asks the engine for n next lines at each
node in one batched call, checks each through the environment, records an event per line and
charges the compute account; `Run.succeed` re-checks a solved state's whole text (only verified
proofs count). `run_attempts` runs `samples` independent searches under a shared token budget.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gentzen.core.kernel import KernelError
from gentzen.search.compute import Meter
from gentzen.search.env import KernelEnv, State, theorem_of
from gentzen.search.guided import Attempt, SampleResult

RUN_SEED_STRIDE = 100_003  # run i of a theorem uses seed + i * stride: run 0 keeps the seed itself


@dataclass
class SearchConfig:
    """Knobs every search shares (field docs are the CLI's --help)."""

    samples: int = field(default=1, metadata={"help": "Independent search runs per theorem (attempts)."})
    temperature: float = field(default=1.0, metadata={"help": "Sampling temperature (0 = greedy)."})
    format: str = field(default="whole", metadata={"help": "Prompt format: whole | state | state+proof."})
    seed: int = field(default=0, metadata={"help": "Sampling seed (run i uses seed + i·100003)."})
    budget_tokens: int = field(default=0, metadata={"help": "Stop once all runs together sampled this many tokens (0: no limit)."})
    max_lines: int = field(default=40, metadata={"help": "Deepest proof (lines) a search follows."})
    max_tokens_per_line: int = field(default=96, metadata={"help": "Token limit of one line."})
    alpha: float = field(default=0.5, metadata={"help": "Length normalisation: score exp(logp / len^alpha)."})
    auto_names: bool = field(default=False, metadata={"help": "The environment names unnamed steps n1, n2, …"})


@dataclass
class Node:
    """A proof state in a search tree, with the log-probability of the lines that led to it."""

    state: State
    logprob: float = 0.0  # sum over the path's completions (Completion.logprob)
    tokens: int = 0  # tokens sampled along the path
    rejected: int = 0  # lines drawn here that were rejected (later draws here are redraws)
    score: float = 1.0


@dataclass
class Child:
    """One drawn line at a node: its completion, and the node it reached (None if rejected)."""

    line: str
    node: Node | None
    error: KernelError | None
    completion: object


def length_normalised(logprob: float, tokens: int, alpha: float) -> float:
    """exp(logp / len^alpha): the CAT and BFS-Prover score; 1.0 for the empty path."""
    return 1.0 if tokens <= 0 else math.exp(logprob / tokens ** alpha)


class Run:
    """One search run on one theorem: the attempt it fills and the account it charges."""

    def __init__(self, theorem, engine, cfg: SearchConfig, env, scorer, run_seed: int,
                 token_limit: int | None) -> None:
        from gentzen.models.formats import needs_state

        self.theorem, self.engine, self.cfg, self.env, self.scorer = theorem, engine, cfg, env, scorer
        self.statement = theorem.statement()
        self.with_state = needs_state(cfg.format)
        self.run_seed, self.calls = run_seed, 0
        self.token_limit = token_limit  # tokens this run may still sample (None: no limit)
        self.meter = Meter()
        self.attempt = Attempt(checker=getattr(env, "checker", "kernel"))
        self.best_failed: tuple[int, str] = (-1, "")  # (lines, text) of the furthest rejected path
        self.root = Node(self.meter.check(env.start, theorem, counted=False))

    # ---- budget
    @property
    def out_of_tokens(self) -> bool:
        return self.token_limit is not None and self.meter.compute.tokens >= self.token_limit

    # ---- drawing lines
    def prompt(self, state: State) -> str:
        from gentzen.models.formats import build_prompt

        so_far = state.proof + "\n" if state.proof else ""
        return build_prompt(self.cfg.format, self.statement, so_far, state.goals if self.with_state else None)

    def draw(self, prompts: list[str], n: int):
        """One batched engine call, seeded as guided sampling seeds its draws: prompt p of the run's
        call c by (run seed, theorem, p, c), so run 0's first prompt draws as guided attempt 0."""
        from gentzen.models.formats import STOP
        from gentzen.search.guided import row_seed

        seeds = None if self.cfg.seed is None else \
            [row_seed(self.run_seed, self.statement, p, self.calls) for p in range(len(prompts))]
        self.calls += 1
        return self.meter.generate(self.engine, prompts, n, max_tokens=self.cfg.max_tokens_per_line,
                                   temperature=self.cfg.temperature, stop=STOP, seeds=seeds)

    def expand(self, nodes: list[Node], n: int) -> list[list[Child]]:
        """n candidate lines at each node (one engine call); each checked, recorded and charged."""
        outs = self.draw([self.prompt(nd.state) for nd in nodes], n)
        self.meter.compute.expansions += len(nodes)
        # lines drawn together are not redraws of each other: only a rejection before this call counts
        redraw = [nd.rejected > 0 for nd in nodes]
        return [[self.check(nd, c, again) for c in row] for nd, row, again in zip(nodes, outs, redraw)]

    def check(self, node: Node, completion, redraw: bool = False) -> Child:
        from gentzen.models.formats import completion_to_line

        line = completion_to_line(self.cfg.format, completion.text)
        event = {"line": line, "ok": False, "kind": None, "redraw": redraw}
        self.attempt.events.append(event)
        if not line.strip():  # the model ended the proof with goals left
            err = self.meter.check(self.env.finish, node.state)
            out = Child(line, None, err, completion)
        else:
            res = self.meter.check(self.env.step, node.state, line)
            if res.state is None:
                out = Child(line, None, res.error, completion)
            elif not res.state.solved and res.state.lines >= self.cfg.max_lines:
                # the line holds, but the path is as long as a search follows: a dead end
                event["ok"] = True
                err = KernelError(res.state.line_no, 0, "unsolved_goals", f"gave up after {self.cfg.max_lines} lines")
                self._dead_end(res.state.lines, res.state.proof, err)
                return Child(line, None, err, completion)
            else:
                child = Node(res.state, node.logprob + completion.logprob, node.tokens + completion.tokens)
                child.score = length_normalised(child.logprob, child.tokens, self.cfg.alpha)
                event["ok"] = True
                return Child(line, child, None, completion)
        node.rejected += 1
        event["kind"] = out.error.kind if out.error else None
        text = f"{node.state.proof}\n{line}" if node.state.proof else line
        self._dead_end(node.state.lines, text.rstrip("\n"), out.error)
        return out

    def _dead_end(self, lines: int, text: str, err: KernelError | None) -> None:
        self.attempt.error = err
        if lines >= self.best_failed[0]:  # the furthest failure is what a failed attempt shows
            self.best_failed = (lines, text)

    def fresh(self, rows: list[list[Child]], seen: set) -> list[Node]:
        """The children in `rows` at proof states not in `seen` (now added): a state reached twice
        is kept once, at its first path."""
        out = []
        for row in rows:
            for ch in row:
                if ch.node is not None and ch.node.state.key not in seen:
                    seen.add(ch.node.state.key)
                    out.append(ch.node)
        return out

    def expand_open(self, node: Node, n: int, seen: set) -> list[Node] | None:
        """Expand one node (n lines): its fresh unsolved children, in the order drawn; None once a
        solved child verifies (the run has succeeded)."""
        fresh = self.fresh(self.expand([node], n), seen)
        for nd in fresh:
            if nd.state.solved and self.succeed(nd):
                return None
        return [nd for nd in fresh if not nd.state.solved]

    def rescore(self, nodes: list[Node]) -> None:
        """Replace the default score with the value head's where one is given."""
        if self.scorer is not None and nodes:
            for nd, v in zip(nodes, self.meter.score(self.scorer, self.theorem, [nd.state for nd in nodes])):
                nd.score = float(v)

    # ---- ending
    def succeed(self, node: Node) -> bool:
        """The whole text checked once more (as any verifier would see it); True if it holds."""
        text = self.env.layout(self.theorem, node.state.proof)
        err = self.meter.check(self.env.verify, self.theorem, text)
        a = self.attempt
        a.proof, a.lines = text, node.state.lines
        a.ok, a.error = err is None, err
        return a.ok

    def finish(self) -> Attempt:
        a = self.attempt
        if not a.ok and not a.proof:
            a.lines, a.proof = max(self.best_failed[0], 0), self.best_failed[1]
            if self.out_of_tokens:
                a.error = KernelError(a.lines + 2, 0, "budget", "token budget spent")
            elif a.error is None:
                a.error = KernelError(a.lines + 2, 0, "unsolved_goals", "the search ran out of states")
        self.meter.close().charge(a)
        return a


def run_attempts(theorem, engine, cfg: SearchConfig, search, *, scorer=None, env=None) -> SampleResult:
    """`cfg.samples` independent runs of `search(run) -> None`, each one Attempt. `budget_tokens`
    caps the tokens of all runs together; runs it leaves no tokens for are failed attempts (error
    kind "budget"), so n stays `samples` as for guided sampling, whose attempts it cuts alike."""
    from gentzen.models.formats import names_by_env

    thm = theorem_of(theorem)
    own = env is None
    env = env or KernelEnv(auto_names=cfg.auto_names or names_by_env(cfg.format))
    attempts, spent = [], 0
    try:
        for i in range(cfg.samples):
            limit = None
            if cfg.budget_tokens:
                limit = cfg.budget_tokens - spent
                if limit <= 0:  # a run the budget left no tokens for: a failed attempt that cost nothing
                    attempts.append(Attempt(error=KernelError(2, 0, "budget", "token budget spent")))
                    continue
            run = Run(thm, engine, cfg, env, scorer, cfg.seed + i * RUN_SEED_STRIDE, limit)
            search(run)
            attempts.append(run.finish())
            spent += attempts[-1].tokens
    finally:
        if own:
            env.close()
    return SampleResult(thm, attempts)
