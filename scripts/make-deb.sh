#!/usr/bin/env bash
# `make deb`: geoalbum_VERSION_amd64.deb from what `make release man completions` built.
# The binary is the release build linked with --static-swift-stdlib (no Swift library outside
# the package); Depends: is what dpkg-shlibdeps reads off its ELF NEEDED entries (objdump), so it
# names exactly the Debian libraries the binary loads. libheif and cairo are loaded with dlopen
# only by a command that reads a HEIC or draws a card (decision 0043-i13), TagLib and FFmpeg only
# by an import of sound files (issue 26): Recommends. libswresample too (transcripts, issue 32);
# PocketSphinx and its 40 MB US English model only by `album transcribe`: Suggests.
# The place names (GeoNames), the zone database and the map page's scripts are data packages that
# `album` reads when present and names when missing: Recommends too.
set -euo pipefail
version=${1:?usage: make-deb.sh VERSION}
cd "$(dirname "$0")/.."
arch=$(dpkg --print-architecture)
package="geoalbum_${version}_${arch}.deb"
stage=.build/deb/root
rm -rf .build/deb && mkdir -p "$stage"

# Files: the same layout as `make install PREFIX=/usr` (album finds its bundle beside itself).
make --no-print-directory install DESTDIR="$PWD/$stage" PREFIX=/usr \
  ZSHDIR=/usr/share/zsh/vendor-completions FISHDIR=/usr/share/fish/vendor_completions.d >/dev/null
# The offline map's GSHHG basemap (decision 0108): always in the package, so a packaged server
# draws coasts, rivers, lakes and borders at city zoom like a build from the repository.
[ -s "$stage/usr/share/geoalbum/gshhg.bin" ] || { echo "make-deb: no .build/gshhg.bin: run make basemap first" >&2; exit 1; }
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/album"
gzip -9n "$stage"/usr/share/man/man1/*.1
doc="$stage/usr/share/doc/geoalbum"
install -d "$doc"
cat > "$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: geoalbum

Files: *
Copyright: 2026 the GeoAlbum authors
License: none-yet
 The GeoAlbum repository states no license yet; this package carries its files as they are.

Files: usr/share/geoalbum/bundle/*
Copyright: 2026 the GeoAlbum authors
License: none-yet
 The bundled sample photos are the project's own test fixtures.

Files: usr/share/geoalbum/zones.bin
Copyright: Evan Siroky and timezone-boundary-builder contributors
License: ODbL-1.0
 The zone map is a derived database of timezone-boundary-builder's boundaries under the Open
 Database License 1.0 (https://opendatacommons.org/licenses/odbl/1-0/).

Files: usr/share/geoalbum/gshhg.bin
Copyright: Paul Wessel and Walter H. F. Smith (GSHHG 2.3.7)
License: LGPL-3+
 The offline map's coastlines, lakes, rivers and borders: GSHHG's data as Debian's gmt-gshhg-*
 packages carry it, converted by scripts/gshhg-basemap.py (in the GeoAlbum sources) into map
 tiles. On Debian systems, the full text of the GNU Lesser General Public License version 3 is in
 /usr/share/common-licenses/LGPL-3.

Files: usr/bin/album
Copyright: Apple Inc. and the Swift project authors
License: Apache-2.0 with Runtime Library Exception
 The binary links the Swift runtime, its standard library and Foundation statically.
 On Debian systems, the full text of the Apache License 2.0 is in
 /usr/share/common-licenses/Apache-2.0.
EOF
date=$(git log -1 --format=%aD 2>/dev/null || date -R)
printf 'geoalbum (%s) unstable; urgency=medium\n\n  * Release %s.\n\n -- GeoAlbum <geoalbum@example.org>  %s\n' \
  "$version" "$version" "$date" | gzip -9n > "$doc/changelog.gz"
find "$stage" -type d -exec chmod 755 {} +
find "$stage" -type f -exec chmod 644 {} +
chmod 755 "$stage/usr/bin/album"

# Depends: from the binary's NEEDED entries, through the shlibs/symbols files of installed packages.
shlibs=.build/deb/shlibs
mkdir -p "$shlibs/debian"
printf 'Source: geoalbum\n\nPackage: geoalbum\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O "$OLDPWD/$stage/usr/bin/album" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# libcurl is loaded on first download (decision 0057-speed), so it is no NEEDED entry: every
# fetch needs it, so it is a dependency all the same (the soname the shim opens, libcurl.so.4).
depends="$depends, libcurl4"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
install -d "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<EOF
Package: geoalbum
Version: $version
Architecture: $arch
Maintainer: GeoAlbum <geoalbum@example.org>
Installed-Size: $size
Depends: $depends
Recommends: libheif1, libcairo2, libtagc0, libavformat59, libavcodec59, libavutil57, libswresample4, fonts-dejavu-core, libtimezonemap-data, tzdata, libjs-leaflet, libjs-leaflet.markercluster
Suggests: libpocketsphinx3, pocketsphinx-en-us
Section: graphics
Priority: optional
Description: photo albums around places on the map
 album drops pins on the map, fetches the photos taken near each pin from a
 Flickr-compatible API, a JSON bundle or the YFCC100M dataset, downloads and
 thumbnails them, and keeps them in a library folder (SQLite and the files).
 It also imports a folder of your own photos by their EXIF place and date,
 serves the map in a browser, and exports GeoJSON, KML, GPX and HTML.
EOF
(cd "$stage" && find usr -type f -exec md5sum {} + | sort -k2) > "$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "built $package"
echo "Depends: $depends"
if command -v lintian >/dev/null; then
  lintian --fail-on error "$package"
else
  echo "make-deb: lintian is not installed (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
