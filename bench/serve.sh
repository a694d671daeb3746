#!/usr/bin/env bash
# album serve under load: wrk against a pin's photos and the pin list on a library of PHOTOS
# photos (100 per pin), and the map page with MAP_PINS pins in headless Chromium.
# Usage: bash bench/serve.sh [PHOTOS=100000] [MAP_PINS=10000]   (env ALBUM, BENCH_DIR, DURATION)
set -euo pipefail
cd "$(dirname "$0")/.."
PHOTOS=${1:-100000}
MAP_PINS=${2:-10000}
ALBUM=${ALBUM:-.build/release/album}
DIR=${BENCH_DIR:-/tmp/ga-serve}
DURATION=${DURATION:-15s}
JPEG=fixtures/bundle/photos/paris-01.jpg
[ -x "$ALBUM" ] || swift build -c release
rm -rf "$DIR" && mkdir -p "$DIR"

serve() {  # LIBRARY PORT
  "$ALBUM" serve --port "$2" --library "$1" --source bundle:fixtures/bundle >/dev/null 2>"$DIR/serve-$2.log" &
  echo $! >"$DIR/serve-$2.pid"
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$2/api/region" >/dev/null && return; sleep 0.1; done
  echo "album serve did not start" >&2; exit 1
}
stop() { kill "$(cat "$DIR/serve-$1.pid")"; }

"$ALBUM" pin add --lat 0 --lon 0 --title seed --library "$DIR/big" >/dev/null
python3 bench/make-serve-library.py "$DIR/big" $((PHOTOS / 100)) "$PHOTOS" "$JPEG"
serve "$DIR/big" 18181
PIN=$((PHOTOS / 200 + 1))
echo "== GET /api/pins/$PIN/photos (100 photos) on $PHOTOS photos, 50 connections"
wrk -t2 -c50 -d"$DURATION" --latency "http://127.0.0.1:18181/api/pins/$PIN/photos"
echo "== GET /api/pins ($((PHOTOS / 100 + 1)) pins), 50 connections"
wrk -t2 -c50 -d"$DURATION" --latency "http://127.0.0.1:18181/api/pins"
echo "== GET /api/media/1?size=thumb, 50 connections"
wrk -t2 -c50 -d"$DURATION" --latency "http://127.0.0.1:18181/api/media/1?size=thumb"
stop 18181

"$ALBUM" pin add --lat 0 --lon 0 --title seed --library "$DIR/map" >/dev/null
python3 bench/make-serve-library.py "$DIR/map" "$MAP_PINS" 0 "$JPEG"
serve "$DIR/map" 18182
echo "== map page with $((MAP_PINS + 1)) pins in Chromium"
/usr/bin/python3 bench/map_ready.py "http://127.0.0.1:18182/" 5
stop 18182
