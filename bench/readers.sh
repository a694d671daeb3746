#!/usr/bin/env bash
# SQLite readers (issue 23, decision 0033-readers): the same release `album`, a pool of one reader
# (ALBUM_SQLITE_READERS=1: every read queues for one connection, as before the pool) against the
# default pool (one reader per core, 2..8).
#   A. album serve, wrk 50 connections, the uncached `/api/entries?page=2&pageSize=100` (a new
#      ignored `n=` per request, so the answer cache never answers) on PHOTOS photos: requests/s,
#      p99, server CPU per request.
#   B. `album timeline --by month` and `album find harbour` on a memory library of MEMORY photos,
#      idle and while `album import` of IMPORT photos (the bundle's JPEGs, made distinct) runs
#      into the same library (median of RUNS runs each; wall time, as a user waits for it).
# Prints the load average with every figure: on a shared machine say it with the numbers.
# Not a test: run it by hand. Usage: bash bench/readers.sh [PHOTOS=100000] [MEMORY=1000000] [IMPORT=5000]
#   env: ALBUM (a binary built elsewhere), BENCH_DIR, DURATION (wrk, default 15s), RUNS (default 9),
#   PARTS ("A B", default both), SERVER_CPUS and WRK_CPUS (part A: `taskset -c` lists for the
#   server and for wrk, e.g. 0 and 1: each its own core, less noise from the other processes'
#   scheduling between them; unset: no pinning, as the issue's figure)
set -euo pipefail
cd "$(dirname "$0")/.."
PHOTOS=${1:-100000}
MEMORY=${2:-1000000}
IMPORT=${3:-5000}
DIR=${BENCH_DIR:-/tmp/ga-readers}
DURATION=${DURATION:-15s}
RUNS=${RUNS:-9}
PARTS=${PARTS:-A B}
. bench/lib.sh
ALBUM=$(release_album)
mkdir -p "$DIR"
TICK=$(getconf CLK_TCK)
load() { cut -d' ' -f1-3 /proc/loadavg; }

if [[ $PARTS == *A* ]]; then
  cat >"$DIR/fresh.lua" <<'LUA'
local counter = 0
local id = 0
function setup(thread) id = id + 1; thread:set("id", id) end
function request()
  counter = counter + 1
  return wrk.format(nil, wrk.path .. "&n=" .. id .. "-" .. counter)
end
LUA
  if [ ! -f "$DIR/serve/album.sqlite" ]; then
    "$ALBUM" pin add --lat 0 --lon 0 --title seed --library "$DIR/serve" >/dev/null
    python3 bench/make-serve-library.py "$DIR/serve" $((PHOTOS / 100)) "$PHOTOS" fixtures/bundle/photos/paris-01.jpg
    "$ALBUM" places --library "$DIR/serve" >/dev/null   # names every place once, untimed
  fi
  PATH_=/api/entries?page=2\&pageSize=100
  for readers in 1 default; do
    if [ $readers = default ]; then env=(); else env=(ALBUM_SQLITE_READERS=$readers); fi
    pin_server=(); pin_wrk=()
    if [ -n "${SERVER_CPUS:-}" ]; then pin_server=(taskset -c "$SERVER_CPUS"); fi
    if [ -n "${WRK_CPUS:-}" ]; then pin_wrk=(taskset -c "$WRK_CPUS"); fi
    env "${env[@]}" "${pin_server[@]}" "$ALBUM" serve --port 18191 --library "$DIR/serve" >/dev/null 2>"$DIR/serve.log" &
    pid=$!
    for _ in $(seq 1200); do curl -sf "http://127.0.0.1:18191/api/region" >/dev/null && break; sleep 0.1; done
    curl -sf -o /dev/null "http://127.0.0.1:18191$PATH_"
    before=$(awk '{print $14 + $15}' /proc/$pid/stat)
    echo "== readers=$readers: GET $PATH_ uncached, 50 connections${SERVER_CPUS:+, server on CPU $SERVER_CPUS}${WRK_CPUS:+, wrk on CPU $WRK_CPUS}; load before: $(load)"
    out=$("${pin_wrk[@]}" wrk -t2 -c50 -d"$DURATION" --latency -s "$DIR/fresh.lua" "http://127.0.0.1:18191$PATH_")
    after=$(awk '{print $14 + $15}' /proc/$pid/stat)
    echo "$out" | grep -E "Latency  |50%|90%|99%|requests in|Requests/sec|Non-2xx|Socket errors"
    n=$(echo "$out" | awk '/requests in/ {print $1}')
    awk -v t="$((after - before))" -v n="$n" -v hz="$TICK" \
      'BEGIN { printf "   server CPU: %.2f s for %d requests = %.3f ms per request\n", t / hz, n, 1000 * t / hz / n }'
    echo "   load after: $(load)"
    kill $pid; wait $pid 2>/dev/null || true
  done
fi

if [[ $PARTS == *B* ]]; then
  lib=$DIR/memory-$MEMORY
  if [ ! -f "$lib/album.sqlite" ]; then
    mkdir -p "$lib"
    "$ALBUM" pin add --lat 0 --lon 0 --library "$lib" >/dev/null
    "$ALBUM" pin rm 1 --library "$lib" >/dev/null
    python3 bench/make-memory-library.py "$lib" "$MEMORY"
    "$ALBUM" places --library "$lib" >/dev/null   # migrations and place names, once, untimed
  fi
  photos=$DIR/photos-$IMPORT
  if [ ! -d "$photos" ]; then
    # IMPORT distinct JPEGs without Pillow: the bundle's photos, each copy made unique by bytes
    # after its end marker (decoders ignore them; the content hash differs).
    mkdir -p "$photos"
    python3 - "$photos" "$IMPORT" <<'PY'
import glob, os, sys
out, n = sys.argv[1], int(sys.argv[2])
sources = sorted(glob.glob("fixtures/bundle/photos/*.jpg"))
data = [open(p, "rb").read() for p in sources]
for i in range(n):
    with open(os.path.join(out, "p%05d.jpg" % i), "wb") as f:
        f.write(data[i % len(data)] + b"geoalbum-bench-%d" % i)
PY
  fi
  cp "$lib/album.sqlite" "$DIR/memory-copy.sqlite"   # the import changes the library: each round starts from this copy
  median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
  timeit() {  # prints the median wall milliseconds of RUNS runs of the command
    for _ in $(seq "$RUNS"); do
      s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(((e - s) / 1000000))
    done | median
  }
  for readers in 1 default; do
    if [ $readers = default ]; then export -n ALBUM_SQLITE_READERS 2>/dev/null || true; unset ALBUM_SQLITE_READERS; else export ALBUM_SQLITE_READERS=$readers; fi
    rm -f "$lib/album.sqlite-wal" "$lib/album.sqlite-shm"; cp "$DIR/memory-copy.sqlite" "$lib/album.sqlite"
    idle_t=$(timeit "$ALBUM" timeline --by month --library "$lib")
    idle_f=$(timeit "$ALBUM" find harbour --library "$lib")
    echo "== readers=$readers, $MEMORY photos, idle (load $(load)): timeline --by month ${idle_t} ms, find harbour ${idle_f} ms (median of $RUNS)"
    "$ALBUM" import "$photos" --library "$lib" >/dev/null 2>"$DIR/import.log" &
    ipid=$!
    sleep 2
    busy_t=$(timeit "$ALBUM" timeline --by month --library "$lib")
    busy_f=$(timeit "$ALBUM" find harbour --library "$lib")
    running=$(kill -0 $ipid 2>/dev/null && echo "still running" || echo "FINISHED before the runs ended")
    echo "   during import of $IMPORT photos (load $(load), import $running): timeline ${busy_t} ms ($(awk -v a="$busy_t" -v b="$idle_t" 'BEGIN{printf "%.2f", a/b}')x), find ${busy_f} ms ($(awk -v a="$busy_f" -v b="$idle_f" 'BEGIN{printf "%.2f", a/b}')x)"
    wait $ipid || echo "   import failed: $(tail -1 "$DIR/import.log")"
  done
  unset ALBUM_SQLITE_READERS
  cp "$DIR/memory-copy.sqlite" "$lib/album.sqlite"; rm -f "$lib/album.sqlite-wal" "$lib/album.sqlite-shm"
fi
