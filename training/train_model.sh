#!/usr/bin/env bash
# Build Models/serial.traineddata: synthetic lines -> lstmf -> fine-tune Debian's eng LSTM -> pack -> eval.
# Usage: training/train_model.sh STEP...   (STEP: data lang base train pack eval all; extend: only
# the extension stage, on top of an earlier train step's main_checkpoint)
# Everything scratch goes to $MODEL_WORK (default .build/model-training); nothing there is committed.
# Deterministic: fixed seeds for the generator, and lstmtraining runs single-threaded with its
# own fixed internal seed, so the same inputs give the same model on the same Tesseract build.
set -euo pipefail
cd "$(dirname "$0")/.."

export OMP_THREAD_LIMIT=1                  # Debian's libtesseract uses OpenMP: one thread
NICE=${NICE:-nice -n 10}                    # the machine is shared with Swift builds
W=$(realpath -m "${MODEL_WORK:-.build/model-training}")
OUT_MODEL=${OUT_MODEL:-Models/serial.traineddata}
SEED=${SEED:-1001}
TRAIN_LINES=${TRAIN_LINES:-16000}
EVAL_LINES=${EVAL_LINES:-500}
WARMUP_LINES=${WARMUP_LINES:-4000}
ITERATIONS=${ITERATIONS:-30000}             # total training iterations (lines seen)
STAGE1_ITERATIONS=${STAGE1_ITERATIONS:-10000}  # first run; further iterations resume its checkpoint
LEARNING_RATE=${LEARNING_RATE:-0.0005}
# optional last stage at a lower learning rate, counted on top of ITERATIONS (0: none)
FINAL_ITERATIONS=${FINAL_ITERATIONS:-0}
FINAL_LEARNING_RATE=${FINAL_LEARNING_RATE:-0.0001}
# optional extension stage (0: none): fresh lines (seed SEED+6000, the training fonts plus the
# "extra" weights and widths of fonts.tsv) added to the training list, and training resumed from
# the ITERATIONS checkpoint for EXTEND_ITERATIONS more at LEARNING_RATE (a new output counts from 0)
EXTEND_ITERATIONS=${EXTEND_ITERATIONS:-0}
EXTEND_LINES=${EXTEND_LINES:-16000}
EXTEND_FONTS=${EXTEND_FONTS:-train}          # font split(s) of the fresh lines: train, or train,extra
EXT="train2-${EXTEND_FONTS//,/-}"            # their data set (and list) name
# Start model: the LSTM of Debian's tesseract-ocr-eng (tessdata_fast, Apache-2.0). It is an
# integer model, which lstmtraining cannot continue from; int2float.py restores float weights.
ENG_TRAINEDDATA=${ENG_TRAINEDDATA:-/usr/share/tesseract-ocr/5/tessdata/eng.traineddata}
GEN="python3 training/gen_lines.py"

log() { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
. training/lstm_steps.sh

step_data() {
  # training set: 11 fonts x etched/sticker looks; evaluation sets held out three ways
  $NICE $GEN --out "$W/data/train" --prefix tr --seed "$SEED" --lines "$TRAIN_LINES" \
    --font-split train --looks etched,sticker --look-weights 0.6,0.4
  # easy set: short lines (a serial, or `Serial` + serial), mostly high-contrast; 1 file in 5
  # of the training list (it was the warm-up of the abandoned from-scratch attempt)
  $NICE $GEN --out "$W/data/warmup" --prefix wu --seed $((SEED + 4000)) --lines "$WARMUP_LINES" --short \
    --font-split train --looks clean,sticker,etched --look-weights 0.6,0.2,0.2
  $NICE $GEN --out "$W/data/eval_infont" --prefix ev_in --seed $((SEED + 1000)) --lines "$EVAL_LINES" \
    --font-split train --looks etched,sticker --look-weights 0.6,0.4
  $NICE $GEN --out "$W/data/eval_heldfont" --prefix ev_hf --seed $((SEED + 2000)) --lines "$EVAL_LINES" \
    --font-split heldout --looks etched,sticker --look-weights 0.6,0.4
  $NICE $GEN --out "$W/data/eval_heldlook" --prefix ev_hl --seed $((SEED + 3000)) --lines "$EVAL_LINES" \
    --font-split train --looks screen
  for t in "$W"/data/*/*.tif; do
    [ -s "${t%.tif}.lstmf" ] || $NICE tesseract "$t" "${t%.tif}" --psm 13 lstm.train >/dev/null 2>&1
  done
  for s in train warmup eval_infont eval_heldfont eval_heldlook; do
    ls "$W/data/$s"/*.lstmf > "$W/$s.list"
  done
  log "data: $(cat "$W"/data/train/*.gt.tsv | wc -l) training lines"
}

step_extend_data() {
  [ -s "$W/$EXT.list" ] && return 0
  $NICE $GEN --out "$W/data/$EXT" --prefix tr2 --seed $((SEED + 6000)) --lines "$EXTEND_LINES" \
    --font-split "$EXTEND_FONTS" --looks etched,sticker --look-weights 0.6,0.4
  for t in "$W"/data/$EXT/*.tif; do
    [ -s "${t%.tif}.lstmf" ] || $NICE tesseract "$t" "${t%.tif}" --psm 13 lstm.train >/dev/null 2>&1
  done
  ls "$W"/data/$EXT/*.lstmf > "$W/$EXT.list"
  log "extend data: $(cat "$W"/data/$EXT/*.gt.tsv | wc -l) more training lines ($EXTEND_FONTS fonts)"
}

step_extend() {
  # resumes main_checkpoint (ITERATIONS) on the training list plus fresh lines; keeps the
  # resumed checkpoint as main_checkpoint.base so that the step can be re-run
  [ -s "$W/ckpt/main_checkpoint.base" ] || cp "$W/ckpt/main_checkpoint" "$W/ckpt/main_checkpoint.base"
  step_extend_data
  cat "$W/train+warmup.list" "$W/$EXT.list" > "$W/train+warmup+$EXT.list"
  rm -f "$W/ckpt/ext_checkpoint"
  $NICE lstmtraining --continue_from "$W/ckpt/main_checkpoint.base" \
    --traineddata "$W/lang/serial/serial.traineddata" --model_output "$W/ckpt/ext" \
    --learning_rate "$LEARNING_RATE" --train_listfile "$W/train+warmup+$EXT.list" \
    --max_iterations "$EXTEND_ITERATIONS" --target_error_rate 0.002 --debug_interval 0 \
    > "$W/train-extend-$EXT.log" 2>&1
  cp "$W/ckpt/ext_checkpoint" "$W/ckpt/main_checkpoint"
  log "extend: $(grep '^At iteration' "$W/train-extend-$EXT.log" | tail -1 | cut -c1-110)"
}

step_lang() {
  mkdir -p "$W/lang"
  # the unicharset is whatever the generator can emit (every character occurs thousands of times)
  cut -f4 "$W"/data/train/*.gt.tsv > "$W/lang/all-gt.txt"
  lstm_lang "$W" serial
  log "lang: $(head -1 "$W/lang/unicharset") unichars"
}

step_base() { lstm_base "$W" "$ENG_TRAINEDDATA"; }

step_train() {
  mkdir -p "$W/ckpt"
  cat "$W/train.list" "$W/warmup.list" > "$W/train+warmup.list"
  local t0=$SECONDS stop
  : > "$W/train.log"
  # Fine-tune with a new, small unicharset (tesstrain's "fine-tune for impact" method): the
  # output layer is remapped to our characters via --old_traineddata, everything else is kept.
  # Two runs of the same command: the first stops at STAGE1_ITERATIONS; the second finds the
  # checkpoint in --model_output, resumes it (same learning rate, same data) and runs on to
  # ITERATIONS (tesstrain's way to train longer). Kept in two runs so that the published model
  # is reproduced exactly: it was made by resuming the 10 000-iteration run.
  for stop in $STAGE1_ITERATIONS $ITERATIONS; do
    [ "$stop" -le "$ITERATIONS" ] || stop=$ITERATIONS
    $NICE lstmtraining --continue_from "$W/base/eng-float.lstm" --old_traineddata "$ENG_TRAINEDDATA" \
      --traineddata "$W/lang/serial/serial.traineddata" --model_output "$W/ckpt/serial" \
      --learning_rate "$LEARNING_RATE" --train_listfile "$W/train+warmup.list" \
      --max_iterations "$stop" --target_error_rate 0.002 --debug_interval 0 \
      >> "$W/train.log" 2>&1
    [ "$stop" -lt "$ITERATIONS" ] || break
  done
  cp "$W/ckpt/serial_checkpoint" "$W/ckpt/main_checkpoint"
  local final_list="$W/train+warmup.list"
  if [ "$EXTEND_ITERATIONS" -gt 0 ]; then step_extend; final_list="$W/train+warmup+$EXT.list"; fi
  if [ "$FINAL_ITERATIONS" -gt 0 ]; then
    # a fresh run from the last checkpoint (so its iteration count starts at 0) with every
    # stored learning rate reset to the lower one; the data list is read again from the start
    rm -f "$W/ckpt/final_checkpoint"
    $NICE lstmtraining --continue_from "$W/ckpt/main_checkpoint" \
      --traineddata "$W/lang/serial/serial.traineddata" --model_output "$W/ckpt/final" \
      --learning_rate "$FINAL_LEARNING_RATE" --reset_learning_rate --train_listfile "$final_list" \
      --max_iterations "$FINAL_ITERATIONS" --target_error_rate 0.002 --debug_interval 0 \
      > "$W/train-final.log" 2>&1
    cp "$W/ckpt/final_checkpoint" "$W/ckpt/serial_checkpoint.packed"
  else
    cp "$W/ckpt/main_checkpoint" "$W/ckpt/serial_checkpoint.packed"
  fi
  log "train: $((SECONDS - t0)) s wall; $(grep '^At iteration' "$W/train.log" | tail -1 | cut -c1-110)"
  python3 training/eval/learning_curve.py "$W/train.log" | tee "$W/learning-curve.md"
  [ "$FINAL_ITERATIONS" -le 0 ] || python3 training/eval/learning_curve.py "$W/train-final.log" 1000 | tee -a "$W/learning-curve.md"
}

step_pack() {
  mkdir -p "$(dirname "$OUT_MODEL")"
  lstmtraining --stop_training --convert_to_int --continue_from "$W/ckpt/serial_checkpoint.packed" \
    --traineddata "$W/lang/serial/serial.traineddata" --model_output "$OUT_MODEL" >/dev/null 2>&1
  lstmtraining --stop_training --continue_from "$W/ckpt/serial_checkpoint.packed" \
    --traineddata "$W/lang/serial/serial.traineddata" --model_output "$W/serial-float.traineddata" >/dev/null 2>&1
  log "pack: $OUT_MODEL $(stat -c %s "$OUT_MODEL") bytes"
  # The same checkpoint unquantised (`serial_best`, what the etched preset reads with): its
  # weights are stored as doubles (3.0 MB), so it ships as a zip of its components, which
  # libtesseract reads as a traineddata when built with libarchive (Debian's is).
  local parts="$W/best-components" best
  best="$(dirname "$OUT_MODEL")/serial_best.traineddata"
  rm -rf "$parts"; mkdir -p "$parts"
  combine_tessdata -u "$W/serial-float.traineddata" "$parts/serial_best." >/dev/null 2>&1
  python3 - "$parts" "$best" <<'PY'
import os, sys, zipfile
src, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w") as z:
    for name in sorted(os.listdir(src)):
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))   # the same bytes every time
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(os.path.join(src, name), "rb") as f:
            z.writestr(info, f.read(), compresslevel=9)
PY
  log "pack: $best $(stat -c %s "$best") bytes"
}

step_eval() {
  for s in eval_infont eval_heldfont eval_heldlook; do
    $NICE lstmeval --model "$OUT_MODEL" --eval_listfile "$W/$s.list" --verbosity 2 > "$W/$s.verbose.txt" 2>&1
    echo "$s (int model): $(grep -o 'BCER eval=[0-9.]*' "$W/$s.verbose.txt" | tail -1)"
  done | tee "$W/lstmeval.txt"
  # CER without spaces per look, glyph size, contrast, letter spacing (training/eval/cer_by_capture.py)
  for s in eval_infont eval_heldfont eval_heldlook; do
    echo "### $s"; python3 training/eval/cer_by_capture.py "$W/data/$s" "$W/$s.verbose.txt"
  done | tee "$W/cer-by-capture.md"
  python3 training/eval/crop_real.py training/eval/real-dev-boxes.csv "${DATASETS:-../shared/datasets}/real-dev" "$W/realcrops"
  $NICE python3 training/eval/compare.py --tessdata-serial "$(dirname "$OUT_MODEL")" \
    --rendered "${DATASETS:-../shared/datasets}/rendered" --crops "$W/realcrops" \
    --out "$W/compare.md" --details "$W/compare-details.md"
}

[ $# -gt 0 ] || set -- all
for s in "$@"; do
  case $s in
    all) step_data; step_lang; step_base; step_train; step_pack; step_eval ;;
    data|lang|base|train|pack|eval) "step_$s" ;;
    extend) step_extend; cp "$W/ckpt/main_checkpoint" "$W/ckpt/serial_checkpoint.packed" ;;
    *) echo "unknown step: $s" >&2; exit 2 ;;
  esac
done
