#!/usr/bin/env bash
# album serve on a PostgreSQL library (decision 0044-pgplans): wrk against the pin list
# (`/api/pins`) and a pin's photos, answered from the answer cache (each hit reads the server's
# snapshot, one round trip) and made afresh for every request (--no-answer-cache), beside the
# same library in a folder (SQLite). Prints requests/s and the server's CPU time per request
# (utime+stime from /proc) with the load average. Not a test.
# Usage: bash bench/serve-pg.sh [PINS=200]   (env ALBUM: a binary built with --traits PostgreSQL;
#   DURATION, default 10s)
set -euo pipefail
cd "$(dirname "$0")/.."
pins=${1:-200}
ALBUM=${ALBUM:-.build/release/album}
DURATION=${DURATION:-10s}
work=${BENCH_DIR:-/tmp/geoalbum-serve-pg}
rm -rf "$work" && mkdir -p "$work/pg" "$work/files" "$work/folder"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$work/pg"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgport=$(free_port)
as_pg "$bin/initdb" -D "$work/pg/data" -U postgres --auth=trust -E UTF8 --no-sync --locale=C >/dev/null
as_pg "$bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w -o "-p $pgport -k $work/pg -c listen_addresses=127.0.0.1" start >/dev/null
trap 'for f in "$work"/serve-*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done; as_pg "$bin/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null 2>&1 || true' EXIT
pg="postgres://postgres@127.0.0.1:$pgport/postgres?files=$work/files"
TICK=$(getconf CLK_TCK)

# The same pins in both libraries, each with 30 photo rows (failed ones: no files, and no
# placeholder for the server to start downloading).
"$ALBUM" status --library "$pg" >/dev/null
"$ALBUM" status --library "$work/folder" >/dev/null 2>&1 || true
"$ALBUM" pin add --lat 1 --lon 1 --library "$work/folder" >/dev/null
pins_sql="WITH RECURSIVE s(g) AS (SELECT 2 UNION ALL SELECT g + 1 FROM s WHERE g < $pins)
  INSERT INTO pins (latitude, longitude, title, created_at, updated_at)
  SELECT 10 + g * 0.01, 20 + g * 0.01, 'pin ' || g, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM s;
WITH RECURSIVE s(g) AS (SELECT 1 UNION ALL SELECT g + 1 FROM s WHERE g < 30)
  INSERT INTO photos (pin_id, source, source_id, url, title, state, failure, created_at, updated_at)
  SELECT p.id, 'bundle', p.id || '-' || g, 'http://127.0.0.1:1/' || g || '.jpg', 'photo ' || g, 'failed', 'bench',
    '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' FROM pins p, s;"
rows="BEGIN; $pins_sql COMMIT;"
echo "$rows" | psql -q -h 127.0.0.1 -p "$pgport" -U postgres -d postgres
echo "$rows" | sqlite3 "$work/folder/album.sqlite"

serve() {  # NAME LIBRARY [OPTIONS...]
  local name=$1 library=$2 port
  shift 2
  port=$(free_port)
  "$ALBUM" serve --port "$port" --library "$library" "$@" >/dev/null 2>"$work/serve-$name.log" &
  echo $! >"$work/serve-$name.pid"
  for _ in $(seq 600); do curl -sf "http://127.0.0.1:$port/api/region" >/dev/null && break; sleep 0.1; done
  for path in /api/pins /api/pins/2/photos; do
    local before after out requests
    curl -sf "http://127.0.0.1:$port$path" >/dev/null
    before=$(awk '{print $14 + $15}' "/proc/$(cat "$work/serve-$name.pid")/stat")
    out=$(wrk -t1 -c8 -d"$DURATION" "http://127.0.0.1:$port$path")
    after=$(awk '{print $14 + $15}' "/proc/$(cat "$work/serve-$name.pid")/stat")
    requests=$(echo "$out" | awk '/requests in/ {print $1}')
    printf '%-22s %-20s %8s req/s  %6.0f µs CPU/request  (load %s)\n' "$name" "$path" \
      "$(echo "$out" | awk '/Requests\/sec/ {print $2}')" "$(python3 -c "print(($after - $before) / $TICK / $requests * 1e6)")" \
      "$(cut -d' ' -f1-3 /proc/loadavg)"
  done
  kill "$(cat "$work/serve-$name.pid")"; wait "$(cat "$work/serve-$name.pid")" 2>/dev/null || true
  rm "$work/serve-$name.pid"
}
serve sqlite "$work/folder"
serve postgres "$pg"
serve sqlite-uncached "$work/folder" --no-answer-cache
serve postgres-uncached "$pg" --no-answer-cache
