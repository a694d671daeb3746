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
swift build -c release --product album >/dev/null
album=$(swift build -c release --show-bin-path)/album

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

measure() {  # runs "$@" RUNS times; prints "best-seconds peak-kB" (peak of the best run)
  local best=999999 peak=0 t m
  for _ in $(seq "$runs"); do
    [ -n "${before:-}" ] && eval "$before"
    /usr/bin/time -v -o "$work/time.txt" "$@" > "$work/out.json" 2>/dev/null || true
    t=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}' "$work/time.txt")
    m=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
    if python3 -c "import sys; sys.exit(0 if $t < $best else 1)"; then best=$t; peak=$m; fi
  done
  echo "$best $peak"
}
report() {  # name seconds peak-kB
  python3 -c "
name, s, kb, files, mb = '$1', float('$2'), int('$3'), $files, $bytes / 1e6
print(f'{name:<12} {files / s:8.0f} files/s  {mb / s:7.1f} MB/s  {s:7.2f} s  peak {kb / 1024:6.1f} MB')"
}

echo "$files HEIC files, $((bytes / 1000000)) MB, long edge $edge px, best of $runs runs, $(nproc) cores"
fields=(-GPSLatitude -GPSLongitude -GPSAltitude -DateTimeOriginal -OffsetTimeOriginal -Make -Model -Orientation -ImageWidth -ImageHeight)
before=""
read -r t m < <(measure exiftool -n -json -r "${fields[@]}" "$work/photos"); report exiftool "$t" "$m"
python3 - "$work/out.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
print(f"             exiftool: {sum('GPSLatitude' in r for r in rows)} of {len(rows)} with a position")
PY
read -r t m < <(measure "$album" exif "$work/photos" --json); report "album exif" "$t" "$m"
python3 - "$work/out.json" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))
print(f"             album: {sum(r['latitude'] is not None for r in rows)} of {len(rows)} with a position")
PY
read -r t m < <(measure "$album" import "$work/photos" --dry-run --json --library "$work/none"); report "import dry" "$t" "$m"
before='rm -rf "$work/lib"'
read -r t m < <(measure "$album" import "$work/photos" --json --library "$work/lib"); report import "$t" "$m"
python3 - "$work/out.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"             imported {r['imported']}, unplaced {r['unplaced']}, skipped {len(r['skipped'])}, pins {len(r['pins'])}")
PY
before=""
read -r t m < <(measure "$album" import "$work/photos" --json --library "$work/lib"); report re-import "$t" "$m"
