"""What the model sees of a target: its names (the model's, not the user's) and whether it fits.

`prove --names model` samples one theorem in the names the model was trained on (search/names.py:
premises h1…hn, atoms P, Q, R, S); `run_many_in_model_names` does it for the batched runs of `ttrl` and
`train ei`, each proof written back in the user's names and kept only if the kernel accepts it against
the statement as written. `refuse_too_long` refuses, before any sampling, a statement whose first
prompt leaves no room for a line in the model's context (the shipped model: 1,024 tokens).
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.core.proof.theorem import Theorem, parse_theorem
from gentzen.errors import InputError

LINE_ROOM = 96  # tokens one line may take (search.guided.SamplerConfig.max_tokens_per_line)


def renamed_job(theorem: Theorem | str) -> tuple[Theorem, Theorem, dict[str, str] | None]:
    """(the user's theorem, the theorem to sample, the map back or None when nothing is renamed)."""
    from gentzen.search.names import model_names

    thm = theorem if isinstance(theorem, Theorem) else parse_theorem(theorem)
    plan = model_names(thm)
    if plan is None:
        return thm, thm, None
    renamed, back = plan
    return thm, renamed, back


def in_user_names(thm: Theorem, res, back: dict[str, str] | None):
    """`res` (a SampleResult of the renamed theorem) with every attempt's proof in the user's names;
    a success stands only if the kernel accepts the renamed-back proof against `thm` as written."""
    if back is None:
        return res
    from gentzen.search.names import result_in_user_names

    return result_in_user_names(thm, res, back)


def run_many_in_model_names(method: str, jobs, engine, **kwargs):
    """`search.methods.run_many(method, jobs, engine, **kwargs)` with each job's theorem sampled in the
    model's names (jobs are (key, theorem, seed, samples)); yields (key, result in the user's names)."""
    from gentzen.search.methods import run_many

    plans = []  # by job index: a key need not be hashable (ttrl's keys are its pool items)
    renamed_jobs = []
    for i, (key, theorem, seed, k) in enumerate(jobs):
        thm, renamed, back = renamed_job(theorem)
        plans.append((key, thm, back))
        renamed_jobs.append((i, renamed, seed, k))
    for i, res in run_many(method, renamed_jobs, engine, **kwargs):
        key, thm, back = plans[i]
        yield key, in_user_names(thm, res, back)


def short(text: str, width: int = 48) -> str:
    """A statement cut to `width` characters for a one-line message."""
    return text if len(text) <= width else text[:width - 1] + "…"


def context_tokens(model_dir: str | Path) -> int | None:
    """The model's context in tokens from its config.json (None: not recorded)."""
    try:
        cfg = json.loads((Path(model_dir) / "config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    n = cfg.get("max_position_embeddings") or cfg.get("n_positions")
    return int(n) if isinstance(n, int) and n > 0 else None


def prompt_tokens(tokenizer, statement: str, fmt: str) -> int:
    """Tokens of the first prompt of `statement` in format `fmt`, the BOS token included."""
    from gentzen.core.kernel import start
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.models.formats import build_prompt, needs_state, shown_state

    state = shown_state(start(parse_theorem(statement))) if needs_state(fmt) else None
    return len(tokenizer(build_prompt(fmt, statement, "", state), add_special_tokens=False)["input_ids"]) + 1


def too_long(model_dir: str | Path, fmt: str, statements: list[tuple[str, str]]) -> str | None:
    """The one-line refusal for the first (label, statement) whose first prompt leaves less than
    LINE_ROOM tokens of the model's context, or None when every one fits (or the context is unknown)."""
    limit = context_tokens(model_dir)
    if limit is None or not statements:
        return None
    from gentzen.models.tokenizer import load_tokenizer

    tokenizer = load_tokenizer(model_dir)
    for label, statement in statements:
        n = prompt_tokens(tokenizer, statement, fmt)
        if n + LINE_ROOM > limit:
            return (f"{label}: its prompt is {n:,} tokens, and the model's context is {limit:,} "
                    f"({LINE_ROOM} more are needed for a line): it cannot be sampled; shorten it or leave it out")
    return None


def refuse_too_long(model_dir: str | Path, fmt: str, statements: list[tuple[str, str]]) -> None:
    """InputError (one line, exit 2) when a statement does not fit the model's context."""
    problem = too_long(model_dir, fmt, statements)
    if problem is not None:
        raise InputError(problem)


def refuse_past_context(model_dir: str | Path, fmt: str, targets: list[tuple[str, str]]) -> None:
    """`refuse_too_long` for (where, theorem) targets as `ttrl` and `train ei` sample them: in the model's
    names and the model's own format unless `fmt` is given; the message names `where` and the statement."""
    from gentzen.models.checkpoint import read_meta

    fmt = fmt or read_meta(model_dir).get("format", "whole")
    refuse_too_long(model_dir, fmt, [(f"{where} ({short(theorem)})", renamed_job(theorem)[1].statement())
                                     for where, theorem in targets])
