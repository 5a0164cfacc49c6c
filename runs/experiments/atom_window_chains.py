"""Chains of n atoms, hypothesis form and implication form, proved with and without the atom window (one run)."""
import json, subprocess, sys, time, os
L = "ABCDEFGHIJKL"
def hyp(n):
    a = L[:n]
    hs = " ".join(f"(h{i+1} : {a[i]} → {a[i+1]})" for i in range(n - 1))
    return f"theorem c{n} ({' '.join(a)} : Prop) {hs} : {a[0]} → {a[-1]} := by"
def imp(n):
    a = L[:n]
    body = " → ".join(f"({a[i]} → {a[i+1]})" for i in range(n - 1))
    return f"theorem i{n} ({' '.join(a)} : Prop) : {body} → {a[0]} → {a[-1]} := by"
cases = [f(n) for n in (6, 8, 10, 12) for f in (hyp, imp)]
env = dict(os.environ, PYTHONPATH="py")
for s in cases:
    for arm in (["--all-atoms"], []):
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "gentzen.cli.main", "prove", s, "-k", "64", "--json", *arm],
                           capture_output=True, text=True, env=env)
        d = json.loads(r.stdout)
        print(json.dumps({"theorem": s.split(" (")[0], "arm": arm[0] if arm else "window", "ok": d["ok"],
                          "wall_s": round(time.perf_counter() - t0, 1), "tokens": d["totals"].get("tokens")}), flush=True)
