#!/usr/bin/env bash
# Benchmark of GeoAlbum's imaging against peer tools (not a test; see docs/performance.md).
#
#   bash bench/imaging.sh [WORK_DIR]      (env: PHOTOS=200 EXIF_FILES=5000 REPEAT=3)
#   ALBUM=/path/to/album bash bench/imaging.sh   times that binary (no build); PEERS=0 skips the
#   peer tools (to compare two albums, interleaved: see docs/performance.md).
#
# Generates PHOTOS 12 MP JPEGs (4000x3000, ~3 MB, with EXIF: date, GPS, camera) once into
# WORK_DIR (default /tmp/geoalbum-bench), then in one run times, on the same files:
#   EXIF   album exif (release) | exiv2 -q -Pkv -g … | exiftool -n -json -fast2 …
#          over EXIF_FILES hard links to the photos (thousands, so the fast tools can be ranked)
#   thumbs album thumb --out | vipsthumbnail -s 256 | Pillow draft + thumbnail | ImageMagick convert
# and prints files/s and each tool's ratio to album. Peers are installed when missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${1:-/tmp/geoalbum-bench}"
PHOTOS="${PHOTOS:-200}"
EXIF_FILES="${EXIF_FILES:-5000}"
REPEAT="${REPEAT:-3}"

# --- peers -------------------------------------------------------------------------------
need_apt=()
command -v exiftool >/dev/null || need_apt+=(libimage-exiftool-perl)
command -v exiv2 >/dev/null || need_apt+=(exiv2)
command -v vipsthumbnail >/dev/null || need_apt+=(libvips-tools)
# /usr/local/bin may hold a stand-in `convert`: use ImageMagick's own binary explicitly.
[ -x /usr/bin/convert ] && /usr/bin/convert -version 2>/dev/null | grep -q ImageMagick || need_apt+=(imagemagick)
if [ ${#need_apt[@]} -gt 0 ] && [ "${PEERS:-1}" != 0 ]; then
  echo "installing ${need_apt[*]}" >&2
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
python3 -c "import PIL, numpy" 2>/dev/null || pip install --quiet Pillow numpy
CONVERT=/usr/bin/convert

# --- album, release build ------------------------------------------------------------------
if [ -z "${ALBUM:-}" ]; then
  (cd "$ROOT" && swift build -c release --product album >/dev/null)
  ALBUM="$(cd "$ROOT" && swift build -c release --show-bin-path)/album"
fi
PEERS="${PEERS:-1}"

# --- photos ---------------------------------------------------------------------------------
mkdir -p "$WORK/photos"
if [ "$(find "$WORK/photos" -name '*.jpg' | wc -l)" -lt "$PHOTOS" ]; then
  echo "generating $PHOTOS photos of 12 MP in $WORK/photos" >&2
  python3 - "$WORK/photos" "$PHOTOS" <<'PY'
import io, sys
import numpy as np
from PIL import Image
folder, count = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(2024)
h, w = 3000, 4000
y, x = np.mgrid[0:h, 0:w].astype(np.float32)
scene = np.stack([128 + 100 * np.sin(x / 300), 128 + 100 * np.sin(y / 200 + 1),
                  128 + 100 * np.sin((x + y) / 500 + 2)], axis=-1)
grain = rng.normal(0, 10, (h, w, 3)).astype(np.float32)
bases = []
for i in range(10):  # ten distinct pictures; each photo is one of them with its own EXIF
    pixels = np.clip(np.roll(scene, 97 * i, axis=1)[:, :, [(i + k) % 3 for k in range(3)]]
                     + np.roll(grain, 131 * i, axis=0), 0, 255).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(pixels).save(out, "JPEG", quality=90)
    bases.append(out.getvalue())
for n in range(count):
    exif = Image.Exif()
    exif[0x010F], exif[0x0110], exif[0x0112] = "BenchCam", f"Model {n % 7}", 1
    exif.get_ifd(0x8769)[0x9003] = f"2024:05:{1 + n % 28:02d} 10:{n % 60:02d}:00"
    gps = exif.get_ifd(0x8825)
    gps[1], gps[2] = "N", (43.0, float(n % 60), 2.5)
    gps[3], gps[4] = "W" if n % 2 else "E", (11.0, 53.0, float(n % 60))
    payload = exif.tobytes()
    app1 = b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload
    base = bases[n % len(bases)]
    with open(f"{folder}/photo-{n:04d}.jpg", "wb") as f:
        f.write(base[:2] + app1 + base[2:])
PY
fi
# The measured folders hold hard links to the generated photos: $WORK/set (PHOTOS files) and
# $WORK/many (EXIF_FILES files, each photo linked several times).
rm -rf "$WORK/set" && mkdir -p "$WORK/set"
find "$WORK/photos" -name '*.jpg' | sort | head -n "$PHOTOS" | while read -r f; do ln "$f" "$WORK/set/"; done
mapfile -t photos < <(find "$WORK/set" -name '*.jpg' | sort)
rm -rf "$WORK/many" && mkdir -p "$WORK/many"
for ((i = 0; i < EXIF_FILES; i++)); do ln "${photos[i % ${#photos[@]}]}" "$WORK/many/$(printf 'f%05d' "$i").jpg"; done
mapfile -t many < <(find "$WORK/many" -name '*.jpg' | sort)
cat "${photos[@]}" >/dev/null  # warm the page cache: every tool reads from memory

# --- timing ---------------------------------------------------------------------------------
declare -A rate
# time_it LABEL FILES REPEATS COMMAND...: best wall time of REPEATS runs, and the least CPU time
# (user+sys, children included: bash's `time`) of the same runs: on a shared machine the CPU time
# is the figure to compare, the wall time rises with the load.
TIMEFORMAT='%R %U %S'
time_it() {
  local label=$1 files=$2 repeats=$3; shift 3
  local best="" cpu="" t c times
  for ((r = 0; r < repeats; r++)); do
    rm -rf "$WORK/out" && mkdir -p "$WORK/out"
    { time "$@" >/dev/null 2>"$WORK/stderr.txt" || { echo "$label failed:"; cat "$WORK/stderr.txt"; exit 1; }; } 2>"$WORK/time.txt"
    read -r t u s < "$WORK/time.txt"
    c=$(echo "$u + $s" | bc -l)
    if [ -z "$best" ] || (( $(echo "$t < $best" | bc -l) )); then best=$t; fi
    if [ -z "$cpu" ] || (( $(echo "$c < $cpu" | bc -l) )); then cpu=$c; fi
  done
  rate[$label]=$(echo "$files / $best" | bc -l)
  printf '  %-34s %6d files  %8.3f s  %9.1f files/s  cpu %7.3f s\n' "$label" "$files" "$best" "${rate[$label]}" "$cpu"
}
ratio() { printf '  %-62s %6.2fx\n' "$1 / $2" "$(echo "${rate[$1]} / ${rate[$2]}" | bc -l)"; }

pillow_thumbs() {
  python3 - "$WORK/out" "$@" <<'PY'
import os, sys
from PIL import Image
out = sys.argv[1]
for path in sys.argv[2:]:
    with Image.open(path) as im:
        im.draft("RGB", (256, 256))  # DCT-domain downscale, as vips and album do
        im.thumbnail((256, 256))
        im.save(os.path.join(out, os.path.basename(path)), "JPEG", quality=80)
PY
}
magick_thumbs() { for f in "$@"; do "$CONVERT" -define jpeg:size=512x512 "$f" -thumbnail 256x256 "$WORK/out/${f##*/}"; done; }
vips_parallel() { printf '%s\0' "$@" | xargs -0 -n 25 -P 2 vipsthumbnail -s 256 -o "$WORK/out/%s.jpg"; }

echo "GeoAlbum imaging benchmark: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), ${#photos[@]} photos of 12 MP ($(du -shL "$WORK/set" | cut -f1))"
echo "EXIF (${#many[@]} files: hard links to the photos)"
# album takes the folder: swift-argument-parser 1.8 parses N positional arguments in O(N^2)
# (about 0.6 s for 5000 paths), which the second line shows.
time_it "album exif" "${#many[@]}" "$REPEAT" "$ALBUM" exif "$WORK/many"
time_it "album exif, paths as arguments" "${#many[@]}" "$REPEAT" "$ALBUM" exif "${many[@]}"
[ "$PEERS" = 0 ] || {
time_it "exiv2" "${#many[@]}" "$REPEAT" exiv2 -q -Pkv -g Exif.GPSInfo.GPSLatitude -g Exif.GPSInfo.GPSLongitude -g Exif.Photo.DateTimeOriginal "${many[@]}"
time_it "exiftool -fast2" "${#many[@]}" 1 exiftool -n -json -fast2 -GPSLatitude -GPSLongitude -DateTimeOriginal "${many[@]}"
ratio "album exif" "exiv2"; ratio "album exif" "exiftool -fast2"; ratio "album exif, paths as arguments" "exiv2"
}

echo "Thumbnails, long edge 256 (${#photos[@]} photos)"
time_it "album thumb (2 threads)" "${#photos[@]}" "$REPEAT" "$ALBUM" thumb "$WORK/set" --out "$WORK/out"
time_it "album thumb --concurrency 1" "${#photos[@]}" 1 "$ALBUM" thumb "$WORK/set" --out "$WORK/out" --concurrency 1
[ "$PEERS" = 0 ] || {
time_it "vipsthumbnail -s 256" "${#photos[@]}" 1 vipsthumbnail -s 256 -o "$WORK/out/%s.jpg" "${photos[@]}"
time_it "vipsthumbnail, 2 processes" "${#photos[@]}" 1 vips_parallel "${photos[@]}"
time_it "Pillow draft + thumbnail" "${#photos[@]}" 1 pillow_thumbs "${photos[@]}"
time_it "ImageMagick convert" "${#photos[@]}" 1 magick_thumbs "${photos[@]}"
ratio "album thumb (2 threads)" "vipsthumbnail -s 256"; ratio "album thumb (2 threads)" "vipsthumbnail, 2 processes"
ratio "album thumb (2 threads)" "Pillow draft + thumbnail"; ratio "album thumb (2 threads)" "ImageMagick convert"
}
