#!/usr/bin/env python3
"""Writes N Flickr-sized JPEGs (1024 px long edge, like url_b, with EXIF) into a folder.

Each file is distinct (its own shapes, noise and number), so content-addressed storage keeps
them all. Files already there are kept. Usage: make-photos.py DIR N
"""
import os
import random
import sys

from PIL import Image, ImageDraw

out, count = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
rng = random.Random(42)
base = Image.new("RGB", (1024, 683))
draw = ImageDraw.Draw(base)
for y in range(683):
    draw.line([(0, y), (1023, y)], fill=(40 + y // 5, 90, 200 - y // 6))
for i in range(count):
    path = os.path.join(out, f"photo-{i:04d}.jpg")
    if os.path.exists(path):
        continue
    img = base.copy()
    d = ImageDraw.Draw(img)
    for _ in range(60):
        x, y, r = rng.randrange(1024), rng.randrange(683), rng.randrange(5, 60)
        d.ellipse([x - r, y - r, x + r, y + r], fill=(rng.randrange(256), rng.randrange(256), rng.randrange(256)))
    noise = Image.effect_noise((1024, 683), 40).convert("RGB")
    img = Image.blend(img, noise, 0.25)
    d = ImageDraw.Draw(img)
    d.text((20, 20), f"photo {i}", fill=(255, 255, 255))
    exif = Image.Exif()
    exif[0x010F] = "GeoAlbum bench"  # Make
    exif[0x0110] = "make-photos.py"  # Model
    img.save(path, "JPEG", quality=85, exif=exif.tobytes())
