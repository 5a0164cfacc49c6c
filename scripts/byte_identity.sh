#!/usr/bin/env bash
# Byte identity of `gentzen verify` and `gentzen eval` outputs across a refactor (issue 37): run with the package at PY_DIR,
# print sha256 per output and a TOTAL. Same inputs every run (taken from INPUTS, default this repository;
# pass a pristine copy, e.g. `git archive BASE | tar -x -C /tmp/base`), relative paths, fixed seed, CPU, 1 thread. Wall-clock fields (time_s, wall,
# seconds, …) are dropped from JSON before hashing, and the wall-clock chart is not hashed.
# Usage: scripts/byte_identity.sh PY_DIR LABEL [INPUTS_REPO]      (whole run ~30 s)
set -euo pipefail
PY_DIR=$(cd "$1" && pwd); LABEL=$2; INPUTS=$(cd "${3:-$(dirname "$0")/..}" && pwd)
W=$(mktemp -d /tmp/byteid37.XXXXXX); cd "$W"
mkdir in
cp "$INPUTS"/py/gentzen/sets/textbook.jsonl in/
cp "$INPUTS"/tests/fixtures/lean_corpus/*.lean "$INPUTS"/tests/fixtures/lean_forms/*.lean in/
cp -r "$INPUTS"/tests/fixtures/tiny_gen_model model
g() { PYTHONPATH="$PY_DIR" OMP_NUM_THREADS=1 PYTHONHASHSEED=0 python3 -m gentzen.cli.main "$@"; }
set +e
g verify --json in/textbook.jsonl in/*.lean >verify_kernel.jsonl 2>verify_kernel.err; echo "rc=$?" >>verify_kernel.err
g verify in/textbook.jsonl in/*.lean >verify_kernel.txt 2>&1; echo "rc=$?" >>verify_kernel.txt
g verify --strict-nd --json in/*.lean >verify_strict.jsonl 2>&1; echo "rc=$?" >>verify_strict.jsonl
g verify --backend repl --repl-cmd "gentzen repl" -j 1 --json in/*.lean >verify_repl.jsonl 2>&1; echo "rc=$?" >>verify_repl.jsonl
g verify --out verdicts.jsonl in/*.lean >/dev/null 2>&1; echo "rc=$?" >verify_out.rc
g eval run textbook --model model --method guided,plain -n 4 --seeds 0 --limit 12 --device cpu --threads 1 \
  --out ev --json >eval_summary.json 2>eval.err; echo "rc=$?" >>eval.err
g eval run textbook --model model --method guided -n 2 --seeds 3 --lines 2 --limit 6 --device cpu --threads 1 \
  --out ev2 --json >eval2.json 2>eval2.err; echo "rc=$?" >>eval2.err
set -e
python3 - "$LABEL" <<'PY'
import hashlib, json, pathlib, re, sys
WALL = re.compile(r"(^|_)(time|times|wall|seconds|elapsed|secs|duration|date|started|finished|timestamp)(_s)?($|_)|_s$")
def clean(v):
    if isinstance(v, dict):
        return {k: clean(x) for k, x in v.items() if not WALL.search(k)}
    if isinstance(v, list):
        return [clean(x) for x in v]
    return v
def norm(p):
    data = p.read_bytes()
    if p.suffix not in (".json", ".jsonl") and p.name != "verdicts.jsonl":
        return re.sub(rb"\d+(\.\d+)?\s?(s|ms|seconds|sec)\b", b"<T>", data)  # times in text lines
    try:  # a whole-file JSON document
        return json.dumps(clean(json.loads(data)), sort_keys=True, ensure_ascii=False).encode()
    except ValueError:
        pass
    out = []
    for line in data.decode().splitlines():  # JSON lines (a non-JSON line as it is)
        try:
            out.append(json.dumps(clean(json.loads(line)), sort_keys=True, ensure_ascii=False))
        except ValueError:
            out.append(line)
    return "\n".join(out).encode()
files = sorted(p for p in pathlib.Path(".").rglob("*") if p.is_file() and not p.parts[0] in ("in", "model")
               and p.name != "wall.png")
total = hashlib.sha256()
for p in files:
    h = hashlib.sha256(norm(p)).hexdigest()
    total.update(f"{p}:{h}\n".encode())
    print(f"{h[:16]}  {p}")
print(f"TOTAL {sys.argv[1]}: {total.hexdigest()}")
PY
echo "(work dir $W)"
