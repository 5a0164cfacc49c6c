import Lake
open Lake DSL

/-
gentzen's Lean project. The proof language is Lean 4 core (no Mathlib), so the only
dependency is the leanprover-community REPL, which the Python bridge drives with
`lake exe repl` from this directory (same toolchain as `lean-toolchain`).
Nothing here has been compiled on the machine that wrote it: see docs/lean.md.
-/

package gentzen where
  -- Auto-bound implicits would let a typo in a statement become a fresh variable.
  leanOptions := #[⟨`autoImplicit, false⟩]

-- The REPL's own package is named `REPL` (its lakefile.toml says `name = "REPL"`); requiring it
-- under another spelling makes Lake warn "package 'REPL' was required as 'repl'". Its tags follow
-- Lean releases, so this tag must move together with `lean-toolchain`.
require REPL from git
  "https://github.com/leanprover-community/repl" @ "v4.32.0"

-- Root module only imports; the proof language needs nothing beyond core.
@[default_target]
lean_lib Gentzen where
  srcDir := "lean"

-- `lake test` builds this library: every `example` must elaborate and every
-- `#guard_msgs` must see exactly the messages written above it.
@[test_driver]
lean_lib GentzenTest where
  srcDir := "lean"
  globs := #[.andSubmodules `GentzenTest]
