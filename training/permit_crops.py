#!/usr/bin/env python3
"""Permit-number crops cut by the permit pipeline itself from synthetic photos, as LSTM lines.

The permit pipeline confirms the number it found on the page by reading its crop again, at
several scales and thresholds (`PermitPipeline.numberImage`). This script draws permits with
`scanbench generate --kind permit` (phone and flat captures, a seed of its own: never an
evaluation seed), reads each with `scanbench permit --debug`, and keeps every number crop the
pipeline read, labelled with the permit's number (legible permits only). The pipeline reads
few crops of a permit (most first crops agree and end the read), so each kept crop is also
written `--augment` more times, degraded again at random (resampled smaller, blurred, shaken,
faded, noised, JPEG, or cut to black and white as the vote's crops are). A crop is kept when Tesseract's English model,
digits only, reads it within 3 edits of the number (a crop of another line — a decree, a phone
number — is dropped; near misses, the blurred and stamped crops, are the point). With
`--keep-model permit@Models`, a crop the permit model in use reads within 3 edits is kept too:
English reads little of the most blurred crops.

usage: permit_crops.py --bin .build/release/scanbench --out DIR --seed 300011 \
           --count phone=600,flat=300 [--jobs 2]
Writes DIR/lines/*.tif + .box + .lstmf, DIR/permit_crops.list (the lstmf files) and
DIR/permit_crops.tsv (crop, capture, number, read; augmented copies are not listed). With
`--synthetic N`, N more lines are drawn directly (`synthetic_line`), in many more fonts than
the generator's. With `--stamps S`, a share S of the degraded copies and of the drawn lines is
struck with a whole rubber stamp first (`stamped`: rings, capitals around them, a word in the
middle, a star, at times a blot), as a stamp over the number looks in the pipeline's grey crops.
"""
import argparse
import concurrent.futures as cf
import csv
import os
import random
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "eval"))
sys.path.insert(0, HERE)
from textdist import edit_distance  # noqa: E402
from permit_compare import read  # noqa: E402
from line_batches import write_batches, write_list_and_table  # noqa: E402

ENV = dict(os.environ, OMP_THREAD_LIMIT="1")


def read_permit(binary, image, debug_dir):
    """The number crops the pipeline read in `image` (paths), from a --debug folder."""
    if not os.path.exists(os.path.join(debug_dir, ".done")):
        shutil.rmtree(debug_dir, ignore_errors=True)
        subprocess.run([binary, "permit", image, "--debug", debug_dir],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, timeout=300)
        os.makedirs(debug_dir, exist_ok=True)
        open(os.path.join(debug_dir, ".done"), "w").close()
    return [os.path.join(debug_dir, n) for n in sorted(os.listdir(debug_dir)) if n.endswith("-number.png")]


def degraded(img, rng):
    """`img` (grey PIL image) degraded once more at random: resampled smaller, blurred, shaken,
    faded, noised, then stored as JPEG or cut to black and white as the vote's crops are."""
    import io
    import numpy as np
    from PIL import Image, ImageFilter
    w, h = img.size
    f = rng.uniform(0.35, 0.9)                       # captured smaller, scaled back up
    img = img.resize((max(8, int(w * f)), max(8, int(h * f))), Image.BICUBIC).resize((w, h), Image.BICUBIC)
    if rng.random() < 0.5:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.5, 2.0)))
    px = np.asarray(img, dtype=np.float64)
    if rng.random() < 0.5:                           # shake: a short straight smear
        n, ang = rng.randint(3, 9), rng.uniform(0, np.pi)
        acc = np.zeros_like(px)
        for t in range(n):
            d = t - (n - 1) / 2
            acc += np.roll(np.roll(px, int(round(d * np.sin(ang))), 0), int(round(d * np.cos(ang))), 1)
        px = acc / n
    hi = np.percentile(px, 90)
    px = hi + (px - hi) * rng.uniform(0.35, 1.0) + rng.uniform(-30, 10)   # faded ink, other paper
    px += np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(0, 8), px.shape)
    img = Image.fromarray(np.clip(px, 0, 255).astype(np.uint8))
    if rng.random() < 0.25:                          # as the vote's thresholded crops
        a = np.asarray(img, dtype=np.float64)
        lo, hi = np.percentile(a, 5), np.percentile(a, 90)
        return Image.fromarray(np.where(a < lo + rng.choice([0.5, 0.65]) * (hi - lo), 0, 255).astype(np.uint8))
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=rng.randint(30, 90))
    return Image.open(io.BytesIO(buf.getvalue()))


def augmented(crop, out, rng, stamp_fonts=(), stamp_share=0.0):
    """`crop` degraded once more (`degraded`), written to `out`; with `stamp_fonts`, a share
    `stamp_share` of them struck with a rubber stamp first (`stamped`)."""
    from PIL import Image
    img = Image.open(crop).convert("L")
    if stamp_fonts and rng.random() < stamp_share:   # the pipeline's crops are ~2.3 digit heights tall
        img = stamped(img, img.size[1] * rng.uniform(0.35, 0.5), rng, stamp_fonts)
    degraded(img, rng).save(out)
    return out


# What a municipal stamp says: its ring (the country and the commune) and its middle word.
STAMP_TOWNS = ["TUNIS", "SFAX", "SOUSSE", "KAIROUAN", "BIZERTE", "GABES", "ARIANA", "NABEUL", "MONASTIR",
               "MAHDIA", "GAFSA", "BEJA", "JENDOUBA", "MEDENINE", "TOZEUR", "KEF", "ZAGHOUAN", "SILIANA"]
STAMP_WORDS = ["VISÉ", "ENREGISTRÉ", "APPROUVÉ", "LE MAIRE", "BUREAU D'ORDRE", "ARRIVÉE", "CONFORME"]
# Bold faces for the stamp's letters (fontconfig patterns, as LINE_FONTS).
STAMP_FONTS = ["DejaVu Sans:bold", "DejaVu Sans:condensed:bold", "Liberation Sans:bold", "Liberation Serif:bold",
               "Noto Sans:bold", "Noto Serif:bold", "Open Sans:bold", "FreeSans:bold", "Nimbus Sans:bold"]


def stamp_mask(size, cap, rng, fonts):
    """A round rubber stamp's strokes (L image, 255 = full ink) over an image of `size` whose
    digits are `cap` px tall: one or two rings, capitals around the ring, a word in the middle,
    at times a star and a blot from the pad, centred so its disc reaches the line."""
    import math
    from PIL import Image, ImageChops, ImageDraw, ImageFont
    w, h = size
    r = cap * rng.uniform(3.0, 6.0)
    cx, cy = rng.uniform(-0.1, 1.1) * w, h / 2 + rng.uniform(-0.7, 0.7) * r
    m = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(m)
    circle = lambda rr, width: d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=255, width=max(1, round(width)))
    circle(r, r * rng.uniform(0.025, 0.045))
    inner = r * rng.uniform(0.62, 0.75)
    if rng.random() < 0.85:
        circle(inner, r * rng.uniform(0.015, 0.03))
    font_file = rng.choice(fonts)
    ring = rng.choice(["RÉPUBLIQUE TUNISIENNE * COMMUNE DE ", "MUNICIPALITÉ DE ", "RÉPUBLIQUE TUNISIENNE * "]) + rng.choice(STAMP_TOWNS)
    f = ImageFont.truetype(font_file, max(6, round(r * rng.uniform(0.13, 0.2))))
    turn, span = rng.uniform(0, 2 * math.pi), rng.uniform(1.5, 1.9) * math.pi
    at = (r + inner) / 2
    for i, ch in enumerate(ring):
        a = turn - span / 2 + span * (i + 0.5) / len(ring)
        x, y = cx + math.cos(a) * at, cy + math.sin(a) * at
        if ch == " " or not (-r * 0.3 < x < w + r * 0.3 and -r * 0.3 < y < h + r * 0.3):
            continue
        box = f.getbbox(ch)
        g = Image.new("L", (box[2] + 4, box[3] + 4), 0)
        ImageDraw.Draw(g).text((2, 2), ch, font=f, fill=255)
        g = g.rotate(-math.degrees(a + math.pi / 2), expand=True, resample=Image.BICUBIC)
        m.paste(255, (round(x - g.size[0] / 2), round(y - g.size[1] / 2)), g)
    middle = ImageFont.truetype(font_file, max(6, round(r * rng.uniform(0.15, 0.22))))
    word = rng.choice(STAMP_WORDS + STAMP_TOWNS)
    left, top, right, bottom = middle.getbbox(word)
    g = Image.new("L", (right - left + 4, bottom - top + 4), 0)
    ImageDraw.Draw(g).text((2 - left, 2 - top), word, font=middle, fill=255)
    g = g.rotate(rng.uniform(-30, 30), expand=True, resample=Image.BICUBIC)
    my = cy - r * rng.uniform(0.0, 0.25)
    m.paste(255, (round(cx - g.size[0] / 2), round(my - g.size[1] / 2)), g)
    if rng.random() < 0.6:                            # the star in the lower half
        sy = cy + r * 0.32
        tips = [(-math.pi / 2 + k * math.pi / 5, r * 0.13 * (1 if k % 2 == 0 else 0.45)) for k in range(10)]
        d.polygon([(cx + math.cos(a) * rr, sy + math.sin(a) * rr) for a, rr in tips], fill=255)
    if rng.random() < 0.2:                            # a blot the pad left, lighter: the digits show through
        a, dist = rng.uniform(0, 2 * math.pi), rng.uniform(0, 0.6) * r
        bx, by, br = cx + math.cos(a) * dist, cy + math.sin(a) * dist, rng.uniform(0.1, 0.2) * r
        blot = Image.new("L", (w, h), 0)
        bd = ImageDraw.Draw(blot)
        for _ in range(3):
            x, y, rr = bx + rng.uniform(-0.6, 0.6) * br, by + rng.uniform(-0.4, 0.4) * br, br * rng.uniform(0.55, 1)
            bd.ellipse((x - rr, y - rr, x + rr, y + rr), fill=round(255 * rng.uniform(0.35, 0.6)))
        m = ImageChops.lighter(m, blot)
    return m


def stamped(img, cap, rng, fonts):
    """Grey `img` (print on paper, digits `cap` px tall) with a stamp's translucent ink laid
    over it (`stamp_mask`): the ink darkens what lies under it, print and paper alike, to
    35-75 % of its level, as a blue or violet stamp does in the pipeline's grey crops."""
    import numpy as np
    from PIL import Image, ImageFilter
    m = stamp_mask(img.size, cap, rng, fonts).filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.2)))
    px = np.asarray(img, dtype=np.float64)
    ink = np.asarray(m, dtype=np.float64) / 255 * rng.uniform(0.25, 0.65)
    return Image.fromarray(np.clip(px * (1 - ink), 0, 255).astype(np.uint8))


# Fonts of the synthetic lines (fontconfig patterns; those not installed fall back and are
# de-duplicated by file): serif, sans and monospaced, regular and bold, many more than the
# permit generator draws with, so the model is not tied to its fonts.
LINE_FONTS = ["Liberation Serif", "Liberation Serif:bold", "Liberation Sans", "Liberation Sans:bold",
              "Liberation Mono", "Liberation Mono:bold", "DejaVu Serif", "DejaVu Serif:bold",
              "DejaVu Serif:condensed:bold", "DejaVu Sans", "DejaVu Sans:bold", "DejaVu Sans:condensed",
              "DejaVu Sans Mono", "DejaVu Sans Mono:bold", "Noto Serif", "Noto Serif:bold", "Noto Sans",
              "Noto Sans:bold", "Noto Sans Mono", "Open Sans", "Open Sans:bold", "Inter", "Inter:bold",
              "Cantarell", "Cantarell:bold", "Amiri", "Amiri:bold", "FreeSerif:bold", "Nimbus Roman:bold",
              "C059:bold", "Roboto", "Courier"]


def permit_number(rng):
    """A number of one of the formats of ../shared/design/permits.md (as the generator draws them)."""
    year = str(rng.randint(2010, 2025))
    digits = lambda n: "".join(str(rng.randint(0, 9)) for _ in range(n))
    return rng.choice([lambda: str(rng.randint(1, 9)) + digits(rng.randint(3, 5)),
                       lambda: year + "/" + digits(rng.choice([4, 5])), lambda: digits(4) + "/" + year,
                       lambda: year + "-" + digits(rng.choice([3, 4, 5]))])()


def synthetic_line(out, rng, fonts, stamp_fonts=(), stamp_share=0.0):
    """A permit number drawn as the pipeline's crop of it looks: dark print on paper, a stamp's
    faded strokes across it at times, captured at 7-15 px a glyph and scaled to ~48 px, then
    `degraded`. With `stamp_fonts`, a share `stamp_share` of the lines is struck with a whole
    stamp (`stamped`) rather than the faded rings. Returns (path, number)."""
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont
    number = permit_number(rng)
    font = ImageFont.truetype(rng.choice(fonts), 64)
    text = number + (rng.choice([" :", " :", ",", " du"]) if rng.random() < 0.2 else "")
    left, top, right, bottom = font.getbbox(text)
    pad_x, pad_y = rng.randint(8, 30), rng.randint(10, 28)
    w, h = right - left + 2 * pad_x, bottom - top + 2 * pad_y
    paper = rng.randint(170, 245)
    img = Image.new("L", (w, h), paper)
    d = ImageDraw.Draw(img)
    d.text((pad_x - left, pad_y - top), text, font=font, fill=rng.randint(0, 70))
    if stamp_fonts:
        if rng.random() < stamp_share:
            img = stamped(img, bottom - top, rng, stamp_fonts)
    elif rng.random() < 0.25:                        # a stamp's ring and letters, faded to grey
        r = rng.uniform(1.2, 2.5) * h
        cx, cy = rng.uniform(0, w), rng.uniform(-h, 2 * h)
        ink = int(paper - rng.uniform(20, 70))
        for k in range(rng.randint(1, 3)):
            rr = r - k * rng.uniform(6, 14)
            d.ellipse((cx - rr, cy - rr, cx + rr, cy + rr), outline=ink, width=rng.randint(2, 5))
    glyph = rng.uniform(7, 15)                       # captured size of a 64-px render (~46 px digits)
    f = glyph / 46
    img = img.resize((max(8, int(w * f)), max(8, int(h * f))), Image.LANCZOS)
    img = img.resize((int(w * f * 48 / glyph), int(h * f * 48 / glyph)), Image.BICUBIC)
    degraded(img, rng).save(out)
    return out, number


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", default="phone=600,flat=300", help="permits per capture")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=100, help="crops per training file")
    ap.add_argument("--augment", type=int, default=0, help="degraded copies written of each kept crop")
    ap.add_argument("--synthetic", type=int, default=0, help="permit numbers drawn as crops, besides the mined ones")
    ap.add_argument("--stamps", type=float, default=0.0,
                    help="share of the degraded copies and drawn lines struck with a whole rubber stamp (`stamped`)")
    ap.add_argument("--keep-model", default="", help="LANG@TESSDATA: a crop this model reads within 3 edits is kept too")
    a = ap.parse_args()

    rows = []
    for i, spec in enumerate(a.count.split(",")):
        capture, n = spec.split("=")
        photos = os.path.join(a.out, "photos", capture)
        if not os.path.exists(os.path.join(photos, "labels.csv")):
            subprocess.run([a.bin, "generate", "--kind", "permit", "--capture", capture, "--count", n,
                            "--seed", str(a.seed + i), "--out", photos], check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(photos, "labels.csv")) as f:
            rows += [(capture, os.path.join(photos, r["filename"]), r["permit_number"])
                     for r in csv.DictReader(f) if r["permit_number"] and r["legible"] == "true"]
    print(f"{len(rows)} permits", file=sys.stderr)

    with cf.ThreadPoolExecutor(a.jobs) as ex:
        crops = ex.map(lambda r: read_permit(a.bin, r[1], os.path.join(a.out, "debug", r[0], os.path.basename(r[1])[:-4])), rows)
        labelled = [(c, capture, number) for (capture, _, number), cs in zip(rows, crops) for c in cs]
    # A crop is of the number's line when a reader gets within 3 edits of the number: English,
    # or (`--keep-model`) the permit model in use. English alone reads little of the most
    # blurred crops (`25` of `8995/2018` smeared by a shake), which are the ones to learn from.
    readers = [("eng", "")] + ([tuple(a.keep_model.split("@", 1))] if a.keep_model else [])
    reads = []
    for lang, tessdata in readers:
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            reads.append(list(ex.map(lambda c: read(c, lang, tessdata), [c for c, _, _ in labelled])))
    near = lambda r, number: abs(len(r) - len(number)) <= 2 and edit_distance(r, number) <= 3
    kept = [(c, capture, number, rs[0]) for (c, capture, number), *rs in zip(labelled, *reads)
            if any(near(r, number) for r in rs)]
    print(f"{len(labelled)} number crops, {len(kept)} kept", file=sys.stderr)

    kept.sort()
    rng = random.Random(a.seed)
    lines = [(k[0], k[2]) for k in kept]
    copies = os.path.join(a.out, "augmented")
    os.makedirs(copies, exist_ok=True)
    font_files = lambda patterns: sorted({subprocess.run(["fc-match", "-f", "%{file}", f], capture_output=True,
                                                         text=True).stdout for f in patterns} - {""})
    stamp_fonts = font_files(STAMP_FONTS) if a.stamps > 0 else []
    for i, (crop, number) in enumerate(list(lines)):
        for j in range(a.augment):
            lines.append((augmented(crop, os.path.join(copies, "%05d-%d.png" % (i, j)), rng, stamp_fonts, a.stamps), number))
    if a.synthetic:
        fonts = font_files(LINE_FONTS)
        drawn = os.path.join(a.out, "synthetic")
        os.makedirs(drawn, exist_ok=True)
        lines += [synthetic_line(os.path.join(drawn, "%05d.png" % i), rng, fonts, stamp_fonts, a.stamps)
                  for i in range(a.synthetic)]
        print(f"{a.synthetic} synthetic lines in {len(fonts)} font files", file=sys.stderr)
    rng.shuffle(lines)
    lstmf = write_batches(lines, os.path.join(a.out, "lines"), "pc%d" % a.seed, a.batch, a.jobs)
    write_list_and_table(a.out, "permit_crops", lstmf, ["crop", "capture", "number", "read"], kept)
    exact = sum(k[2] == k[3] for k in kept)
    print(f"{len(lines)} lines in {len(lstmf)} lstmf; crops English already reads exactly: {exact}/{len(kept)}", file=sys.stderr)


if __name__ == "__main__":
    main()
