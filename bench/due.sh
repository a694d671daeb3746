#!/usr/bin/env bash
# `album due` benchmark (release build): the cost of the every-minute run from cron or the timer.
#   (a) N active reminders, none due: what every run but a few costs (process start, open, one
#       indexed query).
#   (b) N reminders all due at once (a machine back after a long time off): one transaction that
#       plans and marks them all, then prints them.
#   Floor: the sqlite3 shell running the same indexed query / an UPDATE of the same rows (no
#   scheduling, no output formatting).
# Usage: bench/due.sh [N=10000] [RUNS=10]. Not a test: run it by hand. Needs hyperfine and sqlite3.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-10000}; runs=${2:-10}
command -v hyperfine >/dev/null && command -v sqlite3 >/dev/null || {
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine sqlite3 >/dev/null; }
swift build -c release --product album >/dev/null
album=$(swift build -c release --show-bin-path)/album
work=${BENCH_DIR:-/tmp/geoalbum-bench-due}
rm -rf "$work"; mkdir -p "$work"
now=2026-06-01T12:00:00Z

# N daily reminders at staggered minutes (none due at $now) and N once-reminders due at $now.
make() {  # make LIB KIND
    ALBUM_NOW=$now "$album" remind add --library "$1" --text seed --daily 13:00 --zone Europe/Berlin >/dev/null
    sqlite3 "$1/album.sqlite" <<SQL
WITH RECURSIVE k(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM k WHERE i < $n)
INSERT INTO reminders (text, kind, rule, zone, zone_source, scheduled_at, due_at, created_at, updated_at)
SELECT 'r' || i, kind, rule, zone, zone_source, scheduled_at + 60 * (i % 600), scheduled_at + 60 * (i % 600), created_at, updated_at
FROM k, reminders WHERE reminders.id = 1;
SQL
    if [ "$2" = due ]; then
        sqlite3 "$1/album.sqlite" "UPDATE reminders SET kind = 'once', rule = '2026-06-01 09:00', scheduled_at = strftime('%s', '2026-06-01T07:00:00Z'), due_at = strftime('%s', '2026-06-01T07:00:00Z');"
    fi
}
make "$work/idle" idle
make "$work/due-seed" due
due_at=$(date -d $now +%s)

echo "== (a) $n reminders, none due"
ALBUM_NOW=$now hyperfine -N -w 3 -r "$runs" \
    "$album due --library $work/idle" \
    "sqlite3 $work/idle/album.sqlite 'SELECT * FROM reminders WHERE due_at <= $due_at AND lease_owner IS NULL AND done = 0'"

echo "== (b) $n reminders, all due"
ALBUM_NOW=$now hyperfine -w 1 -r "$runs" \
    --prepare "rm -rf $work/due; cp -r $work/due-seed $work/due" \
    "$album due --library $work/due --json" \
    "sqlite3 $work/due/album.sqlite 'UPDATE reminders SET due_at = NULL, deliveries = deliveries + 1 WHERE due_at <= $due_at RETURNING *'"
