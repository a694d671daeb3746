#!/usr/bin/env bash
# What `album serve`'s answer cache costs on PostgreSQL (decision 0044-pgplans): reading the
# library's version, and what each way of keeping one costs the writers. With pgbench on a
# PostgreSQL in a temporary folder (server defaults: fsync and synchronous_commit on).
#   reads:  `SELECT pg_current_snapshot()` (the chosen version) vs a one-row counter table.
#   writes: 4 clients each updating its own queue rows (a claim), alone, vs the same transaction
#           also bumping a one-row counter (what a counter "in the same transaction as every
#           write" costs: every writer queues on that row until its commit), vs nextval() of a
#           sequence (no queue, but not transactional: a reader can see the new number before
#           the data, and keep an old answer under it).
# Usage: bench/pg-version.sh [SECONDS=10] [CLIENTS=4]. Not a test. Prints transactions/s and ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}; clients=${2:-4}
work=${BENCH_DIR:-/tmp/geoalbum-pg-version}
rm -rf "$work" && mkdir -p "$work"
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" -eq 0 ] && chown postgres:postgres "$work"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
as_pg "$bin/initdb" -D "$work/data" -U postgres --auth=trust -E UTF8 --no-sync --locale=C >/dev/null
as_pg "$bin/pg_ctl" -D "$work/data" -l "$work/server.log" -w -o "-p $port -k $work -c listen_addresses=127.0.0.1" start >/dev/null
trap 'as_pg "$bin/pg_ctl" -D "$work/data" -m fast -w stop >/dev/null 2>&1 || true' EXIT
psql() { command psql -q -h 127.0.0.1 -p "$port" -U postgres -d postgres "$@"; }
psql -c "CREATE TABLE library_changes (id int PRIMARY KEY, n bigint NOT NULL); INSERT INTO library_changes VALUES (1, 0);
  CREATE SEQUENCE changes; CREATE TABLE queue (id bigint PRIMARY KEY, state text, lease_owner text);
  INSERT INTO queue SELECT g, 'placeholder', NULL FROM generate_series(1, 100000) g;"
psql -c "VACUUM ANALYZE"
echo 'SELECT pg_current_snapshot()::text;' > "$work/snapshot.sql"
echo 'SELECT n FROM library_changes WHERE id = 1;' > "$work/counter-read.sql"
claim='\set id random(1, 100000)
BEGIN;
UPDATE queue SET state = '"'"'downloading'"'"', lease_owner = '"'"'w'"'"' || :client_id WHERE id = :id;'
printf '%s\nCOMMIT;\n' "$claim" > "$work/claim.sql"
printf '%s\nUPDATE library_changes SET n = n + 1 WHERE id = 1;\nCOMMIT;\n' "$claim" > "$work/claim-counter.sql"
printf '%s\nSELECT nextval('"'"'changes'"'"');\nCOMMIT;\n' "$claim" > "$work/claim-sequence.sql"
tps() {  # script clients -> transactions/s
  command pgbench -n -h 127.0.0.1 -p "$port" -U postgres -T "$seconds" -c "$2" -j "$2" -f "$work/$1" postgres 2>/dev/null |
    awk '/^tps/ {printf "%.0f", $3}'
}
echo "load: $(uptime | sed 's/.*load average/load average/')"
snap=$(tps snapshot.sql 1); counter=$(tps counter-read.sql 1)
echo "version reads, 1 client: pg_current_snapshot ${snap}/s, counter row ${counter}/s (snapshot/counter $(python3 -c "print(f'{$snap/$counter:.2f}')")x)"
plain=$(tps claim.sql "$clients"); bumped=$(tps claim-counter.sql "$clients"); seq=$(tps claim-sequence.sql "$clients")
echo "claims, $clients clients: alone ${plain}/s, + counter row ${bumped}/s ($(python3 -c "print(f'{$bumped/$plain:.2f}')")x), + nextval ${seq}/s ($(python3 -c "print(f'{$seq/$plain:.2f}')")x)"
