"""The prove mode's model, free of any UI: a proof being written step by step with undo/redo,
live parse checks, model suggestions (each already kernel-checked) and a search from the current
state. Everything here is plain Python over the kernel, so tests drive it without a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gentzen.core.proof.goals import display_names
from gentzen.core.kernel import KernelError, ProofState, StepError, check_proof, start
from gentzen.core.parsing.syntax import SyntaxErr, find_forbidden, parse_line
from gentzen.core.proof.theorem import Theorem
from gentzen.core.text.words import rename_identifiers
from gentzen.errors import GentzenError, ParseError


@dataclass(frozen=True)
class Step:
    """One entered line and the kernel's verdict; `state` is the state after it (before it if rejected)."""

    text: str
    state: ProofState
    error: KernelError | None = None
    lean: str | None = None  # "ok" | "error: …" once the Lean bridge has answered, None before

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def span_error(self) -> KernelError | None:
        """The error when it points into this line (an unsolved box may point at its opener instead)."""
        e = self.error
        return e if e is not None and e.line == self.state.line_no else None


@dataclass(frozen=True)
class Suggestion:
    """A model's candidate next line, already checked against the current state."""

    line: str
    logprob: float
    count: int  # how many of the samples wrote this line
    error: KernelError | None
    solves: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None


class Cancelled(Exception):
    """Raised inside a worker when the user cancels a search."""


def live_check(state: ProofState, text: str) -> KernelError | None:
    """A parse-only check of a line being typed (no tactic is run): forbidden words and syntax."""
    content = text.lstrip(" ")
    if not content.strip():
        return None
    col = len(text) - len(content)
    bad = find_forbidden(text)
    if bad is not None:
        pos, word = bad
        return KernelError(state.line_no, pos, "forbidden", f"`{word}` is not allowed in a proof",
                           state.line_no, pos + len(word))
    code = content.split("--", 1)[0].rstrip()
    if not code:
        return None
    try:
        parse_line(code, col)
    except SyntaxErr as e:
        return KernelError(state.line_no, e.col, e.kind, e.message, state.line_no,
                           e.end if e.end is not None else e.col)
    return None


def placement_column(state: ProofState) -> int:
    """The column an unindented line goes to: the innermost block that still has goals."""
    from gentzen.core.kernel import _parent_col  # the kernel's own rule, not a copy of it

    frames = state.settle().frames
    col = frames[-1].column
    return col if col is not None else _parent_col(frames) + 2


class ProofSession:
    """A theorem, the accepted lines so far (each with its state), the rejected attempts, undo/redo."""

    def __init__(self, theorem: Theorem) -> None:
        self.theorem = theorem
        self.initial = start(theorem)
        self.accepted: list[Step] = []
        self.log: list[Step] = []  # every entered line in order, rejected ones included
        self._redo: list[Step] = []

    @property
    def state(self) -> ProofState:
        return self.accepted[-1].state if self.accepted else self.initial

    @property
    def solved(self) -> bool:
        return self.state.solved

    def enter(self, text: str) -> Step:
        """Run one line; an accepted line clears the redo stack, a rejected one leaves the proof as it was."""
        text = text.rstrip()
        if "\n" in text or not text.strip():
            err = KernelError(self.state.line_no, 0, "parse", "enter one non-empty line")
            step = Step(text, self.state, err)
        else:
            nxt = self.state.step(text)
            if isinstance(nxt, StepError):
                # shown as the kernel placed it, so the error's columns point into the shown text
                shown = text if text.startswith(" ") else " " * placement_column(self.state) + text
                step = Step(shown, self.state, nxt.error)
            else:
                last = nxt.proof_text().rsplit("\n", 1)[-1]  # as the kernel placed it (indented)
                step = Step(last, nxt)
                self.accepted.append(step)
                self._redo.clear()
        self.log.append(step)
        return step

    def undo(self) -> Step | None:
        if not self.accepted:
            return None
        step = self.accepted.pop()
        self._redo.append(step)
        return step

    def redo(self) -> Step | None:
        if not self._redo:
            return None
        step = self._redo.pop()
        self.accepted.append(step)
        return step

    def set_lean(self, index: int, verdict: str) -> None:
        if 0 <= index < len(self.accepted):
            s = self.accepted[index]
            self.accepted[index] = Step(s.text, s.state, s.error, verdict)

    def proof_text(self) -> str:
        return self.state.proof_text()

    def lean_text(self) -> str:
        return self.theorem.statement() + "\n" + self.proof_text() + "\n"

    def save(self, directory: str | Path = ".") -> Path:
        """Write the finished proof as NAME.lean (atomically); only a kernel-verified proof is written.
        Never over another file: when NAME.lean holds something else (an earlier session's `goal`),
        the proof goes to the first free NAME_2.lean, NAME_3.lean…, its theorem renamed to match, so
        the files also coexist in one Lean library. Saving the same proof again returns its file."""
        import dataclasses

        if not self.solved:
            raise GentzenError("the proof is not finished: goals remain")
        res = check_proof(self.theorem, self.proof_text())
        if not res.ok:  # pragma: no cover - a solved state always checks; kept as the last word
            raise GentzenError(f"the kernel rejects the proof: {res.error.message}")
        d = Path(directory)
        if not d.is_dir():
            raise GentzenError(f"{d} is not a directory")
        from gentzen.io import atomic_write_text  # temp + rename, ordinary permissions (not 0600)

        for n in range(1, 10_000):
            name = self.theorem.name if n == 1 else f"{self.theorem.name}_{n}"
            text = dataclasses.replace(self.theorem, name=name).statement() + "\n" + self.proof_text() + "\n"
            path = d / f"{name}.lean"
            try:
                if path.read_text(encoding="utf-8") == text:
                    return path  # saved before: nothing to write
                continue  # someone else's file: never overwritten
            except FileNotFoundError:
                return atomic_write_text(path, text)
            except (OSError, UnicodeDecodeError):
                continue
        raise GentzenError(f"{d}: no free file name for {self.theorem.name}")


def suggest(session: ProofSession, engine, fmt: str, *, n: int = 16, temperature: float = 1.0,
            max_tokens: int = 96, seed: int | None = 0, top: int = 8) -> list[Suggestion]:
    """Ask the engine for `n` next lines from the current state; distinct lines, each checked,
    ranked by their best log-probability (accepted ones first)."""
    from gentzen.models.formats import STOP, build_prompt, completion_to_line, needs_state, shown_state
    from gentzen.search.names import in_user_names, texts_in_model_names

    state = session.state
    so_far = state.proof_text()
    shown = shown_state(state) if needs_state(fmt) else ""
    # asked in the names the model was trained on (premises h1…hn, atoms P Q R, hypotheses the proof
    # introduced n1, n2, … in order), answered in the user's (search/names.py); every line is then checked
    # against the user's own state below
    forward = introduced_in_model_names(session.theorem, state)
    so_far, shown = rename_identifiers(so_far, forward), rename_identifiers(shown, forward)
    back = {model: user for user, model in forward.items()}
    plan = texts_in_model_names(session.theorem, so_far, shown)
    statement = session.theorem.statement()
    if plan is not None:
        thm, (so_far, shown), premises_back = plan
        statement, back = thm.statement(), {**back, **premises_back}
    prompt = build_prompt(fmt, statement, so_far + "\n" if so_far else "", shown if needs_state(fmt) else None)
    (outs,) = engine.generate([prompt], n, max_tokens=max_tokens, temperature=temperature, stop=STOP, seed=seed)
    best: dict[str, tuple[float, int]] = {}
    for c in outs:
        line = completion_to_line(fmt, c.text)
        if back:
            line = in_user_names(line, back)
        if not line.strip():
            continue
        lp, k = best.get(line, (float("-inf"), 0))
        best[line] = (max(lp, c.logprob), k + 1)
    out = []
    for line, (lp, k) in best.items():
        nxt = state.step(line)
        if isinstance(nxt, StepError):
            out.append(Suggestion(line, lp, k, nxt.error))
        else:
            out.append(Suggestion(line, lp, k, None, nxt.solved))
    out.sort(key=lambda s: (not s.ok, -s.logprob))
    return out[:top]


def introduced_in_model_names(theorem: Theorem, state: ProofState) -> dict[str, str]:
    """The hypotheses the proof so far introduced into the current goal (`intro hr`), renamed as the
    model's training proofs name them: n1, n2, … in the order introduced (user name -> model name).
    Empty when they already are, or when a statement's own name is an n-name (no clean renaming)."""
    import re

    goals = state.open_goals
    if not goals:
        return {}
    own = set(theorem.atoms) | {h for h, _ in theorem.hyps}
    names = [h for h, _, hidden in goals[0].ctx if not hidden and h not in own]
    names = list(dict.fromkeys(names))  # a shadowed name counts once
    if any(re.fullmatch(r"n\d+", x) for x in own):
        return {}
    forward = {user: f"n{k}" for k, user in enumerate(names, 1)}
    return {} if all(user == model for user, model in forward.items()) else forward


def goal_theorem(state: ProofState, name: str = "here") -> Theorem:
    """The main goal of `state` as a theorem of its own (atoms and hypotheses become binders), so a
    whole-proof search can start from here. Hypotheses Lean shows as inaccessible cannot be binders."""
    from gentzen.core.elaboration.elab import PROP

    goals = state.open_goals
    if not goals:
        raise GentzenError("no goals: the proof is finished")
    g = goals[0]
    atoms, hyps, seen = [], [], set()
    for hname, ty, inaccessible in reversed(g.ctx):  # the latest of shadowed names is the visible one
        if inaccessible or hname in seen:
            continue
        seen.add(hname)
        (atoms if ty is PROP else hyps).append((hname, ty))
    kept = {a for a, _ in atoms}
    lost = sorted(set().union(g.target.atoms(), *(f.atoms() for _, f in hyps)) - kept)
    if lost:  # a formula mentions a shadowed atom, which no binder of a new statement can name
        shown = dict(zip((h[0] for h in g.ctx), display_names(g.ctx)))
        raise GentzenError(f"cannot search from here: the goal mentions the shadowed `{shown.get(lost[0], lost[0])}`, "
                           "which a statement cannot bind")
    try:
        return Theorem(name, tuple(a for a, _ in reversed(atoms)), tuple(reversed(hyps)), g.target)
    except ParseError as e:
        raise GentzenError(f"cannot search from here: {e.message}") from None


def search(session: ProofSession, engine, fmt: str, *, samples: int = 8, temperature: float = 1.0,
           seed: int = 0, method: str = "guided", step_runs: int = 32,
           step_tokens: int = 4000) -> tuple[list[str] | None, dict]:
    """Search a proof of the current main goal; returns the lines to enter (re-indented to the
    current block by the kernel, see `ProofSession.enter`) or None, and the compute totals.
    guided: up to `samples` proofs; a step-level method: runs within `step_runs` and `step_tokens`."""
    thm = goal_theorem(session.state)
    try:
        from gentzen.search.methods import run_method  # the registry of search methods
    except ImportError:
        run_method = None
    if method != "guided":
        if run_method is None:
            raise GentzenError(f"search method {method!r} needs gentzen.search.methods")
        # Independent runs until one finds a proof, within `step_runs` runs and `step_tokens` tokens:
        # one run ends when its queue runs dry, which for a small model is often after a handful of
        # expansions (one run alone was 1 attempt, 25 tokens, 0.2 s). 8 lines per popped state (the
        # method's default is 4) keeps the queue from drying up at the root.
        overrides = {"per_pop": 8} if method == "bestfirst" else {}
        totals: dict = {}
        for i in range(step_runs):
            left = step_tokens - totals.get("tokens", 0)
            if left <= 0:
                break
            res = run_method(method, thm, engine, samples=1, temperature=temperature, seed=seed + i, fmt=fmt,
                             budget_tokens=left, **overrides)
            for k, v in res.totals().items():
                totals[k] = totals.get(k, 0) + v
            if res.proof is not None:
                return rebase(res.proof), totals
        return None, totals
    else:  # the guided sampler directly: it stops at the first proof, which an interactive search wants
        from gentzen.search.guided import SamplerConfig
        # as `prove` searches: asked in h1…hn and P Q R, answered in the user's names; a `↔` one direction at a time
        from gentzen.search.split import sample_statement

        res = sample_statement(thm, engine, SamplerConfig(samples=samples, temperature=temperature, seed=seed,
                                                          format=fmt))
    totals = res.totals() if hasattr(res, "totals") else {}
    proof = res.proof
    if proof is None:
        return None, totals
    return rebase(proof), totals


def rebase(proof: str) -> list[str]:
    """A proof of a goal theorem (block at column 2) as lines relative to column 0: the first is
    sent unindented and the kernel places it; `ProofSession.enter_block` shifts the rest to match."""
    lines = [ln for ln in proof.split("\n") if ln.strip()]
    base = min(len(ln) - len(ln.lstrip(" ")) for ln in lines)
    return [ln[base:] for ln in lines]


def enter_block(session: ProofSession, lines: list[str]) -> list[Step]:
    """Enter lines relative to column 0: the first unindented (the kernel picks its block's column),
    the rest shifted by that column, so nested blocks keep their shape."""
    steps: list[Step] = []
    shift = None
    for ln in lines:
        text = ln if shift is None else " " * shift + ln
        step = session.enter(text)
        steps.append(step)
        if not step.ok:
            break
        if shift is None:
            shift = len(step.text) - len(step.text.lstrip(" "))
    return steps


class CancellableEngine:
    """Wraps an engine so a cancelled search stops at its next model call (thread workers cannot be killed)."""

    def __init__(self, engine, cancelled) -> None:
        self.engine, self.cancelled = engine, cancelled
        self.stats = engine.stats

    def generate(self, prompts, n=1, **kw):
        if self.cancelled():
            raise Cancelled()
        return self.engine.generate(prompts, n, **kw)

    def count_tokens(self, text: str) -> int:
        return self.engine.count_tokens(text)

    def close(self) -> None:  # the app owns the engine
        pass


__all__ = ["Cancelled", "CancellableEngine", "ProofSession", "Step", "Suggestion", "enter_block", "goal_theorem",
           "live_check", "rebase", "search", "suggest"]
