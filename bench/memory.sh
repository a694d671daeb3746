#!/usr/bin/env bash
# Memory benchmark: the timeline, search and summaries of a library of 1,000,000 photos over
# five years (bench/make-memory-library.py into the schema album makes), release build, warm
# cache (hyperfine --warmup). Each figure includes starting the process and opening the library.
#   timeline month   album timeline --by month              (the first page: 100 photos)
#   day page         album timeline --by day --from D --to D
#   find rare        album find zanzibar                    (12 matches)
#   find common      album find harbour                     (~330,000 matches; 50 listed)
#   summary year     album summary --year 2024              (~200,000 photos)
#   card month       album summary --month 2025-01 --card   (1,000 photos, 12 thumbnails decoded)
# Not a test: run it by hand. Usage: bench/memory.sh [PHOTOS=999000] [RUNS=10]
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${1:-999000}; runs=${2:-10}
command -v hyperfine >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null; }
bash scripts/install-deps.sh
swift build -c release --product album >/dev/null
album=$(swift build -c release --show-bin-path)/album

lib=${BENCH_DIR:-/tmp/geoalbum-bench-memory}/lib-$photos
if [ ! -f "$lib/album.sqlite" ]; then
  mkdir -p "$lib"
  "$album" pin add --lat 0 --lon 0 --library "$lib" >/dev/null   # album makes the schema
  "$album" pin rm 1 --library "$lib" >/dev/null
  time python3 bench/make-memory-library.py "$lib" "$photos"
fi
ls -l "$lib/album.sqlite"
# The first command after an upgrade migrates the library and names every pin and photo (issue
# 12's places): done once here, untimed by hyperfine, so the runs below measure warm reads.
echo "first open (migrations, place names):"
time "$album" places --library "$lib" >/dev/null
export ALBUM_LIBRARY=$lib
hyperfine -N --warmup 3 --runs "$runs" --export-markdown "$lib/../memory.md" \
  -n "timeline --by month" "$album timeline --by month" \
  -n "day page" "$album timeline --by day --from 2024-06-14 --to 2024-06-14" \
  -n "find rare" "$album find zanzibar" \
  -n "find common" "$album find harbour" \
  -n "summary --year" "$album summary --year 2024" \
  -n "card of a month (1,000 photos)" "$album summary --month 2025-01 --card $lib/../card.png"
cat "$lib/../memory.md"
