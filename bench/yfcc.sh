#!/usr/bin/env bash
# Benchmark of `--source yfcc:FILE` (issue 16): index throughput from plain TSV and bzip2,
# radius-query latency, and peak memory against the number of rows. Not a test.
#
# usage: bench/yfcc.sh [ROWS [BZ2_ROWS]]   (defaults: 10000000 and 1000000)
# Needs python3, bzip2 and GNU time; writes to $BENCH_DIR (default /tmp/geoalbum-yfcc-bench),
# about 5.5 GB for 10 M rows. Builds the release binary first.
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${1:-10000000}
bz2_rows=${2:-1000000}
dir=${BENCH_DIR:-/tmp/geoalbum-yfcc-bench}
mkdir -p "$dir"
swift build -c release --product album >/dev/null
album=$(swift build -c release --show-bin-path)/album

generate() { # ROWS FILE
  [ -s "$2" ] || python3 bench/make-yfcc.py "$1" "$2"
}

index() { # LABEL FILE: prints the JSON report's counts, wall time, rows/s and peak RSS
  local label=$1 file=$2
  rm -rf "$dir/$label.albumindex" "$dir/$label.albumindex.partial"
  /usr/bin/time -f "%e %U %S %M" -o "$dir/$label.time" \
    "$album" yfcc index "$file" --index "$dir/$label.albumindex" --force --json >"$dir/$label.json"
  read -r seconds user sys rss <"$dir/$label.time"
  python3 - "$label" "$dir/$label.json" "$seconds" "$user" "$sys" "$rss" "$dir/$label.albumindex" <<'PY'
import json, os, sys
label, report = sys.argv[1], json.load(open(sys.argv[2]))
seconds, user, system, rss, index = float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5]), int(sys.argv[6]), sys.argv[7]
cpu = user + system
print(f"{label:>14}: {report['lines']:>10,} lines, {report['photos']:>10,} indexed | wall {seconds:7.1f} s = "
      f"{report['lines'] / seconds:>9,.0f} lines/s | CPU {cpu:6.1f} s (user {user:.1f} + sys {system:.1f}) = "
      f"{report['lines'] / cpu:>9,.0f} lines/s | peak RSS {rss / 1024:4.0f} MB | index {os.path.getsize(index) / 1e6:,.0f} MB")
PY
}

echo "== generating (make-yfcc.py)"
generate "$rows" "$dir/yfcc-$rows.tsv"
generate "$bz2_rows" "$dir/yfcc-$bz2_rows.tsv"
[ -s "$dir/yfcc-$bz2_rows.tsv.bz2" ] || bzip2 -k -9 "$dir/yfcc-$bz2_rows.tsv"
ls -l "$dir"/yfcc-*

echo "== index (other engineers' builds may be running on this machine: see uptime)"
uptime
index "plain-$bz2_rows" "$dir/yfcc-$bz2_rows.tsv"
index "bz2-$bz2_rows" "$dir/yfcc-$bz2_rows.tsv.bz2"
index "plain-$rows" "$dir/yfcc-$rows.tsv"

echo "== radius queries on the $rows-row index (centres: 2,000 indexed photos at random, page 1 of 30)"
for radius in 1 25; do
  "$album" yfcc query-times "$dir/plain-$rows.albumindex" --radius-km "$radius" --queries 2000
  echo
done
uptime
