"""Sample a theorem in the names the model was trained on, return the proof in the user's.

Most training proofs name premises h1…hn and atoms P, Q, R, so `example (p q : Prop) (hp : p) (hq : q) : p`
drew `exact h1`-style guesses. `sample_in_model_names` samples the same statement in those names,
writes each found proof back in the user's names and keeps it only if the kernel accepts it against
the statement exactly as written.
"""

from __future__ import annotations

from dataclasses import replace

from gentzen.core.kernel import check_proof
from gentzen.core.proof.results import KernelError
from gentzen.core.proof.theorem import Theorem
from gentzen.core.text.words import rename_identifiers
from gentzen.search.guided import SampleResult, SamplerConfig, sample

# The atoms the training statements use, in binder order: gen's uniform and schema families use P, Q,
# R, S (4 atoms); no shipped-model statement binds T or U, and `T ⊢ T ∨ S` fails at 8 samples where
# `Q ⊢ Q ∨ P` does not (docs/results.md, issue 23). 12% of the data has the user style's other atoms.
MODEL_ATOMS = ("P", "Q", "R", "S")


def model_names(thm: Theorem, *, atoms: bool = True) -> tuple[Theorem, dict[str, str]] | None:
    """`thm` with premises renamed h1…hn and, with `atoms`, atoms outside P…S renamed P, Q, R, … in
    binder order; the map back (model name -> user's name); None when there is nothing to rename or it
    cannot be done cleanly (an atom named like h1, a shadowed name, more atoms than MODEL_ATOMS)."""
    names = [h for h, _ in thm.hyps]
    canon = [f"h{i + 1}" for i in range(len(names))]
    if len(set(names)) != len(names) or set(canon) & set(thm.atoms):
        return None
    if any("✝" in x for x in (*names, *thm.atoms)):
        return None
    atom_map = {}
    if atoms and not set(thm.atoms) <= set(MODEL_ATOMS) and len(thm.atoms) <= len(MODEL_ATOMS):
        atom_map = {a: m for a, m in zip(thm.atoms, MODEL_ATOMS) if a != m}
    if names == canon and not atom_map:
        return None
    renamed = thm.with_atoms_renamed(atom_map)
    renamed = replace(renamed, hyps=tuple((c, f) for c, (_, f) in zip(canon, renamed.hyps)))
    back = {m: a for a, m in atom_map.items()}
    back.update((c, n) for c, n in zip(canon, names) if c != n)
    return renamed, back


def _mentions(proof: str, name: str) -> bool:
    """Whether `name` stands in `proof` as a whole identifier."""
    return rename_identifiers(proof, {name: "\0"}) != proof


def in_user_names(proof: str, back: dict[str, str]) -> str:
    """`proof` (in h1…hn) with every premise name written as the user's; a name the proof itself
    introduces that equals a user's name is renamed first (`intro hp` would shadow the premise)."""
    mapping = dict(back)
    taken = set(back.values()) | set(back)
    for user in back.values():
        # a user's name the proof uses of its own (an h1…hn among them is a premise, mapped above)
        if user not in back and _mentions(proof, user):
            fresh, k = f"{user}_", 1
            while fresh in taken or _mentions(proof, fresh):
                k += 1
                fresh = f"{user}_{k}"
            mapping[user] = fresh
            taken.add(fresh)
    return rename_identifiers(proof, mapping)


def texts_in_model_names(thm: Theorem, *texts: str) -> tuple[Theorem, list[str], dict[str, str]] | None:
    """`thm` in the model's names (model_names), `texts` (a proof so far, a goal view) renamed the same
    way, and the map back; None when nothing needs renaming or a text already uses a model name of its own."""
    plan = model_names(thm)
    if plan is None:
        return None
    renamed, back = plan
    if any(_mentions(t, c) for t in texts for c in back):
        return None
    forward = {user: canon for canon, user in back.items()}
    return renamed, [rename_identifiers(t, forward) for t in texts], back


def sample_in_model_names(thm: Theorem, engine, cfg: SamplerConfig, *, verbose: bool = False,
                          atoms: bool = True, sampler=sample) -> SampleResult:
    """`search.guided.sample` on `thm` in the model's names (when it needs renaming); each proof found is
    written back in the user's names and kept only if the kernel accepts it against `thm` as written.
    `atoms=False` renames the premises only (the comparison in docs/results.md, issue 23); `sampler` is
    `guided.sample` or one with its signature (search/progress.py's, which reports progress)."""
    plan = model_names(thm, atoms=atoms)
    if plan is None:
        return sampler(thm, engine, cfg, verbose=verbose)
    renamed, back = plan
    return result_in_user_names(thm, sampler(renamed, engine, cfg, verbose=verbose), back)


def result_in_user_names(thm: Theorem, res: SampleResult, back: dict[str, str]) -> SampleResult:
    """`res` (sampled for the renamed theorem) with every attempt's proof in the user's names; a success stands
    only if the kernel accepts the renamed-back proof against `thm` as written."""
    for a in res.attempts:  # failed attempts too: the closest one is shown in the user's names
        a.proof = in_user_names(a.proof, back)
        if a.ok:
            check = check_proof(thm, a.proof)
            if not check.ok:  # never return a proof of the renamed statement as one of the user's
                a.ok = False
                a.error = check.error or KernelError(0, 0, "other", "the proof failed once renamed back")
    return SampleResult(thm, res.attempts)
