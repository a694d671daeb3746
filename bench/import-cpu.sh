#!/usr/bin/env bash
# Import against exiftool, CPU time (issue 28, item 3): `album import` of a folder of camera-like
# JPEGs (bench/make-geo-photos.py: GPS, date, offset, camera) into a new library, with eager and
# lazy thumbnails, with and without --copy, two builds side by side (BEFORE without
# --thumbnails runs eager only), interleaved with `exiftool -n -json -r` reading the same ten
# fields album reads. Each figure is the least CPU time (user + system) of RUNS; files per
# CPU-second and the ratio to exiftool's are printed, with the peak resident memory of that run.
# The folder is read from the page cache (it was just written). Prints the load average.
# Usage: bench/import-cpu.sh BEFORE_ALBUM AFTER_ALBUM [PHOTOS=1000] [RUNS=3] [LONG_EDGE=1024]
set -euo pipefail
cd "$(dirname "$0")/.."
before=$1; after=$2; photos=${3:-1000}; runs=${4:-3}; edge=${5:-1024}
command -v exiftool >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libimage-exiftool-perl >/dev/null; }
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow
work=${BENCH_DIR:-/tmp/geoalbum-import-cpu}/$photos-$edge
mkdir -p "$work"
python3 bench/make-geo-photos.py "$work/photos" "$photos" "$edge" >/dev/null
files=$(find "$work/photos" -type f | wc -l)
fields=(-GPSLatitude -GPSLongitude -GPSAltitude -DateTimeOriginal -OffsetTimeOriginal -Make -Model -Orientation -ImageWidth -ImageHeight)
find "$work/photos" -type f -exec cat {} + > /dev/null  # into the page cache

# one NAME CMD…: runs it once into a new library; appends "NAME cpu-seconds peak-kB" to results.
one() {
  local name=$1; shift
  rm -rf "$work/lib"
  /usr/bin/time -f "%U %S %M" -o "$work/time.txt" "$@" > "$work/out.txt" 2>/dev/null \
    || { echo "$name failed: $(head -c 300 "$work/out.txt")" >&2; exit 1; }
  echo "$name $(awk '{print $1 + $2, $3}' "$work/time.txt")" >> "$work/results.txt"
}
rm -f "$work/results.txt"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$runs"); do
  one exiftool exiftool -n -json -r "${fields[@]}" "$work/photos"
  one "before-eager" "$before" import "$work/photos" --json --library "$work/lib"
  one "after-eager" "$after" import "$work/photos" --json --library "$work/lib"
  one "after-lazy" "$after" import "$work/photos" --json --library "$work/lib" --thumbnails lazy
  one "before-copy-eager" "$before" import "$work/photos" --json --library "$work/lib" --copy
  one "after-copy-eager" "$after" import "$work/photos" --json --library "$work/lib" --copy
  one "after-copy-lazy" "$after" import "$work/photos" --json --library "$work/lib" --copy --thumbnails lazy
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/results.txt" "$files" "$runs" <<'PY'
import sys
from collections import defaultdict
best = defaultdict(lambda: (1e9, 0))
for line in open(sys.argv[1]):
    name, cpu, kb = line.split()
    if float(cpu) < best[name][0]: best[name] = (float(cpu), int(kb))
files, runs = int(sys.argv[2]), sys.argv[3]
ex = files / best["exiftool"][0]
print(f"{files} files, least CPU of {runs} interleaved runs each")
print("| run | CPU | files per CPU-second | / exiftool | peak memory |")
print("|:---|---:|---:|---:|---:|")
for name in ["exiftool", "before-eager", "after-eager", "after-lazy", "before-copy-eager", "after-copy-eager", "after-copy-lazy"]:
    cpu, kb = best[name]
    rate = files / cpu
    print(f"| {name} | {cpu:.2f} s | {rate:.0f} | {rate / ex:.2f}× | {kb / 1024:.1f} MB |")
PY
