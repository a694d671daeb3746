#!/usr/bin/env bash
# CPU per downloaded photo, two builds side by side (issue 28, item 2): `album fetch` of the same
# Flickr-sized JPEGs from nginx on 127.0.0.1 (unthrottled), BEFORE and AFTER interleaved, each
# run into a new library; the figure is the least CPU time (user + system, /usr/bin/time) of
# RUNS per build, divided by the photos. curl's CPU for the same URLs (one run of
# `curl --parallel`) is printed for scale. Prints the load average before and after. With
# LAZY=1 (issue 28 item 2) BEFORE and AFTER also run with `--thumbnails lazy`, interleaved with the
# others (a BEFORE without the option fails: build it from c105e35 or later).
# Usage: [LAZY=1] bench/photo-cpu.sh BEFORE_ALBUM AFTER_ALBUM [PHOTOS=300] [N=4] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
before=$1; after=$2; photos=${3:-300}; n=${4:-4}; runs=${5:-5}
command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow
. bench/lib.sh
work=${BENCH_DIR:-/tmp/geoalbum-photo-cpu}
mkdir -p "$work"
python3 bench/make-photos.py "$work/www/photos" "$photos"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
half=$(( (photos + 1) / 2 ))
mkdir -p "$work/bundle"
python3 - "$work" "$port" "$photos" "$half" <<'PY'
import json, sys
work, port, photos, half = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
url = lambda i: f"http://127.0.0.1:{port}/photos/photo-{i:04d}.jpg"
records = [{"albumId": 1, "id": i, "title": f"photo {i}", "url": url(i), "thumbnailUrl": url(i),
            "latitude": 10.0 if i < half else -10.0, "longitude": 20.0} for i in range(photos)]
json.dump(records, open(f"{work}/bundle/photos.json", "w"))
with open(f"{work}/curl.cfg", "w") as f:
    for i in range(photos):
        f.write(f'url = "{url(i)}"\noutput = "{work}/curl-out/{i}.jpg"\n')
open(f"{work}/pins.csv", "w").write("10,20,north\n-10,20,south\n")
PY
trap stop_nginx EXIT
start_nginx 0
cpu_of() {  # album binary [extra options] -> CPU seconds of one fetch of every photo into a new library
  rm -rf "$work/lib"
  local album=$1; shift
  /usr/bin/time -f "%U %S" -o "$work/cpu.txt" "$album" fetch "$@" --pins-file "$work/pins.csv" --source "bundle:$work/bundle" \
    --radius-km 1 --per-page 250 --concurrency "$n" --library "$work/lib" --json > "$work/album.json"
  python3 - "$work/album.json" "$photos" <<'PY'
import json, sys
got = sum(r["downloaded"] for r in json.load(open(sys.argv[1])))
assert got == int(sys.argv[2]), f"album downloaded {got} of {sys.argv[2]}"
PY
  python3 -c "u, s = open('$work/cpu.txt').read().split()[-2:]; print(float(u) + float(s))"
}
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -rf "$work/curl-out"; mkdir -p "$work/curl-out"
curl_cpu=$( { /usr/bin/time -f "%U %S" curl -s --parallel --parallel-max "$n" -K "$work/curl.cfg" ; } 2>&1 | tail -1 | awk '{print $1 + $2}')
b=999; a=999; l=999; bl=999
for _ in $(seq "$runs"); do
  b=$(python3 -c "print(min($b, $(cpu_of "$before")))")
  a=$(python3 -c "print(min($a, $(cpu_of "$after")))")
  if [ "${LAZY:-0}" = 1 ]; then
    bl=$(python3 -c "print(min($bl, $(cpu_of "$before" --thumbnails lazy)))")
    l=$(python3 -c "print(min($l, $(cpu_of "$after" --thumbnails lazy)))")
  fi
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$photos" "$b" "$a" "$curl_cpu" "$n" "$runs" "$l" "$bl" <<'PY'
import sys
photos, b, a, c, n, runs = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5], sys.argv[6]
l, bl = float(sys.argv[7]), float(sys.argv[8])
print(f"{photos} photos, concurrency {n}, least CPU of {runs} interleaved runs each")
print(f"| build | CPU per photo | after / before |")
print(f"|:---|---:|---:|")
print(f"| before | {b / photos * 1000:.2f} ms | |")
print(f"| after | {a / photos * 1000:.2f} ms | {a / b:.2f}× |")
if bl < 999: print(f"| before, --thumbnails lazy | {bl / photos * 1000:.2f} ms | |")
if l < 999: print(f"| after, --thumbnails lazy | {l / photos * 1000:.2f} ms | {l / bl:.2f}× (of before, lazy) |")
print(f"| curl (one run, for scale) | {c / photos * 1000:.2f} ms | |")
PY
