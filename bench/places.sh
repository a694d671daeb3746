#!/usr/bin/env bash
# Places and zones of 1,000,000 random land points: AlbumPlaces (release build, one thread)
# against Python reverse_geocoder (K-D tree over GeoNames cities1000, batch mode 1) and
# timezonefinder (polygons), on one core each; points/s from CPU time (the machine is shared),
# wall time beside it. AlbumPlaces runs with its zone map (data/zones/zones.bin, decision 0018)
# and without it (ALBUM_ZONES=none: zones from the nearest place). Writes nothing outside $WORK.
# The zone map itself is made by bench/make-zones.py (see data/zones/README.md).
#   bash bench/places.sh [N]        (N defaults to 1000000)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
WORK=${WORK:-/tmp/geoalbum-bench-places}
mkdir -p "$WORK"
VENV="$WORK/venv"
[ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
# The zone map (data/zones) is made from this release of the boundaries: compare with the same.
"$VENV/bin/pip" install -q reverse_geocoder "timezonefinder==9.0.0" "timezonefinder-data==3.2026.3.post1"
swift build -c release --product places-bench >/dev/null
POINTS="$WORK/points-$N.csv"
[ -s "$POINTS" ] || "$VENV/bin/python" bench/places.py points "$N" "$POINTS"
echo "== AlbumPlaces, first run (parses GeoNames, builds and caches the index)"
rm -rf "$WORK/cache"
ALBUM_PLACES_CACHE="$WORK/cache" taskset -c 0 .build/release/places-bench "$POINTS" "$WORK/ours.tsv"
echo "== AlbumPlaces, second run (index from the cache)"
ALBUM_PLACES_CACHE="$WORK/cache" taskset -c 0 .build/release/places-bench "$POINTS" "$WORK/ours.tsv"
echo "== AlbumPlaces without the zone map (ALBUM_ZONES=none: nearest place's zone)"
ALBUM_ZONES=none ALBUM_PLACES_CACHE="$WORK/cache" taskset -c 0 .build/release/places-bench "$POINTS" "$WORK/ours-nearest.tsv"
echo "== peers"
taskset -c 0 "$VENV/bin/python" bench/places.py peers "$POINTS"
echo "== agreement, with the zone map"
"$VENV/bin/python" bench/places.py agree "$POINTS" "$WORK/ours.tsv"
echo "== agreement, nearest place only"
"$VENV/bin/python" bench/places.py agree "$POINTS" "$WORK/ours-nearest.tsv"
