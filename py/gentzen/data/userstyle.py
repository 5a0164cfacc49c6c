"""What users type (`gentzen gen --style user`): their own names, one-liners and short textbook shapes.

Each record is a generated theorem rewritten as one input form `gentzen prove` accepts (a sequent
string, `theorem`/`example` with explicit or implicit binders), with atoms (P Q, p q, a b, …) and
hypothesis names (hp, hpq, h', h₁, …) drawn independently; `theorem` is the statement `prove` builds
from `input`, so training prompts are the prompts `prove` shows. Every proof is kernel-checked.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from gentzen.core.logic.formula import FALSE, TRUE, Formula, atoms_of, to_lean
from gentzen.core.proof.goals import rename_atoms
from gentzen.core.kernel import check_proof
from gentzen.core.logic.sequent import canonical_key
from gentzen.core.proof.theorem import parse_theorem
from gentzen.core.text.words import rename_identifiers
from gentzen.data.generate import GenConfig, Interrupted, generate
from gentzen.data.decontam import seen_keys, state_held_out
from gentzen.data.heldout import split_of

ATOM_SETS = (("P", "Q", "R", "S", "T"), ("A", "B", "C", "D", "E"),
             ("p", "q", "r", "s", "t"), ("a", "b", "c", "d", "e"), ("x", "y", "z", "w", "v"))
# input forms, with their shares: the sequent string is what the README's first command types
FORMS = {"sequent": 0.25, "theorem": 0.2, "theorem_implicit": 0.1, "example": 0.3, "example_implicit": 0.15}
# naming schemes of the non-sequent forms (a sequent's hypotheses are prove's own h1, h2, …)
NAMINGS = {"formula": 0.35, "pool": 0.3, "indexed": 0.2, "primes": 0.15}
POOL = ("h", "h'", "h''", "h₁", "h₂", "h₃", "hp", "hq", "hr", "hs", "hpq", "hqr", "hnq", "hnp", "hab", "ha",
        "hb", "hx", "hy", "h_1", "h_2", "h_left", "h_right", "h_main", "hyp", "H", "H'", "h0", "hA", "hB")
INDEXED = (("h₁", "h₂", "h₃", "h₄", "h₅", "h₆"), ("h1", "h2", "h3", "h4", "h5", "h6"),
           ("h_1", "h_2", "h_3", "h_4", "h_5", "h_6"), ("H1", "H2", "H3", "H4", "H5", "H6"),
           ("h0", "h1", "h2", "h3", "h4", "h5"))
INTRO = ("hx", "hy", "hz", "h'", "hc", "hd", "k", "m", "hl", "hr'", "hu", "hv", "h₇", "h₈", "h₉")
THEOREM_NAMES = ("t", "foo", "ex1", "my_thm", "test", "lemma1", "thm", "exercise")
# shapes: one-line theorems, textbook-like short proofs (median about 5 lines), longer generated ones
SHAPES = {"one_line": 0.2, "short": 0.5, "long": 0.3}
ONE_LINERS = ("premise_goal", "true_goal", "false_premise")
_INTRODUCED = re.compile(r"\bn\d+\b")


def _pick(rng: random.Random, shares: dict[str, float]) -> str:
    return rng.choices(list(shares), weights=list(shares.values()))[0]


def _formula_name(f: Formula) -> str:
    """The name a student gives a hypothesis: hp for p, hnq for ¬q, hpq for p → q, hab for larger ones."""
    if f.kind == "atom":
        return "h" + f.name.lower()
    if f.kind == "not" and f.args[0].kind == "atom":
        return "hn" + f.args[0].name.lower()
    if f.kind == "false":
        return "hf"
    letters = "".join(sorted({a.lower() for a in atoms_of(f)}))[:3]
    return "h" + (letters or "t")


def hyp_names(rng: random.Random, premises: list[Formula], scheme: str, taken: set[str]) -> list[str]:
    """Distinct names for the premises under `scheme`, none in `taken` (atoms, other names)."""
    n = len(premises)
    if scheme == "primes" and n > 3:
        scheme = "indexed"
    if scheme == "formula":
        bases = [_formula_name(f) for f in premises]
    elif scheme == "pool":
        bases = rng.sample(POOL, n)
    elif scheme == "indexed":
        bases = list(rng.choice(INDEXED)[:n]) if n <= 6 else [f"h{i + 1}" for i in range(n)]
    else:
        bases = ["h", "h'", "h''"][:n]
    out: list[str] = []
    for base in bases:
        name, k = base, 1
        while name in taken or name in out:
            k += 1
            name = base + ("'" if k == 2 else str(k))
        out.append(name)
    return out


def _binders(atoms: list[str], implicit: bool) -> str:
    if not atoms:
        return ""
    return ("{%s : Prop} " if implicit else "(%s : Prop) ") % " ".join(atoms)


def render(rng: random.Random, premises: list[Formula], goal: Formula, proof: str, form: str,
           scheme: str) -> tuple[str, str, str, dict] | None:
    """(input, theorem, proof, names) for one form: `input` is what the user types, `theorem` the
    statement prove builds from it, `proof` rewritten with the input's names; None if not accepted.
    `proof` cites premise i as `h{i+1}` and introduces `nK`."""
    mentioned = sorted(set().union(*(atoms_of(f) for f in [*premises, goal])))
    names = rng.choice(ATOM_SETS)
    if len(mentioned) > len(names):
        return None
    ren = dict(zip(mentioned, names))
    prem = [rename_atoms(f, ren) for f in premises]
    gl = rename_atoms(goal, ren)
    new_atoms = [ren[a] for a in mentioned]
    if form == "sequent":
        text = ", ".join(to_lean(f) for f in prem) + (" ⊢ " if prem else "⊢ ") + to_lean(gl)
        scheme = "prove"
    else:
        taken = set(new_atoms)
        hyps = hyp_names(rng, prem, scheme, taken)
        kw = "example" if form.startswith("example") else f"theorem {rng.choice(THEOREM_NAMES)}"
        text = (f"{kw} {_binders(new_atoms, form.endswith('implicit'))}"
                + "".join(f"({h} : {to_lean(f)}) " for h, f in zip(hyps, prem)) + f": {to_lean(gl)} := by")
    try:
        thm = parse_theorem(text, default_name="goal")
    except Exception:  # a name the parser refuses: this rendering is dropped
        return None
    mapping = {**ren, **{f"h{i + 1}": h for i, (h, _) in enumerate(thm.hyps)}}
    used = set(new_atoms) | {h for h, _ in thm.hyps}
    intro = rng.random() < 0.6  # else keep the prover's n1, n2, … for what the proof introduces
    for old in dict.fromkeys(_INTRODUCED.findall(proof)):
        if intro:
            mapping[old] = next((x for x in rng.sample(INTRO, len(INTRO)) if x not in used), old)
            used.add(mapping[old])
    new_proof = rename_identifiers(proof, mapping)
    new_proof = _anonymous_have(rng, new_proof, used)
    if not check_proof(thm, new_proof).ok:
        return None
    sequent = ", ".join(to_lean(f) for f in prem) + (" ⊢ " if prem else "⊢ ") + to_lean(gl)
    return text, thm.statement(), new_proof, {
        "sequent": sequent, "atoms": list(thm.atoms), "atom_case": "lower" if names[0].islower() else "upper",
        "hyps": [h for h, _ in thm.hyps], "naming": scheme}


def _anonymous_have(rng: random.Random, proof: str, used: set[str]) -> str:
    """Sometimes `have x : φ := t` … `x` becomes `have : φ := t` … `this` (the only anonymous one)."""
    haves = re.findall(r"^\s*(?:·\s+)?have\s+([\w'₀-₉]+)\s*:", proof, flags=re.M)
    if not haves or "this" in used or rng.random() < 0.7:
        return proof
    name = rng.choice(haves)
    proof = re.sub(r"(have)\s+" + re.escape(name) + r"(\s*:)", r"\1\2", proof, count=1)
    return rename_identifiers(proof, {name: "this"})


def _one_liner(rng: random.Random, rec: dict) -> tuple[list[Formula], Formula, str, str] | None:
    thm = parse_theorem(rec["theorem"])
    prem = [f for _, f in thm.hyps]
    kind = rng.choice(ONE_LINERS)
    if kind == "premise_goal" and prem:
        i = rng.randrange(len(prem))
        return prem, prem[i], f"  exact h{i + 1}\n", kind
    if kind == "false_premise":
        k = rng.randrange(len(prem) + 1)
        return prem[:k] + [FALSE] + prem[k:], thm.goal, f"  exact False.elim h{k + 1}\n", kind
    return prem, TRUE, "  exact trivial\n", "true_goal"


def _bases(cfg: GenConfig, n: int, shape: str, seed: int) -> list[dict]:
    """Source theorems with reference proofs: schema instances over atoms (short) or uniform (long)."""
    if shape == "long":
        base = GenConfig(count=n, atoms=("P", "Q", "R", "S"), premises=(1, 4), seed=seed,
                         min_lines=min(5, cfg.max_lines), max_lines=min(14, cfg.max_lines),
                         data_version=cfg.data_version)
    else:
        base = GenConfig(count=n, atoms=("P", "Q", "R"), seed=seed, family="schema", max_depth=2,
                         min_lines=1, max_lines=min(9, cfg.max_lines), data_version=cfg.data_version)
    return generate(base)


def generate_user(cfg: GenConfig, progress: Callable[[int, int], None] | None = None) -> list[dict]:
    """`count` user-style records; byte-identical for a seed; no held-out statement (heldout.py)."""
    cfg.check()
    out: list[dict] = []
    try:
        _fill(cfg, out, progress)
    except KeyboardInterrupt:  # Ctrl-C: the user-style records made so far (each kernel-checked)
        raise Interrupted(_named(cfg, out)) from None
    random.Random(cfg.seed).shuffle(out)
    return _named(cfg, out)


def _named(cfg: GenConfig, out: list[dict]) -> list[dict]:
    for i, r in enumerate(out):
        r["name"] = f"user_s{cfg.seed}_{i:06d}"
    return out


def _fill(cfg: GenConfig, out: list[dict], progress) -> None:
    rng = random.Random(cfg.seed)
    want = {s: round(cfg.count * share) for s, share in SHAPES.items()}
    want["short"] += cfg.count - sum(want.values())
    pools = {s: _bases(cfg, max(1, want[s] + want[s] // 4), s, cfg.seed * 3 + i)
             for i, s in enumerate(("short", "long")) if want[s] or s == "short"}
    seen = seen_keys(cfg.data_version) if cfg.exclude_shipped else set()
    for shape in ("short", "long", "one_line"):
        source = pools["short" if shape == "one_line" else shape]
        tries = 0
        kept = 0
        while kept < want[shape] and tries < 20 * max(1, want[shape]) and source:
            tries += 1
            rec = source[(tries - 1) % len(source)] if shape != "one_line" else rng.choice(source)
            if shape == "one_line":
                made = _one_liner(rng, rec)
                prem, goal, proof, kind = made
            else:
                thm = parse_theorem(rec["theorem"])
                prem, goal, proof, kind = [f for _, f in thm.hyps], thm.goal, rec["proof"], shape
            key = canonical_key(tuple(prem), goal)
            if key in seen:  # a held-out statement, or one already written in another form
                continue
            if cfg.exclude_shipped and state_held_out(tuple(prem), goal, split_of(key), cfg.data_version):
                continue  # data version 2: it reaches a held-out goal state after its intros (data/decontam.py)
            form = _pick(rng, FORMS)
            got = render(rng, prem, goal, proof, form, _pick(rng, NAMINGS))
            if got is None:
                continue
            seen.add(key)
            text, statement, new_proof, names = got
            out.append({"name": "", "input": text, "theorem": statement, "proof": new_proof,
                        "lines": sum(1 for ln in new_proof.splitlines() if ln.strip()), "split": split_of(key),
                        "form": form, "shape": kind, "key": key, **names})
            kept += 1
            if progress is not None:
                progress(len(out), cfg.count)


def distribution(records: list[dict]) -> dict:
    """Shares of forms, namings, shapes, atom case and the most common hypothesis names."""
    n = max(1, len(records))

    def share(key):
        counts: dict[str, int] = {}
        for r in records:
            counts[str(r.get(key))] = counts.get(str(r.get(key)), 0) + 1
        return {k: round(v / n, 3) for k, v in sorted(counts.items())}

    names: dict[str, int] = {}
    for r in records:
        for h in r.get("hyps", []):
            names[h] = names.get(h, 0) + 1
    lines = sorted(r["lines"] for r in records) or [0]
    return {"count": len(records), "form": share("form"), "naming": share("naming"), "shape": share("shape"),
            "atom_case": share("atom_case"),
            "lines": {"median": lines[len(lines) // 2], "max": lines[-1],
                      "one_line": round(sum(x == 1 for x in lines) / n, 3)},
            "top_names": dict(sorted(names.items(), key=lambda kv: -kv[1])[:12])}


__all__ = ["generate_user", "render", "hyp_names", "distribution", "FORMS", "NAMINGS", "SHAPES", "POOL"]
