#!/usr/bin/env python3
"""Number crops (a permit_crops.py TSV) read by each model, digits only, as the pipeline reads
them (one line, whitelist `0123456789/-`): exact reads, all and per capture.

usage: permit_compare.py CROPS.tsv LANG[@TESSDATA_DIR]...   e.g. permit@Models serial_best@Models eng fra
"""
import concurrent.futures as cf
import csv
import os
import subprocess
import sys

ENV = dict(os.environ, OMP_THREAD_LIMIT="1")


def read(crop, lang, tessdata):
    """`crop` read by model `lang` (from `tessdata`, or Tesseract's own when empty), digits only."""
    cmd = ["tesseract", crop, "-"] + (["--tessdata-dir", tessdata] if tessdata else []) + \
          ["-l", lang, "--psm", "7", "-c", "tessedit_char_whitelist=0123456789/-"]
    out = subprocess.run(cmd, capture_output=True, text=True, env=ENV, timeout=60).stdout
    return "".join(c for c in out if c.isdigit() or c in "/-")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
    for spec in sys.argv[2:]:
        lang, _, tessdata = spec.partition("@")
        with cf.ThreadPoolExecutor(2) as ex:
            reads = list(ex.map(lambda r: read(r["crop"], lang, tessdata), rows))
        per = {}
        for got, r in zip(reads, rows):
            c = per.setdefault(r["capture"], [0, 0])
            c[0] += got == r["number"]
            c[1] += 1
        exact = sum(c[0] for c in per.values())
        print(f"{spec}: {exact}/{len(rows)} exact; " + ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(per.items())))


if __name__ == "__main__":
    main()
