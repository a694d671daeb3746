#!/usr/bin/env bash
# `make test-deb-install`: `apt install ./geoalbum_…deb` on a clean Debian 12. A minimal bookworm
# root is made with debootstrap (Debian's mirror, the one this machine's apt uses), the package is
# installed into it with apt (which resolves Depends and Recommends from the mirror), and then, with
# no network at all (a new network namespace), the installed `album` must fetch from the bundle the
# package carries, import photos with EXIF (a JPEG and a HEIC: libheif comes from Recommends), make
# a thumbnail and a summary card (cairo), and show its man page. Needs root (debootstrap, chroot).
set -euo pipefail
deb=${1:?usage: test-deb-install.sh PACKAGE.deb}
cd "$(dirname "$0")/.."
fail() { echo "test-deb-install: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || fail "needs root (debootstrap and chroot)"
command -v debootstrap >/dev/null || fail "debootstrap is not installed (apt install debootstrap)"
command -v unshare >/dev/null || fail "unshare is not installed (util-linux)"

# The mirror this machine's apt already uses (deb822 or one-line sources), else Debian's own.
mirror=${DEBIAN_MIRROR:-$(
  { sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null
    sed -n 's/^deb \(\[[^]]*\] \)\{0,1\}\([^ ]*\) bookworm .*/\2/p' /etc/apt/sources.list 2>/dev/null
  } | grep -v security | awk 'NR == 1' || true)}
mirror=${mirror:-http://deb.debian.org/debian}

root=$(mktemp -d /tmp/geoalbum-deb12.XXXXXX)
cleanup() {
  mountpoint -q "$root/proc" && umount "$root/proc"
  rm -rf "$root"
}
trap cleanup EXIT

debootstrap --variant=minbase bookworm "$root" "$mirror" >"$root.log" 2>&1 \
  || { tail -5 "$root.log" >&2; rm -f "$root.log"; fail "debootstrap from $mirror failed"; }
rm -f "$root.log"
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/"
cp -r fixtures/bundle/photos "$root/tmp/photos"
cp fixtures/heic/IMG_0002.heic "$root/tmp/photos/"
name=$(basename "$deb")
chroot "$root" env DEBIAN_FRONTEND=noninteractive sh -c \
  "apt-get update -qq && apt-get install -y -qq man-db /tmp/$name" >/dev/null 2>"$root/apt.err" \
  || { cat "$root/apt.err" >&2; fail "apt install ./$name failed on a clean Debian 12"; }

# Everything below runs with no network (its own, empty network namespace).
offline() { unshare --net chroot "$root" env HOME=/root LANG=C.UTF-8 sh -c "cd /root && $1"; }
out=$(offline "album --version") || fail "album --version failed"
[ "$out" = "$(dpkg-deb -f "$deb" Version)" ] || fail "album --version says '$out'"
out=$(offline "album fetch --place Nairobi --per-page 3 --library lib 2>&1") || fail "album fetch failed offline: $out"
grep -q '3 photos: 3 downloaded, 0 failed' <<<"$out" || fail "album fetch did not download from the bundle: $out"
out=$(offline "album import /tmp/photos --library lib 2>&1") || fail "album import failed: $out"
n=$(ls "$root/tmp/photos" | wc -l)
grep -qE "^imported [0-9]+ of $n files .* 3 duplicates, 0 unplaced, 0 other skipped" <<<"$out" || fail "album import did not take every file: $out"
offline "album find IMG_0002 --library lib" | grep '1 photo matches' >/dev/null || fail "the HEIC was not imported (libheif from Recommends)"
offline "album thumb /tmp/photos/IMG_0002.heic --out thumbs >/dev/null" || fail "album thumb of a HEIC failed"
[ -s "$root/root/thumbs/IMG_0002.jpg" ] || fail "no thumbnail written"
offline "album summary --year 2024 --card card.png --library lib >/dev/null" || fail "album summary --card failed"
[ "$(head -c 8 "$root/root/card.png" | od -An -tx1 | tr -d ' \n')" = "89504e470d0a1a0a" ] || fail "the card is not a PNG"
offline "MANWIDTH=80 man album-fetch 2>/dev/null" | grep -- '--place' >/dev/null || fail "man album-fetch shows nothing"
# Without /proc the runtime cannot read the arguments: a clear error, not the help and exit 0.
umount "$root/proc"
set +e
out=$(unshare --net chroot "$root" /usr/bin/album status --library /root/lib 2>&1); rc=$?
set -e
[ $rc -eq 2 ] && grep -q '/proc is not mounted' <<<"$out" || fail "without /proc album says (exit $rc): $(head -1 <<<"$out")"
echo "test-deb-install: apt installed $name on a clean Debian 12 ($mirror); offline fetch, import (JPEG, HEIC), thumb, card and man work"
