#!/usr/bin/env bash
# Downloader benchmark: `album fetch` (release) against `curl --parallel --parallel-max N`
# fetching the same Flickr-sized JPEGs from nginx on 127.0.0.1, at the same concurrency N.
#   (a) nginx limit_rate $RATE (default 200k) per connection (a slow link, where concurrency
#       matters). Not 1m:
#       nginx sends the first second's worth at once, so 1m never throttles a 200 KB photo.
#   (b) unthrottled loopback (both CPU-bound; album also checks, thumbnails and commits each photo)
# Usage: bench/download.sh [PHOTOS=500] [N=8] [RUNS=3]. Prints throughputs and ratios (best of RUNS)
# and album's CPU time (least of RUNS). Env: RATE, SETTINGS=0 (only (b)), ALBUM (a binary to time).
# Installs its peers (nginx-light, curl, Pillow) when missing. Not a test: run it by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
photos=${1:-500}; n=${2:-8}; runs=${3:-3}; rate=${RATE:-200k}

need=()
command -v nginx >/dev/null || need+=(nginx-light)
command -v curl >/dev/null || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow

bash scripts/install-deps.sh
. bench/lib.sh
album=$(release_album)  # $ALBUM: time another build instead (a before/after)

work=${BENCH_DIR:-/tmp/geoalbum-bench}
mkdir -p "$work"
python3 bench/make-photos.py "$work/www/photos" "$photos"
bytes=$(du -cb "$work"/www/photos/photo-*.jpg | tail -1 | cut -f1)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')

# A geo bundle with two places, half the photos each (an album holds at most 250), and the same
# URLs as a curl config.
half=$(( (photos + 1) / 2 ))
mkdir -p "$work/bundle"
python3 - "$work" "$port" "$photos" "$half" <<'PY'
import json, sys
work, port, photos, half = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
url = lambda i: f"http://127.0.0.1:{port}/photos/photo-{i:04d}.jpg"
records = [{"albumId": 1, "id": i, "title": f"photo {i}", "url": url(i), "thumbnailUrl": url(i),
            "latitude": 10.0 if i < half else -10.0, "longitude": 20.0} for i in range(photos)]
json.dump(records, open(f"{work}/bundle/photos.json", "w"))
with open(f"{work}/curl.cfg", "w") as f:
    for i in range(photos):
        f.write(f'url = "{url(i)}"\noutput = "{work}/curl-out/{i}.jpg"\n')
open(f"{work}/pins.csv", "w").write("10,20,north\n-10,20,south\n")
PY

trap stop_nginx EXIT

now() { date +%s.%N; }
elapsed() { python3 -c "print($(now) - $1)"; }
best_curl() {
  local best=999999 t0 t
  for _ in $(seq "$runs"); do
    rm -rf "$work/curl-out"; mkdir -p "$work/curl-out"
    t0=$(now)
    curl -s --no-progress-meter --fail --parallel --parallel-max "$n" -K "$work/curl.cfg"
    t=$(elapsed "$t0")
    best=$(python3 -c "print(min($best, $t))")
  done
  echo "$best"
}
best_album() {  # prints "best-seconds least-cpu-seconds" (CPU: user + system of album, the less noisy figure)
  local best=999999 cpu=999999 t0 t
  for _ in $(seq "$runs"); do
    rm -rf "$work/lib"
    t0=$(now)
    /usr/bin/time -f "%U %S" -o "$work/cpu.txt" "$album" fetch --pins-file "$work/pins.csv" --source "bundle:$work/bundle" --radius-km 1 --per-page 250 \
      --concurrency "$n" --library "$work/lib" --json > "$work/album.json"
    t=$(elapsed "$t0")
    python3 - "$work/album.json" "$photos" <<'PY'
import json, sys
got = sum(r["downloaded"] for r in json.load(open(sys.argv[1])))
assert got == int(sys.argv[2]), f"album downloaded {got} of {sys.argv[2]}"
PY
    best=$(python3 -c "print(min($best, $t))")
    cpu=$(python3 -c "u, s = open('$work/cpu.txt').read().split()[-2:]; print(min($cpu, float(u) + float(s)))")
  done
  echo "$best $cpu"
}

echo "$photos photos, $((bytes / 1000000)) MB, concurrency $n, best of $runs runs"
for setting in ${SETTINGS:-$rate 0}; do  # SETTINGS=0: only (b)
  start_nginx "$setting"
  c=$(best_curl); read -r a cpu < <(best_album)
  python3 - "$setting" "$bytes" "$c" "$a" "$cpu" <<'PY'
import sys
setting, b, c, a, cpu = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), float(sys.argv[5])
name = f"(a) limit_rate {setting} per connection" if setting != "0" else "(b) unthrottled loopback        "
print(f"{name}: curl {b/c/1e6:7.1f} MB/s ({c:6.2f} s)   album {b/a/1e6:7.1f} MB/s ({a:6.2f} s, cpu {cpu:5.2f} s)   album/curl {c/a:.2f}x")
PY
done
