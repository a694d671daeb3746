#!/usr/bin/env bash
# Installs the Debian packages GeoAlbum builds against, when any is missing.
# Used by `make demo`, `make test` and .ci/run. Needs root (or sudo) only when something is missing.
set -euo pipefail
packages=(pkg-config libcurl4-openssl-dev libsqlite3-dev libjpeg-dev libexif-dev
  libxml2-utils gpsbabel python3-geojson libjs-leaflet libjs-leaflet.markercluster xplanet-images
  libheif-dev libheif-examples
  libtagc0-dev libavformat-dev libavcodec-dev ffmpeg sox espeak-ng
  libpocketsphinx-dev pocketsphinx-en-us
  libcairo2-dev zlib1g-dev fonts-dejavu-core
  gmt gmt-gshhg-low gmt-gshhg-high gmt-gshhg-full
  chromium chromium-driver python3-selenium python3-pip python3-numpy python3-braceexpand
  libnotify-bin dbus-daemon libglib2.0-bin python3-dbusmock
  libbz2-dev libsodium-dev
  libtimezonemap-data tzdata
  postgresql
  nginx-light
  lintian man-db dpkg-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
