#!/usr/bin/env python3
"""Learning curve from lstmtraining's log: training BCER/BWER every STEP iterations.

Usage: learning_curve.py TRAIN_LOG [STEP]   (STEP: 2000 by default)
Reads the `At iteration L/T/S, ... BCER train=X%, BWER train=Y%` lines (L: lines learnt from,
T: training iteration; the BCER is Tesseract's rolling mean over its recent lines) and prints
a Markdown table; the last line of the log is always included.
"""
import re
import sys

step = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
pat = re.compile(r"At iteration (\d+)/(\d+)/(\d+), .*?BCER train=([0-9.]+)%, BWER train=([0-9.]+)%")
rows = {}
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    m = pat.search(line)
    if m:
        rows[int(m.group(2))] = (float(m.group(4)), float(m.group(5)))
if not rows:
    sys.exit("no 'At iteration' lines in %s" % sys.argv[1])
keep = sorted(t for t in rows if t % step == 0)
last = max(rows)
if last not in keep:
    keep.append(last)
print("| iteration | " + " | ".join("%d" % t for t in keep) + " |")
print("|---|" + "---|" * len(keep))
print("| BCER train | " + " | ".join("%.1f %%" % rows[t][0] for t in keep) + " |")
print("| BWER train | " + " | ".join("%.1f %%" % rows[t][1] for t in keep) + " |")
