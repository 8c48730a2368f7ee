#!/usr/bin/env bash
# Evaluates the sets a refactoring must not change — every bundled set under Datasets/synthetic,
# and ../shared/datasets/real-dev and rendered when present — with one scanbench binary, and
# keeps each per-image CSV without its timing column (latency_ms), so that two binaries' answers
# compare with `diff -r`:
#   scripts/same-answers.sh /tmp/before /work/base/.build/release/scanbench
#   scripts/same-answers.sh /tmp/after  .build/release/scanbench
#   diff -r /tmp/before /tmp/after && echo identical
# Further folders after BIN (freshly generated sets, say) are compared too, each kept as
# PARENT-NAME.csv; a folder named permit is read with the permit preset, others with auto.
# Usage: scripts/same-answers.sh OUT_DIR [BIN [DIR…]] (BIN defaults to .build/release/scanbench)
set -euo pipefail
out=${1:?usage: scripts/same-answers.sh OUT_DIR [BIN [DIR…]]}
bin=${2:-.build/release/scanbench}
shift $(( $# < 2 ? $# : 2 ))
export OMP_THREAD_LIMIT=1
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
sets=()
for d in "$root"/Datasets/synthetic/*/; do sets+=("${d%/}"); done
for d in real-dev rendered; do
  if [ -d "$root/../shared/datasets/$d" ]; then sets+=("$root/../shared/datasets/$d")
  else echo "same-answers: ../shared/datasets/$d is absent; not compared" >&2; fi
done
bundled=${#sets[@]}
sets+=("$@")
for i in "${!sets[@]}"; do
  d=${sets[$i]}
  name=$(basename "$d")
  # A further folder is named with its parent too (/tmp/fresh/etched → fresh-etched).
  [ "$i" -ge "$bundled" ] && name="$(basename "$(dirname "$d")")-$name"
  case "$name" in permit*|*-permit) preset=permit ;; real-dev|rendered) preset=etched ;; *) preset=auto ;; esac
  reports=$(mktemp -d)
  json=$("$bin" evaluate --dataset "$d" --preset "$preset" --workers "${WORKERS:-2}" --fresh --quiet --out "$reports")
  # Drop the latency_ms column, found by its header.
  python3 -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
c = rows[0].index("latency_ms")
csv.writer(sys.stdout, lineterminator="\n").writerows([r[:c] + r[c + 1:] for r in rows])' "${json%.json}.csv" > "$out/$name.csv"
  rm -rf "$reports"
  echo "same-answers: $name ($preset) → $out/$name.csv"
done
