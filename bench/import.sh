#!/usr/bin/env bash
# Import benchmark: `album import` (release) against exiftool reading the same EXIF fields from
# the same folder of camera-like JPEGs (bench/make-geo-photos.py: GPS, date, offset, camera).
#   exiftool      exiftool -n -json -r with GPS position/altitude, DateTimeOriginal, offset,
#                 make, model, orientation, width, height (the fields album reads)
#   album exif    album's EXIF reader alone over the same files (the like-for-like comparison)
#   import dry    album import --dry-run: walk, hash, EXIF, decode + thumbnail, cluster; no writes
#   import        album import into a fresh library: the above + thumbnails written + one commit
#   re-import     the same folder again: hash + EXIF only, every file already imported
# Files/s is the best of RUNS; peak memory is /usr/bin/time -v's maximum resident set size.
# The folder is read from the page cache (it was just written). Not a test: run it by hand.
# Usage: bench/import.sh [PHOTOS=1000] [RUNS=3] [LONG_EDGE=1024]
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${1:-1000}; runs=${2:-3}; edge=${3:-1024}

need=()
command -v exiftool >/dev/null || need+=(libimage-exiftool-perl)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow

bash scripts/install-deps.sh
. bench/lib.sh
album=$(release_album)

work=${BENCH_DIR:-/tmp/geoalbum-bench-import}/$photos-$edge
mkdir -p "$work"
python3 bench/make-geo-photos.py "$work/photos" "$photos" "$edge"
files=$(find "$work/photos" -type f | wc -l)
bytes=$(du -sb "$work/photos" | cut -f1)


echo "$files files, $((bytes / 1000000)) MB, long edge $edge px, best of $runs runs, $(nproc) cores"
fields=(-GPSLatitude -GPSLongitude -GPSAltitude -DateTimeOriginal -OffsetTimeOriginal -Make -Model -Orientation -ImageWidth -ImageHeight)
before=""
read -r t m c < <(measure exiftool -n -json -r "${fields[@]}" "$work/photos"); report exiftool "$t" "$m" "$c"
read -r t m c < <(measure "$album" exif "$work/photos" --json); report "album exif" "$t" "$m" "$c"
read -r t m c < <(measure "$album" import "$work/photos" --dry-run --json --library "$work/none"); report "import dry" "$t" "$m" "$c"
before='rm -rf "$work/lib"'
read -r t m c < <(measure "$album" import "$work/photos" --json --library "$work/lib"); report import "$t" "$m" "$c"
python3 - "$work/out.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"             imported {r['imported']}, unplaced {r['unplaced']}, skipped {len(r['skipped'])}, pins {len(r['pins'])}")
PY
before=""
read -r t m c < <(measure "$album" import "$work/photos" --json --library "$work/lib"); report re-import "$t" "$m" "$c"
python3 - "$work/out.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["imported"] == 0, r["imported"]
print(f"             imported {r['imported']}, already imported {r['alreadyImported']}")
PY
