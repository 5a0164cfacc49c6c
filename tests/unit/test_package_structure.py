"""The whole package stays readable: no import circle anywhere in py/gentzen, no module over 400 lines,
and engines and models never import training (issue 37).

Every import counts, as in test_core_structure.py: module-level, inside a function, under
`if TYPE_CHECKING:`, relative or absolute. A lazy import that dodges a circle at load time still ties
the two modules together for a reader. An import names the module it imports from (`from gentzen.a.b
import c` -> gentzen.a.b, or gentzen.a.b.c where that is a module); the package `__init__` files
Python runs on the way are not counted as imports of their own.
"""

from __future__ import annotations

import ast
import pathlib

from tests.unit.test_core_structure import find_cycle

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "py" / "gentzen"
MAX_LINES = 400

MAX_FUNCTION_LINES = 80  # a longer body needs "Long because…" in its docstring


def modules(root: pathlib.Path = PACKAGE) -> dict[str, pathlib.Path]:
    """Dotted module name -> file, for every .py under the package folder `root`."""
    out = {}
    for p in root.rglob("*.py"):
        parts = list(p.relative_to(root.parent).with_suffix("").parts)
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    return out


def imports_of(name: str, path: pathlib.Path, known: set[str]) -> set[str]:
    """The package modules `path` (module `name`) imports anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [f"{source}.{a.name}" if f"{source}.{a.name}" in known else source for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in known:  # `import gentzen.a.b` of a module gentzen.a.b, else its nearest package
                t = t.rpartition(".")[0]
            if t and t != name:
                out.add(t)
    return out


def import_graph(root: pathlib.Path = PACKAGE) -> dict[str, set[str]]:
    files = modules(root)
    return {m: imports_of(m, p, set(files)) for m, p in files.items()}


def test_no_import_circle_in_the_package():
    graph = import_graph()
    assert len(graph) > 100 and graph["gentzen.train.sft"], "the scan found too little: the test is broken"
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_scan_sees_lazy_relative_and_type_checking_imports(tmp_path):
    # the checker itself, on a package of its own: a circle closed only inside a function, through a
    # relative import or under TYPE_CHECKING is still a circle
    pkg = tmp_path / "gentzen" / "sub"
    pkg.mkdir(parents=True)
    (tmp_path / "gentzen" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from gentzen.sub.b import x\n")
    (pkg / "b.py").write_text("def f():\n    from . import c\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import gentzen.sub.a\n")
    graph = import_graph(tmp_path / "gentzen")
    assert graph["gentzen.sub.a"] == {"gentzen.sub.b"} and graph["gentzen.sub.b"] == {"gentzen.sub.c"}
    assert graph["gentzen.sub.c"] == {"gentzen.sub.a"}
    assert find_cycle(graph) == ["gentzen.sub.a", "gentzen.sub.b", "gentzen.sub.c", "gentzen.sub.a"]


def test_no_module_is_longer_than_the_limit():
    long = {}
    for p in PACKAGE.rglob("*.py"):
        rel = p.relative_to(PACKAGE).as_posix()
        n = len(p.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            long[rel] = n
    assert not long, f"modules over {MAX_LINES} lines (split them by meaning): {long}"


def long_functions(root: pathlib.Path = PACKAGE) -> dict[str, int]:
    """'file:function' -> body lines (docstring left out) for every function longer than the limit
    whose docstring gives no reason ("Long because …")."""
    out = {}
    for p in root.rglob("*.py"):
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            doc = ast.get_docstring(node)
            body = node.body[1:] if doc is not None and len(node.body) > 1 else node.body
            n = node.end_lineno - body[0].lineno + 1
            if n > MAX_FUNCTION_LINES and "Long because" not in (doc or ""):
                out[f"{p.relative_to(root).as_posix()}:{node.name}"] = n
    return out


def test_no_function_is_long_without_a_reason():
    long = long_functions()
    assert not long, f"functions over {MAX_FUNCTION_LINES} lines with no 'Long because…' in their docstring: {long}"


def test_the_function_scan_counts_bodies_and_reads_reasons(tmp_path):
    body = "".join(f"    x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES + 1))
    (tmp_path / "m.py").write_text(
        f'def long():\n    """A docstring."""\n{body}'
        f'def excused():\n    """Long because a table reads best in one piece."""\n{body}'
        f'def short():\n    """Doc."""\n' + "".join(f"    y{i} = {i}\n" for i in range(MAX_FUNCTION_LINES)))
    assert long_functions(tmp_path) == {"m.py:long": MAX_FUNCTION_LINES + 1}


# The rooms from the bottom up: a module imports only from its own layer or a lower one. Training
# methods (train, ttrl) sit above search and eval; the front ends (cli, tui, bench) above everything.
LAYERS = [
    {"gentzen", "gentzen.errors", "gentzen.config"},
    {"gentzen.io", "gentzen.shard", "gentzen.tracker"},
    {"gentzen.core"},
    {"gentzen.data", "gentzen.models", "gentzen.repl"},
    {"gentzen.engines", "gentzen.dojo"},
    {"gentzen.search"},
    {"gentzen.eval"},
    {"gentzen.train", "gentzen.ttrl"},
    {"gentzen.bench", "gentzen.cli", "gentzen.tui"},
]


def layer_of(module: str) -> int:
    room = ".".join(module.split(".")[:2])
    hits = [i for i, layer in enumerate(LAYERS) if room in layer]
    assert hits, f"{room} is in no layer of LAYERS: place it"
    return hits[0]


def test_the_layers_import_one_way():
    upward = sorted(f"{m} -> {d}" for m, deps in import_graph().items() for d in deps if layer_of(d) > layer_of(m))
    assert not upward, "imports from a higher layer: " + "; ".join(upward)


def test_engines_and_models_import_no_training():
    # an engine syncs trained weights (engines/sync.py) through models/lora.py, never through gentzen.train
    graph = import_graph()
    for m, deps in graph.items():
        if m.startswith(("gentzen.engines", "gentzen.models")):
            upward = sorted(d for d in deps if d.startswith(("gentzen.train", "gentzen.ttrl")))
            assert not upward, f"{m} imports {upward}"
