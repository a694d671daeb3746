#!/usr/bin/env bash
# Page speed at PHOTOS photos (issue 27: every page interactive in < 1 s, the next timeline page
# < 100 ms of server time): a library of PHOTOS downloaded photos on PHOTOS/100 pins
# (bench/make-serve-library.py, rows straight into SQLite) and a few diary entries, `album serve`
# on it, then bench/pages.py (headless Chromium, Navigation Timing) over every screen.
# Usage: bash bench/pages.sh [PHOTOS=100000] [RUNS=5]   (env ALBUM, BENCH_DIR, PORT; REUSE=1 keeps a
# library made by an earlier run; SERVE_ARGS adds options to `album serve`, e.g. --no-answer-cache
# for what a page costs when nothing is kept; PAGES: the paths to load, default every screen)
set -euo pipefail
cd "$(dirname "$0")/.."
PHOTOS=${1:-100000}
RUNS=${2:-5}
ALBUM=${ALBUM:-.build/release/album}
DIR=${BENCH_DIR:-/tmp/ga-pages}
PORT=${PORT:-18187}
[ -x "$ALBUM" ] || swift build -c release
if [ "${REUSE:-0}" != 1 ] || [ ! -f "$DIR/lib/album.sqlite" ]; then
  rm -rf "$DIR" && mkdir -p "$DIR"
  "$ALBUM" pin add --lat 0 --lon 0 --title seed --library "$DIR/lib" >/dev/null
  python3 bench/make-serve-library.py "$DIR/lib" $((PHOTOS / 100)) "$PHOTOS" fixtures/bundle/photos/paris-01.jpg
  NEW=1
fi
"$ALBUM" serve --port "$PORT" --library "$DIR/lib" --source bundle:fixtures/bundle ${SERVE_ARGS:-} >/dev/null 2>"$DIR/serve.log" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1200); do curl -sf "http://127.0.0.1:$PORT/api/region" >/dev/null && break; sleep 0.1; done
curl -sf -o /dev/null "http://127.0.0.1:$PORT/api/region" || { echo "album serve did not start: $(cat "$DIR/serve.log")" >&2; exit 1; }
[ "${NEW:-0}" = 1 ] && for i in $(seq 20); do
  curl -sf -o /dev/null -H 'Content-Type: application/json' -d "{\"kind\":\"note\",\"text\":\"Note $i\",\"pinId\":$((i * 7))}" "http://127.0.0.1:$PORT/api/entries"
  curl -sf -o /dev/null -H 'Content-Type: application/json' -d "{\"kind\":\"place\",\"text\":\"Here $i\",\"pinId\":$((i * 7))}" "http://127.0.0.1:$PORT/api/entries"
done
echo "== $PHOTOS photos, $((PHOTOS / 100 + 1)) pins, 40 entries; $ALBUM; load: $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/python3 bench/pages.py "http://127.0.0.1:$PORT" "$RUNS" ${PAGES:-}
echo "== load after: $(cut -d' ' -f1-3 /proc/loadavg)"
