#!/usr/bin/env bash
# Bounded load test of `scanbench serve` on loopback: REQUESTS POST /process-serial uploads of
# the images in IMAGES, CONCURRENCY at a time (curl + xargs -P), the whole run capped at
# LIMIT seconds. Prints errors (anything but HTTP 200/422 or a transport failure), status
# counts, latency percentiles and throughput. Not part of `make test`.
set -euo pipefail
BIN=${BIN:-.build/release/scanbench}
REQUESTS=${REQUESTS:-60}
CONCURRENCY=${CONCURRENCY:-8}
IMAGES=${IMAGES:-Datasets/synthetic/screen}
WORKERS=${WORKERS:-$(nproc)}
QUEUE=${QUEUE:-64}
LIMIT=${LIMIT:-60}
QUERY=${QUERY:-}
export OMP_THREAD_LIMIT=1

work=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
"$BIN" serve --host 127.0.0.1 --port 0 --datasets-root Datasets --reports-dir "$work/reports" \
    --workers "$WORKERS" --queue-size "$QUEUE" >"$work/server.log" 2>&1 &
pid=$!
port=""
for _ in $(seq 100); do
    port=$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$work/server.log" | head -1)
    [ -n "$port" ] && break
    sleep 0.1
done
[ -n "$port" ] || { echo "server did not start:"; cat "$work/server.log"; exit 1; }
url="http://127.0.0.1:$port/process-serial${QUERY:+?$QUERY}"

mapfile -t files < <(find "$IMAGES" -maxdepth 1 -type f \( -name '*.jpg' -o -name '*.jpeg' -o -name '*.png' \) | sort)
[ "${#files[@]}" -gt 0 ] || { echo "no images in $IMAGES"; exit 1; }
for i in $(seq 0 $((REQUESTS - 1))); do echo "${files[$((i % ${#files[@]}))]}"; done >"$work/list"

echo "load test: $REQUESTS requests, $CONCURRENCY concurrent, $WORKERS workers, images from $IMAGES, $url"
start=$(date +%s.%N)
timeout "$LIMIT" xargs -P "$CONCURRENCY" -I{} curl -s -o /dev/null --max-time "$LIMIT" \
    -w '%{http_code} %{time_total}\n' -F 'image=@{}' "$url" <"$work/list" >"$work/results" || true
end=$(date +%s.%N)

wall=$(echo "$end - $start" | bc)
done_count=$(wc -l <"$work/results")
errors=$(awk '$1 != 200 && $1 != 422' "$work/results" | wc -l)
missing=$((REQUESTS - done_count))
printf 'completed %d of %d in %.1f s (%.2f req/s); errors %d; not completed %d\n' \
    "$done_count" "$REQUESTS" "$wall" "$(echo "$done_count / $wall" | bc -l)" "$errors" "$missing"
printf 'status:'; awk '{print $1}' "$work/results" | sort | uniq -c | awk '{printf " %s=%s", $2, $1}'; echo
awk '{printf "%.1f\n", $2 * 1000}' "$work/results" | sort -n >"$work/ms"
if [ "$done_count" -gt 0 ]; then
    awk -v n="$done_count" '{ t[NR] = $1 } END {
        split("50 90 95 99", ps, " "); printf "latency ms:"
        for (i = 1; i <= 4; i++) { k = int(ps[i] / 100 * n + 0.999); if (k < 1) k = 1; if (k > n) k = n; printf " p%s=%.0f", ps[i], t[k] }
        printf " max=%.0f\n", t[n] }' "$work/ms"
fi
[ "$errors" -eq 0 ] && [ "$missing" -eq 0 ]
