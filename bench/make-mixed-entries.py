#!/usr/bin/env python3
"""Adds N entries of mixed kinds (issue 26) to a library made by bench/make-memory-library.py,
written straight into SQLite as the store writes them (the row, its tags, its `entry_search`
row): over 2020-2024 like the photos, 40 % notes, 30 % songs, 15 % sounds, 15 % check-ins (at a
pin's position and place). Notes and check-in notes draw from the photos' vocabulary: "harbour"
in about a third, "zanzibar" in exactly 12, so `find` has as many matches again in entries.
A sound's file is a name only (the timeline, find and summary never open it).
Deterministic (seeded). Usage: make-mixed-entries.py LIBRARY_DIR [N=1000000]
"""
import json
import os
import random
import sqlite3
import sys
from datetime import date, timedelta

lib, count = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
rng = random.Random(26)
db = sqlite3.connect(os.path.join(lib, "album.sqlite"))
db.execute("PRAGMA foreign_keys = ON")
# A 1 GB page cache: the million rows' indexes (and FTS5's) otherwise thrash a 2 MB cache
# (the mixed set ran over two hours unfinished without it).
db.execute("PRAGMA cache_size = -1000000")
words = ["sunset", "market", "bridge", "museum", "beach", "mountain", "forest", "cathedral", "street", "garden",
         "river", "lake", "castle", "station", "festival", "dinner", "friends", "family", "snow", "rain"]
artists = [f"Artist {i}" for i in range(400)]
now = "2026-01-01T00:00:00.000Z"
pins = db.execute("SELECT id, latitude, longitude, place_name FROM pins ORDER BY id").fetchall()
start = date(2020, 1, 1)
span = (date(2024, 12, 31) - start).days + 1
rare = set(rng.sample(range(count), 12))


def text(n):
    t = " ".join(rng.sample(words, 4))
    if rng.random() < 0.33:
        t += " harbour"
    if n in rare:
        t += " zanzibar"
    return t


def rows():
    days = sorted(rng.randrange(span) for _ in range(count))
    for n, offset in enumerate(days):
        day = start + timedelta(days=offset)
        taken = f"{day.isoformat()}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}"
        r = rng.random()
        pin = pins[(offset * 7 + rng.randrange(3)) % len(pins)]
        row = dict(kind="note", taken=taken, lat=None, lon=None, pin=None, place=None, body=None, title=None, artist=None,
                   album=None, duration=None, codec=None, file=None, hash=None, bytes=None, media=None, search="")
        if r < 0.40:
            row.update(body=text(n))
            row["search"] = row["body"]
        elif r < 0.70:
            row.update(kind="song", title=" ".join(rng.sample(words, 2)).title(), artist=rng.choice(artists), album="Album")
            row["search"] = f"{row['title']} {row['artist']} Album" + (" zanzibar" if n in rare else "")
        elif r < 0.85:
            row.update(kind="audio", duration=rng.randrange(2_000, 60_000), codec="aac", file=f"audio/xx/bench{n}.m4a",
                       hash=f"bench{n}", bytes=100_000, media="audio/mp4")
            row["search"] = "zanzibar" if n in rare else ""
        else:
            row.update(kind="place", body=text(n), lat=pin[1], lon=pin[2], place=pin[3])
            row["search"] = row["body"]
        yield n, row


def words(body):
    """The note's words as the stores write them (EntryWords.json, decision 0134-entries): every
    word of these texts is lower-case ASCII, three letters or more, no stop word, once."""
    return None if body is None else json.dumps({w: 1 for w in sorted(body.split())}, separators=(",", ":"))


with db:
    batch = []
    for n, row in rows():
        cur = db.execute(
            """INSERT INTO entries (kind, taken_at, utc_offset, offset_source, latitude, longitude, pin_id, place_name, body,
               title, artist, album, duration_ms, codec, file, content_hash, bytes, media_type, created_at, updated_at, words)
               VALUES (?, ?, '+01:00', 'inferred', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
            (row["kind"], row["taken"], row["lat"], row["lon"], row["pin"], row["place"], row["body"], row["title"],
             row["artist"], row["album"], row["duration"], row["codec"], row["file"], row["hash"], row["bytes"],
             row["media"], now, now, words(row["body"])))
        entry = cur.lastrowid
        tag = rng.choice(["hiking", "food", "night"]) if n % 20 == 0 else None
        if tag:
            db.execute("INSERT INTO entry_tags (entry_id, tag) VALUES (?, ?)", (entry, tag))
        db.execute("INSERT INTO entry_search (rowid, text, tags, place) VALUES (?, ?, ?, ?)",
                   (entry, row["search"], tag or "", row["place"] or ""))
db.execute("INSERT INTO entry_search (entry_search) VALUES ('optimize')")
db.execute("PRAGMA optimize")
db.execute("ANALYZE")
print(db.execute("SELECT kind, count(*) FROM entries GROUP BY kind").fetchall())
