#!/usr/bin/env python3
"""The same reads through the tesseract CLI: what ScanBench's in-process engine saves.

For each image, `scanbench read --debug` writes every line and crop the serial pipeline fed to
the serial model; each is then read again by one `tesseract` process (the serial model, PSM 13
for lines, PSM 7 + the serial whitelist for crops), as a pytesseract-style tool would. The
pipeline's own time is taken from a second `scanbench read` without --debug (no PNG writing).
Page reads with `eng` (the fallback stage) are not written by --debug and not counted.

    python3 training/eval/peer_same_reads.py DATASET PRESET [N]    (from the repo root,
    after `make build-release`)
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

WHITELIST = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    ds, preset = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    exe = ".build/release/scanbench"
    files = sorted(f for f in os.listdir(ds) if f.lower().endswith((".jpg", ".jpeg", ".png")))[:n]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            path = os.path.join(ds, f)
            d = os.path.join(tmp, f)
            subprocess.run([exe, "read", path, "--preset", preset, "--debug", d], capture_output=True, env=env, check=True)
            out = subprocess.run([exe, "read", path, "--preset", preset], capture_output=True, text=True, env=env, check=True).stdout
            ours = float(re.search(r": (\d+) ms, strategy", out).group(1))
            pngs = sorted(p for p in os.listdir(d) if p.endswith(".png"))
            t0 = time.monotonic()
            for p in pngs:
                args = ["--psm", "7", "-c", "tessedit_char_whitelist=" + WHITELIST] if "-crop-" in p else ["--psm", "13"]
                subprocess.run(["tesseract", os.path.join(d, p), "stdout", "-l", "serial", "--tessdata-dir", "Models",
                                "--dpi", "300"] + args, capture_output=True, env=env, check=True)
            peer = (time.monotonic() - t0) * 1000
            rows.append((len(pngs), ours, peer))
            print(f"{f}: {len(pngs)} reads, ours {ours:.0f} ms, CLI {peer:.0f} ms ({peer / max(ours, 1):.1f}x)", flush=True)
    if rows:
        ours = sum(r[1] for r in rows) / len(rows)
        peer = sum(r[2] for r in rows) / len(rows)
        print(f"{len(rows)} images: median {statistics.median(r[0] for r in rows)} reads/image, "
              f"ours {ours:.0f} ms/image, same reads through the CLI {peer:.0f} ms/image, ratio {peer / max(ours, 1e-9):.1f}x")


if __name__ == "__main__":
    main()
