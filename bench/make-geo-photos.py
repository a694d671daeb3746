#!/usr/bin/env python3
"""Writes N camera-like JPEGs with EXIF GPS, capture time and camera into nested folders, for
the import benchmark: 40 places around the world (both hemispheres, both sides of the
antimeridian), one photo in 20 without GPS. Each file is distinct. Files already there are kept.
Usage: make-geo-photos.py DIR N [LONG_EDGE=1024]
"""
import os
import random
import sys

from PIL import Image, ImageDraw
from PIL.TiffImagePlugin import IFDRational

out, count = sys.argv[1], int(sys.argv[2])
width = int(sys.argv[3]) if len(sys.argv) > 3 else 1024
height = width * 2 // 3
rng = random.Random(7)
places = [(rng.uniform(-70, 70), rng.uniform(-180, 180)) for _ in range(38)] + [(-16.5, 179.9995), (-16.5, -179.9995)]


def dms(value):
    value = abs(value)
    d = int(value)
    m = int((value - d) * 60)
    s = round(((value - d) * 60 - m) * 60 * 1_000_000)
    return (IFDRational(d, 1), IFDRational(m, 1), IFDRational(s, 1_000_000))


base = Image.new("RGB", (width, height))
draw = ImageDraw.Draw(base)
for y in range(height):
    draw.line([(0, y), (width - 1, y)], fill=(40 + y * 200 // height, 90, 200 - y * 160 // height))
noise = Image.effect_noise((width, height), 40).convert("RGB")
for i in range(count):
    path = os.path.join(out, f"trip-{i % 10}", f"day-{i // 100 % 10}", f"IMG_{i:05d}.jpg")
    if os.path.exists(path):
        continue
    os.makedirs(os.path.dirname(path), exist_ok=True)
    img = base.copy()
    d = ImageDraw.Draw(img)
    for _ in range(40):
        x, y, r = rng.randrange(width), rng.randrange(height), rng.randrange(5, max(6, width // 16))
        d.ellipse([x - r, y - r, x + r, y + r], fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    img = Image.blend(img, noise, 0.2)
    ImageDraw.Draw(img).text((20, 20), f"photo {i}", fill=(255, 255, 255))
    lat, lon = places[i % len(places)]
    lat += rng.uniform(-0.004, 0.004)
    lon = max(-180.0, min(180.0, lon + rng.uniform(-0.004, 0.004))) if abs(lon) < 179.99 else lon
    exif = Image.Exif()
    exif[0x010F] = "GeoAlbum"
    exif[0x0110] = f"bench {i % 3}"
    exif[0x0112] = 1
    stamp = f"2024:{1 + i % 12:02d}:{1 + i % 28:02d} {i % 24:02d}:{i % 60:02d}:00"
    sub = exif.get_ifd(0x8769)
    sub[0x9003] = stamp
    sub[0x9011] = "+01:00"
    if i % 20 != 0:
        gps = exif.get_ifd(0x8825)
        gps[0x0001] = "N" if lat >= 0 else "S"
        gps[0x0002] = dms(lat)
        gps[0x0003] = "E" if lon >= 0 else "W"
        gps[0x0004] = dms(lon)
        gps[0x0005] = b"\x00"
        gps[0x0006] = IFDRational(round(rng.uniform(0, 3000) * 10), 10)
    img.save(path, "JPEG", quality=85, exif=exif.tobytes())
