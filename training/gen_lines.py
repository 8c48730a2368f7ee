#!/usr/bin/env python3
"""Render synthetic serial text lines for Tesseract LSTM training (deterministic per seed).

Writes batches of line images as multi-page TIFFs, each with a tesstrain-style WordStr box
file (one line per page) and a `.gt.tsv` (page, text) listing the ground truth, so that one
`tesseract BATCH.tif BATCH --psm 13 lstm.train` call turns a whole batch into one `.lstmf`.

Looks (see Models/README.md):
  etched   grey on grey aluminium: low contrast, brushed texture, light gradient, blur, JPEG
  sticker  dark print on white/off-white label: print blur, toner dropouts, dirt, JPEG
  screen   anti-aliased dark text on a light UI background (held out of training by default)
  clean    high-contrast, lightly blurred lines for the warm-up stage (with --short text)
Every look is "captured" at a random low glyph height (7-30 px) and scaled back up, as the
pipeline scales its crops, so the model sees resampling blur like a phone photo's.
"""
import argparse
import io
import math
import os
import random
import subprocess
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

SERIAL_ALPHABET = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no O, no I
HALF_YEAR = "CDFGHJKLMNPQRSTVWXYZ"
WEEK = "123456789CDFGHJKLMNPQRTVWXY"
# Publicly documented manufacturing-location prefixes; the dev photos' model codes are
# deliberately NOT listed anywhere here: the last four characters are always random.
PLANTS = ["C02", "C07", "C17", "C1M", "C2Q", "C3K", "CK2", "D25", "DLX", "DMP", "DNP", "DQG",
          "F17", "F5K", "FK1", "FVF", "FVH", "G8W", "GG7", "H0K", "W80", "VM1", "YM8", "RM2",
          "4H1", "8H0", "QP7", "J9N", "C39", "C1F"]
LETTER_SPACE = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def serial12(r):
    p = r.choice(PLANTS) if r.random() < 0.6 else "".join(r.choice(SERIAL_ALPHABET) for _ in range(3))
    return (p + r.choice(HALF_YEAR) + r.choice(WEEK)
            + "".join(r.choice(SERIAL_ALPHABET) for _ in range(7)))


def serial11(r):
    pp = "".join(r.choice(SERIAL_ALPHABET) for _ in range(2))
    return (pp + str(r.randint(0, 9)) + "%02d" % r.randint(1, 53)
            + "".join(r.choice(SERIAL_ALPHABET) for _ in range(6)))


def serial10(r):
    n = r.choice([10, 10, 10, 8, 9, 11, 12, 13, 14])
    return "".join(r.choice(SERIAL_ALPHABET) for _ in range(n))


def any_serial(r):
    x = r.random()
    return serial12(r) if x < 0.55 else serial10(r) if x < 0.85 else serial11(r)


def model_no(r):
    return "A%d" % r.randint(1000, 2999)


def text_line(r):
    """One line of text: a serial alone, a serial after an anchor, or regulatory distractors."""
    s = any_serial(r)
    m = model_no(r)
    x = r.random()
    if x < 0.42:
        return s
    if x < 0.80:
        anchor = r.choice([
            "Serial %s", "Serial %s", "Serial %s", "Sl.# %s", "SI.# %s", "S/N %s", "S/N: %s",
            "(S) Serial No. %s", "Serial No. %s", "Serial Number %s", "Serial No: %s",
            "IC: 579C-%s Serial %%s" % m, "and IC: 579C-%s Serial %%s" % m,
            "CAN ICES-3 (B)/NMB-3(B) Serial %s", "NMB-3(B) Serial %s", "(S) %s"])
        return anchor % s
    return r.choice([
        "EMC %d" % r.randint(2000, 3999),
        "EMC %d FCC ID: BCG%s" % (r.randint(2000, 3999), m),
        "Model %s" % m, "Model No. %s" % m,
        "FCC ID: BCG%s" % m, "IC: 579C-%s" % m,
        "FCC ID: BCG%s and IC: 579C-%s Serial %s" % (m, m, s),
        "COMP%015d" % r.randint(0, 10 ** 9),
        "Rated %d.%dV %d.%dA max." % (r.randint(5, 20), r.randint(0, 9), r.randint(1, 5), r.randint(0, 9)),
        "R-%08d" % r.randint(0, 10 ** 8),
        "IS 13252(Part 1)/IEC 60950-1",
        "Designed by Apple in California",
        "Assembled in China Model %s" % m,
        "call us on 080 - %08d" % r.randint(0, 10 ** 8),
        "Serial Number",
        "Part No. %s%d%s/A" % (r.choice(LETTER_SPACE), r.randint(100, 999), r.choice(LETTER_SPACE) * 2),
    ])


def font_table(path, split):
    out = []
    for line in open(path, encoding="utf-8"):
        if not line.strip() or line.startswith("#"):
            continue
        name, pattern, sp = line.rstrip("\n").split("\t")
        if sp not in split.split(","):
            continue
        f = subprocess.run(["fc-match", "-f", "%{file}", pattern], capture_output=True, text=True).stdout
        if not f or not os.path.exists(f):
            sys.exit("font not found: %s (%s)" % (name, pattern))
        out.append((name, f))
    return out


_FONTS = {}


def render_mask(text, font_path, spacing_em, r):
    """White-on-black ink coverage at high resolution (cap height ~ 46 px), tightly cropped."""
    px = 64
    font = _FONTS.get(font_path)
    if font is None:
        font = _FONTS[font_path] = ImageFont.truetype(font_path, px)
    xs, x = [], 0.0
    for ch in text:
        xs.append(x)
        x += font.getlength(ch) + spacing_em * px
    w, h = int(x + px), int(1.6 * px)
    img = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(img)
    for ch, cx in zip(text, xs):
        d.text((px // 2 + cx, px // 8), ch, font=font, fill=255)
    bbox = img.getbbox()
    if not bbox:
        return img
    pad, vpad = px // 4, px // 4 + int(0.03 * (bbox[2] - bbox[0]))
    img = img.crop((bbox[0] - pad, bbox[1] - vpad, bbox[2] + pad, bbox[3] + vpad))
    # slight rotation and shear, as a hand-held crop has: one affine map about the centre
    ang = math.radians(r.gauss(0, 0.7))
    shear = r.gauss(0, 0.04)
    W, H = img.size
    ca, sa = math.cos(ang), math.sin(ang)
    # output (u,v) -> input (x,y): x = ca*u' - sa*v' + shear*v' ..., centred
    a, b = ca, -sa + shear
    c_, d_ = sa, ca
    cx, cy = W / 2, H / 2
    img = img.transform((W, H), Image.AFFINE,
                        (a, b, cx - a * cx - b * cy, c_, d_, cy - c_ * cx - d_ * cy), Image.BILINEAR)
    bbox = img.getbbox()
    return img.crop(bbox) if bbox else img


def brushed(shape, rng, amp):
    h, w = shape
    n = rng.normal(0, 1, (h, w + 64)).astype(np.float32)
    k = int(rng.integers(8, 40))
    c = np.cumsum(n, axis=1)
    n = (c[:, k:] - c[:, :-k])[:, :w] / math.sqrt(k)
    return n * amp


def compose(mask, look, r, rng, neighbour=None):
    """Turn an ink mask into a grey line image in the given look; returns a PIL L image."""
    cap = mask.height  # roughly cap height (+ descenders)
    # capture scale: the glyph height the camera/screen gave us
    if look == "screen":
        target = r.uniform(9, 30)
    elif look == "clean":
        target = r.uniform(14, 30)
    else:
        target = math.exp(r.uniform(math.log(8), math.log(30)))
    s = target / cap
    mt = int(r.uniform(0.08, 0.6) * target) + 1
    mb = int(r.uniform(0.08, 0.6) * target) + 1
    ml = int(r.uniform(0.1, 1.5) * target) + 1
    mr = int(r.uniform(0.1, 1.5) * target) + 1
    w = max(4, int(round(mask.width * s)))
    h = max(4, int(round(mask.height * s)))
    small = mask.resize((w, h), Image.LANCZOS if r.random() < 0.5 else Image.BILINEAR)
    W, H = w + ml + mr, h + mt + mb
    m = np.zeros((H, W), np.float32)
    m[mt:mt + h, ml:ml + w] = np.asarray(small, np.float32) / 255.0
    if neighbour is not None:  # a slice of the line above or below, cut by the crop
        nb = neighbour.resize((max(4, int(neighbour.width * s)), max(4, int(neighbour.height * s))), Image.BILINEAR)
        na = np.asarray(nb, np.float32) / 255.0
        keep = int(r.uniform(0.15, 0.45) * na.shape[0])
        off = int(r.uniform(0, max(1, W - 4)))
        top = r.random() < 0.5
        seg = na[-keep:, :] if top else na[:keep, :]
        seg = seg[:, :max(0, W - off)]
        if top:
            m[:seg.shape[0], off:off + seg.shape[1]] = np.maximum(m[:seg.shape[0], off:off + seg.shape[1]], seg)
        else:
            m[H - seg.shape[0]:, off:off + seg.shape[1]] = np.maximum(m[H - seg.shape[0]:, off:off + seg.shape[1]], seg)
    if look == "etched":
        bg = r.uniform(0.35, 0.88)
        # etched text reads darker than the surface in the photos we know; a pipeline makes
        # text dark-on-light before reading (invert when the background is the darker side)
        bg = max(bg, 0.45)
        delta = -r.uniform(0.14, 0.4)
        if r.random() < 0.4:  # laser-etched edge: a faint rim of the opposite polarity
            rim = np.roll(m, 1, axis=0) - m
            m_eff = m + r.uniform(0.1, 0.4) * np.clip(rim, 0, 1)
        else:
            m_eff = m
        img = bg + delta * m_eff
        img += brushed((H, W), rng, r.uniform(0.0, 0.2) * abs(delta))
        blur0 = r.uniform(0.3, 1.3)
        noise = r.uniform(0.005, 0.08 * abs(delta))
        ink_dark = delta < 0
        contrast = abs(delta)
    elif look == "sticker":
        bg = r.uniform(0.78, 1.0)
        ink = r.uniform(0.0, 0.3)
        mm = m
        if r.random() < 0.3:  # thermal-print dropouts
            drop = rng.random((H, W)) < r.uniform(0.02, 0.1)
            mm = np.where(drop, m * 0.3, m)
        img = bg + (ink - bg) * mm
        if r.random() < 0.3:  # dirt
            for _ in range(r.randint(1, 6)):
                cy, cx, rad = r.randint(0, H - 1), r.randint(0, W - 1), r.uniform(0.5, 3)
                yy, xx = np.ogrid[:H, :W]
                img = np.where((yy - cy) ** 2 + (xx - cx) ** 2 < rad ** 2, img * r.uniform(0.4, 0.9), img)
        blur0 = r.uniform(0.2, 1.0)
        noise = r.uniform(0.005, 0.03)
        ink_dark = True
        contrast = bg - ink
    elif look == "clean":  # warm-up only: high contrast, little blur, no JPEG
        bg = r.uniform(0.8, 1.0)
        ink = r.uniform(0.0, 0.25)
        img = bg + (ink - bg) * m
        blur0 = r.uniform(0.0, 0.6)
        noise = r.uniform(0.0, 0.02)
        ink_dark = False
        contrast = bg - ink
    else:  # screen
        bg = r.uniform(0.88, 1.0)
        ink = r.uniform(0.0, 0.45)
        img = bg + (ink - bg) * m
        blur0 = r.uniform(0.0, 0.5)
        noise = r.uniform(0.0, 0.01)
        ink_dark = True
        contrast = bg - ink
    blur0 = min(blur0, 0.07 * target)
    # uneven light across the crop
    gy, gx = np.mgrid[0:H, 0:W].astype(np.float32)
    g = r.uniform(-0.12, 0.12) * gx / W + r.uniform(-0.08, 0.08) * gy / H
    img = img + g + rng.normal(0, noise, (H, W)).astype(np.float32)
    pil = Image.fromarray(np.clip(img * 255, 0, 255).astype(np.uint8), "L")
    if blur0 > 0.05:
        pil = pil.filter(ImageFilter.GaussianBlur(blur0))
    quality = 0
    if r.random() < 0.6 and look != "clean":
        buf = io.BytesIO()
        quality = r.randint(35, 92)
        pil.save(buf, "JPEG", quality=quality)
        pil = Image.open(io.BytesIO(buf.getvalue())).convert("L")
    # scale up as the pipeline does (~36 px text), sometimes binarise as the pipeline may
    up = r.uniform(30, 42) / target
    pil = pil.resize((max(8, int(W * up)), max(8, int(H * up))), r.choice([Image.BICUBIC, Image.BILINEAR, Image.LANCZOS]))
    binarised = ink_dark and r.random() < 0.12
    if binarised:  # binarised, as a pipeline may feed it
        a = np.asarray(pil, np.float32)
        loc = np.asarray(pil.filter(ImageFilter.BoxBlur(max(4, pil.height // 2))), np.float32)
        t = 0.5 * (np.percentile(a, 2) + loc)
        pil = Image.fromarray(np.where(a < t, 0, 255).astype(np.uint8), "L")
    # capture conditions, for evaluation by difficulty (written to .gt.tsv; no effect on the image)
    meta = (target, contrast, blur0, quality, int(binarised))
    return pil, meta


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--prefix", required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--lines", type=int, required=True)
    ap.add_argument("--per-batch", type=int, default=250)
    ap.add_argument("--fonts", default=os.path.join(os.path.dirname(__file__), "fonts.tsv"))
    ap.add_argument("--font-split", default="train", help="split(s) of the font table, comma-separated")
    ap.add_argument("--looks", default="etched,sticker")
    ap.add_argument("--look-weights", default="")
    ap.add_argument("--short", action="store_true", help="warm-up text: serials alone or after 'Serial'")
    ap.add_argument("--batch", type=int, default=None, help="write only this batch (all by default)")
    args = ap.parse_args()
    fonts = font_table(args.fonts, args.font_split)
    looks = args.looks.split(",")
    weights = [float(x) for x in args.look_weights.split(",")] if args.look_weights else [1.0] * len(looks)
    os.makedirs(args.out, exist_ok=True)
    nb = (args.lines + args.per_batch - 1) // args.per_batch
    batches = range(nb) if args.batch is None else [args.batch]
    for b in batches:
        base = os.path.join(args.out, "%s_%03d" % (args.prefix, b))
        pages, boxes, gts = [], [], []
        r = random.Random(args.seed * 100003 + b)
        rng = np.random.default_rng([args.seed, b])
        for p in range(min(args.per_batch, args.lines - b * args.per_batch)):
            text = text_line(r) if not args.short else (any_serial(r) if r.random() < 0.7 else "Serial " + any_serial(r))
            name, fpath = fonts[r.randrange(len(fonts))]
            look = r.choices(looks, weights)[0]
            spacing = r.uniform(-0.03, 0.2) if r.random() < 0.85 else r.uniform(0.2, 0.35)
            mask = render_mask(text, fpath, spacing, r)
            neigh = render_mask(text_line(r), fpath, spacing, r) if r.random() < 0.15 and not args.short else None
            img, meta = compose(mask, look, r, rng, neigh)
            w, h = img.size
            pages.append(img)
            boxes.append("WordStr 0 0 %d %d %d #%s\n\t %d 0 %d %d %d\n" % (w, h, len(pages) - 1, text, w, w + 1, h, len(pages) - 1))
            # page, font, look, text, then the capture: glyph px, contrast, blur px, JPEG quality
            # (0: none), binarised (0/1), letter spacing (em)
            gts.append("%d\t%s\t%s\t%s\t%.1f\t%.3f\t%.2f\t%d\t%d\t%.3f\n" % ((len(pages) - 1, name, look, text) + meta + (spacing,)))
        pages[0].save(base + ".tif", save_all=True, append_images=pages[1:], compression="tiff_lzw", dpi=(300, 300))
        with open(base + ".box", "w", encoding="utf-8") as f:
            f.writelines(boxes)
        with open(base + ".gt.tsv", "w", encoding="utf-8") as f:
            f.writelines(gts)
    print("wrote batches %s of %s to %s" % (list(batches)[0] if len(batches) == 1 else "0-%d" % (nb - 1), args.prefix, args.out))


if __name__ == "__main__":
    main()
