# Steps shared by train_model.sh and train_permit_model.sh (sourced; both set -euo pipefail).

# lstm_lang W LANG: the unicharset of the texts in W/lang/all-gt.txt and W/lang/LANG/LANG.traineddata
# (no word lists: serials and permit numbers are not words).
lstm_lang() {
  local W=$1 lang=$2
  mkdir -p "$W/lang/langdata"
  unicharset_extractor --output_unicharset "$W/lang/unicharset" --norm_mode 1 "$W/lang/all-gt.txt" >/dev/null 2>&1
  # combine_lang_model wants a radical table even for Latin; a one-line stub (one Han
  # character we never use) satisfies it.
  printf '4e00\t1.0\n' > "$W/lang/langdata/radical-stroke.txt"
  combine_lang_model --input_unicharset "$W/lang/unicharset" --script_dir "$W/lang/langdata" \
    --output_dir "$W/lang" --lang "$lang" --pass_through_recoder >/dev/null 2>&1
}

# lstm_base W ENG_TRAINEDDATA: the start model W/base/eng-float.lstm. Debian's eng is an integer
# model, which lstmtraining cannot continue from; int2float.py restores float weights.
lstm_base() {
  local W=$1 eng=$2
  mkdir -p "$W/base"
  combine_tessdata -e "$eng" "$W/base/eng-int.lstm" >/dev/null 2>&1
  python3 training/int2float.py "$W/base/eng-int.lstm" "$W/base/eng-float.lstm"
}
