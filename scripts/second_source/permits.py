#!/usr/bin/env python3
"""A second source of Tunisian restaurant permit photos, independent of `scanbench generate`:
drawn with PIL/FreeType and raqm (not Pango/Cairo), its own layout and wording after
`design/permits.md` (bilingual header, title, the number under it after a French or Arabic
label, recitals, articles, date, stamp, signature) and its own camera (the page on a table:
keystone, tilt, uneven light, a shadow's edge, noise, blur, JPEG). Written to check the permit
pipeline on data nobody tuned on; the same (SEED, index) gives the same image. Needs numpy and
Pillow built with raqm (Arabic shaping; PyPI's wheels are).

usage: python3 scripts/second_source/permits.py OUT COUNT SEED   (writes OUT/labels.csv)"""
import sys, os, random, math, csv
import numpy as np
from PIL import Image, ImageDraw, ImageFont, ImageFilter

SERIF = ['/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf', '/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf']
SERIF_B = {'/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf': '/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf',
           '/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf': '/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf'}
SANS = ['/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
        '/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf']
SANS_B = {SANS[0]: '/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf', SANS[1]: '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
          SANS[2]: '/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf'}
ARABIC = ['/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf', '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf']
CITIES = ['Tunis', 'Sfax', 'Sousse', 'Nabeul', 'Bizerte', 'Monastir', 'Kairouan', 'Gabès', 'Ariana', 'La Marsa', 'Hammamet', 'Mahdia', 'Djerba Houmt Souk', 'Tozeur']
MINISTRIES = ["Ministère de l'Intérieur", 'Ministère des Affaires locales', 'Ministère du Tourisme', 'Ministère du Commerce']
TITLES = ["AUTORISATION D'EXPLOITATION D'UN RESTAURANT", "AUTORISATION D'OUVERTURE D'UN RESTAURANT",
          "PERMIS D'EXPLOITATION — RESTAURANT", 'LICENCE DE RESTAURATION', "AUTORISATION D'EXPLOITATION D'UN RESTAURANT CLASSÉ"]
LABELS = ['N°', 'N° :', 'Numéro :', 'Autorisation n°', 'Réf. N° :', 'رقم']
NAMES = ['Ahmed Ben Salah', 'Leila Trabelsi', 'Mohamed Gharbi', 'Sonia Jaziri', 'Karim Mansouri', 'Amira Ben Ali', 'Hichem Bouazizi']
RESTOS = ['Le Jasmin', 'Dar Zitoun', 'La Médina', 'El Ali', 'Sidi Bou', 'Le Golfe', 'Chez Slim', 'Les Palmiers']

def number(r):
    y = r.randint(2010, 2025)
    k = r.random()
    if k < 0.3: return '%d/%05d' % (y, r.randint(1, 99999))
    if k < 0.5: return '%04d/%d' % (r.randint(1, 9999), y)
    if k < 0.75: return '%d-%d' % (y, r.randint(100, 99999))
    return str(r.randint(1000, 999999))

def page(r, num):
    W, H = 1240, 1754
    im = Image.new('RGB', (W, H), (250, 249, 245)); d = ImageDraw.Draw(im)
    serif = r.random() < 0.5
    fam = r.choice(SERIF if serif else SANS); famb = (SERIF_B if serif else SANS_B)[fam]
    ar = ImageFont.truetype(r.choice(ARABIC), 30, layout_engine=ImageFont.Layout.RAQM)
    f = lambda s, b=False: ImageFont.truetype(famb if b else fam, s)
    ink = (r.randint(10, 40),) * 3
    city = r.choice(CITIES)
    y = 90
    d.text((W / 2, y), 'الجمهورية التونسية', font=ar, fill=ink, anchor='mm', direction='rtl', language='ar'); y += 44
    d.text((W / 2, y), 'RÉPUBLIQUE TUNISIENNE', font=f(28, True), fill=ink, anchor='mm'); y += 44
    d.text((W / 2, y), r.choice(MINISTRIES), font=f(24), fill=ink, anchor='mm'); y += 70
    d.text((110, y), 'Gouvernorat de %s' % city.split()[0], font=f(22), fill=ink, anchor='lm')
    d.text((W - 110, y), 'بلدية', font=ar, fill=ink, anchor='rm', direction='rtl', language='ar'); y += 34
    d.text((110, y), '%s de %s' % (r.choice(['Commune', 'Municipalité']), city), font=f(22), fill=ink, anchor='lm'); y += 110
    title = r.choice(TITLES)
    tf = f(34 if len(title) < 36 else 30, True)
    d.text((W / 2, y), title, font=tf, fill=ink, anchor='mm'); y += 56
    d.text((W / 2, y), 'رخصة استغلال مطعم', font=ImageFont.truetype(ARABIC[0], 32, layout_engine=ImageFont.Layout.RAQM), fill=ink, anchor='mm', direction='rtl', language='ar'); y += 64
    label = r.choice(LABELS)
    nf = f(r.choice([28, 30, 32]), r.random() < 0.6)
    number_box = None
    if label == 'رقم':
        tw = d.textlength(num, font=nf)
        x0 = W / 2 - tw / 2 - 30
        d.text((x0, y), num, font=nf, fill=ink, anchor='lm')
        d.text((x0 + tw + 16, y), 'رقم', font=ImageFont.truetype(ARABIC[0], 32, layout_engine=ImageFont.Layout.RAQM), fill=ink, anchor='lm', direction='rtl', language='ar')
    else:
        d.text((W / 2, y), '%s %s' % (label, num), font=nf, fill=ink, anchor='mm')
    y += 90
    bf = f(22)
    body = ['Le Président de la Commune de %s,' % city,
            'Vu la loi organique n° 2018-29 du 9 mai 2018 relative au Code des collectivités locales ;',
            'Vu le décret n° %d-%d fixant les conditions d\'exploitation des restaurants ;' % (r.randint(1995, 2015), r.randint(100, 3000)),
            'Vu la demande présentée le %02d/%02d/%d par M./Mme %s ;' % (r.randint(1, 28), r.randint(1, 12), r.randint(2010, 2024), r.choice(NAMES)),
            'ARRÊTE',
            'Article 1 : M./Mme %s, titulaire de la CIN n° %08d, est autorisé(e) à' % (r.choice(NAMES), r.randint(0, 10**8 - 1)),
            'exploiter le restaurant « %s » sis au %d, avenue Habib Bourguiba, %s.' % (r.choice(RESTOS), r.randint(1, 200), city),
            "Article 2 : La capacité d'accueil est fixée à %d places." % r.randint(20, 250),
            'Article 3 : La présente autorisation est personnelle et incessible. Tél. : %d %03d %03d' % (r.randint(70, 79), r.randint(0, 999), r.randint(0, 999))]
    for line in body:
        if line == 'ARRÊTE': d.text((W / 2, y), line, font=f(24, True), fill=ink, anchor='mm')
        else: d.text((110, y), line, font=bf, fill=ink, anchor='lm')
        y += 46
    y += 50
    d.text((W - 140, y), '%s, le %02d/%02d/%d' % (city, r.randint(1, 28), r.randint(1, 12), r.randint(2010, 2024)), font=bf, fill=ink, anchor='rm')
    # A round stamp and a signature.
    cx, cy, rad = W - 380 + r.randint(-60, 60), y + 170, r.randint(90, 120)
    blue = (40, 60, 160)
    st = Image.new('RGBA', (W, H), (0, 0, 0, 0)); sd = ImageDraw.Draw(st)
    sd.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), outline=blue + (170,), width=5)
    sd.ellipse((cx - rad + 22, cy - rad + 22, cx + rad - 22, cy + rad - 22), outline=blue + (170,), width=3)
    sd.text((cx, cy), 'COMMUNE', font=f(20, True), fill=blue + (170,), anchor='mm')
    pts = [(cx - 160 + 14 * k, cy + 20 + 30 * math.sin(k * r.uniform(0.7, 1.3))) for k in range(25)]
    sd.line(pts, fill=(20, 20, 60, 220), width=4)
    im = Image.alpha_composite(im.convert('RGBA'), st).convert('RGB')
    return im, dict(label=label, serif=serif, title=title)

def photograph(r, pg):
    """A phone photo of the page on a table: perspective, tilt, a shadow, uneven light, blur, noise."""
    OW, OH = (r.choice([1200, 1440, 1536]), 0)
    OH = int(OW * 4 / 3)
    fill = r.uniform(0.65, 0.9)
    s = fill * OH / pg.size[1]
    pw, ph = int(pg.size[0] * s), int(pg.size[1] * s)
    pgs = pg.resize((pw, ph), Image.LANCZOS)
    base = r.randint(70, 170)
    table = np.full((OH, OW, 3), base, np.float32) * np.array([r.uniform(0.9, 1.15), r.uniform(0.8, 1.0), r.uniform(0.6, 0.9)])
    table += np.random.default_rng(r.randrange(10**9)).normal(0, 8, table.shape)
    canvas = Image.fromarray(np.clip(table, 0, 255).astype(np.uint8))
    canvas.paste(pgs, ((OW - pw) // 2 + r.randint(-30, 30), (OH - ph) // 2 + r.randint(-30, 30)))
    k = r.uniform(0.02, 0.09)
    quad = [(r.uniform(0, k) * OW, r.uniform(0, k) * OH), (r.uniform(0, k) * OW, OH - r.uniform(0, k) * OH),
            (OW - r.uniform(0, k) * OW, OH - r.uniform(0, k) * OH), (OW - r.uniform(0, k) * OW, r.uniform(0, k) * OH)]
    canvas = canvas.transform((OW, OH), Image.QUAD, [c for p in quad for c in p], Image.BICUBIC)
    canvas = canvas.rotate(r.uniform(-6, 6), Image.BICUBIC, fillcolor=(base, base, base))
    a = np.asarray(canvas).astype(np.float32)
    yy, xx = np.mgrid[0:OH, 0:OW].astype(np.float32)
    # Uneven light: a linear gradient, and sometimes a soft shadow across part of the page.
    g = 1 - r.uniform(0, 0.3) * ((xx * math.cos(r.uniform(0, 6.3)) + yy * math.sin(r.uniform(0, 6.3))) / max(OW, OH) + 0.5)
    a *= g[..., None]
    if r.random() < 0.5:
        ang = r.uniform(0, math.pi); off = r.uniform(0.3, 0.7)
        dist = (xx / OW - off) * math.cos(ang) + (yy / OH - 0.5) * math.sin(ang)
        a *= (1 - r.uniform(0.15, 0.4) / (1 + np.exp(-dist * 40)))[..., None]
    a *= r.uniform(0.75, 1.1)
    a += np.random.default_rng(r.randrange(10**9)).normal(0, r.uniform(1.5, 5), a.shape)
    im = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8)).filter(ImageFilter.GaussianBlur(r.uniform(0.4, 1.4)))
    return im

def main():
    out, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, 'labels.csv'), 'w', newline='') as fh:
        w = csv.writer(fh); w.writerow(['filename', 'permit_number', 'kind', 'number_label', 'title', 'serif'])
        for i in range(n):
            r = random.Random(seed * 100003 + i)
            num = number(r)
            pg, facts = page(r, num)
            im = photograph(r, pg)
            name = 'permit2_%05d.jpg' % i
            im.save(os.path.join(out, name), quality=r.randint(60, 90))
            w.writerow([name, num, 'permit', facts['label'], facts['title'], facts['serif']])

main()
