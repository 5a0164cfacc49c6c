"""Prompt formats: what a model sees before writing one proof line, and the training pairs for each.

`whole` (theorem + proof so far -> next line), `state` (the current goal -> one step) and
`state+proof` (theorem + proof so far + the current goal -> next line). Every completion is one
line ended by "\n" (the engines' stop string); in `whole` the model ends a proof with EOS. In the
state formats the environment names what a step introduces (`intro`, `have : φ := …`; auto_names).
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


def names_by_env(fmt: str) -> bool:
    """Whether the environment assigns the names a step introduces (the state formats, as the
    source's state format does): the model writes `intro` / `have : φ := t`, the kernel's
    auto_names fills a fresh `nK` that the next state shows. A written name is still accepted."""
    return needs_state(fmt)


def shown_state(state) -> str:
    """The goals a state prompt is built from: the state after `settle()` (a closed `have … := by`
    box has handed its lemma to the enclosing goal), as Lean's goal view prints it."""
    return state.settle().render()


def current_goal(state_text: str) -> str:
    """The main goal alone (the one the next step acts on), with its hypotheses: goals are printed
    one per blank-line-separated block, the main goal first (the kernel and Lean alike)."""
    return state_text.split("\n\n", 1)[0]


def goals_block(state_text: str) -> str:
    # A Lean block comment: a `state+proof` prompt stays a valid Lean file prefix.
    return f"/-\n{state_text.rstrip(chr(10))}\n-/\n"


# the keyword and name; an `example` (no name) followed by a binder is kept as written
_NAME = re.compile(r"^(theorem|example)\s+(?![({\[⦃])\S+")


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
    `state_text` is the goals after it as Lean prints them (`shown_state`; needed by the state
    formats), of which the prompt shows only the current goal.
    """
    check_format(fmt)
    if proof_so_far and not proof_so_far.endswith("\n"):
        proof_so_far += "\n"
    if fmt == "whole":
        return header(statement) + proof_so_far
    if state_text is None:
        raise ValueError(f"format {fmt!r} needs the proof state (state_text)")
    if fmt == "state":
        return goals_block(current_goal(state_text))
    return header(statement) + proof_so_far + goals_block(current_goal(state_text))


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


def _start(theorem: str, **kwargs):
    from gentzen.core.kernel import start  # the kernel is stdlib-only; imported on use

    return start(theorem, **kwargs)


# a step that names what it introduces: `intro n3`, `have n4 : φ := …` (optionally after a bullet)
_NAMED = (re.compile(r"^(\s*(?:·\s+)?intro)\s+([A-Za-z_][\w']*)\s*$"),
          re.compile(r"^(\s*(?:·\s+)?have)\s+([A-Za-z_][\w']*)(?=\s*:[^=])"))


def introduced_name(line: str) -> str | None:
    """The name an `intro x` / `have x : φ …` line introduces, or None."""
    m = _NAMED[0].match(line) or _NAMED[1].match(line)
    return m.group(2) if m else None


def unnamed(line: str) -> str:
    """The step without the name it introduces (the environment assigns it)."""
    m = _NAMED[0].match(line) or _NAMED[1].match(line)
    return line if m is None else line[:m.end(1)] + line[m.end(2):]


_ANON_HAVE = re.compile(r"^(\s*(?:·\s+)?have)(?=\s*:[^=])")  # `have : φ …`: Lean names it `this`


def with_name(line: str, name: str) -> str:
    """An unnamed `intro` / `have : φ …` step with `name` spelled out (what the kernel's auto_names
    writes into its proof text), for a checker that does not assign names itself (a Lean REPL)."""
    m = re.match(r"^(\s*(?:·\s+)?intro)\s*$", line) or _ANON_HAVE.match(line)
    return line if m is None else line[:m.end(1)] + " " + name + line[m.end(1):].rstrip()


def _renamed(line: str, names: dict[str, str]) -> str:
    # one pass, so a chain n3 -> n2, n2 -> n4 never rewrites a name twice
    from gentzen.core.text.words import rename_identifiers  # the kernel is imported on use (see _start)

    return rename_identifiers(line, names)


def _step_or_fail(record: dict, state, line: str):
    nxt = state.step(line)
    if not hasattr(nxt, "render"):  # a StepError: the reference proof does not replay
        err = getattr(nxt, "error", nxt)
        raise InputError(f"record {record.get('name', '?')!r}: step {line.strip()!r} fails: {err}")
    return nxt


def examples(record: dict, fmt: str, start: Callable | None = None) -> list[Example]:
    """Training sequences for one reference-proof record.

    `whole` gives one sequence per proof (a causal model trained on it has seen every
    (prefix -> next line) pair at once, and EOS after the last line). The state formats give
    one sequence per line; they replay the proof in the kernel with auto_names
    (`start(theorem, auto_names=True).step(line)`): each prompt shows the settled state's current
    goal, each target is the step without the name it introduces, and later lines cite the name
    the environment assigned (the state shows it). A step whose name cannot be left to the
    environment (the unnamed step fails) keeps its written name.
    """
    check_format(fmt)
    statement, lines = record["theorem"], proof_lines(record["proof"])
    if not lines:
        raise InputError(f"record {record.get('name', '?')!r} has an empty proof")
    if fmt == "whole":
        segs = [Segment(header(statement), False)] + [Segment(target(fmt, ln), True) for ln in lines]
        return [Example(tuple(segs), eos=True)]

    state = (start or _start)(statement, auto_names=True)
    out, names = [], {}  # names: written name -> the name the environment assigned
    for ln in lines:
        so_far = state.proof_text()
        prompt = build_prompt(fmt, statement, so_far + "\n" if so_far else "", shown_state(state))
        written, line = introduced_name(ln), _renamed(ln, names)
        step = unnamed(line)
        nxt = state.step(step) if step != line else None
        if nxt is None or not hasattr(nxt, "render"):
            step, nxt = line, _step_or_fail(record, state, line)
        assigned = introduced_name(nxt.proof_text().rsplit("\n", 1)[-1])
        if written is not None:
            names[written] = assigned or written
        elif assigned is not None and _ANON_HAVE.match(ln):
            names["this"] = assigned
        out.append(Example((Segment(prompt, False), Segment(target(fmt, step), True)), eos=False))
        state = nxt
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
