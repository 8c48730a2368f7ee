#!/usr/bin/env python3
"""Cut the hand-picked serial boxes out of the real dev photos, for EVALUATION ONLY.

Usage: crop_real.py BOXES.csv PHOTO_DIR OUT_DIR
The crops go to a scratch directory; they are never used for training and never committed.
Box columns: cx,cy = centre of the serial in the photo (pixels), w,h = size of the box
along/across the text, angle = direction of the text in degrees counter-clockwise
(90 = text running bottom-to-top).  Each crop is levelled and scaled to 50 px height
(glyphs ~36 px), the height the lead's engine reads a line at.
"""
import csv
import os
import sys

from PIL import Image

boxes, photos, out = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "labels.csv"), "w") as lab:
    lab.write("filename,serial\n")
    for row in csv.DictReader(open(boxes)):
        im = Image.open(os.path.join(photos, row["filename"])).convert("L")
        cx, cy, w, h, a = (float(row[k]) for k in ("cx", "cy", "w", "h", "angle"))
        im = im.rotate(-a, Image.BICUBIC, center=(cx, cy))
        c = im.crop((int(cx - w / 2), int(cy - h / 2), int(cx + w / 2), int(cy + h / 2)))
        s = 50.0 / c.height
        c = c.resize((int(c.width * s), 50), Image.BICUBIC)
        name = "%s_%s.png" % (row["filename"].rsplit(".", 1)[0], row["kind"])
        c.save(os.path.join(out, name))
        lab.write("%s,%s\n" % (name, row["serial"]))
