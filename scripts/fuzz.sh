#!/usr/bin/env bash
# libFuzzer harnesses of the parsers that read bytes from outside (issue 22; docs/reliability.md).
#
#   scripts/fuzz.sh build                  compile .build/fuzz/album-fuzz once (~1-2 min)
#   scripts/fuzz.sh run [TARGET...]        run each target FUZZ_SECONDS (default 60) s
#   FUZZ_SECONDS=600 scripts/fuzz.sh       both, every target (`make fuzz`)
#
# Targets: exif heic bundle flickr pins gpx yfcc (fuzz/Harness.swift says what each reads).
# One binary holds every parser: the parsers' own sources, compiled together into one module
# with `swiftc -sanitize=fuzzer,address` (not the package, not part of `album`); the import
# lines of GeoAlbum's own modules are dropped on the way. Seeds: fixtures/, fuzz/seeds/ and
# ../shared/corpus when present; each target's corpus grows in .build/fuzz/corpus/TARGET.
# A crash (or a leak, or an input over 1 s) stops the run with status 1 and leaves the input in
# .build/fuzz/artifacts/: it becomes a fixture and a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/.build/fuzz
TARGETS=(exif heic bundle flickr pins gpx yfcc)
SECONDS_EACH=${FUZZ_SECONDS:-60}

SOURCES=(
  Sources/AlbumModel/*.swift Sources/AlbumModel/*/*.swift
  Sources/AlbumImaging/Exif/*.swift Sources/AlbumImaging/HEIF/*.swift Sources/AlbumImaging/Support/*.swift
  Sources/AlbumImaging/Thumbnail/ImageInfo.swift
  Sources/AlbumSources/BundleRecord.swift Sources/AlbumSources/BundleFile.swift Sources/AlbumSources/BundleDate.swift
  Sources/AlbumSources/FlickrResponse.swift Sources/AlbumSources/BundleSkippedRecord.swift
  Sources/AlbumKit/Fetch/PinsFile.swift
  Sources/AlbumPlaces/GPXTrack.swift Sources/AlbumPlaces/ZoneOffsets.swift
  Sources/AlbumYFCC/YFCCRow.swift Sources/AlbumYFCC/YFCCText.swift Sources/AlbumYFCC/YFCCLayout.swift
  fuzz/Harness.swift fuzz/Stubs.swift
)

build() {
  rm -rf "$OUT/src" "$OUT/obj" && mkdir -p "$OUT/src" "$OUT/obj" "$OUT/modules/CGeoAlbumShim" "$OUT/modules/CHamming"
  local files=()
  for f in "${SOURCES[@]}"; do
    local copy="$OUT/src/$(echo "$f" | tr / _)"
    sed -E '/^(@_exported )?import (struct |enum |class )?(AlbumModel|AlbumFiles|AlbumPlaces|AlbumImaging|AlbumNet|AlbumYFCC)(\.|$)/d' "$f" > "$copy"
    # ZoneOffsets' arithmetic (GPX times) without `Places`, the place data it ends with.
    [[ $f == */ZoneOffsets.swift ]] && sed -i '/^\/\/\/ The place data of this process/,$d' "$copy"
    files+=("$copy")
  done
  cat > "$OUT/modules/CGeoAlbumShim/module.modulemap" <<MAP
module CGeoAlbumShim {
    header "$ROOT/Sources/CGeoAlbumShim/include/geoalbum_lazy.h"
    export *
}
MAP
  # AlbumModel's HammingPairs calls CHamming's popcnt loop (decision 0117).
  cat > "$OUT/modules/CHamming/module.modulemap" <<MAP
module CHamming {
    header "$ROOT/Sources/CHamming/include/geoalbum_hamming.h"
    export *
}
MAP
  for c in heif_lazy lazy_library; do
    clang -c -O1 -g -fsanitize=address -fsanitize=fuzzer-no-link -I Sources/CGeoAlbumShim/include \
      Sources/CGeoAlbumShim/$c.c -o "$OUT/obj/$c.o"
  done
  clang -c -O1 -g -fsanitize=address -fsanitize=fuzzer-no-link -I Sources/CHamming/include \
    Sources/CHamming/hamming.c -o "$OUT/obj/hamming.o"
  swiftc -sanitize=fuzzer,address -parse-as-library -module-name AlbumFuzz -O -g \
    -Xcc -I"$ROOT/Sources/CExif" -I "$ROOT/Sources/CExif" -I "$ROOT/Sources/CHeif" -I "$OUT/modules/CGeoAlbumShim" -I "$OUT/modules/CHamming" \
    "${files[@]}" "$OUT"/obj/*.o -lexif -ldl -o "$OUT/album-fuzz"
  echo "built $OUT/album-fuzz"
}

seed() {  # seed TARGET DIR: copy the target's seeds into DIR
  local t=$1 dir=$2 corpus=$ROOT/../shared/corpus
  case $t in
    exif) for f in fixtures/bundle/photos/*.jpg fixtures/bundle/thumbs/*.jpg; do cp "$f" "$dir/$(echo "$f" | tr / _)"; done
          if [ -d "$corpus" ]; then
            find "$corpus" -iname '*.jpg' -size -600k | while read -r f; do cp "$f" "$dir/corpus-$(basename "$f")"; done
          fi ;;
    heic) cp fixtures/heic/*.heic "$dir"/ ;;
    bundle) cp fixtures/bundle/photos.json "$dir"/; cp fuzz/seeds/bundle/* "$dir"/ ;;
    *) cp fuzz/seeds/$t/* "$dir"/ ;;
  esac
}

run() {
  local status=0 targets=("$@")
  [ ${#targets[@]} -eq 0 ] && targets=("${TARGETS[@]}")
  mkdir -p "$OUT/artifacts" "$OUT/logs"
  for t in "${targets[@]}"; do
    local corpus=$OUT/corpus/$t seeds=$OUT/seeds/$t
    mkdir -p "$corpus" && rm -rf "$seeds" && mkdir -p "$seeds" && seed "$t" "$seeds"
    echo "== $t: ${SECONDS_EACH}s"
    # -timeout: an input over FUZZ_TIMEOUT (default 1) seconds is a hang (on a loaded machine a
    # starved process trips 1 s with no slow input: give more); leaks are checked (detect_leaks).
    if FUZZ_TARGET=$t ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$ROOT/fuzz/lsan.supp "$OUT/album-fuzz" "$corpus" "$seeds" \
        -max_total_time="$SECONDS_EACH" -timeout="${FUZZ_TIMEOUT:-1}" -rss_limit_mb=2048 -max_len=262144 \
        -artifact_prefix="$OUT/artifacts/$t-" -print_final_stats=1 >"$OUT/logs/$t.log" 2>&1; then
      grep -E "^stat::number_of_executed_units|^#[0-9]+.*DONE" "$OUT/logs/$t.log" | tail -2 || true
      echo "$t: no crash in ${SECONDS_EACH}s"
    else
      status=1
      tail -30 "$OUT/logs/$t.log"
      echo "$t: FAILED (artifact in $OUT/artifacts, log $OUT/logs/$t.log)"
    fi
  done
  return $status
}

case ${1:-all} in
  build) build ;;
  run) shift; run "$@" ;;
  all) build; run ;;
  *) echo "usage: $0 [build|run [TARGET...]|all]" >&2; exit 2 ;;
esac
