#!/usr/bin/env bash
# Sound import benchmark (issue 26): `album import` (release) of N sound files against mutagen
# (PyPI) reading the same tags. The files are made by ffmpeg (bench/make-sounds.sh): a quarter
# each m4a/AAC voice memos (date + ©xyz position), MP3 songs (title, artist, album, TDRC), Opus
# clips (DATE, LOCATION) and FLAC (title, artist), SECONDS long each, two tones and noise.
#   mutagen      scripts/audio-tags-reference.py over every file: date, position, title, artist
#                (tags only: mutagen parses the container, it decodes no audio)
#   import dry   album import --dry-run: walk, hash, FFmpeg's full decode (length, 100 peaks),
#                TagLib, the date and position; no writes
#   import       album import into a fresh library: the above + the copy under audio/ + one
#                transaction per entry
#   re-import    the same folder again: every file decoded and found a duplicate by content
# Files/s is the best of RUNS (least wall time, with its CPU time). Not a test: run it by hand.
# Usage: bench/import-audio.sh [FILES=1000] [RUNS=3] [SECONDS=10]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000}; runs=${2:-3}; seconds=${3:-10}
[ -x /usr/bin/time ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
PYTHONPATH=.build/pydeps python3 -c "import mutagen" 2>/dev/null \
  || python3 -m pip install -q --root-user-action=ignore --no-deps --target .build/pydeps mutagen==1.48.1
. bench/lib.sh
album=$(release_album)

work=${BENCH_DIR:-/tmp/geoalbum-bench-audio}/$count-$seconds
mkdir -p "$work/sounds"
if [ "$(find "$work/sounds" -type f | wc -l)" -ne "$count" ]; then
  rm -rf "$work/sounds"; mkdir -p "$work/sounds"
  seq 0 $((count - 1)) | xargs -P "$(nproc)" -I{} bash -c '
    n={}; f=$((200 + n % 800)); d=$(printf "2024-%02d-%02d" $((1 + n % 12)) $((1 + n % 28)))
    src="-f lavfi -i sine=frequency=$f:duration='"$seconds"' -f lavfi -i anoisesrc=a=0.05:d='"$seconds"' -filter_complex amix=inputs=2"
    case $((n % 4)) in
      0) ffmpeg -v error -y $src -metadata date=${d}T10:31:00Z -metadata location=+38.7223-009.1393/ -c:a aac -b:a 64k '"$work"'/sounds/memo$n.m4a ;;
      1) ffmpeg -v error -y $src -metadata title="Song $n" -metadata artist="Artist $((n % 50))" -metadata album=Bench -metadata date=2019 -c:a libmp3lame -b:a 128k '"$work"'/sounds/song$n.mp3 ;;
      2) ffmpeg -v error -y $src -metadata "date=$d 18:45" -metadata location=-33.8568+151.2153/ -c:a libopus -b:a 32k '"$work"'/sounds/clip$n.opus ;;
      3) ffmpeg -v error -y $src -metadata title="Take $n" -metadata artist="Band $((n % 20))" -c:a flac '"$work"'/sounds/take$n.flac ;;
    esac'
fi
files=$(find "$work/sounds" -type f | wc -l)
bytes=$(du -sb "$work/sounds" | cut -f1)
echo "$files files, $((bytes / 1000000)) MB, ${seconds} s each, best of $runs runs, $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
before=""
read -r t m c < <(PYTHONPATH=.build/pydeps measure python3 scripts/audio-tags-reference.py "$work"/sounds/*); report mutagen "$t" "$m" "$c"
read -r t m c < <(measure "$album" import "$work/sounds" --dry-run --json --library "$work/none"); report "import dry" "$t" "$m" "$c"
before='rm -rf "$work/lib"'
read -r t m c < <(measure "$album" import "$work/sounds" --json --library "$work/lib"); report import "$t" "$m" "$c"
python3 - "$work/out.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
print(f"             {len(r['sounds'])} entries, skipped {len(r['skipped'])}")
PY
before=""
read -r t m c < <(measure "$album" import "$work/sounds" --json --library "$work/lib"); report re-import "$t" "$m" "$c"
# What was read: positions album stored against the files where mutagen finds one.
PYTHONPATH=.build/pydeps python3 scripts/audio-tags-reference.py "$work"/sounds/* > "$work/mutagen.tsv"
"$album" entries --json --page-size 1000 --library "$work/lib" > "$work/entries.json"
python3 - "$work/mutagen.tsv" "$work/entries.json" <<'PY'
import json, sys
ref = {l.split("\t")[0]: l.rstrip("\n").split("\t") for l in open(sys.argv[1])}
entries = json.load(open(sys.argv[2]))["entries"]
placed = sum(1 for e in entries if e["latitude"] is not None)
print(f"             {len(entries)} entries listed, {placed} with a position; mutagen found a position in "
      f"{sum(1 for r in ref.values() if r[2] != '-')} and a date in {sum(1 for r in ref.values() if r[1] != '-')} files")
PY
