#!/usr/bin/env bash
# The statements issue 12 names as a new user's failures, with `gentzen prove -k 64` (guided, T 1.0),
# for one model: prints "proved"/"failed" per statement. Usage: bash runs/experiments/user_cases.sh MODEL
set -uo pipefail
[ $# -eq 1 ] || { echo "usage: bash runs/experiments/user_cases.sh MODEL_DIR" >&2; exit 2; }
M=$1
cases=("P ⊢ P" "P, Q ⊢ P" "P → Q ⊢ ¬Q → ¬P" "¬(P ∨ Q) ⊢ ¬P ∧ ¬Q" "P → (Q → R) ⊢ P ∧ Q → R"
       "theorem t (P Q : Prop) (hp : P) (hq : Q) : P ∧ Q := by"
       "theorem t (P Q : Prop) (h1 : P) (h2 : Q) : P ∧ Q := by"
       "theorem t (rain wet : Prop) (h_imp : rain → wet) (hr : rain) : wet := by"
       "⊢ True" "False ⊢ P" "P → Q, ¬Q ⊢ ¬P")
for c in "${cases[@]}"; do
  if gentzen prove "$c" -k 64 --model "$M" --threads 1 --seed 0 > /dev/null 2>&1; then r=proved; else r=failed; fi
  printf '%s\t%s\n' "$r" "$c"
done
