#!/usr/bin/env bash
# Transcripts (issue 32): PocketSphinx's real-time factor (CPU seconds per second of audio) and
# word error rate on clips spoken by espeak-ng, through `album transcribe`; and whether a one-minute
# clip holds other commands (a note written while it is transcribed).
#   bash bench/transcribe.sh              # the release album (built first)
#   ALBUM=.build/debug/album bash bench/transcribe.sh
# VOICES="en-us+m4 en-us" picks espeak-ng's voices. CPU time is /usr/bin/time's user+sys of the
# whole `album transcribe` (start-up, decoding, resampling, PocketSphinx, the store), so the
# figure holds on a busy machine, unlike wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
album=$(release_album)
work=$(mktemp -d /tmp/geoalbum-transcribe.XXXXXX)
trap 'rm -rf "$work"' EXIT
voices=${VOICES:-"en-us+m4 en-us"}
sentences=(
  "Today I had a wonderful day at the beach; the weather was sunny"
  "We walked along the river and had lunch in a small cafe"
  "The train was late again and I missed my meeting"
  "My sister called this evening and we talked for an hour"
  "I finished the book I was reading, it was very sad"
  "Tomorrow we are going to visit my grandmother in the mountains"
  "The children played in the garden all afternoon"
  "I am tired but happy after the long walk"
  "It rained all morning so we stayed at home and cooked soup"
  "The concert was loud and the music was great"
)
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
for voice in $voices; do
  mkdir -p "$work/$voice/clips"
  : > "$work/$voice/reference.tsv"
  for i in "${!sentences[@]}"; do
    file=$(printf "%s/%s/clips/clip%02d.wav" "$work" "$voice" "$i")
    espeak-ng -v "$voice" -w "$file" "${sentences[$i]}"
  done
  lib="$work/$voice/lib"
  "$album" import "$work/$voice/clips" --library "$lib" --json > "$work/$voice/import.json"
  seconds=$(python3 -c 'import json,sys; print(sum(s["durationMs"] for s in json.load(open(sys.argv[1]))["sounds"]) / 1000)' "$work/$voice/import.json")
  /usr/bin/time -f "%U %S %e" -o "$work/$voice/time" "$album" transcribe --library "$lib" --json > "$work/$voice/transcribe.json"
  read -r user sys wall < "$work/$voice/time"
  python3 - "$work/$voice" "$seconds" "$user" "$sys" "$wall" "$album" "$lib" "$voice" "${sentences[@]}" <<'PY'
import json, subprocess, sys
folder, seconds, user, system, wall, album, lib, voice = sys.argv[1:9]
sentences = sys.argv[9:]
imported = json.load(open(folder + "/import.json"))["sounds"]
def words(text):
    return "".join(c.lower() if c.isalnum() or c in "' " else " " for c in text).split()
def distance(a, b):
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]
errors = total = 0
for sound in sorted(imported, key=lambda s: s["file"]):
    index = int(sound["file"][-6:-4])
    shown = json.loads(subprocess.run([album, "transcript", "show", str(sound["entryId"]), "--library", lib, "--json"],
                                      capture_output=True, text=True, check=True).stdout)
    reference = words(sentences[index])
    errors += distance(reference, words(shown["text"] or ""))
    total += len(reference)
    print(f"  {voice} clip{index:02d}: {shown['text']!r}")
cpu = float(user) + float(system)
print(f"{voice}: {len(imported)} clips, {float(seconds):.1f} s of audio; CPU {cpu:.2f} s (user {user}, sys {system}), wall {wall} s;"
      f" real-time factor {cpu / float(seconds):.3f} CPU s per audio s; WER {errors}/{total} = {100 * errors / total:.1f} %")
PY
done

# A one-minute clip: every sentence, twice, with pauses; a note written while it is transcribed.
mkdir -p "$work/long/clips"
for i in "${!sentences[@]}"; do espeak-ng -v en-us+m4 -w "$work/long/s$i.wav" "${sentences[$i]}"; done
sox $(for i in "${!sentences[@]}"; do echo "$work/long/s$i.wav"; done) $(for i in "${!sentences[@]}"; do echo "$work/long/s$i.wav"; done) \
  "$work/long/clips/minute.wav" pad 0 1 2>/dev/null
duration=$(soxi -D "$work/long/clips/minute.wav")
lib="$work/long/lib"
"$album" import "$work/long/clips" --library "$lib" >/dev/null
/usr/bin/time -f "%U %S %e" -o "$work/long/time" "$album" transcribe --library "$lib" > /dev/null &
runner=$!
for _ in $(seq 100); do
  state=$("$album" transcript show 1 --library "$lib" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])')
  [ "$state" = transcribing ] && break
  sleep 0.05
done
start=$(date +%s.%N)
"$album" note add "written while a minute of voice is transcribed" --library "$lib" >/dev/null
end=$(date +%s.%N)
wait "$runner"
read -r user sys wall < "$work/long/time"
python3 -c "import sys; d, u, s, w, a, b = map(float, sys.argv[1:]); print(f'one clip of {d:.1f} s: CPU {u + s:.2f} s, wall {w:.2f} s, real-time factor {(u + s) / d:.3f}; a note written meanwhile took {b - a:.2f} s wall')" \
  "$duration" "$user" "$sys" "$wall" "$start" "$end"
echo "state when the note was written: $state"
echo "machine after: load $(cut -d' ' -f1-3 /proc/loadavg)"
