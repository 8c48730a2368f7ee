#!/usr/bin/env python3
"""Cheap smoke test of Models/serial.traineddata: render serials, read them back (PSM 7).

Usage: check_model.py TESSDATA_DIR [N]
Renders N random 12-character serials in Inter, ~36 px glyphs, dark on light grey, reads
each with `tesseract -l serial --psm 7` and exits non-zero unless at least 90 % are exact.
"""
import os
import random
import subprocess
import sys
import tempfile

from PIL import Image, ImageDraw, ImageFont

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
from gen_lines import serial12  # noqa: E402

tessdata = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 10
font_file = subprocess.run(["fc-match", "-f", "%{file}", "Inter:style=Regular"], capture_output=True, text=True).stdout
font = ImageFont.truetype(font_file, 48)
r = random.Random(7)
ok = 0
with tempfile.TemporaryDirectory() as tmp:
    for i in range(n):
        s = serial12(r)
        im = Image.new("L", (int(font.getlength(s)) + 40, 70), 200)
        ImageDraw.Draw(im).text((20, 8), s, font=font, fill=70)
        p = os.path.join(tmp, "%d.png" % i)
        im.save(p)
        out = subprocess.run(["tesseract", p, "-", "--psm", "7", "-l", "serial", "--tessdata-dir", tessdata],
                             capture_output=True, text=True, env=dict(os.environ, OMP_THREAD_LIMIT="1"))
        got = "".join(out.stdout.split())
        ok += got == s
        if got != s:
            print("miss: %s read as %r %s" % (s, got, out.stderr.strip()[:200]))
print("model-check: %d/%d exact" % (ok, n))
sys.exit(0 if ok >= 0.9 * n else 1)
