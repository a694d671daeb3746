#!/usr/bin/env bash
# The dataset export (issue 30): `album export dataset --size thumbnail --shard-size SHARD` of a
# library of PHOTOS downloaded photos (rows written straight into a new library's SQLite file,
# each with its own ~8.5 KB thumbnail, licence CC BY) against `tar cf` of the same thumbnail files
# in the same order, in the same run. Runs alternate, page cache warm (one untimed pass of each
# first), and each timed run starts after a `sync`, so that no run pays for the writeback of the
# one before. Each figure is the least wall time of RUNS and the least CPU (user + system, all
# threads). MB/s is the bytes written (the shards; the tar file) per wall second; the ratio
# album / tar is the goal's (>= 0.8).
#
# The export is durable when it returns (its shards, manifest, sums and state are on the disk:
# decision 0132); `tar cf` is not asked to sync, so its figure leaves its writeback to the
# kernel, after it exits. The row "tar + sync" is `tar cf` then `sync -f` of its file system
# (what the export promises), for comparison; the goal's ratio is against plain `tar`.
#
# BASE=ANOTHER_ALBUM runs a second build (main's, say) in the same run, alternating with the
# first. REUSE=1 keeps the library in BENCH_DIR when it has PHOTOS photos. Load average printed
# before and after.
# Usage: [BASE=ALBUM] [REUSE=1] [BENCH_DIR=DIR] bench/dataset-export.sh ALBUM [PHOTOS=100000] [SHARD=1000] [RUNS=3]
set -euo pipefail
cd "$(dirname "$0")/.."
album=$1; photos=${2:-100000}; shard=${3:-1000}; runs=${4:-3}; base=${BASE:-}
work=${BENCH_DIR:-/tmp/geoalbum-dataset-bench}
if [[ ${REUSE:-} == 1 && -f "$work/files.txt" && $(wc -l < "$work/files.txt") == "$photos" ]]; then
  rm -rf "$work/ds" "$work/t.tar"
else
rm -rf "$work"; mkdir -p "$work"
"$album" pin add --lat 48.8566 --lon 2.3522 --title bench --library "$work/lib" >/dev/null
python3 - "$work" "$photos" fixtures/bundle/photos/paris-01.jpg <<'PY'
import hashlib, os, sqlite3, sys
work, n, sample = sys.argv[1], int(sys.argv[2]), open(sys.argv[3], "rb").read()
lib = os.path.join(work, "lib")
db = sqlite3.connect(os.path.join(lib, "album.sqlite"))
rows, listing = [], []
for i in range(n):
    body = sample + b"bench %d" % i          # bytes after EOI: a distinct, still readable JPEG
    digest = hashlib.sha256(body).hexdigest()
    rel = "thumbs/%s/%s.jpg" % (digest[:2], digest)
    os.makedirs(os.path.join(lib, os.path.dirname(rel)), exist_ok=True)
    with open(os.path.join(lib, rel), "wb") as f: f.write(body)
    rows.append((1, "bench", str(i), "https://example.org/%d.jpg" % i, "photo %d" % i, "downloaded", i,
                 "2026-01-01T00:00:00.000Z", rel, rel, digest, len(body), 48.85 + i * 1e-7, 2.35,
                 "2024-06-14T09:43:19", "4", "Attribution License", "https://creativecommons.org/licenses/by/2.0/", "Owner %d" % (i % 97)))
    listing.append(rel)
db.executemany("""INSERT INTO photos (pin_id, source, source_id, url, title, state, position, created_at, updated_at,
    file, thumbnail, content_hash, bytes, latitude, longitude, taken_at, license_id, license, license_url, owner_name)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
    [r[:8] + (r[7],) + r[8:] for r in rows])
db.commit()
with open(os.path.join(work, "files.txt"), "w") as f: f.write("\n".join(listing) + "\n")
PY
fi
# The wall seconds of a run; its CPU (user system) in $work/cpu.
seconds() {
  local s e; s=$(date +%s.%N); /usr/bin/time -f '%U %S' -o "$work/cpu" "$@"; e=$(date +%s.%N); echo "$e - $s" | bc -l
}
# The timed part of each kind of run (the rm and the sync before it are not timed).
prepare_album() { rm -rf "$work/ds"; sync; }
prepare_tar() { rm -f "$work/t.tar"; sync; }
time_album() { "$1" export dataset --out "$work/ds" --size thumbnail --shard-size "$shard" --library "$work/lib" >/dev/null; }
time_tar() { tar -C "$work/lib" -cf "$work/t.tar" -T "$work/files.txt"; }
time_tar_sync() { time_tar && sync -f "$work/t.tar"; }
export -f time_album time_tar time_tar_sync; export work shard
least() { echo "if ($1 < $2) $1 else $2" | bc -l; }
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
kinds=(album); [[ -n $base ]] && kinds+=(base); kinds+=(tar tar_sync)
declare -A wall cpu cpu_us
for k in "${kinds[@]}"; do wall[$k]=999999; cpu[$k]=999999; cpu_us[$k]=; done
one() {   # one timed run of kind $1
  local k=$1 a c
  case $k in
    album) prepare_album; a=$(seconds bash -c 'time_album "$0"' "$album") ;;
    base) prepare_album; a=$(seconds bash -c 'time_album "$0"' "$base") ;;
    tar) prepare_tar; a=$(seconds bash -c time_tar) ;;
    tar_sync) prepare_tar; a=$(seconds bash -c time_tar_sync) ;;
  esac
  c=$(awk '{print $1 + $2}' "$work/cpu")
  if (( $(echo "$c < ${cpu[$k]}" | bc -l) )); then cpu[$k]=$c; cpu_us[$k]=$(cat "$work/cpu"); fi
  wall[$k]=$(least "$a" "${wall[$k]}")
}
prepare_album; time_album "$album"; [[ -n $base ]] && { prepare_album; time_album "$base"; }; prepare_tar; time_tar
for _ in $(seq "$runs"); do for k in "${kinds[@]}"; do one "$k"; done; done
album_bytes=$(cat "$work"/ds/shard-*.tar | wc -c); tar_bytes=$(wc -c < "$work/t.tar")
mbs() { echo "$1 / 1000000 / $2" | bc -l; }
printf 'photos %d, shards of %d; least of %d runs each, after a sync; MB/s = MB written / wall s\n' "$photos" "$shard" "$runs"
row() { printf '  %-30s %5.0f MB in %5.2f s = %6.1f MB/s   CPU %s (user system) = %.2f s\n' "$1" "$(echo "$2 / 1000000" | bc -l)" "$3" "$(mbs "$2" "$3")" "${cpu_us[$4]}" "${cpu[$4]}"; }
row "album $album (durable)" "$album_bytes" "${wall[album]}" album
[[ -n $base ]] && row "album $base (durable)" "$album_bytes" "${wall[base]}" base
row "tar cf (not synced)" "$tar_bytes" "${wall[tar]}" tar
row "tar cf + sync -f" "$tar_bytes" "${wall[tar_sync]}" tar_sync
ratio() { echo "($album_bytes / $1) / ($tar_bytes / $2)" | bc -l; }
printf 'ratio album / tar: %.2f (goal >= 0.8); album / (tar + sync): %.2f\n' "$(ratio "${wall[album]}" "${wall[tar]}")" "$(ratio "${wall[album]}" "${wall[tar_sync]}")"
[[ -n $base ]] && printf 'ratio base / tar: %.2f; base / (tar + sync): %.2f\n' "$(ratio "${wall[base]}" "${wall[tar]}")" "$(ratio "${wall[base]}" "${wall[tar_sync]}")"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
