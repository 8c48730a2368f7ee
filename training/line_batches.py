"""Labelled line images -> multi-page TIFF batches with WordStr boxes -> one .lstmf per batch.

Shared by the crop miners (`scene_crops.py`, `permit_crops.py`): lstmtraining takes one line
from each listed file in turn, so the batch size sets the crops' share of a training mix.
"""
import concurrent.futures as cf
import os
import subprocess


def make_lstmf(image):
    """`tesseract IMAGE BASE --psm 13 lstm.train` (one thread); the .lstmf path, or None."""
    base = image[:-4]   # a .tif batch or a .png
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    subprocess.run(["tesseract", image, base, "--psm", "13", "lstm.train"],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=60)
    return base + ".lstmf" if os.path.exists(base + ".lstmf") else None


def write_batches(items, out_dir, prefix, batch, jobs):
    """`items`: (image path, text) in training order. Writes OUT_DIR/PREFIX_NNNN.tif + .box per
    `batch` items and their .lstmf; returns the sorted .lstmf paths."""
    from PIL import Image  # only here: the miners' other work needs no Pillow
    os.makedirs(out_dir, exist_ok=True)
    batches = []
    for i in range(0, len(items), batch):
        part = items[i:i + batch]
        base = os.path.join(out_dir, "%s_%04d" % (prefix, i // batch))
        pages = [Image.open(path).convert("L") for path, _ in part]
        pages[0].save(base + ".tif", save_all=True, append_images=pages[1:], compression="tiff_deflate")
        with open(base + ".box", "w") as b:
            for n, (img, (_, text)) in enumerate(zip(pages, part)):
                w, h = img.size
                b.write("WordStr 0 0 %d %d %d #%s\n\t %d 0 %d %d %d\n" % (w, h, n, text, w, w + 1, h, n))
        batches.append(base + ".tif")
    with cf.ThreadPoolExecutor(jobs) as ex:
        return sorted(p for p in ex.map(make_lstmf, batches) if p)


def write_list_and_table(out, name, lstmf, header, rows):
    """OUT/NAME.list (the .lstmf files, one a line) and OUT/NAME.tsv (`header`, then `rows` sorted)."""
    with open(os.path.join(out, name + ".list"), "w") as f:
        f.write("".join(p + "\n" for p in sorted(lstmf)))
    with open(os.path.join(out, name + ".tsv"), "w") as f:
        f.write("\t".join(header) + "\n")
        for row in sorted(rows):
            f.write("\t".join(row) + "\n")
