#!/usr/bin/env bash
# Wall time, CPU and fsyncs of a lazy `album fetch` (issue 28, decision 0106: what group commit buys
# a user): PHOTOS distinct JPEGs from nginx on loopback, `--thumbnails lazy --concurrency N`, each
# run into a new library, BEFORE and AFTER interleaved RUNS times; prints each run's
# "wall user system" seconds, the load average before and after, then one `strace -f -c` of each
# build counting pwrite64 and fdatasync (SQLite's syncs: with `synchronous = NORMAL` in WAL mode
# only checkpoints sync).
# Usage: bench/write-wall.sh BEFORE_ALBUM AFTER_ALBUM [PHOTOS=500] [N=8] [RUNS=5]
set -euo pipefail
cd "$(dirname "$0")/.."
before=$1; after=$2; photos=${3:-500}; n=${4:-8}; runs=${5:-5}
. bench/lib.sh
work=${BENCH_DIR:-/tmp/geoalbum-write-wall}
mkdir -p "$work"
[ -d "$work/www/photos" ] || python3 bench/make-photos.py "$work/www/photos" "$photos"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
half=$(( (photos + 1) / 2 )); mkdir -p "$work/bundle"
python3 - "$work" "$port" "$photos" "$half" <<'PY'
import json, sys
work, port, photos, half = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
url = lambda i: f"http://127.0.0.1:{port}/photos/photo-{i:04d}.jpg"
records = [{"albumId": 1, "id": i, "title": f"photo {i}", "url": url(i), "thumbnailUrl": url(i),
            "latitude": 10.0 if i < half else -10.0, "longitude": 20.0} for i in range(photos)]
json.dump(records, open(f"{work}/bundle/photos.json", "w"))
open(f"{work}/pins.csv", "w").write("10,20,north\n-10,20,south\n")
PY
trap stop_nginx EXIT
start_nginx 0
one() { rm -rf "$work/lib"; /usr/bin/time -f "%e %U %S" -o "$work/t.txt" "$1" fetch --thumbnails lazy --pins-file "$work/pins.csv" --source "bundle:$work/bundle" --radius-km 1 --per-page 250 --concurrency "$n" --library "$work/lib" --json > "$work/o.json"; python3 -c "
import json; got=sum(r['downloaded'] for r in json.load(open('$work/o.json'))); assert got==$photos, got"; tail -1 "$work/t.txt"; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for i in $(seq "$runs"); do echo "B $(one "$before")"; echo "A $(one "$after")"; done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
for x in "$before" "$after"; do rm -rf "$work/lib"; strace -f -c -e trace=fsync,fdatasync,pwrite64 -o "$work/st.txt" "$x" fetch --thumbnails lazy --pins-file "$work/pins.csv" --source "bundle:$work/bundle" --radius-km 1 --per-page 250 --concurrency "$n" --library "$work/lib" --json >/dev/null; echo "$x"; grep -E "fsync|fdatasync|pwrite64" "$work/st.txt"; done
