# Shared by the issue-21 experiment scripts (sourced, not run): the gentzen command, resumable stages,
# side-by-side pairs and the frontier pick. GENTZEN overrides the command (e.g. "python3 -m gentzen.cli.main"),
# PYTHON the interpreter of the helpers; TINY=1 switches every script to the fixture model's sizes.
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1} HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
read -r -a GZ <<< "${GENTZEN:-gentzen}"
PY=${PYTHON:-python3}
HERE=runs/experiments
TINY=${TINY:-0}
TINY_MODEL=tests/fixtures/tiny_gen_model
# the fixture model's own data (its gentzen.json `data_gen`): its dev/heldout splits were never trained on
TINY_GEN="--count 400 --seed 3 --max-lines 3"

gz() { "${GZ[@]}" "$@"; }

# stage FILE CMD…: run CMD with stdout into FILE (stderr into FILE.log), FILE written only when CMD succeeds;
# skipped when FILE exists (even empty), so a re-run resumes after the last finished stage
stage() {
  local f=$1; shift
  if [ -e "$f" ]; then echo "skip: $f" >&2; return 0; fi
  echo "run:  $f" >&2
  if ! "$@" > "$f.part" 2> "$f.log"; then
    echo "failed: $*" >&2; tail -n 15 "$f.log" >&2; return 1
  fi
  mv "$f.part" "$f"
}

# try_stage FILE CMD…: a stage whose failure is a result, not an error (train sdpo refusing when the
# teacher gap is not positive): on failure FILE.failed holds the log's last lines and the script goes on;
# a re-run tries it again
try_stage() {
  local f=$1
  if stage "$@"; then rm -f "$f.failed"; else tail -n 3 "$f.log" > "$f.failed"; fi
}

# forget OUT FILE…: when an earlier run left a try_stage failure, FILE… (built without it) are rebuilt
# after this run's retry
forget() {
  local out=$1 f; shift
  if compgen -G "$out/*.failed" > /dev/null; then for f in "$@"; do rm -f "$out/$f"; done; fi
}

# pair 'CMD A' 'CMD B': two stages side by side (one core each), failing when either fails;
# SEQUENTIAL=1 runs A then B on one core (each stage's seconds its own, a core left for other work)
pair() {
  local pid rc=0
  if [ "${SEQUENTIAL:-0}" = 1 ]; then eval "$1" && eval "$2"; return; fi
  eval "$1" & pid=$!
  eval "$2" || rc=$?
  wait "$pid" || rc=$?  # B's failure still waits for A: no stage left running behind a failed script
  return "$rc"
}

# pick_targets OUT GEN_ARGS REF_LINES CANDIDATES PICK_N TARGETS: the model's frontier. Fresh theorems from
# `gentzen gen GEN_ARGS`; of the dev split with REF_LINES reference lines, the first CANDIDATES get
# PICK_N plain samples (T 1.0, seed 0); the first TARGETS with no verified proof become OUT/targets.jsonl
pick_targets() {
  local out=$1 gen=$2 lines=$3 cand=$4 n=$5 want=$6
  # shellcheck disable=SC2086
  stage "$out/gen.json" gz gen $gen --out "$out/gen.jsonl" --json
  stage "$out/pick.json" gz eval "$out/gen.jsonl" --split dev --lines "$lines" --limit "$cand" --model "$M" \
      --method plain -n "$n" --k "1,$n" --threads 1 --seeds 0 --out "$out/pick" --json
  stage "$out/targets.json" "$PY" "$HERE/frontier_pick.py" "$out/pick" "$want" "$out/targets.jsonl"
}
