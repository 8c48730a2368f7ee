#!/bin/sh
# Screenshots a ScanBench HTML report with headless Chromium and checks the picture is not
# blank (size, dimensions, variety of pixel bytes). Usage: html_screenshot.sh REPORT.html OUT.png
# Needs: apt-get install chromium (Debian). Exit 0 when the screenshot looks like a report.
set -eu
html=$1; png=$2
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "chromium not found: apt-get install chromium" >&2; exit 2; }
abs=$(cd "$(dirname "$html")" && pwd)/$(basename "$html")
rm -f "$png"
timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --window-size=1280,2000 --screenshot="$png" "file://$abs" >/dev/null 2>&1 || true
[ -s "$png" ] || { echo "no screenshot written for $html" >&2; exit 1; }
python3 - "$png" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
idat, i = b"", 8
while i < len(data):
    n = struct.unpack(">I", data[i:i + 4])[0]; kind = data[i + 4:i + 8]
    if kind == b"IDAT": idat += data[i + 8:i + 8 + n]
    i += 12 + n
raw = zlib.decompress(idat)
distinct = len(set(raw[:: max(1, len(raw) // 200000)]))
print(f"{sys.argv[1]}: {w}x{h}, {len(data)} bytes, {distinct} distinct byte values")
if w < 1000 or h < 1000 or len(data) < 20000 or distinct < 50:
    sys.exit("the screenshot looks blank")
PY
