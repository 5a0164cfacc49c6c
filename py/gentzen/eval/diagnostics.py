"""Where failures come from: per-method diagnostics over the attempts of an evaluation run.

Reads attempt records (Attempt.to_dict() plus the per-line `events` the samplers record) and
reports the share of samples with an invalid line, of checked lines that were invalid, of solved
proofs that needed a redraw, the rejection kinds, and how often a redraw repeats the line just
rejected. Kernel error kinds are grouped into the categories the published analyses use.
"""

from __future__ import annotations

from collections import Counter

# The kernel's error kinds (docs/kernel.md, core/elaboration/constants.py, core/elaboration/elab.py, core/steps/tactics.py) grouped as the
# published diagnostics group them: a wrong hypothesis cited, a rule that does not apply, a line
# the proof language cannot even read, and the rest (goal bookkeeping, forbidden words, …).
CATEGORY = {
    "unknown_identifier": "wrong citation",
    "type_mismatch": "wrong citation",
    "tactic_failed": "wrong rule",
    "parse": "outside the grammar",
    "unsupported": "outside the grammar",
}
CATEGORIES = ("wrong citation", "wrong rule", "outside the grammar", "other")


def category(kind: str | None) -> str:
    return CATEGORY.get(kind or "", "other")


def _events(att: dict) -> list[dict] | None:
    ev = att.get("events")
    return ev if isinstance(ev, list) else None


def diagnose(attempts: list[dict], *, sequential: bool = True) -> dict:
    """Diagnostics of one method's attempts (all theorems, all seeds).

    `sequential`: each attempt's events are one proof written line after line, a line already
    rejected at a position being refused unchecked (guided and plain). The searches interleave the
    lines of many proof states in one attempt and check every line: for them every event is a
    checked line and "the line just rejected" is not defined (None)."""
    n = len(attempts)
    with_invalid = solved = solved_redraw = 0
    checked = checked_bad = 0
    redraws = redraw_repeats = 0
    kinds: Counter[str] = Counter()
    cats: Counter[str] = Counter()
    have_events = 0
    for att in attempts:
        if att.get("ok"):
            solved += 1
            solved_redraw += att.get("redraws", 0) > 0
        events = _events(att)
        if events is None:
            # no per-line record: a redraw or a failure on a line means an invalid line was written
            err = att.get("error") or {}
            bad = att.get("redraws", 0) > 0 or (not att.get("ok") and err.get("kind") not in (None, "unsolved_goals"))
            with_invalid += bad
            if err.get("kind"):
                kinds[err["kind"]] += 1
                cats[category(err["kind"])] += 1
            continue
        have_events += 1
        any_bad, last_rejected, rejected_here = False, None, set()
        for ev in events:
            line = ev.get("line")
            if ev.get("redraw"):
                redraws += 1
                redraw_repeats += sequential and last_rejected is not None and line == last_rejected
            # a line already rejected at this position is refused unchecked (the samplers ban
            # repeats), so it counts as a redraw but not as a checked line
            is_checked = ev.get("checked", not sequential or line not in rejected_here)
            checked += bool(is_checked)
            if ev.get("ok"):
                last_rejected, rejected_here = None, set()
                continue
            any_bad = True
            last_rejected = line
            rejected_here.add(line)
            if is_checked:
                checked_bad += 1
                kind = ev.get("kind") or "unknown"
                kinds[kind] += 1
                cats[category(kind)] += 1
        with_invalid += any_bad
    rejections = sum(cats.values())
    return {
        "attempts": n,
        "with_events": have_events,
        "samples_with_invalid_line": _share(with_invalid, n),
        "checked_lines": checked,
        "checked_lines_invalid": _share(checked_bad, checked) if have_events else None,
        "solved": solved,
        "solved_needing_redraw": _share(solved_redraw, solved),
        "rejections": rejections,
        "rejection_categories": {c: _share(cats[c], rejections) for c in CATEGORIES},
        "rejection_kinds": dict(kinds.most_common()),
        "redraws": redraws,
        "redraws_repeating_rejected_line": _share(redraw_repeats, redraws) if have_events and sequential else None,
    }


def _share(a: int, b: int) -> float | None:
    return round(a / b, 4) if b else None
