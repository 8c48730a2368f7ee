#!/usr/bin/env bash
# Build Models/permit.traineddata, the permit pipeline's reader of number crops: the pipeline's own
# crops of synthetic permits -> lstmf -> fine-tune Debian's eng LSTM (digits, `/`, `-`) -> pack -> eval.
# Usage: training/train_permit_model.sh STEP...   (STEP: data lang base train pack eval all)
# Scratch goes to $PERMIT_MODEL_WORK (default .build/permit-model-training); nothing there is committed.
# Needs a release build of scanbench ($SCANBENCH_BIN, default .build/release/scanbench): the crops
# are cut by the permit pipeline itself.
set -euo pipefail
cd "$(dirname "$0")/.."

export OMP_THREAD_LIMIT=1
NICE=${NICE:-nice -n 10}
W=$(realpath -m "${PERMIT_MODEL_WORK:-.build/permit-model-training}")
BIN=$(realpath "${SCANBENCH_BIN:-.build/release/scanbench}")
OUT_MODEL=${OUT_MODEL:-Models/permit.traineddata}
SEED=${SEED:-300011}                 # training photos (SEED, SEED+1); held out: SEED+100, SEED+101
TRAIN_COUNT=${TRAIN_COUNT:-phone=600,flat=300}
EVAL_COUNT=${EVAL_COUNT:-phone=100,flat=60}
ITERATIONS=${ITERATIONS:-30000}
LEARNING_RATE=${LEARNING_RATE:-0.0005}
ENG_TRAINEDDATA=${ENG_TRAINEDDATA:-/usr/share/tesseract-ocr/5/tessdata/eng.traineddata}
KEEP_MODEL=${KEEP_MODEL:-}           # LANG@DIR: crops it reads within 3 edits are kept too (default: English's only)
STAMPS=${STAMPS:-0}                  # share of degraded copies and drawn lines struck with a whole stamp

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
. training/lstm_steps.sh

step_data() {
  # each mined crop 4 more times degraded, and 6 000 numbers drawn in 26 font files besides
  $NICE python3 training/permit_crops.py --bin "$BIN" --out "$W/train" --seed "$SEED" --count "$TRAIN_COUNT" \
    --augment 4 --synthetic 6000 --stamps "$STAMPS" ${KEEP_MODEL:+--keep-model "$KEEP_MODEL"}
  $NICE python3 training/permit_crops.py --bin "$BIN" --out "$W/eval" --seed $((SEED + 100)) --count "$EVAL_COUNT" \
    ${KEEP_MODEL:+--keep-model "$KEEP_MODEL"}
}

step_lang() {
  mkdir -p "$W/lang"
  cut -f3 "$W/train/permit_crops.tsv" | tail -n +2 > "$W/lang/all-gt.txt"
  lstm_lang "$W" permit
  log "lang: $(head -1 "$W/lang/unicharset") unichars"
}

step_base() { lstm_base "$W" "$ENG_TRAINEDDATA"; }

step_train() {
  mkdir -p "$W/ckpt"
  local t0=$SECONDS
  # tesstrain's "fine-tune for impact": the output layer remapped to the small unicharset
  rm -f "$W/ckpt/permit_checkpoint"
  $NICE lstmtraining --continue_from "$W/base/eng-float.lstm" --old_traineddata "$ENG_TRAINEDDATA" \
    --traineddata "$W/lang/permit/permit.traineddata" --model_output "$W/ckpt/permit" \
    --learning_rate "$LEARNING_RATE" --train_listfile "$W/train/permit_crops.list" \
    --max_iterations "$ITERATIONS" --target_error_rate 0.002 --debug_interval 0 > "$W/train.log" 2>&1
  log "train: $((SECONDS - t0)) s wall; $(grep '^At iteration' "$W/train.log" | tail -1 | cut -c1-110)"
}

step_pack() {
  mkdir -p "$(dirname "$OUT_MODEL")"
  lstmtraining --stop_training --convert_to_int --continue_from "$W/ckpt/permit_checkpoint" \
    --traineddata "$W/lang/permit/permit.traineddata" --model_output "$OUT_MODEL" >/dev/null 2>&1
  log "pack: $OUT_MODEL $(stat -c %s "$OUT_MODEL") bytes"
}

step_eval() {
  # character error rate on crops of held-out photos (seeds SEED+100, SEED+101), and exact reads
  # of those crops by the new model beside the serial model and Tesseract's English and French
  $NICE lstmeval --model "$OUT_MODEL" --eval_listfile "$W/eval/permit_crops.list" > "$W/eval.txt" 2>&1
  log "eval (held-out photos' crops): $(grep -o 'BCER eval=[0-9.]*.*' "$W/eval.txt" | tail -1)"
  python3 training/eval/permit_compare.py "$W/eval/permit_crops.tsv" "permit@$(dirname "$OUT_MODEL")" \
    serial_best@Models eng fra | tee "$W/compare.txt"
}

[ $# -gt 0 ] || set -- all
for s in "$@"; do
  case $s in
    all) step_data; step_lang; step_base; step_train; step_pack; step_eval ;;
    data|lang|base|train|pack|eval) "step_$s" ;;
    *) echo "unknown step: $s" >&2; exit 2 ;;
  esac
done
