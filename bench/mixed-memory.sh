#!/usr/bin/env bash
# The mixed timeline at 1 M entries (issue 26): the memory benchmark's commands on the photo-only
# library of bench/memory.sh (999,000 + 1,000 photos, bench/make-memory-library.py) and on a copy
# of it with 1,000,000 entries of mixed kinds added (bench/make-mixed-entries.py: notes, songs,
# sounds, check-ins over the same five years, "harbour" and "zanzibar" as often as in photos),
# plus `album trips` (issue 29) on both. Release build, warm cache (two warm-up rounds); CPU is
# each run's user + system, the least of RUNS interleaved runs (bench/least-cpu.py). Set
# ALBUM_BEFORE to another `album` to time it in the same rounds (a before/after).
# Not a test: run it by hand. Usage: bench/mixed-memory.sh [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
. bench/lib.sh
album=$(release_album)
dir=${BENCH_DIR:-/tmp/geoalbum-bench-mixed}
photos=$dir/lib-photos mixed=$dir/lib-mixed
if [ ! -f "$photos/album.sqlite" ]; then
  mkdir -p "$photos"
  "$album" pin add --lat 0 --lon 0 --library "$photos" >/dev/null && "$album" pin rm 1 --library "$photos" >/dev/null
  python3 bench/make-memory-library.py "$photos" 999000
  "$album" places --library "$photos" >/dev/null   # first open: migrations, place names
fi
if [ ! -f "$mixed/album.sqlite" ]; then
  mkdir -p "$mixed" && cp "$photos/album.sqlite" "$mixed/" && cp -r "$photos/thumbs" "$mixed/"
  python3 bench/make-mixed-entries.py "$mixed" 1000000
  "$album" places --library "$mixed" >/dev/null
fi
echo "load $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
# CPU is each run's user + system from the kernel (rusage), the least of RUNS interleaved runs
# (bench/least-cpu.py); with ALBUM_BEFORE set, that binary runs in the same rounds (a before/after).
binaries=("after=$album")
[ -n "${ALBUM_BEFORE:-}" ] && binaries=("before=$ALBUM_BEFORE" "${binaries[@]}")
python3 bench/least-cpu.py "$runs" "$photos" "$mixed" "${binaries[@]}" -- \
  "timeline --by month=timeline --by month" \
  "day page=timeline --by day --from 2024-06-14 --to 2024-06-14" \
  "find rare=find zanzibar" \
  "find common=find harbour" \
  "summary --year=summary --year 2024" \
  "trips=trips"
