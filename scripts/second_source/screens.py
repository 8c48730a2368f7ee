#!/usr/bin/env python3
"""A second source of iPhone 'About' screen images, independent of `scanbench generate`: drawn
with PIL/FreeType (not Pango/Cairo), its own layout (iOS grouped rows, light and dark, English
and French) and its own camera (another phone's photo of the screen: body and bezel, a table,
keystone, tilt, moiré, glare, exposure, noise, blur, JPEG; or a screenshot the app shrank).
Written to check the screen preset on data nobody tuned on; the same (SEED, index) gives the same
image. Needs numpy and Pillow.

usage: python3 scripts/second_source/screens.py OUT COUNT SEED   (writes OUT/labels.csv)"""
import sys, os, random, math, io, csv
import numpy as np
from PIL import Image, ImageDraw, ImageFont, ImageFilter

FONTS = {
 'Inter': ('/usr/share/fonts/opentype/inter/Inter-Regular.otf', '/usr/share/fonts/opentype/inter/Inter-SemiBold.otf'),
 'Noto Sans': ('/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf'),
 'Open Sans': ('/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf', '/usr/share/fonts/truetype/open-sans/OpenSans-Semibold.ttf'),
 'Liberation Sans': ('/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf'),
 'DejaVu Sans': ('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
 'Cantarell': ('/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf', '/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf'),
}
ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'
PLANTS = ['C02', 'C17', 'F17', 'FVF', 'DMP', 'G8W', 'W80', 'F5K', 'C39', 'H4T', 'DX3', 'FK1', 'F2L', 'GG7', 'DNP', 'C07', 'F9F', 'F4G', 'DNQ']
HALF = 'CDFGHJKLMNPQRSTVWXYZ'
WEEK = '123456789CDFGHJKLMNPQRTVWXY'
MODELS = ['MD6M', 'MD6N', 'JG5H', 'Q05D', 'LYWF', 'ML7H', 'Q6L4', 'LVCF', 'JK7M', 'MD6T', 'Q05G', 'LYWD', 'N72J', 'HG7F', 'FH19', '0D42']

def serial(r):
    if r.random() < 0.5:
        while True:
            s = ''.join(r.choice(ALNUM) for _ in range(10))
            if any(c.isdigit() for c in s) and any(c.isalpha() for c in s): return s
    return r.choice(PLANTS) + r.choice(HALF) + r.choice(WEEK) + ''.join(r.choice(ALNUM) for _ in range(3)) + r.choice(MODELS)

def rows(r, lang, sn):
    en = lang == 'en'
    mac = lambda: ':'.join('%02X' % r.randrange(256) for _ in range(6))
    model = r.choice(['iPhone 12', 'iPhone 13', 'iPhone 13 Pro', 'iPhone 14', 'iPhone 15', 'iPhone SE'])
    g1 = [('Name' if en else 'Nom', r.choice(['iPhone', "Karim's iPhone", 'iPhone de Sami'])),
          ('iOS Version' if en else "Version d'iOS", '%d.%d.%d' % (r.randint(15, 18), r.randint(0, 6), r.randint(0, 2))),
          ('Model Name' if en else 'Nom du modèle', model),
          ('Model Number' if en else 'Numéro de modèle', 'M%s%d%s/A' % (''.join(r.choice('LKNPQ') for _ in range(2)), r.randint(2, 9), r.choice(['ZD', 'FS', 'B', 'LL']))),
          ('Serial Number' if en else 'Numéro de série', sn)]
    if r.random() < 0.3:  # newer iOS puts Limited Warranty / AppleCare row before the serial
        g1.insert(4, ('Limited Warranty' if en else 'Garantie limitée', 'Expired' if en else 'Expirée'))
    g2 = [('Songs' if en else 'Morceaux', str(r.randint(0, 900))), ('Videos' if en else 'Vidéos', str(r.randint(0, 300))),
          ('Photos', '{:,}'.format(r.randint(100, 30000)).replace(',', ' ' if not en else ',')),
          ('Applications', str(r.randint(20, 150))), ('Capacity' if en else 'Capacité', r.choice(['64 GB', '128 GB', '256 GB'])),
          ('Available' if en else 'Disponible', '%.1f GB' % (r.random() * 60))]
    g3 = [('Wi-Fi Address' if en else 'Adresse Wi-Fi', mac()), ('Bluetooth', mac()),
          ('Modem Firmware' if en else 'Firmware du modem', '%d.%02d.%02d' % (r.randint(1, 5), r.randint(0, 99), r.randint(0, 9))),
          ('SEID', '>'), ('EID', ''.join(r.choice('0123456789') for _ in range(32))),
          ('Carrier Lock' if en else 'Verrouillage opérateur', 'No SIM restrictions' if en else 'Aucune restriction SIM')]
    g4 = [('IMEI', '35 %06d %06d %d' % (r.randrange(10**6), r.randrange(10**6), r.randrange(10))),
          ('ICCID', ''.join(r.choice('0123456789') for _ in range(20)))]
    return [g1, g2, g3, g4]

def screen(r, sn):
    W, H = 1170, 2532
    dark = r.random() < 0.35
    lang = 'en' if r.random() < 0.6 else 'fr'
    fname = r.choice(list(FONTS))
    reg = ImageFont.truetype(FONTS[fname][0], 51); bold = ImageFont.truetype(FONTS[fname][1], 51)
    small = ImageFont.truetype(FONTS[fname][0], 39)
    bg, card, fg, grey, sep = ((0, 0, 0), (28, 28, 30), (255, 255, 255), (152, 152, 159), (56, 56, 58)) if dark else \
        ((242, 242, 247), (255, 255, 255), (0, 0, 0), (138, 138, 142), (198, 198, 200))
    tall = 5000
    im = Image.new('RGB', (W, tall), bg); d = ImageDraw.Draw(im)
    y = 180
    d.text((W / 2, y), 'About' if lang == 'en' else 'Informations', font=bold, fill=fg, anchor='mm')
    d.text((48, y), '‹ ' + ('General' if lang == 'en' else 'Général'), font=reg, fill=(10, 132, 255), anchor='lm')
    y += 120
    serial_y = None
    for g in rows(r, lang, sn):
        h = 132 * len(g)
        d.rounded_rectangle((48, y, W - 48, y + h), radius=30, fill=card)
        for k, (label, value) in enumerate(g):
            cy = y + 66 + 132 * k
            d.text((96, cy), label, font=reg, fill=fg, anchor='lm')
            f = reg if len(value) < 24 else small
            d.text((W - 96, cy), value, font=f, fill=grey, anchor='rm')
            if k < len(g) - 1: d.line((96, cy + 66, W - 48, cy + 66), fill=sep, width=2)
            if value == sn: serial_y = cy
        y += h + 100
    # A scroll offset that keeps the serial row on the screen.
    top = max(0, min(tall - H, serial_y - r.randint(300, H - 300)))
    shot = im.crop((0, top, W, top + H))
    sd = ImageDraw.Draw(shot)  # status bar over the content
    sd.rectangle((0, 0, W, 140), fill=bg)
    sd.text((150, 75), '9:41', font=bold, fill=fg, anchor='mm')
    sd.rounded_rectangle((W - 200, 55, W - 110, 95), radius=10, outline=fg, width=4)
    return shot, dict(dark=dark, lang=lang, font=fname)

def photograph(r, shot):
    """A phone photographing another phone's screen: body and bezel, a table, perspective,
    moiré, glare, blur, noise, JPEG."""
    W, H = shot.size
    bez = r.randint(30, 70)
    body = Image.new('RGB', (W + 2 * bez, H + 2 * bez), (0, 0, 0))
    mask = Image.new('L', body.size, 0); ImageDraw.Draw(mask).rounded_rectangle((0, 0, body.size[0] - 1, body.size[1] - 1), radius=150, fill=255)
    body.paste(shot, (bez, bez))
    # Screen's pixel grid beat against the camera's sensor: moiré.
    a = np.asarray(body).astype(np.float32)
    yy, xx = np.mgrid[0:a.shape[0], 0:a.shape[1]].astype(np.float32)
    ang = r.uniform(0, math.pi); f = r.uniform(0.02, 0.12); amp = r.uniform(0.02, 0.12)
    moire = 1 + amp * np.sin(2 * math.pi * f * (xx * math.cos(ang) + yy * math.sin(ang)))
    a = a * moire[..., None]
    body = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    # Framing: portrait 1200×1600 (or landscape), the phone filling 55–90% of the height.
    portrait = r.random() < 0.8
    OW, OH = (1200, 1600) if portrait else (1600, 1200)
    fill = r.uniform(0.55, 0.92)
    s = fill * OH / body.size[1]
    # Cap height of the 51 px type (about 37 px) in the photo; the moiré's period in the photo's px.
    facts = dict(moire_amp=round(amp, 3), moire_period=round(1 / f * s, 1), glyph_px=round(37 * s, 1))
    bw, bh = int(body.size[0] * s), int(body.size[1] * s)
    body = body.resize((bw, bh), Image.LANCZOS); mask = mask.resize((bw, bh), Image.LANCZOS)
    table = np.full((OH, OW, 3), r.randint(60, 200), np.float32) * np.array([r.uniform(0.85, 1.1), r.uniform(0.85, 1.0), r.uniform(0.7, 1.0)])
    table += np.random.default_rng(r.randrange(10**9)).normal(0, 6, table.shape)
    canvas = Image.fromarray(np.clip(table, 0, 255).astype(np.uint8))
    ox = (OW - bw) // 2 + r.randint(-(OW - bw) // 3 - 1, (OW - bw) // 3 + 1) if OW > bw else (OW - bw) // 2
    oy = (OH - bh) // 2 + r.randint(-40, 40)
    canvas.paste(body, (ox, oy), mask)
    # Perspective: the corners moved inwards by up to 7% (a keystone), then a tilt.
    k = r.uniform(0, 0.07)
    # PIL's QUAD lists the source's corners upper-left, lower-left, lower-right, upper-right.
    quad = [(r.uniform(0, k) * OW, r.uniform(0, k) * OH), (r.uniform(0, k) * OW, OH - r.uniform(0, k) * OH),
            (OW - r.uniform(0, k) * OW, OH - r.uniform(0, k) * OH), (OW - r.uniform(0, k) * OW, r.uniform(0, k) * OH)]
    canvas = canvas.transform((OW, OH), Image.QUAD, [c for p in quad for c in p], Image.BICUBIC)
    canvas = canvas.rotate(r.uniform(-8, 8), Image.BICUBIC, expand=False, fillcolor=tuple(int(v) for v in table[0, 0]))
    a = np.asarray(canvas).astype(np.float32)
    # Glare: a soft bright ellipse.
    if r.random() < 0.5:
        cx, cy, rad = r.uniform(0, OW), r.uniform(0, OH), r.uniform(150, 600)
        yy, xx = np.mgrid[0:OH, 0:OW]
        a += r.uniform(30, 110) * np.exp(-(((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * rad ** 2)))[..., None]
    a *= r.uniform(0.7, 1.15)
    a += np.random.default_rng(r.randrange(10**9)).normal(0, r.uniform(1, 6), a.shape)
    sigma = r.uniform(0.3, 1.8)
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(sigma))
    facts['blur'] = round(sigma, 2)
    return im, facts

def main():
    out, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'labels.csv'), 'w', newline='') as fh:
        w = csv.writer(fh); w.writerow(['filename', 'serial', 'device_type', 'capture', 'dark', 'lang', 'font', 'glyph_px', 'moire_amp', 'moire_period', 'blur'])
        for i in range(n):
            r = random.Random(seed * 100003 + i)
            sn = serial(r)
            shot, facts = screen(r, sn)
            if r.random() < 0.3:
                cap = 'screenshot'
                wdt = r.randint(590, 1170)
                im = shot.resize((wdt, int(shot.size[1] * wdt / shot.size[0])), Image.LANCZOS)
                pf = dict(glyph_px=round(37 * wdt / 1170, 1), moire_amp='', moire_period='', blur='')
            else:
                cap = 'photo'; im, pf = photograph(r, shot)
            name = 'screen2_%05d.jpg' % i
            im.save(os.path.join(out, name), quality=r.randint(55, 92))
            w.writerow([name, sn, 'iPhone', cap, facts['dark'], facts['lang'], facts['font'], pf['glyph_px'], pf['moire_amp'], pf['moire_period'], pf['blur']])

main()
