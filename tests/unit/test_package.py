"""Package hygiene: `import gentzen` stays light; the layers import one way."""

from __future__ import annotations

import subprocess
import sys


def test_import_gentzen_loads_no_heavy_modules():
    code = ("import sys, gentzen, gentzen.core.kernel, gentzen.core.reader.items, gentzen.repl.protocol;"
            "print(','.join(m for m in ('torch','typer','rich','transformers','numpy') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""


def test_core_imports_nothing_above_it():
    import pathlib
    core = pathlib.Path(__file__).resolve().parents[2] / "py" / "gentzen" / "core"
    for f in core.rglob("*.py"):
        text = f.read_text()
        for upper in ("gentzen.repl", "gentzen.data", "gentzen.models", "gentzen.search", "gentzen.train",
                      "gentzen.cli", "typer", "rich"):
            assert f"import {upper}" not in text and f"from {upper}" not in text, (f.name, upper)
