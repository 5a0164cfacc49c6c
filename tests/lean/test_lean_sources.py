"""The Lean project's files say what the rest of gentzen relies on, without needing Lean.

Pinned toolchain, REPL dependency at the matching tag, test driver, and Lean sources that stay
inside core Lean and the proof language (checked textually: nothing is compiled here).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from _lean_text import CORE_TACTICS, TACTICS, forbidden_constructs, guarded_examples, strip_comments, tactic_heads

ROOT = Path(__file__).resolve().parents[2]
LEAN = ROOT / "lean"
PIN = "leanprover/lean4:v4.32.0"


def _lean_files() -> list[Path]:
    return sorted(LEAN.rglob("*.lean"))


def _code(path: Path) -> str:
    return strip_comments(path.read_text(encoding="utf-8"))


def test_toolchain_is_pinned():
    assert (ROOT / "lean-toolchain").read_text(encoding="utf-8").strip() == PIN


def test_lakefile_requires_repl_at_the_toolchain_tag():
    code = _code(ROOT / "lakefile.lean")
    m = re.search(r'^require\s+(\S+)\s+from\s+git\s+"([^"]+)"\s*@\s*"([^"]+)"', code, re.M)
    assert m, "no `require … from git \"…\" @ \"…\"` in lakefile.lean"
    # The REPL's package is named `REPL`; another spelling makes Lake warn and mis-key the manifest.
    assert m.group(1) == "REPL"
    assert m.group(2).rstrip("/").removesuffix(".git") == "https://github.com/leanprover-community/repl"
    # REPL tags follow Lean releases: the tag must be the pinned toolchain's version.
    assert m.group(3) == PIN.split(":")[1]
    assert len(re.findall(r"^require\b", code, re.M)) == 1, "only the REPL may be required (core-only project)"


def test_lakefile_declares_package_libraries_and_test_driver():
    code = _code(ROOT / "lakefile.lean")
    assert re.search(r"^import Lake$", code, re.M)
    assert re.search(r"^package gentzen\b", code, re.M)
    assert re.search(r'@\[default_target\]\s*\nlean_lib Gentzen where\s*\n\s+srcDir := "lean"', code)
    m = re.search(r"@\[test_driver\]\s*\nlean_lib GentzenTest where\s*\n((?:\s+.*\n?)+)", code)
    assert m, "GentzenTest must be the @[test_driver] lean_lib"
    assert 'srcDir := "lean"' in m.group(1)
    assert len(re.findall(r"@\[test_driver\]", code)) == 1  # Lake refuses more than one


def test_library_roots_exist_and_import_only_existing_modules():
    for root in ("Gentzen", "GentzenTest"):
        assert (LEAN / f"{root}.lean").is_file()
    for path in _lean_files():
        for mod in re.findall(r"^import\s+(\S+)", _code(path), re.M):
            target = LEAN / (mod.replace(".", "/") + ".lean")
            assert target.is_file(), f"{path.name} imports {mod}, but {target} does not exist"


def test_test_root_imports_every_test_module():
    imported = set(re.findall(r"^import\s+(\S+)", _code(LEAN / "GentzenTest.lean"), re.M))
    modules = {"GentzenTest." + p.stem for p in (LEAN / "GentzenTest").glob("*.lean")}
    assert modules and modules <= imported


@pytest.mark.parametrize("path", _lean_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_lean_sources_stay_in_core_and_the_allow_list(path: Path):
    # lean/Gentzen/ND.lean is the one file that declares syntax: its rule macros (checked below)
    allowed = ("macro",) if path == LEAN / "Gentzen" / "ND.lean" else ()
    assert forbidden_constructs(path.read_text(encoding="utf-8"), ("Gentzen", "GentzenTest"), allowed) == []


def test_allow_list_checker_catches_forbidden_text():
    # The checker itself must be able to fail, or the test above proves nothing.
    bad = "import Mathlib\naxiom x : False\nexample : False := by\n  sorry\nset_option pp.all true\n"
    problems = " ".join(forbidden_constructs(bad, ("Gentzen",)))
    for word in ("Mathlib", "axiom", "sorry", "set_option"):
        assert word in problems
    assert forbidden_constructs("/- sorry -/\n-- axiom\nexample : True := by\n  exact trivial\n") == []


def test_test_proofs_use_only_the_proof_language_tactics():
    from gentzen.core.elaboration.nd import TACTIC_MACROS
    for path in sorted((LEAN / "GentzenTest").glob("*.lean")):
        text = path.read_text(encoding="utf-8")
        allowed = set(TACTICS) | set(CORE_TACTICS)
        if re.search(r"^import Gentzen\.ND$", text, re.M):
            allowed |= set(TACTIC_MACROS)
        bad = [(n, h) for n, h in tactic_heads(text) if h not in allowed]
        assert bad == [], f"{path.name}: tactics outside docs/proof-language.md: {bad}"


_MACRO = re.compile(r'^macro "(\w+) ?"(.*?): tactic =>\s*`\(tactic\| \(?(\w+)', re.M | re.S)


def test_nd_lean_defines_exactly_the_kernels_macros_and_theorems():
    """lean/Gentzen/ND.lean and gentzen/core/elaboration/nd.py name the same rule tactics (each a macro over the
    core tactic the kernel expands it to) and the same rule theorems."""
    from gentzen.core.elaboration.nd import TACTIC_MACROS, THEOREMS
    code = _code(LEAN / "Gentzen" / "ND.lean")
    macros = {m.group(1): m.group(3) for m in _MACRO.finditer(code)}
    assert set(macros) == set(TACTIC_MACROS)
    for name, head in macros.items():
        assert head in TACTICS, (name, head)  # expands to a tactic of the proof language
        assert TACTIC_MACROS[name][1].split()[0] == head, (name, head)  # the kernel expands it the same way
    for m in _MACRO.finditer(code):  # the kernel takes as many names as the macro's `ident` arguments
        shape = TACTIC_MACROS[m.group(1)][0]
        assert "+" not in shape and "*" not in m.group(2), m.group(1)  # a fixed number of names on both sides
        assert m.group(2).count(":ident") == len([w for w in shape.split() if w != "with"]), m.group(1)
    theorems = set(re.findall(r"^theorem (\w+)", code, re.M))
    assert theorems == set(THEOREMS)
    # every theorem is declared before the first macro (a macro makes its name a keyword)
    assert code.rfind("\ntheorem ") < code.find("\nmacro ")
    assert re.search(r"^import Gentzen\.ND$", _code(LEAN / "Gentzen.lean"), re.M)


def test_nd_lean_has_a_theorem_for_every_rule_of_the_docs():
    rows = {name for name, _ in _rule_rows()} - {"box (sub-proof)", "→I"}  # →I is the tactic `imp_intro x`
    marked = set(re.findall(r"^-- rule: (.+?)\s*$", (LEAN / "Gentzen" / "ND.lean").read_text(encoding="utf-8"),
                            re.M))
    assert rows <= marked


@pytest.mark.parametrize("name", ["CoreTactics", "ND", "Messages", "Rules"])
def test_lean_examples_agree_with_the_kernel(name: str):
    """Every `example` of lean/GentzenTest/<name>.lean: the kernel accepts it, or, under `#guard_msgs`,
    rejects it with exactly the error text Lean must print there (so `lake test` compares the two)."""
    from gentzen.core.kernel import check_proof
    from gentzen.core.proof.theorem import parse_theorem
    text = (LEAN / "GentzenTest" / f"{name}.lean").read_text(encoding="utf-8")
    nd = bool(re.search(r"^import Gentzen\.ND$", text, re.M))
    examples = guarded_examples(text)
    assert examples
    for expected, example in examples:
        res = check_proof(parse_theorem(example), example, nd_import=nd)
        if expected is None:
            assert res.ok, (example, res.error)
        else:
            assert not res.ok and res.error.message == expected, (example, res.error)


def _rule_rows() -> list[tuple[str, str]]:
    """(rule name, canonical + alias cells) of the rules table in docs/proof-language.md."""
    rows = []
    for line in (ROOT / "docs" / "proof-language.md").read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip().strip("|"))]  # `\|` is no cell border
        if line.startswith("|") and len(cells) >= 3 and cells[0] not in ("rule", "") and not set(cells[0]) <= {"-"}:
            rows.append((cells[0], " ".join(cells[1:])))
    return rows


def test_every_rule_of_the_docs_has_an_example():
    rows = _rule_rows()
    assert len(rows) >= 15, "could not read the rules table"
    rules = (LEAN / "GentzenTest" / "Rules.lean").read_text(encoding="utf-8")
    marked = set(re.findall(r"^-- rule: (.+?)\s*$", rules, re.M))
    assert {name for name, _ in rows} <= marked


# Metavariables the docs table uses for hypotheses and formulas.
_META = {"x", "y", "a", "b", "f", "g", "h", "n", "φ", "ψ", "χ"}


def test_every_lemma_and_tactic_the_docs_name_appears_in_the_examples():
    code = _code(LEAN / "GentzenTest" / "Rules.lean")
    missing = []
    for rule, cells in _rule_rows():
        cells = re.sub(r"\(goals?[^)]*\)", "", cells)  # `(goals `mp`, `mpr`)` names case tags
        for span in re.findall(r"`([^`]+)`", cells):
            if "(n a).elim" in span:
                continue  # documented as *not* in the language
            for tok in re.findall(r"[A-Za-z_][A-Za-z_']*(?:\.[A-Za-z_][A-Za-z_']*)*", span):
                head, _, rest = tok.partition(".")
                needle = ("." + rest if rest else "") if head in _META else tok
                before = "" if needle.startswith(".") else r"(?<![\w.])"  # `.left` follows a name
                if needle and not re.search(rf"{before}{re.escape(needle)}(?![\w'])", code):
                    missing.append(f"{rule}: {needle}")
    assert missing == []


def test_docs_lean_says_nothing_was_compiled_here():
    text = (ROOT / "docs" / "lean.md").read_text(encoding="utf-8")
    for cmd in ("lake build", "lake exe repl", "docker build -f docker/Dockerfile -t gentzen .", "docker run"):
        assert cmd in text
    assert "not compiled" in text.lower() or "nothing was compiled" in text.lower()


@pytest.mark.parametrize("name", ["Dockerfile", "Dockerfile.gpu"])
def test_dockerfiles_pin_the_toolchain_and_run_the_tests(name: str):
    text = (ROOT / "docker" / name).read_text(encoding="utf-8")
    assert "elan-init" in text and "lake build" in text
    assert "network" in text.lower()  # says it needs network access for the toolchain
    assert 'CMD ["python", "-m", "pytest", "tests"]' in text  # the whole suite, tests/lean included
    if name == "Dockerfile":
        assert text.lstrip().startswith(("FROM python:3.11", "# ")) and "FROM python:3.11" in text
        assert "torch==2.13.0" in text and "download.pytorch.org/whl/cpu" in text
        assert "[train,dev,serve]" in text
    else:
        assert re.search(r"nvidia/cuda:\S*runtime", text)
        assert "vllm" in text
