"""core/ stays readable: no module over 420 lines, no import circle inside core/ (issue 22, item 3).

Every import counts, module-level or inside a function: a lazy import that dodges a circle at load
time still ties the two modules together for a reader.
"""

from __future__ import annotations

import ast
import pathlib

CORE = pathlib.Path(__file__).resolve().parents[2] / "py" / "gentzen" / "core"
MAX_LINES = 420


def _core_imports(path: pathlib.Path, modules: set[str]) -> set[str]:
    """The core modules `path` imports anywhere in its text (relative or `gentzen.core.x` imports)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
            elif node.level == 0 and node.module and (node.module + ".").startswith("gentzen.core."):
                rest = node.module[len("gentzen.core"):].lstrip(".")
                names = [rest] if rest else [a.name for a in node.names]
            else:
                continue
        elif isinstance(node, ast.Import):
            names = [a.name[len("gentzen.core."):] for a in node.names if a.name.startswith("gentzen.core.")]
        else:
            continue
        out.update(n.split(".")[0] for n in names if n.split(".")[0] in modules)
    return out


def import_graph() -> dict[str, set[str]]:
    """The core's modules (dotted below gentzen.core, e.g. `kernel`, `proof.state`) and the core modules each
    imports, read as test_package_structure reads the whole package (core/ may have folders)."""
    from tests.unit.test_package_structure import import_graph as package_graph

    full = {m: deps for m, deps in package_graph().items() if m.startswith("gentzen.core")}
    short = {m: m[len("gentzen.core."):] if m != "gentzen.core" else "" for m in full}
    return {short[m]: {short[d] for d in deps if d in short} for m, deps in full.items() if short[m]}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle as a path [a, b, …, a], or None (depth-first search with colours)."""
    colour = dict.fromkeys(graph, 0)  # 0 unseen, 1 on the current path, 2 done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        colour[m] = 1
        path.append(m)
        for d in sorted(graph[m]):
            if colour[d] == 1:
                return path[path.index(d):] + [d]
            if colour[d] == 0:
                found = visit(d)
                if found:
                    return found
        path.pop()
        colour[m] = 2
        return None

    for m in sorted(graph):
        if colour[m] == 0:
            found = visit(m)
            if found:
                return found
    return None


def test_no_core_module_is_longer_than_the_limit():
    long = {p.name: n for p in CORE.rglob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"core modules over {MAX_LINES} lines: {long}"


def test_core_import_graph_has_no_cycle():
    graph = import_graph()
    assert "kernel" in graph and graph["kernel"], "the scan found no imports in kernel.py: the test is broken"
    cycle = find_cycle(graph)
    assert cycle is None, "import circle inside core/: " + " -> ".join(cycle)


def test_cycle_finder_finds_lazy_and_module_level_circles(tmp_path):
    # the checker itself: a circle closed only by an import inside a function is still found
    (tmp_path / "a.py").write_text("from gentzen.core.b import x\n")
    (tmp_path / "b.py").write_text("def f():\n    from gentzen.core.c import y\n")
    (tmp_path / "c.py").write_text("from . import a\n")
    mods = {"a", "b", "c"}
    graph = {m: _core_imports(tmp_path / f"{m}.py", mods) for m in mods}
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"a"}}
    assert find_cycle(graph) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_every_core_module_opens_with_a_docstring():
    missing = [p.relative_to(CORE).as_posix() for p in CORE.rglob("*.py")
               if p.relative_to(CORE).as_posix() != "__init__.py" and ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) is None]
    assert not missing, f"core modules without an opening docstring: {missing}"
