"""Excerpt the propositional declarations of public Lean 4 books and course sheets into a test corpus (issue 22).

Reads each source at its pinned commit from local git clones and writes one `.lean` file per source to a folder
outside the repository (the third-party text is not committed here); tests/unit/test_lean_public_corpus.py judges
that folder when GENTZEN_PUBLIC_LEAN names it. Usage: python3 scripts/lean_public_corpus.py CLONES OUT, where
CLONES/<owner>+<name>/repo (or CLONES/<owner>/<name>) is a clone of each repository below.
"""
import re
import subprocess
import sys
import textwrap
from pathlib import Path

# (repository, path, layout) at a pinned commit; the license is the repository's LICENSE file at that commit
TPIL, LAP = "leanprover/theorem_proving_in_lean4", "leanprover-community/logic_and_proof"
FM, TUT = "ImperialCollegeLondon/formalising-mathematics-2024", "leanprover-community/tutorials4"
LOVE = "blanchette/logical_verification_2023"
# added for issue 36 (a corpus the kernel was not tuned on): Mathematics in Lean, Glimpse of Lean, a course's examples
MIL, GLIMPSE, DDG = "leanprover-community/mathematics_in_lean", "PatrickMassot/GlimpseOfLean", "kapsitis/ddgatve-proofs"
COMMITS = {TPIL: "4e28129fdd58037f8f5857548d5e99fe4fb0cc57", LAP: "9878c5a0733e4aba90b24c25b47396195c2104c3",
           FM: "c4cfdc64d59c12e07e0c88d702bfe654d518c0bd", TUT: "1e7a75a921554daadde78dcff08f6c75e6660666",
           LOVE: "0b9ca22d512230ca1932f08ebb459f676438c64d", MIL: "dd6d752fedb14082f557913c2dccb2d4851e5173",
           GLIMPSE: "7dc816910638406f4232d23977bbcc59a335393c", DDG: "d29c67b36719a0e068366e82e48c8171026e07a5"}
SOURCES = [
    (TPIL, "book/TPiL/PropositionsAndProofs.lean", "verso"),
    (TPIL, "book/TPiL/Tactics.lean", "verso"),
    (LAP, "propositional_logic_in_lean.rst", "rst"),
    (LAP, "classical_reasoning.rst", "rst"),
    *[(FM, f"FormalisingMathematics2024/Solutions/Section01logic/Sheet{i}.lean", "lean") for i in range(1, 6)],
    (TUT, "Tutorials/Solutions/07bisAbstractNegations.lean", "lean"),
    (LOVE, "lean/LoVe/LoVe03_BackwardProofs_Demo.lean", "lean"),
    (LOVE, "lean/LoVe/LoVe04_ForwardProofs_Demo.lean", "lean"),
    # issue 36
    (TPIL, "book/TPiL/QuantifiersEquality.lean", "verso"),
    (TPIL, "book/TPiL/AxiomsComputation.lean", "verso"),
    (LAP, "first_order_logic_in_lean.rst", "rst"),
    (LAP, "natural_deduction_for_propositional_logic.rst", "rst"),
    *[(TUT, f"Tutorials/Solutions/{n}.lean", "lean") for n in ("00FirstProofs", "02IffIfAnd", "03ForallOr",
                                                              "07FirstNegations")],
    *[(LOVE, f"lean/LoVe/LoVe0{n}.lean", "lean") for n in ("1_TypesAndTerms_Demo", "2_ProgramsAndTheorems_Demo",
                                                          "3_BackwardProofs_ExerciseSheet",
                                                          "4_ForwardProofs_ExerciseSheet")],
    *[(MIL, f"MIL/C03_Logic/solutions/Solutions_S0{n}.lean", "lean") for n in (
        "1_Implication_and_the_Universal_Quantifier", "3_Negation", "4_Conjunction_and_Iff", "5_Disjunction")],
    *[(MIL, f"MIL/C03_Logic/S0{n}.lean", "lean") for n in ("3_Negation", "4_Conjunction_and_Iff", "5_Disjunction")],
    *[(GLIMPSE, f"GlimpseOfLean/Solutions/{n}.lean", "lean") for n in ("02Iff", "Shorter",
                                                                        "Topics/IntuitionisticPropositionalLogic")],
    *[(DDG, f"lean-propositional-examples/propositions-{n}.lean", "lean") for n in ("simple", "classical")],
]
LICENSES = {LOVE: "BSD-3-Clause (lean/LoVe/LICENSE.txt)"}  # the others: Apache-2.0 (LICENSE)

KNOWN = ("import", "open", "section", "namespace", "end", "variable", "set_option", "universe", "theorem", "example",
         "lemma", "def", "private", "protected", "noncomputable", "attribute", "syntax", "macro_rules", "macro",
         "axiom", "instance", "structure", "inductive", "class", "abbrev", "include", "omit", "local", "notation",
         "infix")
KEEP_CMDS = ("import", "open", "section", "namespace", "end", "variable", "set_option", "universe")
DECL = ("theorem", "example", "lemma")


def git(clones: Path, repo: str, *args: str) -> str:
    for d in (clones / repo.replace("/", "+") / "repo", clones / repo):
        if d.exists():
            return subprocess.run(["git", "-C", str(d), *args], capture_output=True, text=True, check=True).stdout
    sys.exit(f"error: no clone of {repo} under {clones}")


def blocks(text, kind):
    if kind == "lean":
        return [text]
    if kind == "verso":
        return [m.group(1) for m in re.finditer(r"^```lean[^\n]*\n(.*?)^```", text, re.S | re.M)]
    out = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        if re.match(r"\s*\.\. code-block:: lean", lines[i]):
            i += 1
            body = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith((" ", "\t"))):
                body.append(lines[i])
                i += 1
            out.append(textwrap.dedent("\n".join(body)).strip("\n") + "\n")
        else:
            i += 1
    return out


def commands(block):
    """[(kind, text)]: a command starts at a column-0 line; column-0 comments are their own (dropped) piece."""
    cmds = []
    lines = block.split("\n")
    i = 0
    cur = None
    while i < len(lines):
        ln = lines[i]
        if ln.startswith("/-"):
            j = i
            while "-/" not in lines[j]:
                j += 1
            piece = "\n".join(lines[i:j + 1])
            if ln.startswith("/--") and j + 1 < len(lines) and lines[j + 1][:1].strip():
                cur = ["doc", piece]  # a docstring: joins the next command
                cmds.append(cur)
            else:
                cmds.append(["comment", piece])
            i = j + 1
            continue
        if ln.startswith("--"):
            cmds.append(["comment", ln])
            i += 1
            continue
        w = ln.split()[0] if ln[:1].strip() else ""
        if w and (w in KNOWN or w.startswith(("@[", "#"))):
            if cur is not None and cur[0] == "doc":
                cur[0] = w
                cur[1] += "\n" + ln
            else:
                cur = [w, ln]
                cmds.append(cur)
        elif cur is not None:
            cur[1] += "\n" + ln
        i += 1
    return cmds


IDENT = re.compile(r"[A-Za-z_α-ωΑ-Ω][\w'!?₀-₉.]*")
ALLOWED_SYMS = set("()[]{}⦃⦄:,∧∨→¬↔∀ \n\t⟨⟩")


def statement(text):
    """the header of a declaration: keyword to the top-level `:=` (or `|` of an equation compiler)."""
    depth = 0
    for k, c in enumerate(text):
        if c in "([{⟨⦃":
            depth += 1
        elif c in ")]}⟩⦄":
            depth -= 1
        elif depth == 0 and text.startswith(":=", k):
            return text[:k]
    return None


BINDER = re.compile(r"[\(\{\[⦃]\s*([^():{}\[\]⦃⦄]+?)\s*:\s*"
                    r"([^(){}\[\]⦃⦄]*(?:\([^()]*\)[^(){}\[\]⦃⦄]*)*)[\)\}\]⦄]")


def binders(text):
    """(names, type) of every bracketed binder and `∀ a b : T,` in text."""
    out = []
    for m in BINDER.finditer(text):
        out.append((m.group(1).split(), m.group(2).strip()))
    for m in re.finditer(r"∀\s*([^:,(){}\[\]⦃⦄]+?)\s*:\s*([^,]+),", text):
        out.append((m.group(1).split(), m.group(2).strip()))
    return out


def propositional(stmt, env):
    """env: name -> type text (section variables). True when every name is a Prop atom or a proof of a formula."""
    stmt = re.sub(r"^\s*/--.*?-/\s*", "", stmt, flags=re.S)
    s = re.sub(r"^(?:@\[[^\]]*\]\s*)?(?:(?:private|protected|noncomputable)\s+)*(theorem|example|lemma)\s*", "", stmt)
    if not re.match(r"\s*(?:@\[[^\]]*\]\s*)?(?:(?:private|protected)\s+)*example", stmt):
        s = s.split(None, 1)[1] if len(s.split(None, 1)) > 1 else ""
    types = dict(env)
    for names, t in binders(s):
        for n in names:
            types[n] = t
    if any(c not in ALLOWED_SYMS and not (c.isalnum() or c in "_'!?₀₁₂₃₄₅₆₇₈₉.") for c in s):
        return False
    props = {n for n, t in types.items() if t == "Prop"}

    def formula(t):
        for w in IDENT.findall(t):
            if w in ("True", "False", "Prop"):
                continue
            if w not in props and (w in types or "." in w):
                return False
        # application: two names in a row
        return not re.search(r"[\w'₀-₉]\s+[A-Za-z_α-ω]", re.sub(r"∀[^,]*,", "", t))
    for n, t in types.items():
        if t != "Prop" and n in s and not formula(t):
            if re.search(r"(?<![\w'.])" + re.escape(n) + r"(?![\w'.])", s):
                return False
    # the type after the binders and the binder types: formulas
    body = re.sub(r"[\(\{\[⦃][^()\{\}\[\]⦃⦄]*[\)\}\]⦄]", " ", s)
    if re.search(r"\b(Type|Sort|Nat|Int|List)\b|ℕ|ℝ|ℤ|(?<![\w'₀-₉])[0-9]", s):
        return False
    return all(formula(t) for _, t in binders(s)) and formula(body.split(":", 1)[1] if ":" in body else body)


def excerpt(src_text, kind):
    kept, dropped, total = [], [], 0
    for b in blocks(src_text, kind):
        env = {}
        left_out = set()   # names a left-out command declares: a declaration using one is left out too
        syntax = False     # a left-out `syntax`/`macro`/`notation` may change what later text means
        part = []
        ndecl = 0
        for w, text in commands(b):
            w0 = w
            if w0.startswith("@[") or w0 in ("private", "protected", "noncomputable"):
                m = re.search(r"\b(theorem|example|lemma|def)\b", text)
                w0 = m.group(1) if m else w0
            if w0 in KEEP_CMDS:
                if w0 == "variable":
                    for names, t in binders(text):
                        for n in names:
                            env[n] = t
                part.append(text.rstrip())
            elif w0 in DECL:
                total += 1
                st = statement(text)
                name = text.split("\n")[0][:90]
                code = re.sub(r"--.*", "", re.sub(r"/-.*?-/", "", text, flags=re.S))
                if st is None or "sorry" in code or "admit" in code:
                    dropped.append(("sorry/no :=", name))
                elif syntax or set(IDENT.findall(code)) & left_out:
                    dropped.append(("uses a left-out command", name))
                elif not propositional(st, env):
                    dropped.append(("not propositional", name))
                else:
                    part.append(text.rstrip())
                    ndecl += 1
            elif w0 in ("comment", "doc"):
                continue
            else:
                dropped.append(("command " + w0, text.split("\n")[0][:60]))
                syntax |= w0 in ("syntax", "macro", "macro_rules", "notation", "infix", "infixl", "infixr")
                declared = re.match(r"\S+\s+([^\s(:{\[]+)", text)
                if declared and not w0.startswith("#"):
                    left_out.add(declared.group(1))
        if ndecl:
            text = "\n\n".join(part)
            # each code block of a book is its own Lean file (the books' blocks declare `t1` again and again): a
            # namespace of its own keeps the names apart as separate files would (a `section` does not)
            ns = f"Block{len(kept) + 1}"
            kept.append(text if kind == "lean" else f"namespace {ns}\n{text}\n\nend {ns}")
    return kept, dropped, total


LIBRARIES = ("Mathlib", "Aesop", "Batteries", "Std", "Init", "Lean", "Qq", "Plausible")


def copy_modules(clones: Path, repo: str, commit: str, path: str, text: str, out: Path) -> list[str]:
    """The repository's own modules the excerpt imports (`import LoVe.LoVelib`), and theirs, copied whole to
    OUT/<module path>.lean (issue 36: the kernel reads a Lake project's imported modules from the file's folder)."""
    copied = []
    todo = [m for ln in text.split("\n") if ln.startswith("import ") for m in ln.split()[1:]]
    while todo:
        mod = todo.pop()
        if mod.split(".")[0] in LIBRARIES or (out / Path(*mod.split("."))).with_suffix(".lean").exists():
            continue
        rel = Path(*mod.split(".")).with_suffix(".lean")
        for prefix in [Path(*Path(path).parts[:k]) for k in range(len(Path(path).parts))]:
            try:
                src = git(clones, repo, "show", f"{commit}:{(prefix / rel).as_posix()}")
            except subprocess.CalledProcessError:
                continue
            dest = (out / rel)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_text(f"/- Copied whole for the gentzen test corpus (issue 36): https://github.com/{repo} , path "
                            f"{(prefix / rel).as_posix()} , commit {commit}; License: "
                            f"{LICENSES.get(repo, 'Apache-2.0 (LICENSE)')} of the repository. -/\n" + src)
            copied.append(mod)
            todo += [m for ln in src.split("\n") if ln.startswith("import ") for m in ln.split()[1:]]
            break
    return copied


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit("usage: python3 scripts/lean_public_corpus.py CLONES OUT")
    clones, out = Path(sys.argv[1]), Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for repo, path, kind in SOURCES:
        commit = COMMITS[repo]
        kept, dropped, total = excerpt(git(clones, repo, "show", f"{commit}:{path}"), kind)
        stem = repo.split("/")[1].replace("-", "_") + "__" + Path(path).stem
        how = ("each ```lean code block of the chapter that has a kept declaration, wrapped in `namespace BlockK …"
               " end BlockK`" if kind == "verso" else "each `.. code-block:: lean` block with a kept declaration, "
               "wrapped in `namespace BlockK … end BlockK`" if kind == "rst" else "the file's commands in order")
        header = (f"/-\nExcerpt for the gentzen test corpus (issue 22), not the whole file.\n"
                  f"Source: https://github.com/{repo} , path {path} , commit {commit}\n"
                  f"License: {LICENSES.get(repo, 'Apache-2.0 (LICENSE)')} of the repository; the copyright is its "
                  f"authors'.\n"
                  f"Kept: {how}; only theorem/example/lemma declarations over propositions without `sorry`,\n"
                  f"with the `import`/`open`/`variable`/`section`/`namespace`/`end` commands around them.\n"
                  f"Each kept declaration's text is unchanged; comments between declarations, `#check` lines\n"
                  f"and non-propositional declarations were left out.\n-/\n\n")
        (out / f"{stem}.lean").write_text(header + "\n\n".join(kept) + "\n")
        mods = copy_modules(clones, repo, commit, path, "\n\n".join(kept), out)
        print(f"{stem}: {total} declarations read, {len(dropped)} commands left out"
              + (f"; imported modules copied: {', '.join(mods)}" if mods else ""))


if __name__ == "__main__":
    main()
