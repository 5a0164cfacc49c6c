"""Prompt formats: what a model sees before writing one proof line, and the training pairs for each.

`whole` (theorem + proof so far -> next line), `state` (current goals -> one step) and
`state+proof` (theorem + proof so far + current goals -> next line). Every completion is one
line ended by "\n" (the engines' stop string); in `whole` the model ends a proof with EOS.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from gentzen.errors import InputError

FORMATS = ("whole", "state", "state+proof")
STOP = ["\n"]  # every format's completions are single lines


@dataclass(frozen=True)
class Segment:
    """A piece of a training sequence; `train` says whether the loss covers its tokens."""

    text: str
    train: bool


@dataclass(frozen=True)
class Example:
    """One training sequence: BOS, then the segments in order, then EOS if `eos`."""

    segments: tuple[Segment, ...]
    eos: bool


def check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}")
    return fmt


def needs_state(fmt: str) -> bool:
    """Whether prompts of this format need the kernel's rendered proof state."""
    return check_format(fmt) != "whole"


def goals_block(state_text: str) -> str:
    # A Lean block comment: a `state+proof` prompt stays a valid Lean file prefix.
    return f"/-\n{state_text.rstrip(chr(10))}\n-/\n"


_NAME = re.compile(r"^(theorem|example)\s+(?!\()\S+")


def header(statement: str) -> str:
    """The theorem statement as the first line of a prompt, always ending in ':= by\\n'.

    The theorem's name is replaced by `t`: names carry no logic, and a model trained on
    generated names (`uniform_s1_000123`) should not behave differently on `tb_modus_ponens`.
    """
    s = _NAME.sub("theorem t", statement.strip(), count=1)
    if not s.endswith(":= by"):
        s += " := by"
    return s + "\n"


def build_prompt(fmt: str, statement: str, proof_so_far: str = "", state_text: str | None = None) -> str:
    """The prompt for the next line.

    `proof_so_far` is the indented tactic block written so far (lines ending in "\\n");
    `state_text` is `ProofState.render()` of the state after it (needed by the state formats).
    """
    check_format(fmt)
    if proof_so_far and not proof_so_far.endswith("\n"):
        proof_so_far += "\n"
    if fmt == "whole":
        return header(statement) + proof_so_far
    if state_text is None:
        raise ValueError(f"format {fmt!r} needs the proof state (state_text)")
    if fmt == "state":
        return goals_block(state_text)
    return header(statement) + proof_so_far + goals_block(state_text)


def completion_to_line(fmt: str, text: str) -> str:
    """A completion as a proof line: `state` steps are unindented (the kernel puts them in the
    innermost open block); the others carry their indentation. The stop "\\n" is removed."""
    check_format(fmt)
    text = text.split("\n", 1)[0].rstrip()
    return text.strip() if fmt == "state" else text


def target(fmt: str, line: str) -> str:
    """The training completion for a reference proof line."""
    return (line.strip() if check_format(fmt) == "state" else line.rstrip()) + "\n"


def proof_lines(proof: str) -> list[str]:
    return [ln.rstrip() for ln in proof.splitlines() if ln.strip()]


def _start(theorem: str):
    from gentzen.core.kernel import start  # the kernel is stdlib-only; imported on use

    return start(theorem)


def examples(record: dict, fmt: str, start: Callable | None = None) -> list[Example]:
    """Training sequences for one reference-proof record.

    `whole` gives one sequence per proof (a causal model trained on it has seen every
    (prefix -> next line) pair at once, and EOS after the last line). The state formats give
    one sequence per line; they replay the proof in the kernel (`start(theorem).step(line)`).
    """
    check_format(fmt)
    statement, lines = record["theorem"], proof_lines(record["proof"])
    if not lines:
        raise InputError(f"record {record.get('name', '?')!r} has an empty proof")
    if fmt == "whole":
        segs = [Segment(header(statement), False)] + [Segment(target(fmt, ln), True) for ln in lines]
        return [Example(tuple(segs), eos=True)]

    state = (start or _start)(statement)
    out, so_far = [], ""
    for ln in lines:
        prompt = build_prompt(fmt, statement, so_far, state.render())
        out.append(Example((Segment(prompt, False), Segment(target(fmt, ln), True)), eos=False))
        nxt = state.step(ln)
        if not hasattr(nxt, "render"):  # a StepError: the reference proof does not replay
            err = getattr(nxt, "error", nxt)
            raise InputError(f"record {record.get('name', '?')!r}: step {ln.strip()!r} fails: {err}")
        state, so_far = nxt, so_far + ln + "\n"
    return out


def read_records(path: str | Path, split: str | None = None) -> list[dict]:
    """Reference-proof records from a JSONL file, optionally only those of one split."""
    from gentzen.io import read_text  # InputError for a folder, binary or non-UTF-8 file

    path = Path(path)
    rows = read_text(path).splitlines()
    records = []
    for i, row in enumerate(rows, 1):
        if not row.strip():
            continue
        try:
            rec = json.loads(row)
        except json.JSONDecodeError as exc:
            raise InputError(exc.msg, line=i, column=exc.colno - 1, source=str(path)) from exc
        if not isinstance(rec, dict) or "theorem" not in rec or "proof" not in rec:
            raise InputError("a record needs 'theorem' and 'proof'", line=i, source=str(path))
        if split is None or rec.get("split", split) == split:
            records.append(rec)
    return records


def corpus(records: Iterable[dict], fmt: str, start: Callable | None = None) -> Iterator[str]:
    """Texts to train a tokenizer on: the full training sequences of `fmt`."""
    for rec in records:
        for ex in examples(rec, fmt, start):
            yield "".join(s.text for s in ex.segments)
