"""Write the valid statements of an exercise set (default py/gentzen/evalsets/public_exercises.jsonl; the fresh set
is py/gentzen/evalsets/fresh_exercises.jsonl) as one Lean file of `sorry`s, each named as its row (ex_NNN, fx_NNN),
for `gentzen prove FILE -k 64 --out FILLED`. Usage: python3 runs/experiments/exercises_lean.py OUT.lean [SET.jsonl]"""
import json, re, sys
src = sys.argv[2] if len(sys.argv) > 2 else "py/gentzen/evalsets/public_exercises.jsonl"
rows = [json.loads(x) for x in open(src, encoding="utf-8") if x.strip()]
out = [f"/-! The exercise statements of {src}, to fill. -/", ""]
for r in rows:
    if not r["valid"]:
        continue
    s = re.sub(r"^(theorem|lemma)\s+\S+|^example", f"theorem {r['name']}", r["theorem"], count=1)
    out += [s, "  sorry", ""]
open(sys.argv[1], "w", encoding="utf-8").write("\n".join(out))
