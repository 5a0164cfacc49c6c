#!/usr/bin/env python3
"""Regenerate docs/tui-prove.svg: prove mode on `P ∧ Q ⊢ Q ∧ P`: a rejected line (its span
highlighted), the shipped model's suggestions (real samples, seed 0, each checked), a half-typed line.

    python3 scripts/tui-screenshot.py [--out docs/tui-prove.svg] [--model DIR] [--size 120x36]

Needs the tui and train extras (textual; torch for the model). Runs headless through textual's pilot.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
os.environ.setdefault("OMP_NUM_THREADS", "1")


async def shoot(out: Path, model: Path | None, size: tuple[int, int]) -> None:
    from gentzen.tui.app import GentzenApp

    app = GentzenApp("P ∧ Q ⊢ Q ∧ P", model=model)
    async with app.run_test(size=size) as pilot:
        scr = app.screen
        for line in ("exact h1",):  # wrong: h1 proves P ∧ Q, the goal is Q ∧ P
            scr.query_one("#step").value = line
            await pilot.press("enter")
            await pilot.pause()
        scr.query_one("#step").value = ""
        await pilot.press("question_mark")  # the model's top next lines, each checked
        await app.workers.wait_for_complete()
        await pilot.pause()
        if not scr.suggestions:
            raise SystemExit("error: no suggestions came back (is the train extra installed?)")
        scr.query_one("#step").value = "have n1 : Q := (h1.2"  # the live parse check, mid-typing
        await pilot.pause()
        print("suggestions:", [(x.line.strip(), round(x.logprob, 2), x.ok) for x in scr.suggestions])
        svg = app.export_screenshot(title="gentzen tui — prove mode")
    tmp = out.with_suffix(".svg.tmp")
    tmp.write_text(svg, encoding="utf-8")
    tmp.replace(out)
    print(f"wrote {out} ({len(svg)} bytes)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "tui-prove.svg")
    ap.add_argument("--model", type=Path, default=None, help="model directory (default: the shipped model)")
    ap.add_argument("--size", default="120x36", help="terminal size COLSxROWS")
    a = ap.parse_args()
    try:
        cols, rows = (int(x) for x in a.size.lower().split("x"))
    except ValueError:
        raise SystemExit(f"error: --size must look like 120x36, got {a.size!r}") from None
    asyncio.run(shoot(a.out, a.model, (cols, rows)))


if __name__ == "__main__":
    main()
