"""The charts of an evaluation run: pass@k per method, success vs tokens and vs wall-clock per theorem.

matplotlib is imported lazily with the Agg backend (no display); without it a MissingExtraError
names the `train` extra. Every PNG is written atomically.
"""

from __future__ import annotations

from pathlib import Path


def pyplot():
    """matplotlib.pyplot on the Agg backend; a MissingExtraError naming the train extra without it."""
    from gentzen.errors import require

    mpl = require("matplotlib", "train")
    mpl.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_png(fig, path: Path) -> Path:
    """Write `fig` to `path` as a PNG atomically (tight layout, 120 dpi); returns `path`."""
    import io

    from gentzen.io import atomic_write_bytes

    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=120)
    atomic_write_bytes(path, buf.getvalue())
    return path


def _passk_axes(ax, summary: dict, label_prefix: str = "", style: str = "-o") -> None:
    ks = summary["ks"]
    for m, s in summary["methods"].items():
        curve = s.get("curves", {}).get("passk")
        line = ax.plot([p[0] for p in curve], [p[1] for p in curve], style.replace("o", "").replace("s", ""),
                       label=f"{label_prefix}{m}")[0] if curve else None
        means = [s["pass"][f"pass@{k}"]["mean"] for k in ks]
        errs = [s["pass"][f"pass@{k}"]["std"] for k in ks]
        ax.errorbar(ks, means, yerr=errs if any(errs) else None, fmt=style[-1], capsize=3,
                    color=line.get_color() if line else None, label=None if line else f"{label_prefix}{m}")
    ax.set_xscale("log", base=2)
    top = max([k for s in summary["methods"].values() for k, _ in s.get("curves", {}).get("passk", [])] + list(ks))
    ticks = sorted({2**i for i in range(top.bit_length()) if 2**i <= top} | set(ks))
    ax.set_xticks(ticks, [str(k) for k in ticks])
    ax.set_ylim(0, 1)
    ax.set_xlabel("k (attempts)")
    ax.set_ylabel("pass@k")


def _curve_axes(ax, summary: dict, which: str, label_prefix: str = "", style: str = "-") -> None:
    for m, s in summary["methods"].items():
        pts = s["curves"][which]
        ax.step([p[0] for p in pts], [p[1] for p in pts], style, where="post", label=f"{label_prefix}{m}")
    ax.set_xscale("log")
    ax.set_ylim(0, 1)
    ax.set_xlabel("tokens per theorem" if which == "tokens" else "wall-clock seconds per theorem")
    ax.set_ylabel("share solved")


def _title(summary: dict) -> str:
    t = f"{summary.get('set', '')}: {summary.get('theorems', '?')} theorems, n={summary.get('samples', '?')}"
    if summary.get("budget_tokens"):
        t += f", ≤{summary['budget_tokens']} tokens"
    return t


def plot_passk(summary: dict, path: str | Path) -> Path:
    """pass@k against k, one line per method (the seed spread as error bars)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(5.5, 3.6))
    _passk_axes(ax, summary)
    ax.set_title(_title(summary), fontsize=9)
    ax.legend(fontsize=8)
    p = save_png(fig, Path(path))
    plt.close(fig)
    return p


def plot_run(summary: dict, out: str | Path) -> list[Path]:
    """passk.png, tokens.png and wall.png in `out`."""
    plt = pyplot()
    out = Path(out)
    written = [plot_passk(summary, out / "passk.png")]
    for which, name in (("tokens", "tokens.png"), ("wall_seconds", "wall.png")):
        fig, ax = plt.subplots(figsize=(5.5, 3.6))
        _curve_axes(ax, summary, which)
        ax.set_title(_title(summary), fontsize=9)
        ax.legend(fontsize=8)
        written.append(save_png(fig, out / name))
        plt.close(fig)
    return written


def plot_compare(a: dict, b: dict, label_a: str, label_b: str, path: str | Path) -> Path:
    """Two runs' (or methods') pass@k and success-vs-tokens curves overlaid, side by side."""
    plt = pyplot()
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.8))
    _passk_axes(ax1, a, f"{label_a}: ", "-o")
    _passk_axes(ax1, b, f"{label_b}: ", "--s")
    _curve_axes(ax2, a, "tokens", f"{label_a}: ", "-")
    _curve_axes(ax2, b, "tokens", f"{label_b}: ", "--")
    ax1.legend(fontsize=7)
    ax2.legend(fontsize=7)
    ax1.set_title("pass@k", fontsize=9)
    ax2.set_title("success vs tokens per theorem", fontsize=9)
    p = save_png(fig, Path(path))
    plt.close(fig)
    return p
