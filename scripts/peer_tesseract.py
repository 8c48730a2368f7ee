#!/usr/bin/env python3
"""The naive peer `make bench` compares ScanBench with: the tesseract CLI the obvious way.

For each image: `tesseract IMAGE stdout --psm 3` over the whole page; when no serial-shaped
token comes out, once more with `--psm 11` (sparse text). The answer is the first token that
matches Apple's serial pattern (8 to 14 letters and digits with both kinds, after the usual
O→0 and I→1 repair: Apple serials have neither), the longest one first. Each image's time is the wall time of its
CLI runs, model loading included: that is what a script calling the CLI (or pytesseract, which
runs the same CLI) pays per image.

Usage: peer_tesseract.py DATASET_DIR [--limit N] [--psm 3,11]
Prints one JSON object per image: {"file": relative path, "answer": text or "", "ms": wall ms}.
"""
import argparse
import csv
import json
import os
import re
import subprocess
import sys
import time

TOKEN = re.compile(r"[A-Za-z0-9]+")


def serial_of(text):
    """The first serial-shaped token of `text` (longest first), or ''."""
    tokens = []
    for raw in TOKEN.findall(text):
        t = raw.upper().replace("O", "0").replace("I", "1")
        if 8 <= len(t) <= 14 and re.search(r"[0-9]", t) and re.search(r"[A-Z]", t):
            tokens.append(t)
    tokens.sort(key=len, reverse=True)
    return tokens[0] if tokens else ""


def read(path, modes):
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    answer = ""
    t0 = time.perf_counter()
    for psm in modes:
        out = subprocess.run(["tesseract", path, "stdout", "--psm", str(psm)], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        answer = serial_of(out)
        if answer:
            break
    return answer, (time.perf_counter() - t0) * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dataset")
    ap.add_argument("--limit", type=int, default=0, help="read the first N images of labels.csv (0: all)")
    ap.add_argument("--psm", default="3,11", help="page segmentation modes, tried in order until a serial-shaped token appears")
    args = ap.parse_args()
    modes = [int(m) for m in args.psm.split(",") if m.strip()]
    with open(os.path.join(args.dataset, "labels.csv"), newline="") as f:
        files = [row["filename"] for row in csv.DictReader(f)]
    if args.limit > 0:
        files = files[: args.limit]
    for name in files:
        path = os.path.join(args.dataset, name)
        if not os.path.exists(path):
            continue
        answer, ms = read(path, modes)
        print(json.dumps({"file": name, "answer": answer, "ms": round(ms, 2)}), flush=True)


if __name__ == "__main__":
    sys.exit(main())
