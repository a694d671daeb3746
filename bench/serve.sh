#!/usr/bin/env bash
# album serve under load: wrk at 50 connections against a page of the timeline (`/api/entries`),
# a pin's photos, the pin list and a thumbnail on a library of PHOTOS photos (100 per pin), each
# answered from the answer cache and (`-uncached` rows) made afresh for every request; then the
# map page with MAP_PINS pins in headless Chromium. For each wrk run it prints the server's CPU
# time per request (utime+stime from /proc, over the requests wrk completed) and the load average:
# on a shared machine wrk's latencies include queueing behind other processes, the CPU does not.
# Usage: bash bench/serve.sh [PHOTOS=100000] [MAP_PINS=10000]   (env ALBUM, BENCH_DIR, DURATION, RUNS)
# PIN=1: the server on CPU 0 and wrk (one thread) on CPU 1, as with the load generator on another
# machine; by default both float over every core and wrk's two threads compete with the server.
set -euo pipefail
cd "$(dirname "$0")/.."
PHOTOS=${1:-100000}
MAP_PINS=${2:-10000}
ALBUM=${ALBUM:-.build/release/album}
DIR=${BENCH_DIR:-/tmp/ga-serve}
DURATION=${DURATION:-15s}
RUNS=${RUNS:-5}
SERVER_CPU=(); WRK=(wrk -t2)
if [ "${PIN:-0}" = 1 ]; then SERVER_CPU=(taskset -c 0); WRK=(taskset -c 1 wrk -t1); fi
JPEG=fixtures/bundle/photos/paris-01.jpg
[ -x "$ALBUM" ] || swift build -c release
rm -rf "$DIR" && mkdir -p "$DIR"
TICK=$(getconf CLK_TCK)

serve() {  # LIBRARY PORT [OPTIONS...]
  local library=$1 port=$2
  shift 2
  "${SERVER_CPU[@]}" "$ALBUM" serve --port "$port" --library "$library" --source bundle:fixtures/bundle "$@" >/dev/null 2>"$DIR/serve-$port.log" &
  echo $! >"$DIR/serve-$port.pid"
  # The first start on a new library names the places of every pin and photo (seconds of CPU).
  for _ in $(seq 1200); do curl -sf "http://127.0.0.1:$port/api/region" >/dev/null && return; sleep 0.1; done
  echo "album serve did not start" >&2; exit 1
}
stop() { kill "$(cat "$DIR/serve-$1.pid")"; wait "$(cat "$DIR/serve-$1.pid")" 2>/dev/null || true; }
# The server's CPU ticks, its children's (nginx's workers) included.
cpu_ticks() {
  local pid; pid=$(cat "$DIR/serve-$1.pid")
  { echo "$pid"; pgrep -P "$pid" || true; } | while read -r p; do awk '{print $14 + $15}' "/proc/$p/stat" 2>/dev/null; done | awk '{s += $1} END {print s}'
}

bench() {  # PORT TITLE PATH [LUA]
  local port=$1 title=$2 path=$3 lua=${4:-} before after out requests
  echo "== $title, 50 connections; load: $(cut -d' ' -f1-3 /proc/loadavg)"
  curl -sf -o /dev/null "http://127.0.0.1:$port$path"   # warm: the first answer fills the cache
  before=$(cpu_ticks "$port")
  out=$("${WRK[@]}" -c50 -d"$DURATION" --latency ${lua:+-s "$lua"} "http://127.0.0.1:$port$path")
  after=$(cpu_ticks "$port")
  echo "$out" | grep -E "Latency  |50%|90%|99%|requests in|Requests/sec|Non-2xx|Socket errors"
  requests=$(echo "$out" | awk '/requests in/ {print $1}')
  awk -v t="$((after - before))" -v n="$requests" -v hz="$TICK" \
    'BEGIN { printf "   server CPU: %.2f s for %d requests = %.3f ms per request\n", t / hz, n, 1000 * t / hz / n }'
}

# Every request a new query (`n=` is ignored by the server but part of the cache key): made afresh.
cat >"$DIR/fresh.lua" <<'EOF'
local counter = 0
local id = 0
function setup(thread) id = id + 1; thread:set("id", id) end
function request()
  counter = counter + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "n=" .. id .. "-" .. counter)
end
EOF

"$ALBUM" pin add --lat 0 --lon 0 --title seed --library "$DIR/big" >/dev/null
python3 bench/make-serve-library.py "$DIR/big" $((PHOTOS / 100)) "$PHOTOS" "$JPEG"
PIN=$((PHOTOS / 200 + 1))
ENTRIES="/api/entries?page=2&pageSize=100"
serve "$DIR/big" 18181
bench 18181 "GET $ENTRIES (100 of $PHOTOS photos)" "$ENTRIES"
# nginx from Debian serving the same answer from a file, in the same run (2 workers: the cores).
if command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; then
  mkdir -p "$DIR/www/api" "$DIR/nginx-tmp"
  curl -sf -o "$DIR/www/api/entries" "http://127.0.0.1:18181$ENTRIES"
  cat >"$DIR/nginx.conf" <<CONF
$( [ "$(id -u)" -eq 0 ] && echo "user root;" )
worker_processes 2;
daemon off;
pid $DIR/nginx.pid;
error_log $DIR/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $DIR/nginx-tmp; proxy_temp_path $DIR/nginx-tmp; fastcgi_temp_path $DIR/nginx-tmp;
  uwsgi_temp_path $DIR/nginx-tmp; scgi_temp_path $DIR/nginx-tmp;
  server {
    listen 127.0.0.1:18190;
    root $DIR/www;
    location = /api/entries { default_type "application/json; charset=utf-8"; }
  }
}
CONF
  "${SERVER_CPU[@]}" /usr/sbin/nginx -c "$DIR/nginx.conf" -p "$DIR" &
  echo $! >"$DIR/serve-18190.pid"
  for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:18190$ENTRIES" && break; sleep 0.1; done
  cmp -s "$DIR/www/api/entries" <(curl -sf "http://127.0.0.1:18190$ENTRIES") || echo "nginx does not answer the same bytes" >&2
  bench 18190 "nginx: the same answer from a file" "$ENTRIES"
  stop 18190
fi
# Four clients sending 256 KB headers and four slow-loris clients during the same load.
echo "== under attack: 4 clients sending 256 KB headers, 4 slow-loris clients"
python3 bench/attackers.py 18181 "${DURATION%s}" 4 4 >"$DIR/attack.txt" &
attack=$!
bench 18181 "GET $ENTRIES while attacked" "$ENTRIES"
wait $attack
cat "$DIR/attack.txt"
bench 18181 "GET /api/pins/$PIN/photos (100 photos of $PHOTOS)" "/api/pins/$PIN/photos"
bench 18181 "GET /api/pins ($((PHOTOS / 100 + 1)) pins)" "/api/pins"
bench 18181 "GET /api/media/1?size=thumb" "/api/media/1?size=thumb"
bench 18181 "GET $ENTRIES-uncached" "$ENTRIES" "$DIR/fresh.lua"
stop 18181
# Without the answer cache: what the first request after a change costs.
if "$ALBUM" serve --help-hidden 2>&1 | grep -q -- --no-answer-cache; then
  serve "$DIR/big" 18183 --no-answer-cache
  bench 18183 "GET /api/pins/$PIN/photos-uncached" "/api/pins/$PIN/photos"
  bench 18183 "GET /api/pins-uncached" "/api/pins"
  stop 18183
fi

"$ALBUM" pin add --lat 0 --lon 0 --title seed --library "$DIR/map" >/dev/null
python3 bench/make-serve-library.py "$DIR/map" "$MAP_PINS" 0 "$JPEG"
serve "$DIR/map" 18182
echo "== map page with $((MAP_PINS + 1)) pins in Chromium; load: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/python3 bench/map_ready.py "http://127.0.0.1:18182/" "$RUNS"
stop 18182
