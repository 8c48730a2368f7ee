#!/usr/bin/env python3
"""Perturbed copies of a labelled image folder, for robustness checks of the serial pipeline.

    python3 training/eval/perturb.py ../shared/datasets/real-dev /tmp/perturbed
    for d in /tmp/perturbed/*/; do scanbench evaluate --dataset $d --preset auto --fresh --out /tmp/p; done

Writes one sub-folder per perturbation (rot90, rot180, small, big, half, blur, dark, jpeg30, tilt8;
far shots box60, box50, box40, lz40; blur2, half_blur, dark_jpeg, tilt15, rot90_small, lowcontrast),
each with the images and a copy of labels.csv. The output must stay outside the repository:
the development photos are not ours to redistribute.
"""
import csv
import io
import os
import sys

from PIL import Image, ImageEnhance, ImageFilter


def jpeg(im, quality):
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=quality)
    buf.seek(0)
    return Image.open(buf).convert("RGB")


PERTURBATIONS = {
    "rot90": lambda im: im.transpose(Image.ROTATE_90),
    "rot180": lambda im: im.transpose(Image.ROTATE_180),
    "small": lambda im: im.resize((im.width * 3 // 4, im.height * 3 // 4), Image.LANCZOS),
    "big": lambda im: im.resize((im.width * 2, im.height * 2), Image.BICUBIC),
    "half": lambda im: im.resize((im.width // 2, im.height // 2), Image.LANCZOS),
    "blur": lambda im: im.filter(ImageFilter.GaussianBlur(1.5)),
    "dark": lambda im: ImageEnhance.Brightness(im).enhance(0.55),
    "jpeg30": lambda im: jpeg(im, 30),
    "tilt8": lambda im: im.rotate(8, resample=Image.BICUBIC, expand=True, fillcolor=(128, 128, 128)),
    # Far shots: the photo taken from further away (area-averaged, or the sharper Lanczos).
    "box60": lambda im: im.resize((int(im.width * 0.6), int(im.height * 0.6)), Image.BOX),
    "box50": lambda im: im.resize((int(im.width * 0.5), int(im.height * 0.5)), Image.BOX),
    "box40": lambda im: im.resize((int(im.width * 0.4), int(im.height * 0.4)), Image.BOX),
    "lz40": lambda im: im.resize((int(im.width * 0.4), int(im.height * 0.4)), Image.LANCZOS),
    # Combinations and stronger versions.
    "blur2": lambda im: im.filter(ImageFilter.GaussianBlur(2.2)),
    "half_blur": lambda im: im.resize((im.width // 2, im.height // 2), Image.LANCZOS).filter(ImageFilter.GaussianBlur(0.8)),
    "dark_jpeg": lambda im: jpeg(ImageEnhance.Brightness(im).enhance(0.5), 35),
    "tilt15": lambda im: im.rotate(-15, resample=Image.BICUBIC, expand=True, fillcolor=(90, 90, 90)),
    "rot90_small": lambda im: im.transpose(Image.ROTATE_270).resize((im.height * 3 // 4, im.width * 3 // 4), Image.LANCZOS),
    "lowcontrast": lambda im: ImageEnhance.Contrast(im).enhance(0.5),
}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    with open(os.path.join(src, "labels.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    for name, fn in PERTURBATIONS.items():
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "labels.csv"), "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
            w.writeheader()
            for r in rows:
                im = Image.open(os.path.join(src, r["filename"])).convert("RGB")
                fn(im).save(os.path.join(d, r["filename"]), "JPEG", quality=92)
                w.writerow(r)
    print("wrote %d perturbations of %d images to %s" % (len(PERTURBATIONS), len(rows), out))


if __name__ == "__main__":
    main()
