"""Time the .lean reader on a 20,000-theorem file, old (a copy of the pre-issue-9 items.py at /tmp/old_items.py:
`git show 95261fc:py/gentzen/core/items.py > /tmp/old_items.py`) against the new one."""
import time, importlib.util, sys
spec=importlib.util.spec_from_file_location("old_items","/tmp/old_items.py"); old=importlib.util.module_from_spec(spec); sys.modules["old_items"]=old; spec.loader.exec_module(old)
from gentzen.core.reader.lean_file import lean_items
base="theorem a1 (P Q : Prop) (h1 : P → Q) (h2 : P) : Q := by\n  exact h1 h2\n\n"
text="".join(base.replace("a1",f"a{i}") for i in range(20000))
for name,f in [("old _lean_items",lambda t: list(old._lean_items(t))),("new lean_items",lean_items)]:
    ts=[]
    for _ in range(3):
        t0=time.perf_counter(); f(text); ts.append(time.perf_counter()-t0)
    print(name, f"{min(ts):.3f}s for 20000 theorems ({len(text)/1e6:.2f} MB)")
