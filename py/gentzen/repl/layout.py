"""`gentzen repl --lay-out DIR`: the folder Lean REPL clients expect, with `gentzen repl` behind it.

LeanInteract runs `LAKE env DIR/.lake/build/bin/repl` (after `LAKE build` unless build_repl=False) and reads
DIR/lean-toolchain; lean-repl-py runs `lake exe repl` (or `lake build`, then `lake env …`) with `lake` from PATH.
DIR/lake answers those calls by starting the kernel-backed REPL, and nothing else: it is not Lake, and no Lean
runs behind it (DIR/README.md says so).
"""

from __future__ import annotations

import os
import shlex
import sys
from pathlib import Path

from gentzen.errors import InputError

LEAN_TOOLCHAIN = "leanprover/lean4:v4.32.0"  # the REPL protocol version gentzen repl answers as
MARKER = "gentzen-repl-layout"  # in README.md: a folder laid out before may be laid out again

_LAKE = """#!/bin/sh
# {marker}: a stand-in for `lake` that starts gentzen's kernel-backed REPL (NOT Lake, NOT Lean).
# Written by `gentzen repl --lay-out`; lay it out again if the Python environment moves.
export PYTHONPATH={pypath}"${{PYTHONPATH:+:$PYTHONPATH}}"
case "$1" in
  --version) echo "gentzen repl shim (not Lake; no Lean runs here)"; exit 0 ;;
  build) echo "gentzen repl shim: nothing to build (the kernel-backed REPL, not Lean)"; exit 0 ;;
  env) exec {python} -m gentzen.repl.kernel_server ;;
  exe) if [ "$2" = "repl" ]; then exec {python} -m gentzen.repl.kernel_server; fi ;;
esac
echo "gentzen repl shim: unsupported: lake $* (this is not Lake: only --version, build, env, exe repl)" >&2
exit 2
"""

_REPL = """#!/bin/sh
# {marker}: the REPL binary LeanInteract names; it is gentzen's kernel-backed REPL, not Lean's.
export PYTHONPATH={pypath}"${{PYTHONPATH:+:$PYTHONPATH}}"
exec {python} -m gentzen.repl.kernel_server
"""

_README = """# {marker}

This folder lets Lean REPL clients drive `gentzen repl`, gentzen's kernel-backed server of the
leanprover-community/repl protocol. It is NOT Lean: propositional theorems get Lean 4.32's replies,
everything else a `{{"message": …}}` error. `lake` here only starts that server (`env`, `exe repl`),
answers `--version`, and treats `build` as done.

LeanInteract (unchanged):

    from lean_interact import LeanREPLConfig, LeanServer
    config = LeanREPLConfig(local_repl_path="{dir}", lake_path="{dir}/lake")
    server = LeanServer(config)

lean-repl-py (unchanged): put this folder first on PATH, so that its `lake exe repl` finds `lake` here:

    PATH="{dir}:$PATH" python your_script.py
"""


def lay_out(directory: str | os.PathLike) -> Path:
    """Write the folder (atomically per file) and return its absolute path. Refuses a folder that holds
    anything but an earlier layout (InputError), so nothing of the user's is overwritten."""
    root = Path(directory).expanduser().absolute()
    if root.exists() and not root.is_dir():
        raise InputError(f"--lay-out {directory}: exists and is not a folder")
    if root.is_dir() and any(root.iterdir()):
        readme = root / "README.md"
        if not (readme.is_file() and MARKER in readme.read_text(encoding="utf-8", errors="replace")[:200]):
            raise InputError(f"--lay-out {directory}: the folder is not empty (give a new or empty folder)")
    pypath = shlex.quote(str(Path(__file__).resolve().parents[2]))  # the `py/` folder that holds gentzen
    python = shlex.quote(sys.executable)
    files = {
        "lake": (_LAKE.format(marker=MARKER, pypath=pypath, python=python), 0o755),
        ".lake/build/bin/repl": (_REPL.format(marker=MARKER, pypath=pypath, python=python), 0o755),
        "lean-toolchain": (LEAN_TOOLCHAIN + "\n", 0o644),
        "README.md": (_README.format(marker=MARKER, dir=root), 0o644),
    }
    for rel, (text, mode) in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    return root
