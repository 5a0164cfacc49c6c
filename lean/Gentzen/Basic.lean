/-!
# Gentzen

gentzen's proofs are Lean 4 **core** tactic proofs of propositional theorems
(see `docs/proof-language.md`): `intro`, `have`, `exact`, `apply`, `exfalso`,
`constructor`, `left`, `right`, `rcases`, `obtain`, `·`, and core lemmas such as
`Or.inl`, `mt`, `Classical.em` and `Classical.byContradiction`.

So this module deliberately defines nothing: a proof needs nothing from here. It exists so
that `lake build` has a root, and so that exported item sets (`gentzen export-lean`, one
`theorem` per item, no imports) can be placed under `lean/Gentzen/Sets/` and imported from
`Gentzen.lean`. The one module a proof may import is `Gentzen.ND` (`lean/Gentzen/ND.lean`):
the natural-deduction rules by their textbook names, as theorems and as tactic macros.
-/
