"""Write the valid statements of py/gentzen/evalsets/public_exercises.jsonl as one Lean file of `sorry`s (named
ex_NNN) for `gentzen prove FILE -k 64 --out FILLED`. Usage: python3 runs/experiments/exercises_lean.py OUT.lean"""
import json, re, sys
rows = [json.loads(x) for x in open("py/gentzen/evalsets/public_exercises.jsonl")]
out = ["/-! The public exercise statements of py/gentzen/evalsets/public_exercises.jsonl, to fill. -/", ""]
for r in rows:
    if not r["valid"]:
        continue
    s = re.sub(r"^(theorem|lemma)\s+\S+|^example", f"theorem {r['name']}", r["theorem"], count=1)
    out += [s, "  sorry", ""]
open(sys.argv[1], "w").write("\n".join(out))
