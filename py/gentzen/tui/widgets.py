"""Pieces shared by the TUI's screens: the help screen (every binding of the screen below it),
the status bar, verdict and error-span rendering, and small terminal charts (bars and sparklines
drawn with rich text, so no plotting extra is needed).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from gentzen.core.kernel import KernelError

OK_MARK, BAD_MARK, WAIT_MARK = "✓", "✗", "…"
_BLOCKS = "▁▂▃▄▅▆▇█"


def highlight_span(line: str, error: KernelError | None, *, base: str = "") -> Text:
    """`line` with the error's columns [column, end_column) in reverse red (at least one cell)."""
    t = Text(base + line)
    if error is None:
        return t
    start = len(base) + max(0, min(error.column, len(line)))
    end = len(base) + max(error.column + 1, error.end_column or 0)
    if start >= len(t):  # an error at the end of the line (e.g. unexpected end of input): a marker cell
        t.append(" ")
    t.stylize("bold white on red", start, min(max(end, start + 1), len(t)))
    return t


def verdict_text(error: KernelError | None, *, prefix: str = "") -> Text:
    if error is None:
        return Text(prefix + OK_MARK + " accepted", style="green")
    return Text(f"{prefix}{BAD_MARK} {error.kind} (line {error.line}, column {error.column}): {error.message}",
                style="red")


def sparkline(values: list[float], width: int | None = None) -> str:
    """One row of block characters scaled to [min, max] of `values` (the last `width` of them)."""
    vals = [float(v) for v in values if v is not None]
    if width is not None:
        vals = vals[-width:]
    if not vals:
        return ""
    lo, hi = min(vals), max(vals)
    span = (hi - lo) or 1.0
    return "".join(_BLOCKS[min(len(_BLOCKS) - 1, int((v - lo) / span * (len(_BLOCKS) - 1) + 0.5))] for v in vals)


def bar_chart(rows: list[tuple[str, float]], *, width: int = 30, top: float | None = None, fmt: str = "{:.3f}") -> Text:
    """Horizontal bars, one row per (label, value), scaled to `top` (default the largest value)."""
    t = Text()
    if not rows:
        return t
    top = top if top is not None else max((v for _, v in rows), default=0.0) or 1.0
    pad = max(len(label) for label, _ in rows)
    for label, v in rows:
        n = max(0, min(width, int(round(width * v / top)))) if top else 0
        t.append(f"{label:<{pad}} ")
        t.append("█" * n, style="cyan")
        t.append(" " * (width - n) + " " + fmt.format(v) + "\n")
    return t


def line_chart(series: dict[str, list[float]], *, height: int = 6) -> Text:
    """A few series as a column chart: one column per point, `height` rows, each series its own style.
    Columns rise from the series' floor, min(0, lowest value), so a negative series (GEM's loss) is
    not drawn as full bars: the most negative point is the lowest column."""
    styles = ["cyan", "magenta", "yellow", "green", "blue"]
    t = Text()
    if not any(series.values()):
        return Text("(no data yet)", style="dim")
    for k, (name, vs) in enumerate(series.items()):
        style = styles[k % len(styles)]
        lo = min(0.0, min(vs, default=0.0))  # each series on its own scale: the header gives its range
        hi = max(0.0, max(vs, default=0.0))
        span = (hi - lo) or 1.0
        t.append(f"{name}  ", style=f"bold {style}")
        low = f"min {min(vs):g}, " if lo < 0 else ""
        t.append(f"{low}max {max(vs) if vs else 0:g}, last {vs[-1] if vs else 0:g}\n")
        grid = [[" "] * len(vs) for _ in range(height)]
        for x, v in enumerate(vs):
            filled = (v - lo) / span * height
            if lo < 0:  # a negative series' lowest point still shows, as the floor mark
                filled = max(filled, 1 / len(_BLOCKS))
            for y in range(height):
                level = filled - (height - 1 - y)
                if level >= 1:
                    grid[y][x] = "█"
                elif level > 0:
                    grid[y][x] = _BLOCKS[max(0, min(len(_BLOCKS) - 1, int(level * len(_BLOCKS)) - 1))]
        for row in grid:
            t.append("  │" + "".join(row) + "\n", style=style)
        t.append("  └" + "─" * len(vs) + "\n")
    return t


class StatusBar(Static):
    """One line: mode, backend, model (and whether it is loaded), engine, and the last message."""

    DEFAULT_CSS = "StatusBar { height: 1; background: $panel; color: $text; padding: 0 1; }"

    def show(self, mode: str, backend: str, model: str, engine: str, message: str = "") -> None:
        t = Text()
        t.append(f" {mode} ", style="bold reverse")
        t.append(f"  backend: {backend}   model: {model}   engine: {engine}")
        if message:
            t.append("   " + message, style="italic")
        t.no_wrap, t.overflow = True, "ellipsis"  # one line: a long message ends in …, never wraps out of sight
        self.update(t)


class HelpScreen(ModalScreen):
    """Lists the bindings of the screen below it and of the app, plus the screen's extra keys."""

    BINDINGS = [Binding("escape,f1,q,question_mark", "dismiss", "close help")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 84; height: 80%; border: round $accent; background: $surface; padding: 1 2; }
    """

    def __init__(self, below, app_bindings) -> None:
        super().__init__()
        self.below, self.app_bindings = below, app_bindings

    def compose(self) -> ComposeResult:
        t = Text()
        t.append(f"{getattr(self.below, 'TITLE', None) or type(self.below).__name__}\n\n", style="bold")
        rows = []
        for b in list(getattr(self.below, "BINDINGS", [])) + list(self.app_bindings):
            b = b if isinstance(b, Binding) else Binding(*b)
            rows.append((b.key, b.description or b.action))
        rows += list(getattr(self.below, "HELP_EXTRA", []))
        seen = set()
        for key, what in rows:
            if (key, what) in seen:
                continue
            seen.add((key, what))
            t.append(f"{key:<24}", style="bold cyan")
            t.append(f"{what}\n")
        t.append("\nmouse: click rows, tabs and suggestions; scroll panes.  esc / F1 closes this help.", style="dim")
        with VerticalScroll():
            yield Static(t, id="help-text")
