#!/usr/bin/env python3
"""Character error rate of an lstmeval run, split by look and by capture conditions.

Usage: cer_by_capture.py DATA_DIR VERBOSE_TXT [--md] [--worst N]
DATA_DIR holds the generator's *.gt.tsv (page, font, look, text, glyph px, contrast, blur,
JPEG quality, binarised, letter spacing); VERBOSE_TXT is `lstmeval --verbosity 2` output (Truth:/OCR  : pairs).
CER here ignores spaces (edit distance over the characters without spaces / their count).
lstmeval does not read the lines in file order, so lines are matched by their text; the few
identical texts of a set (fixed distractors such as `Designed by Apple in California`) are
paired in order, so their capture columns may be swapped among themselves.
"""
import argparse
import glob
import os
from collections import defaultdict

from textdist import edit_distance


def load(data_dir, verbose):
    rows = defaultdict(list)
    for f in sorted(glob.glob(os.path.join(data_dir, "*.gt.tsv"))):
        for line in open(f, encoding="utf-8"):
            c = line.rstrip("\n").split("\t")
            meta = dict(font=c[1], look=c[2], text=c[3])
            if len(c) >= 9:
                meta.update(px=float(c[4]), contrast=float(c[5]), blur=float(c[6]), jpeg=int(c[7]), binarised=int(c[8]))
            if len(c) >= 10:
                meta.update(spacing=float(c[9]))
            rows[c[3]].append(meta)
    lines = open(verbose, encoding="utf-8", errors="replace").read().splitlines()
    truth = [l[6:] for l in lines if l.startswith("Truth:")]
    ocr = [l[6:] for l in lines if l.startswith("OCR  :")]
    out = []
    for t, o in zip(truth, ocr):
        m = rows[t].pop(0)
        a, b = t.replace(" ", ""), o.replace(" ", "")
        m.update(ocr=o, errors=edit_distance(a, b), chars=len(a))
        out.append(m)
    return out


def legible(m):
    """A line a person reads without guessing: glyphs >= 12 px, and etched contrast >= 0.2."""
    return m.get("px", 99) >= 12 and (m["look"] != "etched" or m.get("contrast", 1) >= 0.2)


GROUPS = [
    ("all", lambda m: True),
    ("etched", lambda m: m["look"] == "etched"),
    ("sticker", lambda m: m["look"] == "sticker"),
    ("screen", lambda m: m["look"] == "screen"),
    ("glyph 8-10 px", lambda m: "px" in m and m["px"] < 10),
    ("glyph 10-12 px", lambda m: "px" in m and 10 <= m["px"] < 12),
    ("glyph 12-16 px", lambda m: "px" in m and 12 <= m["px"] < 16),
    ("glyph 16-30 px", lambda m: "px" in m and m["px"] >= 16),
    ("etched contrast < 0.2", lambda m: m["look"] == "etched" and m.get("contrast", 1) < 0.2),
    ("etched contrast >= 0.2", lambda m: m["look"] == "etched" and m.get("contrast", 0) >= 0.2),
    ("letter spacing < 0.2 em", lambda m: m.get("spacing", 0) < 0.2),
    ("letter spacing >= 0.2 em", lambda m: m.get("spacing", 0) >= 0.2),
    ("legible (>= 12 px; etched contrast >= 0.2)", legible),
    ("legible etched", lambda m: legible(m) and m["look"] == "etched"),
]


def summary(ms):
    res = []
    for name, f in GROUPS:
        sel = [m for m in ms if f(m)]
        if not sel:
            continue
        e = sum(m["errors"] for m in sel)
        n = sum(m["chars"] for m in sel)
        exact = sum(m["errors"] == 0 for m in sel)
        res.append((name, len(sel), 100.0 * e / max(1, n), exact))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data_dir")
    ap.add_argument("verbose")
    ap.add_argument("--worst", type=int, default=0)
    args = ap.parse_args()
    ms = load(args.data_dir, args.verbose)
    print("| lines | n | CER (no spaces) | exact |")
    print("|---|---|---|---|")
    for name, n, cer, exact in summary(ms):
        print("| %s | %d | %.2f %% | %d |" % (name, n, cer, exact))
    for m in sorted(ms, key=lambda m: -m["errors"])[:args.worst]:
        if m["errors"]:
            print(m["errors"], m["look"], m["font"], m.get("px"), m.get("contrast"), repr(m["text"]), "->", repr(m["ocr"]))


if __name__ == "__main__":
    main()
