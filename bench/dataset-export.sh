#!/usr/bin/env bash
# The dataset export (issue 30): `album export dataset --size thumbnail --shard-size SHARD` of a
# library of PHOTOS downloaded photos (rows written straight into a new library's SQLite file,
# each with its own ~8.5 KB thumbnail, licence CC BY) against `tar cf` of the same thumbnail files
# in the same order, in the same run. Runs alternate, page cache warm (one untimed pass of each
# first); each figure is the least wall time of RUNS. MB/s is the bytes written (the shards; the
# tar file) per wall second; the ratio album / tar is the goal's (>= 0.8). Load average printed.
# Usage: bench/dataset-export.sh ALBUM [PHOTOS=100000] [SHARD=1000] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
album=$1; photos=${2:-100000}; shard=${3:-1000}; runs=${4:-3}
work=${BENCH_DIR:-/tmp/geoalbum-dataset-bench}
rm -rf "$work"; mkdir -p "$work"
"$album" pin add --lat 48.8566 --lon 2.3522 --title bench --library "$work/lib" >/dev/null
python3 - "$work" "$photos" fixtures/bundle/photos/paris-01.jpg <<'PY'
import hashlib, os, sqlite3, sys
work, n, sample = sys.argv[1], int(sys.argv[2]), open(sys.argv[3], "rb").read()
lib = os.path.join(work, "lib")
db = sqlite3.connect(os.path.join(lib, "album.sqlite"))
rows, listing = [], []
for i in range(n):
    body = sample + b"bench %d" % i          # bytes after EOI: a distinct, still readable JPEG
    digest = hashlib.sha256(body).hexdigest()
    rel = "thumbs/%s/%s.jpg" % (digest[:2], digest)
    os.makedirs(os.path.join(lib, os.path.dirname(rel)), exist_ok=True)
    with open(os.path.join(lib, rel), "wb") as f: f.write(body)
    rows.append((1, "bench", str(i), "https://example.org/%d.jpg" % i, "photo %d" % i, "downloaded", i,
                 "2026-01-01T00:00:00.000Z", rel, rel, digest, len(body), 48.85 + i * 1e-7, 2.35,
                 "2024-06-14T09:43:19", "4", "Attribution License", "https://creativecommons.org/licenses/by/2.0/", "Owner %d" % (i % 97)))
    listing.append(rel)
db.executemany("""INSERT INTO photos (pin_id, source, source_id, url, title, state, position, created_at, updated_at,
    file, thumbnail, content_hash, bytes, latitude, longitude, taken_at, license_id, license, license_url, owner_name)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
    [r[:8] + (r[7],) + r[8:] for r in rows])
db.commit()
with open(os.path.join(work, "files.txt"), "w") as f: f.write("\n".join(listing) + "\n")
PY
run_album() { rm -rf "$work/ds"; "$album" export dataset --out "$work/ds" --size thumbnail --shard-size "$shard" --library "$work/lib" >/dev/null; }
run_tar() { rm -f "$work/t.tar"; tar -C "$work/lib" -cf "$work/t.tar" -T "$work/files.txt"; }
seconds() { local s e; s=$(date +%s.%N); "$@"; e=$(date +%s.%N); echo "$e - $s" | bc -l; }
run_album; run_tar
best_album=999999; best_tar=999999
for _ in $(seq "$runs"); do
  a=$(seconds run_album); t=$(seconds run_tar)
  best_album=$(echo "if ($a < $best_album) $a else $best_album" | bc -l)
  best_tar=$(echo "if ($t < $best_tar) $t else $best_tar" | bc -l)
done
album_bytes=$(cat "$work"/ds/shard-*.tar | wc -c); tar_bytes=$(wc -c < "$work/t.tar")
printf 'photos %d, shards of %d: album %.0f MB in %.2f s = %.1f MB/s; tar %.0f MB in %.2f s = %.1f MB/s; ratio %.2f\n' \
  "$photos" "$shard" "$(echo "$album_bytes / 1000000" | bc -l)" "$best_album" "$(echo "$album_bytes / 1000000 / $best_album" | bc -l)" \
  "$(echo "$tar_bytes / 1000000" | bc -l)" "$best_tar" "$(echo "$tar_bytes / 1000000 / $best_tar" | bc -l)" \
  "$(echo "($album_bytes / $best_album) / ($tar_bytes / $best_tar)" | bc -l)"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
