#!/usr/bin/env bash
# The memory commands on PostgreSQL against SQLite (issue 16, decision 0023-pgmemory): the same
# generated library (bench/make-memory-library.py: PHOTOS photos over five years at 1,000 pins,
# plus 1,000 in January 2025) as a folder library and, copied row for row, on PostgreSQL 15 in a
# temporary folder. Release build with the trait, warm cache (hyperfine --warmup); each figure
# includes starting the process and opening the library (PostgreSQL: connecting, the migrations
# check, the files folder check).
#   timeline month   album timeline --by month              (the first page: 100 photos)
#   day page         album timeline --by day --from D --to D
#   find rare        album find zanzibar                    (12 matches)
#   find common      album find harbour                     (a third of the photos; 50 listed)
#   summary year     album summary --year 2024
#   card month       album summary --month 2025-01 --card   (1,000 photos, 12 thumbnails decoded)
# CPU: hyperfine's user+system is album's own; the server's (its backends', from the postmaster's
# cutime+cstime in /proc) is printed beside it per run. Then the full-text choice: the tsvector
# index against a pg_trgm index on the same text, in psql.
# Not a test: run it by hand. Usage: bench/pg-memory.sh [PHOTOS=50000] [RUNS=10]
#   ALBUM=path/to/album uses that binary (built with --traits PostgreSQL) instead of building release.
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${1:-50000}; runs=${2:-10}; warmup=3
command -v hyperfine >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null; }
. bench/lib.sh
album=$(release_album --traits PostgreSQL)

work=${BENCH_DIR:-/tmp/geoalbum-bench-pgmemory}
lib=$work/lib-$photos
if [ ! -f "$lib/album.sqlite" ]; then
  mkdir -p "$lib"
  "$album" pin add --lat 0 --lon 0 --library "$lib" >/dev/null   # album makes the schema
  "$album" pin rm 1 --library "$lib" >/dev/null
  python3 bench/make-memory-library.py "$lib" "$photos"
  "$album" places --library "$lib" >/dev/null   # names every pin and photo once, untimed
fi

# PostgreSQL in a temporary folder, as the tests start it (as the postgres user when root).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
pgport=$(free_port)
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
rm -rf "$work/pg" "$work/files" && mkdir -p "$work/pg" "$work/files"
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$work/pg"
as_pg "$bin/initdb" -D "$work/pg/data" -U postgres --auth=trust -E UTF8 --no-sync --locale=C >/dev/null
as_pg "$bin/pg_ctl" -D "$work/pg/data" -l "$work/pg/server.log" -w \
  -o "-p $pgport -k $work/pg -c listen_addresses=127.0.0.1" start >/dev/null
trap 'as_pg "$bin/pg_ctl" -D "$work/pg/data" -m fast -w stop >/dev/null 2>&1 || true' EXIT
psql() { command psql -q -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$pgport" -U postgres "$@"; }
psql -d postgres -c "CREATE DATABASE memory"
pg="postgres://postgres@127.0.0.1:$pgport/memory?files=$work/files"
"$album" status --library "$pg" >/dev/null   # the schema, the files folder's marker
cp -r "$lib/thumbs" "$work/files/"

# The same rows, ids and place names (the search index and triggers fill as rows arrive).
pins="id, latitude, longitude, title, note, place_name, place_region, place_country, place_country_code, place_distance_km, time_zone, named_at, created_at, updated_at"
photo_columns="id, pin_id, source, source_id, url, title, taken_at, latitude, longitude, state, file, thumbnail, content_hash, bytes, width, height, camera_make, camera_model, orientation, position, place_name, place_region, place_country, place_country_code, place_distance_km, time_zone, utc_offset, offset_source, position_source, named_at, created_at, updated_at"
copy() {  # table, columns
  sqlite3 -csv "$lib/album.sqlite" "SELECT $2 FROM $1 ORDER BY 1" > "$work/$1.csv"
  psql -d memory -c "\\copy $1 ($2) FROM '$work/$1.csv' WITH (FORMAT csv)"
}
echo "loading PostgreSQL:"
time {
  copy pins "$pins"; copy photos "$photo_columns"; copy pin_tags "pin_id, tag"; copy photo_tags "photo_id, tag"
  psql -d memory -c "SELECT setval(pg_get_serial_sequence('pins', 'id'), (SELECT max(id) FROM pins))" \
    -c "SELECT setval(pg_get_serial_sequence('photos', 'id'), (SELECT max(id) FROM photos))" -c "VACUUM ANALYZE"
}
psql -d memory -c "SELECT count(*) AS photos, pg_size_pretty(pg_total_relation_size('photo_search')) AS search_index FROM photos"

server_cpu() {  # the postmaster's reaped children (backends), in seconds
  local pid; pid=$(head -1 "$work/pg/data/postmaster.pid")
  awk -v hz="$(getconf CLK_TCK)" '{ print ($16 + $17) / hz }' "/proc/$pid/stat"
}
compare() {  # name, arguments…
  local name=$1; shift
  local before after
  before=$(server_cpu)
  hyperfine -N --warmup $warmup --runs "$runs" --export-json "$work/run.json" \
    -n "$name (PostgreSQL)" "$album $* --library $pg" -n "$name (SQLite)" "$album $* --library $lib" >/dev/null
  after=$(server_cpu)
  python3 - "$work/run.json" "$before" "$after" $((warmup + runs)) <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
server = (float(sys.argv[3]) - float(sys.argv[2])) / int(sys.argv[4]) * 1000
for r in results:
    extra = f", server {server:.1f} ms" if "PostgreSQL" in r["command"] else ""
    print(f"| {r['command']} | {r['mean'] * 1000:.1f} ± {r['stddev'] * 1000:.1f} ms | album {(r['user'] + r['system']) * 1000:.1f} ms{extra} |")
pg, lite = results[0]["mean"], results[1]["mean"]
print(f"|   PostgreSQL / SQLite (wall) | {pg / lite:.2f}x | |")
PY
}
uptime
echo "| command | wall (mean ± sd) | CPU per run |"
echo "|---|---|---|"
compare "album --version (start-up only)" --version
compare "timeline --by month" timeline --by month
compare "day page" timeline --by day --from 2024-06-14 --to 2024-06-14
compare "find rare" find zanzibar
compare "find common" find harbour
compare "summary --year" summary --year 2024
compare "card of a month (1,000 photos)" summary --month 2025-01 --card "$work/card.png"

# The full-text choice: the tsvector index album keeps, against a trigram index (pg_trgm) on the
# same folded text. Same words, same library; \timing's figures are the server's.
echo "full text: tsvector (GIN) against pg_trgm (GIN) on the same folded text"
psql -d memory <<'SQL'
CREATE EXTENSION IF NOT EXISTS pg_trgm;
\timing on
CREATE TABLE trigram_search AS SELECT p.id AS photo_id, album_search_words(coalesce(p.title, '') || ' ' || coalesce(n.title, '')
    || ' ' || coalesce(p.camera_make, '') || ' ' || coalesce(p.camera_model, '') || ' ' || coalesce(p.place_name, '')) AS words
    FROM photos p LEFT JOIN pins n ON n.id = p.pin_id;
CREATE INDEX trigram_words ON trigram_search USING gin (words gin_trgm_ops);
ANALYZE trigram_search;
\timing off
SELECT pg_size_pretty(pg_relation_size('trigram_words')) AS trigram_index, pg_size_pretty(pg_relation_size('photo_search_document')) AS tsvector_index;
\timing on
SELECT count(*) AS tsvector_rare FROM photo_search WHERE document @@ phraseto_tsquery('simple', album_search_words('zanzibar'));
SELECT count(*) AS tsvector_rare FROM photo_search WHERE document @@ phraseto_tsquery('simple', album_search_words('zanzibar'));
SELECT count(*) AS trigram_rare FROM trigram_search WHERE words ~ '\mzanzibar\M';
SELECT count(*) AS trigram_rare FROM trigram_search WHERE words ~ '\mzanzibar\M';
SELECT count(*) AS tsvector_common FROM photo_search WHERE document @@ phraseto_tsquery('simple', album_search_words('harbour'));
SELECT count(*) AS tsvector_common FROM photo_search WHERE document @@ phraseto_tsquery('simple', album_search_words('harbour'));
SELECT count(*) AS trigram_common FROM trigram_search WHERE words ~ '\mharbour\M';
SELECT count(*) AS trigram_common FROM trigram_search WHERE words ~ '\mharbour\M';
SELECT count(*) AS tsvector_prefix FROM photo_search WHERE document @@ album_prefix_query(phraseto_tsquery('simple', 'cath'));
SELECT count(*) AS trigram_prefix FROM trigram_search WHERE words ~ '\mcath';
SQL
