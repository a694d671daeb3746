#!/usr/bin/env bash
# Shared-library benchmark (issue 16): throughput of 1, 2 and 4 `album worker` processes on one
# library on PostgreSQL 15, downloading Flickr-sized JPEGs (1024 px, ~200 KB) from nginx on
# 127.0.0.1 throttled with limit_rate $RATE (default 200k) per connection: a slow remote server,
# where more workers should mean proportionally more photos per second (target: 4 workers
# >= 3.5x one).
# Usage: bench/pg-workers.sh [PHOTOS=160] [CONCURRENCY=2] [RUNS=1]
#   ALBUM=path/to/album uses that binary (built with --traits PostgreSQL) instead of building release.
# Needs: the release build with the trait (built here), Debian's postgresql and nginx-light,
# Pillow (installed when missing). Not a test: run it by hand. Prints photos/s per worker count.
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${1:-160}; conc=${2:-2}; runs=${3:-1}; rate=${RATE:-200k}

need=()
command -v nginx >/dev/null || need+=(nginx-light)
[ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow

. bench/lib.sh
album=$(release_album --traits PostgreSQL)  # $ALBUM: a binary built with the trait elsewhere

work=${BENCH_DIR:-/tmp/geoalbum-pg-bench}
rm -rf "$work/pg" "$work/files" && mkdir -p "$work/pg" "$work/files"
python3 bench/make-photos.py "$work/www/photos" "$photos"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port); pgport=$(free_port)

# Four pins, a quarter of the photos each, in a geo bundle whose URLs point at nginx.
mkdir -p "$work/bundle"
python3 - "$work" "$port" "$photos" <<'PY'
import json, sys
work, port, photos = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
places = [(10.0, 20.0), (-10.0, 20.0), (10.0, -20.0), (-10.0, -20.0)]
records = [{"albumId": 1, "id": i, "title": f"photo {i}", "url": f"http://127.0.0.1:{port}/photos/photo-{i:04d}.jpg",
            "thumbnailUrl": f"http://127.0.0.1:{port}/photos/photo-{i:04d}.jpg",
            "latitude": places[i % 4][0], "longitude": places[i % 4][1]} for i in range(photos)]
json.dump(records, open(f"{work}/bundle/photos.json", "w"))
open(f"{work}/pins.csv", "w").write("".join(f"{lat},{lon},place {n}\n" for n, (lat, lon) in enumerate(places)))
PY

# PostgreSQL in a temporary folder, as the tests start it (as the postgres user when root).
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$work/pg"
as_pg "$bin/initdb" -D "$work/pg/data" -U postgres --auth=trust -E UTF8 --no-sync --locale=C >/dev/null
as_pg "$bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w \
  -o "-p $pgport -k $work/pg -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null

start_nginx "$rate"
cleanup() {
  stop_nginx
  as_pg "$bin/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null 2>&1 || true
}
trap cleanup EXIT

now() { date +%s.%N; }
run_workers() {  # $1 workers; prints seconds
  local db="$1_$(date +%s%N)"
  psql -X -q -h 127.0.0.1 -p "$pgport" -U postgres -d postgres -c "CREATE DATABASE bench_$db" >/dev/null
  rm -rf "$work/files" && mkdir -p "$work/files"
  local lib="postgres://postgres@127.0.0.1:$pgport/bench_$db?files=$work/files"
  "$album" fetch --pins-file "$work/pins.csv" --source "bundle:$work/bundle" --radius-km 1 --per-page 250 \
    --queue-only --library "$lib" --json >/dev/null
  local t0 pids=()
  t0=$(now)
  for w in $(seq "$1"); do
    "$album" worker --concurrency "$conc" --library "$lib" --json > "$work/worker-$w.json" & pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p"; done
  python3 -c "print($(now) - $t0)"
  python3 - "$work" "$1" "$photos" <<'PY'
import json, sys
work, n, photos = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
got = sum(json.load(open(f"{work}/worker-{w}.json"))["downloaded"] for w in range(1, n + 1))
assert got == photos, f"{n} workers downloaded {got} of {photos}"
PY
}

echo "$photos photos in 4 pins, nginx limit_rate $rate per connection, --concurrency $conc per worker, best of $runs"
declare -A best
for n in 1 2 4; do
  b=999999
  for _ in $(seq "$runs"); do t=$(run_workers "$n" | head -1); b=$(python3 -c "print(min($b, $t))"); done
  best[$n]=$b
  python3 -c "print(f'{$n} worker(s): {$b:7.2f} s  {$photos/$b:6.2f} photos/s  ({$photos/$b/$n:5.2f} per worker)')"
done
python3 -c "print(f'speed-up: 2 workers {${best[1]}/${best[2]}:.2f}x, 4 workers {${best[1]}/${best[4]}:.2f}x one worker')"
