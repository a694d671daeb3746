#!/usr/bin/env bash
# HEIC import benchmark: `album import` (release) of a folder of HEIC photos against exiftool
# reading the same EXIF fields from the same files.
# The photos are bench/make-geo-photos.py's camera-like JPEGs (GPS, date, offset, camera, 100
# nested folders, one in 20 without GPS) encoded by libheif's heif-enc (x265, -q 50) with a
# 320-pixel thumbnail image inside, as phones store one; the JPEGs are then removed.
#   exiftool      exiftool -n -json -r with the fields album reads
#   album exif    album's EXIF reader alone (libheif's metadata + the same EXIF reader)
#   import dry    album import --dry-run: walk, hash, EXIF, HEVC decode + thumbnail, cluster
#   import        album import into a fresh library: the above + thumbnails written + one commit
#   re-import     the same folder again: hash + EXIF only
# Files/s is the best of RUNS; peak memory is /usr/bin/time -v's maximum resident set size.
# Not a test: run it by hand. Usage: bench/import-heic.sh [PHOTOS=300] [RUNS=3] [LONG_EDGE=2016]
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${1:-300}; runs=${2:-3}; edge=${3:-2016}

need=()
command -v exiftool >/dev/null || need+=(libimage-exiftool-perl)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow

bash scripts/install-deps.sh
. bench/lib.sh
album=$(release_album)

work=${BENCH_DIR:-/tmp/geoalbum-bench-heic}/$photos-$edge
if [ ! -f "$work/.done" ]; then
  rm -rf "$work"; mkdir -p "$work"
  python3 bench/make-geo-photos.py "$work/photos" "$photos" "$edge"
  find "$work/photos" -name '*.jpg' -print0 |
    xargs -0 -P "$(nproc)" -I{} sh -c 'heif-enc -q 50 -t 320 "$1" -o "${1%.jpg}.heic" >/dev/null && rm "$1"' _ {}
  touch "$work/.done"
fi
files=$(find "$work/photos" -type f | wc -l)
bytes=$(du -sb "$work/photos" | cut -f1)


echo "$files HEIC files, $((bytes / 1000000)) MB, long edge $edge px, best of $runs runs, $(nproc) cores"
fields=(-GPSLatitude -GPSLongitude -GPSAltitude -DateTimeOriginal -OffsetTimeOriginal -Make -Model -Orientation -ImageWidth -ImageHeight)
before=""
read -r t m c < <(measure exiftool -n -json -r "${fields[@]}" "$work/photos"); report exiftool "$t" "$m" "$c"
python3 - "$work/out.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
print(f"             exiftool: {sum('GPSLatitude' in r for r in rows)} of {len(rows)} with a position")
PY
read -r t m c < <(measure "$album" exif "$work/photos" --json); report "album exif" "$t" "$m" "$c"
python3 - "$work/out.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
print(f"             album: {sum(r['latitude'] is not None for r in rows)} of {len(rows)} with a position")
PY
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
