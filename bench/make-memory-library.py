#!/usr/bin/env python3
"""Fills a library made by `album` (its real schema, migrations applied) with a generated memory:
N photos over five years (2020-2024) at 1,000 pins, plus exactly 1,000 photos in January 2025
for the card benchmark, written straight into SQLite. Every trigger of the schema runs (full-text
index, day roll-up, R*Tree), as it would for photos stored by album itself.

Titles are drawn from a small vocabulary: "harbour" is in about a third of them (the common
word); "zanzibar" in exactly 12 (the rare word). 5% of photos carry a photo tag, 10% of pins a
pin tag. Thumbnails point at the fixture bundle's 30 thumbnails, copied into the library.
Deterministic (seeded). Usage: make-memory-library.py LIBRARY_DIR [N=999000]
"""
import glob
import os
import random
import shutil
import sqlite3
import sys
from datetime import date, timedelta

lib, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 999_000
rng = random.Random(13)
db = sqlite3.connect(os.path.join(lib, "album.sqlite"))
db.execute("PRAGMA foreign_keys = ON")
# A 1 GB page cache: the million rows' indexes (and FTS5's) otherwise thrash a 2 MB cache
# (the mixed set ran over two hours unfinished without it).
db.execute("PRAGMA cache_size = -1000000")

here = os.path.dirname(os.path.abspath(__file__))
thumbs = []
os.makedirs(os.path.join(lib, "thumbs", "bench"), exist_ok=True)
for path in sorted(glob.glob(os.path.join(here, "..", "fixtures", "bundle", "thumbs", "*.jpg"))):
    name = "thumbs/bench/" + os.path.basename(path)
    shutil.copyfile(path, os.path.join(lib, name))
    thumbs.append(name)

words = ["sunset", "market", "bridge", "museum", "beach", "mountain", "forest", "cathedral", "street", "garden",
         "river", "lake", "castle", "station", "festival", "dinner", "friends", "family", "snow", "rain"]
cameras = [("Canon", "Canon EOS R6"), ("SONY", "ILCE-7M3"), ("Apple", "iPhone 13"), ("FUJIFILM", "X-T5"), (None, None)]
now = "2026-01-01T00:00:00.000Z"

with db:
    pins = []
    for i in range(1000):
        lat, lon = rng.uniform(-60, 70), rng.uniform(-180, 180)
        cur = db.execute("INSERT INTO pins (latitude, longitude, title, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                         (lat, lon, f"Place {i}", "generated" if i % 3 else None, now, now))
        pins.append((cur.lastrowid, lat, lon))
    db.executemany("INSERT INTO pin_tags (pin_id, tag) VALUES (?, ?)",
                   [(p[0], rng.choice(["holiday", "work", "family trip"])) for p in pins if rng.random() < 0.1])

    start = date(2020, 1, 1)
    span = (date(2024, 12, 31) - start).days + 1
    rare = set(rng.sample(range(count), 12))

    def rows():
        # Photos arrive in time order, a few pins a day, as a person's library would.
        days = sorted(rng.randrange(span) for _ in range(count))
        for n, offset in enumerate(days):
            day = start + timedelta(days=offset)
            yield photo(n, day, pins[(offset * 7 + rng.randrange(3)) % len(pins)])
        for n in range(1000):
            yield photo(count + n, date(2025, 1, 1) + timedelta(days=n * 31 // 1000), pins[(n // 40) % len(pins)])

    def photo(n, day, pin):
        title = " ".join(rng.sample(words, 2))
        if rng.random() < 0.33:
            title += " harbour"
        if n in rare:
            title += " zanzibar"
        make, model = cameras[n % len(cameras)]
        taken = f"{day.isoformat()}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}"
        if n % 4:
            taken += "+01:00"
        if n % 500 == 0:
            taken = None  # a few undated photos
        return (pin[0], "import", f"h{n}", f"/photos/IMG_{n:07d}.jpg", title, taken, pin[1], pin[2], "downloaded",
                f"/photos/IMG_{n:07d}.jpg", thumbs[n % len(thumbs)], f"h{n}", 1000, 640, 480, make, model, 1, n, now, now)

    db.executemany("""INSERT INTO photos (pin_id, source, source_id, url, title, taken_at, latitude, longitude, state, file,
        thumbnail, content_hash, bytes, width, height, camera_make, camera_model, orientation, position, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""", rows())
    ids = [r[0] for r in db.execute("SELECT id FROM photos WHERE id % 20 = 0")]
    db.executemany("INSERT INTO photo_tags (photo_id, tag) VALUES (?, ?)", [(i, rng.choice(["hiking", "food", "night"])) for i in ids])
db.execute("PRAGMA optimize")
db.execute("ANALYZE")
print(db.execute("SELECT count(*), count(DISTINCT pin_id) FROM photos").fetchone())
