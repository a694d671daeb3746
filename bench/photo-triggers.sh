#!/usr/bin/env bash
# An experiment, not a goal's bench (issue 28 item 2): what the search index's and the sync change
# log's triggers on `photos` cost a lazily fetched photo. Three libraries, interleaved 5 times:
# made by the fetch (as bench/photo-cpu.sh), made first by `album pin add` ("full"), and made
# first with those triggers dropped ("lean": search and sync are then broken; never do this to a
# real library). Needs bench/photo-cpu.sh's photos and bundle in /tmp/geoalbum-photo-cpu (run it
# once first) and an album built from b5368e3 or later in $ALBUM.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
work=/tmp/geoalbum-photo-cpu
port=$(python3 -c "import json;print(json.load(open('$work/bundle/photos.json'))[0]['url'].split(':')[2].split('/')[0])")
trap stop_nginx EXIT
start_nginx 0
album=${ALBUM:?set ALBUM to an album binary}
prep() {  # variant -> a new library in $work/lib
  rm -rf $work/lib; [ "$1" = new ] && return 0
  $album pin add --lat 80 --lon 80 --title seed --library $work/lib >/dev/null
  if [ "$1" = lean ]; then
    python3 - "$work/lib/album.sqlite" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='trigger' AND (name LIKE 'photo_search%' OR name LIKE 'changes_photos%')")]
for n in names: db.execute(f'DROP TRIGGER "{n}"')
db.commit(); print(len(names), "triggers dropped", file=sys.stderr)
PY
  fi
}
cpu() {
  /usr/bin/time -f "%U %S" -o "$work/cpu.txt" $album fetch --thumbnails lazy --pins-file "$work/pins.csv" --source "bundle:$work/bundle" \
    --radius-km 1 --per-page 250 --concurrency 4 --library "$work/lib" --json > "$work/album.json"
  python3 -c "import json; assert sum(r['downloaded'] for r in json.load(open('$work/album.json'))) == 300"
  python3 -c "u, s = open('$work/cpu.txt').read().split()[-2:]; print(float(u) + float(s))"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
f=999; l=999; n=999
for _ in 1 2 3 4 5; do
  prep full; f=$(python3 -c "print(min($f, $(cpu)))")
  prep lean; l=$(python3 -c "print(min($l, $(cpu)))")
  prep new; n=$(python3 -c "print(min($n, $(cpu)))")
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 -c "print(f'new library (as bench/photo-cpu.sh) {$n/300*1000:.2f} ms/photo; full triggers {$f/300*1000:.2f} ms/photo, without the search-index and change-log triggers on photos {$l/300*1000:.2f} ms/photo ({$l/$f:.2f}x)')"
