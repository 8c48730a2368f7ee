#!/usr/bin/env python3
"""The real stickers without the etched text: photos as if only the sticker was taken.

Usage: stickers_alone.py BOXES.csv PHOTO_DIR OUT_DIR [--tight]
For every `sticker` row of BOXES.csv (training/eval/real-dev-boxes.csv), cuts the photo
around the sticker's serial box, unrotated and at the photo's own scale: 2.2 box widths by
8 box heights (the label `Sl.#`, the inventory code above and the phone line below stay in),
across and along swapped for text turned 90 degrees. `--tight` cuts 1.6 x 1.1 times the
box's longer side instead, which can cut the label at the left. Writes OUT_DIR/labels.csv
(filename, serial, device_type MacBook, as in real-dev), for `scanbench evaluate`.
For EVALUATION ONLY: the crops go to a scratch folder, never into training or the repository.
"""
import csv
import os
import sys

from PIL import Image

args = [a for a in sys.argv[1:] if not a.startswith("--")]
tight = "--tight" in sys.argv
boxes, photos, out = args
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "labels.csv"), "w") as lab:
    lab.write("filename,serial,device_type\n")
    for row in csv.DictReader(open(boxes)):
        if row["kind"] != "sticker":
            continue
        im = Image.open(os.path.join(photos, row["filename"]))
        cx, cy, w, h, a = (float(row[k]) for k in ("cx", "cy", "w", "h", "angle"))
        if tight:
            if abs(a) > 45:
                w, h = h, w
            W, H = max(w, h) * 1.6, max(w, h) * 1.1
        else:
            W, H = 2.2 * w, 8 * h
            if abs(a) > 45:
                W, H = H, W
        box = (int(max(0, cx - W / 2)), int(max(0, cy - H / 2)), int(min(im.width, cx + W / 2)), int(min(im.height, cy + H / 2)))
        im.crop(box).save(os.path.join(out, row["filename"]))
        lab.write("%s,%s,MacBook\n" % (row["filename"], row["serial"]))
