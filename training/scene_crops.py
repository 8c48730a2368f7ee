#!/usr/bin/env python3
"""Serial crops cut by the pipeline itself from synthetic scenes, as LSTM training lines.

The line generator (`gen_lines.py`) draws text lines; the pipeline reads something else: crops
that its line stage cut out of a photographed scene, deskewed and scaled, in each crop variant.
This script renders scenes with `scanbench generate` (a seed of its own, never the bundled
sets' seed 1), reads each one with `scanbench read --debug`, and keeps every serial crop the
pipeline re-read, labelled with the scene's serial. Crops whose read is far from the serial
(another region, or a crop cut short: edit distance > 3 or length off by > 2) are dropped;
near misses are the point. Scenes drawn in a held-out font are skipped, so the model's
held-out-font evaluation stays clean. Nothing from ../shared/datasets is used.

usage: scene_crops.py --bin .build/release/scanbench --out DIR --seed 71 \
           --count etched=600,sticker=200,screen=200 [--jobs 2]
Writes DIR/lines/*.tif + .box + .lstmf (batches of --batch crops), DIR/scene_crops.list (the
lstmf files) and DIR/scene_crops.tsv (crop, kind, font, serial, read, variant).
"""
import argparse
import concurrent.futures as cf
import csv
import os
import random
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "eval"))
from textdist import edit_distance  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from line_batches import write_batches, write_list_and_table  # noqa: E402

HELD_OUT_FONTS = {"Noto Sans", "FreeSans"}


def read_scene(binary, image, preset, debug_dir):
    if os.path.exists(os.path.join(debug_dir, ".done")):
        return debug_dir   # read by an earlier, interrupted run
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    shutil.rmtree(debug_dir, ignore_errors=True)
    subprocess.run([binary, "read", image, "--preset", preset, "--debug", debug_dir],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=120)
    os.makedirs(debug_dir, exist_ok=True)
    open(os.path.join(debug_dir, ".done"), "w").close()
    return debug_dir


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=71)
    ap.add_argument("--count", default="etched=600,sticker=200,screen=200")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--batch", type=int, default=120, help="crops per training file")
    a = ap.parse_args()
    if a.seed == 1:
        sys.exit("seed 1 made the bundled evaluation sets: pick another")

    lines = os.path.join(a.out, "lines")
    os.makedirs(lines, exist_ok=True)
    rows = []
    for spec in a.count.split(","):
        kind, n = spec.split("=")
        scenes = os.path.join(a.out, "scenes", kind)
        if not os.path.exists(os.path.join(scenes, "labels.csv")):
            subprocess.run([a.bin, "generate", "--kind", kind, "--count", n, "--seed", str(a.seed), "--out", scenes],
                           check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(scenes, "labels.csv")) as f:
            for r in csv.DictReader(f):
                fonts = set(r.get("font", "").split("+"))
                if not r["serial"] or fonts & HELD_OUT_FONTS or not r.get("font"):
                    continue
                rows.append((kind, os.path.join(scenes, r["filename"]), r["serial"], r["font"]))
    print(f"{len(rows)} scenes outside the held-out fonts", file=sys.stderr)

    kept = []
    with cf.ThreadPoolExecutor(a.jobs) as ex:
        futures = {ex.submit(read_scene, a.bin, img, kind, os.path.join(a.out, "debug", kind, os.path.basename(img)[:-4])):
                   (kind, img, serial, font) for kind, img, serial, font in rows}
        for fut in cf.as_completed(futures):
            kind, img, serial, font = futures[fut]
            d = fut.result()
            for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
                m = re.match(r"\d+-(.+?)-crop-([a-z_]+@\d+)-(.*)\.png$", name)
                if not m:
                    continue
                read = re.sub(r"[^A-Z0-9]", "", m.group(3).upper())
                if abs(len(read) - len(serial)) > 2 or edit_distance(read, serial) > 3:
                    continue
                kept.append((os.path.join(d, name), kind, font, serial, read, m.group(2)))
    print(f"{len(kept)} crops kept", file=sys.stderr)

    # Batches of crops, one lstmf each: with the 80 files of `make model`'s list, ~1 line in 3
    # for 120 a batch.
    kept.sort()
    random.Random(a.seed).shuffle(kept)
    lstmf = write_batches([(k[0], k[3]) for k in kept], lines, "sc%d" % a.seed, a.batch, a.jobs)
    write_list_and_table(a.out, "scene_crops", lstmf, ["crop", "kind", "font", "serial", "read", "variant"], kept)
    exact = sum(k[3] == k[4] for k in kept)
    print(f"{len(lstmf)} lstmf; crops the current model already reads exactly: {exact}/{len(kept)}", file=sys.stderr)


if __name__ == "__main__":
    main()
