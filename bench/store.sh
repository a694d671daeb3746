#!/usr/bin/env bash
# Store benchmark (issue 9): CPU time of the two commands that write the store most, `album fetch`
# (500 photos from nginx on 127.0.0.1: claim, downloaded, one transaction per state change) and
# `album import` (1,000 geotagged photos: one commit of 1,000 rows), for one or more `album`
# binaries, interleaved run by run so that the load of a shared machine falls on all of them.
# Prints, per binary and command, user+sys CPU seconds of each run (from /usr/bin/time) and
# wall seconds. CPU time, not wall time: other engineers' builds share the machine's 2 cores.
# Usage: bench/store.sh RUNS ALBUM_BINARY... (e.g. a release build of main before and after).
# Not a test: run it by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:?runs}; shift
[ $# -ge 1 ] || { echo "usage: $0 RUNS ALBUM_BINARY..." >&2; exit 2; }
command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow

work=${BENCH_DIR:-/tmp/geoalbum-bench-store}
photos=500
mkdir -p "$work"
python3 bench/make-photos.py "$work/www/photos" "$photos"
python3 bench/make-geo-photos.py "$work/import" 1000 1024
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/bundle"
python3 - "$work" "$port" "$photos" <<'PY'
import json, sys
work, port, photos = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
half = (photos + 1) // 2
url = lambda i: f"http://127.0.0.1:{port}/photos/photo-{i:04d}.jpg"
records = [{"albumId": 1, "id": i, "title": f"photo {i}", "url": url(i), "thumbnailUrl": url(i),
            "latitude": 10.0 if i < half else -10.0, "longitude": 20.0} for i in range(photos)]
json.dump(records, open(f"{work}/bundle/photos.json", "w"))
open(f"{work}/pins.csv", "w").write("10,20,north\n-10,20,south\n")
PY
. bench/lib.sh
start_nginx 0   # unthrottled
trap stop_nginx EXIT

timed() {  # label binary-index command...: prints "label user+sys wall"
  local label=$1; shift
  /usr/bin/time -f '%U %S %e' -o "$work/time.txt" "$@" > "$work/out.json" 2>/dev/null
  awk -v l="$label" '{printf "%s cpu %.2f s  wall %.2f s\n", l, $1 + $2, $3}' "$work/time.txt"
}
for run in $(seq "$runs"); do
  for bin in "$@"; do
    rm -rf "$work/lib"
    timed "run $run $bin fetch " "$bin" fetch --pins-file "$work/pins.csv" --source "bundle:$work/bundle" \
      --radius-km 1 --per-page 250 --concurrency 8 --library "$work/lib" --json
    status=$("$bin" status --library "$work/lib")
    [[ $status == *"$photos downloaded"* ]] || { echo "fetch did not download $photos photos: $status" >&2; exit 1; }
    rm -rf "$work/lib"
    timed "run $run $bin import" "$bin" import "$work/import" --library "$work/lib" --json
  done
done
