#!/usr/bin/env bash
# The dataset builders' peer (issue 28, item 4): img2dataset (PyPI) against
# `album fetch --source yfcc:FILE` on the same URLs of distinct 1024 px JPEGs served by nginx on
# 127.0.0.1 (unthrottled). album reads a YFCC100M-format TSV (PHOTOS rows around PINS places,
# fetched as one --pins-file batch, --per-page 250); img2dataset reads the same URLs as a list
# (`--input_format txt`), with `--image_size 256 --resize_mode keep_ratio --output_format files`,
# one process of THREADS threads (album: --concurrency THREADS). Runs alternate; each figure is
# the least CPU time (user + system of the process and its children, /usr/bin/time) and the least
# wall time of RUNS; photos per CPU-second and per wall second and the ratio album / img2dataset
# are printed, with the load average. img2dataset is installed with pip --target into
# $BENCH_DIR/site (not system-wide).
# Usage: bench/img2dataset.sh ALBUM [PHOTOS=5000] [THREADS=8] [RUNS=2] [THUMBNAILS=eager]
set -euo pipefail
cd "$(dirname "$0")/.."
album=$1; photos=${2:-5000}; threads=${3:-8}; runs=${4:-2}; thumbnails=${5:-eager}
command -v nginx >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null; }
python3 -c "import PIL" 2>/dev/null || pip install -q Pillow
. bench/lib.sh
work=${BENCH_DIR:-/tmp/geoalbum-img2dataset}
mkdir -p "$work"
if [ ! -x "$work/site/bin/img2dataset" ]; then
  pip install -q --target "$work/site" img2dataset==1.47.0
  # The `dataclasses` backport it pulls in shadows Python 3's own module and breaks the import.
  rm -rf "$work/site/dataclasses.py" "$work/site"/dataclasses-*.dist-info
fi
python3 bench/make-photos.py "$work/www/photos" "$photos"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
per=250; pins=$(( (photos + per - 1) / per ))
python3 - "$work" "$port" "$photos" "$pins" "$per" <<'PY'
import sys
work, port, photos, pins, per = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
with open(f"{work}/yfcc.tsv", "w") as tsv, open(f"{work}/urls.txt", "w") as urls, open(f"{work}/pins.csv", "w") as pf:
    for p in range(pins):
        lat, lon = -40 + 4 * (p // 10), -100 + 9 * (p % 10)
        pf.write(f"{lat},{lon},place {p}\n")
        for k in range(per):
            i = p * per + k
            if i >= photos: break
            url = f"http://127.0.0.1:{port}/photos/photo-{i:04d}.jpg"
            urls.write(url + "\n")
            # YFCC100M's 23 fields (2014 layout): id, user, nick, taken, uploaded, camera, title,
            # description, tags, machine tags, lon, lat, accuracy, page URL, download URL, ...
            fields = [str(1000000 + i), "1@N01", "user", "2012-06-01 12:00:00.0", str(1300000000 + i), "Canon",
                      f"photo+{i}", "", "", "", "%.6f" % (lon + (k % 16) * 0.0005), "%.6f" % (lat + (k // 16) * 0.0005), "16",
                      f"http://www.flickr.com/photos/user/{1000000 + i}/", url,
                      "Attribution License", "http://creativecommons.org/licenses/by/2.0/", "1", "1", "abc", "def", "jpg", "0"]
            tsv.write("\t".join(fields) + "\n")
PY
rm -rf "$work/yfcc.tsv.albumindex"
"$album" yfcc index "$work/yfcc.tsv" --force > /dev/null
trap stop_nginx EXIT
start_nginx 0

# run NAME CMD…: one run; appends "NAME cpu-seconds wall-seconds" to results.
run() {
  local name=$1; shift
  /usr/bin/time -f "%U %S %e" -o "$work/time.txt" "$@" > "$work/out.txt" 2> "$work/err.txt" \
    || { echo "$name failed:"; tail -5 "$work/err.txt"; exit 1; }
  echo "$name $(awk '{print $1 + $2, $3}' "$work/time.txt")" >> "$work/results.txt"
}
count_album() {
  python3 -c "import json,sys; r=json.load(open('$work/out.txt')); d=sum(x['downloaded'] for x in r); assert d == $photos, f'album downloaded {d} of $photos'"
}
count_i2d() {
  local got; got=$(find "$work/i2d" -name '*.jpg' | wc -l)
  [ "$got" = "$photos" ] || { echo "img2dataset wrote $got of $photos"; tail -20 "$work/err.txt"; exit 1; }
}
rm -f "$work/results.txt"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$runs"); do
  rm -rf "$work/lib"
  run album "$album" fetch --pins-file "$work/pins.csv" --source "yfcc:$work/yfcc.tsv" --radius-km 2 --per-page "$per" \
    --concurrency "$threads" --thumbnails "$thumbnails" --library "$work/lib" --json
  count_album
  rm -rf "$work/i2d"
  run img2dataset env PYTHONPATH="$work/site" NO_ALBUMENTATIONS_UPDATE=1 python3 "$work/site/bin/img2dataset" --url_list "$work/urls.txt" \
    --input_format txt --output_folder "$work/i2d" --image_size 256 --resize_mode keep_ratio --output_format files \
    --processes_count 1 --thread_count "$threads" --number_sample_per_shard 10000
  count_i2d
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
python3 - "$work/results.txt" "$photos" "$threads" "$runs" "$thumbnails" <<'PY'
import sys
cpu, wall = {}, {}
for line in open(sys.argv[1]):
    name, c, w = line.split()
    cpu[name] = min(cpu.get(name, 1e9), float(c)); wall[name] = min(wall.get(name, 1e9), float(w))
photos, threads, runs, mode = int(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5]
print(f"{photos} photos, {threads} threads, least of {runs} alternating runs, album --thumbnails {mode}")
print("| tool | CPU | photos per CPU-second | wall | photos per second |")
print("|:---|---:|---:|---:|---:|")
for name in ["album", "img2dataset"]:
    print(f"| {name} | {cpu[name]:.1f} s | {photos / cpu[name]:.0f} | {wall[name]:.1f} s | {photos / wall[name]:.0f} |")
print(f"album / img2dataset: {cpu['img2dataset'] / cpu['album']:.2f}× photos per CPU-second, "
      f"{wall['img2dataset'] / wall['album']:.2f}× photos per wall second")
PY
