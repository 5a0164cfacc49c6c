#!/usr/bin/env bash
# The default-model recipe, shared by runs/cpu_default_model.sh and runs/gpu_default_model.sh (which set
# SCALE and the sizes): data (plain, schema and user-style theorems, held-out checked) -> SFT -> expert
# iteration on a large generated target pool with the training defaults (replay 0.9 of the model's own
# data, warm-up + cosine to lr 1e-4, 0.78 epochs, GEM, found proofs kept) -> pass@k of every checkpoint
# on the textbook set, held-out 7-14 lines and the acceptance statements -> OUT/final with the recipe,
# data hash and training seconds in gentzen.json, and pass@k against training time (OUT/passk_time.png).
# Every stage skips when its output exists; a killed stage resumes from its last checkpoint; running
# again with larger SFT_SECONDS / ROUNDS continues training from the last checkpoint.
# Usage: SCALE=cpu|gpu|tiny bash runs/default_model_recipe.sh [OUT]   (SHIP=1 also replaces the shipped model)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
export PYTHONPATH="$ROOT/py${PYTHONPATH:+:$PYTHONPATH}" OMP_NUM_THREADS=${OMP_NUM_THREADS:-1} HF_HUB_OFFLINE=1
SCALE=${SCALE:-cpu}
# cpu: EI samples about one target per 7-15 s here (16 guided samples), so 160 targets make a round of
# 20-40 min; ROUNDS=2 keeps the whole run near 2.5 hours (measured: docs/results.md, issue 23).
# N_USER stays at 12,000: its short shapes are schema instances over 3 atoms, a space of about 8,000
# statements; 24,000 asked for 15,000 of them and generation crawled (30+ min) near the end
case "$SCALE" in  # sizes: every one can be overridden from the environment
  cpu)  : "${N_UNIFORM:=40000}" "${N_SCHEMA:=10000}" "${N_USER:=12000}" "${PRESET:=small}" "${SFT_SECONDS:=4500}"
        : "${N_TARGETS:=120}" "${N_TARGETS_USER:=40}" "${ROUNDS:=2}" "${SAMPLES:=16}" "${EI_SECONDS:=3600}"
        : "${DEVICE:=cpu}" "${THREADS:=2}" "${EVAL_N:=64}" "${EVAL_LIMIT:=0}" "${HELDOUT_LIMIT:=60}" "${SAVE_EVERY:=120}" ;;
  gpu)  : "${N_UNIFORM:=60000}" "${N_SCHEMA:=15000}" "${N_USER:=12000}" "${PRESET:=small}" "${SFT_SECONDS:=240}"
        : "${N_TARGETS:=1500}" "${N_TARGETS_USER:=500}" "${ROUNDS:=4}" "${SAMPLES:=16}" "${EI_SECONDS:=240}"
        : "${DEVICE:=cuda}" "${THREADS:=4}" "${EVAL_N:=64}" "${EVAL_LIMIT:=0}" "${HELDOUT_LIMIT:=60}" "${SAVE_EVERY:=60}"
        # eval samples with vLLM where it is installed (train ei has no vLLM engine: torch on cuda)
        : "${EVAL_ENGINE:=$(python3 -c 'import vllm' > /dev/null 2>&1 && echo vllm || echo torch)}" ;;
  tiny) : "${N_UNIFORM:=40}" "${N_SCHEMA:=20}" "${N_USER:=40}" "${PRESET:=tiny}" "${SFT_SECONDS:=4}"
        : "${N_TARGETS:=3}" "${N_TARGETS_USER:=2}" "${ROUNDS:=1}" "${SAMPLES:=2}" "${EI_SECONDS:=0}"
        : "${DEVICE:=cpu}" "${THREADS:=1}" "${EVAL_N:=2}" "${EVAL_LIMIT:=2}" "${HELDOUT_LIMIT:=2}" "${SAVE_EVERY:=1}"
        : "${VOCAB:=300}" "${HELDOUT_GEN:=150}" "${EVAL_SETS:=acceptance}" ;;
  *) echo "error: SCALE must be cpu, gpu or tiny, got '$SCALE'" >&2; exit 2 ;;
esac
VOCAB=${VOCAB:-1024}
# INIT: start SFT from this model directory instead of a new model (to continue training a shipped model
# whose run folder is gone); LR: SFT's peak learning rate (default: train sft's 2e-3); TARGET_SEED: the EI
# target pool's seed (user-style targets use TARGET_SEED+1), so a continued model gets fresh targets
INIT=${INIT:-}; LR=${LR:-}; TARGET_SEED=${TARGET_SEED:-777}
[ -z "$INIT" ] || [ -f "$INIT/gentzen.json" ] || { echo "error: INIT=$INIT is not a gentzen model directory (no gentzen.json)" >&2; exit 2; }
EVAL_SETS=${EVAL_SETS:-textbook heldout acceptance}
EVAL_ENGINE=${EVAL_ENGINE:-torch}
HELDOUT_GEN=${HELDOUT_GEN:-3000}   # docs/results.md's held-out 7-14 lines: `gentzen gen --count 3000 --seed 7 --data-version 1`
# training data version (data/decontam.py): 2 also drops every statement reaching an evaluated statement's goal
# state after its intros; 3 also holds out the fresh exercise set (evalsets/fresh_exercises.jsonl); 1 is the data
# the shipped model was trained on. Recorded in gentzen.json's recipe.
DATA_VERSION=${DATA_VERSION:-3}
export DATA_VERSION
# N_EXERCISES > 0 adds that many `gen --mix exercises` records (True/False operands, two-direction ↔, classical
# implications, 5-12 atoms; issue 41) to the data; 0 (the default): the data as before
N_EXERCISES=${N_EXERCISES:-0}
export N_EXERCISES
# DATA_SEED: added to the generators' seeds (1-4), so a continued model (INIT) can train on a fresh slice of the
# same mix; 0 (the default): the data every earlier model was trained on
DATA_SEED=${DATA_SEED:-0}
export DATA_SEED
FORMAT=${FORMAT:-state}   # state won the from-scratch comparison at equal wall-clock (docs/results.md, issue 21 (d)); FORMAT=whole for the shipped model's format
OUT=${1:-runs/out/default-$SCALE}
mkdir -p "$OUT/eval"
G() { python3 -m gentzen.cli.main "$@"; }
t0=$(date +%s)
stamp() { echo "[$(( $(date +%s) - t0 )) s] $*" >&2; }

# 1. data: uniform sequents (the shipped model's generator), schema instances, and what users type
#    (gen --style user: their input forms and names, one-liners, short textbook shapes); gen excludes
#    every shipped and acceptance statement, and the held-out check must pass before training.
if [ -s "$OUT/train.jsonl" ]; then stamp "data: done already ($(wc -l < "$OUT/train.jsonl") records)"; else
  [ -s "$OUT/gen-u.jsonl" ] || G gen --count "$N_UNIFORM" --data-version "$DATA_VERSION" --seed $((DATA_SEED + 1)) --out "$OUT/gen-u.jsonl" --json > "$OUT/gen-u.log" &
  [ -s "$OUT/gen-s.jsonl" ] || G gen --family schema --count "$N_SCHEMA" --atoms 3 --data-version "$DATA_VERSION" --seed $((DATA_SEED + 2)) --out "$OUT/gen-s.jsonl" --json > "$OUT/gen-s.log"
  [ -s "$OUT/gen-user.jsonl" ] || G gen --style user --count "$N_USER" --data-version "$DATA_VERSION" --seed $((DATA_SEED + 3)) --out "$OUT/gen-user.jsonl" --json > "$OUT/gen-user.log"
  [ "$N_EXERCISES" = 0 ] || [ -s "$OUT/gen-ex.jsonl" ] || G gen --mix exercises --count "$N_EXERCISES" --data-version "$DATA_VERSION" --seed $((DATA_SEED + 4)) --out "$OUT/gen-ex.jsonl" --json > "$OUT/gen-ex.log"
  wait
  EX=(); [ "$N_EXERCISES" = 0 ] || EX=("$OUT/gen-ex.jsonl")
  cat "$OUT/gen-u.jsonl" "$OUT/gen-s.jsonl" "$OUT/gen-user.jsonl" ${EX[@]+"${EX[@]}"} > "$OUT/train.jsonl.partial"
  python3 -m gentzen.data.heldout "$OUT/train.jsonl.partial" > "$OUT/heldout-check.json"
  mv "$OUT/train.jsonl.partial" "$OUT/train.jsonl"
  stamp "data: $(wc -l < "$OUT/train.jsonl") records, held-out check $(cat "$OUT/heldout-check.json")"
fi

# 2. supervised training; a killed run resumes from OUT/sft/train_state.pt (saved every SAVE_EVERY s);
#    a larger SFT_SECONDS on a rerun continues the same run (--force records the changed budget)
sft_done() { python3 -c "import json,sys; sys.exit(json.load(open(sys.argv[1]))['seconds'] < float(sys.argv[2]) - 1)" \
    "$OUT/sft/gentzen.json" "$SFT_SECONDS" 2>/dev/null; }
# the model SFT starts from (INIT) is recorded once, before anything can replace it (SHIP=1 does)
[ -z "$INIT" ] || [ -s "$OUT/init-gentzen.json" ] || cp "$INIT/gentzen.json" "$OUT/init-gentzen.json"
if sft_done; then stamp "sft: done already"; else
  sft=(train sft --data "$OUT/train.jsonl" --format "$FORMAT" --seconds "$SFT_SECONDS" --out "$OUT/sft"
       --preset "$PRESET" --vocab-size "$VOCAB" --eval-split dev --threads "$THREADS" --device "$DEVICE"
       --save-every "$SAVE_EVERY" --seed 0 --resume --force ${INIT:+--init "$INIT"} ${LR:+--lr "$LR"})
  echo "gentzen ${sft[*]}" > "$OUT/sft_command.txt"   # travels with the final model
  G "${sft[@]}" > "$OUT/sft.log" 2>&1
  stamp "sft: $(python3 -c "import json,sys; m=json.load(open(sys.argv[1])); print(m['seconds'], 's, eval loss', m.get('eval_loss'))" "$OUT/sft/gentzen.json")"
fi

# 3. targets: a large pool of generated 5-14-line theorems and user-style ones (train split only)
if [ -s "$OUT/targets.jsonl" ]; then stamp "targets: done already"; else
  G gen --count "$N_TARGETS" --atoms 4 --data-version "$DATA_VERSION" --seed "$TARGET_SEED" --min-lines 5 --max-lines 14 --out "$OUT/targets-u.jsonl" --json > /dev/null
  G gen --style user --count "$N_TARGETS_USER" --data-version "$DATA_VERSION" --seed "$((TARGET_SEED + 1))" --out "$OUT/targets-user.jsonl" --json > /dev/null
  cat "$OUT/targets-u.jsonl" "$OUT/targets-user.jsonl" > "$OUT/targets.jsonl.partial"
  mv "$OUT/targets.jsonl.partial" "$OUT/targets.jsonl"
fi

# 4. expert iteration with the training defaults (docs/training.md); --resume continues a killed round
#    at its target, and a rerun with more ROUNDS continues from the last round
ei_rounds() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['rounds'])" "$OUT/ei/state.json" 2>/dev/null || echo 0; }
if [ "$(ei_rounds)" -ge "$ROUNDS" ]; then stamp "ei: done already ($(ei_rounds) rounds)"; else
  G train ei --model "$OUT/sft" --targets "$OUT/targets.jsonl" --split train --rounds "$ROUNDS" \
      --samples "$SAMPLES" --replay "$OUT/train.jsonl" --seconds "$EI_SECONDS" --threads "$THREADS" \
      --device "$DEVICE" --seed 0 --out "$OUT/ei" --resume > "$OUT/ei.log" 2>&1
  stamp "ei: $(ei_rounds) rounds"
fi

# 5. pass@k of every checkpoint (guided, T 1.0) on the textbook set, held-out 7-14 lines of a fresh
#    generation (its heldout split: never trained on) and the acceptance statements
on() { case " $EVAL_SETS " in *" $1 "*) return 0 ;; esac; return 1; }  # is set $1 evaluated?
! on heldout || [ -s "$OUT/heldout-gen.jsonl" ] || G gen --count "$HELDOUT_GEN" --seed 7 --data-version 1 --out "$OUT/heldout-gen.jsonl" --json > /dev/null
[ -s "$OUT/acceptance.jsonl" ] || python3 -m gentzen.data.heldout --write-acceptance "$OUT/acceptance.jsonl"
TB=$(python3 -c "from gentzen.data.sets import set_paths; print(set_paths()['textbook'])")
evaluate() {  # NAME MODEL: a run folder per set (per-theorem records: `gentzen eval compare` pairs two
  # checkpoints on them); a killed eval resumes where it stopped
  local k="1,8,64"; [ "$EVAL_N" -lt 64 ] && k="1,$EVAL_N"
  local lim=(); [ "$EVAL_LIMIT" -gt 0 ] && lim=(--limit "$EVAL_LIMIT")
  local common=(--model "$2" --method guided -n "$EVAL_N" --k "$k" --engine "$EVAL_ENGINE" --device "$DEVICE" --threads "$THREADS")
  ! on textbook || [ -s "$OUT/eval/$1-textbook/summary.json" ] || G eval "$TB" "${lim[@]}" "${common[@]}" \
      --out "$OUT/eval/$1-textbook" > "$OUT/eval/$1-textbook.log" 2>&1
  ! on heldout || [ -s "$OUT/eval/$1-heldout/summary.json" ] || G eval "$OUT/heldout-gen.jsonl" --split heldout --lines 7-14 \
      --limit "$HELDOUT_LIMIT" "${common[@]}" --out "$OUT/eval/$1-heldout" > "$OUT/eval/$1-heldout.log" 2>&1
  ! on acceptance || [ -s "$OUT/eval/$1-acceptance/summary.json" ] || G eval "$OUT/acceptance.jsonl" "${common[@]}" \
      --out "$OUT/eval/$1-acceptance" > "$OUT/eval/$1-acceptance.log" 2>&1
  return 0
}
[ -z "$INIT" ] || evaluate init "$INIT"   # before SHIP=1 can replace it; a rerun keeps these figures
evaluate sft "$OUT/sft"
last=sft; last_dir="$OUT/sft"
for r in "$OUT"/ei/round-*/; do
  [ -f "$r/config.json" ] || continue
  name="ei-$(basename "$r")"; evaluate "$name" "$r"; last=$name; last_dir=${r%/}
done
stamp "eval done (last checkpoint: $last)"
python3 runs/plot_passk_time.py "$OUT" > /dev/null || stamp "plot: skipped (matplotlib missing?)"

# 6. the final model: the last checkpoint, with the recipe, data hash and training seconds recorded
rm -rf "$OUT/final.partial"
cp -rL "$last_dir" "$OUT/final.partial"
rm -f "$OUT/final.partial/train_state.pt"   # optimizer state: not shipped
for f in loss.png log.jsonl; do  # the SFT loss curve and log, also under a final EI round
  [ -e "$OUT/final.partial/$f" ] || [ ! -f "$OUT/sft/$f" ] || cp "$OUT/sft/$f" "$OUT/final.partial/$f"
done
[ ! -f "$OUT/sft_command.txt" ] || cp "$OUT/sft_command.txt" "$OUT/final.partial/"
python3 - "$OUT" "$SCALE" "$last" <<'EOF'
import hashlib, json, os, subprocess, sys
from pathlib import Path
out, scale, last = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
meta_path = out / "final.partial" / "gentzen.json"
meta = json.loads(meta_path.read_text())
data = (out / "train.jsonl").read_bytes()
sft = json.loads((out / "sft" / "gentzen.json").read_text())
try:
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()
except OSError:
    commit = ""
meta["recipe"] = {"script": "runs/default_model_recipe.sh", "scale": scale, "checkpoint": last, "commit": commit,
                  "train_data": str(out / "train.jsonl"), "train_records": data.count(b"\n"),
                  "train_data_sha256": hashlib.sha256(data).hexdigest()[:16],
                  "data_version": int(os.environ.get("DATA_VERSION", "1"))}
if os.environ.get("N_EXERCISES", "0") != "0":  # gen --mix exercises records in the data (issue 41)
    meta["recipe"]["exercise_records"] = int(os.environ["N_EXERCISES"])
if os.environ.get("DATA_SEED", "0") != "0":  # a fresh slice of the same mix (generator seeds + DATA_SEED)
    meta["recipe"]["data_seed"] = int(os.environ["DATA_SEED"])
meta["training_seconds"] = {"sft": sft.get("seconds"), "total": meta.get("seconds"),
                            "ei": round(float(meta.get("seconds") or 0) - float(sft.get("seconds") or 0), 2)}
init = out / "init-gentzen.json"
if init.is_file():  # continued from a finished model (INIT): its own recipe and seconds come along
    before = json.loads(init.read_text())
    seconds = before.get("training_seconds") or {"total": before.get("seconds")}
    meta["recipe"]["init"] = {"path": (sft.get("config") or {}).get("init"), "recipe": before.get("recipe"),
                              "training_seconds": seconds, "data_sha256": before.get("data_sha256")}
    from gentzen.models.checkpoint import training_seconds
    meta["training_seconds"]["cumulative"] = round(float(meta.get("seconds") or 0) + training_seconds(before), 2)
# a uniform sample of the training data travels with the model, so `train ei`/`ttrl` from it replay at once
import random
from gentzen.train.replay import sha16
rows = data.decode().splitlines(keepends=True)
by_split = {"train": [], "heldout": []}
for i, row in enumerate(rows):
    split = json.loads(row).get("split")
    if split in by_split:
        by_split[split].append(i)
rng = random.Random(0)
keep = sorted(set(rng.sample(by_split["train"], min(6000, len(by_split["train"]))))
              | set(rng.sample(by_split["heldout"], min(600, len(by_split["heldout"])))))
sample = out / "final.partial" / "replay.jsonl"
sample.write_text("".join(rows[i] for i in keep))
meta["replay_sample"] = {"file": "replay.jsonl", "sha256": sha16(sample), "from_sha256": meta.get("data_sha256"),
                         "records": {k: min(len(v), 6000 if k == "train" else 600) for k, v in by_split.items()},
                         "how": "a uniform sample (random.Random(0)) of the train and heldout splits of the model's "
                                "training data (data/data_sha256), lines kept verbatim and in order; replay uses "
                                "the full file instead when it is here"}
meta_path.write_text(json.dumps(meta, indent=2) + "\n")
EOF
rm -rf "$OUT/final"; mv "$OUT/final.partial" "$OUT/final"
stamp "final: $OUT/final ($(du -sm "$OUT/final" | cut -f1) MB)"
if [ "${SHIP:-0}" = 1 ]; then
  [ "$(du -sm "$OUT/final" | cut -f1)" -le 20 ] || { echo "error: $OUT/final is over 20 MB: not shipped" >&2; exit 1; }
  rm -rf py/gentzen/assets/default_model.new && cp -r "$OUT/final" py/gentzen/assets/default_model.new
  rm -rf py/gentzen/assets/default_model && mv py/gentzen/assets/default_model.new py/gentzen/assets/default_model
fi
echo "$OUT/final"
