#!/usr/bin/env python3
"""Fills a library made by `album` (schema from its migrations) with PINS pins and PHOTOS
downloaded photos spread evenly over them, for the `album serve` benchmark. Every photo row
points at one real JPEG and thumbnail copied into the library (content-addressed files may be
shared). Rows go straight into SQLite: making 100,000 real downloads would take hours and
measure the downloader, not the server.
Usage: make-serve-library.py LIBRARY PINS PHOTOS JPEG
"""
import hashlib
import os
import random
import shutil
import sqlite3
import sys

library, pins, photos, jpeg = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
data = open(jpeg, "rb").read()
digest = hashlib.sha256(data).hexdigest()
original = "originals/%s/%s.jpg" % (digest[:2], digest)
thumbnail = "thumbs/%s/%s.jpg" % (digest[:2], digest)
for path in (original, thumbnail):
    os.makedirs(os.path.join(library, os.path.dirname(path)), exist_ok=True)
    shutil.copyfile(jpeg, os.path.join(library, path))

rng = random.Random(15)
now = "2026-11-23T12:00:00Z"
db = sqlite3.connect(os.path.join(library, "album.sqlite"))
db.execute("PRAGMA journal_mode=WAL")
with db:
    pin_ids = []
    for i in range(pins):
        lat, lon = rng.uniform(-60, 70), rng.uniform(-180, 180)
        cur = db.execute("INSERT INTO pins (latitude, longitude, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
                         (lat, lon, "Place <%d> \"bench\"" % i, now, now))
        pin_ids.append((cur.lastrowid, lat, lon))
    per_pin = photos // max(1, pins)
    rows = []
    for pin_id, lat, lon in pin_ids:
        if per_pin:
            db.execute("INSERT INTO albums (pin_id, source, radius_km, per_page, page, total, pages, searched_at) "
                       "VALUES (?, 'bundle:/bench', 5, ?, 1, ?, 1, ?)", (pin_id, per_pin, per_pin, now))
        for n in range(per_pin):
            rows.append((pin_id, "bench", "%d-%d" % (pin_id, n), "https://example.invalid/%d/%d.jpg" % (pin_id, n),
                         "Photo %d of pin %d" % (n, pin_id), "2024-%02d-%02dT12:%02d:00+02:00" % (1 + n % 12, 1 + n % 28, n % 60),
                         lat + rng.uniform(-0.01, 0.01), lon + rng.uniform(-0.01, 0.01), original, thumbnail, digest,
                         len(data), 320, 240, n, now, now))
    db.executemany(
        "INSERT INTO photos (pin_id, source, source_id, url, title, taken_at, latitude, longitude, state, file, thumbnail, "
        "content_hash, bytes, width, height, position, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'downloaded', ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
print("%d pins, %d photos in %s" % (pins, len(rows), library))
