#!/usr/bin/env bash
# `album dupes` at scale (issue 29: "album dupes at 1 M photos < 1 s"). A library of PHOTOS photos
# (bench/make-memory-library.py into the schema album makes), each given a random 64-bit perceptual
# hash, and one photo in 500 made a near copy of the one before it (1-6 bits apart, the same
# capture time and thumbnail: the second check passes on the times, or on the pixels where the
# generated photo has no time). `--bursts` runs are timed too (the hashes alone: no second check). Then `album dupes --json`
# is timed: the least wall time of RUNS after one untimed run (which migrates the library), the
# whole process (start-up, reading every hash, the index, the second check of the candidates,
# loading the grouped photos). Load average printed. Not a test: run it by hand.
# Usage: bench/dupes-scale.sh ALBUM [PHOTOS=999000] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
album=$1; photos=${2:-999000}; runs=${3:-3}
lib=${BENCH_DIR:-/tmp/geoalbum-bench-dupes}/lib-$photos
if [ ! -f "$lib/album.sqlite" ]; then
  mkdir -p "$lib"
  "$album" pin add --lat 0 --lon 0 --library "$lib" >/dev/null   # album makes the schema
  "$album" pin rm 1 --library "$lib" >/dev/null
  python3 bench/make-memory-library.py "$lib" "$photos"
  python3 - "$lib/album.sqlite" <<'PY'
import random, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
rng = random.Random(29)
ids = [r[0] for r in db.execute("SELECT id FROM photos ORDER BY id")]
hashes = {}
for i in ids:
    hashes[i] = rng.getrandbits(64)
for k in range(1, len(ids) - 1, 500):  # beside make-memory-library.py's undated photos (n % 500 == 0)
    a, b = ids[k], ids[k + 1]
    h = hashes[a]
    for bit in rng.sample(range(64), rng.randint(1, 6)):
        h ^= 1 << bit
    hashes[b] = h
    db.execute("""UPDATE photos SET taken_at = (SELECT taken_at FROM photos WHERE id = ?1),
                  thumbnail = (SELECT thumbnail FROM photos WHERE id = ?1) WHERE id = ?2""", (a, b))
signed = lambda h: h - (1 << 64) if h >= 1 << 63 else h
db.executemany("UPDATE photos SET phash = ? WHERE id = ?", [(signed(h), i) for i, h in hashes.items()])
db.commit()
PY
fi
# A library migrated by an intermediate build of session 7 has `photos_by_phash` on (pin_id,
# phash) under the landed migration's name (research-phashIndexes): SQLite then sorts the
# million hashes by id on every run. Made again as the landed migration makes it.
python3 - "$lib/album.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
row = db.execute("SELECT sql FROM sqlite_master WHERE name = 'photos_by_phash'").fetchone()
if row and "(pin_id, phash)" in row[0]:
    db.executescript("""DROP INDEX photos_by_phash;
        CREATE INDEX photos_by_phash ON photos (id, pin_id, phash) WHERE phash IS NOT NULL AND state = 'downloaded';""")
    print("photos_by_phash made again on (id, pin_id, phash), as the migration makes it")
PY
echo "first run (migrations):"
time "$album" dupes --json --library "$lib" > "$lib/../dupes.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(len(d['groups']), 'groups')" "$lib/../dupes.json"
best=999999
for _ in $(seq "$runs"); do
  s=$(date +%s.%N); "$album" dupes --json --library "$lib" >/dev/null; e=$(date +%s.%N)
  best=$(echo "t = $e - $s; if (t < $best) t else $best" | bc -l)
done
printf 'album dupes, %d photos: least wall %.2f s of %d runs\n' "$photos" "$best" "$runs"
best=999999
for _ in $(seq "$runs"); do
  s=$(date +%s.%N); "$album" dupes --bursts --json --library "$lib" >/dev/null; e=$(date +%s.%N)
  best=$(echo "t = $e - $s; if (t < $best) t else $best" | bc -l)
done
printf 'album dupes --bursts, %d photos: least wall %.2f s of %d runs\n' "$photos" "$best" "$runs"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
