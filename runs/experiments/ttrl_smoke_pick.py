"""Pick dev theorems of 7-14 lines the shipped model fails at 16 plain samples (seed 0)."""
import json, sys
from gentzen.engines import load_engine
from gentzen.search.methods import run_method
rows=[json.loads(l) for l in open('gen.jsonl')]
d=[r for r in rows if r.get('split')=='dev' and 7<=r.get('lines',0)<=14][:40]
eng=load_engine('py/gentzen/assets/default_model','torch',threads=1)
picked=[]
for r in d:
    res=run_method('plain', r['theorem'], eng, samples=16, temperature=1.0, seed=0, fmt='whole')
    ok=sum(a.ok for a in res.attempts)
    print(r['name'], r['lines'], ok, file=sys.stderr, flush=True)
    if ok==0:
        picked.append({"name": r["name"], "theorem": r["theorem"], "lines": r["lines"]})
    if len(picked)==8: break
with open('targets8.jsonl','w') as f:
    for p in picked: f.write(json.dumps(p)+"\n")
print(len(picked))
