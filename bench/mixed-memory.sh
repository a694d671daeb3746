#!/usr/bin/env bash
# The mixed timeline at 1 M entries (issue 26): the memory benchmark's commands on the photo-only
# library of bench/memory.sh (999,000 + 1,000 photos, bench/make-memory-library.py) and on a copy
# of it with 1,000,000 entries of mixed kinds added (bench/make-mixed-entries.py: notes, songs,
# sounds, check-ins over the same five years, "harbour" and "zanzibar" as often as in photos),
# plus `album trips` (issue 29) on both. Release build, warm cache, hyperfine -N; CPU is
# hyperfine's user + system (the least of RUNS is read from its JSON export).
# Not a test: run it by hand. Usage: bench/mixed-memory.sh [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
command -v hyperfine >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null; }
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
for lib in "$photos" "$mixed"; do
  export ALBUM_LIBRARY=$lib
  hyperfine -N --warmup 2 --runs "$runs" --export-json "$lib.json" \
    -n "timeline --by month" "$album timeline --by month" \
    -n "day page" "$album timeline --by day --from 2024-06-14 --to 2024-06-14" \
    -n "find rare" "$album find zanzibar" \
    -n "find common" "$album find harbour" \
    -n "summary --year" "$album summary --year 2024" \
    -n "trips" "$album trips" >/dev/null
  python3 - "$lib.json" <<'PY'
import json, sys
name = sys.argv[1].rsplit("/", 1)[-1][:-5]
for r in json.load(open(sys.argv[1]))["results"]:
    print(f"{name:<12} {r['command']:<22} wall min {min(r['times']) * 1000:8.1f} ms   cpu mean {(r['user'] + r['system']) * 1000:8.1f} ms")
PY
done
