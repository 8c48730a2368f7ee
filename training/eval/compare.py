#!/usr/bin/env python3
"""Stock `eng` vs our `serial` model on the evaluation images (never used for training).

Usage: compare.py --tessdata-serial DIR [--rendered DIR] [--crops DIR] [--out FILE.md]

Each image is read as ONE text line (PSM 7) with the tesseract CLI, OMP_THREAD_LIMIT=1:
  rendered  datasets/rendered (300x60, glyphs ~8 px): greyscale, scaled x4.5 (bicubic)
  crops     the real-dev serial crops made by crop_real.py (already 50 px high)
Variants: plain, and with the serial whitelist (digits + A-Z without O and I).
Scores: exact matches after removing spaces, and character error rate (Levenshtein / len).
"""
import argparse
import csv
import os
import subprocess
import tempfile

from PIL import Image
from textdist import edit_distance as lev

WHITELIST = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def ocr(path, lang, tessdata, whitelist):
    cmd = ["tesseract", path, "-", "--psm", "7", "-l", lang]
    if tessdata:
        cmd += ["--tessdata-dir", tessdata]
    if whitelist:
        cmd += ["-c", "tessedit_char_whitelist=" + WHITELIST]
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    out = subprocess.run(cmd, capture_output=True, text=True, env=env).stdout
    return "".join(out.split())


def serial_part(text, label):
    """The crop may hold a few anchor characters (`l`, `#`): keep the best-matching window."""
    if len(text) <= len(label):
        return text
    best = min(range(len(text) - len(label) + 1), key=lambda i: lev(text[i:i + len(label)], label))
    return text[best:best + len(label)]


def run(images, models, tmp):
    rows = []
    for name, path, label in images:
        row = {"image": name, "label": label}
        for key, (lang, tessdata, wl) in models.items():
            text = ocr(path, lang, tessdata, wl)
            row[key] = text
        rows.append(row)
    return rows


def summarise(rows, models, trim):
    out = {}
    for key in models:
        exact, errs, chars = 0, 0, 0
        for r in rows:
            t = serial_part(r[key], r["label"]) if trim else r[key]
            exact += t == r["label"]
            errs += lev(t, r["label"])
            chars += len(r["label"])
        out[key] = (exact, len(rows), 100.0 * errs / chars)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tessdata-serial", required=True)
    ap.add_argument("--tessdata-eng", default="")
    ap.add_argument("--rendered", default="")
    ap.add_argument("--crops", default="")
    ap.add_argument("--out", default="")
    ap.add_argument("--details", default="")
    args = ap.parse_args()
    models = {
        "eng": ("eng", args.tessdata_eng, False),
        "eng+wl": ("eng", args.tessdata_eng, True),
    }
    if args.tessdata_serial != "none":
        models["serial"] = ("serial", args.tessdata_serial, False)
        models["serial+wl"] = ("serial", args.tessdata_serial, True)
    lines = ["| set | n | " + " | ".join("%s exact | %s CER" % (k, k) for k in models) + " |",
             "|---|---|" + "---|---|" * len(models)]
    details = []
    with tempfile.TemporaryDirectory() as tmp:
        sets = []
        if args.rendered:
            imgs = []
            for r in csv.DictReader(open(os.path.join(args.rendered, "labels.csv"))):
                im = Image.open(os.path.join(args.rendered, r["filename"])).convert("L")
                im = im.resize((int(im.width * 4.5), int(im.height * 4.5)), Image.BICUBIC)
                p = os.path.join(tmp, r["filename"] + ".png")
                im.save(p)
                imgs.append((r["filename"], p, r["serial"]))
            sets.append(("rendered (x4.5)", imgs, False))
        if args.crops:
            imgs = [(r["filename"], os.path.join(args.crops, r["filename"]), r["serial"])
                    for r in csv.DictReader(open(os.path.join(args.crops, "labels.csv")))]
            sets.append(("real-dev crops, all", imgs, True))
            sets.append(("real-dev crops, etched", [i for i in imgs if "etched" in i[0]], True))
            sets.append(("real-dev crops, sticker", [i for i in imgs if "sticker" in i[0]], True))
        cache = {}
        for title, imgs, trim in sets:
            rows = [cache[i[0]] if i[0] in cache else None for i in imgs]
            todo = [i for i, r in zip(imgs, rows) if r is None]
            for r in run(todo, models, tmp):
                cache[r["image"]] = r
            rows = [cache[i[0]] for i in imgs]
            s = summarise(rows, models, trim)
            lines.append("| %s | %d | " % (title, len(rows))
                         + " | ".join("%d | %.1f %%" % (s[k][0], s[k][2]) for k in models) + " |")
            if "all" in title or "rendered" in title:
                details += ["", "### " + title, "", "| image | label | " + " | ".join(models) + " |",
                            "|---|---|" + "---|" * len(models)]
                for r in rows:
                    details.append("| %s | %s | " % (r["image"], r["label"]) + " | ".join(r[k] for k in models) + " |")
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        open(args.out, "w").write(text)
    if args.details:
        open(args.details, "w").write("\n".join(details) + "\n")


if __name__ == "__main__":
    main()
