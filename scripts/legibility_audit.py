#!/usr/bin/env python3
"""A check by eye of the generator's legibility bounds (docs/legibility.md).

  sheets: picks generated images by blur over cap height (and a few sharp controls), shuffles
          them under anonymous ids and tiles their `generate --text-crops` crops into sheets
          without labels; the key goes to a separate file, not to be opened before reading.
  score:  scores a reader's transcriptions (`ID TEXT [?]` per line, `-` for nothing read, `?`
          for a guess) against the key, by blur over cap height.

  scripts/legibility_audit.py sheets --set DIR:CROPS [--set DIR:CROPS …] --out SHEETS --key KEY.json
      [--min-sigma S] [--min-ratio R] [--max-ratio R] [--controls N] [--control-max-ratio R]
      [--seed N] [--prefix A] [--per-sheet 6] [--row-height 150] [--stamped yes|no]
  scripts/legibility_audit.py score --key KEY.json --reads READS.txt [--cuts 0.13,0.15,0.2] [--by ratio|glyph|margin] [--run RUN]

  --stamped yes picks only permit numbers a stamp was struck over (`stamp_over_number`), no
  only those without; the controls are always unstamped. The score counts each group apart.

  Size and contrast rather than blur (`--max-glyph G` and/or `--max-margin M`, with `--scene`):
  picks the images whose text is small (cap height under G px) or faint (contrast under M times
  the contrast the bound asks for at that size, `RenderFacts.illegibleReason`), blurred no more
  than `--max-ratio` (default then 0.15, the serial bound), whether labelled legible or `small`/
  `faint`; the controls are legible, at least `--control-min-glyph` px and 4 times the contrast
  asked for, blurred under `--control-max-ratio`. Score them with `--by glyph` or `--by margin`.

Needs Pillow.
"""
import argparse, csv, json, os, random, sys


def margin(row):
    """The text's contrast over the contrast the legibility bound asks for at its cap height
    (`RenderFacts.illegibleReason`: 14 grey levels at 10 px, scaled by the square root of
    10 / cap height, never under 8)."""
    g = float(row.get('glyph_px') or 0)
    needed = max(8.0, 14.0 * (10.0 / max(1.0, g)) ** 0.5)
    return float(row.get('contrast') or 0) / needed


def ratio(row):
    g = float(row.get('glyph_px') or 0)
    s = float(row.get('blur_sigma_px') or 0)
    return s / g if g > 0 else None


def sheets(a):
    from PIL import Image, ImageDraw
    picked, controls = [], []
    for spec in a.set:
        folder, crops = spec.split(':')
        for r in csv.DictReader(open(os.path.join(folder, 'labels.csv'), encoding='utf-8')):
            truth = r.get('serial') or r.get('permit_number') or ''
            q = ratio(r)
            if not truth or q is None or r.get('sighting', 'primary') != 'primary':
                continue
            by_size = a.max_glyph is not None or a.max_margin is not None
            if a.scene and r.get('scene') != a.scene:
                continue
            if by_size:
                # Only size and contrast are in question: blurred or hidden text stays out.
                if not set(filter(None, r['illegible_reason'].split('+'))) <= {'small', 'faint'}:
                    continue
            elif r['illegible_reason'] not in ('', 'blurred'):
                continue  # only blur is in question: small, faint or hidden text stays out
            r['_crop'] = os.path.join(crops, os.path.splitext(r['filename'])[0] + '.png')
            r['_truth'], r['_ratio'], r['_set'] = truth, q, os.path.basename(folder.rstrip('/'))
            if by_size:
                g, m = float(r['glyph_px']), margin(r)
                if q <= (a.max_ratio if a.max_ratio < 1 else 0.15) and (
                        (a.max_glyph is not None and g < a.max_glyph) or (a.max_margin is not None and m < a.max_margin)):
                    picked.append(r)
                elif (r['legible'] == 'true' and g >= a.control_min_glyph and m >= 4 and q < a.control_max_ratio):
                    controls.append(r)
                continue
            stamped = r.get('stamp_over_number', '') == 'true'
            if a.stamped and stamped != (a.stamped == 'yes'):
                if not stamped and q < a.control_max_ratio and r['legible'] == 'true':
                    controls.append(r)
                continue
            if float(r['blur_sigma_px']) >= a.min_sigma and a.min_ratio <= q < a.max_ratio:
                picked.append(r)
            elif q < a.control_max_ratio and r['legible'] == 'true' and not stamped:
                controls.append(r)
    rnd = random.Random(a.seed)
    chosen = picked + rnd.sample(controls, min(a.controls, len(controls)))
    rnd.shuffle(chosen)
    key, items = {}, []
    for i, r in enumerate(chosen):
        ident = f'{a.prefix}{i:03d}'
        key[ident] = {'file': r['_set'] + '/' + r['filename'], 'truth': r['_truth'], 'glyph': r['glyph_px'],
                      'sigma': r['blur_sigma_px'], 'ratio': r['_ratio'], 'legible': r['legible'],
                      'contrast': r['contrast'], 'stamp': r.get('stamp_over_number', ''),
                      'margin': round(margin(r), 3), 'reason': r['illegible_reason'], 'scene': r.get('scene', ''),
                      'font': r.get('font', '')}
        items.append((ident, r['_crop']))
    os.makedirs(a.out, exist_ok=True)
    with open(a.key, 'w') as f:
        json.dump(key, f, indent=1)
    for s in range(0, len(items), a.per_sheet):
        tiles = []
        for ident, path in items[s:s + a.per_sheet]:
            im = Image.open(path).convert('L')
            h = a.row_height
            w = int(im.size[0] * h / im.size[1])
            if w > 1400:
                w, h = 1400, int(im.size[1] * 1400 / im.size[0])
            tiles.append((ident, im.resize((w, h), Image.LANCZOS)))
        sheet = Image.new('L', (max(t.size[0] for _, t in tiles) + 90, sum(t.size[1] + 10 for _, t in tiles)), 255)
        d, y = ImageDraw.Draw(sheet), 0
        for ident, t in tiles:
            d.text((5, y + t.size[1] // 2), ident, fill=0)
            sheet.paste(t, (90, y))
            y += t.size[1] + 10
        sheet.save(os.path.join(a.out, f'sheet{s // a.per_sheet:02d}.png'))
    print(f'{len(items)} crops ({len(picked)} picked, {len(items) - len(picked)} controls) in '
          f'{(len(items) + a.per_sheet - 1) // a.per_sheet} sheets under {a.out}; key: {a.key}')


def score(a):
    key = json.load(open(a.key))
    cuts = [float(c) for c in a.cuts.split(',')]
    rows = []
    for line in open(a.reads, encoding='utf-8'):
        p = line.split()
        if not p:
            continue
        k = key[p[0]]
        read = p[1] if len(p) > 1 else '-'
        rows.append((k['ratio'], p[0], read, len(p) > 2 or read == '-', k))
    if a.by != 'ratio':
        # The key's value to band by: cap height in px, or contrast over the bound's.
        field = 'glyph' if a.by == 'glyph' else 'margin'
        rows = [(float(k[field]), i, rd, u, k) for (_, i, rd, u, k) in rows]
    rows.sort(key=lambda r: r[0])
    print(f'{a.by:>8}  cap px  sigma  contrast  stamp  read          truth         exact  sure')
    for q, ident, read, unsure, k in rows:
        print(f"{q:8.3f}  {k['glyph']:>6}  {k['sigma']:>5}  {k['contrast']:>8}  {k['stamp'] or '-':5}  {read:13s} {k['truth']:13s} "
              f"{'yes' if read == k['truth'] else 'no':5}  {'no' if unsure else 'yes'}")
    print()
    bounds = [0.0] + cuts + [float('inf')]
    print(f'{a.by} range     crops  exact  read surely and exactly  (of them labelled legible: crops, exact, surely)')
    for lo, hi in zip(bounds, bounds[1:]):
        b = [r for r in rows if lo <= r[0] < hi or (lo == 0 and r[0] == 0)]
        if b:
            ex = sum(r[2] == r[4]['truth'] for r in b)
            sure = sum(r[2] == r[4]['truth'] and not r[3] for r in b)
            lb = [r for r in b if r[4].get('legible') == 'true']
            lex = sum(r[2] == r[4]['truth'] for r in lb)
            lsure = sum(r[2] == r[4]['truth'] and not r[3] for r in lb)
            print(f'[{lo:.3f}, {hi:.3f})  {len(b):6d}  {ex:5d}  {sure:5d}  ({len(lb)}, {lex}, {lsure})')
    if a.run:
        compare_with_run(rows, a.run)
    stamps = sorted({r[4].get('stamp') or '-' for r in rows})
    if len(stamps) > 1:
        print()
        print('stamp over the number  crops  exact  read surely and exactly  (of them labelled legible: crops, exact)')
        for st in stamps:
            b = [r for r in rows if (r[4].get('stamp') or '-') == st]
            ex = sum(r[2] == r[4]['truth'] for r in b)
            sure = sum(r[2] == r[4]['truth'] and not r[3] for r in b)
            lb = [r for r in b if r[4].get('legible') == 'true']
            print(f'{st:21s}  {len(b):5d}  {ex:5d}  {sure:5d}  ({len(lb)}, {sum(r[2] == r[4]["truth"] for r in lb)})')


def compare_with_run(rows, run):
    """The eye's reads of the crops against a `scanbench evaluate` run's top answers on the
    same images (its `*.records.jsonl`): how many each read exactly, and where they part."""
    import glob
    recs = glob.glob(os.path.join(run, '*.records.jsonl'))
    if not recs:
        sys.exit(f'no *.records.jsonl in {run}')
    answers = {}
    for line in open(recs[0], encoding='utf-8'):
        r = json.loads(line)
        if 'filename' in r:
            top = ((r.get('outcome') or {}).get('candidates') or [None])[0]
            answers[r['filename']] = (top['text'], top['confidence']) if top else ('-', 0.0)
    both = eye_only = run_only = neither = sure_right = sure_wrong = 0
    for _, ident, read, _, k in rows:
        text, conf = answers.get(os.path.basename(k['file']), ('-', 0.0))
        e, p = read == k['truth'], text == k['truth']
        both += e and p; eye_only += e and not p; run_only += p and not e; neither += not e and not p
        sure_right += conf >= 0.8 and p; sure_wrong += conf >= 0.8 and not p
    print()
    print(f'against {run}: eye {both + eye_only} exact, the run {both + run_only} of {len(rows)}; '
          f'both {both}, the eye only {eye_only}, the run only {run_only}, neither {neither}; '
          f'the run at >= 0.8: {sure_right} right, {sure_wrong} wrong')


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest='cmd', required=True)
    s = sub.add_parser('sheets')
    s.add_argument('--set', action='append', required=True, help='DIR:CROPS — a generated folder and its --text-crops folder')
    s.add_argument('--out', required=True)
    s.add_argument('--key', required=True)
    s.add_argument('--min-sigma', type=float, default=0.0)
    s.add_argument('--min-ratio', type=float, default=0.0)
    s.add_argument('--max-ratio', type=float, default=1.0)
    s.add_argument('--controls', type=int, default=10)
    s.add_argument('--control-max-ratio', type=float, default=0.001)
    s.add_argument('--seed', type=int, default=1)
    s.add_argument('--prefix', default='A')
    s.add_argument('--per-sheet', type=int, default=6)
    s.add_argument('--row-height', type=int, default=150)
    s.add_argument('--stamped', choices=['yes', 'no'], help='only numbers a stamp was struck over (yes) or not (no)')
    s.add_argument('--max-glyph', type=float, help='pick text whose cap height is under this (px)')
    s.add_argument('--max-margin', type=float, help="pick text whose contrast is under this many times the bound's")
    s.add_argument('--control-min-glyph', type=float, default=14.0, help='controls of a size audit: cap height at least this')
    s.add_argument('--scene', help="only rows of this `scene` (serial kinds: etched, etched-closeup, …)")
    c = sub.add_parser('score')
    c.add_argument('--key', required=True)
    c.add_argument('--reads', required=True)
    c.add_argument('--cuts', default='0.13,0.15,0.2', help='band edges (for --by glyph, e.g. 7,9,11,14)')
    c.add_argument('--run', help='a scanbench evaluate run folder of the same images: its answers against the eye')
    c.add_argument('--by', choices=['ratio', 'glyph', 'margin'], default='ratio',
                   help='band by blur over cap height, cap height (px) or contrast over the bound')
    a = p.parse_args()
    sheets(a) if a.cmd == 'sheets' else score(a)


if __name__ == '__main__':
    sys.exit(main())
